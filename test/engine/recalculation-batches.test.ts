/**
 * Lookups as Excel really calls them (issue 45): cells cancelled and called again while their batch is in flight
 * (office-js #3332, #3911) spend nothing more; a batch still waiting for its turn when its cells are cancelled is
 * dropped; a workbook reopened after its data period decides from the cache's index, without reading a stored page,
 * that its 200 cards are due, and sends them in ⌈200/40⌉ calls although OfficeRuntime.storage answers each read in
 * 50–300 ms; the lookups of one recalculation still on their way hold the window (src/engine/arrivals.ts). On
 * simulated time over the fake service.
 */
import type { KeyValueStore } from "../../src/engine/key-value-store";
import { VirtualClock } from "../support/virtual-clock";
import { fakeProduct } from "./fake-service";
import { seededStore, setup } from "./setup";

const asin = (i: number) => `B0${String(i).padStart(8, "0")}`;
const ASINS = Array.from({ length: 200 }, (_, i) => asin(i));
const lookup = (a: string) => ({ marketplace: "US", asins: [a] });
const DAY = 86_400_000;

/** A small deterministic random (mulberry32), so every run draws the same storage latencies. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** OfficeRuntime.storage as slow as it is: each read answers after 50–300 ms of clock time; reads are counted. */
function slowStore(
  inner: KeyValueStore,
  clock: VirtualClock,
  random = seeded(45),
): KeyValueStore & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async getItem(key) {
      reads.push(key);
      await clock.sleep(50 + Math.floor(random() * 251));
      return inner.getItem(key);
    },
    setItem: (key, value) => inner.setItem(key, value),
    removeItem: (key) => inner.removeItem(key),
    getKeys: () => inner.getKeys!(),
  };
}

/** Moves a hand-driven clock on in small steps, so work that waits on real I/O (a chunk's import) keeps up. */
async function advance(clock: VirtualClock, ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += 10) await clock.advance(10);
}

test("cells cancelled after their batch was sent leave it running; Excel's calls again join it: no second call", async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  const { engine, service } = setup({ clock, service: { latencyMs: 2_000 } });
  // The account's first call goes alone (a refused secret stops the rest, ./account-gate): made before the storm.
  const opening = engine.query("competitor_lookup", lookup(asin(999)));
  await advance(clock, 2_200);
  await opening;
  const first = ASINS.map((a) => {
    const controller = new AbortController();
    const query = engine.query("competitor_lookup", lookup(a), { signal: controller.signal });
    query.catch(() => undefined);
    return { controller, query };
  });
  await advance(clock, 100); // the window has ended: 5 batches of 40 are on the wire
  expect(service.calls).toBe(6);
  for (const cell of first) cell.controller.abort(); // Ctrl+Alt+F9 or an inserted row: every cell cancelled…
  const again = ASINS.map((a) => engine.query("competitor_lookup", lookup(a))); // …and called again at once
  await advance(clock, 3_000);
  const results = await Promise.all(again);
  expect(service.calls).toBe(6);
  expect(service.aborted).toBe(0);
  results.forEach((result, i) => expect(result.rows).toEqual([fakeProduct(ASINS[i])]));
  // The answers were kept for the cache: a later recalculation within the data period spends nothing either.
  await engine.query("competitor_lookup", lookup(ASINS[7]));
  expect(service.calls).toBe(6);
});

test("a batch still waiting for its turn whose cells were all cancelled is dropped, never sent", async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  const { engine, service } = setup({ clock, engine: { perMinute: 1 }, service: { latencyMs: 100 } });
  const sent = engine.query("competitor_lookup", { marketplace: "US", asins: ASINS.slice(0, 40) });
  const controllers = ASINS.slice(40, 80).map(() => new AbortController());
  const waiting = ASINS.slice(40, 80).map((a, i) =>
    engine.query("competitor_lookup", lookup(a), { signal: controllers[i].signal }).catch((e: unknown) => e),
  );
  await advance(clock, 1_000);
  expect(service.calls).toBe(1); // the second batch waits for the next minute
  for (const controller of controllers) controller.abort();
  await Promise.all(waiting);
  await clock.advance(5 * 60_000);
  await advance(clock, 1_000);
  await sent;
  expect(service.calls).toBe(1);
});

test("reopened after the data period with slow storage: due cards decided from the index, 200 cards in 5 calls", async () => {
  const clock = new VirtualClock();
  const inner = seededStore();
  const { engine, service, restart } = setup({ clock, store: inner });
  await Promise.all(ASINS.map((a) => engine.query("competitor_lookup", lookup(a))));
  await engine.flush();
  expect(service.calls).toBe(5);

  await clock.advance(2 * DAY); // a product's answer stays current until its day ends
  const store = slowStore(inner, clock);
  const reopened = restart({ store });
  const results = await Promise.all(ASINS.map((a) => reopened.query("competitor_lookup", lookup(a))));
  expect(service.calls - 5).toBe(Math.ceil(200 / 40));
  results.forEach((result, i) => expect(result.rows).toEqual([fakeProduct(ASINS[i])]));
  // Only the settings and the cache's index were read: no stored page past its period.
  expect(store.reads.filter((key) => key.startsWith("mad.cache."))).toEqual([]);
});

test("the window waits for the lookups of one recalculation still on their way (each cell first waits 0–300 ms)", async () => {
  const clock = new VirtualClock();
  const { engine, service } = setup({ clock });
  const random = seeded(7);
  const cells = ASINS.map(async (a) => {
    const arrival = engine.expectLookup(); // the cell started: its language, chunk or storage read comes first
    await clock.sleep(Math.floor(random() * 301));
    return engine.query("competitor_lookup", lookup(a), { arrival });
  });
  const results = await Promise.all(cells);
  expect(service.calls).toBe(5);
  results.forEach((result, i) => expect(result.rows).toEqual([fakeProduct(ASINS[i])]));
});

test("timers 1 s late (a hidden pane) change nothing: 200 cards in 5 calls, a lone card is not held", async () => {
  const clock = new VirtualClock();
  /** WebView2 clamps a hidden pane's timers to about a second (WebView2Feedback #3070): every sleep ends 1 s late. */
  const late = { now: () => clock.now(), sleep: (ms: number, signal?: AbortSignal) => clock.sleep(ms + 1_000, signal) };
  const { engine, service } = setup({ clock, engine: { clock: late } });
  const random = seeded(8);
  const cells = ASINS.map(async (a) => {
    const arrival = engine.expectLookup();
    await clock.sleep(Math.floor(random() * 301));
    return engine.query("competitor_lookup", lookup(a), { arrival });
  });
  await Promise.all(cells);
  expect(service.calls).toBe(5);
  const before = clock.now();
  await engine.query("competitor_lookup", lookup(asin(999)));
  expect(service.calls).toBe(6);
  expect(clock.now() - before).toBeLessThan(2_500);
});
