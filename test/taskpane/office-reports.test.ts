/**
 * Report sheets from templates in the Office.js host, against the strict Excel stand-in on desktop and on the web:
 * the sheet and its text inputs, every chart with every series although its formula has not answered yet, charts
 * that follow their spills from nothing to their full length (without ever reading a workbook name's range, which
 * Excel on Windows refuses for a dynamic name, office-js #4321), reports of a reopened workbook, renamed and
 * deleted report sheets, and a report that fails half way.
 */
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import { blockAddress, cellAddress, offset, parseCell, parseCellAddress } from "../../src/table/a1";
import { PreviewHost } from "../../src/preview/preview-host";
import { Workbook } from "../../src/preview/workbook";
import { createOfficeHost, followReportSheets, settleStartupBehavior } from "../../src/taskpane/host/office-host";
import { REPORTS_SETTING } from "../../src/taskpane/host/document-settings";
import type { ChartSpec } from "../../src/taskpane/report-model/chart-spec";
import type { ReportSheetSpec } from "../../src/taskpane/report-model/report-sheet-spec";
import { reportSheetSpec } from "../../src/taskpane/report-model/report-layout";
import { templateById, type TemplateId } from "../../src/taskpane/report-model/templates";
import { PLATFORMS, strictExcelPerTest } from "../support/strict-excel/jest";
import type { StrictExcel } from "../support/strict-excel";
import { answerReport } from "./support/report-answers";
import { productFactsOf, productRow } from "../../src/table/product-card";
import { SAMPLE_INPUTS } from "./support/report-inputs";

const NOW = new Date("2026-11-24T12:00:00Z");
const INPUTS = SAMPLE_INPUTS;
const specOf = (id: TemplateId) => reportSheetSpec(templateById(id), readInputs(INPUTS), NOW);
const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

/** The cells a chart's series should read once its formula spilled `rows` rows below the header. */
function expectedSeries(chart: ChartSpec, rows: number) {
  const points = Math.min(rows, chart.maxPoints ?? rows);
  const column = (c: { cell: string; column: number }) =>
    blockAddress(offset(parseCell(c.cell), 1, c.column), points, 1);
  return chart.series.map((s) => ({
    name: s.name,
    values: column(s.values),
    categories: column(chart.categories),
    axisGroup: s.axis === "secondary" ? "Secondary" : "Primary",
  }));
}

function chartsFollow(excel: StrictExcel, sheet: string, spec: ReportSheetSpec, rows: (address: string) => number) {
  const charts = excel.charts(sheet);
  for (const chart of spec.charts) {
    const made = charts.find((c) => c.name === `${chart.title} chart`);
    expect({ chart: chart.title, series: made?.series }).toEqual({
      chart: chart.title,
      series: expectedSeries(chart, rows(chart.categories.cell)),
    });
  }
}

