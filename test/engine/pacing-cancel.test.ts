import { AbortError, TimeoutError } from "../../src/api/errors";
import { getSharedEngine } from "../../src/engine/shared";
import type { KeyValueStore } from "../../src/engine/key-value-store";
import { VirtualClock } from "../support/virtual-clock";
import { seededStore, setup } from "./setup";

const research = (keyword: string) => ({ marketplace: "US", keyword }) as const;
const MINUTE = 60_000;

async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; !condition(); turn++) {
    if (turn > 10_000) throw new Error("condition never met");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("pacing", () => {
  test("120 unique queries at 40/min never exceed 40 sends in any rolling minute and finish after ~2 simulated minutes", async () => {
    const { engine, service, clock } = setup();
    const start = clock.now();
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) => engine.query("product_research", research(`k${i}`))),
    );
    const elapsed = clock.now() - start;
    expect(results).toHaveLength(120);
    expect(service.calls).toBe(120);
    expect(service.maxInWindow(MINUTE)).toBeLessThanOrEqual(40);
    // 40 now, 40 after one minute, 40 after two: the theoretical minimum is 2 minutes plus one request's latency.
    expect(elapsed).toBeGreaterThanOrEqual(2 * MINUTE);
    expect(elapsed).toBeLessThan(2 * MINUTE + 5_000);
  });

  test("the stored mad.perMinute paces too, and usage shows the queue while it waits", async () => {
    const clock = new VirtualClock({ autoAdvance: false });
    const { engine, service } = setup({ clock, store: seededStore({ "mad.perMinute": "10" }) });
    // An account's first request goes alone (a refused secret must not start a storm): one query first.
    const warm = engine.query("product_research", research("warm"));
    await until(() => service.calls === 1);
    await clock.advance(1_000);
    await warm;
    let done = false;
    const all = Promise.all(
      Array.from({ length: 24 }, (_, i) => engine.query("product_research", research(`p${i}`))),
    ).then((r) => {
      done = true;
      return r;
    });
    // Hashing the account is real asynchronous work: wait until every query has reached the pacer.
    await until(() => service.calls + engine.usage().queued === 25);
    await clock.advance(1_000);
    expect(service.calls).toBe(10);
    expect(engine.usage()).toMatchObject({ queued: 15, inFlight: 0 });
    while (!done) await clock.advance(1_000);
    expect((await all).length).toBe(24);
    expect(service.maxInWindow(MINUTE)).toBeLessThanOrEqual(10);
    expect(clock.now() - service.requests[0].at).toBeGreaterThanOrEqual(2 * MINUTE);
  });

  test("concurrency is bounded (default 20, configurable)", async () => {
    const many = setup({ service: { latencyMs: 2_000 } });
    await Promise.all(Array.from({ length: 30 }, (_, i) => many.engine.query("product_research", research(`c${i}`))));
    expect(many.service.maxConcurrent).toBe(20);
    const two = setup({ service: { latencyMs: 2_000 }, engine: { concurrency: 2 } });
    await Promise.all(Array.from({ length: 6 }, (_, i) => two.engine.query("product_research", research(`c${i}`))));
    expect(two.service.maxConcurrent).toBe(2);
  });

  test("retries count against the window and the session's calls", async () => {
    const { engine, service } = setup({ engine: { perMinute: 3 } });
    service.faults.push("http500", "http500");
    const result = await engine.query("product_research", research("r"));
    expect(result.callsSpent).toBe(3);
    expect(engine.usage().callsThisSession).toBe(3);
    // The window is full: the next query waits a minute.
    const before = service.requests[2].at;
    await engine.query("product_research", research("s"));
    expect(service.requests[3].at - before).toBeGreaterThanOrEqual(MINUTE - 1_000);
    expect(service.maxInWindow(MINUTE)).toBeLessThanOrEqual(3);
  });
});

describe("cancellation and timeouts", () => {
  test("aborting one of two waiters rejects it at once and keeps the request alive for the other", async () => {
    const { engine, service } = setup({ service: { latencyMs: 5_000 } });
    const controller = new AbortController();
    const leaving = engine.query("product_research", research("shared"), { signal: controller.signal });
    const staying = engine.query("product_research", research("shared"));
    await new Promise((r) => setImmediate(r));
    controller.abort();
    await expect(leaving).rejects.toBeInstanceOf(AbortError);
    const result = await staying;
    expect(result.rows).toHaveLength(50);
    expect(service.calls).toBe(1);
    expect(service.aborted).toBe(0);
  });

  test("aborting the only waiter aborts the HTTP request", async () => {
    const { engine, service, clock } = setup({ service: { latencyMs: 5_000 } });
    const controller = new AbortController();
    const query = engine.query("product_research", research("alone"), { signal: controller.signal });
    while (service.calls === 0) await new Promise((r) => setImmediate(r));
    controller.abort();
    await expect(query).rejects.toBeInstanceOf(AbortError);
    await clock.advance(10);
    expect(service.requests[0].signal?.aborted).toBe(true);
    expect(service.aborted).toBe(1);
    expect(engine.usage().inFlight).toBe(0);
  });

  test("an aborted query that was still queued is dropped and never sent", async () => {
    const { engine, service } = setup({ engine: { perMinute: 1 } });
    await engine.query("product_research", research("first"));
    const controller = new AbortController();
    const queued = engine.query("product_research", research("queued"), { signal: controller.signal });
    await new Promise((r) => setImmediate(r));
    expect(engine.usage().queued).toBe(1);
    controller.abort();
    await expect(queued).rejects.toBeInstanceOf(AbortError);
    expect(engine.usage().queued).toBe(0);
    expect(service.calls).toBe(1);
  });

  test("a stalled request settles with TimeoutError (total) and frees its slot", async () => {
    const { engine, service } = setup({
      engine: {
        totalTimeoutMs: 30_000,
        concurrency: 1,
        client: { attemptTimeoutMs: 10 * MINUTE, totalTimeoutMs: 10 * MINUTE },
      },
    });
    service.faults.push("stall");
    const error = await engine.query("product_research", research("stall")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).scope).toBe("total");
    // The only concurrency slot is free again: the next query goes through.
    const next = await engine.query("product_research", research("after"));
    expect(next.rows).toHaveLength(50);
  });

  test("a query queued behind a storm gets its fair wait on top of the total timeout", async () => {
    const { engine } = setup({ engine: { perMinute: 5, totalTimeoutMs: 10_000 } });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => engine.query("product_research", research(`q${i}`))),
    );
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
  });
});

describe("shared engine", () => {
  test("one engine per window, kept on a global symbol", () => {
    const a = getSharedEngine();
    expect(getSharedEngine()).toBe(a);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("mad.engine")]).toBe(a);
  });
});

test("runtime storage that never answers settles every query with TimeoutError (total), sending nothing", async () => {
  const silent: KeyValueStore = {
    getItem: () => new Promise<string | null>(() => undefined),
    setItem: async () => undefined,
    removeItem: async () => undefined,
  };
  const { engine, service, clock } = setup({ store: silent, engine: { totalTimeoutMs: 5_000 } });
  const cells = Array.from({ length: 3 }, () =>
    engine.query("keyword_miner", { marketplace: "US", keyword: "lamp" }).catch((error: unknown) => error),
  );
  await clock.advance(5_000);
  for (const outcome of await Promise.all(cells)) {
    expect(outcome).toBeInstanceOf(TimeoutError);
    expect(outcome).toMatchObject({ scope: "total" });
  }
  expect(service.calls).toBe(0);
});
