/**
 * Refresh when opened, in both hosts (Excel desktop and on the web through the strict stand-in, and the preview's
 * grid), against the simulator over HTTP: off by default; turned on, it asks Excel to load the add-in with the
 * workbook; as the workbook opens it counts what is past its data period, refreshes at once when that is few calls
 * and spends exactly what it counted, and above 20 calls shows the pane and asks first (nothing spent when declined).
 */
import { createEngine } from "../../src/engine/engine";
import { memoryStore, type KeyValueStore } from "../../src/engine/key-value-store";
import { VirtualClock } from "../support/virtual-clock";
import { FormulaRegistry } from "../../src/engine/formula-registry";
import type { StoredQuery, TableSpec } from "../../src/taskpane/host/host-adapter";
import { OpenRefreshStore, refreshWhenOpened, type OpenRefreshState } from "../../src/taskpane/reports/on-open";
import { useSimulator } from "../support/simulator";
import { HOSTS, hostUnderTest } from "./support/hosts";

const SECRET = "onopen-00112233445566778899aabbcc";
const sim = useSimulator({ secret: SECRET });

const table = (name: string, query: StoredQuery, address: string) => ({
  address,
  spec: { name, header: ["asin"], rows: [["B000000001"]], columnFormats: ["@"], query } satisfies TableSpec,
});
const RESEARCH: StoredQuery = {
  operation: "product_research",
  params: { marketplace: "US", keyword: "mat" },
  fields: ["asin"],
};

const DAY = 86_400_000;
/** When the tables were made: mid-month, so their monthly answers are still current the next day. */
const MADE = Date.UTC(2025, 8, 15, 12);

/**
 * A workbook with tables made yesterday (their pages kept in the add-in's storage, now past their data period),
 * opened today in a new session; `fresh`: a computer that never fetched them (nothing in its storage).
 */
async function opened(
  name: (typeof HOSTS)[number],
  queries: { name: string; query: StoredQuery; address: string }[],
  fresh = false,
) {
  const h = hostUnderTest(name);
  const storage: KeyValueStore = memoryStore({ "mad.secret": SECRET, "mad.baseUrl": sim.url });
  const yesterday = new VirtualClock({ start: MADE, autoAdvance: false });
  // Room for every page of these tables in storage (2,000 full product records pass the default 2 MB bound, which
  // would let the first page, and with it the total, go: the count would then say "up to").
  const room = { maxCacheBytes: 8_000_000 };
  const before = createEngine({ store: storage, clock: yesterday, ...room });
  for (const q of queries) {
    const { address, spec } = table(q.name, q.query, q.address);
    if (!fresh) await before.query(q.query.operation as "product_research", q.query.params, { limit: q.query.limit });
    await h.host.createTable({ sheet: h.sheet, address }, spec);
  }
  await before.flush();
  const clock = new VirtualClock({ start: MADE + DAY, autoAdvance: false });
  const engine = createEngine({ store: storage, clock, ...room });
  sim.resetStats();
  const store = new OpenRefreshStore();
  const states: OpenRefreshState[] = [];
  store.subscribe((s) => states.push(s));
  const calls = () => sim.stats().total - (sim.stats().byOperation.visits ?? 0);
  const run = () => refreshWhenOpened({ host: h.host, engine, registry: new FormulaRegistry(), clock }, store);
  return { h, engine, store, states, calls, run };
}

