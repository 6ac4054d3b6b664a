/**
 * A run as the history keeps it: its snapshot (./snapshots.ts), each query named by its MAD formula with values
 * (src/formula/formula-of-query.ts), a failed query noted; and each query's records as rows: every field of the record
 * (src/table/columns.ts's columns), each the cell the spill shows (src/table/cells.ts, dates as ISO text rather than
 * Excel serials), numbers as JSON numbers, blank as null, keyed by the column's wire name, with the record's key
 * (RECORD_KEYS), which tells a row from the others across days (the changes' `key`, as alerts' `new rows`).
 */
import { operation, type OperationCode } from "../../api/catalog";
import { RECORD_KEYS } from "../../api/records";
import type { Schedule } from "../../relay-api/schedules";
import { compileColumn } from "../../table/cells";
import { readColumn, recordColumns } from "../../table/columns";
import { formulaOfQuery } from "../../formula/formula-of-query";
import { dayIn, type NewSnapshot, type SnapshotFailure, type SnapshotQuery, type StoredRow } from "./snapshots";

/** Joins a record's key columns: a character no field value carries. */
const KEY_SEPARATOR = "\u001f";

export function snapshotRows(code: OperationCode, records: readonly unknown[]): StoredRow[] {
  const op = operation(code);
  const columns = recordColumns(op);
  const cells = columns.map((column) => ({ name: column.name, read: compileColumn(column, "text") }));
  const keys = RECORD_KEYS[op.record].map((name) => columns.find((c) => c.name === name)!);
  return records.map((record) => {
    const fields: Record<string, unknown> = {};
    for (const { name, read } of cells) {
      const cell = read(record);
      fields[name] = cell === "" ? null : cell;
    }
    const key = keys.map((column) => String(readColumn(record, column) ?? "")).join(KEY_SEPARATOR);
    return { key, fields };
  });
}

/** What one query of a run gave: its records, or why not. */
export type QueryOutcome = { readonly rows: readonly unknown[] } | { readonly error: string };

/**
 * The snapshot of a run of `schedule` at `at` (epoch ms, the relay's clock), its day in the schedule's time zone;
 * `outcomes` in the order of the schedule's queries. Undefined when no query answered (nothing to keep).
 */
export function snapshotOf(
  schedule: Pick<Schedule, "id" | "name" | "member" | "timeZone" | "queries">,
  at: number,
  outcomes: readonly QueryOutcome[],
): NewSnapshot | undefined {
  const queries: SnapshotQuery[] = [];
  const failures: SnapshotFailure[] = [];
  schedule.queries.forEach((q, index) => {
    const outcome = outcomes[index];
    const query = formulaOfQuery(q.operation, q.params, q.limit);
    if ("rows" in outcome)
      queries.push({ index, operation: q.operation, query, rows: snapshotRows(q.operation, outcome.rows) });
    else failures.push({ query_index: index, query, error: outcome.error });
  });
  if (!queries.length) return undefined;
  return {
    scheduleId: schedule.id,
    scheduleName: schedule.name,
    member: schedule.member,
    takenOn: dayIn(schedule.timeZone, at),
    takenAt: at,
    timeZone: schedule.timeZone,
    queries,
    failures,
  };
}
