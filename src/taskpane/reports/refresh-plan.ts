/**
 * What a refresh will spend, before it spends anything. Identical queries (same engine cache key: operation,
 * normalized parameters, limit) are refreshed once however many cells or tables show them; each unique query
 * costs its pages, counted by the engine's own planner with the cache bypassed. Formulas whose query is not
 * known yet (never run in this session) cost at least one call each. The user is asked to confirm when the
 * total is many calls or more than the month has left.
 */
import { mergeLookups } from "../../api/lookups/calls";
import type { OperationCode } from "../../api/catalog";
import type { UntypedParams } from "../../api/request-types";
import { t } from "../../i18n";
import { CONFIRM_ABOVE_CALLS } from "../report-model/spend";

export interface RefreshQuery {
  readonly operation: OperationCode;
  readonly params: UntypedParams;
  readonly limit?: number;
}

export interface RefreshTarget {
  /** Stable id of the report row (a table name, or sheet!address of a formula cell). */
  readonly id: string;
  readonly kind: "formula" | "table";
  /**
   * null: no query to plan. A formula not evaluated in this session (`notRun`) runs when recalculated, at a cost
   * known only then; a formula whose arguments are bad costs nothing (it fails before any call).
   */
  readonly query: RefreshQuery | null;
  readonly notRun?: boolean;
  /** Why a formula without a query failed (bad arguments, #VALUE!): a refresh cannot fix it, so it stays failed. */
  readonly problem?: string;
}

/** The part of the engine a plan needs (structural, so tests can count calls on a stand-in). */
export interface PlanningEngine {
  cacheKey(code: OperationCode, params: UntypedParams, options?: { limit?: number }): string;
  plan(
    code: OperationCode,
    params: UntypedParams,
    options?: { limit?: number; bypassCache?: boolean },
  ): Promise<{ pages: number; uncachedPages: number; upTo?: true }>;
}

interface RefreshGroup {
  readonly key: string;
  readonly query: RefreshQuery;
  readonly targetIds: readonly string[];
  readonly pages: number;
  /** `pages` is the most it can take (none of its pages answered yet). */
  readonly upTo?: boolean;
}

export interface RefreshPlan {
  readonly groups: readonly RefreshGroup[];
  /** Targets whose cost is unknown until they run (each counted as one call). */
  readonly unknownIds: readonly string[];
  /**
   * Targets whose stored query no longer passes validation (a month aged past the service's 24, a renamed
   * parameter): id -> message. They cost nothing and fail on their own instead of blocking the whole refresh.
   */
  readonly invalid?: Readonly<Record<string, string>>;
  /** Calls the refresh will spend: pages of the unique queries plus one per unknown target. */
  readonly calls: number;
  /**
   * Only what is past its data period is fetched (refresh when opened): an answer still current is read from the
   * cache. Otherwise (Refresh) every query is fetched afresh.
   */
  readonly due?: boolean;
  /** True when `calls` is a lower bound (unknown targets may page). */
  readonly atLeast: boolean;
  readonly needsConfirmation: boolean;
  /** Why confirmation is asked, in plain words. */
  readonly reason?: string;
}

export async function planRefresh(
  engine: PlanningEngine,
  targets: readonly RefreshTarget[],
  options: { remainingThisMonth: number | null; confirmAbove?: number; due?: boolean },
): Promise<RefreshPlan> {
  const byKey = new Map<string, { query: RefreshQuery; ids: string[] }>();
  const unknownIds: string[] = [];
  const invalid: Record<string, string> = {};
  for (const target of targets) {
    if (!target.query) {
      if (target.notRun) unknownIds.push(target.id);
      else if (target.problem) invalid[target.id] = t("reports.invalid", { problem: target.problem });
      continue;
    }
    const { operation, params, limit } = target.query;
    let key: string;
    try {
      key = engine.cacheKey(operation, params, limit === undefined ? {} : { limit });
    } catch (error) {
      invalid[target.id] = error instanceof Error ? error.message : String(error);
      continue;
    }
    const group = byKey.get(key);
    if (group) group.ids.push(target.id);
    else byKey.set(key, { query: target.query, ids: [target.id] });
  }
  const groups: RefreshGroup[] = [];
  for (const [key, { query, ids }] of batched(engine, byKey, targets)) {
    const plan = await engine.plan(query.operation, query.params, {
      ...(query.limit === undefined ? {} : { limit: query.limit }),
      bypassCache: !options.due,
    });
    groups.push({
      key,
      query,
      targetIds: ids,
      pages: options.due ? plan.uncachedPages : plan.pages,
      ...(plan.upTo ? { upTo: true } : {}),
    });
  }
  const calls = groups.reduce((sum, g) => sum + g.pages, 0) + unknownIds.length;
  const threshold = options.confirmAbove ?? CONFIRM_ABOVE_CALLS;
  const remaining = options.remainingThisMonth;
  let reason: string | undefined;
  if (remaining !== null && calls > remaining) reason = t("spend.refresh.tooMany", { calls, left: remaining });
  else if (calls > threshold)
    reason = t("spend.refresh.many", { calls, bound: boundOf(unknownIds.length > 0, groups) });
  return {
    groups,
    unknownIds,
    ...(Object.keys(invalid).length ? { invalid } : {}),
    calls,
    ...(options.due ? { due: true } : {}),
    atLeast: unknownIds.length > 0,
    needsConfirmation: reason !== undefined,
    ...(reason ? { reason } : {}),
  };
}

type Grouped = Map<string, { query: RefreshQuery; ids: string[] }>;

/**
 * Formulas that look single ASINs up (MAD.PRODUCT cells) refresh as one lookup of all their ASINs: the engine sends
 * it in batches (src/api/lookups/batch.ts), so 200 cards cost 5 calls, not 200. A table keeps its own query (it is written
 * with exactly its rows).
 */
function batched(engine: PlanningEngine, byKey: Grouped, targets: readonly RefreshTarget[]): Grouped {
  const formulas = new Set(targets.filter((t) => t.kind === "formula").map((t) => t.id));
  const entries = [...byKey];
  const mergeable = entries.filter(([, group]) => group.ids.every((id) => formulas.has(id)));
  const out: Grouped = new Map(entries.filter((entry) => !mergeable.includes(entry)));
  for (const { query, from } of mergeLookups(
    mergeable.map(([, group]) => group.query),
    new Date(),
  )) {
    const ids = from.flatMap((i) => mergeable[i][1].ids);
    const key = from.length > 1 ? engine.cacheKey(query.operation, query.params, {}) : mergeable[from[0]][0];
    out.set(key, { query, ids });
  }
  return out;
}

/** "at least" when some targets' cost is known only once they run, "up to" when some queries' totals are unknown. */
function boundOf(atLeast: boolean, groups: readonly RefreshGroup[]): "atLeast" | "upTo" | "exact" {
  if (atLeast) return "atLeast";
  return groups.some((g) => g.upTo) ? "upTo" : "exact";
}

/** "12 calls for 3 unique queries (5 formulas, 2 tables)" */
export function describePlan(plan: RefreshPlan, targets: readonly RefreshTarget[]): string {
  const formulas = targets.filter((target) => target.kind === "formula").length;
  return t("reports.plan", {
    calls: plan.calls,
    bound: boundOf(plan.atLeast, plan.groups),
    queries: plan.groups.length + plan.unknownIds.length,
    formulas,
    tables: targets.length - formulas,
  });
}
