/**
 * Where settings and the persisted cache live: the shape of OfficeRuntime.storage (shared across the add-in's
 * runtimes, survives Excel restarts, about 10 MB per add-in), found by feature detection so that src/engine has
 * no Office import and runs in Node and in a plain browser page (the preview) as well.
 */

export interface KeyValueStore {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  getKeys?(): Promise<string[]>;
}

export const SETTINGS_KEYS = {
  baseUrl: "mad.baseUrl",
  secret: "mad.secret",
  cacheTtlHours: "mad.cacheTtlHours",
  perMinute: "mad.perMinute",
  lastGoodValues: "mad.lastGoodValues",
  /** The language the person chose in the task pane (`en`, `zh-CN`); absent: Office's display language. */
  language: "mad.language",
} as const;

/** Every persisted cache entry's key starts with this, followed by the account hash and a dot. */
export const CACHE_KEY_PREFIX = "mad.cache.";

/** The service's own address (direct calls). */
export const PRODUCTION_BASE_URL = "https://api.sellersprite.com";

/** Set by webpack (DefinePlugin) in a build with ADDIN_BASE_URL: where that build is hosted; "" otherwise. */
declare const MAD_HOSTED_BASE_URL: string | undefined;
/** The relay of the host serving this build (`npm run serve`), when it is a hosting build. */
export const HOSTED_BASE_URL: string | undefined =
  typeof MAD_HOSTED_BASE_URL === "string" && MAD_HOSTED_BASE_URL !== "" ? MAD_HOSTED_BASE_URL : undefined;
/** The base URL while none is stored: the hosting relay (same origin, so only the secret is needed), else direct. */
export const DEFAULT_BASE_URL: string = HOSTED_BASE_URL ?? PRODUCTION_BASE_URL;

/** A store that lives as long as the object: tests, and hosts without any storage. */
export function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const items = new Map(Object.entries(initial));
  return {
    getItem: async (key) => items.get(key) ?? null,
    setItem: async (key, value) => void items.set(key, String(value)),
    removeItem: async (key) => void items.delete(key),
    getKeys: async () => [...items.keys()],
  };
}

/** Window storage (the browser preview page): synchronous API behind the async shape. */
function webStorageStore(storage: Storage): KeyValueStore {
  return {
    getItem: async (key) => storage.getItem(key),
    setItem: async (key, value) => storage.setItem(key, value),
    removeItem: async (key) => storage.removeItem(key),
    getKeys: async () =>
      Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k !== null),
  };
}

function isKeyValueStore(value: unknown): value is KeyValueStore {
  const v = value as Partial<KeyValueStore> | null | undefined;
  return (
    !!v && typeof v.getItem === "function" && typeof v.setItem === "function" && typeof v.removeItem === "function"
  );
}

/** OfficeRuntime.storage when present, else window.localStorage, else an in-memory store. */
export function detectStore(): KeyValueStore {
  const g = globalThis as { OfficeRuntime?: { storage?: unknown }; localStorage?: Storage };
  const officeStorage = g.OfficeRuntime?.storage;
  if (isKeyValueStore(officeStorage)) return officeStorage;
  try {
    // Reading localStorage throws in sandboxed frames; that host then gets the memory store.
    if (g.localStorage && typeof g.localStorage.getItem === "function") return webStorageStore(g.localStorage);
  } catch {
    /* no web storage */
  }
  return memoryStore();
}
