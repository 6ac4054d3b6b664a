/**
 * The request engine between the faces and the client. A query is validated (bad input never waits or
 * spends), planned into pages (./paging), and each page is served from the cache (./page-cache), or joins an
 * identical request in flight (./inflight), or waits for a pacing slot (./pacer) and is sent once (./page-fetch,
 * through a metered client per request: ./metered-client). Every query settles within its total timeout. Settings
 * are read as ./engine-settings says; what the faces see of the engine's use is ./usage.
 */
import type { OperationCode } from "../api/catalog";
import { systemClock } from "../api/clock";
import { AbortError, isMadError, type MadError, NetworkError } from "../api/errors";
import { validateParams } from "../api/validate";
import { AccountGate } from "./account-gate";
import { awaitTurn, newTracker, withDeadline, type Turn } from "./deadline";
import { settingsReader, withSecret } from "./engine-settings";
import { InFlight } from "./inflight";
import { canonicalJson } from "./keys";
import { meteredClients } from "./metered-client";
import { pacingSaver } from "./minute-limit";
import { Pacer } from "./pacer";
import { pageFetcher, type Prepared, type QueryContext } from "./page-fetch";
import { DEFAULT_MAX_CACHE_BYTES, DEFAULT_MAX_CACHE_ENTRIES, NO_CAP, PageCache } from "./page-cache";
import { assemble, readPages, type Fetched } from "./pages";
import { pagesFor, planPaging } from "../api/paging";
import { readStoredSettings, writePreferences, writeStoredSettings } from "./settings";
import { keepingFirst } from "./key-value-store";
import { lastGoodReason, lastGoodResult } from "./last-good";
import type {
  ConnectionCheck,
  Engine,
  EngineOptions,
  QueryOptions,
  QueryParams,
  QueryPlan,
  QueryResult,
  Settings,
} from "./types";
import { usageMeter } from "./usage-meter";

/**
 * Concurrency 20: the largest query (2,000 rows, 20 pages of 100) takes two round trips: the first page (it gives
 * the total), then the other 19 at once, so 2,000 rows cost about 2-3x one page's time (measured by the bench).
 * A browser on HTTP/1.1 queues requests past six per host (HTTP/2 multiplexes them); the pacer still keeps every
 * send inside the per-minute window (40 by default), which bounds what a burst can spend.
 */