describe.each(HOSTS)("%s", (name) => {
  test("off by default: opening spends nothing; turned on, Excel is asked to load the add-in with the workbook", async () => {
    const o = await opened(name, [{ name: "MAD_Research", query: { ...RESEARCH, limit: 250 }, address: "A1" }]);
    expect(await o.h.host.workbookOptions()).toEqual({ refreshOnOpen: false });
    await o.run();
    expect(o.states).toEqual([]);
    expect(o.calls()).toBe(0);
    await o.h.host.setWorkbookOptions({ refreshOnOpen: true });
    expect(await o.h.host.workbookOptions()).toEqual({ refreshOnOpen: true });
    expect(o.h.loadsWithWorkbook()).toBe(true);
  });

  test("a few calls: refreshed at once, spending exactly what was counted; the month's market answer is not due", async () => {
    const o = await opened(name, [
      { name: "MAD_Research", query: { ...RESEARCH, limit: 250 }, address: "A1" },
      {
        name: "MAD_Brands",
        query: {
          operation: "market_brand_concentration",
          params: { marketplace: "US", nodeIdPath: "172282" },
          fields: ["brand"],
        },
        address: "D1",
      },
    ]);
    await o.h.host.setWorkbookOptions({ refreshOnOpen: true });
    await o.run();
    expect(o.states.map((s) => s.kind)).toEqual(["counting", "running", "done"]);
    const running = o.states[1] as Extract<OpenRefreshState, { kind: "running" }>;
    expect(running.text).toMatch(/3 calls for 2 unique queries \(2 tables\)/);
    // 3 pages of yesterday's product research (daily data); the category's brands (monthly data) are still current.
    expect(o.calls()).toBe(3);
    expect(sim.stats().byOperation.market_brand_concentration ?? 0).toBe(0);
    expect(o.states[2]).toEqual({
      kind: "done",
      outcome: { kind: "success", text: "Refreshed as the workbook opened: 2 items with 3 calls." },
    });
    expect((await o.h.host.listTables()).find((t) => t.name === "MAD_Research")?.rowCount).toBe(250);
    expect(o.h.panesShown()).toBe(0);
  });

  test("above 20 calls: the pane shows and asks; declined spends nothing, accepted spends exactly what it said", async () => {
    const tables = [
      // 3,704 products: 20 pages of 100 for 2,000 rows; 610 desks: 2 pages for 150.
      { name: "MAD_Research", query: { ...RESEARCH, params: { marketplace: "US" }, limit: 2000 }, address: "A1" },
      {
        name: "MAD_Desk",
        query: { ...RESEARCH, params: { marketplace: "US", keyword: "desk" }, limit: 150 },
        address: "C1",
      },
    ];
    const first = await opened(name, tables);
    await first.h.host.setWorkbookOptions({ refreshOnOpen: true });
    const declined = first.run();
    await waitFor(first.store, "asking");
    const asked = first.store.state as Extract<OpenRefreshState, { kind: "asking" }>;
    expect(asked.question).toMatch(/This refresh will spend 22 calls\. 22 calls for 2 unique queries \(2 tables\)/);
    expect(first.h.panesShown()).toBe(name === "preview" ? 0 : 1);
    first.store.reply(false);
    await declined;
    expect(first.calls()).toBe(0);
    expect(first.store.state).toMatchObject({ kind: "done", outcome: { kind: "info" } });

    const second = await opened(name, tables);
    await second.h.host.setWorkbookOptions({ refreshOnOpen: true });
    const accepted = second.run();
    await waitFor(second.store, "asking");
    second.store.reply(true);
    await accepted;
    expect(second.calls()).toBe(22);
    expect(second.store.state).toMatchObject({
      kind: "done",
      outcome: { text: expect.stringMatching(/with 22 calls/) },
    });
  });
});

test("never fetched on this computer: the count is an upper bound, said so, and the refresh spends no more", async () => {
  const o = await opened(
    "Excel on the web",
    [
      {
        name: "MAD_Lamps",
        query: { ...RESEARCH, params: { marketplace: "US", keyword: "lamp" }, limit: 2000 },
        address: "A1",
      },
      {
        name: "MAD_Desks",
        query: { ...RESEARCH, params: { marketplace: "US", keyword: "desk" }, limit: 150 },
        address: "C1",
      },
    ],
    true,
  );
  await o.h.host.setWorkbookOptions({ refreshOnOpen: true });
  const run = o.run();
  await waitFor(o.store, "asking");
  expect((o.store.state as { question: string }).question).toMatch(/This refresh will spend up to 22 calls\./);
  o.store.reply(true);
  await run;
  // 780 lamps: 8 pages, not 20; 610 desks: 2 pages.
  expect(o.calls()).toBe(10);
});

function waitFor(store: OpenRefreshStore, kind: OpenRefreshState["kind"]): Promise<void> {
  return new Promise((resolve) => {
    if (store.state.kind === kind) return resolve();
    const stop = store.subscribe((s) => {
      if (s.kind !== kind) return;
      stop();
      resolve();
    });
  });
}
