/**
 * A dated history table, like Excel's STOCKHISTORY: one header row (`date` and the columns), then one row per
 * day, week or month from `start` to `end`, dates as Excel dates (whole serials: the period's first day, UTC;
 * weeks start on Monday). Each column's observations come from the answer as the operation's history form says
 * (src/api/history-form.ts), and one rule turns them into a period's value:
 * - a level (price, Buy Box, rank, rating, ratings) is the last value known by the end of the period; from a series
 *   it is carried forward from earlier periods while it does not change (the service sends a point only when a
 *   value changes), and a point of -1 means "no data from here on" (out of stock, no rank), blank until the next
 *   point; from dated rows (a day's or a month's figures) it is the period's last row, never carried past them;
 * - a flow (units, revenue) is the sum of the period's observations, blank when it has none;
 * - a column reads the coarsest list of the answer that is not coarser than the interval (months from monthly
 *   figures, weeks from daily ones); a column with no such list is blank;
 * - rows where every column is blank (before the first data, or a gap) are left out.
 * Without `start`, the table starts at the first data, at most a year back for days (two years for weeks and
 * months); without `end`, it ends today. Both faces (the MAD function and the task pane) shape with this module.
 */
import type { NumberFormatHint } from "../api/catalog-types";
import { epochMsToSerial } from "../api/dates";
import {
  HISTORY_DATE_DOC,
  sourceFor,
  type HistoryColumn,
  type HistoryForm,
  type HistoryRequest,
  type HistorySource,
  type Interval,
} from "../api/history-form";
import type { Cell } from "./cells";
import { columnLabels, columnsOf, type Column } from "./columns";
import { DEFAULT_DISPLAY, noRowsText, type DisplayOptions } from "./shape";

const DAY_MS = 86_400_000;
const DEFAULT_SPAN_DAYS: Readonly<Record<Interval, number>> = { daily: 365, weekly: 730, monthly: 730 };

export const DATE_COLUMN = "date";

/** A history request (start and end: any time of their days, epoch ms) and today, by the clock. */
export interface HistoryRange extends HistoryRequest {
  readonly now: number;
}

type Json = Record<string, unknown>;
interface Observation {
  readonly at: number;
  readonly value: number | null;
}

/** The first moment of the period `at` falls in (UTC). */
export function periodStart(at: number, interval: Interval): number {
  const day = Math.floor(at / DAY_MS) * DAY_MS;
  switch (interval) {
    case "daily":
      return day;
    case "weekly":
      return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
    case "monthly": {
      const d = new Date(day);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    }
    default: {
      const unhandled: never = interval;
      throw new Error(`no period for ${String(unhandled)}`);
    }
  }
}

function nextPeriod(start: number, interval: Interval): number {
  if (interval !== "monthly") return start + (interval === "daily" ? 1 : 7) * DAY_MS;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Epoch ms of a day or month text (`2025-07-14`, `2025-07`, `20250714`, `202507`), UTC; NaN otherwise. */
function dateOfText(text: string): number {
  const m = /^(\d{4})[-./]?(\d{2})(?:[-./]?(\d{2}))?$/.exec(text.trim());
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3] ?? 1)) : NaN;
}

const numberOrNull = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) && value !== -1 ? value : null;

