/**
 * Everything the task pane writes into or reads from the workbook goes through this interface. Excel uses the
 * Office.js implementation (office-host.ts); the preview page uses its own grid-backed implementation. Keeping the
 * surface this small is what lets the same task pane run in both.
 */

/** A cell value as written: text from the API is always written as a value, never as a formula. */
import type { CardNumbers } from "../../table/data-type-support";
import type { HistoryRequest } from "../../api/history-form";
import type { WorkbookOptionsHost } from "./workbook-options";

/** The workbook's own options (document settings), in a module of their own. */
export type { WorkbookOptions, WorkbookOptionsHost } from "./workbook-options";

export type CellValue = string | number | boolean | null;

/** A sheet and an A1 address (a cell or a range such as `B2:D10`). */
export interface CellTarget {
  readonly sheet: string;
  readonly address: string;
}

/** Number format per column, in Excel format-code syntax (`yyyy-mm-dd`, `#,##0`, `0.00%`, `@` for text). */
export type ColumnFormats = readonly string[];

/** The query a table or formula was built from, kept with it so it can be refreshed. Never holds the secret. */
export interface StoredQuery {
  readonly operation: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly fields?: readonly string[];
  readonly limit?: number;
  /** A history function's range and interval (src/api/history-form.ts). */
  readonly history?: HistoryRequest;
  /**
   * Product cards (data types), written again on every refresh: `"beside"`, a `product` column of cards right after
   * the ASIN column (report-model/table-cards.ts). `true` marks a table made before: its cards were in the ASIN column
   * itself, which hid the ASIN; its refresh writes the ASINs back as text.
   */
  readonly cards?: "beside" | true;
  readonly refreshedAt?: number;
}

/**
 * A data type a host writes into a cell: Microsoft's entity value JSON (`{type: "Entity", text, properties,
 * layouts}`, https://learn.microsoft.com/javascript/api/excel/excel.entitycellvalue), e.g. a product card.
 */
export interface DataTypeValue {
  readonly type: "Entity";
  readonly text: string;
  readonly properties: object;
}

export interface TableSpec {
  /** Proposed table name; the host makes it unique and returns the final one. */
  readonly name: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly CellValue[])[];
  readonly columnFormats: ColumnFormats;
  readonly query: StoredQuery;
}

export interface TableInfo {
  readonly name: string;
  readonly sheet: string;
  readonly address: string;
  readonly rowCount: number;
  readonly query: StoredQuery | null;
}

export interface FormulaCell {
  readonly sheet: string;
  readonly address: string;
  readonly formula: string;
}

/** What is in the way of writing a block at a cell, found before any call is spent on its content. */
export interface AreaCheck {
  /** The block's address (clipped to the sheet when it runs past the edge). */
  readonly address: string;
  /** Set when the block runs past the sheet's last row or column: why it cannot be written there. */
  readonly outside?: string;
  /** Addresses of cells in the block that already hold something (at most the first 20). */
  readonly occupied: readonly string[];
}

/**
 * A write that would take cells holding something (a person's data, another result) and was not told it may:
 * nothing was written. The pane asks the person, then tries again with their choice.
 */
export class CellsInUseError extends Error {
  override readonly name = "CellsInUseError";

  constructor(
    message: string,
    readonly sheet: string,
    /** The block the write needs. */
    readonly address: string,
    /** Cells in it that hold something (at most the first 20). */
    readonly occupied: readonly string[],
    /**
     * Other tables in the block: Excel refuses a table over another ("A table can't overlap another table",
     * office-js #1199), so only inserting sheet rows (which moves them down) can make room; never an overwrite.
     */
    readonly tables: readonly string[] = [],
  ) {
    super(message);
  }
}

/**
 * What a refreshed table may do when its new rows need more room than it has and the cells below hold something:
 * insert sheet rows below it (what was there moves down), or write over those cells. Without one, it refuses.
 */
export type TableGrowth = "insertRows" | "overwrite";

/** One block of rows written (large writes go out in several batches; see block-writer.ts). */
export interface WriteProgress {
  /** Rows written so far, this block included. */
  readonly rowsWritten: number;
  readonly totalRows: number;
  /** The block's rows: [first, end) indexes into the rows given. */
  readonly blockStart: number;
  readonly blockEnd: number;
  /** Estimated JSON size of the block's request (values and number formats), in bytes. */
  readonly estimatedBytes: number;
}

export type OnWriteProgress = (progress: WriteProgress) => void;

/** The native chart types report templates use. */
export type ChartKind = "bar" | "column" | "line";

/**
 * One column of a MAD formula's spilled result, below its header row: what a chart's categories or one series read.
 * Hosts point the chart at the spill's current rows whenever it changes size (Excel charts read ranges, not names).
 */
