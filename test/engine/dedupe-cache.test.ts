import { ValidationError } from "../../src/api/errors";
import { CacheMissError, MissingSecretError } from "../../src/engine/errors";
import { memoryStore } from "../../src/engine/key-value-store";
import { BASE_URL, dumpStore, SECRET, seededStore, setup } from "./setup";

const research = (keyword: string) => ({ marketplace: "US", keyword }) as const;

describe("dedupe", () => {
  test("100 concurrent queries over 10 distinct parameter sets send 10 requests, and every cell gets its rows", async () => {
    const { engine, service } = setup();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => engine.query("product_research", research(`kw${i % 10}`))),
    );
    expect(service.calls).toBe(10);
    results.forEach((result, i) => {
      expect(result.rows).toHaveLength(50);
      expect(result.rows[0].title).toBe(`"kw${i % 10}" #1`);
    });
    expect(results.reduce((sum, r) => sum + r.callsSpent, 0)).toBe(10);
    expect(engine.usage()).toMatchObject({ callsThisSession: 10, deduped: 90, queued: 0, inFlight: 0 });
  });

  test("the same query written differently (key order, market case) is one request", async () => {
    const { engine, service } = setup();
    await Promise.all([
      engine.query("product_research", { marketplace: "US", keyword: "desk", minPrice: 10 }),
      engine.query("product_research", { minPrice: 10, keyword: "desk", marketplace: "us" }),
    ]);
    expect(service.calls).toBe(1);
    expect(engine.cacheKey("product_research", { marketplace: "US", keyword: "desk", minPrice: 10 })).toBe(
      engine.cacheKey("product_research", { minPrice: 10, keyword: "desk", marketplace: "us" }),
    );
  });
});

