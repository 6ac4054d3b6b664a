/**
 * Serving a schedule's history or changes, as CSV or JSON, streamed from the database: the first batch is read
 * before the answer's head is sent (a database that fails at once answers 503, not a cut 200), then each batch
 * is written as it comes (csv.ts, json-stream.ts). A failure later cuts the answer and is logged (never a key).
 */
import type { ServerResponse } from "node:http";
import type { Schedule } from "../../relay-api/schedules";
import { loadLocale } from "../../i18n/locale";
import { refuseAs, type RelayOutcome } from "../relay";
import { scheduleChanges, type ChangeDay, type ChangeSourceRow, type ChangesSource } from "./changes";
import { CSV_CONTENT_TYPE, writeCsv, type TableRow } from "./csv";
import type { Database } from "./database";
import { JSON_CONTENT_TYPE, writeJsonEnvelope } from "./json-stream";
import type { ReadParams } from "./read-params";
import type { HistoryStore } from "./snapshots";
import { changesTable, historyTable, type AnswerTable } from "./tables";

/**
 * Rows per FETCH while an answer streams. Small enough that a batch dies young (V8 collects it in the young
 * generation instead of promoting it while the response drains: measured, 1,000 rows of a 200-ASIN watch doubled the
 * heap's growth), large enough that round trips stay a small part of the time.
 */
const STREAM_BATCH_ROWS = 250;

/** The relay's event log (one JSON line per event; the team relay's RelayLog). */
export type HistoryLog = (event: Record<string, unknown>) => void;

export type AnswerKind = "history" | "changes";
export type AnswerFormat = "csv" | "json";

export interface Answer {
  readonly kind: AnswerKind;
  readonly format: AnswerFormat;
  readonly schedule: Schedule;
  readonly params: ReadParams;
}

export interface AnswerSources {
  readonly database: Database;
  readonly store: HistoryStore;
  readonly log: HistoryLog;
  /** How long a reader may take nothing before its answer is cut (default READER_STALL_MS). */
  readonly stallMs?: number;
}

/**
 * A reader that takes nothing for this long (its connection silent both ways) has its answer cut: while it waits,
 * the answer holds a pooled database connection in a transaction, and ten stalled readers would hold them all.
 * A BI tool or a spreadsheet reads on as it goes; two minutes is far past any pause of theirs.
 */
const READER_STALL_MS = 120_000;

/** 503: the history database did not answer; nothing was sent (in the language the request asks for). */
export const databaseDown = (res: ServerResponse, database: Pick<Database, "describe">): RelayOutcome =>
  refuseAs(res, "database", { database: database.describe });

/** Batches read ahead of the writer, and how to end the reading whether or not the writer ever asked for one. */
interface PrimedSource<T> extends AsyncIterable<T> {
  close(): Promise<void>;
}

/**
 * `source` with its first item already read (so a failure to start is known before the answer's head is sent), and
 * one item read ahead from then on: the database makes the next batch while this one is written (a server works in
 * its own process meanwhile; measured, it cut serving a year of a 200-ASIN watch from PostgreSQL by a third).
 * `close` ends the reading (the cursor and its transaction) even when the writer never started iterating: a reader
 * that left before the head was written would otherwise keep a pooled connection idle in its transaction for good.
 */
async function primed<T>(source: AsyncIterable<T>): Promise<PrimedSource<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  let ended: Promise<unknown> | undefined;
  const close = async () => void (await (ended ??= iterator.return?.() ?? Promise.resolve()));
  return {
    close,
    async *[Symbol.asyncIterator]() {
      try {
        for (let current = first; !current.done;) {
          const next = iterator.next();
          // Awaited below; a reader that leaves first must not leave its failure unhandled.
          next.catch(() => undefined);
          yield current.value;
          current = await next;
        }
      } finally {
        // A reader that went away (or a failure) ends the reading: the cursor and its transaction are closed.
        await close();
      }
    },
  };
}

