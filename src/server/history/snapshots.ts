/**
 * The history of scheduled runs: one snapshot per schedule per day (the day in the schedule's time zone, by the
 * relay's clock, never the database's `now()`), holding each query's rows as the spill shows them
 * (./snapshot-rows.ts). A snapshot is written in one transaction holding an advisory lock on its (schedule, day):
 * that day's earlier snapshot goes and the new one comes in whole, so two replicas (or a replica and
 * `npm run team -- schedules run`) never leave two snapshots of one day, nor half of one. Old days go in a daily
 * sweep (MAD_HISTORY_DAYS). The readers stream rows in (day, query, row) order for the history's routes
 * (./routes.ts, CSV, JSON and feeds) and list the days kept.
 */
import type { KeptHistory } from "../../relay-api/schedules";
import type { Database, Queryable } from "./database";

/** What the relay's routes and scheduler are given: the history, or why this relay keeps none. */
export type HistoryAccess = { readonly database: Database; readonly store: HistoryStore } | { readonly off: string };

const DEFAULT_HISTORY_DAYS = 730;
const DAY_MS = 86_400_000;
/** Rows inserted per statement: one JSON array each, so a snapshot of 40,000 rows is 40 statements, not 40,000. */
const INSERT_BATCH_ROWS = 1_000;

export interface StoredRow {
  /** The record's key (RECORD_KEYS' values joined by U+001F; "" when the record has none). */
  readonly key: string;
  /** Every field of the record by wire name, as its cell shows it (null when blank). */
  readonly fields: Readonly<Record<string, unknown>>;
}

export interface SnapshotQuery {
  /** The query's place in the schedule's `queries`. */
  readonly index: number;
  readonly operation: string;
  /** Its MAD formula with values (src/formula/formula-of-query.ts). */
  readonly query: string;
  readonly rows: readonly StoredRow[];
}

export interface SnapshotFailure {
  readonly query_index: number;
  readonly query: string;
  readonly error: string;
}

export interface NewSnapshot {
  readonly scheduleId: string;
  readonly scheduleName: string;
  readonly member: string;
  /** `YYYY-MM-DD` in the schedule's time zone. */
  readonly takenOn: string;
  /** Epoch ms by the relay's clock. */
  readonly takenAt: number;
  readonly timeZone: string;
  /** The queries that answered (a failed one is in `failures` instead). */
  readonly queries: readonly SnapshotQuery[];
  readonly failures: readonly SnapshotFailure[];
}

/** Days, inclusive, as `YYYY-MM-DD`; `latest`: only the newest snapshot among them. */
export interface DayRange {
  readonly since?: string;
  readonly until?: string;
  readonly latest?: boolean;
}

/** One stored row with its snapshot's day and time, as the readers give it. */
export interface SnapshotRow {
  readonly taken_on: string;
  /** ISO 8601 in UTC, with milliseconds: `2025-08-02T07:00:00.000Z`. */
  readonly taken_at: string;
  readonly query_index: number;
  readonly row_index: number;
  readonly operation: string;
  readonly query: string;
  readonly record_key: string;
  readonly fields: Record<string, unknown>;
}

export interface SnapshotDay {
  /** The snapshot's id (a bigint, as text). */
  readonly id: string;
  readonly taken_on: string;
  readonly taken_at: string;
  readonly schedule_name: string;
  readonly failures: SnapshotFailure[];
  readonly rows: number;
}

/** `YYYY-MM-DD` of a moment in a time zone. */
export function dayIn(timeZone: string, at: number): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

