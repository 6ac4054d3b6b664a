/**
 * The request engine between the faces and the client. A query is validated (bad input never waits or
 * spends), planned into pages (./paging), and each page is served from the cache (./page-cache), or joins an
 * identical request in flight (./inflight), or waits for a pacing slot (./pacer) and is sent once. Every query
 * settles within its total timeout.
 */
import type { OperationCode } from "../api/catalog";
import { createClient, VISITS_OPERATION } from "../api/client";
import { AbortError, isMadError, type MadError, NetworkError, TimeoutError } from "../api/errors";
import type { BeforeRetryHook } from "../api/retry";
import type { TeamCalls } from "../api/visits";
import { validateParams } from "../api/validate";
import { AccountGate } from "./account-gate";
import { systemClock } from "../api/clock";
import { CacheMissError, minuteLimitError, MissingSecretError, monthlyQuotaError } from "./errors";
import { InFlight } from "./inflight";
import { isVisitMax, MINUTE_WAIT_MS, minuteWait, pacingSaver, restorePacing } from "./minute-limit";
import { accountId, canonicalJson } from "./keys";
import { awaitTurn, newTracker, withDeadline, type Turn, type TurnTracker } from "./deadline";
import { Pacer, WINDOW_SAFETY_MS, type SendSlot } from "./pacer";
import {
  DEFAULT_CACHE_TTL_MS,
  DEFAULT_MAX_CACHE_BYTES,
  DEFAULT_MAX_CACHE_ENTRIES,
  PageCache,
  type CachedPage,
} from "./page-cache";
import { assemble, readPages, type Fetched, type PageOutcome, type PageSlot } from "./pages";
import { pagesFor, planPaging, type PagingPlan } from "./paging";
import { readStoredSettings, writeStoredSettings, type StoredSettings } from "./settings";
import type {
  ConnectionCheck,
  Engine,
  EngineOptions,
  QueryOptions,
  QueryParams,
  QueryPlan,
  QueryResult,
  Settings,
  UsageSnapshot,
} from "./types";

/**
 * Concurrency 20: the largest query (2,000 rows, 20 pages of 100) takes two round trips: the first page (it gives
 * the total), then the other 19 at once, so 2,000 rows cost about 2-3x one page's time (measured by the bench).
 * A browser on HTTP/1.1 queues requests past six per host (HTTP/2 multiplexes them); the pacer still keeps every
 * send inside the per-minute window (40 by default), which bounds what a burst can spend.
 */
export const ENGINE_DEFAULTS = { perMinute: 40, concurrency: 20, totalTimeoutMs: 60_000 } as const;

const HOUR_MS = 60 * 60 * 1000;

interface Prepared {
  code: OperationCode;
  plan: PagingPlan;
  key: string;
}

interface QueryContext extends Prepared, TurnTracker {
  settings: StoredSettings & { secret: string };
  account: string;
  bypassCache: boolean;
  cacheOnly: boolean;
}

/** Any failure leaves the engine as a MadError (the faces map those, and only those, to cell errors). */
function asMadError(error: unknown): MadError {
  if (isMadError(error)) return error;
  return new NetworkError(error instanceof Error ? error.message : String(error), { cause: error });
}

