/**
 * The HostAdapter in Excel, over Office.js. Small on purpose: every decision (what to write, where, with which
 * formats) is made by the task pane's models; this module only turns it into Excel.run batches.
 *
 * - Text stays text: every string cell gets the number format `@` before its value is written in the same batch,
 *   so API text starting with `=`, `+`, `-` or `@` is stored as that text, never parsed as a formula or number.
 * - A table's query lives in the workbook's document settings under `mad.tables` (table name -> operation,
 *   parameters, fields, limit, refresh time, column formats). It is not secret; the API secret never goes there
 *   (it lives in runtime storage, see the connection panel).
 * - Tables are found again by name; a table renamed by hand loses its stored query (it is then an ordinary table).
 * - Large writes go out in row blocks, one `context.sync()` each: Excel on the web refuses a request payload over
 *   5 MB ("Resource limits and performance optimization for Office Add-ins"), so blocks are cut from the
 *   estimated JSON size of their values and number formats, well under that limit. Each block sets its text
 *   formats before its values, so the rule above holds per batch.
 * - Report sheets made from templates (sheets, workbook names over spills, native charts) are office-reports.ts,
 *   loaded on first use: the task pane's first paint does not wait for them (or for the templates they import).
 */
import { t } from "../../i18n";
import type {
  AreaCheck,
  CellTarget,
  CellValue,
  ColumnFormats,
  FormulaCell,
  HostAdapter,
  OnWriteProgress,
  StoredQuery,
  TableInfo,
  TableSpec,
} from "./host-adapter";
import { blockAddress, cellAddress, offset, parseCell } from "../../table/a1";
import type { officeReportMethods } from "./office-reports";

export const TABLES_SETTING = "mad.tables";
/** Where report sheets made from templates keep what they were made from (office-reports.ts). */
export const REPORTS_SETTING = "mad.reports";
const TEXT = "@";
const GENERAL = "General";
/** The size of an Excel worksheet. */
const EXCEL_ROWS = 1_048_576;
const EXCEL_COLUMNS = 16_384;
/** An area check names at most this many cells in use. */
const MAX_OCCUPIED = 20;
/** How often and how far apart readValue looks again while a formula shows #BUSY! (about 30 s in all). */
const READ_ATTEMPTS = 60;
const READ_PAUSE_MS = 500;
/** How many numbered variants of a table name are tried. */
const MAX_NAME_TRIES = 50;

interface StoredTable {
  readonly sheet: string;
  readonly query: StoredQuery;
  readonly formats: readonly string[];
}
type StoredTables = Record<string, StoredTable>;

/** Splits `Sheet1!B2:C3` or `'My sheet'!B2` into sheet and local address. */
export function splitAddress(address: string): { sheet: string; address: string } {
  const bang = address.lastIndexOf("!");
  if (bang < 0) return { sheet: "", address };
  let sheet = address.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  return { sheet, address: address.slice(bang + 1) };
}

/** Number formats cell by cell: text cells `@`, other cells their column's format. */
export function cellFormats(values: readonly (readonly CellValue[])[], columnFormats?: ColumnFormats): string[][] {
  return values.map((row) =>
    row.map((value, col) => (typeof value === "string" ? TEXT : (columnFormats?.[col] ?? GENERAL))),
  );
}

const excelValues = (values: readonly (readonly CellValue[])[]) =>
  values.map((row) => row.map((v) => (v === null ? "" : v)));
const width = (values: readonly (readonly CellValue[])[]) => values.reduce((w, row) => Math.max(w, row.length), 0);
const padRows = (values: readonly (readonly CellValue[])[], cols: number): CellValue[][] =>
  values.map((row) => [...row, ...Array<CellValue>(cols - row.length).fill(null)]);

/** Formats first, then values, in one batch: the order is what keeps text from becoming formulas. */
function writeBlock(
  range: Excel.Range,
  values: readonly (readonly CellValue[])[],
  columnFormats?: ColumnFormats,
): void {
  range.numberFormat = cellFormats(values, columnFormats);
  range.values = excelValues(values) as (string | number | boolean)[][];
}

/** Excel on the web refuses a request over 5 MB. */
export const EXCEL_REQUEST_LIMIT_BYTES = 5 * 1024 * 1024;
/** Rows are packed into blocks up to this estimate: room for the request's own envelope and for misestimates. */
export const BLOCK_BUDGET_BYTES = 3 * 1024 * 1024;

