/**
 * When the service fails, a query answered before shows its last good answer, saying why, over real HTTP against
 * the simulator: the service unreachable (connections dropped), a 5xx, the month's calls spent. Never for a refused
 * secret, a bad argument, a query never answered before, a refresh (which must say it failed), or with the
 * preference turned off. Expired pages stay available for it, within the cache's bounds.
 */
import { createEngine } from "../../src/engine/engine";
import { memoryStore, type KeyValueStore } from "../../src/engine/key-value-store";
import { VirtualClock } from "../support/virtual-clock";
import { type Engine } from "../../src/engine/types";
import { ValidationError } from "../../src/api/errors";
import { useSimulator } from "../support/simulator";

const SECRET = "lastgood-0a1b2c3d4e5f60718293a4b5c6d7";
const DAY = 86_400_000;
const research = { marketplace: "US", keyword: "yoga mat" } as const;

const sim = useSimulator({ secret: SECRET });

function engineOn(baseUrl: string, store?: KeyValueStore): { engine: Engine; clock: VirtualClock } {
  const clock = new VirtualClock({ start: Date.now(), autoAdvance: false });
  const engine = createEngine({
    store: store ?? memoryStore({ "mad.secret": SECRET, "mad.baseUrl": baseUrl }),
    clock,
    client: { retries: 0 },
  });
  return { engine, clock };
}

const fault = (spec: unknown) => sim.injectFault({ match: { operation: "product_research" }, times: 50, fault: spec });

afterEach(() => sim.clearFaults());

describe("last good answers over HTTP", () => {
  test("the service unreachable: a query answered yesterday shows yesterday's rows, saying so", async () => {
    const { engine, clock } = engineOn(sim.url);
    const first = await engine.query("product_research", research, { limit: 120 });
    await clock.advance(DAY + 1);
    fault({ type: "reset" });
    const shown = await engine.query("product_research", research, { limit: 120 });
    expect(shown.rows).toEqual(first.rows);
    expect(shown.fetchedAt).toBe(first.fetchedAt);
    expect(shown.lastGood?.reason).toBe("unreachable");
    expect(shown.lastGood?.message).toMatch(/Could not reach the service/);
    expect(shown.callsSpent).toBe(0);
  });

  test("HTTP 503: the last good answer, reason serviceFault", async () => {
    const { engine, clock } = engineOn(sim.url);
    await engine.query("product_research", research);
    await clock.advance(DAY + 1);
    fault({ type: "http", status: 503 });
    expect((await engine.query("product_research", research)).lastGood?.reason).toBe("serviceFault");
  });

  test("a refused secret is never hidden behind an earlier answer", async () => {
    const { engine, clock } = engineOn(sim.url);
    await engine.query("product_research", research);
    await clock.advance(DAY + 1);
    fault({ type: "envelope", code: "ERROR_SECRET_KEY" });
    await expect(engine.query("product_research", research)).rejects.toMatchObject({ kind: "secretKey" });
  });

  test("a query never answered before fails as before; a bad argument fails before anything", async () => {
    const { engine } = engineOn(sim.url);
    fault({ type: "reset" });
    await expect(engine.query("product_research", { ...research, keyword: "never asked" })).rejects.toMatchObject({
      kind: "network",
    });
    await expect(engine.query("product_research", { ...research, marketplace: "XX" })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  test("a refresh (bypassing the cache) says it failed; turning the preference off fails every query", async () => {
    const { engine, clock } = engineOn(sim.url);
    await engine.query("product_research", research);
    await clock.advance(DAY + 1);
    fault({ type: "http", status: 500 });
    await expect(engine.query("product_research", research, { bypassCache: true })).rejects.toMatchObject({
      kind: "http",
    });
    expect((await engine.preferences()).lastGoodValues).toBe(true);
    await engine.setPreferences({ lastGoodValues: false });
    await expect(engine.query("product_research", research)).rejects.toMatchObject({ kind: "http" });
    await engine.setPreferences({ lastGoodValues: true });
    expect((await engine.query("product_research", research)).lastGood?.reason).toBe("serviceFault");
  });

  test("expired pages survive a restart for it (persisted), within the cache's bounds", async () => {
    const store = memoryStore({ "mad.secret": SECRET, "mad.baseUrl": sim.url });
    const { engine, clock } = engineOn(sim.url, store);
    const first = await engine.query("product_research", research);
    await engine.flush();
    const reopened = createEngine({ store, clock, client: { retries: 0 } });
    await clock.advance(30 * DAY);
    fault({ type: "reset" });
    const shown = await reopened.query("product_research", research);
    expect(shown.rows).toEqual(first.rows);
    expect(shown.lastGood?.reason).toBe("unreachable");
  });
});

describe("the month's calls spent", () => {
  const small = useSimulator({ secret: SECRET, monthlyQuota: 2 });

  test("once the quota is spent, answered queries show their last good answer; others fail saying so", async () => {
    const { engine, clock } = engineOn(small.url);
    const first = await engine.query("product_research", research);
    await engine.query("product_research", { ...research, keyword: "desk lamp" });
    await clock.advance(DAY + 1);
    const shown = await engine.query("product_research", research);
    expect(shown.lastGood?.reason).toBe("monthlyQuota");
    expect(shown.rows).toEqual(first.rows);
    await expect(engine.query("product_research", { ...research, keyword: "new" })).rejects.toMatchObject({
      kind: "visitMax",
    });
  });
});
