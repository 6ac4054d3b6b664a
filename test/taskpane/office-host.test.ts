/**
 * The Office.js host adapter against office-addin-mock objects shaped like Excel (support/fake-excel.ts): what
 * lands in cells, tables with their formats and stored query, text that looks like a formula staying text,
 * the scan for MAD formulas and recalculation.
 */
jest.mock("office-addin-manifest", () => ({
  // office-addin-mock only needs this enum from office-addin-manifest, whose dependencies are ES modules jest cannot load.
  OfficeApp: {
    Excel: "excel",
    OneNote: "onenote",
    Outlook: "outlook",
    PowerPoint: "powerpoint",
    Project: "project",
    Word: "word",
  },
}));

import { createOfficeHost, EXCEL_REQUEST_LIMIT_BYTES, TABLES_SETTING } from "../../src/taskpane/host/office-host";
import type { StoredQuery } from "../../src/taskpane/host/host-adapter";
import { FakeExcel } from "./support/fake-excel";

let excel: FakeExcel;
beforeEach(() => {
  excel = new FakeExcel(["Sheet1", "My Sheet"]);
  Object.assign(globalThis, excel.globals());
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).Excel;
  delete (globalThis as Record<string, unknown>).Office;
});

const QUERY: StoredQuery = {
  operation: "product_research",
  params: { marketplace: "US", minPrice: 10 },
  fields: ["asin", "title", "price", "availableDate"],
  limit: 50,
  refreshedAt: 1_754_000_000_000,
};
const HOSTILE = ['=HYPERLINK("http://evil","x")', "+1 555 0100", "-5", "@SUM(A1)"];

describe("the fake Excel itself", () => {
  it("turns text written without a text format into a formula or a number, as Excel does", async () => {
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1").values = [["=1+1", "-5"]];
      await context.sync();
    });
    expect(excel.cell("Sheet1", "A1")).toMatchObject({ formula: "=1+1" });
    expect(excel.cell("Sheet1", "B1")).toMatchObject({ value: -5 });
  });
});

