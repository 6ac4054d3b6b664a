/**
 * The engine against the simulator over real HTTP: the claims that matter to a paying user (calls sent, rows
 * returned, no rate-limit failures, every call settles) measured on the service's side.
 */
import { TimeoutError } from "../../src/api/errors";
import { systemClock, type Clock } from "../../src/lib/clock";
import { WarpClock } from "../support/warp-clock";
import { createEngine } from "../../src/engine/engine";
import { memoryStore, type KeyValueStore } from "../../src/engine/key-value-store";
import type { EngineOptions } from "../../src/engine/types";
import { startSimulator, type RunningSimulator } from "../../src/simulator";

const SECRET = "enginetest0000000000000000000000";
const MINUTE = 60_000;

let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

async function start(
  options: { latencyMs?: number; rateLimitPerMinute?: number; clock?: Clock; monthlyQuota?: number } = {},
): Promise<RunningSimulator> {
  const clock = options.clock ?? systemClock;
  sim = await startSimulator({
    port: 0,
    secret: SECRET,
    latencyMs: options.latencyMs ?? 5,
    rateLimitPerMinute: options.rateLimitPerMinute,
    monthlyQuota: options.monthlyQuota,
    staticDir: false,
    now: () => clock.now(),
  });
  return sim;
}

function engineFor(
  simulator: RunningSimulator,
  store: KeyValueStore = memoryStore({ "mad.secret": SECRET, "mad.baseUrl": simulator.url }),
  extra: Partial<EngineOptions> = {},
) {
  return { store, engine: createEngine({ store, ...extra }) };
}

test("100 cells over 10 distinct queries: 10 requests reach the service; after a restart, none", async () => {
  const simulator = await start({ latencyMs: 20 });
  const { store, engine } = engineFor(simulator);
  const first = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      engine.query("keyword_miner", { marketplace: "US", keyword: `word ${i % 10}` }),
    ),
  );
  expect(simulator.stats().total).toBe(10);
  expect(first.every((r) => r.rows.length > 0)).toBe(true);
  await engine.flush();

  const reopened = engineFor(simulator, store).engine;
  const second = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      reopened.query("keyword_miner", { marketplace: "US", keyword: `word ${i % 10}` }),
    ),
  );
  expect(simulator.stats().total).toBe(10);
  expect(second.map((r) => r.rows)).toEqual(first.map((r) => r.rows));
});

test("limit 2,000 pages through product research: 20 requests, 2,000 distinct rows", async () => {
  const simulator = await start();
  const { engine } = engineFor(simulator);
  const result = await engine.query("product_research", { marketplace: "US" }, { limit: 2000 });
  expect(simulator.stats().total).toBe(20);
  expect(result.rows).toHaveLength(2000);
  expect(new Set(result.rows.map((r) => r.asin)).size).toBe(2000);
});

test("120 unique queries with the service's 40/min limit on: no ERROR_VISIT_MAX, about 2 simulated minutes", async () => {
  // Simulated time shared by the engine and the simulator's rate window: it runs at real speed while a request is
  // in flight and jumps over waits, so a loaded machine cannot stretch one side's minute against the other's.
  const clock = new WarpClock();
  const simulator = await start({ latencyMs: 1, rateLimitPerMinute: 40, clock });
  const { engine } = engineFor(simulator, undefined, { clock, fetch: clock.wrapFetch(fetch) });
  const startedAt = clock.now();
  const results = await Promise.all(
    Array.from({ length: 120 }, (_, i) =>
      engine.query("market_research_statistics", { marketplace: "US", nodeIdPath: `172282:${1000 + i}` }),
    ),
  );
  const elapsed = clock.now() - startedAt;
  expect(results).toHaveLength(120);
  expect(simulator.stats().byResult.ERROR_VISIT_MAX ?? 0).toBe(0);
  expect(simulator.stats().total).toBe(120);
  // 40 at once, 40 a minute later, 40 two minutes later: the theoretical minimum is 2 minutes.
  expect(elapsed).toBeGreaterThanOrEqual(2 * MINUTE);
  expect(elapsed).toBeLessThan(2.5 * MINUTE);
  clock.stop();
}, 40_000);

test("a stalled request settles with TimeoutError (total)", async () => {
  const simulator = await start();
  const { engine } = engineFor(simulator, undefined, {
    totalTimeoutMs: 1_000,
    client: { attemptTimeoutMs: 10_000, totalTimeoutMs: 10_000 },
  });
  simulator.injectFault({ match: { operation: "market_research_statistics" }, times: 1, fault: { type: "stall" } });
  const stalled = await engine
    .query("market_research_statistics", { marketplace: "US", nodeIdPath: "172282:1" })
    .catch((e: unknown) => e);
  expect(stalled).toBeInstanceOf(TimeoutError);
  expect((stalled as TimeoutError).scope).toBe("total");
  expect(engine.usage()).toMatchObject({ inFlight: 0, queued: 0 });
});

test("a 429 with Retry-After is retried once, and both requests are metered", async () => {
  const simulator = await start();
  const { engine } = engineFor(simulator);
  simulator.injectFault({
    match: { operation: "market_research_statistics" },
    times: 1,
    fault: { type: "http", status: 429, retryAfterSeconds: 0 },
  });
  const retried = await engine.query("market_research_statistics", { marketplace: "US", nodeIdPath: "172282:2" });
  expect(retried.callsSpent).toBe(2);
  expect(engine.usage().callsThisSession).toBe(2);
  expect(simulator.stats().total).toBe(2);
});

test("reading calls left (/v1/visits) is not a call spent: calls this session and calls left count only queries", async () => {
  const simulator = await start({ monthlyQuota: 1000 });
  const { engine } = engineFor(simulator);
  const check = await engine.checkConnection();
  expect(check.ok).toBe(true);
  const before = engine.usage().remainingThisMonth;
  expect(before).toBe(1000);
  expect(engine.usage().callsThisSession).toBe(0);
  await engine.query("market_research_statistics", { marketplace: "US", nodeIdPath: "172282:7" });
  expect(engine.usage()).toMatchObject({ callsThisSession: 1, remainingThisMonth: 999 });
  await engine.checkConnection();
  expect(engine.usage()).toMatchObject({ callsThisSession: 1, remainingThisMonth: 999 });
});
