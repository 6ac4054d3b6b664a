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
import {
  reportSections,
  templateById,
  TEMPLATES,
  type TemplateSection,
} from "../../src/taskpane/report-model/templates";
import { formulaArguments, specCells } from "../taskpane/support/report-cells";
import { selectColumns } from "../../src/taskpane/report-model/result-table";
import { columnLabels } from "../../src/table/columns";
import { setLocale } from "../../src/i18n/locale";
import { harness } from "./helpers/harness";
import { useSimulator } from "../support/simulator";
import { SAMPLE_INPUTS } from "../taskpane/support/report-inputs";

const SECRET = "0123456789abcdef0123456789abcdef";
const SAMPLE = SAMPLE_INPUTS;

/**
 * The arguments a section's function takes after its required ones (a card: its details; a list: its fields and
 * headers; a history: start, end, interval, fields and headers), padded with blanks.
 */
function padded(section: TemplateSection, args: unknown[]): unknown[] {
  const op = operation(section.operation);
  const lookup = section.card || section.list;
  const width = section.card ? 1 : section.list ? 2 : op.history ? 5 : 3;
  while (args.length < 1 + (lookup ? 1 : op.positional.length) + width) args.push(null);
  return args;
}

type CaseSpec = ReturnType<typeof reportSheetSpec>;

/**
 * Whether a section's formula asks for its header in words (issue 46): `headers=labels` in its filters' text, a
 * filter block's `headers | labels` row, or MAD.PRODUCTS' and a history's `headers` argument `labels`.
 */
function asksWords(spec: CaseSpec, i: number): boolean {
  const { args } = formulaArguments(spec.formulas[i].formula, specCells(spec));
  return args.some((arg) =>
    Array.isArray(arg)
      ? arg.some((row) => Array.isArray(row) && row[0] === "headers" && row[1] === "labels")
      : arg === "labels" || /(^|;\s*)headers=labels$/.test(String(arg)),
  );
}
const labelsOf = (section: TemplateSection) => columnLabels(selectColumns(section.operation, section.fields));

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
  if (section.list) {
    // A row per ASIN cell of the column (200 of them), the given ASINs' products first, then blank rows.
    expect(table[0]).toEqual(labelsOf(section));
    expect(table.slice(1, 3).map((row) => row[0])).toEqual(readInputs(SAMPLE).asins);
    expect(table.slice(3).every((row) => row.every((cell) => cell === ""))).toBe(true);
    return;
  }
  // Headed in words (issue 46), a history too (its own `headers` argument, after STOCKHISTORY's).
  const header = labelsOf(section);
  if (section.vertical) expect(table.map((row) => row[0])).toEqual(["Field", ...header]);
  else expect(table[0]).toEqual(header);
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
  const keyOf = (q: (typeof queries)[number]) => h.engine.cacheKey(q.operation, q.params, { limit: q.limit });
  const distinct = new Set(queries.map(keyOf));
  // Product watch's table of the two sample ASINs is the very lookup Competitor watch's products are: asked once.
  expect(distinct.size).toBe(CASES.length - 1);
  // The cards', the watched products' and the competitors' ASINs (fewer than 40 together) go out in one batch.
  const lookups = new Set(queries.filter((q) => q.operation === "competitor_lookup").map(keyOf)).size;
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
    const lookups = sections.filter((s) => s.card || s.list).length;
    const queries = sections.length - lookups + Math.min(lookups, 1);
    expect(cost).toEqual({ queries, pages: queries, calls: 0 });
  },
);

test("a Product watch made before its histories took `headers` keeps its formulas, headed with the columns' names", async () => {
  harness(shim, service);
  const template = templateById("productWatch");
  const spec = reportSheetSpec(template, readInputs(SAMPLE), new Date());
  const sections = reportSections(template, readInputs(SAMPLE));
  const i = sections.findIndex((s) => s.fn === "PRICEHISTORY");
  // The formula as the template wrote it before: no `headers` (an omitted argument reaches the function as null).
  const before = spec.formulas[i].formula.replace(/,"labels"\)$/, ")");
  expect(before).toBe('=MAD.PRICEHISTORY($B$3,$B$5,,,"weekly","date, price, bsr")');
  const { fn, args } = formulaArguments(before, specCells(spec));
  const table = (await shim.invoke(fn, padded(sections[i], args)).outcome).value!;
  expect(table[0]).toEqual(["date", "price", "bsr"]);
  expect(table.length).toBeGreaterThan(1);
});

