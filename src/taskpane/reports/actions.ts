/**
 * What the Reports tab's refresh does, without React: each unique query once with the cache bypassed, then the
 * tables and formulas that show it.
 */
import type { Engine } from "../../engine";
import type { HostAdapter, StoredQuery } from "../host/host-adapter";
import { tableOf } from "../build/result-table";
import type { RefreshPlan } from "./refresh-plan";
import type { ReportRow } from "./reports";

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

/**
 * Runs a planned refresh: each unique query once with the cache bypassed (fresh pages replace the cached ones),
 * then tables get their new rows and formula cells are recalculated, which reads the fresh pages from the
 * cache without another call. Formulas never run this session are recalculated as they are.
 */
export async function executeRefresh(
  engine: Engine,
  host: HostAdapter,
  plan: RefreshPlan,
  rows: readonly ReportRow[],
  onProgress: (p: RefreshProgress) => void = () => undefined,
): Promise<RefreshOutcome> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const failures: Record<string, string> = { ...plan.invalid };
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
            await host.replaceTableRows(row.tableName, shaped.rows, stored);
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
