/**
 * Reading a lookup by list (src/api/lookups/batch.ts) key by key. Each key is served from the cache (its own entry,
 * current for the operation's data period whatever grouping of keys fetched it), or joins the same key waiting or in
 * flight, or waits a short window for the other keys asked at about the same moment (one recalculation, one refresh)
 * and goes out with up to the operation's limit of them in one call (src/lib/batcher-registry.ts, ./send). So the
 * pacer and the usage meter see one call per batch, and a refused secret or a spent month stops every batch still
 * waiting (./account-gate). A batch is sent with the settings and account of the query that asked its first key.
 *
 * A key the answer lacks is cached as such (a recalculation does not ask again within the data period) and reads as
 * not found; a batch that fails (timeout, 5xx) fails its own keys only, and the client's retry sends that batch
 * again, not each key. Every key gets the record naming it or nothing, never another key's
 * (src/api/lookups/calls.ts).
 *
 * A window ends once the lookups of its recalculation still on their way have arrived (./arrivals.ts): each query
 * says when every key of it has been answered from the cache or handed to the batcher. A cell cancelled after its
 * batch was sent leaves it; the batch finishes and its answers are cached for the cell Excel calls again.
 */
import type { Lookup } from "../api/lookups/batch";
import { batchCall, checkLookup, lookupGroup } from "../api/lookups/calls";
import { operation } from "../api/catalog";
import type { Clock } from "../lib/clock";
import type { Arrival, Arrivals } from "./arrivals";
import { periodEnd } from "../api/data-period";
import { AbortError, isMadError, NetworkError, type MadError } from "../api/errors";
import type { RecordOf } from "../api/request-types";
import type { Turn } from "../lib/batcher";
import { BatcherRegistry } from "../lib/batcher-registry";
import { awaitTurn } from "./deadline";
import { CacheMissError } from "./errors";
import { lastGoodReason } from "./last-good";
import { keyPageKey, type LookupContext } from "./lookup-plan";
import type { CachedPage, PageCache } from "./page-cache";
import type { Fetched, PageOutcome } from "./pages";
import type { Sender } from "./send";
import { childController } from "./signals";
import type { LastGood, QueryPlan, QueryResult } from "./types";
import type { UsageMeter } from "./usage-meter";

/** What the keys of a batch dropped before its turn settle with: the cells that asked were all cancelled. */
const cancelled = () => new AbortError();

export interface LookupParts {
  clock: Clock;
  cache: PageCache;
  meter: UsageMeter;
  send: Sender;
  /** How long a batch waits for more keys after its first. */
  windowMs: number;
  /** The lookups on their way: a window ends once they have arrived (./arrivals.ts). */
  arrivals: Arrivals;
}

interface LookupReadOptions {
  readonly limit?: number;
  /** Keys whose batch failed keep their failure in `byKey` instead of failing the lookup. */
  readonly partial?: boolean;
  /** The last good answer of a key may stand in for its failure (./last-good.ts). */
  readonly lastGood: boolean;
  /** Done once every key has been answered from the cache or handed to the batcher. */
  readonly arrival?: Arrival;
}

/** A lookup's check by the catalog's rules, and its reading. */
export interface LookupReader {
  readonly check: typeof checkLookup;
  readonly read: (ctx: LookupContext, signal: AbortSignal, options: LookupReadOptions) => Promise<QueryResult>;
}

type Settled = { key: string; outcome: PageOutcome } | { key: string; error: MadError };

const asMadError = (error: unknown): MadError =>
  isMadError(error) ? error : new NetworkError(error instanceof Error ? error.message : String(error));

export function lookupReader(parts: LookupParts): LookupReader {
  return { check: checkLookup, read: readerOf(parts) };
}

function readerOf(parts: LookupParts): LookupReader["read"] {
  const { cache, meter } = parts;
  const keyOutcome = keyReader(parts);
  return async (ctx, signal, options) => {
    let onTheirWay = ctx.lookup.keys.length;
    const arrived = () => {
      if (--onTheirWay === 0) options.arrival?.done();
    };
    if (onTheirWay === 0) options.arrival?.done();
    const settled = await Promise.all(
      ctx.lookup.keys.map((key) =>
        // Each key follows the query's signal through one listener on it (./signals).
        keyOutcome(ctx, key, childController(signal).signal, arrived).then(
          (outcome): Settled => ({ key, outcome }),
          (error: unknown): Settled => ({ key, error: asMadError(error) }),
        ),
      ),
    );
    const failed = settled.filter((s) => "error" in s);
    if (failed.length && !options.partial && !options.lastGood) throw failed[0].error;
    const { outcomes, lastGood } = options.lastGood ? await standIns(cache, ctx, settled) : { outcomes: settled };
    const still = outcomes.find((s) => "error" in s);
    if (still && "error" in still && !options.partial) throw still.error;
    meter.changed();
    return assemble(ctx.lookup, outcomes, options.limit, lastGood, parts.clock.now());
  };
}

/** How long an account's batcher for a group of keys is kept once no key of it waits (./batcher-registry.ts). */
const BATCHER_IDLE_MS = 60_000;

