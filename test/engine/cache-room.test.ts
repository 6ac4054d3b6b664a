/**
 * The page cache in OfficeRuntime.storage (10 MB per domain, shared with other add-ins and with the settings):
 * held under 2 MB counted in UTF-8 bytes (a CJK character weighs three), least recently used pages out first, and a
 * full storage costs cached pages, never the secret or the settings.
 */
import { DEFAULT_MAX_CACHE_BYTES } from "../../src/engine/page-cache";
import type { KeyValueStore } from "../../src/engine/key-value-store";
import { dumpStore, SECRET, seededStore, setup } from "./setup";

const research = (keyword: string) => ({ marketplace: "US", keyword });
const utf8 = (text: string) => Buffer.byteLength(text, "utf8");

/** A store that refuses writes past `limit` UTF-8 bytes in all, as a full OfficeRuntime.storage does. */
function limitedStore(limit: number): KeyValueStore & { used(): number } {
  const inner = seededStore();
  const items = new Map<string, string>();
  const used = () => [...items].reduce((n, [k, v]) => n + utf8(k) + utf8(v), 0);
  return {
    used,
    getItem: async (key) => items.get(key) ?? (await inner.getItem(key)),
    setItem: async (key, value) => {
      const before = items.get(key);
      items.set(key, value);
      if (used() > limit) {
        if (before === undefined) items.delete(key);
        else items.set(key, before);
        throw new Error("QuotaExceededError: the storage is full");
      }
    },
    removeItem: async (key) => void items.delete(key),
    getKeys: async () => [...new Set([...items.keys(), ...((await inner.getKeys?.()) ?? [])])],
  };
}

it("keeps the persisted pages under 2 MB of UTF-8 however many CJK titles they hold", async () => {
  expect(DEFAULT_MAX_CACHE_BYTES).toBe(2_000_000);
  const { engine, store, clock } = setup();
  // The fake service titles each row after the keyword: 140 CJK characters, 420 bytes of UTF-8.
  for (let i = 0; i < 60; i++) {
    await engine.query("product_research", research(`${"瑜伽垫加厚防滑".repeat(20)} ${i}`), { limit: 100 });
    await clock.advance(1000);
  }
  await engine.flush();
  const pages = (await dumpStore(store)).filter(([k]) => k.startsWith("mad.cache."));
  const bytes = pages.reduce((n, [k, v]) => n + utf8(k) + utf8(v), 0);
  expect(bytes).toBeLessThanOrEqual(DEFAULT_MAX_CACHE_BYTES);
  expect(pages.length).toBeGreaterThan(0);
});

it("a full storage gives up cached pages to keep a new secret, and the base URL stays", async () => {
  const store = limitedStore(300_000);
  const { engine } = setup({ store, engine: { maxCacheBytes: 1_000_000 } });
  await engine.writeSettings({ secret: SECRET, baseUrl: "http://sim.test" });
  for (let i = 0; i < 40; i++)
    await engine.query("product_research", research(`${"full ".repeat(90)}${i}`), { limit: 100 });
  await engine.flush();
  expect(store.used()).toBeGreaterThan(150_000); // the cache took much of the room
  const newSecret = `${"n".repeat(150_000)}-a-very-long-new-secret`;
  await engine.writeSettings({ secret: newSecret });
  expect(await store.getItem("mad.secret")).toBe(newSecret);
  expect(await store.getItem("mad.baseUrl")).toBe("http://sim.test");
});
