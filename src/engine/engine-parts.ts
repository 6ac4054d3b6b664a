/**
 * What the engine's methods share (./engine.ts composes them): one clock, pacer, cache, account gate, usage meter
 * and settings reader, the page fetch and the lookup reader; and the one validation of a query, into a lookup by
 * list (src/api/lookups/batch.ts) or a paging plan.
 */
import { isLookup, lookupName, type Lookup } from "../api/lookups/batch";
import { operation, type OperationCode } from "../api/catalog";
import { systemClock, type Clock } from "../lib/clock";
import { isMadError, type MadError, NetworkError } from "../api/errors";
import { planPaging } from "../api/paging";
import { validateParams } from "../api/validate";
import { AccountGate } from "./account-gate";
import { Arrivals } from "./arrivals";
import type { DeadlineOptions } from "./deadline";
import { settingsReader, type SettingsReader } from "./engine-settings";
import { InFlight } from "./inflight";
import { canonicalJson } from "./keys";
import type { LookupReader } from "./lookup";
import { meteredClients, type RequestClient } from "./metered-client";
import { pacingSaver } from "./minute-limit";
import { Pacer } from "./pacer";
import { pageFetcher, type PageFetcher, type Prepared as PagePrepared } from "./page-fetch";
import { DEFAULT_MAX_CACHE_BYTES, DEFAULT_MAX_CACHE_ENTRIES, NO_CAP, PageCache } from "./page-cache";
import type { Fetched } from "./pages";
import { sender } from "./send";
import type { EngineOptions } from "./types";
import { usageMeter, type UsageMeter } from "./usage-meter";

/**
 * Concurrency 20: the largest query (2,000 rows, 20 pages of 100) takes two round trips: the first page (it gives
 * the total), then the other 19 at once, so 2,000 rows cost about 2-3x one page's time (measured by the bench).
 * A browser on HTTP/1.1 queues requests past six per host (HTTP/2 multiplexes them); the pacer still keeps every
 * send inside the per-minute window (40 by default), which bounds what a burst can spend.
 */
/**
 * A lookup's batch waits 50 ms for more keys after its first, then for the lookups of the same recalculation still on
 * their way (./arrivals.ts): a short window gathers them without keeping a lone cell waiting (Microsoft's batching
 * sample waits 100 ms: https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-batching).
 */
export const ENGINE_DEFAULTS = { perMinute: 40, concurrency: 20, totalTimeoutMs: 60_000, batchWindowMs: 50 } as const;

/** Any failure leaves the engine as a MadError (the faces map those, and only those, to cell errors). */
export function asMadError(error: unknown): MadError {
  if (isMadError(error)) return error;
  return new NetworkError(error instanceof Error ? error.message : String(error), { cause: error });
}

/** What the engine's methods share: one clock, pacer, cache, gate, meter and settings reader. */
export interface EngineParts {
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
  /**
   * The lookups' check and reader, loaded on demand (a chunk of their own, with the batcher and DataLoader: the
   * functions bundle Excel loads at open carries only what deciding and naming a lookup takes).
   */
  readonly lookups: () => Promise<LookupReader>;
  /** Lookups on their way to the batcher (./arrivals.ts). */
  readonly arrivals: Arrivals;
}

export function engineParts(options: EngineOptions): EngineParts {
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
  const arrivals = new Arrivals();
  let reader: Promise<LookupReader> | undefined;
  const lookups = () =>
    (reader ??= import(/* webpackChunkName: "engine-on-demand" */ "./lookup").then((m) =>
      m.lookupReader({ clock, cache, meter, send, windowMs, arrivals }),
    ));
  const deadlines = { clock, pacer, totalTimeoutMs };
  return { clock, store, pacer, cache, deadlines, gate, meter, settings, requestClient, getPage, lookups, arrivals };
}

/**
 * A query as the engine reads it: a lookup by list (src/api/lookups/: named now, checked once its reader is loaded,
 * before anything waits; read key by key) or a validated paged plan.
 */
export type Prepared =
  { asked: { code: OperationCode; params: Readonly<Record<string, unknown>> }; key: string } | PagePrepared;
/** A lookup checked by the catalog's rules, ready to read. */
export type Checked = { lookup: Lookup } | PagePrepared;

export function prepare(parts: EngineParts, code: OperationCode, params: unknown, limit: number | undefined): Prepared {
  const now = new Date(parts.clock.now());
  if (isLookup(operation(code), params)) {
    const asked = { code, params: params as Readonly<Record<string, unknown>> };
    return { asked, key: lookupName(code, asked.params) };
  }
  const normalized = validateParams(code, params, { now }) as Record<string, unknown>;
  const plan = planPaging(code, normalized, limit);
  return { code, plan, key: `${code}|${canonicalJson(normalized)}|${plan.limit ?? "all"}` };
}
