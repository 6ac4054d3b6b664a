/**
 * The history form of an operation's function: like Excel's STOCKHISTORY, `=MAD.<NAME>(market, asin, [start],
 * [end], [interval], [fields])` spills one header row and one dated row per day, week or month, built from the
 * dated observations an answer carries. A catalog row with `history` says where those observations are and how
 * each column sums up an interval; src/table/history.ts does the arithmetic, so both faces and the docs follow the
 * row. The observations come in two shapes:
 * - a series: a list of `{timePoint, value}` points, each a change at a moment (keepa's price, rank, ratings);
 * - rows: a list of dated records, one per day or month (sales estimates and trends), a value field of each.
 */
import type { NumberFormatHint, ParamSpec } from "./catalog-types";
import { str, timestamp } from "./params";

/** The spacing of a history's rows, STOCKHISTORY's intervals. */
export type Interval = "daily" | "weekly" | "monthly";
const INTERVALS: readonly Interval[] = ["daily", "weekly", "monthly"];

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

const RANK: Readonly<Record<Interval, number>> = { daily: 0, weekly: 1, monthly: 2 };
const nativeRank = (source: HistorySource) => ("series" in source ? -1 : RANK[source.native]);

/** The source a column reads at an interval: the coarsest one not coarser than the interval. */
export function sourceFor(column: HistoryColumn, interval: Interval): HistorySource | undefined {
  return column.from.filter((s) => nativeRank(s) <= RANK[interval]).sort((a, b) => nativeRank(b) - nativeRank(a))[0];
}

/** The intervals a history can be shown at: those at which at least one column has a source. */
export const intervalsOf = (form: HistoryForm): Interval[] =>
  INTERVALS.filter((i) => form.columns.some((c) => sourceFor(c, i)));

/**
 * A history function's own arguments after the market and the ASIN, read by parameter kinds like every other
 * value (the formula's cells and the task pane's form): dates, and STOCKHISTORY's interval codes (1 weekly,
 * 2 monthly) or words. A 0 reads as a blank cell (some Excel builds pass one as 0).
 */
/** The doc of a history's date column (the period's first day); its words as a header (`labels`) end at the colon. */
export const HISTORY_DATE_DOC = "Date: the period's first day";

export const HISTORY_ARGS = {
  start: timestamp("start", "First day (a date); blank = the first data, up to a year back."),
  end: timestamp("end", "Last day (a date); blank = today."),
  interval: str("interval", "daily, weekly or monthly (or d, w, m; 1 weekly, 2 monthly).", {
    options: [
      { value: "daily", label: "Daily", aliases: ["d", "day"] },
      { value: "weekly", label: "Weekly", aliases: ["w", "week", "1"] },
      { value: "monthly", label: "Monthly", aliases: ["m", "month", "2"] },
    ],
  }),
} as const satisfies Readonly<Record<string, ParamSpec>>;
export type HistoryArgName = keyof typeof HISTORY_ARGS;

/** What a history shows: its range (epoch ms days) and its interval. */
export interface HistoryRequest {
  readonly start?: number;
  readonly end?: number;
  readonly interval: Interval;
}
