/**
 * A lookup by list under way (src/api/lookups/batch.ts), and the names of its keys' answers in the cache: one entry per
 * key, whatever grouping of keys fetched it. Read by ./lookup.ts and ./engine-pane.ts, both loaded on demand.
 */
import type { Lookup } from "../api/lookups/batch";
import { keyParams } from "../api/lookups/calls";
import type { TurnTracker } from "./deadline";
import { canonicalJson } from "./keys";
import type { SendContext } from "./send";

/** A lookup under way: what it asks, with whose settings and account, and how it may use the cache. */
export interface LookupContext extends SendContext, TurnTracker {
  readonly lookup: Lookup;
  readonly bypassCache: boolean;
  readonly cacheOnly: boolean;
}

/** The cache entry of one key's answer (the page key of a lookup of that key alone). */
export const keyPageKey = (lookup: Lookup, key: string): string =>
  `${lookup.code}|${canonicalJson(keyParams(lookup, key))}`;
