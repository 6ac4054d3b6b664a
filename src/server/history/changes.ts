/**
 * What changed in a schedule's history: for each pair of consecutive snapshots of a query (same `query_index`, in
 * `taken_on` order), the rows new in the later one, the rows gone from it and the numbers that changed in rows both
 * hold, by the one rule the add-in's Changes table reads too (`compareRows`, src/table/row-changes.ts: rows known
 * by their record's key, RECORD_KEYS, as alerts' `new rows` know them; numeric fields only).
 *
 * Streamed: the rows of one query come in day order and at most two of its snapshots are held at a time (the one
 * before and the one being read). A day whose run failed for the query (noted on the snapshot) is no snapshot of
 * it: the next day is compared with the day before. Any other day without rows of the query is a snapshot with none
 * (its rows are gone; rows the next day are new). Two snapshots of different formula texts (the schedule's query was
 * edited) are not compared: the later one starts anew. A day's changes are the same whatever `since` asks: the
 * baseline of the first day reported is the query's last snapshot before it.
 */
import { isOperationCode, operation } from "../../api/catalog";
import { recordColumns } from "../../table/columns";
import { compareRows, KEY_SEPARATOR, type ChangeKind, type ComparedRows } from "../../table/row-changes";
import { viewColumnType } from "./views";

