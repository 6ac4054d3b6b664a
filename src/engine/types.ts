/**
 * The engine's public shapes, shared by the custom functions, the task pane and the benchmark.
 */
import type { Arrival } from "./arrivals";
import type { OperationCode } from "../api/catalog";
import type { ClientOptions } from "../api/client-options";
import type { MadError } from "../api/errors";
import type { OperationResult } from "../api/parse";
import type { ParamsOf, RecordOf, UntypedParams } from "../api/request-types";
import type { Clock } from "../lib/clock";
import type { TeamCalls } from "../api/visits";
import type { KeyValueStore } from "./key-value-store";

export interface Settings {
  /** mad.baseUrl; the production URL when unset. */
  baseUrl: string;
  /** mad.secret; null when unset. */
  secret: string | null;
}

export interface EngineOptions {
  /** Settings and the persisted cache. */
  store: KeyValueStore;
  /** Passed to the client. */
  fetch?: typeof fetch;
  /** Injectable time; the benchmark simulates minutes of pacing with it. */
  clock?: Clock;
  /** Sends per rolling minute; default: the stored mad.perMinute, else 40. */
  perMinute?: number;
  /** Requests at the same time; default 4. */
  concurrency?: number;
  /**
   * The longest a cached page stays current, whatever its operation's data period (each page is current until its
   * period ends); default: the stored mad.cacheTtlHours, else no bound beyond the period.
   */
  cacheTtlMs?: number;
  /** Bound of cached pages (a lookup's keys one each), in memory and persisted; default 2,500. */
  maxCacheEntries?: number;
  /** Bound of the persisted cache in characters; default 5,000,000 (half of OfficeRuntime.storage's ~10 MB). */
  maxCacheBytes?: number;
  /** Every query settles within this, plus its fair wait behind queued requests; default 60 s. */
  totalTimeoutMs?: number;
  /** How long a lookup's batch waits for more keys after its first (src/api/lookups/batch.ts); default 50 ms. */
  batchWindowMs?: number;
  /** Retries, attempt timeout, backoff... of the client (baseUrl, secret, fetch, clock are the engine's; its beforeRetry hooks run before the engine's own). */
  client?: Partial<ClientOptions>;
}

export interface QueryOptions {
  /** Rows wanted (1..2,000): pages through with the operation's largest page size until limit, total or cap. */
  limit?: number;
  /** Cancels this waiter; the HTTP request is aborted only if no other waiter needs it. */
  signal?: AbortSignal;
  /** Refresh: skip reading the cache for this query (still deduped with identical requests in flight). */
  bypassCache?: boolean;
  /** Formula value preview: never spend a call; CacheMissError when not cached. */
  cacheOnly?: boolean;
  /**
   * false: fail rather than answer with the last good answer when the service cannot answer. Default: as the
   * stored preference (mad.lastGoodValues) says; never for a refresh (bypassCache), which must say it failed.
   */
  lastGood?: boolean;
  /**
   * A lookup by list (src/api/lookups/): keys whose batch failed keep their failure in the result's `byKey` instead
   * of failing the query (MAD.PRODUCTS shows it in their rows and fills the others).
   */
  partial?: boolean;
  /**
   * Progress, "page 7 of 20": pages read so far and pages expected in all (the plan's most until the first page
   * gives the total; the pages read when the data ends early). Called with 0 first, and with done = total last.
   */
  onPage?: (done: number, total: number) => void;
  /**
   * A lookup's cell announced it before its first wait (`Engine.expectLookup`): done once its keys reach the batcher;
   * other queries ignore it.
   */
  arrival?: Arrival;
}

export interface QueryResult<C extends OperationCode = OperationCode> {
  operation: C;
  rows: RecordOf<C>[];
  total: number | null;
  stats?: OperationResult["stats"];
  /** Pages combined. */
  pages: number;
  /** HTTP requests this query caused (retries included); 0 when every page came from the cache or a shared request. */
  callsSpent: number;
  /** The oldest page's fetch time (epoch ms). */
  fetchedAt: number;
  /** Every page came from the cache. */
  fromCache: boolean;
  /**
   * Set when the service could not answer and the result is the query's last good answer (every page as last
   * answered, `fetchedAt` its age): why, and the failure's text. See ./last-good.ts.
   */
  lastGood?: LastGood;
  /**
   * A lookup by list (src/api/lookups/; `rows` then hold the found records in the keys' order): each listed key's
   * record, null where the service's answer lacks it (not found), or, with `partial`, the failure of its batch.
   */
  byKey?: ReadonlyMap<string, RecordOf<C> | null | MadError>;
}