export interface SpillColumn {
  /** The cell on the report's sheet that holds the MAD formula (A1, e.g. `D5`). */
  readonly cell: string;
  /** 0-based column within the spill (templates pass explicit `fields`, so they know each column's place). */
  readonly column: number;
}

export interface ChartSeriesSpec {
  /** Legend entry, e.g. "Searches". */
  readonly name: string;
  readonly values: SpillColumn;
  /**
   * "secondary": read against a second value axis on the right, for a series of another size or unit (revenue
   * beside units, purchases beside searches), which would otherwise lie flat along the bottom.
   */
  readonly axis?: "secondary";
}

/** How a value axis labels its numbers: "percent" for fractions (0.05 shows as 5%). */
export type AxisFormat = "number" | "percent";

/** A chart's size in cells (hosts place a chart over this block from its anchor; reports lay out around it). */
export const CHART_SIZE = { columns: 8, rows: 15 } as const;

export interface ChartSpec {
  readonly kind: ChartKind;
  /** The chart's title; the preview's accessible name is `${title} chart` (e.g. "Brand share chart"). */
  readonly title: string;
  readonly categories: SpillColumn;
  readonly series: readonly ChartSeriesSpec[];
  readonly categoryAxisTitle: string;
  readonly valueAxisTitle: string;
  /** Labels of the value axis; "number" when absent. */
  readonly valueAxisFormat?: AxisFormat;
  /** Title of the second value axis, when a series is drawn against it. */
  readonly secondaryValueAxisTitle?: string;
  /** Top-left cell the chart is placed at, on the report's sheet. */
  readonly anchor: string;
  /** Only the first N rows are charted (e.g. the top 10 brands); every row stays in the sheet. */
  readonly maxPoints?: number;
}

/** A cell a template writes as a plain value (inputs, their labels, section titles). */
export interface ReportValueCell {
  readonly address: string;
  readonly value: CellValue;
  /** How it looks: a section title, a label beside an input, or an input a person may edit. */
  readonly role: "title" | "label" | "input" | "note";
  /** Excel number format, e.g. `@` for an input that must stay text (`172282:281407`). */
  readonly format?: string;
}

/** What a template lays out on a new sheet. Formulas reference the input cells, so editing an input reworks it. */
export interface ReportSheetSpec {
  /** Proposed sheet name (`Market 172282`); the host makes it unique and valid and returns the final one. */
  readonly name: string;
  readonly values: readonly ReportValueCell[];
  readonly formulas: readonly FormulaTarget[];
  /**
   * Number formats over the cells a section's result spills into, by column (`D40:D2039` `yyyy-mm`): a custom
   * function cannot format its cells, and Excel keeps a cell's format when the formula recalculates.
   */
  readonly formats?: readonly { readonly address: string; readonly format: string }[];
  readonly charts: readonly ChartSpec[];
  /** Kept with the sheet so the Reports tab can list and refresh the report as one group. Never holds the secret. */
  readonly report: ReportGroupInfo;
}

export interface FormulaTarget {
  readonly address: string;
  /** The whole formula, `=MAD.CATEGORYSTATS($B$3,$B$4)`. */
  readonly formula: string;
}

/** A report made from a template, as stored with its sheet. */
export interface ReportGroupInfo {
  /** Template id, e.g. `categoryMarket`. */
  readonly template: string;
  /** Template title, e.g. "Category market". */
  readonly title: string;
  /** The inputs as given when it was created (the cells on the sheet are the live ones). */
  readonly inputs: Readonly<Record<string, CellValue>>;
  readonly createdAt: number;
}

export interface CreatedReportSheet {
  /** The sheet's final name. */
  readonly sheet: string;
  /**
   * Workbook names over each charted column (`=OFFSET(...$D$39#...)`), for people: Name Manager shows what each
   * chart reads, and a chart of their own bound to a name in Excel's Select Data follows the spill.
   */
  readonly names: readonly string[];
  readonly charts: number;
}

/** A sheet made from a template: the Reports tab shows it as one group that refreshes together. */
export interface ReportSheetInfo {
  readonly sheet: string;
  readonly report: ReportGroupInfo;
}

/** The cells selected on the sheet and what they hold. */
export interface SelectedCells extends CellTarget {
  /** Their values, only the part that holds any (a whole column selected gives its used cells), row by row. */
  readonly values: CellValue[][];
}