export function createEngine(options: EngineOptions): Engine {
  const clock = options.clock ?? systemClock;
  const store = options.store;
  const totalTimeoutMs = options.totalTimeoutMs ?? ENGINE_DEFAULTS.totalTimeoutMs;
  const pacer = new Pacer({
    clock,
    perMinute: options.perMinute ?? ENGINE_DEFAULTS.perMinute,
    concurrency: options.concurrency ?? ENGINE_DEFAULTS.concurrency,
  });
  const cache = new PageCache({
    store,
    clock,
    ttlMs: options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS,
    maxEntries: options.maxCacheEntries ?? DEFAULT_MAX_CACHE_ENTRIES,
    maxBytes: options.maxCacheBytes ?? DEFAULT_MAX_CACHE_BYTES,
  });
  const inflight = new InFlight<Fetched>();
  /** The pacing turn of each request in flight, by request key (joiners wait on the same turn). */
  const turns = new Map<string, Turn>();
  const deadlines = { clock, pacer, totalTimeoutMs };
  /** Fails every request of an account the service refused, without sending (see ./account-gate). */
  const gate = new AccountGate();

  // ------------------------------------------------------------------------------------------ usage
  const counters = {
    callsThisSession: 0,
    cacheHits: 0,
    deduped: 0,
    remainingThisMonth: null as number | null,
    quotaThisMonth: null as number | null,
    teamThisMonth: null as TeamCalls | null,
  };
  const listeners = new Set<(usage: UsageSnapshot) => void>();
  let emitScheduled = false;
  const usage = (): UsageSnapshot => {
    const { queued, running } = pacer.stats();
    return { ...counters, queued, inFlight: running };
  };
  /** Listeners hear about a burst of changes once, after it. */
  const changed = () => {
    if (emitScheduled || listeners.size === 0) return;
    emitScheduled = true;
    queueMicrotask(() => {
      emitScheduled = false;
      const snapshot = usage();
      for (const listener of listeners) {
        try {
          listener(snapshot);
        } catch {
          // a failing display must not fail a query
        }
      }
    });
  };
  pacer.onChange(changed);
  const savePacing = pacingSaver(store, pacer);
  /** Read once, before the first send: the sends of the last minute before a restart still count. */
  let pacingRestored: Promise<void> | null = null;

  // ------------------------------------------------------------------------------------------ metering
  /**
   * A client per request: settings changes apply to the next request, and its attempts are metered and paced
   * as its own. The first attempt sends on the slot pacer.run granted; each retry takes a new slot in the
   * client's beforeRetry hook (after the backoff wait, before the attempt; the caller's hooks run first). An
   * attempt without a slot is still recorded in the window.
   */
  const requestClient = (settings: QueryContext["settings"]) => {
    const state = { attempts: 0, firstSlot: null as SendSlot | null, retrySlot: null as SendSlot | null };
    const takeRetrySlot: BeforeRetryHook = async ({ signal }) =>
      void (state.retrySlot = await pacer.acquireRetrySlot(signal));
    const client = createClient({
      ...options.client,
      baseUrl: settings.baseUrl,
      secret: settings.secret,
      fetch: options.fetch ?? options.client?.fetch,
      clock,
      hooks: { beforeRetry: [...(options.client?.hooks?.beforeRetry ?? []), takeRetrySlot] },
      onAttempt: (info) => {
        state.attempts++;
        const slot = info.attempt === 1 ? state.firstSlot : state.retrySlot;
        if (slot) slot.markSent();
        else pacer.recordUnplannedSend();
        if (info.attempt === 1) state.firstSlot = null;
        else state.retrySlot = null;
        options.client?.onAttempt?.(info);
        savePacing();
        changed();
      },
      onAnswer: (info) => {
        // Only calls the service answered are counted: one that failed on the network or timed out never reached it.
        // The /v1/visits read is free: it is not a call spent, and it sets calls left itself.
        if (info.operation !== VISITS_OPERATION) {
          counters.callsThisSession++;
          // Counted down as answers come, so calls left stays current between reads of /v1/visits.
          if (counters.remainingThisMonth !== null)
            counters.remainingThisMonth = Math.max(0, counters.remainingThisMonth - 1);
        }
        options.client?.onAnswer?.(info);
        changed();
      },
    });
    return { client, state };
  };

  // ------------------------------------------------------------------------------------------ settings
  let settingsRead: Promise<StoredSettings> | null = null;
  /**
   * A storm of queries started together reads the store once. Runtime storage that stops answering must not hold
   * every cell at #BUSY!, so the read is bounded by the query's total time.
   */
  const boundedSettingsRead = (): Promise<StoredSettings> => {
    const stop = new AbortController();
    const expired = clock.sleep(totalTimeoutMs, stop.signal).then(() => {
      throw new TimeoutError("total", totalTimeoutMs);
    });
    expired.catch(() => undefined);
    return Promise.race([readStoredSettings(store), expired]).finally(() => stop.abort());
  };
  const currentSettings = (): Promise<StoredSettings> => {
    pacingRestored ??= restorePacing(store, pacer);
    settingsRead ??= Promise.all([boundedSettingsRead(), pacingRestored])
      .then(([settings]) => settings)
      .then(
        (settings) => {
          settingsRead = null;
          if (options.perMinute === undefined) pacer.setPerMinute(settings.perMinute ?? ENGINE_DEFAULTS.perMinute);
          if (options.cacheTtlMs === undefined)
            cache.ttlMs = settings.cacheTtlHours !== null ? settings.cacheTtlHours * HOUR_MS : DEFAULT_CACHE_TTL_MS;
          return settings;
        },
        (error: unknown) => {
          settingsRead = null;
          throw error;
        },
      );
    return settingsRead;
  };
  let lastAccount: { baseUrl: string; secret: string; id: Promise<string> } | null = null;
  const accountOf = (settings: { baseUrl: string; secret: string }): Promise<string> => {
    if (!lastAccount || lastAccount.baseUrl !== settings.baseUrl || lastAccount.secret !== settings.secret) {
      lastAccount = {
        baseUrl: settings.baseUrl,
        secret: settings.secret,
        id: accountId(settings.baseUrl, settings.secret),
      };
    }
    return lastAccount.id;
  };
  const withSecret = (settings: StoredSettings): StoredSettings & { secret: string } => {
    if (!settings.secret) throw new MissingSecretError();
    return settings as StoredSettings & { secret: string };
  };

  // ------------------------------------------------------------------------------------------ pieces of a query
  const prepare = (code: OperationCode, params: unknown, limit: number | undefined): Prepared => {
    const normalized = validateParams(code, params, { now: new Date(clock.now()) }) as Record<string, unknown>;
    const plan = planPaging(code, normalized, limit);
    return { code, plan, key: `${code}|${canonicalJson(normalized)}|${plan.limit ?? "all"}` };
  };

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
          const page: CachedPage = {
            data: { rows: result.rows, total: result.total, ...(result.stats ? { stats: result.stats } : {}) },
            fetchedAt: clock.now(),
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

  const getPage = async (
    ctx: QueryContext,
    params: Record<string, unknown>,
    signal: AbortSignal,
    slot?: PageSlot,
  ): Promise<PageOutcome> => {
    const pageKey = `${ctx.code}|${canonicalJson(params)}`;
    const cacheHit = (page: CachedPage): PageOutcome => {
      counters.cacheHits++;
      changed();
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
      counters.deduped++;
      changed();
    }
    const fetched = await awaitTurn(ctx, turns.get(requestKey), joined.promise);
    return joined.started ? { ...fetched, source: "sent" } : { page: fetched.page, attempts: 0, source: "joined" };
  };

  // ------------------------------------------------------------------------------------------ the engine
  return {
    async query<C extends OperationCode>(
      code: C,
      params: QueryParams<C>,
      queryOptions: QueryOptions = {},
    ): Promise<QueryResult<C>> {
      try {
        if (queryOptions.signal?.aborted) throw new AbortError();
        const prepared = prepare(code, params, queryOptions.limit);
        const settings = withSecret(await currentSettings());
        const ctx: QueryContext = {
          ...prepared,
          settings,
          account: await accountOf(settings),
          bypassCache: queryOptions.bypassCache === true,
          cacheOnly: queryOptions.cacheOnly === true,
          ...newTracker(),
        };
        const outcomes = await withDeadline(deadlines, ctx, queryOptions.signal, (signal) =>
          readPages(
            ctx.plan,
            (pageParams, pageSignal, slot) => getPage(ctx, pageParams, pageSignal, slot),
            signal,
            queryOptions.onPage,
          ),
        );
        return assemble(code, ctx.plan, outcomes);
      } catch (error) {
        throw asMadError(error);
      }
    },

    async plan<C extends OperationCode>(
      code: C,
      params: QueryParams<C>,
      planOptions: { limit?: number; bypassCache?: boolean } = {},
    ): Promise<QueryPlan> {
      const { plan } = prepare(code, params, planOptions.limit);
      const settings = await currentSettings();
      if (!settings.secret) return { pages: plan.maxPages, uncachedPages: plan.maxPages };
      const account = await accountOf({ baseUrl: settings.baseUrl, secret: settings.secret });
      const keyOf = (page: number) =>
        `${code}|${canonicalJson(plan.mode === "single" ? plan.params : { ...plan.params, page })}`;
      const first = await cache.get(account, keyOf(1));
      const shortFirst = first !== undefined && plan.mode === "pages" && first.data.rows.length < plan.pageSize;
      const pages = !first ? plan.maxPages : shortFirst ? 1 : pagesFor(plan, first.data.total);
      if (planOptions.bypassCache) return { pages, uncachedPages: pages };
      let uncachedPages = 0;
      for (let page = 1; page <= pages; page++) if (!(await cache.get(account, keyOf(page)))) uncachedPages++;
      return { pages, uncachedPages };
    },

    cacheKey<C extends OperationCode>(code: C, params: QueryParams<C>, keyOptions: { limit?: number } = {}): string {
      return prepare(code, params, keyOptions.limit).key;
    },

    usage,

    onUsage(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async checkConnection(candidate: Partial<Settings> = {}): Promise<ConnectionCheck> {
      try {
        const settings = withSecret({ ...(await currentSettings()), ...candidate });
        const { client, state } = requestClient(settings);
        const tracker = newTracker();
        const turn: Turn = { grantedAt: null };
        const visits = await withDeadline(deadlines, tracker, undefined, (signal) =>
          awaitTurn(
            tracker,
            turn,
            pacer.run((sendSlot) => {
              state.firstSlot = sendSlot;
              turn.grantedAt = clock.now();
              return client.visits({ signal });
            }, signal),
          ),
        );
        counters.remainingThisMonth = visits.remaining;
        counters.quotaThisMonth = visits.quota;
        counters.teamThisMonth = visits.team;
        gate.accepted(await accountOf(settings));
        changed();
        return { ok: true, remaining: visits.remaining };
      } catch (error) {
        return { ok: false, error: asMadError(error) };
      }
    },

    clearCache: () => cache.clear(),

    async readSettings(): Promise<Settings> {
      const { baseUrl, secret } = await readStoredSettings(store);
      return { baseUrl, secret };
    },

    writeSettings: async (patch) => {
      await writeStoredSettings(store, patch);
      // New settings: a refused account gets another chance.
      gate.reset();
    },

    async signOut(): Promise<void> {
      const settings = await readStoredSettings(store);
      if (settings.secret) await cache.clear(await accountOf({ baseUrl: settings.baseUrl, secret: settings.secret }));
      await writeStoredSettings(store, { secret: null });
      lastAccount = null;
      gate.reset();
    },

    flush: () => cache.flush(),
  };
}
