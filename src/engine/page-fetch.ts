/**
 * One page of a query: from the cache, or joined to an identical request in flight, or sent once (./send: the
 * account gate, a pacing slot, a metered client, the per-minute wait).
 */
import { operation, type OperationCode } from "../api/catalog";
import { periodEnd } from "../api/data-period";
import type { Clock } from "../lib/clock";
import { CacheMissError } from "./errors";
import type { Turn } from "../lib/batcher";
import type { TurnTracker } from "./deadline";
import type { Sender } from "./send";
import { awaitTurn } from "./deadline";
import type { InFlight } from "./inflight";
import { canonicalJson } from "./keys";
import type { CachedPage, PageCache } from "./page-cache";
import type { Fetched, PageOutcome, PageSlot } from "./pages";
import type { PagingPlan } from "../api/paging";
import type { StoredSettings } from "./settings";
import type { UsageMeter } from "./usage-meter";

/** A validated query: its operation, its paging plan and its key (operation, parameters, limit). */
export interface Prepared {
  code: OperationCode;
  plan: PagingPlan;
  key: string;
}

/** A query under way: what it asks, with whose settings and account, and how it may use the cache. */
export interface QueryContext extends Prepared, TurnTracker {
  settings: StoredSettings & { secret: string };
  account: string;
  bypassCache: boolean;
  cacheOnly: boolean;
}

export interface PageFetchParts {
  clock: Clock;
  cache: PageCache;
  inflight: InFlight<Fetched>;
  meter: UsageMeter;
  send: Sender;
}

export type PageFetcher = (
  ctx: QueryContext,
  params: Record<string, unknown>,
  signal: AbortSignal,
  slot?: PageSlot,
) => Promise<PageOutcome>;

export function pageFetcher(parts: PageFetchParts): PageFetcher {
  const { clock, cache, inflight, meter } = parts;
  /** The pacing turn of each request in flight, by request key (joiners wait on the same turn). */
  const turns = new Map<string, Turn>();

  const send = (
    ctx: QueryContext,
    pageKey: string,
    params: Record<string, unknown>,
    signal: AbortSignal,
    turn: Turn,
    slot?: PageSlot,
  ): Promise<Fetched> =>
    parts.send<Fetched>(
      ctx,
      params,
      signal,
      turn,
      (result, attempts) => {
        const fetchedAt = clock.now();
        const page: CachedPage = {
          data: { rows: result.rows, total: result.total, ...(result.stats ? { stats: result.stats } : {}) },
          fetchedAt,
          expiresAt: periodEnd(operation(ctx.code).dataPeriod, fetchedAt),
        };
        cache.put(ctx.account, pageKey, page);
        if (slot && result.rows.length < slot.pageSize) slot.end.lastPage = Math.min(slot.end.lastPage, slot.page);
        return { page, attempts };
      },
      slot && {
        when: () => slot.page > slot.end.lastPage,
        // Past the end of the data: an empty page, not cached, never read by a query (it stops at the short page).
        value: () => ({ page: { data: { rows: [], total: null }, fetchedAt: clock.now() }, attempts: 0 }),
      },
    );

  return async (ctx, params, signal, slot) => {
    const pageKey = `${ctx.code}|${canonicalJson(params)}`;
    const cacheHit = (page: CachedPage): PageOutcome => {
      meter.counters.cacheHits++;
      meter.changed();
      return { page, attempts: 0, source: "cache" };
    };
    if (!ctx.bypassCache || ctx.cacheOnly) {
      const hit = await cache.get(ctx.account, pageKey);
      if (hit) return cacheHit(hit);
    }
    if (ctx.cacheOnly) throw new CacheMissError();
    if (signal.aborted) throw signal.reason;
    if (!ctx.bypassCache) {
      // Another query may have stored the page while this one read the store.
      const hit = cache.peek(ctx.account, pageKey);
      if (hit) return cacheHit(hit);
    }
    const requestKey = `${ctx.account}|${pageKey}`;
    const joined = inflight.join(
      requestKey,
      (requestSignal) => {
        const turn: Turn = { grantedAt: null };
        turns.set(requestKey, turn);
        return send(ctx, pageKey, params, requestSignal, turn, slot).finally(() => {
          if (turns.get(requestKey) === turn) turns.delete(requestKey);
        });
      },
      signal,
    );
    if (!joined.started) {
      meter.counters.deduped++;
      meter.changed();
    }
    const fetched = await awaitTurn(ctx, turns.get(requestKey), joined.promise);
    return joined.started ? { ...fetched, source: "sent" } : { page: fetched.page, attempts: 0, source: "joined" };
  };
}
