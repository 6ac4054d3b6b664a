/**
 * How a query with a row `limit` becomes calls, from the catalog row alone:
 * - Paged operations (a `page` parameter) are read page by page with the largest page size the operation allows
 *   (its size maximum; its default where the catalog gives none; the fixed 50 of order words), so any limit is
 *   reached in the fewest calls and a larger limit later reuses the cached first pages. Reading stops at the
 *   limit, at `total`, at the 2,000-row cap, or at a short page. The response's `page`/`pages` are never used:
 *   the live service sends 0 in some of them.
 * - An explicit `page` in the parameters asks for exactly that page: one call.
 * - Operations with a size but no page parameter get one call of size min(limit, max).
 * - Array and object operations get one call; `limit` keeps the first rows.
 * Without a limit, a paged query returns one page of the operation's default size.
 */
import { operation, paramWithRole, ROW_CAP, type OperationCode } from "./catalog";
import { checkLimit } from "./row-limit";

export interface PagingPlan {
  /** `pages`: read pages 1.. until done; `single`: one call with `params` as given. */
  mode: "pages" | "single";
  /** The parameters of every call, without `page` in pages mode. */
  params: Record<string, unknown>;
  /** Rows per page in pages mode (sent as `size`). */
  pageSize: number;
  /** Rows wanted; null = every row of the single call. */
  limit: number | null;
  /** Most pages the plan can need. */
  maxPages: number;
}

/** Plans the calls of a query; `params` are already validated and normalized. */
export function planPaging(code: OperationCode, params: Record<string, unknown>, limitInput?: number): PagingPlan {
  const limit = checkLimit(limitInput);
  const op = operation(code);
  const pageParam = paramWithRole(op, "page");
  const sizeParam = paramWithRole(op, "size");

  if (!sizeParam) {
    // Arrays and single objects: the whole answer comes in one call.
    return { mode: "single", params, pageSize: 0, limit: limit ?? null, maxPages: 1 };
  }

  const defaultSize = sizeParam.fixed ?? numberOr(sizeParam.default, 50);
  const explicitSize = typeof params.size === "number" ? params.size : undefined;
  const wanted = limit ?? explicitSize ?? defaultSize;

  if (!pageParam || typeof params.page === "number") {
    // One call: no page parameter, or the caller picked the page.
    const largest = sizeParam.fixed ?? sizeParam.max ?? Math.max(defaultSize, wanted);
    const size = explicitSize ?? Math.min(wanted, largest);
    return { mode: "single", params: { ...params, size }, pageSize: size, limit: Math.min(wanted, size), maxPages: 1 };
  }

  const pageSize = explicitSize ?? sizeParam.fixed ?? sizeParam.max ?? defaultSize;
  const rows = Math.min(wanted, ROW_CAP);
  const { page: _page, ...rest } = params;
  return {
    mode: "pages",
    params: { ...rest, size: pageSize },
    pageSize,
    limit: rows,
    maxPages: Math.ceil(rows / pageSize),
  };
}

/**
 * Pages to read in all, once the first page's `total` is known (null total: up to the plan's maximum, stopping
 * at a short page).
 */
export function pagesFor(plan: PagingPlan, total: number | null): number {
  if (plan.mode === "single") return 1;
  if (total === null) return plan.maxPages;
  const reachable = Math.min(total, plan.limit ?? ROW_CAP, ROW_CAP);
  return Math.max(1, Math.min(plan.maxPages, Math.ceil(reachable / plan.pageSize)));
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}
