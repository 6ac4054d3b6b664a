/**
 * A history sheet's Changes table, without Excel: the latest snapshot against the one before, worked out in the
 * add-in from the sheet's own rows (no call): each query's rows new in the latest, rows gone from it, and the numbers
 * that changed, a row known by its record's key (src/table/row-changes.ts, the rule the team relay's history reads
 * too). Its rows replace the table's at every snapshot (`latestOnly`); the first snapshot has nothing to compare.
 */
import { operation } from "../../api/catalog";
import { t } from "../../i18n";
import { dateTextCell, serialToIsoDate } from "../../table/cells";
import { compareRows, KEY_SEPARATOR, keyColumnsOf, rowKey, type ChangeKind } from "../../table/row-changes";
import type { HostAdapter } from "../host/host-adapter";
import type { CellValue } from "../report-model/cells";
import { selectColumns } from "../report-model/result-table";
import { CHANGES_KEY } from "./changes-table";
import type { SnapshotPlan } from "./snapshot-sheet";

/** Cells before a query's own columns in its rows table: Taken, Data as of, Source. */
const LEADING = 3;

/** One snapshot's rows by table key, and its day (`2025-11-24`). */
export interface DayRows {
  readonly day: string;
  readonly rows: Readonly<Record<string, readonly (readonly CellValue[])[]>>;
}

const changeWord = (change: ChangeKind): string => t("changes.kind", { change });

/** A day (`2025-11-24`) as a date cell. */
const dayCell = (day: string): CellValue => dateTextCell(day, "serial");

/** The Changes rows: every query's changes from `before` to `after`, in the plan's order; none without `before`. */
export function changeRows(plan: SnapshotPlan, before: DayRows | null, after: DayRows): CellValue[][] {
  if (!before) return [];
  const out: CellValue[][] = [];
  for (const query of plan.queries) {
    const columns = selectColumns(query.operation, query.fields);
    const names = columns.map((c) => c.name);
    const at = (field: string) => LEADING + names.indexOf(field);
    const keyColumns = keyColumnsOf(operation(query.operation));
    // A table that left a key column out compares its rows by their place.
    const keyed = keyColumns.every((column) => names.includes(column));
    const side = (rows: readonly (readonly CellValue[])[] | undefined) => ({
      rows: rows ?? [],
      key: (row: readonly CellValue[]) => (keyed ? rowKey(keyColumns, (column) => row[at(column)]) : ""),
      value: (row: readonly CellValue[], field: string) => row[at(field)],
    });
    const numeric = columns
      .filter((c) => c.part !== undefined || c.spec.type === "integer" || c.spec.type === "number")
      .map((c) => c.name);
    for (const change of compareRows(side(before.rows[query.key]), side(after.rows[query.key]), numeric))
      out.push([
        dayCell(after.day),
        dayCell(before.day),
        query.label,
        change.key.split(KEY_SEPARATOR).join(" · "),
        changeWord(change.change),
        change.field ?? "",
        change.before ?? "",
        change.after ?? "",
        change.changePct ?? "",
      ]);
  }
  return out;
}

/** The snapshots in rows read from a history sheet (a table's first column is when each row was taken), by day. */
function daysOfRows(tables: Readonly<Record<string, readonly (readonly CellValue[])[]>>): DayRows[] {
  const days = new Map<string, Record<string, CellValue[][]>>();
  for (const [key, rows] of Object.entries(tables)) {
    if (key === CHANGES_KEY) continue;
    for (const row of rows) {
      const taken = row[0];
      if (typeof taken !== "number" || !Number.isFinite(taken)) continue;
      const day = serialToIsoDate(Math.floor(taken));
      const byKey = days.get(day) ?? {};
      (byKey[key] ??= []).push([...row]);
      days.set(day, byKey);
    }
  }
  return [...days].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([day, rows]) => ({ day, rows }));
}

/** The snapshot before `day` that the history sheet holds (its newest earlier one), or null. */
export async function snapshotBefore(host: HostAdapter, plan: SnapshotPlan, day: string): Promise<DayRows | null> {
  const days = daysOfRows(await host.readRecentSnapshots(plan.source, 2));
  return days.filter((d) => d.day < day).pop() ?? null;
}

/** The Changes rows of a snapshot about to be appended, against the one before it on the sheet. */
export async function changesAgainstSheet(
  host: HostAdapter,
  plan: SnapshotPlan,
  after: DayRows,
): Promise<CellValue[][]> {
  return changeRows(plan, await snapshotBefore(host, plan, after.day), after);
}
