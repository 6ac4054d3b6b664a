/**
 * One page of a query: from the cache, or joined to an identical request in flight, or sent once on a pacing slot
 * through a metered client. A per-minute refusal (ERROR_VISIT_MAX) is waited out and sent again when the minute
 * allows it; an account the service refused stops every other request of that account (./account-gate).
 */
import { operation, type OperationCode } from "../api/catalog";
import { periodEnd } from "../api/data-period";
import type { Clock } from "../api/clock";
import type { AccountGate } from "./account-gate";
import { CacheMissError, minuteLimitError, monthlyQuotaError } from "./errors";
import type { Turn, TurnTracker } from "./deadline";
import { awaitTurn } from "./deadline";
import type { InFlight } from "./inflight";
import { canonicalJson } from "./keys";
import type { RequestClient } from "./metered-client";
import { isVisitMax, MINUTE_WAIT_MS, minuteWait } from "./minute-limit";
import { WINDOW_SAFETY_MS, type Pacer } from "./pacer";
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
  totalTimeoutMs: number;
  pacer: Pacer;
  cache: PageCache;
  inflight: InFlight<Fetched>;
  gate: AccountGate;
  meter: UsageMeter;
  requestClient: RequestClient;
}

export type PageFetcher = (
  ctx: QueryContext,
  params: Record<string, unknown>,
  signal: AbortSignal,
  slot?: PageSlot,
) => Promise<PageOutcome>;

export function pageFetcher(parts: PageFetchParts): PageFetcher {
  const { clock, totalTimeoutMs, pacer, cache, inflight, gate, meter, requestClient } = parts;
  /** The pacing turn of each request in flight, by request key (joiners wait on the same turn). */
  const turns = new Map<string, Turn>();

  const send = (
    ctx: QueryContext,
    pageKey: string,
    params: Record<string, unknown>,
    signal: AbortSignal,
    turn: Turn,
    slot?: PageSlot,
  ): Promise<Fetched> => {
    const { client, state } = requestClient(ctx.settings);
    return gate.pass(ctx.account, signal, () =>
      pacer.run<Fetched>(
        async (sendSlot) => {
          // The account may have been refused while this request waited for its slot.
          const refused = gate.refusal(ctx.account);
          if (refused) throw refused;
          state.firstSlot = sendSlot;
          turn.grantedAt = clock.now();
          const call = () => client.call(ctx.code, params, { signal });
          const result = await call()
            .catch(async (error: unknown) => {
              if (!isVisitMax(error)) throw error;
              const remaining = async () => (await requestClient(ctx.settings).client.visits({ signal })).remaining;
              const wait = await minuteWait(error, pacer, remaining);
              if (wait === "monthly") throw monthlyQuotaError(error);
              if (wait === "unknown") throw error;
              if (wait > Math.min(MINUTE_WAIT_MS, totalTimeoutMs + WINDOW_SAFETY_MS)) throw minuteLimitError(error);
              // Wait the minute out (every other send waits too); the query's budget starts again after the wait.
              pacer.holdFor(wait);
              turn.grantedAt = clock.now() + wait;
              await clock.sleep(wait, signal);
              return call().catch((again: unknown) => {
                throw isVisitMax(again) ? minuteLimitError(again) : again;
              });
            })
            .catch((error: unknown) => {
              gate.noteFailure(ctx.account, error);
              throw error;
            });
          const fetchedAt = clock.now();
          const page: CachedPage = {
            data: { rows: result.rows, total: result.total, ...(result.stats ? { stats: result.stats } : {}) },
            fetchedAt,
            expiresAt: periodEnd(operation(ctx.code).dataPeriod, fetchedAt),
          };
          cache.put(ctx.account, pageKey, page);
          if (slot && result.rows.length < slot.pageSize) slot.end.lastPage = Math.min(slot.end.lastPage, slot.page);
          return { page, attempts: state.attempts };
        },
        signal,
        slot && {
          when: () => slot.page > slot.end.lastPage,
          // Past the end of the data: an empty page, not cached, never read by a query (it stops at the short page).
          value: () => ({ page: { data: { rows: [], total: null }, fetchedAt: clock.now() }, attempts: 0 }),
        },
      ),
    );
  };

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