describe("office host", () => {
  it("reads the active cell without its sheet prefix", async () => {
    excel.active.sheet = "My Sheet";
    excel.active.address = "C7";
    expect(await createOfficeHost().getActiveCell()).toEqual({ sheet: "My Sheet", address: "C7" });
  });

  it("writes values as values: text stays text, numbers and booleans keep their type", async () => {
    const host = createOfficeHost();
    const written = await host.writeValues({ sheet: "Sheet1", address: "B3" }, [
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
    expect(excel.cell("Sheet1", "C7")).toEqual({ value: "", format: "General" });
  });

  it("checks an area before a table is written: cells in use, and the sheet's edge", async () => {
    const host = createOfficeHost();
    const target = { sheet: "Sheet1", address: "B3" };
    expect(await host.checkArea(target, 2001, 4)).toEqual({ address: "B3:E2003", occupied: [] });
    await host.writeValues({ sheet: "Sheet1", address: "C5" }, [["a note", null, 12]]);
    expect((await host.checkArea(target, 2001, 4)).occupied).toEqual(["C5", "E5"]);
    const edge = await host.checkArea({ sheet: "Sheet1", address: "A1048000" }, 2001, 2);
    expect(edge.address).toBe("A1048000:B1048576");
    expect(edge.outside).toMatch(/2001 rows × 2 columns from A1048000 run past the sheet's edge/);
  });

  it("writes a formula into one cell", async () => {
    await createOfficeHost().writeFormula(
      { sheet: "Sheet1", address: "E3" },
      '=MAD.PRODUCTRESEARCH($C$4,"",$C$5,$C$6)',
    );
    expect(excel.cell("Sheet1", "E3")).toMatchObject({ formula: '=MAD.PRODUCTRESEARCH($C$4,"",$C$5,$C$6)' });
  });

  it("creates a table with its header, per-column formats and stored query; hostile text lands as text", async () => {
    const host = createOfficeHost();
    const rows = HOSTILE.map((title, i) => [`B0DGVP84B${i}`, title, 19.99 + i, 45_000 + i]);
    const info = await host.createTable(
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
    expect(excel.tables.get("MAD_ProductResearch")).toEqual({ sheet: "Sheet1", address: "A1:D5" });
    expect(["A1", "B1", "C1", "D1"].map((a) => excel.cell("Sheet1", a)?.value)).toEqual([
      "asin",
      "title",
      "price",
      "availableDate",
    ]);
    HOSTILE.forEach((title, i) => {
      const cell = excel.cell("Sheet1", `B${i + 2}`)!;
      expect(cell).toEqual({ value: title, format: "@" });
      expect(cell.formula).toBeUndefined();
    });
    expect(excel.cell("Sheet1", "C2")).toEqual({ value: 19.99, format: "#,##0.00" });
    expect(excel.cell("Sheet1", "D3")).toEqual({ value: 45_001, format: "yyyy-mm-dd" });
    // Formats go in before the values, range by range.
    for (const address of ["A1:D1", "A2:D5"]) {
      const props = excel.writes.filter((w) => w.address === address).map((w) => w.prop);
      expect(props).toEqual(["numberFormat", "values"]);
    }
    const stored = JSON.parse(String(excel.settings.get(TABLES_SETTING)));
    expect(stored).toEqual({
      MAD_ProductResearch: { sheet: "Sheet1", query: QUERY, formats: ["@", "@", "#,##0.00", "yyyy-mm-dd"] },
    });
    expect(JSON.stringify([...excel.settings.values()])).not.toMatch(/secret/i);
  });

  it("makes table names unique", async () => {
    const host = createOfficeHost();
    const spec = {
      name: "MAD_ProductResearch",
      header: ["asin"],
      rows: [["B0DGVP84B5"]],
      columnFormats: ["@"],
      query: QUERY,
    };
    await host.createTable({ sheet: "Sheet1", address: "A1" }, spec);
    const second = await host.createTable({ sheet: "Sheet1", address: "H1" }, spec);
    expect(second.name).toBe("MAD_ProductResearch_2");
  });

  it("replaces a table's rows, keeping its formats, and lists tables with their queries", async () => {
    const host = createOfficeHost();
    await host.createTable(
      { sheet: "My Sheet", address: "B2" },
      {
        name: "MAD_ProductResearch",
        header: ["asin", "price"],
        rows: [
          ["A", 1],
          ["B", 2],
          ["C", 3],
        ],
        columnFormats: ["@", "#,##0.00"],
        query: QUERY,
      },
    );
    const refreshed = { ...QUERY, refreshedAt: 1_755_000_000_000 };
    const info = await host.replaceTableRows("MAD_ProductResearch", [["=X", 9]], refreshed);
    expect(info).toMatchObject({ address: "B2:C3", rowCount: 1, sheet: "My Sheet" });
    expect(excel.cell("My Sheet", "B3")).toEqual({ value: "=X", format: "@" });
    expect(excel.cell("My Sheet", "C3")).toEqual({ value: 9, format: "#,##0.00" });
    expect(excel.cell("My Sheet", "B4")).toBeUndefined();
    expect(await host.listTables()).toEqual([
      { name: "MAD_ProductResearch", sheet: "My Sheet", address: "B2:C3", rowCount: 1, query: refreshed },
    ]);
  });

  it("lists only tables it created that still exist", async () => {
    excel.settings.set(TABLES_SETTING, JSON.stringify({ Gone: { sheet: "Sheet1", query: QUERY, formats: [] } }));
    expect(await createOfficeHost().listTables()).toEqual([]);
  });

  it("finds MAD formulas on every sheet and recalculates the cells asked for", async () => {
    excel.type("Sheet1", "A1", "plain text");
    excel.type("Sheet1", "D4", '=MAD.KEYWORDTRENDS("US","yoga mat")');
    excel.type("Sheet1", "E9", "=SUM(A1:A3)");
    excel.type("My Sheet", "C3", "=mad.productresearch(B2,A5:B9)");
    const host = createOfficeHost();
    expect(await host.listMadFormulas()).toEqual([
      { sheet: "Sheet1", address: "D4", formula: '=MAD.KEYWORDTRENDS("US","yoga mat")' },
      { sheet: "My Sheet", address: "C3", formula: "=mad.productresearch(B2,A5:B9)" },
    ]);
    await host.recalculate([
      { sheet: "Sheet1", address: "D4" },
      { sheet: "My Sheet", address: "C3" },
    ]);
    expect(excel.calculated).toEqual(["Sheet1!D4", "My Sheet!C3"]);
  });
});

describe("large writes", () => {
  // Excel on the web refuses a request over 5 MB: a 2,000 x 52 table of long texts must go out in row blocks.
  const ROWS = 2000;
  const COLS = 52;
  const longText = (r: number, c: number) =>
    c === 0 && r % 100 === 0 ? HOSTILE[(r / 100) % HOSTILE.length] : `Row ${r} column ${c}: ${"long text ".repeat(6)}`;
  const rows = Array.from({ length: ROWS }, (_, r) => Array.from({ length: COLS }, (_, c) => longText(r, c)));
  const columnName = (c: number) => (c < 26 ? String.fromCharCode(65 + c) : `A${String.fromCharCode(65 + c - 26)}`);

  it("a 2,000 x 52 table of long texts goes out in several batches, each under 5 MB, text staying text", async () => {
    const syncsPerBatch: number[] = [];
    let syncs = 0;
    const run = <T>(batch: (context: Excel.RequestContext) => Promise<T>) =>
      Excel.run((context) => {
        const sync = context.sync.bind(context);
        (context as { sync: () => Promise<void> }).sync = () => {
          syncs++;
          return sync();
        };
        return batch(context);
      });
    const progress: { start: number; end: number; rowsWritten: number }[] = [];
    const payloads: number[] = [];
    const host = createOfficeHost({ run: run as never });
    const written = await host.writeValues({ sheet: "Sheet1", address: "A1" }, rows, undefined, (p) => {
      progress.push({ start: p.blockStart, end: p.blockEnd, rowsWritten: p.rowsWritten });
      syncsPerBatch.push(syncs);
      // What this batch put into the sheet, read back from the fake workbook, as JSON: values and formats.
      const block: unknown[] = [];
      for (let r = p.blockStart; r < p.blockEnd; r++)
        for (let c = 0; c < COLS; c++) block.push(excel.cell("Sheet1", `${columnName(c)}${r + 1}`));
      payloads.push(Buffer.byteLength(JSON.stringify(block)));
    });
    expect(written).toEqual({ sheet: "Sheet1", address: "A1:AZ2000" });
    expect(progress.length).toBeGreaterThan(2);
    expect(syncs).toBe(progress.length);
    expect(syncsPerBatch).toEqual(progress.map((_, i) => i + 1));
    // Blocks follow each other without gap or overlap, up to the last row.
    expect(progress[0].start).toBe(0);
    progress.forEach((p, i) => i > 0 && expect(p.start).toBe(progress[i - 1].end));
    expect(progress[progress.length - 1].rowsWritten).toBe(ROWS);
    for (const bytes of payloads) expect(bytes).toBeLessThan(EXCEL_REQUEST_LIMIT_BYTES);
    expect(excel.cell("Sheet1", "A1")).toEqual({ value: HOSTILE[0], format: "@" });
    expect(excel.cell("Sheet1", "A1901")).toEqual({ value: HOSTILE[3], format: "@" });
    expect(excel.cell("Sheet1", "AZ2000")).toEqual({ value: longText(1999, 51), format: "@" });
  });
});
