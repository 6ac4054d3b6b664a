/**
 * What the Reports tab's refresh does, without React: each unique query once with the cache bypassed, then the
 * tables and formulas that show it.
 */
import type { Engine } from "../../engine";
import { CellsInUseError, type HostAdapter, type StoredQuery, type TableGrowth } from "../host/host-adapter";
import { t } from "../../i18n";
import { tableOf } from "../build/result-table";
import type { RefreshPlan } from "./refresh-plan";
import type { ReportRow } from "./reports";

export interface RefreshProgress {
  readonly done: number;
  readonly total: number;
}

/** A table whose fresh rows need cells below it that hold something: the person decides what happens. */
export interface GrowthConflict {
  readonly tableName: string;
  /** Rows the table would have. */
  readonly rows: number;
  /** The cells in the way (the first few). */
  readonly occupied: readonly string[];
}

/** What the person chose for a table that needs the cells below it: a way to grow, or keep the cells. */
export type GrowthDecision = TableGrowth | "keep";

export interface RefreshOutcome {
  /** Report row id -> error message, for the rows that failed. */
  readonly failures: Readonly<Record<string, string>>;
  readonly callsSpent: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
  const failures: Record<string, string> = { ...plan.invalid };
  /** Tables that need cells below them that hold something: asked about once the fetching is done. */
  const conflicts: { id: string; write: (growth: TableGrowth) => Promise<unknown>; conflict: GrowthConflict }[] = [];
  const total = plan.groups.length + 1;
  let done = 0;
  let callsSpent = 0;
  const step = () => onProgress({ done: ++done, total });
  onProgress({ done, total });

  await Promise.all(
    plan.groups.map(async (group) => {
      try {
        const result = await engine.query(group.query.operation, group.query.params, {
          ...(group.query.limit === undefined ? {} : { limit: group.query.limit }),
          bypassCache: true,
        });
        callsSpent += result.callsSpent;
        for (const id of group.targetIds) {
          const row = byId.get(id);
          if (row?.kind !== "table" || !row.tableName) continue;
          try {
            const shaped = tableOf(
              group.query.operation,
              { rows: result.rows, stats: result.stats },
              row.fields ?? [],
              group.query.limit,
            );
            const stored: StoredQuery = {
              ...group.query,
              ...(row.fields?.length ? { fields: row.fields } : {}),
              refreshedAt: result.fetchedAt,
            };
            const tableName = row.tableName;
            const write = (growth?: TableGrowth) =>
              host.replaceTableRows(tableName, shaped.rows, stored, undefined, growth);
            try {
              await write();
            } catch (error) {
              if (!(error instanceof CellsInUseError)) throw error;
              conflicts.push({
                id,
                write,
                conflict: { tableName, rows: shaped.rows.length, occupied: error.occupied },
              });
            }
          } catch (error) {
            failures[id] = messageOf(error);
          }
        }
      } catch (error) {
        for (const id of group.targetIds) failures[id] = messageOf(error);
      }
      step();
    }),
  );

  // One question at a time, in the order the tables were refreshed; the rows are already fetched (and cached).
  for (const { id, write, conflict } of conflicts) {
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

  const cells = rows.filter((r) => r.kind === "formula" && r.cell).map((r) => r.cell!);
  if (cells.length) {
    try {
      await host.recalculate(cells);
    } catch (error) {
      for (const r of rows) if (r.kind === "formula") failures[r.id] ??= messageOf(error);
    }
  }
  step();
  return { failures, callsSpent };
}