function observations(record: Json, source: HistorySource): Observation[] {
  const list = "series" in source ? record[source.series] : record[source.list];
  if (!Array.isArray(list)) return [];
  const out: Observation[] = [];
  for (const item of list) {
    if (typeof item !== "object" || item === null) continue;
    const point = item as Json;
    const at = "series" in source ? point.timePoint : dateOfText(String(point[source.date] ?? ""));
    if (typeof at !== "number" || !Number.isFinite(at)) continue;
    out.push({ at, value: numberOrNull("series" in source ? point.value : point[source.value]) });
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * A column's value in each period, by its aggregate, counting only what falls in the requested window [lo, hi)
 * (a period cut by the start or the end counts its part inside). A level from a series is carried forward (a
 * point is a change); a level from dated rows is the period's last row, never carried past the rows sent.
 */
function columnValues(
  observed: readonly Observation[],
  column: HistoryColumn,
  periods: readonly number[],
  interval: Interval,
  window: { readonly lo: number; readonly hi: number; readonly carry: boolean },
) {
  const values: (number | null)[] = [];
  let next = 0;
  let last: number | null = null;
  for (const period of periods) {
    const from = Math.max(period, window.lo);
    const to = Math.min(nextPeriod(period, interval), window.hi);
    if (column.aggregate === "last") {
      if (!window.carry) last = null;
      while (next < observed.length && observed[next].at < to) {
        const o = observed[next++];
        if (window.carry || o.at >= from) last = o.value;
      }
      values.push(last);
    } else {
      while (next < observed.length && observed[next].at < from) next++;
      let sum: number | null = null;
      while (next < observed.length && observed[next].at < to) {
        const v = observed[next++].value;
        if (v !== null) sum = (sum ?? 0) + v;
      }
      values.push(sum);
    }
  }
  return values;
}

/**
 * The window a column counts in: the requested days, widened to whole rows for a list of months (a month's row
 * counts in a range that starts or ends within that month).
 */
function windowOf(source: HistorySource | undefined, firstDay: number, lastDay: number) {
  if (!source || "series" in source || source.native === "daily")
    return { lo: firstDay, hi: lastDay + DAY_MS, carry: source !== undefined && "series" in source };
  return {
    lo: periodStart(firstDay, "monthly"),
    hi: nextPeriod(periodStart(lastDay, "monthly"), "monthly"),
    carry: false,
  };
}

/** The columns of a history table: `date`, then the form's columns, as `fields` picks them. */
export function historyColumns(form: HistoryForm): readonly Column[] {
  return columnsOf(historyFieldsOf(form));
}

const FIELDS = new WeakMap<HistoryForm, ReturnType<typeof buildFields>>();
function buildFields(form: HistoryForm) {
  return [
    { name: DATE_COLUMN, type: "dateText" as const, doc: HISTORY_DATE_DOC },
    ...form.columns.map((c) => ({
      name: c.name,
      type: c.format === "integer" ? ("integer" as const) : ("number" as const),
      doc: c.doc,
      format: c.format as NumberFormatHint,
    })),
  ];
}
function historyFieldsOf(form: HistoryForm) {
  let fields = FIELDS.get(form);
  if (!fields) FIELDS.set(form, (fields = buildFields(form)));
  return fields;
}

/** The header row of the shown columns: their names, or their words in the active language (`headers=labels`). */
function headerOf(form: HistoryForm, names: readonly string[], display: DisplayOptions): Cell[] {
  if (!display.headerLabels) return [...names];
  const all = historyColumns(form);
  const shown = names.flatMap((name) => all.filter((c) => c.name === name));
  return shown.length === names.length ? [...columnLabels(shown)] : [...names];
}

/**
 * The spilled history: header row (as `display` says: names, words or none) and dated rows of the picked columns
 * (`date` always first), or the single cell "No rows" when the range holds no data.
 */
export function shapeHistory(
  form: HistoryForm,
  record: unknown,
  range: HistoryRange,
  picked: readonly Column[] = historyColumns(form),
  display: DisplayOptions = DEFAULT_DISPLAY,
): Cell[][] {
  const data = (typeof record === "object" && record !== null ? record : {}) as Json;
  const used = form.columns.map((column) => {
    const source = sourceFor(column, range.interval);
    return { column, source, observed: source ? observations(data, source) : [] };
  });
  const today = periodStart(range.now, "daily");
  const end = periodStart(Math.min(range.end ?? today, today), range.interval);
  const first = Math.min(...used.map((u) => u.observed[0]?.at ?? Infinity));
  const earliest = end - DEFAULT_SPAN_DAYS[range.interval] * DAY_MS;
  const startAt = range.start ?? Math.max(first, earliest);
  if (!Number.isFinite(startAt) || periodStart(startAt, range.interval) > end) return [[noRowsText()]];
  const periods: number[] = [];
  for (let p = periodStart(startAt, range.interval); p <= end; p = nextPeriod(p, range.interval)) periods.push(p);
  const firstDay = periodStart(startAt, "daily");
  const lastDay = periodStart(Math.min(range.end ?? today, today), "daily");
  const byName = new Map(
    used.map((u) => [
      u.column.name,
      columnValues(u.observed, u.column, periods, range.interval, windowOf(u.source, firstDay, lastDay)),
    ]),
  );
  const names = [DATE_COLUMN, ...picked.map((c) => c.name).filter((n) => n !== DATE_COLUMN)];
  // Only dates picked: a period is shown when any column has data in it.
  const judged = names.length > 1 ? names.slice(1) : form.columns.map((c) => c.name);
  const rows: Cell[][] = [];
  periods.forEach((p, i) => {
    if (judged.every((n) => (byName.get(n)?.[i] ?? null) === null)) return;
    rows.push([epochMsToSerial(p), ...names.slice(1).map((n) => byName.get(n)?.[i] ?? "")]);
  });
  if (!rows.length) return [[noRowsText()]];
  return display.headers ? [headerOf(form, names, display), ...rows] : rows;
}

/**
 * The most rows a history can spill for a request (where a formula or a table must find room before anything is
 * fetched): the periods between its start and end, or its default span.
 */
export function historyRowsAtMost(form: HistoryForm, request: HistoryRequest | undefined, now = Date.now()): number {
  const interval = request?.interval ?? form.defaultInterval;
  const end = periodStart(Math.min(request?.end ?? now, now), interval);
  const start = periodStart(request?.start ?? end - DEFAULT_SPAN_DAYS[interval] * DAY_MS, interval);
  let rows = 0;
  for (let p = start; p <= end; p = nextPeriod(p, interval)) rows++;
  return Math.max(rows, 1);
}
