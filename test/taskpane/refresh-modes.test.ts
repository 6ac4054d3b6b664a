/**
 * The Reports tab right after a report is made (issue 46: "next refresh: 8 calls" a minute after creating a Category
 * market report, and Refresh report then Refresh all spent 17 calls on monthly data). Refresh answers current data
 * from the cache, as docs/task-pane.md says: the next refresh costs no call and spends none. Refresh from the service
 * is the separate action that fetches afresh: always asked first, naming its cost, and spending exactly that.
 *
 * Held on a deliberately starved schedule: the engine's clock stands still (the timer that writes answered pages to
 * storage never fires) and memory keeps only a few pages, so the report's answers leave memory before they are
 * written; what a refresh counts and spends must not depend on how soon the machine wrote them.
 */
import { createEngine } from "../../src/engine/engine";
import { FormulaRegistry } from "../../src/engine/formula-registry";
import { memoryStore } from "../../src/engine/key-value-store";
import { t } from "../../src/i18n";
import { reportQueries } from "../../src/taskpane/report-model/report-queries";
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import { templateById } from "../../src/taskpane/report-model/templates";
import { refreshAndRecord } from "../../src/taskpane/reports/actions";
import { countRefresh, nextRefreshPlans } from "../../src/taskpane/reports/refresh-modes";
import { rowsOf, scanWorkbook } from "../../src/taskpane/reports/workbook-scan";
import { createReport, planReport } from "../../src/taskpane/templates/actions";
import { useSimulator } from "../support/simulator";
import { VirtualClock } from "../support/virtual-clock";
import { hostUnderTest } from "./support/hosts";

const SECRET = "modes-00112233445566778899aabbccd";
const sim = useSimulator({ secret: SECRET });
const NOW = Date.UTC(2025, 8, 15, 12);
const CATEGORY = { market: "US", nodeIdPath: "172282:281407" };

/** A Category market report just made, its eight formulas answered once (what making it spent). */
async function madeReport() {
  const clock = new VirtualClock({ start: NOW, autoAdvance: false });
  const engine = createEngine({
    store: memoryStore({ "mad.secret": SECRET, "mad.baseUrl": sim.url }),
    clock,
    maxCacheEntries: 3,
  });
  // The preview's grid: a report's input cells read back as written (no MAD function runs in it).
  const { host } = hostUnderTest("preview");
  const template = templateById("categoryMarket");
  const { plan } = planReport(template, CATEGORY, engine, new Date(NOW), null);
  await createReport(host, plan!.spec);
  // The report's formulas calculate (the functions face, one engine with the pane's).
  for (const q of reportQueries(template, readInputs(CATEGORY)))
    await engine.query(q.operation, q.params, q.limit === undefined ? {} : { limit: q.limit });
  const made = sim.stats().total;
  sim.resetStats();
  const registry = new FormulaRegistry();
  const scan = await scanWorkbook(host, registry);
  const { rows, groups, others } = rowsOf(scan, registry);
  const refresh = async (mode: "current" | "service") => {
    const counted = await countRefresh(engine, host, rows, groups, mode, null);
    const done = await refreshAndRecord(
      engine,
      host,
      scan,
      groups,
      { plan: counted.plan, rows, inputs: counted.now.inputs },
      () => clock.now(),
    );
    return { counted, done };
  };
  return { engine, host, rows, groups, others, made, refresh };
}

test("right after it is made, the report's next refresh costs no call, and Refresh spends none", async () => {
  const report = await madeReport();
  expect(report.made).toBe(8);
  expect(report.groups).toHaveLength(1);
  const next = await nextRefreshPlans(report.engine, report.host, report.groups, report.others, null);
  const plan = next.get(`report:${report.groups[0].sheet}`)!;
  expect(plan.calls).toBe(0);
  expect(t("status.nextRefresh", { calls: plan.calls, bound: "exact" })).toBe("next refresh: no call");

  // Refresh report, then Refresh all: current data from the cache, twice, for nothing.
  for (const _ of [1, 2]) {
    const { counted, done } = await report.refresh("current");
    expect(counted.question).toBeNull();
    expect(counted.plan.calls).toBe(0);
    expect(done.callsSpent).toBe(0);
    expect(done.failures).toEqual({});
  }
  expect(sim.stats().total).toBe(0);
});

test("Refresh from the service is asked first, names its cost, and spends exactly what it named", async () => {
  const report = await madeReport();
  const { counted, done } = await report.refresh("service");
  expect(counted.plan.calls).toBe(8);
  expect(counted.question).toBe(
    "Fetches every query afresh from the service, even what is still current in the cache: 8 calls for 8 unique queries (8 formulas).",
  );
  expect(done.callsSpent).toBe(8);
  expect(sim.stats().total - (sim.stats().byOperation.visits ?? 0)).toBe(8);
});