export const ENGINE_DEFAULTS = { perMinute: 40, concurrency: 20, totalTimeoutMs: 60_000 } as const;

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
    capMs: options.cacheTtlMs ?? NO_CAP,
    maxEntries: options.maxCacheEntries ?? DEFAULT_MAX_CACHE_ENTRIES,
    maxBytes: options.maxCacheBytes ?? DEFAULT_MAX_CACHE_BYTES,
  });
  const deadlines = { clock, pacer, totalTimeoutMs };
  /** Fails every request of an account the service refused, without sending (see ./account-gate). */
  const gate = new AccountGate();
  const meter = usageMeter(pacer);
  const { counters, changed } = meter;
  const settings = settingsReader(
    options,
    { perMinute: ENGINE_DEFAULTS.perMinute, totalTimeoutMs },
    clock,
    pacer,
    cache,
  );
  const requestClient = meteredClients(options, clock, pacer, meter, pacingSaver(store, pacer));
  const getPage = pageFetcher({
    clock,
    totalTimeoutMs,
    pacer,
    cache,
    inflight: new InFlight<Fetched>(),
    gate,
    meter,
    requestClient,
  });

  const prepare = (code: OperationCode, params: unknown, limit: number | undefined): Prepared => {
    const normalized = validateParams(code, params, { now: new Date(clock.now()) }) as Record<string, unknown>;
    const plan = planPaging(code, normalized, limit);
    return { code, plan, key: `${code}|${canonicalJson(normalized)}|${plan.limit ?? "all"}` };
  };

  return {
    async query<C extends OperationCode>(
      code: C,
      params: QueryParams<C>,
      queryOptions: QueryOptions = {},
    ): Promise<QueryResult<C>> {
      let ctx: QueryContext | undefined;
      try {
        if (queryOptions.signal?.aborted) throw new AbortError();
        const prepared = prepare(code, params, queryOptions.limit);
        const current = withSecret(await settings.current());
        ctx = {
          ...prepared,
          settings: current,
          account: await settings.accountOf(current),
          bypassCache: queryOptions.bypassCache === true,
          cacheOnly: queryOptions.cacheOnly === true,
          ...newTracker(),
        };
        const running = ctx;
        const outcomes = await withDeadline(deadlines, running, queryOptions.signal, (signal) =>
          readPages(
            running.plan,
            (pageParams, pageSignal, slot) => getPage(running, pageParams, pageSignal, slot),
            signal,
            queryOptions.onPage,
          ),
        );
        return assemble(code, running.plan, outcomes);
      } catch (error) {
        const failure = asMadError(error);
        const reason = lastGoodReason(failure);
        const allowed =
          ctx && !ctx.bypassCache && !ctx.cacheOnly && queryOptions.lastGood !== false && ctx.settings.lastGoodValues;
        if (reason && allowed) {
          const earlier = await lastGoodResult(
            cache,
            { code, plan: ctx!.plan, account: ctx!.account },
            {
              reason,
              message: failure.message,
            },
          ).catch(() => null);
          if (earlier) return earlier;
        }
        throw failure;
      }
    },

    async plan<C extends OperationCode>(
      code: C,
      params: QueryParams<C>,
      planOptions: { limit?: number; bypassCache?: boolean } = {},
    ): Promise<QueryPlan> {
      const { plan } = prepare(code, params, planOptions.limit);
      const current = await settings.current();
      if (!current.secret) return { pages: plan.maxPages, uncachedPages: plan.maxPages };
      const account = await settings.accountOf({ baseUrl: current.baseUrl, secret: current.secret });
      const keyOf = (page: number) =>
        `${code}|${canonicalJson(plan.mode === "single" ? plan.params : { ...plan.params, page })}`;
      // The first page's total says how many pages; one past its period still tells it (totals move slowly).
      const first = (await cache.get(account, keyOf(1))) ?? (await cache.lastGood(account, keyOf(1)));
      const shortFirst = first !== undefined && plan.mode === "pages" && first.data.rows.length < plan.pageSize;
      const pages = !first ? plan.maxPages : shortFirst ? 1 : pagesFor(plan, first.data.total);
      const bound = !first && plan.maxPages > 1 ? { upTo: true as const } : {};
      if (planOptions.bypassCache) return { pages, uncachedPages: pages, ...bound };
      let uncachedPages = 0;
      for (let page = 1; page <= pages; page++) if (!(await cache.get(account, keyOf(page)))) uncachedPages++;
      return { pages, uncachedPages, ...bound };
    },

    cacheKey<C extends OperationCode>(code: C, params: QueryParams<C>, keyOptions: { limit?: number } = {}): string {
      return prepare(code, params, keyOptions.limit).key;
    },

    usage: meter.usage,

    onUsage: meter.onUsage,

    async checkConnection(candidate: Partial<Settings> = {}): Promise<ConnectionCheck> {
      try {
        const tried = withSecret({ ...(await settings.current()), ...candidate });
        const { client, state } = requestClient(tried);
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
        gate.accepted(await settings.accountOf(tried));
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
      // A full storage gives up cached pages, never the settings being written.
      await writeStoredSettings(
        keepingFirst(store, () => cache.clear()),
        patch,
      );
      // New settings: a refused account gets another chance.
      gate.reset();
    },

    async preferences() {
      const { lastGoodValues } = await readStoredSettings(store);
      return { lastGoodValues };
    },

    setPreferences: (patch) =>
      writePreferences(
        keepingFirst(store, () => cache.clear()),
        patch,
      ),

    async signOut(): Promise<void> {
      const stored = await readStoredSettings(store);
      if (stored.secret)
        await cache.clear(await settings.accountOf({ baseUrl: stored.baseUrl, secret: stored.secret }));
      await writeStoredSettings(store, { secret: null });
      settings.forgetAccount();
      gate.reset();
    },

    flush: () => cache.flush(),
  };
}