/** UTF-8 bytes of a text as JSON writes it (quotes and escapes included, non-ASCII up to 3 bytes a char). */
function jsonTextBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) bytes += 2;
    else if (code < 0x20) bytes += 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

/** Estimated JSON bytes one row adds to a request: its values and its number formats. */
export function estimateRowBytes(row: readonly CellValue[], columnFormats?: ColumnFormats): number {
  let bytes = 4; // the row's brackets, in the values and in the formats
  row.forEach((value, col) => {
    if (typeof value === "string")
      bytes += jsonTextBytes(value) + 4; // `"@"` + separators
    else {
      bytes += (value === null ? 2 : String(value).length) + 2;
      bytes += jsonTextBytes(columnFormats?.[col] ?? GENERAL);
    }
  });
  return bytes;
}

/** Rows cut into [start, end) blocks whose estimated request stays under `budget` (at least one row a block). */
export function rowBlocks(
  rows: readonly (readonly CellValue[])[],
  columnFormats?: ColumnFormats,
  budget = BLOCK_BUDGET_BYTES,
): { start: number; end: number; bytes: number }[] {
  const blocks: { start: number; end: number; bytes: number }[] = [];
  let start = 0;
  let bytes = 0;
  rows.forEach((row, i) => {
    const rowBytes = estimateRowBytes(row, columnFormats);
    if (i > start && bytes + rowBytes > budget) {
      blocks.push({ start, end: i, bytes });
      start = i;
      bytes = 0;
    }
    bytes += rowBytes;
  });
  if (rows.length) blocks.push({ start, end: rows.length, bytes });
  return blocks;
}

/**
 * Writes `rows` below `top` in row blocks, one sync each (formats before values in every block), reporting each
 * block. The caller's later actions (a table over the range) go in its own final sync.
 */
async function writeRowsInBlocks(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  top: ReturnType<typeof parseCell>,
  rows: readonly (readonly CellValue[])[],
  cols: number,
  columnFormats: ColumnFormats | undefined,
  onProgress: OnWriteProgress | undefined,
): Promise<void> {
  const padded = padRows(rows, cols);
  for (const block of rowBlocks(padded, columnFormats)) {
    const range = sheet.getRange(blockAddress(offset(top, block.start, 0), block.end - block.start, cols));
    writeBlock(range, padded.slice(block.start, block.end), columnFormats);
    // One sync per block on purpose: each sync is one request, and a request must stay under Excel's 5 MB.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    onProgress?.({
      rowsWritten: block.end,
      totalRows: rows.length,
      blockStart: block.start,
      blockEnd: block.end,
      estimatedBytes: block.bytes,
    });
  }
}

export interface OfficeHostDeps {
  /** Excel.run (injectable for tests). */
  readonly run?: <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;
  /** The document settings (injectable for tests). */
  readonly settings?: () => Office.Settings;
  /** The requirement sets this Excel supports (injectable for tests). */
  readonly requirements?: () => Pick<Office.RequirementSetSupport, "isSetSupported"> | undefined;
}