/** A cell's formula and the header row of what it spills: what the Alerts tab builds an alert from. */
export interface FormulaAtCell {
  /** The cell that holds the formula (on the target's sheet): the target, or the formula's cell of the spill it is in. */
  readonly address: string;
  /** The formula as typed (`=MAD.PRODUCTS($B$1,…)`); null when the cell holds a value or nothing. */
  readonly formula: string | null;
  /** The first row of the formula's spilled result (its header), as shown; empty when it spills nothing (yet). */
  readonly header: readonly CellValue[];
}

/** Cells: reading and writing values and formulas, and the MAD formulas the workbook holds. */
export interface CellHost {
  /** The active cell (top-left of the selection). */
  getActiveCell(): Promise<CellTarget>;
  /** The selected cells and their values (a list of ASINs taken from the sheet); rejects where several areas are. */
  readSelection(): Promise<SelectedCells>;
  /**
   * Writes a block of values at `target` (its top-left cell). Strings are written as text: a value starting with
   * `=`, `+`, `-` or `@` never becomes a formula. Returns the address written.
   */
  writeValues(
    target: CellTarget,
    values: readonly (readonly CellValue[])[],
    columnFormats?: ColumnFormats,
    onProgress?: OnWriteProgress,
  ): Promise<CellTarget>;
  /** Checks the block of `rows` × `columns` cells whose top-left cell is `target`: sheet edge and cells in use. */
  checkArea(target: CellTarget, rows: number, columns: number): Promise<AreaCheck>;
  /** What one cell shows once calculated (a value, or an error such as `#SPILL!` as text). */
  readValue(target: CellTarget): Promise<CellValue>;
  /** Writes one formula into one cell (the only way a formula enters the workbook). */
  writeFormula(target: CellTarget, formula: string): Promise<void>;
  /** The values of a small block (a report's inputs), as the cells hold them now. */
  readRange(target: CellTarget): Promise<CellValue[][]>;
  /** Cells whose formula calls a MAD function. */
  listMadFormulas(): Promise<FormulaCell[]>;
  /**
   * One cell's formula and its spill's header row; a cell a formula spilled into gives that formula's (Range.formulas,
   * Range.getSpillingToRangeOrNullObject, Range.getSpillParentOrNullObject).
   */
  readFormulaAt(target: CellTarget): Promise<FormulaAtCell>;
  /** Recalculates the given formula cells (refresh of live formulas). */
  recalculate(cells: readonly CellTarget[]): Promise<void>;
}

/** The add-in's tables: made, refreshed and listed with the queries they keep. */
export interface TableHost {
  /**
   * Creates a static table with header, rows and per-column formats, and keeps `query` with it. Rejects with
   * CellsInUseError, writing nothing, when its cells hold something, unless `placement` is "overwrite".
   */
  createTable(
    target: CellTarget,
    table: TableSpec,
    onProgress?: OnWriteProgress,
    placement?: "overwrite",
  ): Promise<TableInfo>;
  /**
   * Replaces a table's rows (same header) after a refresh and updates its stored query's refreshedAt. When the
   * table grows into cells that hold something, it rejects with CellsInUseError and writes nothing, unless
   * `growth` says what to do.
   */
  replaceTableRows(
    tableName: string,
    rows: readonly (readonly CellValue[])[],
    query: StoredQuery,
    onProgress?: OnWriteProgress,
    growth?: TableGrowth,
  ): Promise<TableInfo>;
  /** Tables created by the add-in, with their stored queries. */
  listTables(): Promise<TableInfo[]>;
}

/** Data types (product cards) in cells. */
export interface DataTypeHost {
  /** Whether cells here can hold data types (Excel: Range.valuesAsJson, ExcelApi 1.16, asked at run time). */
  dataTypeSupport(): Promise<boolean>;
  /** The form a card's numbers take in this host (src/table/data-type-support.ts). */
  cardNumbers(): Promise<CardNumbers>;
  /**
   * Writes data types down one column from `target` (its top cell), one per row; null leaves that cell as it is.
   * Only where dataTypeSupport says so.
   */
  writeDataTypes(target: CellTarget, column: readonly (DataTypeValue | null)[]): Promise<void>;
}

/** Report sheets made from templates, and their charts. */
export interface ReportHost {
  /**
   * Why this host cannot create report sheets with charts (e.g. a missing Excel requirement set), as a message
   * for the person; null when it can.
   */
  reportSupport(): Promise<string | null>;
  /** Adds a sheet laid out from a template: values, formulas, workbook names over the spills, and native charts. */
  createReportSheet(spec: ReportSheetSpec): Promise<CreatedReportSheet>;
  /**
   * Sheets made from templates, with what they were made from (a renamed sheet under its new name); a report whose
   * sheet was deleted is forgotten.
   */
  listReportSheets(): Promise<ReportSheetInfo[]>;
  /** Points each chart of a report sheet at its spills' current size (after a refresh changed their row counts). */
  refreshReportCharts(sheet: string): Promise<void>;
}