async function* mapped<S, T>(source: AsyncIterable<readonly S[]>, map: (row: S) => T): AsyncGenerator<T[]> {
  for await (const batch of source) yield batch.map(map);
}

/** The changes' reads: the days the history store lists, each query's rows in day order by its own SQL. */
function changesSource(database: Database, store: HistoryStore, scheduleId: string): ChangesSource {
  const rowsOf = `FROM mad_snapshots s JOIN mad_snapshot_rows r ON r.snapshot_id = s.id
    WHERE s.schedule_id = $1 AND s.taken_on >= $2::date AND s.taken_on <= $3::date`;
  return {
    days: async (until): Promise<readonly ChangeDay[]> => store.days(scheduleId, until ? { until } : {}),
    queryIndexes: async (from, until) =>
      (
        await database.query<{ query_index: number }>(`SELECT DISTINCT r.query_index ${rowsOf} ORDER BY 1`, [
          scheduleId,
          from,
          until,
        ])
      ).map((r) => Number(r.query_index)),
    rows: (queryIndex, from, until) =>
      database.stream<ChangeSourceRow>(
        `SELECT s.taken_on::text AS taken_on, r.query, r.operation, r.record_key, r.fields ${rowsOf}
         AND r.query_index = $4 ORDER BY s.taken_on, r.row_index`,
        [scheduleId, from, until, queryIndex],
        STREAM_BATCH_ROWS,
      ),
  };
}

/** The answer's table and its rows' batches, by kind. */
function tableAndRows(answer: Answer, sources: AnswerSources) {
  const { schedule, params } = answer;
  if (answer.kind === "history") {
    const range = { since: params.since, until: params.until, latest: params.latest };
    const rows = sources.store.rows(schedule.id, range, STREAM_BATCH_ROWS);
    return { table: historyTable(schedule, params.labels), rows };
  }
  const source = changesSource(sources.database, sources.store, schedule.id);
  return { table: changesTable(params.labels), rows: scheduleChanges(source, params) };
}

/** Streams the answer; the outcome for the request log. */
export async function serveAnswer(res: ServerResponse, answer: Answer, sources: AnswerSources): Promise<RelayOutcome> {
  // The relay loads every language at start (setup.ts); a relay built otherwise loads the one asked for here.
  if (answer.params.labels) await loadLocale(answer.params.labels);
  const { table, rows } = tableAndRows(answer, sources) as {
    table: AnswerTable<unknown>;
    rows: AsyncIterable<readonly unknown[]>;
  };
  let batches: PrimedSource<readonly unknown[]>;
  try {
    batches = await primed(rows);
  } catch (error) {
    sources.log({ event: "history-read-failed", schedule: answer.schedule.id, reason: (error as Error).message });
    return databaseDown(res, sources.database);
  }
  const csv = answer.format === "csv";
  res.setTimeout(sources.stallMs ?? READER_STALL_MS, () => res.destroy());
  try {
    res.writeHead(200, {
      "content-type": csv ? CSV_CONTENT_TYPE : JSON_CONTENT_TYPE,
      ...(csv ? { "content-disposition": `attachment; filename="${answer.schedule.id}-${answer.kind}.csv"` } : {}),
    });
    if (csv) await writeCsv(res, table.header, mapped<unknown, TableRow>(batches, table.toRow));
    else {
      const head = { schedule: { id: answer.schedule.id, name: answer.schedule.name } };
      await writeJsonEnvelope(res, head, mapped(batches, table.toObject));
    }
  } catch (error) {
    sources.log({ event: "history-read-failed", schedule: answer.schedule.id, reason: (error as Error).message });
  } finally {
    await batches
      .close()
      .catch((error: Error) =>
        sources.log({ event: "history-read-failed", schedule: answer.schedule.id, reason: error.message }),
      );
  }
  return { status: 200 };
}
