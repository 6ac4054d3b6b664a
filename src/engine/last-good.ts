/**
 * A query's last good answer, for when the service cannot give a current one. When the service cannot be reached
 * (or does not answer in time), fails (5xx), refuses for the per-minute limit or for a spent month, a query whose
 * pages were all answered before is answered from those pages, marked with why: the faces show it and say so.
 * Never for a refused secret, a bad argument or a query never answered before: those fail as they always did.
 */
import type { OperationCode } from "../api/catalog";
import { isMadError, type MadError } from "../api/errors";
import { canonicalJson } from "./keys";
import type { CachedPage, PageCache } from "./page-cache";
import { assemble, type PageOutcome } from "./pages";
import { pagesFor, type PagingPlan } from "../api/paging";
import type { LastGood, LastGoodReason, QueryResult } from "./types";

/** The failures a last good answer stands in for; null for every other (refused secret, bad input, cancel…). */
export function lastGoodReason(error: unknown): LastGoodReason | null {
  if (!isMadError(error)) return null;
  const kind = error.kind;
  if (kind === "network" || kind === "timeout") return "unreachable";
  if (kind === "serverInternal") return "serviceFault";
  if (kind === "http") {
    const status = (error as MadError & { status?: number }).status ?? 0;
    if (status === 429) return "minuteLimit";
    return status >= 500 ? "serviceFault" : null;
  }
  if (kind === "visitMax") return (error as { monthly?: unknown }).monthly === true ? "monthlyQuota" : "minuteLimit";
  return null;
}

/** The query as its pages were last answered, or null when any page it needs was never answered (or let go). */
export async function lastGoodResult<C extends OperationCode>(
  cache: PageCache,
  query: { code: C; plan: PagingPlan; account: string },
  lastGood: LastGood,
): Promise<QueryResult<C> | null> {
  const { code, plan, account } = query;
  const read = (params: Record<string, unknown>) => cache.lastGood(account, `${code}|${canonicalJson(params)}`);
  const outcome = (page: CachedPage): PageOutcome => ({ page, attempts: 0, source: "cache" });
  const outcomes: PageOutcome[] = [];
  if (plan.mode === "single") {
    const only = await read(plan.params);
    if (!only) return null;
    outcomes.push(outcome(only));
  } else {
    const first = await read({ ...plan.params, page: 1 });
    if (!first) return null;
    outcomes.push(outcome(first));
    // The pages a read would have taken: up to the total or the limit, ending at a short page.
    const pages = pagesFor(plan, first.data.total);
    let rows = first.data.rows.length;
    for (let page = 2; page <= pages && rows < (plan.limit ?? Infinity); page++) {
      if (outcomes[outcomes.length - 1].page.data.rows.length < plan.pageSize) break;
      const next = await read({ ...plan.params, page });
      if (!next) return null;
      outcomes.push(outcome(next));
      rows += next.data.rows.length;
    }
  }
  return { ...assemble(code, plan, outcomes), lastGood };
}
