/**
 * The request engine: dedupe, cache (memory and persisted), pacing and paging between the faces and the client.
 */
export { WarpClock } from "./warp-clock";
export { VirtualClock } from "./virtual-clock";
export { createEngine, ENGINE_DEFAULTS } from "./engine";
export { CacheMissError, MissingSecretError } from "./errors";
export { accountId, canonicalJson } from "./keys";
export { RATE_WINDOW_MS } from "./pacer";
export { CACHE_INDEX_KEY, DEFAULT_MAX_CACHE_BYTES, DEFAULT_MAX_CACHE_ENTRIES } from "./page-cache";
export { planPaging, type PagingPlan } from "../api/paging";
export { getSharedEngine } from "./shared";
export {
  CACHE_KEY_PREFIX,
  DEFAULT_BASE_URL,
  detectStore,
  HOSTED_BASE_URL,
  memoryStore,
  PRODUCTION_BASE_URL,
  SETTINGS_KEYS,
  webStorageStore,
  type KeyValueStore,
} from "./key-value-store";
export type {
  ConnectionCheck,
  Engine,
  EngineOptions,
  LastGood,
  LastGoodReason,
  Preferences,
  QueryOptions,
  QueryParams,
  QueryPlan,
  QueryResult,
  Settings,
  UsageSnapshot,
} from "./types";
