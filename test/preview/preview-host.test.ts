import { parseCellAddress } from "../../src/table/a1";
import type { FunctionInvoker } from "../../src/preview/cell-types";
import { toOutcome } from "../../src/preview/function-runtime";
import { PreviewHost } from "../../src/preview/preview-host";
import type { ReportGroupInfo, ReportSheetSpec } from "../../src/taskpane/host/host-adapter";
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

const REPORT: ReportGroupInfo = {
  template: "keywordOpportunity",
  title: "Keyword opportunity",
  inputs: { market: "US", keyword: "yoga mat" },
  createdAt: 1_700_000_000_000,
};

function keywordReport(name = "Keyword yoga mat"): ReportSheetSpec {
  return {
    name,
    values: [
      { address: "A1", value: "Keyword opportunity", role: "title" },
      { address: "A2", value: "Market", role: "label" },
      { address: "B2", value: "US", role: "input", format: "@" },
      { address: "A3", value: "Keyword", role: "label" },
      { address: "B3", value: "yoga mat", role: "input", format: "@" },
      { address: "A4", value: "=cmd|' /C calc'!A0", role: "note" },
      { address: "D2", value: "172282:281407", role: "input", format: "@" },
      { address: "A5", value: "Keyword trends", role: "title" },
    ],
    formulas: [{ address: "A6", formula: "=MAD.KEYWORDTRENDS($B$2,$B$3)" }],
    charts: [
      {
        kind: "line",
        title: "Searches over time",
        categories: { cell: "A6", column: 0 },
        series: [
          { name: "Searches", values: { cell: "A6", column: 1 } },
          { name: "Purchases", values: { cell: "A6", column: 2 } },
        ],
        categoryAxisTitle: "Month",
        valueAxisTitle: "Searches",
        anchor: "F2",
      },
    ],
    report: REPORT,
  };
}

describe("PreviewHost report sheets", () => {
  const reportSetup = () => {
    const book = new Workbook(trends, 60, 20);
    return { book, host: new PreviewHost(book, () => parseCellAddress("A1")!) };
  };

  it("can make reports: nothing is missing", async () => {
    await expect(reportSetup().host.reportSupport()).resolves.toBeNull();
  });

  it("adds an active sheet with the inputs as values, the formulas evaluated, names over the spills and the chart", async () => {
    const { book, host } = reportSetup();
    const created = await host.createReportSheet(keywordReport());
    expect(created).toEqual({
      sheet: "Keyword yoga mat",
      names: ["MAD_Keyword_yoga_mat_1_x", "MAD_Keyword_yoga_mat_1_s1", "MAD_Keyword_yoga_mat_1_s2"],
      charts: 1,
    });
    expect(book.activeSheet().name).toBe("Keyword yoga mat");
    await expect(host.getActiveCell()).resolves.toEqual({ sheet: "Keyword yoga mat", address: "A1" });
    const shown = (address: string) => book.display(parseCellAddress(address)!, created.sheet);
    expect(shown("D2")).toMatchObject({ value: "172282:281407", text: "172282:281407" });
    expect(shown("A4")).toMatchObject({ value: "=cmd|' /C calc'!A0" });
    expect(shown("A1").style).toBe("report-title");
    expect(shown("B3").style).toBe("report-input");
    await flush();
    expect(["A6", "B6", "A7", "B9"].map((a) => shown(a).text)).toEqual(["month", "searches", "2024-01", "300"]);
    const sheetId = book.sheet(created.sheet).id;
    const spill = (column: number) => `=OFFSET('Keyword yoga mat'!$A$6,1,${column},ROWS('Keyword yoga mat'!$A$6#)-1,1)`;
    expect(book.definedNames()).toEqual([
      { name: "MAD_Keyword_yoga_mat_1_x", sheetId, refersTo: spill(0) },
      { name: "MAD_Keyword_yoga_mat_1_s1", sheetId, refersTo: spill(1) },
      { name: "MAD_Keyword_yoga_mat_1_s2", sheetId, refersTo: spill(2) },
    ]);
    await expect(host.listMadFormulas()).resolves.toEqual([
      { sheet: "Keyword yoga mat", address: "A6", formula: "=MAD.KEYWORDTRENDS($B$2,$B$3)" },
    ]);
    await expect(host.listReportSheets()).resolves.toEqual([{ sheet: "Keyword yoga mat", report: REPORT }]);
  });

  it("gives a second report of the same input its own sheet, names and charts", async () => {
    const { book, host } = reportSetup();
    await host.createReportSheet(keywordReport());
    const second = await host.createReportSheet(keywordReport());
    expect(second.sheet).toBe("Keyword yoga mat (2)");
    expect(second.names[0]).toBe("MAD_Keyword_yoga_mat__2__1_x");
    expect(book.sheets().map((s) => s.name)).toEqual(["Sheet1", "Keyword yoga mat", "Keyword yoga mat (2)"]);
    expect((await host.listReportSheets()).map((r) => r.sheet)).toEqual(["Keyword yoga mat", "Keyword yoga mat (2)"]);
  });

  it("writes, reads and recalculates on the sheet each target names", async () => {
    const { book, host } = reportSetup();
    const { sheet } = await host.createReportSheet(keywordReport());
    await flush();
    await host.writeValues({ sheet: "Sheet1", address: "B3" }, [["not the report"]]);
    expect(book.display(parseCellAddress("B3")!, sheet).text).toBe("yoga mat");
    await host.writeValues({ sheet, address: "B3" }, [["yoga block"]]);
    await flush();
    await expect(host.readValue({ sheet, address: "A8" })).resolves.toBe("2024-02");
    await expect(host.readValue({ sheet, address: "A9" })).resolves.toBe("");
    expect((await host.checkArea({ sheet, address: "A6" }, 2, 2)).occupied).toEqual(["A6", "B6", "A7", "B7"]);
    expect((await host.checkArea({ sheet: "Sheet1", address: "A6" }, 2, 2)).occupied).toEqual([]);
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
    const onReport = await host.createTable({ sheet, address: "H20" }, table);
    const onFirst = await host.createTable({ sheet: "Sheet1", address: "H20" }, table);
    expect([onReport.sheet, onFirst.sheet]).toEqual([sheet, "Sheet1"]);
    expect(onFirst.name).toBe("Brands2");
    expect(book.display(parseCellAddress("H21")!, sheet).text).toBe("Gaiam");
    await host.replaceTableRows("Brands", [["Manduka", 700]], table.query);
    expect(book.display(parseCellAddress("H21")!, sheet).text).toBe("Manduka");
    expect(book.display(parseCellAddress("H21")!, "Sheet1").text).toBe("Gaiam");
    expect((await host.listTables()).map((t) => [t.name, t.sheet, t.address])).toEqual([
      ["Brands", sheet, "H20:I21"],
      ["Brands2", "Sheet1", "H20:I21"],
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
