/**
 * Every section of every report template, run as Excel would run the formula the template writes (its references
 * read from the report's input cells) against the simulator over HTTP: each spills data rows with the columns the
 * template's charts count on, and no error.
 */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { operation } from "../../src/api/catalog";
import { configureRunner } from "../../src/functions/runner";
import { costAgainstCache, reportQueries } from "../../src/taskpane/templates/report-cost";
import { reportSheetSpec } from "../../src/taskpane/templates/report-layout";
import { TEMPLATES } from "../../src/taskpane/templates/templates";
import { formulaArguments, specCells } from "../taskpane/support/report-cells";
import { harness } from "./helpers/harness";
import { useSimulator } from "../support/simulator";

const SECRET = "0123456789abcdef0123456789abcdef";
const SAMPLE = { market: "US", nodeIdPath: "172282:281407", keyword: "yoga mat", asins: "B07Z82895W, B0DGVP84B5" };

const sim = useSimulator({ secret: SECRET });
const service = sim.service;
afterAll(async () => {
  configureRunner();
  shim.uninstall();
});

const CASES = TEMPLATES.flatMap((template) => {
  const spec = reportSheetSpec(template, SAMPLE, new Date());
  return template.sections.map((section, i) => [template.title, section.title, section, spec, i] as const);
});

test.each(CASES)("%s: %s spills data from the simulator", async (_, __, section, spec, i) => {
  harness(shim, service);
  const { fn, args } = formulaArguments(spec.formulas[i].formula, specCells(spec));
  const op = operation(section.operation);
  while (args.length < op.positional.length + 4) args.push(null);
  const outcome = await shim.invoke(fn, args).outcome;
  expect(outcome.error).toBeUndefined();
  const table = outcome.value!;
  expect(table[0][0]).not.toBe("No rows");
  if (section.vertical) expect(table.slice(1).map((row) => row[0])).toEqual(section.fields);
  else expect(table[0]).toEqual(section.fields);
  expect(table.length).toBeGreaterThan(1);
  if (section.limit) expect(table.length - 1).toBeLessThanOrEqual(section.limit);
  // What a chart reads: categories present, series numbers.
  const chart = section.chart;
  if (chart)
    for (const row of table.slice(1)) {
      expect(row[chart.categories]).not.toBe("");
      for (const s of chart.series) expect(typeof row[s.column]).toBe("number");
    }
});

test("the three reports together spend one call per section", async () => {
  harness(shim, service);
  const before = service.calls();
  const runs = CASES.map(([, , section, spec, i]) => {
    const { fn, args } = formulaArguments(spec.formulas[i].formula, specCells(spec));
    while (args.length < operation(section.operation).positional.length + 4) args.push(null);
    return shim.invoke(fn, args).outcome;
  });
  await Promise.all(runs);
  expect(service.calls() - before).toBe(CASES.length);
});

test.each(TEMPLATES.map((t) => [t.title, t] as const))(
  "%s: once its formulas have run, the same report counts 0 calls against the cache",
  async (_, template) => {
    const h = harness(shim, service);
    const spec = reportSheetSpec(template, SAMPLE, new Date());
    await Promise.all(
      template.sections.map((section, i) => {
        const { fn, args } = formulaArguments(spec.formulas[i].formula, specCells(spec));
        while (args.length < operation(section.operation).positional.length + 4) args.push(null);
        return shim.invoke(fn, args).outcome;
      }),
    );
    const cost = await costAgainstCache(reportQueries(template, SAMPLE), h.engine);
    expect(cost).toEqual({ queries: template.sections.length, pages: template.sections.length, calls: 0 });
  },
);
