/**
 * Reading a planned query page by page (the plan comes from ./paging) and combining the pages into one result.
 */
import type { OperationCode } from "../api/catalog";
import { AbortError } from "../api/errors";
import type { RecordOf } from "../api/request-types";
import type { CachedPage } from "./page-cache";
import { pagesFor, type PagingPlan } from "../api/paging";
import { childController } from "./signals";
import type { QueryResult } from "./types";

/** A page as a request produced it, with the HTTP attempts it took. */
export interface Fetched {
  page: CachedPage;
  attempts: number;
}

export interface PageOutcome extends Fetched {
  /** From the cache, sent by this query, or joined to an identical request of another query. */
  source: "cache" | "sent" | "joined";
}

/**
 * Where a page sits in one read of a paged query. `end.lastPage` drops once a short page arrives, so later
 * pages of the same read still waiting for their turn are dismissed without a send.
 */
export interface PageSlot {
  page: number;
  pageSize: number;
  end: { lastPage: number };
}

export type GetPage = (params: Record<string, unknown>, signal: AbortSignal, slot?: PageSlot) => Promise<PageOutcome>;

/** Pages read so far and pages expected in all (the plan's maximum until the first page gives the total). */
export type OnPage = (done: number, total: number) => void;

/** The pages of a query, in order, stopping at the limit, the total or a short page. */
export async function readPages(
  plan: PagingPlan,
  getPage: GetPage,
  signal: AbortSignal,
  onPage: OnPage = () => undefined,
): Promise<PageOutcome[]> {
  const report = (done: number, total: number) => {
    try {
      onPage(done, total);
    } catch {
      // a failing display must not fail a query
    }
  };
  if (plan.mode === "single") {
    report(0, 1);
    const only = await getPage(plan.params, signal);
    report(1, 1);
    return [only];
  }
  const pageParams = (page: number) => ({ ...plan.params, page });
  const end = { lastPage: Infinity };
  const slot = (page: number): PageSlot => ({ page, pageSize: plan.pageSize, end });
  report(0, plan.maxPages);
  const outcomes = [await getPage(pageParams(1), signal, slot(1))];
  let rows = outcomes[0].page.data.rows.length;
  const done = (outcome: PageOutcome) =>
    outcome.page.data.rows.length < plan.pageSize || rows >= (plan.limit ?? Infinity);
  if (done(outcomes[0])) {
    report(1, 1);
    return outcomes;
  }
  const total = outcomes[0].page.data.total;
  const pages = pagesFor(plan, total);
  report(1, pages);
  /** Keeps a later page; true when it is the last one wanted. */
  const take = (outcome: PageOutcome): boolean => {
    outcomes.push(outcome);
    rows += outcome.page.data.rows.length;
    const last = done(outcome);
    report(outcomes.length, last ? outcomes.length : pages);
    return last;
  };
  if (total === null) {
    // Without a total, each page tells whether there is another one.
    for (let page = 2; page <= pages; page++) {
      if (take(await getPage(pageParams(page), signal, slot(page)))) break;
    }
    return outcomes;
  }
  // With a total, the remaining pages are requested together (the pacer orders and bounds them) and read in
  // order; pages after a short one are given up (aborted unless another query waits for them).
  const later = Array.from({ length: pages - 1 }, (_, i) => {
    const stop = childController(signal);
    const promise = getPage(pageParams(i + 2), stop.signal, slot(i + 2));
    const entry = { stop, promise, settled: false };
    promise.then(
      () => void (entry.settled = true),
      () => void (entry.settled = true),
    );
    return entry;
  });
  try {
    for (const { promise } of later) {
      if (take(await promise)) break;
    }
  } finally {
    // Only pages still on their way are given up (an answered page's signal is left alone: aborting it for nothing
    // made an error object per page).
    for (const { stop, settled } of later) if (!settled) stop.abort(new AbortError());
  }
  return outcomes;
}

/**
 * One result from the pages. Rows are the cached objects themselves (no copy per cell): treat them as
 * read-only.
 */
export function assemble<C extends OperationCode>(code: C, plan: PagingPlan, outcomes: PageOutcome[]): QueryResult<C> {
  const first = outcomes[0].page.data;
  const all = outcomes.flatMap((o) => o.page.data.rows);
  const rows = plan.limit === null ? all : all.slice(0, plan.limit);
  const result: QueryResult<C> = {
    operation: code,
    rows: rows as RecordOf<C>[],
    total: first.total,
    pages: outcomes.length,
    callsSpent: outcomes.reduce((sum, o) => sum + o.attempts, 0),
    fetchedAt: Math.min(...outcomes.map((o) => o.page.fetchedAt)),
    fromCache: outcomes.every((o) => o.source === "cache"),
  };
  if (first.stats !== undefined) result.stats = first.stats as QueryResult["stats"];
  return result;
}
