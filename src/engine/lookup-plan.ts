/**
 * What the engine knows of a lookup by list (src/api/batch.ts) without reading it: its names in the cache (one entry
 * per key, whatever grouping of keys fetched it), its key for reports, and what reading it would spend. Reading is
 * ./lookup.ts, loaded on demand (it carries the batcher and DataLoader, which the functions bundle Excel loads at
 * open does without until a lookup runs).
 */
import { checkLookup, keyParams, type Lookup } from "../api/batch";
import type { OperationCode } from "../api/catalog";
import type { TurnTracker } from "./deadline";
import { canonicalJson } from "./keys";
import type { PageCache } from "./page-cache";
import type { SendContext } from "./send";
import type { QueryPlan } from "./types";

/** A lookup under way: what it asks, with whose settings and account, and how it may use the cache. */
export interface LookupContext extends SendContext, TurnTracker {
  readonly lookup: Lookup;
  readonly bypassCache: boolean;
  readonly cacheOnly: boolean;
}

/** The cache entry of one key's answer (the page key of a lookup of that key alone). */
export const keyPageKey = (lookup: Lookup, key: string): string =>
  `${lookup.code}|${canonicalJson(keyParams(lookup, key))}`;

/** A validated lookup and its key for reports (the same keys in any order of asking are one lookup). */
export function prepareLookup(code: OperationCode, params: unknown, now: Date): { lookup: Lookup; key: string } {
  const lookup = checkLookup(code, params, { now });
  const keys = [...lookup.keys].sort();
  return { lookup, key: `${code}|${canonicalJson({ ...lookup.shared, [lookup.batch.param]: keys })}|lookup` };
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
