/**
 * Report templates without a workbook: what each template lays out (inputs as text cells, titled formulas that
 * reference the inputs, charts over known columns), that nothing overlaps, the sheet names, what a report costs
 * (identical queries once) and the input checks that stop a bad report before anything is sent.
 */
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import { lookupFunction, operation, type OperationCode } from "../../src/api/catalog";
import { cardPlan, rowsPlan } from "../../src/formula/lookup-plans";
import { canonicalJson } from "../../src/engine/keys";
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { parseFormulaArgs, parseFields } from "../../src/formula/arguments";
import { parseHistoryArgs } from "../../src/formula/history-args";
import { productRow, productFactsOf } from "../../src/table/product-card";
import { parseCell } from "../../src/table/a1";
import { costAgainstCache, costOfQueries, describeCost } from "../../src/taskpane/report-model/report-cost";
import { reportQueries, sectionQuery } from "../../src/taskpane/report-model/report-queries";
import { layoutReport, proposedSheetName, reportSheetSpec } from "../../src/taskpane/report-model/report-layout";
import { uniqueSheetName, validSheetName } from "../../src/table/sheet-names";
import {
  reportSections,
  TEMPLATES,
  templateById,
  type TemplateId,
  type TemplateSection,
} from "../../src/taskpane/report-model/templates";
import { MAX_ASINS } from "../../src/taskpane/report-model/report-inputs";
import { MAX_CHARTED, MAX_WATCHED } from "../../src/taskpane/report-model/templates/product-watch";
import { formulaArguments, specCells } from "./support/report-cells";
import { useSimulator } from "../support/simulator";
import { SAMPLE_INPUTS } from "./support/report-inputs";
import { reportCost, validateTemplateInputs } from "./support/report-plan";

const NOW = new Date("2026-11-24T12:00:00Z");
/** An engine with nothing cached and no secret: plans count every page. */
const ENGINE = createEngine({ store: memoryStore({}) });
const SAMPLE = SAMPLE_INPUTS;

/**
 * What a section's formula asks the engine for, read as its function reads its arguments: a table function's
 * filters, fields and limit, a history function's start, end, interval and fields, a card's market and ASIN.
 */
function formulaQuery(section: TemplateSection, args: unknown[]): { params: Record<string, unknown>; limit?: number } {
  const op = operation(section.operation);
  const n = op.positional.length;
  const [market, positional] = [args[0], args.slice(1, 1 + n)];
  // A card (MAD.PRODUCT) asks competitor lookup for its one ASIN, as the card's plan does.
  if (section.card) return cardPlan(lookupFunction("PRODUCT")!, { market, positional: args.slice(1, 2) }, () => null);
  // A list (MAD.PRODUCTS) asks it for every listed ASIN, as its plan does.
  if (section.list) return rowsPlan({ market, positional: args.slice(1, 2), fields: args[2], headers: args[3] });
  if (op.history) {
    const [start, end, interval, fields] = args.slice(1 + n);
    const parsed = parseHistoryArgs(op, op.history, { market, positional, start, end, interval, fields });
    expect(parsed.columns.map((c) => c.name)).toEqual(section.fields);
    return parsed;
  }
  expect(parseFields(op, section.fields.join(", ")).columns.map((c) => c.name)).toEqual(section.fields);
  return parseFormulaArgs(op, { market, positional, filters: args[1 + n], fields: args[2 + n], limit: args[3 + n] });
}

