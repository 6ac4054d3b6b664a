/**
 * ERROR_VISIT_MAX: a per-minute refusal (Retry-After, or calls left this month per /v1/visits) is waited out and
 * retried within the query's budget; only a monthly refusal is final ("quota used up") and stops the account.
 * The pacing history survives a restart. All on the virtual clock.
 */
import { setup } from "./setup";

const research = (keyword: string) => ({ marketplace: "US", keyword }) as const;
const MINUTE = 60_000;

test("ERROR_VISIT_MAX with calls left this month waits out the minute and retries: the cell gets its data", async () => {
  const { engine, service, clock } = setup();
  service.faults.push("visitMax");
  const start = clock.now();
  const result = await engine.query("product_research", research("minute"));
  expect(result.rows.length).toBeGreaterThan(0);
  expect(service.requests.map((r) => r.path)).toEqual(["/v1/product/research", "/v1/visits", "/v1/product/research"]);
  expect(clock.now() - start).toBeGreaterThanOrEqual(MINUTE);
});

test("ERROR_VISIT_MAX with Retry-After waits that long and retries, without asking /v1/visits", async () => {
  const { engine, service, clock } = setup();
  service.faults.push("visitMaxRetryAfter5s");
  const start = clock.now();
  await expect(engine.query("product_research", research("retry-after"))).resolves.toBeDefined();
  expect(service.requests.map((r) => r.path)).toEqual(["/v1/product/research", "/v1/product/research"]);
  expect(clock.now() - start).toBeGreaterThanOrEqual(5_000);
  expect(clock.now() - start).toBeLessThan(MINUTE);
});

test("ERROR_VISIT_MAX with no calls left this month is final: quota used up, and the other cells send nothing", async () => {
  const { engine, service } = setup();
  service.faults.push("visitMax");
  service.remaining = 0;
  await expect(engine.query("product_research", research("month"))).rejects.toThrow(/monthly call quota is used up/);
  const calls = service.calls;
  const others = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) => engine.query("product_research", research(`m${i}`))),
  );
  expect(others.every((o) => o.status === "rejected" && /quota is used up/.test(String(o.reason)))).toBe(true);
  expect(service.calls).toBe(calls);
});

test("the pacing history survives a restart: a full minute before the restart still waits", async () => {
  const { engine, service, clock, restart } = setup({ engine: { perMinute: 5 } });
  await Promise.all(Array.from({ length: 5 }, (_, i) => engine.query("product_research", research(`r${i}`))));
  const firstSend = service.requests[0].at;
  const afterRestart = restart({ perMinute: 5 });
  await afterRestart.query("product_research", research("after restart"));
  expect(service.calls).toBe(6);
  expect(service.requests[5].at - firstSend).toBeGreaterThanOrEqual(MINUTE);
  expect(clock.now()).toBeGreaterThanOrEqual(firstSend + MINUTE);
});

test("pages already fetched stay cached when a later page fails: the next run asks only for the missing page", async () => {
  const { engine, service } = setup({ engine: { concurrency: 1 } });
  // Page 1 answers; page 2 fails on every attempt (the first and its two retries).
  service.faults.push("none", "http500", "http500", "http500");
  const limit = 300;
  await expect(engine.query("product_research", research("pages"), { limit })).rejects.toThrow(/HTTP 500/);
  const before = service.calls;
  expect(service.requests.filter((r) => r.body?.page === 2)).toHaveLength(3);
  const result = await engine.query("product_research", research("pages"), { limit });
  expect(result.rows).toHaveLength(limit);
  const again = service.requests.slice(before).map((r) => r.body?.page);
  expect(again).not.toContain(1);
  expect(again).toContain(2);
});
