/**
 * The Office.js host adapter against the strict Excel stand-in, on desktop and on the web: what lands in cells,
 * tables with their formats and stored query, text that looks like a formula staying text, a person's cells
 * never written over without being asked, the scan for MAD formulas over a big workbook, and every sync under
 * the 5 MB Excel on the web accepts (the stand-in refuses more on the web and records it on desktop). What both
 * hosts do alike (a person's cells, growing tables) is host-behaviour.test.ts.
 */
import { createOfficeHost } from "../../src/taskpane/host/office-host";
import { EXCEL_PAYLOAD_LIMIT_BYTES as EXCEL_REQUEST_LIMIT_BYTES } from "../../src/table/result-size";
import { OLD_SNAPSHOT_SETTING, SNAPSHOT_SETTING, TABLES_SETTING } from "../../src/taskpane/host/document-settings";
import type { StoredQuery, TableSpec } from "../../src/taskpane/host/host-adapter";
import { PLATFORMS, strictExcelPerTest } from "../support/strict-excel/jest";

const QUERY: StoredQuery = {
  operation: "product_research",
  params: { marketplace: "US", minPrice: 10 },
  fields: ["asin", "title", "price", "availableDate"],
  limit: 50,
  refreshedAt: 1_754_000_000_000,
};
const HOSTILE = ['=HYPERLINK("http://evil","x")', "+1 555 0100", "-5", "@SUM(A1)"];
const table = (rows: (string | number)[][], name = "MAD_ProductResearch"): TableSpec => ({
  name,
  header: ["asin", "price"],
  rows,
  columnFormats: ["@", "#,##0.00"],
  query: QUERY,
});
const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => [`B0${String(i).padStart(8, "0")}`, 10 + i]);

