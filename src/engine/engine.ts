/**
 * The request engine between the faces and the client. A query is validated (bad input never waits or
 * spends), planned into pages (./paging), and each page is served from the cache (./page-cache), or joins an
 * identical request in flight (./inflight), or waits for a pacing slot (./pacer) and is sent once (./page-fetch,
 * ./send, through a metered client per request: ./metered-client). A lookup by list (src/api/lookups/batch.ts: single
 * ASINs of competitor lookup) is read key by key instead, its keys gathered into batches (./lookup). Every query
 * settles within its total timeout. Settings are read as ./engine-settings says; what the faces see of the
 * engine's use is ./usage-meter.
 */
import type { OperationCode } from "../api/catalog";
import { AbortError } from "../api/errors";
import type { Arrival } from "./arrivals";
import { newTracker, withDeadline } from "./deadline";
import { withSecret } from "./engine-settings";
import { asMadError, engineParts, prepare, type Checked, type EngineParts, type Prepared } from "./engine-parts";
import type { Prepared as PagePrepared, QueryContext } from "./page-fetch";
import { assemble, readPages } from "./pages";
import { readStoredSettings } from "./settings";
import type { Engine, EngineOptions, QueryOptions, QueryParams, QueryResult, Settings } from "./types";

/**
 * What the functions bundle Excel loads at open does without: the task pane's own methods (./engine-pane.ts), the
 * lookups' reader (./lookup.ts) and the last good answer (./last-good.ts), one chunk loaded the first time any of
 * them is needed.
 */
const paneMethods = () => import(/* webpackChunkName: "engine-on-demand" */ "./engine-pane");

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
    const { limit, partial, arrival } = options;
    return withDeadline(parts.deadlines, lookupCtx, options.signal, (signal) =>
      reader(lookupCtx, signal, { limit, partial, lastGood, arrival }),
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
  return async <C extends OperationCode>(code: C, params: QueryParams<C>, options: QueryOptions = {}) => {
    let ctx: (Omit<QueryContext, keyof PagePrepared> & { prepared: Prepared }) | undefined;
    let arrival: Arrival | undefined;
    try {
      if (options.signal?.aborted) throw new AbortError();
      const prepared = prepare(parts, code, params, options.limit);
      // A lookup is on its way to the batcher from now on (./arrivals.ts), unless its cell announced it already.
      if ("asked" in prepared) arrival = options.arrival ?? parts.arrivals.begin();
      const queryOptions = { ...options, arrival };
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
      arrival?.done();
      const failure = asMadError(error);
      const allowed =
        ctx && !ctx.bypassCache && !ctx.cacheOnly && options.lastGood !== false && ctx.settings.lastGoodValues;
      // A lookup's keys stand in for themselves, each with its own last good answer (./lookup.ts).
      if (!allowed || "asked" in ctx!.prepared) throw failure;
      // Only a failure reads the last good answer: loaded on demand, as the functions bundle needs it only then.
      const { lastGoodReason, lastGoodResult } = await import(/* webpackChunkName: "engine-on-demand" */ "./last-good");
      const reason = lastGoodReason(failure);
      const query = { code, plan: ctx!.prepared.plan, account: ctx!.account };
      const earlier =
        reason && (await lastGoodResult(cache, query, { reason, message: failure.message }).catch(() => null));
      if (earlier) return earlier as QueryResult<C>;
      throw failure;
    }
  };
}

type PaneModule = typeof import("./engine-pane");
type PaneMethod = "plan" | "checkConnection" | "writeSettings" | "preferences" | "setPreferences" | "signOut";
type Rest<F> = F extends (parts: EngineParts, ...rest: infer R) => unknown ? R : never;

/** A method only the task pane asks for, loaded with ./engine-pane.ts the first time it is asked. */
const paneMethod =
  <K extends PaneMethod>(parts: EngineParts, name: K) =>
  async (...rest: Rest<PaneModule[K]>): Promise<Awaited<ReturnType<PaneModule[K]>>> =>
    (
      (await paneMethods())[name] as (
        parts: EngineParts,
        ...args: unknown[]
      ) => Promise<Awaited<ReturnType<PaneModule[K]>>>
    )(parts, ...rest);

export function createEngine(options: EngineOptions): Engine {
  const parts = engineParts(options);
  const pane = <K extends PaneMethod>(name: K) => paneMethod(parts, name);
  return {
    query: queryMethod(parts),
    plan: pane("plan") as Engine["plan"],
    expectLookup: () => parts.arrivals.begin(),
    cacheKey: (code, params, keyOptions = {}) => prepare(parts, code, params, keyOptions.limit).key,
    usage: parts.meter.usage,
    onUsage: parts.meter.onUsage,
    checkConnection: pane("checkConnection"),
    clearCache: () => parts.cache.clear(),
    async readSettings(): Promise<Settings> {
      const { baseUrl, secret } = await readStoredSettings(parts.store);
      return { baseUrl, secret };
    },
    // The settings and preferences a person keeps are the task pane's (./engine-pane.ts).
    writeSettings: pane("writeSettings"),
    preferences: pane("preferences"),
    setPreferences: pane("setPreferences"),
    signOut: pane("signOut"),
    flush: () => parts.cache.flush(),
  };
}
