/**
 * History: what a report or table that keeps history asks of the workbook. A history sheet holds a summary table
 * (one row per snapshot, what its chart draws), a table of rows per query, and a line chart over the summary that
 * follows it as it grows. The pane's model (src/taskpane/reports/snapshot-sheet.ts) decides every name, header,
 * format and place; the hosts write it, append to it, and keep where it is (document settings `mad.snapshots`,
 * `mad.history` in older workbooks).
 */
import type { CellValue, ColumnFormats, TableGrowth } from "./cells";
import type { ChartSpec } from "./chart-spec";

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
