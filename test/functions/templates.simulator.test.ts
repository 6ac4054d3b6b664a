/**
 * Every section of every report template, run as Excel would run the formula the template writes (its references
 * read from the report's input cells) against the simulator over HTTP: each spills data rows with the columns the
 * template's charts count on, and no error.
 */
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { operation } from "../../src/api/catalog";
import { configureRunner } from "../../src/functions/runner";
import { costAgainstCache, costOfQueries } from "../../src/taskpane/report-model/report-cost";
import { reportQueries } from "../../src/taskpane/report-model/report-queries";
import { reportSheetSpec } from "../../src/taskpane/report-model/report-layout";
import { reportSections, TEMPLATES, type TemplateSection } from "../../src/taskpane/report-model/templates";
import { formulaArguments, specCells } from "../taskpane/support/report-cells";
import { harness } from "./helpers/harness";
import { useSimulator } from "../support/simulator";
import { SAMPLE_INPUTS } from "../taskpane/support/report-inputs";

const SECRET = "0123456789abcdef0123456789abcdef";
const SAMPLE = SAMPLE_INPUTS;

/** The arguments a section's function takes after its required ones (a card: its details), padded with blanks. */
function padded(section: TemplateSection, args: unknown[]): unknown[] {
  const op = operation(section.operation);
  const width = section.card ? 1 : op.history ? 4 : 3;
  while (args.length < 1 + (section.card ? 1 : op.positional.length) + width) args.push(null);
  return args;
}

const sim = useSimulator({ secret: SECRET });
const service = sim.service;
afterAll(async () => {
  configureRunner();
  shim.uninstall();
});

const CASES = TEMPLATES.flatMap((template) => {
  const spec = reportSheetSpec(template, readInputs(SAMPLE), new Date());
  return reportSections(template, readInputs(SAMPLE)).map(
    (section, i) => [template.title, section.title, section, spec, i] as const,
  );
});

test.each(CASES)("%s: %s spills data from the simulator", async (_, __, section, spec, i) => {
  harness(shim, service);
  const { fn, args } = formulaArguments(spec.formulas[i].formula, specCells(spec));
  const outcome = await shim.invoke(fn, padded(section, args)).outcome;
  expect(outcome.error).toBeUndefined();
  const table = outcome.value!;
  expect(table[0][0]).not.toBe("No rows");
  if (section.card) {
    // A card where Excel takes data types, else its labelled row below the card's property names.
    const [first] = table[0] as unknown[];
    if (typeof first === "object") expect(first).toMatchObject({ type: "Entity" });
    else expect([table[0], table.length]).toEqual([section.fields, 2]);
    return;
  }
  if (section.vertical) expect(table.slice(1).map((row) => row[0])).toEqual(section.fields);
  else expect(table[0]).toEqual(section.fields);
  expect(table.length).toBeGreaterThan(1);
  if (section.limit) expect(table.length - 1).toBeLessThanOrEqual(section.limit);
  // What a chart reads: categories present, series numbers (a history's period without data is blank).
  const chart = section.chart;
  if (chart) {
    const history = operation(section.operation).history !== undefined;
    for (const row of table.slice(1)) {
      expect(row[chart.categories]).not.toBe("");
      for (const s of chart.series)
        expect(history && row[s.column] === "" ? "number" : typeof row[s.column]).toBe("number");
    }
    for (const s of chart.series) expect(table.slice(1).some((row) => typeof row[s.column] === "number")).toBe(true);
  }
});

test("the reports together spend what their cost says: a call per distinct query, the ASIN lookups batched", async () => {
  const h = harness(shim, service);
  const before = service.calls();
  const runs = CASES.map(([, , section, spec, i]) => {
    const { fn, args } = formulaArguments(spec.formulas[i].formula, specCells(spec));
    return shim.invoke(fn, padded(section, args)).outcome;
  });
  await Promise.all(runs);
  const queries = TEMPLATES.flatMap((t) => reportQueries(t, readInputs(SAMPLE)));
  const distinct = new Set(queries.map((q) => h.engine.cacheKey(q.operation, q.params, { limit: q.limit })));
  expect(distinct.size).toBe(CASES.length);
  // The cards' and the competitors' ASINs (fewer than 40 together) go out in one batch.
  const lookups = queries.filter((q) => q.operation === "competitor_lookup").length;
  expect(costOfQueries(queries, h.engine, new Date()).pages).toBe(distinct.size - lookups + 1);
  expect(service.calls() - before).toBe(distinct.size - lookups + 1);
});

test.each(TEMPLATES.map((t) => [t.title, t] as const))(
  "%s: once its formulas have run, the same report counts 0 calls against the cache",
  async (_, template) => {
    const h = harness(shim, service);
    const spec = reportSheetSpec(template, readInputs(SAMPLE), new Date());
    const sections = reportSections(template, readInputs(SAMPLE));
    await Promise.all(
      sections.map((section, i) => {
        const { fn, args } = formulaArguments(spec.formulas[i].formula, specCells(spec));
        return shim.invoke(fn, padded(section, args)).outcome;
      }),
    );
    const cost = await costAgainstCache(reportQueries(template, readInputs(SAMPLE)), h.engine);
    const cards = sections.filter((s) => s.card).length;
    const queries = sections.length - cards + Math.min(cards, 1);
    expect(cost).toEqual({ queries, pages: queries, calls: 0 });
  },
);
