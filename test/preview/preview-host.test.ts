import { cellAddress, offset, parseCell, parseCellAddress } from "../../src/table/a1";
import type { FunctionInvoker } from "../../src/preview/cell-types";
import { toOutcome } from "../../src/preview/function-runtime";
import { PreviewHost } from "../../src/preview/preview-host";
import type { ReportSheetSpec } from "../../src/taskpane/report-model/report-sheet-spec";
import { formulaOf, inputOf, keywordReport } from "../support/report-specs";
import { Workbook } from "../../src/preview/workbook";

/** Area checks never call functions; a formula typed into these tests would fail the test loudly. */
const noCalls: FunctionInvoker = {
  isRegistered: () => true,
  invoke: () => {
    throw new Error("no function calls expected");
  },
};

function setup(rows?: number, columns?: number) {
  const book = new Workbook(noCalls, rows, columns);
  const host = new PreviewHost(book, () => parseCellAddress("A1")!);
  return { book, host };
}

describe("PreviewHost.checkArea", () => {
  it("holds a 2,000-row result below a header on the default grid, and names the cells in use", async () => {
    const { book, host } = setup();
    expect(book.rowCount).toBeGreaterThanOrEqual(2_100);
    expect(book.columnCount).toBeGreaterThanOrEqual(100);
    expect(await host.checkArea({ sheet: "Sheet1", address: "B5" }, 2_001, 60)).toEqual({
      address: "B5:BI2005",
      occupied: [],
    });
    book.setInput(parseCellAddress("C7")!, "a note");
    book.setInput(parseCellAddress("B2005")!, "12");
    book.setInput(parseCellAddress("B2006")!, "below the area");
    const check = await host.checkArea({ sheet: "Sheet1", address: "B5" }, 2_001, 60);
    expect(check.occupied).toEqual(["C7", "B2005"]);
    expect(check.outside).toBeUndefined();
  });

  it("says when the block runs past the grid's edge, before anything is written", async () => {
    const { host } = setup(30, 10);
    const check = await host.checkArea({ sheet: "Sheet1", address: "A25" }, 11, 3);
    expect(check.address).toBe("A25:C30");
    expect(check.outside).toMatch(/11 rows × 3 columns from A25 run past the preview grid \(A1:J30\)/);
    const wide = await host.checkArea({ sheet: "Sheet1", address: "H1" }, 2, 4);
    expect(wide.outside).toMatch(/run past the preview grid/);
  });
});