/** A stored row, as the changes read it. */
export interface ChangeSourceRow {
  readonly taken_on: string;
  readonly query: string;
  readonly operation: string;
  readonly record_key: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** A snapshot's day and the queries that failed on it. */
export interface ChangeDay {
  readonly taken_on: string;
  readonly failures: readonly { readonly query_index: number }[];
}

/** One row of the answer (`change_pct` is a fraction: 0.125 = 12.5 %, as rate columns spill). */
export interface HistoryChange {
  readonly taken_on: string;
  readonly query: string;
  readonly key: string;
  readonly change: ChangeKind;
  readonly field: string | null;
  readonly before: number | null;
  readonly after: number | null;
  readonly change_pct: number | null;
  /** The operation whose field `field` is (labels are the operation's); not part of the answer's columns. */
  readonly operation: string;
}

/** Where the changes read from: the days kept, the queries that have rows, and one query's rows in day order. */
export interface ChangesSource {
  /** The snapshots up to `until` (all when absent), in `taken_on` order. */
  days(until: string | undefined): Promise<readonly ChangeDay[]>;
  queryIndexes(from: string, until: string): Promise<readonly number[]>;
  rows(queryIndex: number, from: string, until: string): AsyncIterable<readonly ChangeSourceRow[]>;
}

export interface ChangesRange {
  readonly since?: string;
  readonly until?: string;
  readonly latest?: boolean;
}

interface Snapshot {
  readonly taken_on: string;
  /** The formula text; null for a day without rows (it compares with any). */
  readonly query: string | null;
  readonly operation: string;
  readonly rows: ChangeSourceRow[];
}

const NUMERIC_FIELDS = new Map<string, readonly string[]>();

/** The numeric columns of an operation's record (what `changed` compares), by wire name. */
function numericFieldsOf(code: string): readonly string[] {
  let fields = NUMERIC_FIELDS.get(code);
  if (!fields) {
    fields = isOperationCode(code)
      ? recordColumns(operation(code))
          .filter((c) => viewColumnType(c) === "numeric")
          .map((c) => c.name)
      : [];
    NUMERIC_FIELDS.set(code, fields);
  }
  return fields;
}

const side = (snapshot: Snapshot): ComparedRows<ChangeSourceRow> => ({
  rows: snapshot.rows,
  key: (row) => row.record_key,
  value: (row, field) => row.fields[field],
});

/** A key as a person reads it: its values joined by ` · `, as alerts show keys. */
const shownKey = (key: string) => key.split(KEY_SEPARATOR).join(" · ");

function changesBetween(before: Snapshot, after: Snapshot): HistoryChange[] {
  const query = after.query ?? before.query ?? "";
  return compareRows(side(before), side(after), numericFieldsOf(after.operation)).map((c) => ({
    taken_on: after.taken_on,
    query,
    key: shownKey(c.key),
    change: c.change,
    field: c.field,
    before: c.before,
    after: c.after,
    change_pct: c.changePct,
    operation: after.operation,
  }));
}

const failedOn = (day: ChangeDay, queryIndex: number) => day.failures.some((f) => f.query_index === queryIndex);

/**
 * The changes of one query over `days` (those before `from` only baselines): its rows come in (taken_on, row_index)
 * order. Yields each compared snapshot's changes.
 */
export async function* changesOfQuery(
  queryIndex: number,
  days: readonly ChangeDay[],
  rows: AsyncIterable<readonly ChangeSourceRow[]>,
  from: string,
): AsyncGenerator<HistoryChange[]> {
  const snapshots = days.filter((day) => !failedOn(day, queryIndex));
  let previous: Snapshot | undefined;
  let next = 0;
  const settle = (snapshot: Snapshot): HistoryChange[] => {
    const comparable =
      previous !== undefined &&
      snapshot.taken_on >= from &&
      (previous.query === null || snapshot.query === null || previous.query === snapshot.query);
    const compared = comparable ? changesBetween(previous!, snapshot) : [];
    previous = snapshot;
    return compared;
  };
  /** The snapshots before `day` (or all left) without rows of the query; then `day` itself is passed. */
  function* emptyBefore(day: string | undefined): Generator<HistoryChange[]> {
    for (; next < snapshots.length && (day === undefined || snapshots[next].taken_on < day); next++) {
      const operation = previous?.operation ?? "";
      const changes = settle({ taken_on: snapshots[next].taken_on, query: null, operation, rows: [] });
      if (changes.length) yield changes;
    }
    if (day !== undefined && snapshots[next]?.taken_on === day) next++;
  }
  let current: Snapshot | undefined;
  for await (const batch of rows)
    for (const row of batch) {
      if (current?.taken_on === row.taken_on) {
        current.rows.push(row);
        continue;
      }
      if (current) {
        yield* emptyBefore(current.taken_on);
        const changes = settle(current);
        if (changes.length) yield changes;
      }
      current = { taken_on: row.taken_on, query: row.query, operation: row.operation, rows: [row] };
    }
  if (current) {
    yield* emptyBefore(current.taken_on);
    const changes = settle(current);
    if (changes.length) yield changes;
  }
  yield* emptyBefore(undefined);
}

/** The first day reported (its index in `days`), or -1 when none is. */
function firstReported(days: readonly ChangeDay[], range: ChangesRange): number {
  const first = range.latest
    ? days.length - 1
    : days.findIndex((d) => range.since === undefined || d.taken_on >= range.since);
  if (first < 0 || (range.since !== undefined && days[first].taken_on < range.since)) return -1;
  return first;
}

/** Every query's changes, query by query (query_index order), each in day order. */
export async function* scheduleChanges(source: ChangesSource, range: ChangesRange): AsyncGenerator<HistoryChange[]> {
  const days = await source.days(range.until);
  const first = firstReported(days, range);
  if (first < 0) return;
  // Back to a day on which no query failed: every query's last snapshot before the first day reported is after it.
  let start = Math.max(0, first - 1);
  while (start > 0 && days[start].failures.length > 0) start--;
  const end = days[days.length - 1].taken_on;
  const from = days[first].taken_on;
  for (const queryIndex of await source.queryIndexes(days[start].taken_on, end)) {
    let baseline = first - 1;
    while (baseline > start && failedOn(days[baseline], queryIndex)) baseline--;
    const read = days.slice(Math.max(0, baseline));
    yield* changesOfQuery(queryIndex, read, source.rows(queryIndex, read[0].taken_on, end), from);
  }
}
