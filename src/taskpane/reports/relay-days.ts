/**
 * The days a team relay took of a schedule, as a history sheet's snapshots, without Excel: each stored row matched to
 * the sheet's query (by its formula text, `formulaOfQuery`; by its place in the schedule when the schedule still asks
 * exactly the sheet's queries), its fields (the spill's cells with dates as ISO text) turned back into the cells the
 * spill shows (dates as serials, which the column's number format shows as dates), with when it was taken and a
 * Source cell that says `relay`; then the summary row and the Changes rows, as a snapshot of the workbook's own.
 * A history function's query (dated rows made from one answer) is not what the relay keeps per record: left out.
 */
import { operation } from "../../api/catalog";
import { canonicalJson } from "../../lib/canonical-json";
import { epochMsToSerial, localDateTimeSerial } from "../../api/dates";
import type { Schedule } from "../../relay-api/schedules";
import { t } from "../../i18n";
import { dateTextCell, type Cell } from "../../table/cells";
import type { Column } from "../../table/columns";
import { formulaOfQuery } from "../../formula/formula-of-query";
import type { CellValue } from "../report-model/cells";
import { selectColumns } from "../report-model/result-table";
import type { RelayHistoryRow } from "./relay-history-client";
import { CHANGES_KEY } from "./changes-table";
import { changeRows, type DayRows } from "./snapshot-changes";
import { rowsOfTables, snapshotSource, type SnapshotPlan, type SnapshotQuery } from "./snapshot-sheet";

/** One day the relay took: its rows by the plan's query (index in `plan.queries`). */
export interface RelayDay {
  /** `YYYY-MM-DD`, the relay's day. */
  readonly day: string;
  /** When its run stored it (epoch ms). */
  readonly takenAt: number;
  readonly rows: ReadonlyMap<number, readonly RelayHistoryRow[]>;
}

const EPOCH_TEXT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/;

/** A stored value (`toCell(value, column, "text")`) as the spill's cell: dates back to serials, blank as "". */
export function cellOfRelayValue(value: unknown, column: Column): Cell {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value !== "string") return JSON.stringify(value);
  if (column.part) return value;
  const { spec } = column;
  if (spec.type === "dateText" || (spec.type === "epochMs" && spec.epochDay)) return dateTextCell(value, "serial");
  if (spec.type === "epochMs") {
    // A moment, written `yyyy-mm-dd hh:mm` in UTC.
    const moment = EPOCH_TEXT.exec(value);
    const ms = moment ? Date.parse(`${moment[1]}T${moment[2]}Z`) : NaN;
    return Number.isFinite(ms) ? epochMsToSerial(ms) : value;
  }
  return value;
}

/** The query's columns as its rows table has them (none for a history function's query: not kept per record). */
const relayColumns = (query: SnapshotQuery): readonly Column[] | null =>
  operation(query.operation).history || query.interval ? null : selectColumns(query.operation, query.fields);

/** The day after `YYYY-MM-DD`. */
export function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const sameQuery = (a: Schedule["queries"][number], b: SnapshotQuery) =>
  a.operation === b.operation && a.limit === b.limit && canonicalJson(a.params) === canonicalJson(b.params);

/** Which of the plan's queries a stored row belongs to; undefined for one the sheet does not keep. */
export function queryMatcher(
  plan: SnapshotPlan,
  schedule: Pick<Schedule, "queries">,
): (row: RelayHistoryRow) => number | undefined {
  const texts = plan.queries.map((q) => formulaOfQuery(q.operation, q.params, q.limit));
  const firstOf = new Map<string, number>();
  texts.forEach((text, i) => firstOf.has(text) || firstOf.set(text, i));
  const asked =
    schedule.queries.length === plan.queries.length && schedule.queries.every((q, i) => sameQuery(q, plan.queries[i]));
  return (row) => {
    const at = row.query_index;
    if (texts[at] === row.query) return at;
    return firstOf.get(row.query) ?? (asked && at >= 0 && at < texts.length ? at : undefined);
  };
}

/** The stored rows after the sheet's last day, by day in date order (a day none of whose rows it keeps: left out). */
export function relayDays(
  plan: SnapshotPlan,
  schedule: Pick<Schedule, "queries">,
  rows: readonly RelayHistoryRow[],
  after: string,
): RelayDay[] {
  const match = queryMatcher(plan, schedule);
  const days = new Map<string, { takenAt: number; rows: Map<number, RelayHistoryRow[]> }>();
  for (const row of rows) {
    if (!(row.taken_on > after)) continue;
    const at = match(row);
    if (at === undefined || !relayColumns(plan.queries[at])) continue;
    const day = days.get(row.taken_on) ?? { takenAt: Date.parse(row.taken_at), rows: new Map() };
    day.rows.set(at, [...(day.rows.get(at) ?? []), row]);
    days.set(row.taken_on, day);
  }
  return [...days]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, { takenAt, rows: byQuery }]) => ({ day, takenAt, rows: byQuery }));
}

/**
 * When a relay day was taken, as a Taken cell: its day (the relay's, in the schedule's zone) at the time of day this
 * computer's clock showed then, so the cell falls on the day the relay named.
 */
function takenCell(day: RelayDay): number {
  const local = Number.isFinite(day.takenAt) ? localDateTimeSerial(day.takenAt) : 0;
  return (dateTextCell(day.day, "serial") as number) + (local - Math.floor(local));
}

/** The rows a relay day appends, by table key: each query's rows, the summary row and the Changes rows. */
export function relayDayRows(plan: SnapshotPlan, day: RelayDay, before: DayRows | null): Record<string, CellValue[][]> {
  const tables = plan.queries.map((query, i) => {
    const columns = relayColumns(query) ?? [];
    const rows = (day.rows.get(i) ?? []).map((row) =>
      columns.map((column) => cellOfRelayValue(row[column.name], column)),
    );
    return { header: columns.map((c) => c.name), rows };
  });
  const taken = takenCell(day);
  const sources = plan.queries.map((query) => t("relayHistory.source", { source: snapshotSource(plan, query) }));
  const rows = rowsOfTables(
    plan,
    tables,
    taken,
    plan.queries.map(() => taken),
    sources,
  );
  return { ...rows, [CHANGES_KEY]: changeRows(plan, before, { day: day.day, rows }) };
}
