/**
 * What the task pane's buttons do, without React: preview, insert as formula, insert as table, refresh. Each
 * takes the engine and the host adapter it works with, so tests and the preview page can hand in their own.
 */
import { operation, type OperationCode } from "../api/catalog";
import type { Engine, QueryResult } from "../engine";
import type { HostAdapter, StoredQuery, TableInfo } from "./host/host-adapter";
import { buildFilterBlock } from "./model/filter-block";
import { previewOf, selectColumns, tableOf } from "./model/result-table";
import type { RefreshPlan } from "./model/refresh-plan";
import type { ReportRow } from "./model/reports";
import type { Cell } from "../table/cells";

/** The pane never previews more than this many rows (one page of most operations). */
export const PREVIEW_LIMIT = 50;

export interface ValidQuery {
  readonly code: OperationCode;
  /** Validated parameters (the client's normalization); the picked columns are `fields`. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly fields: readonly string[];
  readonly limit?: number;
}

export interface PreviewResult {
  readonly header: string[];
  readonly rows: Cell[][];
  readonly total: number | null;
  readonly callsSpent: number;
  readonly fromCache: boolean;
}

const query = (
  engine: Engine,
  code: OperationCode,
  params: Readonly<Record<string, unknown>>,
  options: { limit?: number; bypassCache?: boolean },
) => engine.query(code, params as never, options) as Promise<QueryResult>;

export async function runPreview(engine: Engine, q: ValidQuery, shownRows = 20): Promise<PreviewResult> {
  const limit = Math.min(q.limit ?? PREVIEW_LIMIT, PREVIEW_LIMIT);
  const result = await query(engine, q.code, q.params, { limit });
  const { header, rows } = previewOf(q.code, { rows: result.rows, stats: result.stats }, q.fields, shownRows);
  return {
    header,
    rows,
    total: result.total ?? result.rows.length,
    callsSpent: result.callsSpent,
    fromCache: result.fromCache,
  };
}

/** Writes the filter block at the active cell and the formula beside it; returns where the formula went. */
export async function insertFormula(
  host: HostAdapter,
  q: ValidQuery,
): Promise<{ formula: string; sheet: string; address: string }> {
  const at = await host.getActiveCell();
  const block = buildFilterBlock(q.code, q.params, {
    fields: q.fields,
    ...(q.limit === undefined ? {} : { limit: q.limit }),
    at,
  });
  await host.writeValues(block.block, block.values);
  await host.writeFormula(block.formulaCell, block.formula);
  return { formula: block.formula, ...block.formulaCell };
}

/** A table name from the operation: `MAD_ProductResearch`. */
export function tableNameFor(code: OperationCode): string {
  return `MAD_${operation(code).title.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`;
}

export async function insertTable(
  engine: Engine,
  host: HostAdapter,
  q: ValidQuery,
): Promise<{ table: TableInfo; callsSpent: number }> {
  // The sheet's edge is checked before any call is spent (a limit-2,000 table spends 20 calls). Without a limit
  // the size is known only after the call; createTable checks again then.
  const at = await host.getActiveCell();
  const columns = selectColumns(q.code, q.fields).length;
  const area = await host.checkArea(at, 1 + (q.limit ?? 1), columns);
  if (area.outside) throw new Error(`Nothing was fetched: ${area.outside}`);
  const result = await query(engine, q.code, q.params, q.limit === undefined ? {} : { limit: q.limit });
  const shaped = tableOf(q.code, { rows: result.rows, stats: result.stats }, q.fields, q.limit);
  const stored: StoredQuery = {
    operation: q.code,
    params: q.params,
    ...(q.fields.length ? { fields: q.fields } : {}),
    ...(q.limit === undefined ? {} : { limit: q.limit }),
    refreshedAt: result.fetchedAt,
  };
  const table = await host.createTable(at, {
    name: tableNameFor(q.code),
    header: shaped.header,
    rows: shaped.rows,
    columnFormats: shaped.formats,
    query: stored,
  });
  return { table, callsSpent: result.callsSpent };
}

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
        const result = await query(engine, group.query.operation, group.query.params, {
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