const TAKEN_AT = `to_char(s.taken_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The snapshots of a schedule within a range: `$1` the schedule, `$2` since, `$3` until (NULL: open). */
const IN_RANGE =
  "s.schedule_id = $1 AND ($2::date IS NULL OR s.taken_on >= $2::date) AND ($3::date IS NULL OR s.taken_on <= $3::date)";
const LATEST = `s.taken_on = (SELECT max(s.taken_on) FROM mad_snapshots s WHERE ${IN_RANGE})`;

export interface HistoryStoreOptions {
  /** MAD_HISTORY_DAYS: days kept (default DEFAULT_HISTORY_DAYS). */
  readonly retentionDays?: number;
}

export class HistoryStore {
  readonly retentionDays: number;
  private lastSweep: number | undefined;

  constructor(
    readonly database: Database,
    options: HistoryStoreOptions = {},
  ) {
    this.retentionDays = options.retentionDays ?? DEFAULT_HISTORY_DAYS;
  }

  /** Stores a run's snapshot, replacing the schedule's snapshot of that day; its id, rows and whether it replaced one. */
  async write(snapshot: NewSnapshot): Promise<{ id: string; rows: number; replaced: boolean }> {
    return this.database.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('mad_snapshot'), hashtext($1 || '|' || $2))", [
        snapshot.scheduleId,
        snapshot.takenOn,
      ]);
      const removed = await tx.query(
        "DELETE FROM mad_snapshots WHERE schedule_id = $1 AND taken_on = $2::date RETURNING id",
        [snapshot.scheduleId, snapshot.takenOn],
      );
      const [{ id }] = await tx.query<{ id: string }>(
        `INSERT INTO mad_snapshots (schedule_id, schedule_name, member, taken_on, taken_at, time_zone, failures)
         VALUES ($1, $2, $3, $4::date, $5::timestamptz, $6, $7::jsonb) RETURNING id::text AS id`,
        [
          snapshot.scheduleId,
          snapshot.scheduleName,
          snapshot.member,
          snapshot.takenOn,
          new Date(snapshot.takenAt).toISOString(),
          snapshot.timeZone,
          JSON.stringify(snapshot.failures),
        ],
      );
      const rows = await insertRows(tx, id, snapshot.queries);
      // Its count and size, kept with it: what each schedule keeps is summed over days, not over every row.
      await tx.query(
        `UPDATE mad_snapshots SET row_count = $2,
           size_bytes = (SELECT coalesce(sum(pg_column_size(r.*)), 0) FROM mad_snapshot_rows r WHERE r.snapshot_id = $1::bigint)
         WHERE id = $1::bigint`,
        [id, rows],
      );
      return { id, rows, replaced: removed.length > 0 };
    });
  }

  /** Removes a schedule's history (every snapshot and its rows) and its feeds; resolves with the days removed. */
  async deleteSchedule(scheduleId: string): Promise<number> {
    return this.database.transaction(async (tx) => {
      const removed = await tx.query("DELETE FROM mad_snapshots WHERE schedule_id = $1 RETURNING id", [scheduleId]);
      await tx.query("DELETE FROM mad_feeds WHERE schedule_id = $1", [scheduleId]);
      return removed.length;
    });
  }

  /** What is kept of each schedule named (those with nothing kept have zeros). */
  async summaries(scheduleIds: readonly string[]): Promise<Map<string, KeptHistory>> {
    const found = await this.database.query<{
      schedule_id: string;
      days: number;
      rows: number;
      bytes: number;
      first: string;
      last: string;
    }>(
      `SELECT s.schedule_id, count(*)::int AS days, sum(s.row_count)::int AS rows, sum(s.size_bytes)::float8 AS bytes,
              min(s.taken_on)::text AS first, max(s.taken_on)::text AS last
       FROM mad_snapshots s WHERE s.schedule_id = ANY($1::text[]) GROUP BY s.schedule_id`,
      [[...scheduleIds]],
    );
    const kept = new Map<string, KeptHistory>(scheduleIds.map((id) => [id, { days: 0, rows: 0, bytes: 0 }]));
    for (const s of found)
      kept.set(s.schedule_id, { days: s.days, rows: s.rows, bytes: Number(s.bytes), first: s.first, last: s.last });
    return kept;
  }

  /** Every schedule that has history kept, with what is kept (for `npm run team -- history`). */
  async everySummary(): Promise<Map<string, KeptHistory & { readonly name: string; readonly member: string }>> {
    const schedules = await this.database.query<{ schedule_id: string; name: string; member: string }>(
      `SELECT DISTINCT ON (schedule_id) schedule_id, schedule_name AS name, member
       FROM mad_snapshots ORDER BY schedule_id, taken_on DESC`,
    );
    const kept = await this.summaries(schedules.map((s) => s.schedule_id));
    return new Map(
      schedules.map((s) => [s.schedule_id, { ...kept.get(s.schedule_id)!, name: s.name, member: s.member }]),
    );
  }

  /** Removes snapshots older than the retention (days before `now`'s UTC day); resolves with how many went. */
  async sweep(now: number): Promise<number> {
    const cutoff = new Date(now - this.retentionDays * DAY_MS).toISOString().slice(0, 10);
    const removed = await this.database.query("DELETE FROM mad_snapshots WHERE taken_on < $1::date RETURNING id", [
      cutoff,
    ]);
    this.lastSweep = now;
    return removed.length;
  }

  /** The sweep, once a day (the first call sweeps); undefined when it was not due. */
  async sweepIfDue(now: number): Promise<number | undefined> {
    if (this.lastSweep !== undefined && now - this.lastSweep < DAY_MS) return undefined;
    return this.sweep(now);
  }

  /**
   * A schedule's rows within `range`, in (day, query, row) order, streamed in batches. A row's `query` (its
   * formula, 2.6 kB for a 200-ASIN watch, the same on each of its query's rows) comes from the database only where
   * it differs from the row before's (NULL otherwise: the column is NOT NULL) and is filled in here: measured, a
   * year of a 200-ASIN watch is 76 MB to read rather than 266 MB, and the relay keeps one string per query a day
   * instead of one per row.
   */
  rows(scheduleId: string, range: DayRange = {}, batchRows?: number): AsyncIterable<SnapshotRow[]> {
    return withQueries(
      this.database.stream<StreamedRow>(
        `SELECT s.taken_on::text AS taken_on, ${TAKEN_AT} AS taken_at, r.query_index, r.row_index, r.operation,
                CASE WHEN r.query IS DISTINCT FROM lag(r.query) OVER w THEN r.query END AS query,
                r.record_key, r.fields
         FROM mad_snapshots s JOIN mad_snapshot_rows r ON r.snapshot_id = s.id
         WHERE ${IN_RANGE}${range.latest ? ` AND ${LATEST}` : ""}
         WINDOW w AS (ORDER BY s.taken_on, r.query_index, r.row_index)
         ORDER BY s.taken_on, r.query_index, r.row_index`,
        [scheduleId, range.since ?? null, range.until ?? null],
        batchRows,
      ),
    );
  }

  /** A schedule's snapshots within `range`, oldest first, with their failures and rows counted. */
  async days(scheduleId: string, range: DayRange = {}): Promise<SnapshotDay[]> {
    return this.database.query<SnapshotDay>(
      `SELECT s.id::text AS id, s.taken_on::text AS taken_on, ${TAKEN_AT} AS taken_at, s.schedule_name, s.failures,
              s.row_count AS rows
       FROM mad_snapshots s WHERE ${IN_RANGE}${range.latest ? ` AND ${LATEST}` : ""}
       ORDER BY s.taken_on`,
      [scheduleId, range.since ?? null, range.until ?? null],
    );
  }
}

/** A row as `rows` reads it: `query` null when it is the row before's. */
type StreamedRow = Omit<SnapshotRow, "query"> & { query: string | null };

/** Each row's `query` filled in from the row before's where the database left it out (`rows`). */
async function* withQueries(batches: AsyncIterable<StreamedRow[]>): AsyncGenerator<SnapshotRow[]> {
  let query = "";
  for await (const batch of batches) {
    for (const row of batch) {
      if (row.query === null) row.query = query;
      else query = row.query;
    }
    yield batch as SnapshotRow[];
  }
}

/**
 * Inserts a snapshot's rows: per query, a batch of rows per statement (one JSON array of keys and fields each, the
 * query's formula sent once per statement rather than once per row); resolves with how many.
 */
async function insertRows(tx: Queryable, snapshotId: string, queries: readonly SnapshotQuery[]): Promise<number> {
  let count = 0;
  for (const q of queries)
    for (let at = 0; at < q.rows.length; at += INSERT_BATCH_ROWS) {
      const batch = q.rows.slice(at, at + INSERT_BATCH_ROWS).map((row) => ({ k: row.key, f: row.fields }));
      await tx.query(
        `INSERT INTO mad_snapshot_rows (snapshot_id, query_index, row_index, operation, query, record_key, fields)
         SELECT $1::bigint, $2::int, $3::int + x.n::int - 1, $4, $5, x.e->>'k', x.e->'f'
         FROM jsonb_array_elements($6::jsonb) WITH ORDINALITY AS x(e, n)`,
        [snapshotId, q.index, at, q.operation, q.query, JSON.stringify(batch)],
      );
      count += batch.length;
    }
  return count;
}