test("a Product watch of 200 ASINs costs 5 calls for its table (40 a call) and its picked cards nothing more", async () => {
  const h = harness(shim, service);
  const template = templateById("productWatch");
  const asins = Array.from({ length: 200 }, (_, i) => `B0${String(5_000_000 + i).padStart(8, "0")}`);
  const inputs = readInputs({ market: "US", asins: asins.join("\n"), picked: `${asins[0]}, ${asins[199]}` });
  const spec = reportSheetSpec(template, inputs, new Date());
  const sections = reportSections(template, inputs);
  const lookups = sections.flatMap((section, i) => (section.card || section.list ? [[section, i] as const] : []));
  expect(lookups.map(([s]) => s.fn)).toEqual(["PRODUCTS", "PRODUCT", "PRODUCT"]);
  const cost = costOfQueries(reportQueries(template, inputs), h.engine, new Date());
  // The table's 5, and three calls per picked product (price history, monthly sales, reviews).
  expect(cost.pages).toBe(5 + 2 * 3);
  const before = service.calls();
  const outcomes = await Promise.all(
    lookups.map(([section, i]) => {
      const { fn, args } = formulaArguments(spec.formulas[i].formula, specCells(spec));
      return shim.invoke(fn, padded(section, args)).outcome;
    }),
  );
  expect(service.calls() - before).toBe(5);
  const [table, first, last] = outcomes.map((o) => o.value!);
  expect(table.slice(1).map((row) => row[0])).toEqual(asins);
  // Each card its own product, never a neighbour's.
  for (const [card, asin] of [
    [first, asins[0]],
    [last, asins[199]],
  ] as const) {
    const [cell] = card[0] as unknown[];
    const text = JSON.stringify(typeof cell === "object" ? cell : card);
    expect(text).toContain(asin);
  }
});

test("a new report's tables are headed in words: every table and list section, filtered by a block of cells or not", async () => {
  const unlabelled = CASES.filter(([, , section, spec, i]) => {
    return !section.card && !asksWords(spec, i);
  }).map(([, , section]) => section.fn);
  // Competitor watch's ASIN block and Niche screener's screen by their `headers | labels` row, Product watch's
  // MAD.PRODUCTS and its histories by their `headers` argument.
  expect(unlabelled).toEqual([]);
  // In the language the cell calculates in: Chinese words for a Chinese reader, however the formula asks for them.
  await setLocale("zh-CN");
  try {
    harness(shim, service);
    for (const name of ["BRANDCONCENTRATION", "COMPETITORS", "PRODUCTS"]) {
      const [, , section, spec, i] = CASES.find(([, , s]) => s.fn === name)!;
      const { fn, args } = formulaArguments(spec.formulas[i].formula, specCells(spec));
      const table = (await shim.invoke(fn, padded(section, args)).outcome).value!;
      expect([name, table[0]]).toEqual([name, labelsOf(section)]);
      expect(table[0].join(" ")).toMatch(/品牌/);
    }
    // Product watch's price and BSR, and its monthly sales.
    for (const name of ["PRICEHISTORY", "SALESTREND"]) {
      const [, , section, spec, i] = CASES.find(([, , s]) => s.fn === name)!;
      const { fn, args } = formulaArguments(spec.formulas[i].formula, specCells(spec));
      const table = (await shim.invoke(fn, padded(section, args)).outcome).value!;
      expect([name, table[0][0]]).toEqual([name, "日期"]);
      expect(table[0]).toEqual(labelsOf(section));
    }
    // A single record's field/value rows too (MAD.CATEGORYSTATS).
    const [, , section, spec, i] = CASES.find(([, , s]) => s.vertical)!;
    const { fn, args } = formulaArguments(spec.formulas[i].formula, specCells(spec));
    expect((await shim.invoke(fn, padded(section, args)).outcome).value![0]).toEqual(["字段", "值"]);
  } finally {
    await setLocale("en");
  }
});
