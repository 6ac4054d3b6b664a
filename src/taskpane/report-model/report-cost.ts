/**
 * What a report's queries (report-queries.ts) spend, before anything is written. A query's pages come from its
 * limit and the operation's page size (the engine's own paging plan), and identical queries count once: the
 * engine's dedupe and cache share them, with the same key the engine gives them.
 */
import { isLookup } from "../../api/lookups/batch";
import { operation } from "../../api/catalog";
import { checkLookup, mergeLookups } from "../../api/lookups/calls";
import { checkParams } from "../../api/validate";
import { planPaging } from "../../api/paging";
import type { Engine } from "../../engine";
import type { SectionQuery } from "./report-queries";
import { t } from "../../i18n";

export interface ReportCost {
  /** Distinct queries (the engine's cache key), each spent once however many sections show it. */
  readonly queries: number;
  /** Pages of the distinct queries: the calls at most. */
  readonly pages: number;
  /** Pages the cache cannot answer: what creating the report spends. Equal to `pages` until counted against it. */
  readonly calls: number;
}

/** What the cost needs of the engine: its query key (dedupe) and its plan of pages (cache). */
export type CostEngine = Pick<Engine, "cacheKey" | "plan">;

/**
 * The distinct queries by the engine's own key (the first section asking for each), lookups of single ASINs (the
 * cards) as the one lookup the engine batches them into. Throws a ValidationError.
 */
function distinctQueries(queries: readonly SectionQuery[], engine: CostEngine): SectionQuery[] {
  const byKey = new Map<string, SectionQuery>();
  for (const { query } of mergeLookups(queries, new Date())) {
    // A query waiting for its input has no key yet: one per operation and input.
    const key = query.awaits
      ? `${query.operation} awaiting ${query.awaits}`
      : engine.cacheKey(query.operation, query.params, limitOption(query));
    if (!byKey.has(key)) byKey.set(key, query);
  }
  return [...byKey.values()];
}

const limitOption = (query: SectionQuery) => (query.limit === undefined ? {} : { limit: query.limit });

/** The calls a set of queries spends at most, before looking at the cache; throws a ValidationError (check first). */
export function costOfQueries(queries: readonly SectionQuery[], engine: CostEngine, now: Date): ReportCost {
  const distinct = distinctQueries(queries, engine);
  let pages = 0;
  for (const query of distinct) {
    if (query.awaits) {
      pages += planPaging(query.operation, query.params, query.limit).maxPages;
      continue;
    }
    if (isLookup(operation(query.operation), query.params)) {
      const { keys, batch } = checkLookup(query.operation, query.params, { now });
      pages += Math.ceil(keys.length / batch.max);
      continue;
    }
    const outcome = checkParams(query.operation, query.params, { now });
    if (!outcome.params) throw outcome.errors[0];
    pages += planPaging(query.operation, outcome.params as Record<string, unknown>, query.limit).maxPages;
  }
  return { queries: distinct.length, pages, calls: pages };
}

/** The same cost counted against the engine's cache: pages already fetched (a report made again) cost nothing. */
export async function costAgainstCache(queries: readonly SectionQuery[], engine: CostEngine): Promise<ReportCost> {
  const distinct = distinctQueries(queries, engine);
  // A query waiting for its input has no pages in the cache yet: all of them are spent.
  const plans = await Promise.all(
    distinct.map((q) => {
      if (!q.awaits) return engine.plan(q.operation, q.params, limitOption(q));
      const pages = planPaging(q.operation, q.params, q.limit).maxPages;
      return Promise.resolve({ pages, uncachedPages: pages });
    }),
  );
  return {
    queries: distinct.length,
    pages: plans.reduce((sum, plan) => sum + plan.pages, 0),
    calls: plans.reduce((sum, plan) => sum + plan.uncachedPages, 0),
  };
}

/** "spends about 8 calls: 8 unique queries, 8 pages", "…, 5 of them already fetched" when the cache has some. */
export function describeCost(cost: ReportCost): string {
  return t("templates.spends", {
    calls: cost.calls,
    queries: cost.queries,
    pages: cost.pages,
    cached: Math.max(0, cost.pages - cost.calls),
  });
}