/** One key's outcome: from the cache, joined to the same key waiting or in flight, or in the next batch. */
function keyReader(parts: LookupParts) {
  const { cache, meter, clock, windowMs, arrivals } = parts;
  // A batch is sent with its first key's query (its settings and account); the group keeps only its per-call limit.
  const batchers = new BatcherRegistry<Fetched, LookupContext>({
    clock,
    idleMs: BATCHER_IDLE_MS,
    batcher: (first) => ({
      windowMs,
      max: first.lookup.batch.max,
      send: (keys, asked, signal, turn) => sendBatch(parts, asked[0], keys, signal, turn),
      gathered: () => arrivals.quiet(),
      cancelled,
    }),
  });
  const cacheHit = (page: CachedPage): PageOutcome => {
    meter.counters.cacheHits++;
    return { page, attempts: 0, source: "cache" };
  };
  /** The key from the cache, or null: it goes to the batcher. */
  const fromCache = async (ctx: LookupContext, pageKey: string, signal: AbortSignal) => {
    if (!ctx.bypassCache || ctx.cacheOnly) {
      const hit = await cache.get(ctx.account, pageKey);
      if (hit) return cacheHit(hit);
    }
    if (ctx.cacheOnly) throw new CacheMissError();
    if (signal.aborted) throw signal.reason;
    // Another lookup may have stored the key while this one read the store.
    const peeked = ctx.bypassCache ? undefined : cache.peek(ctx.account, pageKey);
    return peeked ? cacheHit(peeked) : null;
  };
  return async (ctx: LookupContext, key: string, signal: AbortSignal, arrived: () => void): Promise<PageOutcome> => {
    const pageKey = keyPageKey(ctx.lookup, key);
    let cached: PageOutcome | null;
    try {
      cached = await fromCache(ctx, pageKey, signal);
    } catch (error) {
      arrived();
      throw error;
    }
    if (cached) {
      arrived();
      return cached;
    }
    const loaded = batchers.load(`${ctx.account}|${lookupGroup(ctx.lookup)}`, key, ctx, signal);
    arrived();
    if (loaded.joined) meter.counters.deduped++;
    const fetched = await awaitTurn(ctx, loaded.turn, loaded.promise);
    return loaded.joined ? { page: fetched.page, attempts: 0, source: "joined" } : { ...fetched, source: "sent" };
  };
}

/**
 * One call for a batch of keys, with the settings and account of the query that asked its first key: each key's
 * answer is cached on its own (an empty one where the answer lacks it), and the call's attempts are counted once, on
 * the batch's first key.
 */
function sendBatch(
  parts: LookupParts,
  asked: LookupContext,
  keys: readonly string[],
  signal: AbortSignal,
  turn: Turn,
): Promise<readonly Fetched[]> {
  const { code, settings, account, lookup } = asked;
  const call = batchCall(lookup, keys);
  return parts.send({ code, settings, account }, call.params, signal, turn, (result, attempts) => {
    const fetchedAt = parts.clock.now();
    const expiresAt = periodEnd(operation(code).dataPeriod, fetchedAt);
    return call.perKey(result.rows, (key, record, i): Fetched => {
      const page: CachedPage = { data: { rows: record ? [record] : [], total: record ? 1 : 0 }, fetchedAt, expiresAt };
      parts.cache.put(account, keyPageKey(lookup, key), page);
      return { page, attempts: i === 0 ? attempts : 0 };
    });
  });
}

/**
 * Failed keys answered before stand in with their last good answer, where the failure is one it may stand in for
 * (./last-good.ts); the result then says why.
 */
async function standIns(
  cache: PageCache,
  ctx: LookupContext,
  settled: readonly Settled[],
): Promise<{ outcomes: Settled[]; lastGood?: LastGood }> {
  let lastGood: LastGood | undefined;
  const outcomes = await Promise.all(
    settled.map(async (s): Promise<Settled> => {
      if (!("error" in s)) return s;
      const reason = lastGoodReason(s.error);
      const page = reason
        ? await cache.lastGood(ctx.account, keyPageKey(ctx.lookup, s.key)).catch(() => undefined)
        : undefined;
      if (!reason || !page) return s;
      lastGood ??= { reason, message: s.error.message };
      return { key: s.key, outcome: { page, attempts: 0, source: "cache" } };
    }),
  );
  return lastGood ? { outcomes, lastGood } : { outcomes };
}

/** The lookup's result: the found records in the keys' order (to the limit), and each key's outcome. */
function assemble(
  lookup: Lookup,
  settled: readonly Settled[],
  limit: number | undefined,
  lastGood: LastGood | undefined,
  now: number,
): QueryResult {
  const byKey = new Map<string, RecordOf<typeof lookup.code> | null | MadError>();
  const rows: RecordOf<typeof lookup.code>[] = [];
  const answered: PageOutcome[] = [];
  for (const s of settled) {
    if ("error" in s) {
      byKey.set(s.key, s.error);
      continue;
    }
    answered.push(s.outcome);
    const record = (s.outcome.page.data.rows[0] ?? null) as RecordOf<typeof lookup.code> | null;
    byKey.set(s.key, record);
    if (record) rows.push(record);
  }
  const kept = limit === undefined ? rows : rows.slice(0, limit);
  return {
    operation: lookup.code,
    rows: kept,
    total: rows.length,
    pages: lookup.keys.length,
    callsSpent: answered.reduce((sum, o) => sum + o.attempts, 0),
    fetchedAt: answered.length ? Math.min(...answered.map((o) => o.page.fetchedAt)) : now,
    fromCache: answered.length === settled.length && answered.every((o) => o.source === "cache"),
    byKey,
    ...(lastGood ? { lastGood } : {}),
  };
}

/** What reading the lookup would spend: one call per batch of the keys not cached (of all keys, for a refresh). */
export async function planLookup(
  cache: PageCache,
  account: string,
  lookup: Lookup,
  bypassCache: boolean,
): Promise<QueryPlan> {
  const calls = (keys: number) => Math.ceil(keys / lookup.batch.max);
  const pages = calls(lookup.keys.length);
  if (bypassCache) return { pages, uncachedPages: pages };
  let uncached = 0;
  for (const key of lookup.keys) if (!(await cache.get(account, keyPageKey(lookup, key)))) uncached++;
  return { pages, uncachedPages: calls(uncached) };
}