describe("cache", () => {
  test("a second engine over the same store (Excel restarted) answers from the persisted cache with 0 calls", async () => {
    const first = setup();
    const before = await Promise.all(
      Array.from({ length: 10 }, (_, i) => first.engine.query("product_research", research(`kw${i}`), { limit: 250 })),
    );
    await first.engine.flush();
    const callsBefore = first.service.calls;
    expect(callsBefore).toBe(30);

    const reopened = first.restart();
    const after = await Promise.all(
      Array.from({ length: 10 }, (_, i) => reopened.query("product_research", research(`kw${i}`), { limit: 250 })),
    );
    expect(first.service.calls).toBe(callsBefore);
    expect(after.map((r) => r.rows)).toEqual(before.map((r) => r.rows));
    expect(after.every((r) => r.fromCache && r.callsSpent === 0)).toBe(true);
    expect(reopened.usage()).toMatchObject({ callsThisSession: 0, cacheHits: 30 });
  });

  test("after a restart, 100 identical cells read the stored page once", async () => {
    const first = setup();
    await first.engine.query("product_research", research("mat"));
    await first.engine.flush();
    const pageReads: string[] = [];
    const getItem = first.store.getItem.bind(first.store);
    first.store.getItem = (key: string) => {
      if (key.startsWith("mad.cache.") && !key.endsWith("index")) pageReads.push(key);
      return getItem(key);
    };
    const reopened = first.restart();
    const cells = await Promise.all(
      Array.from({ length: 100 }, () => reopened.query("product_research", research("mat"))),
    );
    expect(cells.every((r) => r.rows.length === 50 && r.callsSpent === 0)).toBe(true);
    expect(new Set(pageReads).size).toBe(1);
    expect(pageReads).toHaveLength(1);
  });

  test("an entry older than the TTL is fetched again", async () => {
    const { engine, service, clock } = setup({ engine: { cacheTtlMs: 60 * 60 * 1000 } });
    await engine.query("product_research", research("lamp"));
    await clock.advance(59 * 60 * 1000);
    await engine.query("product_research", research("lamp"));
    expect(service.calls).toBe(1);
    await clock.advance(2 * 60 * 1000);
    const again = await engine.query("product_research", research("lamp"));
    expect(service.calls).toBe(2);
    expect(again.fromCache).toBe(false);
  });

  test("the TTL can come from the store (mad.cacheTtlHours)", async () => {
    const { engine, service, clock } = setup({ store: seededStore({ "mad.cacheTtlHours": "1" }) });
    await engine.query("product_research", research("lamp"));
    await clock.advance(61 * 60 * 1000);
    await engine.query("product_research", research("lamp"));
    expect(service.calls).toBe(2);
  });

  test("bypassCache refetches that query only, and rewrites its cache entry", async () => {
    const { engine, service, clock } = setup();
    await engine.query("product_research", research("a"));
    await engine.query("product_research", research("b"));
    await clock.advance(1000);
    const refreshed = await engine.query("product_research", research("a"), { bypassCache: true });
    expect(service.calls).toBe(3);
    expect(refreshed.fromCache).toBe(false);
    const a = await engine.query("product_research", research("a"));
    const b = await engine.query("product_research", research("b"));
    expect(service.calls).toBe(3);
    expect(a.fetchedAt).toBe(refreshed.fetchedAt);
    expect(b.fromCache).toBe(true);
  });

  test("cacheOnly answers from the cache and never calls; a miss is CacheMissError", async () => {
    const { engine, service } = setup();
    await expect(engine.query("product_research", research("x"), { cacheOnly: true })).rejects.toBeInstanceOf(
      CacheMissError,
    );
    expect(service.calls).toBe(0);
    await engine.query("product_research", research("x"));
    const preview = await engine.query("product_research", research("x"), { cacheOnly: true });
    expect(preview.rows).toHaveLength(50);
    expect(service.calls).toBe(1);
  });

  test("the entry bound evicts the least recently used pages, in memory and in the store", async () => {
    const { engine, service, store } = setup({ engine: { maxCacheEntries: 3 } });
    for (const k of ["a", "b", "c"]) await engine.query("product_research", research(k));
    await engine.query("product_research", research("a")); // a is now the most recently used
    await engine.query("product_research", research("d"));
    await engine.flush();
    expect(service.calls).toBe(4);
    const stored = (await dumpStore(store)).filter(([k]) => k.startsWith("mad.cache."));
    expect(stored).toHaveLength(3);
    await engine.query("product_research", research("a"));
    expect(service.calls).toBe(4);
    await engine.query("product_research", research("b"));
    expect(service.calls).toBe(5);
  });

  test("the byte budget keeps the persisted cache under its size, dropping the oldest", async () => {
    const { engine, store, clock } = setup({ engine: { maxCacheBytes: 20_000 } });
    for (let i = 0; i < 12; i++) {
      await engine.query("product_research", research(`k${i}`), { limit: 100 });
      await clock.advance(1000);
    }
    await engine.flush();
    const stored = (await dumpStore(store)).filter(([k]) => k.startsWith("mad.cache."));
    const bytes = stored.reduce((sum, [k, v]) => sum + k.length + v.length, 0);
    expect(bytes).toBeLessThanOrEqual(20_000);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThan(12);
    const reopened = setup({ store, clock }).engine;
    await reopened.query("product_research", research("k11"), { limit: 100, cacheOnly: true });
    await expect(
      reopened.query("product_research", research("k0"), { limit: 100, cacheOnly: true }),
    ).rejects.toBeInstanceOf(CacheMissError);
  });

  test("accounts are isolated: another secret does not see the first one's cache", async () => {
    const { engine, service } = setup();
    await engine.query("product_research", research("a"));
    await engine.writeSettings({ secret: "another-secret-ABCDEF0123456789" });
    await engine.query("product_research", research("a"));
    expect(service.calls).toBe(2);
    expect(service.requests[1].headers["secret-key"]).toBe("another-secret-ABCDEF0123456789");
    await engine.writeSettings({ secret: SECRET });
    await engine.query("product_research", research("a"));
    expect(service.calls).toBe(2);
  });

  test("the secret appears in no stored key or value except mad.secret", async () => {
    const { engine, store } = setup();
    await Promise.all([
      engine.query("product_research", research("a"), { limit: 300 }),
      engine.query("market_brand_concentration", { marketplace: "US", nodeIdPath: "1:2" }),
    ]);
    await engine.flush();
    const items = await dumpStore(store);
    expect(items.some(([k]) => k.startsWith("mad.cache."))).toBe(true);
    for (const [key, value] of items) {
      if (key === "mad.secret") continue;
      expect(key).not.toContain(SECRET);
      expect(value).not.toContain(SECRET);
    }
    await engine.signOut();
    const after = await dumpStore(store);
    expect(after.map(([k]) => k).filter((k) => k === "mad.secret" || /^mad\.cache\.[0-9a-f]+\./.test(k))).toEqual([]);
  });

  test("clearCache drops every page: the next query is sent again", async () => {
    const { engine, service } = setup();
    await engine.query("product_research", research("a"));
    await engine.clearCache();
    await engine.query("product_research", research("a"));
    expect(service.calls).toBe(2);
  });
});

