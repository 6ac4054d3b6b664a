/**
 * The request engine between the faces and the client. A query is validated (bad input never waits or
 * spends), planned into pages (./paging), and each page is served from the cache (./page-cache), or joins an
 * identical request in flight (./inflight), or waits for a pacing slot (./pacer) and is sent once (./page-fetch,
 * ./send, through a metered client per request: ./metered-client). A lookup by list (src/api/batch.ts: single
 * ASINs of competitor lookup) is read key by key instead, its keys gathered into batches (./lookup). Every query
 * settles within its total timeout. Settings are read as ./engine-settings says; what the faces see of the
 * engine's use is ./usage-meter.
 */
import { isLookup, type Lookup } from "../api/batch";
import { operation, type OperationCode } from "../api/catalog";
import { systemClock, type Clock } from "../api/clock";
import { AbortError, isMadError, type MadError, NetworkError } from "../api/errors";
import { pagesFor, planPaging } from "../api/paging";
import { validateParams } from "../api/validate";
import { AccountGate } from "./account-gate";
import { awaitTurn, newTracker, withDeadline, type DeadlineOptions, type Turn } from "./deadline";
import { settingsReader, withSecret, type SettingsReader } from "./engine-settings";
import { InFlight } from "./inflight";
import { keepingFirst } from "./key-value-store";
import { canonicalJson } from "./keys";
import { lastGoodReason, lastGoodResult } from "./last-good";
import type { LookupReader } from "./lookup";
import { planLookup, prepareLookup } from "./lookup-plan";
import { meteredClients, type RequestClient } from "./metered-client";
import { pacingSaver } from "./minute-limit";
import { Pacer } from "./pacer";
import { pageFetcher, type PageFetcher, type Prepared as PagePrepared, type QueryContext } from "./page-fetch";
import { DEFAULT_MAX_CACHE_BYTES, DEFAULT_MAX_CACHE_ENTRIES, NO_CAP, PageCache } from "./page-cache";
import { assemble, readPages, type Fetched } from "./pages";
import { sender } from "./send";
import { readStoredSettings, writePreferences, writeStoredSettings } from "./settings";
import type { Engine, EngineOptions, QueryOptions, QueryParams, QueryResult, Settings } from "./types";
import { usageMeter, type UsageMeter } from "./usage-meter";

/**
 * Concurrency 20: the largest query (2,000 rows, 20 pages of 100) takes two round trips: the first page (it gives
 * the total), then the other 19 at once, so 2,000 rows cost about 2-3x one page's time (measured by the bench).
 * A browser on HTTP/1.1 queues requests past six per host (HTTP/2 multiplexes them); the pacer still keeps every
 * send inside the per-minute window (40 by default), which bounds what a burst can spend.
 */
/**
 * A lookup's batch waits 50 ms for more keys after its first: the cells of one recalculation reach the engine within
 * a few milliseconds of each other, so a short window gathers them without keeping a lone cell waiting (Microsoft's
 * batching sample waits 100 ms: https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-batching).
 */
export const ENGINE_DEFAULTS = { perMinute: 40, concurrency: 20, totalTimeoutMs: 60_000, batchWindowMs: 50 } as const;

/** Any failure leaves the engine as a MadError (the faces map those, and only those, to cell errors). */
function asMadError(error: unknown): MadError {
  if (isMadError(error)) return error;
  return new NetworkError(error instanceof Error ? error.message : String(error), { cause: error });
}

/** What the engine's methods share: one clock, pacer, cache, gate, meter and settings reader. */
interface EngineParts {
  readonly clock: Clock;
  readonly store: EngineOptions["store"];
  readonly pacer: Pacer;
  readonly cache: PageCache;
  readonly deadlines: DeadlineOptions;
  readonly gate: AccountGate;
  readonly meter: UsageMeter;
  readonly settings: SettingsReader;
  readonly requestClient: RequestClient;
  readonly getPage: PageFetcher;
  /** The lookup reader, loaded on demand (a chunk of its own: ./lookup-plan.ts says why). */
  readonly lookups: () => Promise<LookupReader>;
}

function engineParts(options: EngineOptions): EngineParts {
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
  /** Fails every request of an account the service refused, without sending (see ./account-gate). */
  const gate = new AccountGate();
  const meter = usageMeter(pacer);
  const defaults = { perMinute: ENGINE_DEFAULTS.perMinute, totalTimeoutMs };
  const settings = settingsReader(options, defaults, clock, pacer, cache);
  const requestClient = meteredClients(options, clock, pacer, meter, pacingSaver(store, pacer));
  const send = sender({ clock, totalTimeoutMs, pacer, gate, requestClient });
  const getPage = pageFetcher({ clock, cache, inflight: new InFlight<Fetched>(), meter, send });
  const windowMs = options.batchWindowMs ?? ENGINE_DEFAULTS.batchWindowMs;
  let reader: Promise<LookupReader> | undefined;
  const lookups = () =>
    (reader ??= import(/* webpackChunkName: "lookups" */ "./lookup").then((m) =>
      m.lookupReader({ clock, cache, meter, send, windowMs }),
    ));
  const deadlines = { clock, pacer, totalTimeoutMs };
  return { clock, store, pacer, cache, deadlines, gate, meter, settings, requestClient, getPage, lookups };
}

/** A validated query: a lookup by list (read key by key) or a paged plan. */
type Prepared = { lookup: Lookup; key: string } | PagePrepared;