/** History sheets that keep each report's or table's snapshots. */
export interface SnapshotHost {
  /** The sources that keep history (or kept it), and where. */
  listSnapshotSheets(): Promise<SnapshotState[]>;
  setKeepSnapshots(source: SnapshotSourceRef, keep: boolean): Promise<void>;
  /**
   * Appends a snapshot to the source's history sheet (made on the first one; made again if deleted): the rows below
   * each table, replacing the rows of a snapshot taken the same day; the chart follows the summary. Rejects with
   * CellsInUseError, writing nothing, when new rows need cells that hold something, unless `growth` says what to do.
   */
  appendSnapshot(append: SnapshotAppend): Promise<SnapshotWritten>;
  /**
   * The rows of the source's history tables taken on its last `days` days (a table's first column is when each row
   * was taken), by table key, as the cells hold them; none before the first snapshot. What a Changes table compares.
   */
  readRecentSnapshots(source: SnapshotSourceRef, days: number): Promise<Record<string, CellValue[][]>>;
}

/**
 * What the task pane asks of the workbook, by capability; both hosts (Office.js in Excel, and the preview page's
 * grid) have every one, so callers need no guards. The one optional part: showing the pane, which only Excel's
 * runtime can (the preview's pane always shows).
 */
export interface HostAdapter extends CellHost, TableHost, DataTypeHost, ReportHost, SnapshotHost, WorkbookOptionsHost {
  /** Shows the task pane (when the add-in runs with the workbook but its pane is not open) to ask a question. */
  showPane?(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// History: what a report or table that keeps history asks of the workbook. A history sheet holds a summary table
// (one row per snapshot, what its chart draws), a table of rows per query, and a line chart over the summary that
// follows it as it grows. The pane's model (src/taskpane/reports/snapshot-sheet.ts) decides every name, header, format
// and place; the hosts write it, append to it, and keep where it is (document settings `mad.snapshots`, `mad.history` in older workbooks).

/** What keeps history: a report (by its sheet, found again after a rename) or an add-in table (by its name). */
export type SnapshotSourceRef =
  { readonly kind: "report"; readonly sheet: string } | { readonly kind: "table"; readonly table: string };

export interface SnapshotTableSpec {
  /** Stable within the source: `summary`, `q1`, `q2`… */
  readonly key: string;
  /** Proposed table name; the host makes it unique. */
  readonly name: string;
  /** The header row's cell (`A20`). */
  readonly anchor: string;
  readonly header: readonly string[];
  readonly columnFormats: ColumnFormats;
  /**
   * A table of the latest snapshot only (the Changes table): each snapshot replaces its rows rather than adding to
   * them. A history sheet made before it had the table gains it at its next snapshot, where its cells are free.
   */
  readonly latestOnly?: true;
}

/** A history sheet as first made. */
export interface SnapshotSheetSpec {
  /** Proposed name (`History Market 3422301`); the host makes it unique and valid. */
  readonly name: string;
  readonly title: string;
  readonly note: string;
  /** The summary first, then one per query, side by side (each grows down only). */
  readonly tables: readonly SnapshotTableSpec[];
  /** Over the summary table: its categories and series name the summary's header cell and a column. */
  readonly chart: ChartSpec;
}

/** One snapshot to append. */
export interface SnapshotAppend {
  readonly source: SnapshotSourceRef;
  readonly layout: SnapshotSheetSpec;
  /** The snapshot's day (`2025-11-24`, this computer's calendar): a second snapshot that day replaces the first. */
  readonly day: string;
  /** New rows by table key. */
  readonly rows: Readonly<Record<string, readonly (readonly CellValue[])[]>>;
  /**
   * When a table's new rows need cells below it that hold something: insert cells there (what was below moves down,
   * within the table's columns only) or write over them. Without it, the append refuses (CellsInUseError).
   */
  readonly growth?: TableGrowth;
}

export interface SnapshotWritten {
  /** The history sheet's name now. */
  readonly sheet: string;
  /** Snapshots the history holds. */
  readonly snapshots: number;
  /** True when this snapshot replaced one taken the same day. */
  readonly replaced: boolean;
}

/** A source that keeps (or kept) history. */
export interface SnapshotState {
  readonly source: SnapshotSourceRef;
  readonly keep: boolean;
  /** The history sheet's name, or null before the first snapshot (or after the sheet was deleted). */
  readonly sheet: string | null;
  readonly snapshots: number;
  /** The last snapshot's day, or null. */
  readonly lastDay: string | null;
}
