/**
 * What the Reports tab's refresh does, without React: each unique query once with the cache bypassed, then the
 * tables and formulas that show it.
 */
import type { Engine } from "../../engine";
import { type HostAdapter, type StoredQuery, type TableInfo } from "../host/host-adapter";
import { CellsInUseError } from "../host/cells-in-use";
import type { TableGrowth } from "../report-model/cells";
import { t } from "../../i18n";
import { tableOf } from "../report-model/result-table";
import { asinColumnOf, withCardColumn } from "../report-model/table-cards";
import { writeTableCards } from "../shared/write-table-cards";
import type { GrowthConflict, GrowthDecision } from "./growth";
import type { RefreshPlan } from "./refresh-plan";
import type { ReportGroup, ReportRow } from "./reports";
import { refreshReportSheets } from "../host/settle-formulas";
import type { ReportInputs } from "../report-model/report-inputs";
import { snapshotKept, type SnapshotTarget } from "./snapshot";
import type { WorkbookScan } from "./workbook-scan";

export interface RefreshProgress {
  readonly done: number;
  readonly total: number;
}

export interface RefreshOutcome {
  /** Report row id -> error message, for the rows that failed. */
  readonly failures: Readonly<Record<string, string>>;
  readonly callsSpent: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A table write that waits for the person: its new rows need cells below it that hold something. */
interface WaitingWrite {
  readonly id: string;
  readonly write: (growth: TableGrowth) => Promise<unknown>;
  readonly conflict: GrowthConflict;
}

type Answer = Awaited<ReturnType<Engine["query"]>>;

/** Writes a table's rows from a query's fresh answer as its MAD function spills them (and its cards, if it has). */
function tableWriter(host: HostAdapter, query: RefreshPlan["groups"][number]["query"], answer: Answer, row: ReportRow) {
  const cardColumn = row.cards ? asinColumnOf(query.operation, row.fields) : undefined;
  const table = tableOf(
    query.operation,
    { rows: answer.rows, stats: answer.stats, fetchedAt: answer.fetchedAt },
    row.fields ?? [],
    query.limit,
    row.history,
  );
  // Cards go in the `product` column beside the ASIN column, which stays text (report-model/table-cards.ts).
  const shaped = cardColumn ? withCardColumn(table, cardColumn) : table;
  const stored: StoredQuery = {
    ...query,
    ...(row.fields?.length ? { fields: row.fields } : {}),
    ...(row.history ? { history: row.history } : {}),
    ...(cardColumn ? { cards: "beside" as const } : {}),
    refreshedAt: answer.fetchedAt,
  };
  const tableName = row.tableName!;
  const market = String(query.params.marketplace ?? "");
  const write = async (growth?: TableGrowth) => {
    const table = await host.replaceTableRows(tableName, shaped.rows, stored, undefined, growth);
    if (cardColumn) await writeTableCards(host, table, cardColumn, shaped.header, shaped.rows, answer.rows, market);
  };
  return { write, tableName, rows: shaped.rows.length };
}

/** Writes every table that shows a group's answer; one that would grow over cells in use waits (`waiting`). */
async function writeTables(
  host: HostAdapter,
  plan: RefreshPlan,
  group: RefreshPlan["groups"][number],
  answer: Answer,
  byId: ReadonlyMap<string, ReportRow>,
  out: { failures: Record<string, string>; waiting: WaitingWrite[] },
): Promise<void> {
  for (const id of group.targetIds) {
    const row = byId.get(id);
    if (row?.kind !== "table" || !row.tableName) continue;
    // Refresh when opened: a table that already shows this answer is left as it is.
    if (plan.due && row.lastRefreshed !== null && answer.fetchedAt <= row.lastRefreshed) continue;
    try {
      const { write, tableName, rows } = tableWriter(host, group.query, answer, row);
      try {
        await write();
      } catch (error) {
        if (!(error instanceof CellsInUseError)) throw error;
        const tables = error.tables.length ? { tables: error.tables } : {};
        out.waiting.push({ id, write, conflict: { tableName, rows, occupied: error.occupied, ...tables } });
      }
    } catch (error) {
      out.failures[id] = messageOf(error);
    }
  }
}

/** One question at a time, in the order the tables were refreshed; the rows are already fetched (and cached). */
async function askAndWrite(
  waiting: readonly WaitingWrite[],
  decide: (conflict: GrowthConflict) => Promise<GrowthDecision>,
  failures: Record<string, string>,
): Promise<void> {
  for (const { id, write, conflict } of waiting) {
    const decision = await decide(conflict);
    if (decision === "keep") {
      failures[id] = t("reports.growth.kept", { cells: conflict.occupied.join(", ") });
      continue;
    }
    try {
      await write(decision);
    } catch (error) {
      failures[id] = messageOf(error);
    }
  }
}

/**
 * Runs a planned refresh: each unique query once with the cache bypassed (fresh pages replace the cached ones),
 * then tables get their new rows and formula cells are recalculated, which reads the fresh pages from the
 * cache without another call. Formulas never run this session are recalculated as they are. A table whose new
 * rows need cells below it that hold something is written only once `decide` (the person) says how: insert sheet
 * rows, overwrite, or keep the cells (the table then stays as it was and is reported as not refreshed).
 */
export async function executeRefresh(
  engine: Engine,
  host: HostAdapter,
  plan: RefreshPlan,
  rows: readonly ReportRow[],
  onProgress: (p: RefreshProgress) => void = () => undefined,
  decide: (conflict: GrowthConflict) => Promise<GrowthDecision> = async () => "keep",
): Promise<RefreshOutcome> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = { failures: { ...plan.invalid } as Record<string, string>, waiting: [] as WaitingWrite[] };
  const total = plan.groups.length + 1;
  let done = 0;
  let callsSpent = 0;
  const step = () => onProgress({ done: ++done, total });
  onProgress({ done, total });

