/**
 * The Niche screener template as a person uses it: the screen's limits are a filter block on the sheet that the
 * ranked niches read, the niche left blank is the top one the screen finds when the report is made (from the query
 * the report spends anyway, against the simulator over HTTP), the distributions show that niche, the cost says so
 * before anything is spent, and a screen that finds nothing or a bad limit is named, with nothing created.
 */
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { resolveInputs } from "../../src/taskpane/templates/actions";
import { costAgainstCache } from "../../src/taskpane/report-model/report-cost";
import { reportQueries } from "../../src/taskpane/report-model/report-queries";
import { reportSheetSpec } from "../../src/taskpane/report-model/report-layout";
import { templateById } from "../../src/taskpane/report-model/templates";
import { useSimulator } from "../support/simulator";
import { reportCost, validateTemplateInputs } from "./support/report-plan";

const NOW = new Date("2026-11-24T12:00:00Z");
const SECRET = "niche-screener-secret";
const template = templateById("nicheScreener");
/** What the pane proposes: the screen's usual limits, the niche blank. */
const PROPOSED = Object.fromEntries([
  ["market", "US"],
  ...template.inputs.flatMap((i) => (i.initial === undefined ? [] : [[i.name, i.initial]])),
]) as Record<string, string>;

const sim = useSimulator({ secret: SECRET });
const engineOf = () => createEngine({ store: memoryStore({ "mad.secret": SECRET, "mad.baseUrl": sim.url }) });

test("the pane proposes a screen of demand, competition, brand concentration and price, and no niche", () => {
  expect(PROPOSED).toEqual({
    market: "US",
    minAvgUnits: "300",
    maxAvgRatings: "500",
    maxBrandCrn: "60",
    minAvgPrice: "15",
    maxAvgPrice: "50",
    headers: "labels",
  });
  // A blank niche is no error: the add-in fills it in on Create.
  expect(validateTemplateInputs(template, readInputs(PROPOSED), NOW)).toEqual({ byInput: {}, count: 0 });
});

test("the sheet: the screen's rows are a filter block named as the service names them, worded beside, closed by its headers", () => {
  const spec = reportSheetSpec(template, readInputs({ ...PROPOSED, niche: "172282:281407" }), NOW);
  const cell = (address: string) => spec.values.find((v) => v.address === address)?.value;
  expect([cell("A4"), cell("B4"), cell("C4")]).toEqual([
    "minAvgUnits",
    "300",
    "Demand: average units a month, at least",
  ]);
  expect([cell("A8"), cell("B8")]).toEqual(["maxAvgPrice", "50"]);
  // The block's last row heads the ranked niches in words (issue 46): an option the block's reader takes.
  expect([cell("A9"), cell("B9"), cell("C9")]).toEqual([
    "headers",
    "labels",
    "Table headers: labels (words) or names (the API's field names)",
  ]);
  expect([cell("A10"), cell("B10")]).toEqual(["Niche to break down", "172282:281407"]);
  const [niches, prices, ratings, ages] = spec.formulas.map((f) => f.formula);
  expect(niches).toBe(
    '=MAD.NICHES($B$3,$A$4:$B$9,"nodeLabelName, nodeIdPath, avgUnits, avgPrice, avgRatings, brandConcentration, avgRevenue",20)',
  );
  for (const [formula, fn] of [
    [prices, "PRICEBANDS"],
    [ratings, "RATINGBANDS"],
    [ages, "LISTINGAGES"],
  ])
    expect(formula).toMatch(new RegExp(`^=MAD\\.${fn}\\(\\$B\\$3,\\$B\\$10,`));
  expect(spec.charts.map((c) => c.title)).toEqual([
    "Demand by niche",
    "Products by price band",
    "Products by rating",
    "Products by listing age",
  ]);
  expect(spec.name).toBe("Niches US");
});

test("Create fills in the top niche the screen ranks, from the query the report spends: 4 calls in all", async () => {
  const engine = engineOf();
  const queries = reportQueries(template, readInputs(PROPOSED));
  // Said before anything is spent: one page a section, the niche's three whatever niche it is.
  expect(reportCost(template, readInputs(PROPOSED), engine, NOW)).toEqual({ queries: 4, pages: 4, calls: 4 });
  expect(queries.filter((q) => q.awaits === "niche")).toHaveLength(3);
  const resolved = await resolveInputs(template, readInputs(PROPOSED), engine);
  const { rows } = await engine.query("market_research", queries[0].params as never, { limit: 20 });
  const top = (rows[0] as { nodeIdPath: string; avgUnits: number; avgRatings: number }) ?? undefined;
  expect(resolved).toEqual(readInputs({ ...PROPOSED, niche: top.nodeIdPath }));
  // The screen held: demand at least 300 units, competition at most 500 ratings.
  expect(top.avgUnits).toBeGreaterThanOrEqual(300);
  expect(top.avgRatings).toBeLessThanOrEqual(500);
  expect(sim.stats().total).toBe(1);
  // The ranked niches' formula finds its page cached; the distributions of that niche are all that is left to spend.
  expect(await costAgainstCache(reportQueries(template, resolved), engine)).toEqual({ queries: 4, pages: 4, calls: 3 });
  expect(validateTemplateInputs(template, resolved, NOW)).toEqual({ byInput: {}, count: 0 });
});

test("a niche typed in is kept: nothing is asked before Create", async () => {
  const typed = { ...PROPOSED, niche: "172282:281407" };
  const before = sim.stats().total;
  const inputs = readInputs(typed);
  await expect(resolveInputs(template, inputs, engineOf())).resolves.toBe(inputs);
  expect(sim.stats().total).toBe(before);
});

test("a screen that finds nothing says what to change, and nothing is created", async () => {
  const empty = { ...PROPOSED, minAvgUnits: "100000000" };
  await expect(resolveInputs(template, readInputs(empty), engineOf())).rejects.toThrow(
    /^Niches \(top 20\) found nothing to fill in Niche to break down: loosen the limits .* Nothing was created\.$/,
  );
});

test("a bad limit or niche names its input and the rule", () => {
  const errors = validateTemplateInputs(template, readInputs({ ...PROPOSED, maxBrandCrn: "many", niche: "yoga" }), NOW);
  expect(errors.byInput.maxBrandCrn).toEqual([
    expect.stringMatching(/^Brand concentration, at most \(0 to 100\): .*"many"/),
  ]);
  expect(errors.byInput.niche).toEqual([
    expect.stringMatching(/^Niche to break down: "yoga" is not category node ids/),
  ]);
  expect(errors.count).toBe(2);
});