/** What a query (or a refresh) would spend. */
export interface QueryPlan {
  pages: number;
  uncachedPages: number;
  /** Set when `pages` is the most the query can take: none of its pages was ever answered, so its total is unknown. */
  upTo?: true;
}

export interface UsageSnapshot {
  /** HTTP requests of this engine the service answered (retries and connection checks included; not network failures or timeouts). */
  callsThisSession: number;
  /** Pages served from the cache. */
  cacheHits: number;
  /** Pages that joined an identical request already in flight. */
  deduped: number;
  /** Requests waiting for a pacing slot. */
  queued: number;
  /** Requests being sent. */
  inFlight: number;
  /** Calls left in the plan, from the last connection check; null before one. */
  remainingThisMonth: number | null;
  /** The plan's monthly calls, from the last connection check when the service says; null when unknown. */
  quotaThisMonth: number | null;
  /** Through a team relay: the member's calls left and the team plan's, from the last connection check. */
  teamThisMonth: TeamCalls | null;
}

/** Why a query shows its last good answer instead of a current one (see ./last-good.ts). */
export type LastGoodReason = "unreachable" | "serviceFault" | "minuteLimit" | "monthlyQuota";

/** What a result served from the last good answer carries. */
export interface LastGood {
  readonly reason: LastGoodReason;
  /** The failure's own text (what happened and what to do). */
  readonly message: string;
}

/** What a person may choose about the add-in, kept in runtime storage. */
export interface Preferences {
  /** Show a query's last good answer, saying so, when the service cannot answer (mad.lastGoodValues; default on). */
  readonly lastGoodValues: boolean;
}

export type ConnectionCheck = { ok: true; remaining: number | null } | { ok: false; error: MadError };

/**
 * Parameters of a query: typed (`ParamsOf<C>`, from code) or untyped (`UntypedParams`, as the faces read them from
 * cells and forms). Either way the engine validates them at run time before anything waits or is sent.
 */
export type QueryParams<C extends OperationCode> = ParamsOf<C> | UntypedParams;

export interface Engine {
  /** Validates first (ValidationError: nothing queued); rejects with MadError subclasses only. */
  query<C extends OperationCode>(code: C, params: QueryParams<C>, options?: QueryOptions): Promise<QueryResult<C>>;
  plan<C extends OperationCode>(
    code: C,
    params: QueryParams<C>,
    options?: { limit?: number; bypassCache?: boolean },
  ): Promise<QueryPlan>;
  /**
   * A lookup's cell starts (MAD.PRODUCT, MAD.PRODUCTS): the batch of this recalculation waits for it until its query
   * is given the handle (`QueryOptions.arrival`) and its keys arrive, or `done` is called (./arrivals.ts).
   */
  expectLookup(): Arrival;
  /** Stable key of a normalized query (reports group identical queries by it); throws ValidationError. */
  cacheKey<C extends OperationCode>(code: C, params: QueryParams<C>, options?: { limit?: number }): string;
  usage(): UsageSnapshot;
  onUsage(listener: (usage: UsageSnapshot) => void): () => void;
  /**
   * One cheap call (GET /v1/visits) for "Test connection"; updates remainingThisMonth. With `candidate`, tests
   * those settings (over the stored ones) without saving them, so a failing secret never replaces a working one.
   */
  checkConnection(candidate?: Partial<Settings>): Promise<ConnectionCheck>;
  /** Drops every cached page (memory and persisted, all accounts). */
  clearCache(): Promise<void>;
  readSettings(): Promise<Settings>;
  /** The secret only ever goes to the store's mad.secret, never the workbook. */
  writeSettings(patch: Partial<Settings>): Promise<void>;
  /** The person's preferences of the add-in (runtime storage, never the workbook). */
  preferences(): Promise<Preferences>;
  setPreferences(patch: Partial<Preferences>): Promise<void>;
  /** Removes mad.secret and this account's cached pages. */
  signOut(): Promise<void>;
  /** Resolves when every cached page so far is persisted (tests; before a simulated restart). */
  flush(): Promise<void>;
}