describe.each(TEMPLATES.map((t) => [t.title(), t] as const))("the %s template", (_, template) => {
  const spec = reportSheetSpec(template, readInputs(SAMPLE), NOW);
  const sections = reportSections(template, readInputs(SAMPLE));

  it("writes its inputs as labelled text cells at the top and a titled formula per section", () => {
    for (const [i, input] of template.inputs.entries()) {
      expect(spec.values).toContainEqual({
        address: `A${3 + i}`,
        value: input.cellLabel ?? input.label(),
        role: "label",
      });
      // ASINs that go down a column: the input's row says where they are.
      expect(spec.values.find((v) => v.address === `B${3 + i}`)).toMatchObject(
        input.column ? { role: "note" } : { role: "input", format: "@" },
      );
    }
    expect(sections.length).toBeGreaterThan(0);
    expect(spec.formulas).toHaveLength(sections.length);
    for (const [i, section] of sections.entries()) {
      const at = parseCell(spec.formulas[i].address);
      expect(spec.values).toContainEqual({
        address: `${spec.formulas[i].address.replace(/\d+$/, "")}${at.row}`,
        value: section.title(),
        role: "title",
      });
      expect(spec.formulas[i].formula).toMatch(new RegExp(`^=MAD\\.${section.fn}\\(\\$B\\$3,`));
    }
  });

  it("asks each function for columns it has, and its formulas pass the section's query to the engine", () => {
    const engineKey = (code: OperationCode, params: Readonly<Record<string, unknown>>, options: { limit?: number }) =>
      ENGINE.cacheKey(code, params, options);
    const cells = specCells(spec);
    for (const [i, section] of sections.entries()) {
      const { fn, args } = formulaArguments(spec.formulas[i].formula, cells);
      expect(fn).toBe(section.fn);
      const parsed = formulaQuery(section, args);
      const query = sectionQuery(section, readInputs(SAMPLE));
      // The engine's own key for what the formula asks and for what the cost counted: one query.
      const key = (params: Readonly<Record<string, unknown>>, limit?: number) =>
        engineKey(section.operation, params, limit === undefined ? {} : { limit });
      expect(key(parsed.params, parsed.limit)).toBe(key(query.params, query.limit));
      const asked = { section: "formula", operation: section.operation, params: parsed.params, inputOf: {} };
      expect(
        costOfQueries([query, { ...asked, ...(parsed.limit ? { limit: parsed.limit } : {}) }], ENGINE, NOW).queries,
      ).toBe(1);
    }
  });

  it("charts read columns its sections spill, with titles and axis titles", () => {
    const charted = sections.filter((s) => s.chart);
    expect(spec.charts).toHaveLength(charted.length);
    expect(new Set(spec.charts.map((c) => c.title)).size).toBe(spec.charts.length);
    for (const chart of spec.charts) {
      const formulaIndex = spec.formulas.findIndex((f) => f.address === chart.categories.cell);
      const section = sections[formulaIndex];
      for (const column of [chart.categories, ...chart.series.map((s) => s.values)]) {
        expect(column.cell).toBe(chart.categories.cell);
        expect(column.column).toBeLessThan(section.fields.length);
      }
      expect(chart.title && chart.categoryAxisTitle && chart.valueAxisTitle).toBeTruthy();
    }
  });

  it("leaves the cells right of each card blank, outside every spill and chart (office-js #4189, #4234)", () => {
    const { sections, footprints } = layoutReport(template);
    for (const card of sections.filter((p) => p.section.card)) {
      // Where Excel on the web puts a field inserted from the card: the next blank cells to its right.
      const right = { row: card.formula.row, col: card.formula.col + 1 };
      const taken = footprints.filter(
        (f) =>
          f.what !== `section ${card.section.title()}` &&
          right.row >= f.top &&
          right.row < f.top + f.rows &&
          right.col >= f.left &&
          right.col < f.left + f.columns,
      );
      expect(taken.map((f) => f.what)).toEqual([]);
      // ...and a blank column after the widest card (its labelled row, where Excel has no data types).
      const width = Math.max(...sections.filter((p) => p.section.card).map((p) => p.section.fields.length));
      const others = sections.filter((p) => !p.section.card);
      const left = card.formula.col;
      expect(others.every((p) => p.title.col > left + width || p.title.col + p.section.fields.length < left)).toBe(
        true,
      );
    }
  });

  it("lays out inputs, charts and sections without overlap, nothing below a section", () => {
    // The most room a report of this template can take (every ASIN it allows).
    const { footprints } = layoutReport(template);
    const most = reportSections(template);
    // Every section and chart has its footprint (so the check below is not vacuous).
    expect(footprints.length).toBeGreaterThanOrEqual(most.length + most.filter((s) => s.chart).length);
    const overlaps = footprints.flatMap((a, i) =>
      footprints
        .slice(i + 1)
        .filter(
          (b) =>
            !(
              a.top + a.rows <= b.top ||
              b.top + b.rows <= a.top ||
              a.left + a.columns <= b.left ||
              b.left + b.columns <= a.left
            ),
        )
        .map((b) => `${a.what} overlaps ${b.what}`),
    );
    expect(overlaps).toEqual([]);
  });

  it("costs a few calls, each query once", () => {
    const cost = reportCost(template, readInputs(SAMPLE), ENGINE, NOW);
    // The cards (MAD.PRODUCT) and a list (MAD.PRODUCTS) are one lookup of their ASINs: the engine batches them.
    const lookups = sections.filter((s) => s.card || s.list).length;
    expect(cost.queries).toBe(sections.length - lookups + Math.min(lookups, 1));
    expect(cost.pages).toBe(cost.queries);
  });
});