function prepare(parts: EngineParts, code: OperationCode, params: unknown, limit: number | undefined): Prepared {
  const now = new Date(parts.clock.now());
  if (isLookup(operation(code), params)) return prepareLookup(code, params, now);
  const normalized = validateParams(code, params, { now }) as Record<string, unknown>;
  const plan = planPaging(code, normalized, limit);
  return { code, plan, key: `${code}|${canonicalJson(normalized)}|${plan.limit ?? "all"}` };
}

/** Reads a prepared query's pages or keys within its deadline. */
async function read(
  parts: EngineParts,
  prepared: Prepared,
  ctx: Omit<QueryContext, keyof PagePrepared>,
  options: QueryOptions,
): Promise<QueryResult> {
  if ("lookup" in prepared) {
    const reader = await parts.lookups();
    const lookupCtx = { ...ctx, code: prepared.lookup.code, lookup: prepared.lookup };
    const lastGood = !ctx.bypassCache && !ctx.cacheOnly && options.lastGood !== false && ctx.settings.lastGoodValues;
    return withDeadline(parts.deadlines, lookupCtx, options.signal, (signal) =>
      reader(lookupCtx, signal, { limit: options.limit, partial: options.partial, lastGood }),
    );
  }
  const running: QueryContext = { ...ctx, ...prepared };
  const outcomes = await withDeadline(parts.deadlines, running, options.signal, (signal) =>
    readPages(
      running.plan,
      (pageParams, pageSignal, slot) => parts.getPage(running, pageParams, pageSignal, slot),
      signal,
      options.onPage,
    ),
  );
  return assemble(running.code, running.plan, outcomes);
}

function queryMethod(parts: EngineParts): Engine["query"] {
  const { cache, settings } = parts;
  return async <C extends OperationCode>(code: C, params: QueryParams<C>, queryOptions: QueryOptions = {}) => {
    let ctx: (Omit<QueryContext, keyof PagePrepared> & { prepared: Prepared }) | undefined;
    try {
      if (queryOptions.signal?.aborted) throw new AbortError();
      const prepared = prepare(parts, code, params, queryOptions.limit);
      const current = withSecret(await settings.current());
      ctx = {
        prepared,
        settings: current,
        account: await settings.accountOf(current),
        bypassCache: queryOptions.bypassCache === true,
        cacheOnly: queryOptions.cacheOnly === true,
        ...newTracker(),
      };
      return (await read(parts, prepared, ctx, queryOptions)) as unknown as QueryResult<C>;
    } catch (error) {
      const failure = asMadError(error);
      const reason = lastGoodReason(failure);
      const allowed =
        ctx && !ctx.bypassCache && !ctx.cacheOnly && queryOptions.lastGood !== false && ctx.settings.lastGoodValues;
      // A lookup's keys stand in for themselves, each with its own last good answer (./lookup.ts).
      if (reason && allowed && !("lookup" in ctx!.prepared)) {
        const query = { code, plan: ctx!.prepared.plan, account: ctx!.account };
        const earlier = await lastGoodResult(cache, query, { reason, message: failure.message }).catch(() => null);
        if (earlier) return earlier as QueryResult<C>;
      }
      throw failure;
    }
  };
}

function planMethod(parts: EngineParts): Engine["plan"] {
  const { cache, settings } = parts;
  return async (code, params, planOptions = {}) => {
    const prepared = prepare(parts, code, params, planOptions.limit);
    const current = await settings.current();
    if ("lookup" in prepared) {
      const calls = Math.ceil(prepared.lookup.keys.length / prepared.lookup.batch.max);
      if (!current.secret) return { pages: calls, uncachedPages: calls };
      const account = await settings.accountOf({ baseUrl: current.baseUrl, secret: current.secret });
      return planLookup(cache, account, prepared.lookup, planOptions.bypassCache === true);
    }
    const { plan } = prepared;
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
  };
}

function connectionMethod(parts: EngineParts): Engine["checkConnection"] {
  const { clock, pacer, gate, settings, requestClient, deadlines } = parts;
  const { counters, changed } = parts.meter;
  return async (candidate = {}) => {
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
  };
}

/** The settings and preferences a person keeps (runtime storage, never the workbook). */
function settingsMethods(parts: EngineParts) {
  const { store, cache, settings, gate } = parts;
  // A full storage gives up cached pages, never the settings being written.
  const roomy = () => keepingFirst(store, () => cache.clear());
  return {
    async readSettings(): Promise<Settings> {
      const { baseUrl, secret } = await readStoredSettings(store);
      return { baseUrl, secret };
    },
    async writeSettings(patch: Partial<Settings>): Promise<void> {
      await writeStoredSettings(roomy(), patch);
      // New settings: a refused account gets another chance.
      gate.reset();
    },
    async preferences() {
      const { lastGoodValues } = await readStoredSettings(store);
      return { lastGoodValues };
    },
    setPreferences: (patch: Parameters<Engine["setPreferences"]>[0]) => writePreferences(roomy(), patch),
    async signOut(): Promise<void> {
      const stored = await readStoredSettings(store);
      if (stored.secret)
        await cache.clear(await settings.accountOf({ baseUrl: stored.baseUrl, secret: stored.secret }));
      await writeStoredSettings(store, { secret: null });
      settings.forgetAccount();
      gate.reset();
    },
  };
}

export function createEngine(options: EngineOptions): Engine {
  const parts = engineParts(options);
  return {
    query: queryMethod(parts),
    plan: planMethod(parts),
    cacheKey: (code, params, keyOptions = {}) => prepare(parts, code, params, keyOptions.limit).key,
    usage: parts.meter.usage,
    onUsage: parts.meter.onUsage,
    checkConnection: connectionMethod(parts),
    clearCache: () => parts.cache.clear(),
    ...settingsMethods(parts),
    flush: () => parts.cache.flush(),
  };
}