describe("bad input and settings", () => {
  test("a missing secret rejects with MissingSecretError and sends nothing", async () => {
    const { engine, service } = setup({ store: memoryStore() });
    const error = await engine.query("product_research", research("a")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingSecretError);
    expect((error as MissingSecretError).advice).toMatch(/task pane/);
    expect(service.calls).toBe(0);
  });

  test("invalid parameters reject with a ValidationError naming the parameter; nothing is queued or sent", async () => {
    const { engine, service } = setup();
    const error = await engine.query("product_research", { marketplace: "XX" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).param).toBe("marketplace");
    await expect(engine.query("product_research", research("a"), { limit: 2001 })).rejects.toMatchObject({
      param: "limit",
      rule: "range",
    });
    await expect(engine.query("product_research", research("a"), { limit: 0 })).rejects.toMatchObject({
      param: "limit",
    });
    expect(engine.usage().queued).toBe(0);
    expect(service.calls).toBe(0);
  });

  test("settings: production URL by default; a changed base URL applies to the next query", async () => {
    const { engine, service } = setup({ store: memoryStore({ "mad.secret": SECRET }) });
    expect(await engine.readSettings()).toEqual({ baseUrl: "https://api.sellersprite.com", secret: SECRET });
    await engine.writeSettings({ baseUrl: `${BASE_URL}/` });
    expect((await engine.readSettings()).baseUrl).toBe(BASE_URL);
    await engine.query("product_research", research("a"));
    expect(service.requests[0].url).toBe(`${BASE_URL}/v1/product/research`);
    await engine.writeSettings({ baseUrl: "http://other.test" });
    await engine.query("product_research", research("a"));
    expect(service.requests[1].url).toBe("http://other.test/v1/product/research");
    await expect(engine.writeSettings({ baseUrl: "ftp://nope" })).rejects.toBeInstanceOf(ValidationError);
  });

  test("checkConnection of candidate settings tests them without saving: a failing secret replaces nothing", async () => {
    const { engine, service } = setup();
    service.refuseWith = "ERROR_SECRET_KEY";
    const failed = await engine.checkConnection({ secret: "typo-secret-00000000000000000000" });
    expect(failed.ok).toBe(false);
    expect(service.requests[0].headers["secret-key"]).toBe("typo-secret-00000000000000000000");
    expect((await engine.readSettings()).secret).toBe(SECRET);
    service.refuseWith = null;
    expect((await engine.checkConnection({ baseUrl: "http://other.test" })).ok).toBe(true);
    expect(service.requests[1].url).toBe("http://other.test/v1/visits");
    expect((await engine.readSettings()).baseUrl).toBe(BASE_URL);
  });

  test("checkConnection reports the calls left and updates usage listeners", async () => {
    const { engine, service } = setup();
    const seen: (number | null)[] = [];
    engine.onUsage((u) => seen.push(u.remainingThisMonth));
    const check = await engine.checkConnection();
    expect(check).toEqual({ ok: true, remaining: 987 });
    await Promise.resolve();
    expect(engine.usage().remainingThisMonth).toBe(987);
    expect(seen).toContain(987);
    expect(service.requests[0].path).toBe("/v1/visits");
    const missing = await setup({ store: memoryStore() }).engine.checkConnection();
    expect(missing.ok).toBe(false);
  });

  test("calls left goes down as calls are spent after a read of /v1/visits, and the plan's quota is kept", async () => {
    const { engine, service } = setup();
    service.quota = 1000;
    await engine.checkConnection();
    expect(engine.usage()).toMatchObject({ remainingThisMonth: 987, quotaThisMonth: 1000 });
    await engine.query("product_research", research("desk"));
    await engine.query("product_research", research("lamp"));
    expect(engine.usage().remainingThisMonth).toBe(985);
    service.remaining = 900;
    await engine.checkConnection();
    expect(engine.usage().remainingThisMonth).toBe(900);
  });
});