describe("the Product watch template", () => {
  const template = templateById("productWatch");
  const asins = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `B0${String(from + i).padStart(8, "0")}`);
  const TABLE = '"asin, title, brand, price, bsr, nodeLabelPath, platformUnit, platformSales, rating, ratings"';
  const inputs = { market: "US", asins: asins(60).join("\n"), picked: "B000000001, B000000005" };

  it("lists every watched ASIN down column A, beside its row of one MAD.PRODUCTS table", () => {
    const spec = reportSheetSpec(template, readInputs(inputs), NOW);
    expect(spec.name).toBe("Products B000000000");
    // Headed in words (issue 46): MAD.PRODUCTS' own `headers` argument, as STOCKHISTORY's.
    expect(spec.formulas[0]).toEqual({
      address: "B8",
      formula: `=MAD.PRODUCTS($B$3,$A$9:$A$208,${TABLE},"labels")`,
    });
    const cells = specCells(spec);
    expect(asins(60).map((_, i) => cells.get(`A${9 + i}`))).toEqual(asins(60));
    expect(cells.get("A69")).toBeUndefined();
    expect(spec.values).toContainEqual({ address: "A8", value: "ASINs", role: "label" });
    expect(cells.get("B4")).toBe(
      "One per cell in A9:A208 (up to 200), each beside its row of the table: edit them there.",
    );
    // The whole column is text, so an ASIN typed below the others stays as typed.
    expect(spec.formats).toContainEqual({ address: "A9:A208", format: "@" });
    // The picked ones across their row, as text.
    expect([cells.get("A5"), cells.get("B5"), cells.get("C5"), cells.get("D5")]).toEqual([
      "Charted products",
      "B000000001",
      "B000000005",
      undefined,
    ]);
  });

  it("repeats its sections for each picked product: a card, price and BSR, monthly sales and reviews, two charts each", () => {
    const spec = reportSheetSpec(template, readInputs(inputs), NOW);
    expect(spec.formulas.slice(1, 5).map((f) => f.formula)).toEqual([
      "=MAD.PRODUCT($B$3,$B$5)",
      // Histories headed in words too (issue 46): their own `headers` argument, after `fields`.
      '=MAD.PRICEHISTORY($B$3,$B$5,,,"weekly","date, price, bsr","labels")',
      '=MAD.SALESTREND($B$3,$B$5,,,"monthly","date, units, revenue","labels")',
      '=MAD.REVIEWS($B$3,$B$5,"headers=labels","date, star, title",10)',
    ]);
    expect(spec.formulas.filter((f) => f.formula.includes("$C$5"))).toHaveLength(4);
    expect(spec.formulas).toHaveLength(1 + 2 * 4);
    // Titled with the product's ASIN, not its place in the list (issue 46).
    expect(spec.charts.map((c) => c.title)).toEqual([
      "Price and BSR, B000000001",
      "Monthly sales, B000000001",
      "Price and BSR, B000000005",
      "Monthly sales, B000000005",
    ]);
    expect(spec.values.filter((v) => v.role === "title").map((v) => v.value)).toEqual(
      expect.arrayContaining(["Product B000000001", "Newest reviews, B000000005"]),
    );
    // The charts sit right of the table, from the row below the inputs.
    const tableRight = 1 + 10;
    expect(spec.charts.map((c) => parseCell(c.anchor).col).every((col) => col > tableRight)).toBe(true);
    expect(parseCell(spec.charts[0].anchor).row).toBe(6);
  });

  it("costs a call per 40 watched products, and three calls per picked one (its card from the table's calls)", () => {
    // The table and both cards are one lookup of the 60 ASINs: 2 calls; price history, sales and reviews: 6.
    expect(reportCost(template, readInputs(inputs), ENGINE, NOW)).toEqual({ queries: 7, pages: 8, calls: 8 });
    const most = { market: "US", asins: asins(200).join(", "), picked: asins(5).join(", ") };
    expect(reportCost(template, readInputs(most), ENGINE, NOW)).toEqual({ queries: 16, pages: 20, calls: 20 });
    // None picked: the table alone.
    expect(reportCost(template, readInputs({ ...inputs, picked: "" }), ENGINE, NOW)).toEqual({
      queries: 1,
      pages: 2,
      calls: 2,
    });
    // A picked product not among the watched ones costs its card's lookup too, in the same batch.
    const outside = { ...inputs, picked: "B000000001, B0DGVP84B5" };
    expect(reportCost(template, readInputs(outside), ENGINE, NOW)).toEqual({ queries: 7, pages: 8, calls: 8 });
  });

  it("stacks the picked products' cards right of the table, each with room for its labelled row", () => {
    const spec = reportSheetSpec(template, readInputs(inputs), NOW);
    const cards = spec.formulas.filter((f) => f.formula.startsWith("=MAD.PRODUCT("));
    const places = cards.map((f) => parseCell(f.address));
    expect(places.map((r) => r.col)).toEqual([12, 12]);
    expect(places[1].row - places[0].row).toBe(3); // its title, the card (or the row's header) and the row
    const row = productRow(productFactsOf({ asin: "B07Z82895W", title: "t" }, "US")!);
    expect(reportSections(template, readInputs(inputs))[1].fields).toEqual(row[0]);
    const others = spec.formulas.filter((f) => !/^=MAD\.PRODUCTS?\(/.test(f.formula));
    expect(Math.min(...others.map((f) => parseCell(f.address).col))).toBe(12 + row[0].length + 1);
  });

  it(`takes one to ${MAX_WATCHED} ASINs, pasted in any way, each once, and up to ${MAX_CHARTED} picked`, () => {
    const check = (values: Record<string, string>) => validateTemplateInputs(template, readInputs(values), NOW);
    const many = asins(MAX_WATCHED + 1).join(" ");
    expect(check({ market: "US", asins: many }).byInput.asins).toEqual([
      `ASINs: at most ${MAX_WATCHED} ASINs (${MAX_WATCHED + 1} given).`,
    ]);
    // Commas, spaces, new lines and repeats: 200 distinct ones pass.
    const pasted = `${asins(100).join(",\n")}\n${asins(100, 100).join(" ; ")} ${asins(50).join(" ")}`;
    expect(readInputs({ asins: pasted }).asins).toHaveLength(MAX_WATCHED);
    expect(check({ market: "US", asins: pasted }).count).toBe(0);
    expect(check({ market: "US", asins: "" }).byInput.asins).toEqual([
      expect.stringMatching(/^ASINs: required\. Up to 200 ASINs/),
    ]);
    expect(check({ market: "US", asins: "B07Z82895W nope" }).byInput.asins).toEqual([
      expect.stringMatching(/^ASINs: "NOPE" is not an ASIN/),
    ]);
    expect(check({ market: "US", asins: pasted, picked: asins(6).join(" ") }).byInput.picked).toEqual([
      `Charted products: at most ${MAX_CHARTED} ASINs (6 given).`,
    ]);
  });
});