export function createOfficeHost(deps: OfficeHostDeps = {}): HostAdapter {
  const run = deps.run ?? (<T>(batch: (context: Excel.RequestContext) => Promise<T>) => Excel.run(batch));
  const settings = deps.settings ?? (() => Office.context.document.settings);
  const requirements = deps.requirements ?? (() => Office.context.requirements);

  const readStored = (): StoredTables => {
    const raw = settings().get(TABLES_SETTING) as unknown;
    if (typeof raw === "string") {
      try {
        return JSON.parse(raw) as StoredTables;
      } catch {
        return {};
      }
    }
    return raw && typeof raw === "object" ? (raw as StoredTables) : {};
  };
  const writeStored = (tables: StoredTables) =>
    new Promise<void>((resolve, reject) => {
      const s = settings();
      s.set(TABLES_SETTING, JSON.stringify(tables));
      s.saveAsync((result) =>
        String(result.status) === "failed"
          ? reject(new Error(t("host.saveTable", { reason: result.error?.message ?? t("host.unknownError") })))
          : resolve(),
      );
    });

  /** The proposed name, or the first free `<name>_2`, `<name>_3`...: candidates are checked in one round trip. */
  async function uniqueTableName(context: Excel.RequestContext, proposed: string): Promise<string> {
    const base = proposed.replace(/[^A-Za-z0-9_.]/g, "_").replace(/^[^A-Za-z_]/, "_") || "MAD_Table";
    const candidates = Array.from({ length: MAX_NAME_TRIES }, (_, i) => (i === 0 ? base : `${base}_${i + 1}`));
    const found = candidates.map((name) => context.workbook.tables.getItemOrNullObject(name));
    found.forEach((table) => table.load("name"));
    await context.sync();
    const free = candidates.find((_, i) => found[i].isNullObject);
    if (!free)
      throw new Error(`The workbook already has tables ${base} to ${base}_${MAX_NAME_TRIES}; rename or delete some.`);
    return free;
  }

  let reportMethods: Promise<ReturnType<typeof officeReportMethods>> | undefined;
  const reports = () =>
    (reportMethods ??= import(/* webpackChunkName: "office-reports" */ "./office-reports").then((m) =>
      m.officeReportMethods({ run, settings, requirements }),
    ));

  return {
    reportSupport: async () => (await reports()).reportSupport(),
    createReportSheet: async (spec) => (await reports()).createReportSheet(spec),
    listReportSheets: async () => (await reports()).listReportSheets(),
    refreshReportCharts: async (sheet) => (await reports()).refreshReportCharts(sheet),

    getActiveCell: () =>
      run(async (context) => {
        const cell = context.workbook.getActiveCell();
        cell.load("address");
        await context.sync();
        const { sheet, address } = splitAddress(cell.address);
        return { sheet, address: cellAddress(parseCell(address)) };
      }),

    writeValues: (target, values, columnFormats, onProgress) =>
      run(async (context) => {
        const cols = width(values);
        const top = parseCell(target.address);
        const address = blockAddress(top, values.length, cols);
        const sheet = context.workbook.worksheets.getItem(target.sheet);
        await writeRowsInBlocks(context, sheet, top, values, cols, columnFormats, onProgress);
        return { sheet: target.sheet, address };
      }),

    checkArea: (target, rows, columns) =>
      run(async (context): Promise<AreaCheck> => {
        const top = parseCell(target.address);
        const fitRows = Math.max(1, Math.min(rows, EXCEL_ROWS - top.row));
        const fitColumns = Math.max(1, Math.min(columns, EXCEL_COLUMNS - top.col));
        const address = blockAddress(top, fitRows, fitColumns);
        const outside =
          fitRows < rows || fitColumns < columns
            ? `${rows} rows × ${columns} columns from ${cellAddress(top)} run past the sheet's edge; pick a cell higher up or further left.`
            : undefined;
        const used = context.workbook.worksheets.getItem(target.sheet).getRange(address).getUsedRangeOrNullObject(true);
        used.load("address,values");
        await context.sync();
        const occupied: string[] = [];
        if (!used.isNullObject) {
          const corner = parseCell(splitAddress(used.address).address.split(":")[0]);
          used.values.forEach((row, r) =>
            row.forEach((value, c) => {
              if (value !== "" && value !== null && occupied.length < MAX_OCCUPIED)
                occupied.push(cellAddress(offset(corner, r, c)));
            }),
          );
        }
        return { address, ...(outside ? { outside } : {}), occupied };
      }),

    // A custom function shows #BUSY! while its call runs: look again a few times before reporting what it shows.
    readValue: async (target) => {
      let shown: CellValue = null;
      for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
        shown = await run(async (context) => {
          const range = context.workbook.worksheets
            .getItem(target.sheet)
            .getRange(cellAddress(parseCell(target.address)));
          range.load("values");
          // eslint-disable-next-line office-addins/no-context-sync-in-loop -- polls a #BUSY! cell, one read per pause
          await context.sync();
          return (range.values[0]?.[0] ?? null) as CellValue;
        });
        if (shown !== "#BUSY!") return shown;
        await new Promise((resolve) => setTimeout(resolve, READ_PAUSE_MS));
      }
      return shown;
    },

    writeFormula: (target, formula) =>
      run(async (context) => {
        context.workbook.worksheets.getItem(target.sheet).getRange(cellAddress(parseCell(target.address))).formulas = [
          [formula],
        ];
        await context.sync();
      }),

    createTable: async (target, spec: TableSpec, onProgress) => {
      const info = await run(async (context) => {
        const name = await uniqueTableName(context, spec.name);
        const cols = spec.header.length;
        const top = parseCell(target.address);
        const address = blockAddress(top, 1 + Math.max(spec.rows.length, 1), cols);
        const sheet = context.workbook.worksheets.getItem(target.sheet);
        writeBlock(sheet.getRange(blockAddress(top, 1, cols)), [spec.header]);
        await writeRowsInBlocks(context, sheet, offset(top, 1, 0), spec.rows, cols, spec.columnFormats, onProgress);
        const table = sheet.tables.add(address, true);
        table.name = name;
        await context.sync();
        return { name, sheet: target.sheet, address, rowCount: spec.rows.length, query: spec.query };
      });
      await writeStored({
        ...readStored(),
        [info.name]: { sheet: info.sheet, query: spec.query, formats: [...spec.columnFormats] },
      });
      return info;
    },

    replaceTableRows: async (tableName, rows, query, onProgress) => {
      const stored = readStored();
      const info = await run(async (context) => {
        const table = context.workbook.tables.getItem(tableName);
        const header = table.getHeaderRowRange();
        header.load("address,columnCount");
        const body = table.getDataBodyRange();
        body.load("address");
        table.load("worksheet/name");
        await context.sync();
        const sheetName = table.worksheet.name;
        const cols = header.columnCount;
        const top = parseCell(splitAddress(header.address).address);
        body.clear("Contents");
        const address = blockAddress(top, 1 + Math.max(rows.length, 1), cols);
        table.resize(address);
        await context.sync();
        const formats = stored[tableName]?.formats;
        const sheet = context.workbook.worksheets.getItem(sheetName);
        await writeRowsInBlocks(context, sheet, offset(top, 1, 0), rows, cols, formats, onProgress);
        return { name: tableName, sheet: sheetName, address, rowCount: rows.length, query };
      });
      await writeStored({
        ...readStored(),
        [tableName]: { sheet: info.sheet, query, formats: stored[tableName]?.formats ?? [] },
      });
      return info;
    },

    listTables: async () => {
      const stored = readStored();
      const names = Object.keys(stored);
      if (!names.length) return [];
      return run(async (context) => {
        const found = names.map((name) => ({ name, table: context.workbook.tables.getItemOrNullObject(name) }));
        found.forEach((f) => f.table.load("name"));
        await context.sync();
        const live = found.filter((f) => !f.table.isNullObject);
        const ranges = live.map((f) => {
          const range = f.table.getRange();
          range.load("address");
          const body = f.table.getDataBodyRange();
          body.load("rowCount");
          // A table without data still shows one blank body row; its first row tells the two apart.
          const firstRow = body.getRow(0);
          firstRow.load("values");
          return { ...f, range, body, firstRow };
        });
        await context.sync();
        return ranges.map(({ name, range, body, firstRow }): TableInfo => {
          const { sheet, address } = splitAddress(range.address);
          const emptyBody = body.rowCount === 1 && firstRow.values[0].every((v) => v === "" || v === null);
          return { name, sheet, address, rowCount: emptyBody ? 0 : body.rowCount, query: stored[name].query };
        });
      });
    },

    listMadFormulas: () =>
      run(async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.load("items/name");
        await context.sync();
        const used = sheets.items.map((sheet) => {
          const range = sheet.getUsedRangeOrNullObject();
          range.load("address,formulas");
          return { sheet: sheet.name, range };
        });
        await context.sync();
        const cells: FormulaCell[] = [];
        for (const { sheet, range } of used) {
          if (range.isNullObject) continue;
          const top = parseCell(splitAddress(range.address).address);
          range.formulas.forEach((row, r) =>
            row.forEach((formula, c) => {
              if (typeof formula === "string" && formula.startsWith("=") && /\bMAD\./i.test(formula)) {
                cells.push({ sheet, address: cellAddress(offset(top, r, c)), formula });
              }
            }),
          );
        }
        return cells;
      }),

    recalculate: (cells: readonly CellTarget[]) =>
      run(async (context) => {
        for (const cell of cells) context.workbook.worksheets.getItem(cell.sheet).getRange(cell.address).calculate();
        await context.sync();
      }),
  };
}

/**
 * Report sheets' charts follow their spills from the pane's start (office-reports.ts re-points them after each
 * calculation), not only once the Reports tab has listed them. Nothing is loaded for a workbook without reports.
 */
export function followReportSheets(
  host: HostAdapter,
  settings: () => Pick<Office.Settings, "get"> = () => Office.context.document.settings,
): void {
  let stored: unknown;
  try {
    stored = settings().get(REPORTS_SETTING);
  } catch {
    return; // no document settings (Office not ready, or not in Excel): nothing to follow
  }
  if (!stored || !host.listReportSheets) return;
  void host.listReportSheets().catch(() => undefined);
}