/** Answers every call at once with rows that depend on the keyword, as a MAD function would spill them. */
const trends: FunctionInvoker = {
  isRegistered: (name) => name.startsWith("MAD."),
  invoke: (_name, args) => {
    const keyword = String(args[1]);
    const months = keyword === "yoga mat" ? ["2024-01", "2024-02", "2024-03"] : ["2024-01", "2024-02"];
    const rows = [["month", "searches", "purchases"], ...months.map((m, i) => [m, (i + 1) * 100, i === 1 ? "n/a" : i])];
    return { outcome: Promise.resolve(toOutcome(rows)), cancel: () => undefined };
  },
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The Keyword opportunity template's report, with two cells a person might type beside it: a category path that must
 * stay text, and a note that looks like a formula and must never become one.
 */
function keywordReportWithNotes(name?: string): ReportSheetSpec {
  const spec = keywordReport(name);
  return {
    ...spec,
    values: [
      ...spec.values,
      { address: "D3", value: "172282:281407", role: "input", format: "@" },
      { address: "D4", value: "=cmd|' /C calc'!A0", role: "note" },
    ],
  };
}
const SPEC = keywordReport();
const TRENDS = formulaOf(SPEC, "MAD.KEYWORDTRENDS");
const KEYWORD = inputOf(SPEC, "Keyword");
/** The cell `rows` below and `columns` right of `address`. */
const below = (address: string, rows: number, columns = 0) => cellAddress(offset(parseCell(address), rows, columns));

describe("PreviewHost report sheets", () => {
  const reportSetup = () => {
    const book = new Workbook(trends);
    return { book, host: new PreviewHost(book, () => parseCellAddress("A1")!) };
  };

  it("can make reports: nothing is missing", async () => {
    await expect(reportSetup().host.reportSupport()).resolves.toBeNull();
  });

  it("adds an active sheet with the inputs as values, the formulas evaluated, names over the spills and the charts", async () => {
    const { book, host } = reportSetup();
    const created = await host.createReportSheet(keywordReportWithNotes());
    expect(created.sheet).toBe(SPEC.name);
    expect(created.charts).toBe(SPEC.charts.length);
    // One name per chart axis and series, numbered by chart.
    const perChart = SPEC.charts.map((c) => 1 + c.series.length);
    expect(created.names).toHaveLength(perChart.reduce((a, b) => a + b, 0));
    expect(book.activeSheet().name).toBe(SPEC.name);
    await expect(host.getActiveCell()).resolves.toEqual({ sheet: SPEC.name, address: "A1" });
    const shown = (address: string) => book.display(parseCellAddress(address)!, created.sheet);
    expect(shown("D3")).toMatchObject({ value: "172282:281407", text: "172282:281407" });
    expect(shown("D4")).toMatchObject({ value: "=cmd|' /C calc'!A0" });
    expect(shown("A1").style).toBe("report-title");
    expect(shown(KEYWORD).style).toBe("report-input");
    await flush();
    const texts = [TRENDS.address, below(TRENDS.address, 0, 1), below(TRENDS.address, 1), below(TRENDS.address, 3, 1)];
    expect(texts.map((a) => shown(a).text)).toEqual(["month", "searches", "2024-01", "300"]);
    // The first chart's names follow the trends spill: its months, then each series' column.
    const sheetId = book.sheet(created.sheet).id;
    const anchor = `'${SPEC.name}'!${cellAddress(parseCell(TRENDS.address), true)}`;
    const spill = (column: number) => `=OFFSET(${anchor},1,${column},ROWS(${anchor}#)-1,1)`;
    expect(book.definedNames().slice(0, perChart[0])).toEqual(
      created.names.slice(0, perChart[0]).map((name, i) => ({ name, sheetId, refersTo: spill(i) })),
    );
    await expect(host.listMadFormulas()).resolves.toEqual(
      SPEC.formulas.map((f) => ({ sheet: SPEC.name, address: f.address, formula: f.formula })),
    );
    await expect(host.listReportSheets()).resolves.toEqual([{ sheet: SPEC.name, report: SPEC.report }]);
  });

  it("gives a second report of the same input its own sheet, names and charts", async () => {
    const { book, host } = reportSetup();
    const first = await host.createReportSheet(keywordReport());
    const second = await host.createReportSheet(keywordReport());
    expect(second.sheet).toBe(`${SPEC.name} (2)`);
    expect(second.names).toHaveLength(first.names.length);
    expect(second.names.filter((name) => first.names.includes(name))).toEqual([]);
    expect(book.sheets().map((s) => s.name)).toEqual(["Sheet1", SPEC.name, `${SPEC.name} (2)`]);
    expect((await host.listReportSheets()).map((r) => r.sheet)).toEqual([SPEC.name, `${SPEC.name} (2)`]);
  });

  it("writes, reads and recalculates on the sheet each target names", async () => {
    const { book, host } = reportSetup();
    const { sheet } = await host.createReportSheet(keywordReport());
    await flush();
    await host.writeValues({ sheet: "Sheet1", address: KEYWORD }, [["not the report"]]);
    expect(book.display(parseCellAddress(KEYWORD)!, sheet).text).toBe("yoga mat");
    await host.writeValues({ sheet, address: KEYWORD }, [["yoga block"]]);
    await flush();
    await expect(host.readValue({ sheet, address: below(TRENDS.address, 2) })).resolves.toBe("2024-02");
    await expect(host.readValue({ sheet, address: below(TRENDS.address, 3) })).resolves.toBe("");
    const corner = [TRENDS.address, below(TRENDS.address, 0, 1), below(TRENDS.address, 1), below(TRENDS.address, 1, 1)];
    expect((await host.checkArea({ sheet, address: TRENDS.address }, 2, 2)).occupied).toEqual(corner);
    expect((await host.checkArea({ sheet: "Sheet1", address: TRENDS.address }, 2, 2)).occupied).toEqual([]);
    await expect(host.writeFormula({ sheet: "Nope", address: "A1" }, "=MAD.X()")).rejects.toThrow(
      /no sheet named "Nope"/,
    );
  });

  it("keeps tables apart per sheet: the same address on two sheets does not overlap", async () => {
    const { book, host } = reportSetup();
    const { sheet } = await host.createReportSheet(keywordReport());
    const table = {
      name: "Brands",
      header: ["brand", "sales"],
      rows: [["Gaiam", 900]],
      columnFormats: ["@", "#,##0"],
      query: { operation: "market_brand_concentration", params: { marketplace: "US" } },
    };
    // Far below the report's sections, so that the table's cells are free on both sheets.
    const onReport = await host.createTable({ sheet, address: "AH20" }, table);
    const onFirst = await host.createTable({ sheet: "Sheet1", address: "AH20" }, table);
    expect([onReport.sheet, onFirst.sheet]).toEqual([sheet, "Sheet1"]);
    expect(onFirst.name).toBe("Brands2");
    expect(book.display(parseCellAddress("AH21")!, sheet).text).toBe("Gaiam");
    await host.replaceTableRows("Brands", [["Manduka", 700]], table.query);
    expect(book.display(parseCellAddress("AH21")!, sheet).text).toBe("Manduka");
    expect(book.display(parseCellAddress("AH21")!, "Sheet1").text).toBe("Gaiam");
    expect((await host.listTables()).map((t) => [t.name, t.sheet, t.address])).toEqual([
      ["Brands", sheet, "AH20:AI21"],
      ["Brands2", "Sheet1", "AH20:AI21"],
    ]);
  });

  it("refuses a spec it cannot lay out before adding anything", async () => {
    const { book, host } = reportSetup();
    const bad = (change: (spec: ReportSheetSpec) => ReportSheetSpec) => host.createReportSheet(change(keywordReport()));
    await expect(bad((s) => ({ ...s, formulas: [{ address: "A6", formula: "MAD.X()" }] }))).rejects.toThrow(
      /does not start with "="/,
    );
    await expect(bad((s) => ({ ...s, values: [{ address: "B", value: 1, role: "input" }] }))).rejects.toThrow(
      /"B" is not a cell address/,
    );
    await expect(
      bad((s) => ({ ...s, charts: [{ ...s.charts[0], categories: { cell: "C9", column: 0 } }] })),
    ).rejects.toThrow(/reads C9, which holds no formula of the report/);
    await expect(bad((s) => ({ ...s, charts: [{ ...s.charts[0], maxPoints: 0 }] }))).rejects.toThrow(/maxPoints/);
    expect(book.sheets()).toHaveLength(1);
  });

  it("refreshes the charts of a report sheet only", async () => {
    const { book, host } = reportSetup();
    const { sheet } = await host.createReportSheet(keywordReport());
    let told = 0;
    book.onChange(() => told++);
    await host.refreshReportCharts(sheet);
    expect(told).toBe(1);
    await expect(host.refreshReportCharts("Sheet1")).rejects.toThrow(/not made from a report template/);
  });
});
