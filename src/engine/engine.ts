/**
 * The request engine between the faces and the client. A query is validated (bad input never waits or
 * spends), planned into pages (./paging), and each page is served from the cache (./page-cache), or joins an
 * identical request in flight (./inflight), or waits for a pacing slot (./pacer) and is sent once (./page-fetch,
 * ./send, through a metered client per request: ./metered-client). A lookup by list (src/api/batch.ts: single
 * ASINs of competitor lookup) is read key by key instead, its keys gathered into batches (./lookup). Every query
 * settles within its total timeout. Settings are read as ./engine-settings says; what the faces see of the
 * engine's use is ./usage-meter.
 */
import type { OperationCode } from "../api/catalog";
import { AbortError } from "../api/errors";
import { newTracker, withDeadline } from "./deadline";
import { withSecret } from "./engine-settings";
import { asMadError, engineParts, prepare, type Checked, type EngineParts, type Prepared } from "./engine-parts";
import type { Prepared as PagePrepared, QueryContext } from "./page-fetch";
import { assemble, readPages } from "./pages";
import { readStoredSettings } from "./settings";
import type { Engine, EngineOptions, QueryOptions, QueryParams, QueryResult, Settings } from "./types";

export { ENGINE_DEFAULTS } from "./engine-parts";

/** The task pane's own methods (plans, the connection test), loaded on demand: ./engine-pane.ts. */
const paneMethods = () => import(/* webpackChunkName: "engine-pane" */ "./engine-pane");

/** Reads a prepared query's pages or keys within its deadline. */
async function read(
  parts: EngineParts,
  prepared: Checked,
  ctx: Omit<QueryContext, keyof PagePrepared>,
  options: QueryOptions,
): Promise<QueryResult> {
  if ("lookup" in prepared) {
    const { read: reader } = await parts.lookups();
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
      // A lookup is checked before anything waits: bad input is refused at once, nothing queued.
      const now = new Date(parts.clock.now());
      const checked: Checked =
        "asked" in prepared ? { lookup: (await parts.lookups()).check(code, params, { now }) } : prepared;
      const current = withSecret(await settings.current());
      ctx = {
        prepared,
        settings: current,
        account: await settings.accountOf(current),
        bypassCache: queryOptions.bypassCache === true,
        cacheOnly: queryOptions.cacheOnly === true,
        ...newTracker(),
      };
      return (await read(parts, checked, ctx, queryOptions)) as unknown as QueryResult<C>;
    } catch (error) {
      const failure = asMadError(error);
      const allowed =
        ctx && !ctx.bypassCache && !ctx.cacheOnly && queryOptions.lastGood !== false && ctx.settings.lastGoodValues;
      // A lookup's keys stand in for themselves, each with its own last good answer (./lookup.ts).
      if (!allowed || "asked" in ctx!.prepared) throw failure;
      // Only a failure reads the last good answer: loaded on demand, as the functions bundle needs it only then.
      const { lastGoodReason, lastGoodResult } = await import(/* webpackChunkName: "last-good" */ "./last-good");
      const reason = lastGoodReason(failure);
      const query = { code, plan: ctx!.prepared.plan, account: ctx!.account };
      const earlier =
        reason && (await lastGoodResult(cache, query, { reason, message: failure.message }).catch(() => null));
      if (earlier) return earlier as QueryResult<C>;
      throw failure;
    }
  };
}

/** The settings a query reads; the others a person keeps are the task pane's (./engine-pane.ts). */
function settingsMethods(parts: EngineParts) {
  const { store } = parts;
  return {
    async readSettings(): Promise<Settings> {
      const { baseUrl, secret } = await readStoredSettings(store);
      return { baseUrl, secret };
    },
    writeSettings: async (patch: Partial<Settings>) => (await paneMethods()).writeSettings(parts, patch),
    preferences: async () => (await paneMethods()).preferences(parts),
    setPreferences: async (patch: Parameters<Engine["setPreferences"]>[0]) =>
      (await paneMethods()).setPreferences(parts, patch),
    signOut: async () => (await paneMethods()).signOut(parts),
  };
}

export function createEngine(options: EngineOptions): Engine {
  const parts = engineParts(options);
  return {
    query: queryMethod(parts),
    plan: async (code, params, options) => (await paneMethods()).plan(parts, code, params, options),
    cacheKey: (code, params, keyOptions = {}) => prepare(parts, code, params, keyOptions.limit).key,
    usage: parts.meter.usage,
    onUsage: parts.meter.onUsage,
    checkConnection: async (candidate) => (await paneMethods()).checkConnection(parts, candidate),
    clearCache: () => parts.cache.clear(),
    ...settingsMethods(parts),
    flush: () => parts.cache.flush(),
  };
}
