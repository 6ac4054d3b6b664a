/**
 * Everything the task pane writes into or reads from the workbook goes through this interface. Excel uses the
 * Office.js implementation (office-host.ts); the preview page uses its own grid-backed implementation. Keeping the
 * surface this small is what lets the same task pane run in both.
 */

import type { CardNumbers } from "../../table/data-type-support";
import type { HistoryRequest } from "../../api/history-form";
import type { CellValue, ColumnFormats, TableGrowth } from "../report-model/cells";
import type { CreatedReportSheet, ReportSheetInfo, ReportSheetSpec } from "../report-model/report-sheet-spec";
import type { SnapshotAppend, SnapshotSourceRef, SnapshotState, SnapshotWritten } from "../report-model/snapshot-spec";
import type { WorkbookOptionsHost } from "./workbook-options";

/** A sheet and an A1 address (a cell or a range such as `B2:D10`). */
export interface CellTarget {
  readonly sheet: string;
  readonly address: string;
}

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

/** One block of rows written (large writes go out in several batches; see block-writer.ts). */
interface WriteProgress {
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
interface CellHost {
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
interface TableHost {
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
interface ReportHost {
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
interface SnapshotHost {
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