describe.each(PLATFORMS)("office host (%s)", (platform) => {
  const session = strictExcelPerTest({ platform, sheets: ["Sheet1", "My Sheet"] });

  it("reads the active cell without its sheet prefix", async () => {
    session.excel.book.active = { sheet: "My Sheet", address: "C7" };
    expect(await createOfficeHost().getActiveCell()).toEqual({ sheet: "My Sheet", address: "C7" });
  });

  it("reads the selected cells' values, only their used part, and refuses several areas as Excel does", async () => {
    const host = createOfficeHost();
    await host.writeValues({ sheet: "My Sheet", address: "A3" }, [["B07Z82895W"], ["B0DGVP84B5, B0CK9RJWF6"], [null]]);
    session.excel.book.selection = { sheet: "My Sheet", address: "A1:A5000" };
    expect(await host.readSelection()).toEqual({
      sheet: "My Sheet",
      address: "A1:A5000",
      values: [["B07Z82895W"], ["B0DGVP84B5, B0CK9RJWF6"]],
    });
    session.excel.book.selection = { sheet: "My Sheet", address: "C1:C9" };
    expect(await host.readSelection()).toEqual({ sheet: "My Sheet", address: "C1:C9", values: [] });
    session.excel.book.selection = { sheet: "My Sheet", address: "A1:A5,C1:C5" };
    await expect(host.readSelection()).rejects.toMatchObject({ code: "InvalidSelection" });
  });

  it("writes values as values: text stays text, numbers and booleans keep their type", async () => {
    const { excel } = session;
    const written = await createOfficeHost().writeValues({ sheet: "Sheet1", address: "B3" }, [
      ["keyword", "=cmd|' /C calc'!A0"],
      ["minPrice", 10],
      ["nodeIdPathEqual", false],
      ["month", "202508"],
      ["fields", null],
    ]);
    expect(written).toEqual({ sheet: "Sheet1", address: "B3:C7" });
    expect(excel.cell("Sheet1", "C3")).toEqual({ value: "=cmd|' /C calc'!A0", format: "@" });
    expect(excel.cell("Sheet1", "C4")).toEqual({ value: 10, format: "General" });
    expect(excel.cell("Sheet1", "C5")).toEqual({ value: false, format: "General" });
    expect(excel.cell("Sheet1", "C6")).toEqual({ value: "202508", format: "@" });
    expect(excel.shows("Sheet1", "C7")).toBe("");
  });

  it("checks an area before anything is written: cells in use, and the sheet's edge", async () => {
    const { excel } = session;
    const host = createOfficeHost();
    const target = { sheet: "Sheet1", address: "B3" };
    expect(await host.checkArea(target, 2001, 4)).toEqual({ address: "B3:E2003", occupied: [] });
    excel.type("Sheet1", "C5", "a note");
    excel.type("Sheet1", "E5", "12");
    excel.type("Sheet1", "E2003", "last");
    expect((await host.checkArea(target, 2001, 4)).occupied).toEqual(["C5", "E5", "E2003"]);
    const edge = await host.checkArea({ sheet: "Sheet1", address: "A1048000" }, 2001, 2);
    expect(edge.address).toBe("A1048000:B1048576");
    expect(edge.outside).toMatch(/2001 rows × 2 columns from A1048000 run past the sheet's edge/);
  });

  it("checks a 2,000 × 60 area full of long text in bounded reads, naming the first 20 cells in use", async () => {
    const { excel } = session;
    excel.seed(
      "Sheet1",
      (function* () {
        for (let r = 0; r < 2000; r++)
          for (let c = 0; c < 60; c++) yield [r, c, `${"long text ".repeat(8)}${r}`] as [number, number, string];
      })(),
    );
    const check = await createOfficeHost().checkArea({ sheet: "Sheet1", address: "A1" }, 2000, 60);
    expect(check.occupied).toHaveLength(20);
    expect(check.occupied.slice(0, 3)).toEqual(["A1", "B1", "C1"]);
  });

  it("writes a formula into one cell", async () => {
    await createOfficeHost().writeFormula(
      { sheet: "Sheet1", address: "E3" },
      '=MAD.PRODUCTRESEARCH($C$4,"",$C$5,$C$6)',
    );
    expect(session.excel.cell("Sheet1", "E3")?.formula).toBe('=MAD.PRODUCTRESEARCH($C$4,"",$C$5,$C$6)');
  });

  it("creates a table with its header, per-column formats and stored query; hostile text lands as text", async () => {
    const { excel } = session;
    const rows = HOSTILE.map((title, i) => [`B0DGVP84B${i}`, title, 19.99 + i, 45_000 + i]);
    const info = await createOfficeHost().createTable(
      { sheet: "Sheet1", address: "A1" },
      {
        name: "MAD_ProductResearch",
        header: ["asin", "title", "price", "availableDate"],
        rows,
        columnFormats: ["@", "@", "#,##0.00", "yyyy-mm-dd"],
        query: QUERY,
      },
    );
    expect(info).toEqual({ name: "MAD_ProductResearch", sheet: "Sheet1", address: "A1:D5", rowCount: 4, query: QUERY });
    expect(excel.book.tables.map((t) => [t.name, t.sheet.name])).toEqual([["MAD_ProductResearch", "Sheet1"]]);
    expect(["A1", "B1", "C1", "D1"].map((a) => excel.shows("Sheet1", a))).toEqual([
      "asin",
      "title",
      "price",
      "availableDate",
    ]);
    HOSTILE.forEach((title, i) => expect(excel.cell("Sheet1", `B${i + 2}`)).toEqual({ value: title, format: "@" }));
    expect(excel.cell("Sheet1", "C2")).toEqual({ value: 19.99, format: "#,##0.00" });
    expect(excel.cell("Sheet1", "D3")).toEqual({ value: 45_001, format: "yyyy-mm-dd" });
    const stored = JSON.parse(String(excel.book.settings.get(TABLES_SETTING)));
    expect(stored).toEqual({
      MAD_ProductResearch: { sheet: "Sheet1", query: QUERY, formats: ["@", "@", "#,##0.00", "yyyy-mm-dd"] },
    });
  });

  it("makes table names unique", async () => {
    const host = createOfficeHost();
    await host.createTable({ sheet: "Sheet1", address: "A1" }, table(rowsOf(1)));
    expect((await host.createTable({ sheet: "Sheet1", address: "H1" }, table(rowsOf(1)))).name).toBe(
      "MAD_ProductResearch_2",
    );
  });

  it("replaces a table's rows, keeping its formats, and lists tables with their queries", async () => {
    const { excel } = session;
    const host = createOfficeHost();
    await host.createTable({ sheet: "My Sheet", address: "B2" }, table(rowsOf(3)));
    const refreshed = { ...QUERY, refreshedAt: 1_755_000_000_000 };
    const info = await host.replaceTableRows("MAD_ProductResearch", [["=X", 9]], refreshed);
    expect(info).toMatchObject({ address: "B2:C3", rowCount: 1, sheet: "My Sheet" });
    expect(excel.cell("My Sheet", "B3")).toEqual({ value: "=X", format: "@" });
    expect(excel.cell("My Sheet", "C3")).toEqual({ value: 9, format: "#,##0.00" });
    expect(excel.shows("My Sheet", "B4")).toBe("");
    expect(await host.listTables()).toEqual([
      { name: "MAD_ProductResearch", sheet: "My Sheet", address: "B2:C3", rowCount: 1, query: refreshed },
    ]);
  });

  it("lists only tables it created that still exist", async () => {
    session.excel.book.settings.set(
      TABLES_SETTING,
      JSON.stringify({ Gone: { sheet: "Sheet1", query: QUERY, formats: [] } }),
    );
    expect(await createOfficeHost().listTables()).toEqual([]);
  });

  it("reads which sources keep snapshots from a workbook saved before the setting's rename, and writes the new one", async () => {
    const { excel } = session;
    const source = { kind: "table", table: "MAD_ProductResearch" } as const;
    // As an older version left it in the open workbook's settings.
    Office.context.document.settings.set(
      OLD_SNAPSHOT_SETTING,
      JSON.stringify({ "table:MAD_ProductResearch": { source, keep: true } }),
    );
    const host = createOfficeHost();
    expect(await host.listSnapshotSheets()).toEqual([{ source, keep: true, sheet: null, snapshots: 0, lastDay: null }]);
    await host.setKeepSnapshots(source, false);
    expect(JSON.parse(String(excel.book.settings.get(SNAPSHOT_SETTING)))).toEqual({
      "table:MAD_ProductResearch": { source, keep: false },
    });
    expect(await host.listSnapshotSheets()).toEqual([
      { source, keep: false, sheet: null, snapshots: 0, lastDay: null },
    ]);
  });

  it("finds MAD formulas on every sheet and recalculates the cells asked for", async () => {
    const { excel } = session;
    excel.type("Sheet1", "A1", "plain text");
    excel.type("Sheet1", "D4", '=MAD.KEYWORDTRENDS("US","yoga mat")');
    excel.type("Sheet1", "E9", "=SUM(A1:A3)");
    excel.type("My Sheet", "C3", "=mad.productresearch(B2,A5:B9)");
    const host = createOfficeHost();
    expect(await host.listMadFormulas()).toEqual([
      { sheet: "Sheet1", address: "D4", formula: '=MAD.KEYWORDTRENDS("US","yoga mat")' },
      { sheet: "My Sheet", address: "C3", formula: "=mad.productresearch(B2,A5:B9)" },
    ]);
    await excel.idle();
    const before = excel.manual.calls.length;
    await host.recalculate([
      { sheet: "Sheet1", address: "D4" },
      { sheet: "My Sheet", address: "C3" },
    ]);
    await excel.idle();
    expect(excel.manual.calls.slice(before).map((c) => c.address)).toEqual(["Sheet1!D4", "'My Sheet'!C3"]);
  });

  it("lists the MAD formulas of 13 sheets × 30,000 used cells, every sync under 5 MB", async () => {
    const { excel } = session;
    for (let s = 0; s < 13; s++)
      excel.seed(
        `Data ${s + 1}`,
        (function* () {
          for (let r = 0; r < 1000; r++)
            for (let c = 0; c < 30; c++)
              yield r % 100 === 7 && c === 3
                ? ([r, c, 1, `=MAD.KEYWORDTRENDS("US","word ${r}")`] as [number, number, number, string])
                : ([r, c, `ASIN B0${s}${r}${c} noted`] as [number, number, string]);
        })(),
      );
    const found = await createOfficeHost().listMadFormulas();
    expect(found).toHaveLength(13 * 10);
    expect(found[0]).toEqual({ sheet: "Data 1", address: "D8", formula: '=MAD.KEYWORDTRENDS("US","word 7")' });
    expect(excel.largest.response).toBeLessThan(5_000_000);
  });
});

describe("large writes", () => {
  const session = strictExcelPerTest({ platform: "web" });
  // Excel on the web refuses a request over 5 MB: a 2,000 x 52 table of long texts must go out in row blocks.
  const ROWS = 2000;
  const COLS = 52;
  const longText = (r: number, c: number) =>
    c === 0 && r % 100 === 0 ? HOSTILE[(r / 100) % HOSTILE.length] : `Row ${r} column ${c}: ${"long text ".repeat(6)}`;
  const rows = Array.from({ length: ROWS }, (_, r) => Array.from({ length: COLS }, (_, c) => longText(r, c)));

  it("a 2,000 x 52 table of long texts goes out in several syncs, each under 5 MB, text staying text", async () => {
    const { excel } = session;
    const progress: { start: number; end: number; rowsWritten: number }[] = [];
    const written = await createOfficeHost().writeValues({ sheet: "Sheet1", address: "A1" }, rows, undefined, (p) =>
      progress.push({ start: p.blockStart, end: p.blockEnd, rowsWritten: p.rowsWritten }),
    );
    expect(written).toEqual({ sheet: "Sheet1", address: "A1:AZ2000" });
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[0].start).toBe(0);
    progress.forEach((p, i) => i > 0 && expect(p.start).toBe(progress[i - 1].end));
    expect(progress[progress.length - 1].rowsWritten).toBe(ROWS);
    expect(excel.largest.request).toBeLessThan(EXCEL_REQUEST_LIMIT_BYTES);
    expect(excel.cell("Sheet1", "A1")).toEqual({ value: HOSTILE[0], format: "@" });
    expect(excel.cell("Sheet1", "A1901")).toEqual({ value: HOSTILE[3], format: "@" });
    expect(excel.cell("Sheet1", "AZ2000")).toEqual({ value: longText(1999, 51), format: "@" });
  });
});