describe.each(PLATFORMS)("report sheets in Excel (%s)", (platform) => {
  const session = strictExcelPerTest({ platform });

  it("adds the sheet with text inputs, bold titles and formulas, and every chart with all its series before any formula answered", async () => {
    const { excel } = session;
    const spec = specOf("categoryMarket");
    const created = await createOfficeHost().createReportSheet!(spec);
    expect(created).toMatchObject({ sheet: "Market 281407", charts: 4 });
    expect(excel.book.active.sheet).toBe("Market 281407");
    // The node path stays text (format before value): not the time 17:22 or a number.
    expect(excel.cell("Market 281407", "B4")).toMatchObject({ value: "172282:281407", format: "@" });
    expect(excel.book.sheet("Market 281407")!.get(0, 0)?.bold).toBe(true);
    for (const f of spec.formulas) expect(excel.cell("Market 281407", f.address)?.formula).toBe(f.formula);
    // The formulas have not answered: the cells under them are blank, yet each chart has every series.
    expect(excel.shows("Market 281407", "D39")).toBe("#BUSY!");
    const charts = excel.charts("Market 281407");
    expect(charts.map((c) => [c.type, c.name, c.title])).toEqual([
      ["BarClustered", "Brand share chart", "Brand share"],
      ["BarClustered", "Seller countries chart", "Seller countries"],
      ["ColumnClustered", "Rating-count distribution chart", "Rating-count distribution"],
      ["Line", "Listing-date trend chart", "Listing-date trend"],
    ]);
    for (const [i, chart] of spec.charts.entries())
      expect(charts[i].series.map((s) => s.name)).toEqual(chart.series.map((s) => s.name));
  });

  it("charts follow their spills as the formulas answer: from nothing to their full length, at most their points", async () => {
    const { excel } = session;
    const spec = specOf("categoryMarket");
    const { sheet } = await createOfficeHost().createReportSheet!(spec);
    await flush();
    // Brand concentration answers 13 brands (its chart shows 10); the listing-date trend 30 years (all shown).
    const rows = (address: string) => ({ D39: 13, AN39: 30 })[address] ?? 6;
    answerReport(excel, spec, rows);
    await excel.idle();
    chartsFollow(excel, sheet, spec, rows);
  });

  it("charts follow again when the spills change size (an input edited), with every template", async () => {
    const { excel } = session;
    for (const id of [
      "categoryMarket",
      "keywordOpportunity",
      "competitorWatch",
      "productWatch",
      "nicheScreener",
    ] as const) {
      const spec = specOf(id);
      const { sheet } = await createOfficeHost().createReportSheet!(spec);
      await flush();
      answerReport(excel, spec, () => 24);
      await excel.idle();
      chartsFollow(excel, sheet, spec, () => 24);
      // The person edits the market input: every section asks again and answers fewer rows.
      excel.type(sheet, "B3", "DE");
      await flush();
      answerReport(excel, spec, () => 3);
      await excel.idle();
      chartsFollow(excel, sheet, spec, () => 3);
    }
  });

  it("loads with the workbook only while a report or Refresh when opened needs it (office-js #3558)", async () => {
    const { excel } = session;
    const host = createOfficeHost();
    // A workbook without reports: nothing runs when it opens, for anyone.
    expect(excel.open({ hasAddIn: false })).toBe("nothingRuns");
    const { sheet } = await host.createReportSheet!(specOf("keywordOpportunity"));
    // Saved with a report: the add-in loads with it from the next open on; a colleague without it sees ADD-IN ERROR.
    expect([excel.open({ hasAddIn: true }), excel.open({ hasAddIn: false })]).toEqual(["runtimeLoads", "addInError"]);
    await host.setWorkbookOptions!({ refreshOnOpen: true });
    excel.book.deleteSheet(excel.book.sheet(sheet)!);
    await host.listReportSheets!();
    expect(excel.startupBehavior).toBe("Load"); // refresh when opened still needs it
    await host.setWorkbookOptions!({ refreshOnOpen: false });
    // The last need gone: Excel no longer loads the add-in with the workbook, and colleagues see no error.
    expect(excel.startupBehavior).toBe("None");
    expect(excel.open({ hasAddIn: false })).toBe("nothingRuns");
  });

  it("at its start, the add-in sets back a workbook an earlier version left loading with no need for it", async () => {
    const { excel } = session;
    const office = excel.globals().Office;
    await office.addin.setStartupBehavior("Load"); // saved so by a version that never set it back
    await settleStartupBehavior();
    expect(excel.startupBehavior).toBe("None");
    await createOfficeHost().createReportSheet!(specOf("keywordOpportunity"));
    await settleStartupBehavior();
    expect(excel.startupBehavior).toBe("Load");
  });

  it("a reopened workbook's charts follow their spills from the runtime's start, without the pane being opened", async () => {
    const { excel } = session;
    const spec = specOf("keywordOpportunity");
    const { sheet } = await createOfficeHost().createReportSheet!(spec);
    // The add-in asked Excel to load its runtime with this document (shared runtime, SharedRuntime 1.1).
    expect(excel.startupBehavior).toBe("Load");
    await flush();
    answerReport(excel, spec, () => 5);
    await excel.idle();
    excel.restartRuntime(); // the workbook closed and opened again: no handler of the last session is left
    excel.type(sheet, "B4", "yoga block");
    await flush();
    answerReport(excel, spec, () => 9);
    await excel.idle();
    await followReportSheets(createOfficeHost()); // what the runtime does when it loads with the document
    chartsFollow(excel, sheet, spec, () => 9);
    excel.type(sheet, "B4", "yoga strap");
    await flush();
    answerReport(excel, spec, () => 4);
    await excel.idle();
    chartsFollow(excel, sheet, spec, () => 4);
  });

  it("a keyword report's months spill as Excel dates into cells formatted as dates, its rates as percentages", async () => {
    const { excel } = session;
    const spec = specOf("keywordOpportunity");
    const { sheet } = await createOfficeHost().createReportSheet!(spec);
    const trends = spec.formulas[0];
    expect(trends.formula).toBe(
      '=MAD.KEYWORDTRENDS($B$3,$B$4,"headers=labels","time, search, purchase, purchaseRate")',
    );
    await flush();
    excel.manual.at(trends.address).answer([
      ["time", "search", "purchase", "purchaseRate"],
      [45292, 1200, 30, 0.025],
    ]);
    await excel.idle();
    const first = parseCell(trends.address);
    const below = (col: number) => blockAddress(offset(first, 1, col), 1, 1);
    expect(excel.cell(sheet, below(0))).toMatchObject({ value: 45292, format: expect.stringMatching(/yyyy-mm-dd/) });
    expect(excel.cell(sheet, below(3))).toMatchObject({ value: 0.025, format: "0.00%" });
    // Down to the last row the section can spill, and no further.
    expect(excel.cell(sheet, blockAddress(offset(first, 2000, 0), 1, 1))?.format).toMatch(/yyyy-mm-dd/);
    expect(excel.cell(sheet, blockAddress(offset(first, 2001, 0), 1, 1))).toBeUndefined();
  });

  it("keeps a workbook name over each charted column for people (Name Manager, their own charts), never reading it", async () => {
    const { excel } = session;
    const created = await createOfficeHost().createReportSheet!(specOf("categoryMarket"));
    expect(created.names).toContain("MAD_Market_281407_1_s1");
    expect(excel.book.names.get("mad_market_281407_1_s1")?.formula).toBe(
      "=OFFSET('Market 281407'!$D$39,1,1,MIN(ROWS('Market 281407'!$D$39#)-1,10),1)",
    );
  });

  it("a report sheet renamed stays a report; one deleted leaves the list and its stored entry", async () => {
    const { excel } = session;
    const host = createOfficeHost();
    await host.createReportSheet(specOf("categoryMarket"));
    await host.createReportSheet(specOf("keywordOpportunity"));
    excel.book.renameSheet(excel.book.sheet("Market 281407")!, "My market");
    excel.book.deleteSheet(excel.book.sheet("Keywords yoga mat")!);
    const listed = await host.listReportSheets();
    expect(listed.map((r) => [r.sheet, r.report.template])).toEqual([["My market", "categoryMarket"]]);
    const stored = JSON.parse(String(excel.book.settings.get(REPORTS_SETTING))) as Record<string, { sheet: string }>;
    expect(Object.keys(stored)).toEqual([excel.book.sheet("My market")!.id]);
    // The deleted report's names went with it; the renamed one's follow the sheet's new name.
    expect([...excel.book.names.keys()].some((n) => n.startsWith("mad_keywords"))).toBe(false);
    expect(excel.book.names.get("mad_market_281407_1_x")?.formula).toMatch(/^=OFFSET\('My market'!\$D\$39/);
    await host.refreshReportCharts("My market");
  });

  it("a report that fails half way leaves nothing behind and says so", async () => {
    const { excel } = session;
    excel.failWhen = (wire) => JSON.stringify(wire).includes("Seller countries");
    const attempt = createOfficeHost().createReportSheet!(specOf("categoryMarket"));
    await expect(attempt).rejects.toThrow(/Nothing was left in the workbook/);
    expect(excel.book.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
    expect([...excel.book.names.keys()]).toEqual([]);
    expect(excel.book.settings.get(REPORTS_SETTING) ?? null).toBeNull();
  });

  it("says what is missing when Excel lacks ExcelApi 1.13", async () => {
    const { StrictExcel } = await import("../support/strict-excel");
    const old = new StrictExcel({ platform, requirementSets: { ExcelApi: "1.12" } });
    const g = old.globals();
    const host = createOfficeHost({
      run: old.run as never,
      settings: () => g.Office.context.document.settings as never,
      requirements: () => g.Office.context.requirements as never,
    });
    expect(await host.reportSupport()).toMatch(/ExcelApi 1\.13.*Update Excel/);
    expect(await createOfficeHost().reportSupport!()).toBeNull();
  });
});

describe.each(PLATFORMS)("a Product watch report in Excel (%s)", (platform) => {
  const session = strictExcelPerTest({ platform });

  it("holds each product's card as a data type, its fields readable, two charts a product following their spills", async () => {
    const { excel } = session;
    const spec = specOf("productWatch");
    const { sheet, charts } = await createOfficeHost().createReportSheet!(spec);
    expect([sheet, charts]).toEqual(["Products B07Z82895W", 4]);
    await flush();
    answerReport(excel, spec, () => 12);
    await excel.idle();
    const cards = spec.formulas.filter((f) => f.formula.startsWith("=MAD.PRODUCT("));
    expect(cards.map((f) => excel.cell(sheet, f.address)?.entity?.text)).toEqual([
      "Product B07Z82895W",
      "Product B0DGVP84B5",
    ]);
    // A person reads a field of the card beside it.
    const [first] = cards;
    const at = parseCell(first.address);
    const beside = cellAddress({ row: at.row + 1, col: at.col + 1 });
    excel.type(sheet, beside, `=${first.address}.Price`);
    await excel.idle();
    expect(excel.shows(sheet, beside)).toBe(19.99);
    chartsFollow(excel, sheet, spec, () => 12);
  });

  it("where Excel takes no data types, each card's labelled row fits below its title without #SPILL!", async () => {
    const { excel } = session;
    const spec = specOf("productWatch");
    const { sheet } = await createOfficeHost().createReportSheet!(spec);
    await flush();
    for (const f of spec.formulas.filter((x) => x.formula.startsWith("=MAD.PRODUCT("))) {
      const call = excel.manual.pending().find((c) => c.address.endsWith(`!${f.address}`))!;
      call.answer(productRow(productFactsOf({ asin: String(call.args[1]), title: "t", price: 5 }, "US")!));
    }
    answerReport(excel, spec, () => 12);
    await excel.idle();
    for (const f of spec.formulas)
      expect([f.address, excel.shows(sheet, f.address)]).not.toEqual([f.address, "#SPILL!"]);
    const first = spec.formulas.find((f) => f.formula.startsWith("=MAD.PRODUCT("))!;
    expect(excel.shows(sheet, first.address)).toBe("Title");
  });
});

describe("the same template in Excel and in the preview", () => {
  const session = strictExcelPerTest({ platform: "desktop" });
  it.each(["categoryMarket", "keywordOpportunity", "competitorWatch", "productWatch"] as const)(
    "%s: the same sheet, workbook names over the same spills, the same formulas and inputs",
    async (id) => {
      const { excel } = session;
      const spec = specOf(id);
      const inExcel = await createOfficeHost().createReportSheet!(spec);
      const book = new Workbook({
        isRegistered: () => true,
        invoke: () => ({ outcome: new Promise(() => undefined), cancel: () => undefined }),
      });
      const inPreview = await new PreviewHost(book, () => parseCellAddress("A1")!).createReportSheet(spec);
      expect(inPreview).toEqual(inExcel);
      expect(Object.fromEntries(book.definedNames().map((n) => [n.name, n.refersTo]))).toEqual(
        Object.fromEntries(inExcel.names.map((name) => [name, excel.book.names.get(name.toLowerCase())?.formula])),
      );
      for (const f of spec.formulas)
        expect(book.inputText(parseCellAddress(f.address)!, inPreview.sheet)).toBe(
          excel.cell(inExcel.sheet, f.address)?.formula,
        );
      for (const f of spec.formats ?? []) {
        const top = parseCellAddress(f.address.split(":")[0])!;
        expect([
          book.sheet(inPreview.sheet).format(top),
          excel.cell(inExcel.sheet, f.address.split(":")[0])?.format,
        ]).toEqual([f.format, f.format]);
      }
      for (const v of spec.values)
        expect(book.inputText(parseCellAddress(v.address)!, inPreview.sheet)).toBe(
          String(excel.shows(inExcel.sheet, v.address)),
        );
    },
  );
});
