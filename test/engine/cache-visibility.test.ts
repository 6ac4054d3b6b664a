/**
 * A page the service answered is current from that moment, whatever this machine has managed to write yet (issue 46:
 * a refresh counted at 3 calls spent more, a cache write not yet visible). Pages are written to storage once
 * answers stop arriving (a timer on the engine's clock); here that timer never fires, as on a machine too starved to
 * run it, and the memory bound is small, so the first answer leaves memory before it is written. It still answers
 * its query: counted as no call, and no call spent.
 */
import { createEngine } from "../../src/engine/engine";
import { memoryStore, type KeyValueStore } from "../../src/engine/key-value-store";
import { VirtualClock } from "../support/virtual-clock";
import { useSimulator } from "../support/simulator";

const SECRET = "visible-0123456789abcdef01234567";
const sim = useSimulator({ secret: SECRET });

/** A store whose every write waits until the test lets it through (a storage that answers late). */
function lateStore(): KeyValueStore & { release(): void; held(): number } {
  const inner = memoryStore({ "mad.secret": SECRET, "mad.baseUrl": sim.url });
  const waiting: (() => void)[] = [];
  return {
    getItem: inner.getItem,
    removeItem: inner.removeItem,
    getKeys: inner.getKeys,
    setItem: (key, value) =>
      new Promise<void>((resolve) => waiting.push(() => void inner.setItem(key, value).then(resolve))),
    release: () => waiting.splice(0).forEach((go) => go()),
    held: () => waiting.length,
  };
}

function engineOn(store: KeyValueStore) {
  // The clock stands still: the "answers stopped arriving" timer that writes pages never fires.
  const clock = new VirtualClock({ start: Date.UTC(2025, 8, 15, 12), autoAdvance: false });
  return createEngine({ store, clock, maxCacheEntries: 2, perMinute: 1000 });
}

const DESK = { marketplace: "US", keyword: "desk" };
const LAMP = { marketplace: "US", keyword: "lamp" };

test("an answer pushed out of memory before it was written still answers: counted and spent as no call", async () => {
  const engine = engineOn(memoryStore({ "mad.secret": SECRET, "mad.baseUrl": sim.url }));
  await engine.query("product_research", DESK, { limit: 100 });
  // Three pages of lamps: with room for two entries in memory, the desks' page leaves memory, not yet written.
  await engine.query("product_research", LAMP, { limit: 300 });
  sim.resetStats();
  expect(await engine.plan("product_research", DESK, { limit: 100 })).toMatchObject({ pages: 1, uncachedPages: 0 });
  const again = await engine.query("product_research", DESK, { limit: 100 });
  expect(again.callsSpent).toBe(0);
  expect(sim.stats().total).toBe(0);
});

test("while its write is under way (a storage that answers late), a page still answers", async () => {
  const store = lateStore();
  const engine = engineOn(store);
  await engine.query("product_research", DESK, { limit: 100 });
  // Written now (flush), but the storage has not answered: neither in the index nor, once pushed out, in memory.
  const flushed = engine.flush();
  await engine.query("product_research", LAMP, { limit: 300 });
  sim.resetStats();
  expect(await engine.plan("product_research", DESK, { limit: 100 })).toMatchObject({ uncachedPages: 0 });
  expect((await engine.query("product_research", DESK, { limit: 100 })).callsSpent).toBe(0);
  expect(sim.stats().total).toBe(0);
  while (store.held()) {
    store.release();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await flushed;
});