  await Promise.all(
    plan.groups.map(async (group) => {
      try {
        const answer = await engine.query(group.query.operation, group.query.params, {
          ...(group.query.limit === undefined ? {} : { limit: group.query.limit }),
          bypassCache: !plan.due,
          // A refresh says it failed rather than showing an earlier answer as if it were new.
          lastGood: false,
        });
        callsSpent += answer.callsSpent;
        await writeTables(host, plan, group, answer, byId, out);
      } catch (error) {
        for (const id of group.targetIds) out.failures[id] = messageOf(error);
      }
      step();
    }),
  );
  await askAndWrite(out.waiting, decide, out.failures);

  const cells = rows.filter((r) => r.kind === "formula" && r.cell).map((r) => r.cell!);
  if (cells.length) {
    try {
      await host.recalculate(cells);
    } catch (error) {
      for (const r of rows) if (r.kind === "formula") out.failures[r.id] ??= messageOf(error);
    }
  }
  step();
  return { failures: out.failures, callsSpent };
}

export interface FullRefresh extends RefreshOutcome {
  /** Snapshots taken for the sources that keep history. */
  readonly snapshots: number;
  readonly snapshotFailures: readonly string[];
}

/**
 * A whole refresh as the Reports tab and refresh when opened run it: the planned queries (executeRefresh), then the
 * reports' charts once their formulas show the new spills, MAD.ASOF cells calculated again, and a snapshot of each
 * refreshed report or table that keeps history (from the answers just fetched: no further call).
 */
export async function refreshAndRecord(
  engine: Engine,
  host: HostAdapter,
  scan: Pick<WorkbookScan, "asOf">,
  groups: readonly ReportGroup[],
  refresh: { plan: RefreshPlan; rows: readonly ReportRow[]; inputs: ReadonlyMap<string, ReportInputs> },
  takenAt: () => number,
  onProgress?: (p: RefreshProgress) => void,
  decide?: (conflict: GrowthConflict) => Promise<GrowthDecision>,
): Promise<FullRefresh> {
  const { plan, rows } = refresh;
  const outcome = await executeRefresh(engine, host, plan, rows, onProgress, decide);
  const ids = new Set(rows.map((r) => r.id));
  const touched = groups.filter((g) => g.rows.some((r) => ids.has(r.id)));
  await refreshReportSheets(
    host,
    touched.map((g) => ({ sheet: g.sheet, cells: g.rows.filter((r) => r.cell).map((r) => r.cell!) })),
  );
  if (scan.asOf.length) await host.recalculate(scan.asOf).catch(() => undefined);
  const targets: SnapshotTarget[] = [
    ...touched.map((g): SnapshotTarget => ({ kind: "report", sheet: g.sheet, report: g.report })),
    ...rows.flatMap((r): SnapshotTarget[] =>
      r.kind === "table" && r.tableName && !outcome.failures[r.id] ? [{ kind: "table", table: tableInfoOf(r) }] : [],
    ),
  ];
  const snapshots = await snapshotKept(engine, host, targets, refresh.inputs, takenAt(), decide);
  return {
    ...outcome,
    callsSpent: outcome.callsSpent + snapshots.callsSpent,
    snapshots: snapshots.taken,
    snapshotFailures: snapshots.failures,
  };
}

/** The table a report row lists, as a snapshot reads it. */
const tableInfoOf = (row: ReportRow): TableInfo => ({
  name: row.tableName!,
  sheet: row.sheet,
  address: row.address,
  rowCount: row.rows ?? 0,
  query: row.query ? { ...row.query, ...(row.fields?.length ? { fields: row.fields } : {}) } : null,
});
