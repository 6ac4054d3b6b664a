import { accountId, canonicalJson } from "../../src/engine/keys";
import { detectStore, memoryStore } from "../../src/engine/key-value-store";
import { setup } from "./setup";

describe("detectStore", () => {
  const g = globalThis as { OfficeRuntime?: unknown; localStorage?: unknown };
  afterEach(() => {
    delete g.OfficeRuntime;
    delete g.localStorage;
  });

  test("uses OfficeRuntime.storage when the host has it", async () => {
    const officeStorage = memoryStore({ "mad.secret": "from-office" });
    g.OfficeRuntime = { storage: officeStorage };
    expect(detectStore()).toBe(officeStorage);
  });

  test("falls back to window.localStorage, then to memory", async () => {
    const items = new Map<string, string>();
    g.localStorage = {
      get length() {
        return items.size;
      },
      key: (i: number) => [...items.keys()][i] ?? null,
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    const store = detectStore();
    await store.setItem("mad.baseUrl", "http://x.test");
    expect(items.get("mad.baseUrl")).toBe("http://x.test");
    expect(await store.getKeys?.()).toEqual(["mad.baseUrl"]);
    delete g.localStorage;
    const memory = detectStore();
    await memory.setItem("a", "1");
    expect(await memory.getItem("a")).toBe("1");
  });
});

describe("keys", () => {
  test("canonical JSON sorts object keys at every level and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  test("an account id is a short hash that depends on base URL and secret and never contains the secret", async () => {
    const a = await accountId("https://api.sellersprite.com", "secret-one");
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(a).not.toBe(await accountId("https://api.sellersprite.com", "secret-two"));
    expect(a).not.toBe(await accountId("http://127.0.0.1:8787", "secret-one"));
    expect(a).toBe(await accountId("https://api.sellersprite.com", "secret-one"));
  });

  test("cacheKey names the normalized query and its limit", () => {
    const { engine } = setup();
    const key = engine.cacheKey("product_research", { marketplace: "US", keyword: " desk " });
    expect(key).toBe(engine.cacheKey("product_research", { marketplace: "us", keyword: "desk" }));
    expect(key).not.toBe(engine.cacheKey("product_research", { marketplace: "US", keyword: "desk" }, { limit: 300 }));
    expect(() => engine.cacheKey("product_research", { marketplace: "ZZ" })).toThrow(/marketplace/);
  });
});

describe("usage listeners", () => {
  test("hear calls, cache hits and dedupes, once per burst", async () => {
    const { engine } = setup();
    const snapshots: ReturnType<typeof engine.usage>[] = [];
    const stop = engine.onUsage((u) => snapshots.push(u));
    await Promise.all([1, 2, 3].map(() => engine.query("product_research", { marketplace: "US", keyword: "u" })));
    await engine.query("product_research", { marketplace: "US", keyword: "u" });
    await Promise.resolve();
    expect(snapshots.at(-1)).toMatchObject({ callsThisSession: 1, deduped: 2, cacheHits: 1, queued: 0, inFlight: 0 });
    expect(snapshots.some((u) => u.inFlight === 1)).toBe(true);
    const seen = snapshots.length;
    stop();
    await engine.query("product_research", { marketplace: "US", keyword: "v" });
    expect(snapshots.length).toBe(seen);
  });
});