describe("a filter block's tables, headed in words (issue 46)", () => {
  /** The display a section's formula asks for, read as its function reads its arguments. */
  const displayOf = (id: TemplateId, fn: string, inputs: Record<string, string>) => {
    const spec = reportSheetSpec(templateById(id), readInputs(inputs), NOW);
    const formula = spec.formulas.find((f) => f.formula.startsWith(`=MAD.${fn}(`))!.formula;
    const { args } = formulaArguments(formula, specCells(spec));
    const op = operation(fn === "COMPETITORS" ? "competitor_lookup" : "market_research");
    return {
      spec,
      formula,
      display: parseFormulaArgs(op, { market: args[0], positional: [], filters: args[1] }).display,
    };
  };

  it("closes the ASIN block with a `headers | labels` row the competitors' formula reads, no words inside it", () => {
    const { spec, formula, display } = displayOf("competitorWatch", "COMPETITORS", SAMPLE);
    expect(formula).toMatch(/^=MAD\.COMPETITORS\(\$B\$3,\$A\$4:\$U\$5,/);
    const cell = (address: string) => spec.values.find((v) => v.address === address)?.value;
    expect([cell("A4"), cell("A5"), cell("B5"), cell("C5")]).toEqual(["ASINs", "headers", "labels", undefined]);
    expect(display).toMatchObject({ headers: true, headerLabels: true });
    // `names` typed in its cell (or picked in the pane) heads them with the API's names again.
    expect(displayOf("competitorWatch", "COMPETITORS", { ...SAMPLE, headers: "names" }).display.headerLabels).toBe(
      false,
    );
  });

  it("closes the niche screen with it too; the pane proposes labels for both", () => {
    const { display } = displayOf("nicheScreener", "NICHES", SAMPLE);
    expect(display).toMatchObject({ headers: true, headerLabels: true });
    for (const id of ["competitorWatch", "nicheScreener"] as const)
      expect(templateById(id).inputs.find((i) => i.name === "headers")).toMatchObject({
        kind: "headers",
        initial: "labels",
      });
  });
});

describe("sheet names", () => {
  it("name the template's subject", () => {
    expect(reportSheetSpec(templateById("categoryMarket"), readInputs(SAMPLE), NOW).name).toBe("Market 281407");
    expect(reportSheetSpec(templateById("keywordOpportunity"), readInputs(SAMPLE), NOW).name).toBe("Keywords yoga mat");
    expect(reportSheetSpec(templateById("competitorWatch"), readInputs(SAMPLE), NOW).name).toBe(
      "Competitors B07Z82895W",
    );
    expect(reportSheetSpec(templateById("productWatch"), readInputs(SAMPLE), NOW).name).toBe("Products B07Z82895W");
  });

  it("keep to Excel's rules and are made unique", () => {
    expect(
      proposedSheetName(
        templateById("keywordOpportunity"),
        readInputs({ keyword: "yoga [mat]: 2*3 / a very long keyword" }),
      ),
    ).toBe("Keywords yoga mat 2 3 a very lo");
    expect(validSheetName("'quoted'")).toBe("quoted");
    expect(validSheetName("history")).toBe("Report");
    expect(uniqueSheetName("Market 281407", ["market 281407", "Market 281407 (2)"])).toBe("Market 281407 (3)");
    expect(uniqueSheetName("K".repeat(31), ["K".repeat(31)])).toBe(`${"K".repeat(27)} (2)`);
  });
});

describe("cost", () => {
  const sim = useSimulator({ secret: "template-cost-secret" });

  it("counts identical queries once, however many sections show them", () => {
    const [stats, brands] = reportQueries(templateById("categoryMarket"), readInputs(SAMPLE));
    expect(costOfQueries([stats, brands, { ...brands, section: "again" }], ENGINE, NOW)).toEqual({
      queries: 2,
      pages: 2,
      calls: 2,
    });
    // The same query spelled another way (market in lower case) is the same query for the engine.
    const lower = { ...brands, params: { ...brands.params, marketplace: "us" } };
    expect(costOfQueries([brands, lower], ENGINE, NOW)).toEqual({ queries: 1, pages: 1, calls: 1 });
  });

  it("counts a query's pages from its limit and the operation's page size", () => {
    const [competitors] = reportQueries(templateById("competitorWatch"), readInputs(SAMPLE));
    const byKeyword = { ...competitors, params: { marketplace: "US", keyword: "yoga mat" }, limit: 250 };
    expect(costOfQueries([byKeyword], ENGINE, NOW)).toEqual({ queries: 1, pages: 3, calls: 3 });
    // A lookup by ASINs costs a call per 40 of them, whatever its limit; single-ASIN lookups count together.
    const asins = Array.from({ length: 90 }, (_, i) => `B0${String(i).padStart(8, "0")}`);
    const lookups = asins.map((asin) => ({ ...competitors, params: { marketplace: "US", asins: [asin] } }));
    expect(costOfQueries([{ ...competitors, limit: 250 }], ENGINE, NOW)).toEqual({ queries: 1, pages: 1, calls: 1 });
    expect(costOfQueries(lookups, ENGINE, NOW)).toEqual({ queries: 1, pages: 3, calls: 3 });
    expect(describeCost({ queries: 4, pages: 5, calls: 5 })).toBe("spends about 5 calls: 4 unique queries, 5 pages");
    expect(describeCost({ queries: 1, pages: 1, calls: 1 })).toBe("spends about 1 call: 1 unique query, 1 page");
    // Nothing to fetch: no call, said as such (issue 46: not "about 0 calls"), in both languages.
    expect(describeCost({ queries: 8, pages: 8, calls: 0 })).toBe(
      "spends no call: 8 unique queries, 8 pages, all of them already fetched",
    );
    expect(describeCost({ queries: 8, pages: 9, calls: 1 })).toBe(
      "spends about 1 call: 8 unique queries, 9 pages, 8 of them already fetched",
    );
  });

  it("counted against the cache, pages already fetched cost nothing: a report made again spends no call", async () => {
    const engine = createEngine({
      store: memoryStore({ "mad.secret": "template-cost-secret", "mad.baseUrl": sim.url }),
    });
    const queries = reportQueries(templateById("categoryMarket"), readInputs(SAMPLE));
    expect(await costAgainstCache(queries, engine)).toEqual({ queries: 8, pages: 8, calls: 8 });
    const [stats, brands] = queries;
    for (const q of [stats, brands]) await engine.query(q.operation, q.params, q.limit ? { limit: q.limit } : {});
    expect(await costAgainstCache(queries, engine)).toEqual({ queries: 8, pages: 8, calls: 6 });
    expect(sim.stats().total).toBe(2); // counting spends nothing
  });
});

describe("input checks", () => {
  const check = (id: TemplateId, inputs: Record<string, string>) =>
    validateTemplateInputs(templateById(id), readInputs(inputs), NOW);

  it("pass for the sample inputs", () => {
    for (const t of TEMPLATES)
      expect(validateTemplateInputs(t, readInputs(SAMPLE), NOW)).toEqual({ byInput: {}, count: 0 });
  });

  it("name the input and the rule, once per input and rule", () => {
    const blank = check("categoryMarket", { market: "XX", nodeIdPath: "" });
    expect(blank.byInput.market).toEqual([expect.stringMatching(/^Market: "XX" is not a marketplace/)]);
    expect(blank.byInput.nodeIdPath).toEqual([expect.stringMatching(/^Category: required\. Search by words/)]);
    expect(blank.count).toBe(2);
    expect(check("categoryMarket", { market: "US", nodeIdPath: "yoga" }).byInput.nodeIdPath).toEqual([
      expect.stringMatching(/^Category: /),
    ]);
    expect(check("keywordOpportunity", { market: "US", keyword: " " }).byInput.keyword).toEqual([
      expect.stringMatching(/^Keyword: required/),
    ]);
  });

  it("hold Competitor watch to real ASINs, at most twenty", () => {
    expect(check("competitorWatch", { market: "US", asins: "B07Z82895W, nope" }).byInput.asins).toEqual([
      expect.stringMatching(/^ASINs: "NOPE" is not an ASIN/),
    ]);
    const many = Array.from({ length: MAX_ASINS + 1 }, (_, i) => `B0000000${String(i).padStart(2, "0")}`).join(" ");
    expect(check("competitorWatch", { market: "US", asins: many }).byInput.asins).toEqual([
      expect.stringMatching(/^ASINs: at most 20 ASINs \(got 21\)/),
    ]);
    expect(check("competitorWatch", { market: "US", asins: "" }).byInput.asins).toEqual([
      expect.stringMatching(/^ASINs: required/),
    ]);
  });

  it("keep the stored inputs plain, never the secret", () => {
    const spec = reportSheetSpec(
      templateById("competitorWatch"),
      readInputs({ market: "US", asins: "b07z82895w\nB0DGVP84B5", headers: "labels" }),
      NOW,
    );
    expect(spec.report.inputs).toEqual({ market: "US", asins: "B07Z82895W, B0DGVP84B5", headers: "labels" });
    expect(canonicalJson(spec)).not.toMatch(/secret/i);
  });
});
