/**
 * The history form of an operation's function: like Excel's STOCKHISTORY, `=MAD.<NAME>(market, asin, [start],
 * [end], [interval], [fields])` spills one header row and one dated row per day, week or month, built from the
 * dated observations an answer carries. A catalog row with `history` says where those observations are and how
 * each column sums up an interval; src/table/history.ts does the arithmetic, so both faces and the docs follow the
 * row. The observations come in two shapes:
 * - a series: a list of `{timePoint, value}` points, each a change at a moment (keepa's price, rank, ratings);
 * - rows: a list of dated records, one per day or month (sales estimates and trends), a value field of each.
 */
import type { NumberFormatHint } from "./catalog-types";

/** The spacing of a history's rows, STOCKHISTORY's intervals. */
export type Interval = "daily" | "weekly" | "monthly";
export const INTERVALS: readonly Interval[] = ["daily", "weekly", "monthly"];

/** Where a column's observations are in the answer (a field of the record, top level). */
export type HistorySource =
  /** A list of `{timePoint, value}` points (epoch ms; -1 = no data from that moment on). */
  | { readonly series: string }
  /**
   * A list of rows, one per `native` period, dated by its `date` field (day or month text), giving `value`. A
   * column may name several lists; an interval reads the coarsest one that is not coarser than itself.
   */
  | { readonly list: string; readonly date: string; readonly value: string; readonly native: "daily" | "monthly" };

export interface HistoryColumn {
  /** Header cell and the name `fields` picks. */
  readonly name: string;
  readonly doc: string;
  readonly format: NumberFormatHint;
  /**
   * How an interval's observations give its value: `last` for a level (a price, a rank: the last one known by
   * the period's end, carried forward from earlier periods); `sum` for a flow (units, revenue: the period's total).
   */
  readonly aggregate: "last" | "sum";
  readonly from: readonly HistorySource[];
}

export interface HistoryForm {
  readonly columns: readonly HistoryColumn[];
  /** The interval when none is given. */
  readonly defaultInterval: Interval;
  /** What the docs say about this history beyond the shared rule (one sentence). */
  readonly note?: string;
}
