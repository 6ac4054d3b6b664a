/**
 * Lookups by list (competitor lookup by `asins`) read key by key: single ASINs asked at about the same moment go out
 * in batches of 40, each query gets exactly its own products, each ASIN's answer is cached on its own, and a batch's
 * failure, a refused secret or a cancelled cell behave as for any request. On simulated time over the fake service.
 */
import fc from "fast-check";
import { isMadError, ValidationError } from "../../src/api/errors";
import { CacheMissError } from "../../src/engine/errors";
import { VirtualClock } from "../support/virtual-clock";
import type { QueryResult } from "../../src/engine/types";
import { fakeProduct } from "./fake-service";
import { setup } from "./setup";

const asin = (i: number) => `B0${String(i).padStart(8, "0")}`;
const UNKNOWN = "B0ZZZZ0001";
const lookup = (asins: string[]) => ({ marketplace: "US", asins });
/** The ASINs each request sent, in order. */
const batches = (service: ReturnType<typeof setup>["service"]) =>
  service.requests.filter((r) => r.path === "/v1/product/competitor-lookup").map((r) => r.body?.asins as string[]);

test("200 single-ASIN queries at once send 5 calls of at most 40 ASINs; each gets its own product", async () => {
  const { engine, service } = setup();
  const asins = Array.from({ length: 200 }, (_, i) => asin(i));
  const results = await Promise.all(asins.map((a) => engine.query("competitor_lookup", lookup([a]))));
  expect(service.calls).toBe(5);
  expect(batches(service).map((b) => b.length)).toEqual([40, 40, 40, 40, 40]);
  expect(new Set(batches(service).flat())).toEqual(new Set(asins));
  results.forEach((result, i) => expect(result.rows).toEqual([fakeProduct(asins[i])]));
  // Each batch sends what a lookup asks: variants included (a watched child ASIN comes back), the largest page.
  expect(service.requests[0].body).toEqual(expect.objectContaining({ variation: "N", size: 100 }));
  expect(results.reduce((sum, r) => sum + r.callsSpent, 0)).toBe(5);
  expect(engine.usage()).toMatchObject({ callsThisSession: 5, queued: 0, inFlight: 0 });
});

test("repeated, shuffled and unknown ASINs: one call; two identical cells join; an unknown ASIN is not found", async () => {
  const { engine, service } = setup();
  service.stray = true;
  const asked = [asin(3), asin(1), UNKNOWN, asin(3), asin(2), asin(1), UNKNOWN];
  const results = await Promise.all(asked.map((a) => engine.query("competitor_lookup", lookup([a]))));
  expect(batches(service)).toEqual([[asin(3), asin(1), UNKNOWN, asin(2)]]);
  expect(engine.usage().deduped).toBe(3);
  results.forEach((result, i) => {
    const expected = asked[i] === UNKNOWN ? null : fakeProduct(asked[i]);
    expect(result.byKey).toEqual(new Map([[asked[i], expected]]));
    expect(result.rows).toEqual(expected ? [expected] : []);
  });
});

test("each ASIN is cached on its own: a later single lookup or another grouping sends only what is new", async () => {
  const { engine, service } = setup();
  await engine.query("competitor_lookup", lookup([asin(1), asin(2), asin(3), UNKNOWN]));
  expect(service.calls).toBe(1);
  const alone = await engine.query("competitor_lookup", lookup([asin(2)]));
  expect(alone).toMatchObject({ rows: [fakeProduct(asin(2))], fromCache: true, callsSpent: 0 });
  // Not found is an answer too: it is not asked again within the data period.
  await engine.query("competitor_lookup", lookup([UNKNOWN]));
  expect(service.calls).toBe(1);
  const regrouped = await engine.query("competitor_lookup", lookup([asin(3), asin(4), asin(1)]));
  expect(batches(service)[1]).toEqual([asin(4)]);
  expect(regrouped.rows).toEqual([asin(3), asin(4), asin(1)].map(fakeProduct));
});

test("one query of 100 ASINs: 3 calls, rows in the list's order, a repeat once; more than 2,000 is refused", async () => {
  const { engine, service } = setup();
  const asins = Array.from({ length: 100 }, (_, i) => asin(99 - i));
  const result = await engine.query("competitor_lookup", lookup([...asins, asins[5]]));
  expect(batches(service).map((b) => b.length)).toEqual([40, 40, 20]);
  expect(result.rows).toEqual(asins.map(fakeProduct));
  const plan = await engine.plan("competitor_lookup", lookup([...asins, asin(500)]));
  expect(plan).toEqual({ pages: 3, uncachedPages: 1 });
  const tooMany = Array.from({ length: 2001 }, (_, i) => asin(i));
  await expect(engine.query("competitor_lookup", lookup(tooMany))).rejects.toThrow(
    new ValidationError("asins", "maxItems", "at most 2000 ASINs (got 2001)"),
  );
  await expect(engine.query("competitor_lookup", lookup([asin(1), "B0BAD"]))).rejects.toThrow(/asins: "B0BAD"/);
  expect(service.calls).toBe(3);
});

test("a failed batch fails its own ASINs only; a retry sends the batch again, not each ASIN", async () => {
  const { engine, service } = setup({ engine: { client: { retries: 0 } } });
  service.faults.push("http500");
  const asins = Array.from({ length: 80 }, (_, i) => asin(i));
  const settled = await Promise.allSettled(asins.map((a) => engine.query("competitor_lookup", lookup([a]))));
  const failed = settled.filter((s) => s.status === "rejected");
  expect(failed).toHaveLength(40);
  expect(failed.every((s) => isMadError((s as PromiseRejectedResult).reason))).toBe(true);
  expect(settled.filter((s) => s.status === "fulfilled").length).toBe(40);
  expect(service.calls).toBe(2);

  const retried = setup({ engine: { client: { retries: 1 } } });
  retried.service.faults.push("http500");
  const results = await Promise.all(asins.map((a) => retried.engine.query("competitor_lookup", lookup([a]))));
  expect(results.map((r) => r.rows[0])).toEqual(asins.map(fakeProduct));
  expect(retried.service.calls).toBe(3);
  expect(batches(retried.service)[0]).toEqual(batches(retried.service)[1]);
});

test("partial: a query of many ASINs keeps its failed batch's failures per ASIN and fills the others", async () => {
  const { engine, service } = setup({ engine: { client: { retries: 0 } } });
  service.faults.push("http500");
  const asins = Array.from({ length: 50 }, (_, i) => asin(i));
  const result = await engine.query("competitor_lookup", lookup(asins), { partial: true });
  const outcomes = asins.map((a) => result.byKey!.get(a));
  expect(outcomes.slice(0, 40).every(isMadError)).toBe(true);
  expect(outcomes.slice(40)).toEqual(asins.slice(40).map(fakeProduct));
  await expect(engine.query("competitor_lookup", lookup(asins.slice(0, 41)))).resolves.toMatchObject({ pages: 41 });
});

test("a refused secret stops every waiting batch: one call for 200 cells", async () => {
  const { engine, service } = setup();
  service.refuseWith = "ERROR_SECRET_KEY";
  const asins = Array.from({ length: 200 }, (_, i) => asin(i));
  const settled = await Promise.allSettled(asins.map((a) => engine.query("competitor_lookup", lookup([a]))));
  expect(settled.every((s) => s.status === "rejected")).toBe(true);
  expect(service.calls).toBe(1);
});

test("cells cancelled before their batch leaves send nothing; a value preview never sends", async () => {
  const { engine, service, clock } = setup({ clock: new VirtualClock({ autoAdvance: false }) });
  const controller = new AbortController();
  const running = [asin(1), asin(2)].map((a) =>
    engine.query("competitor_lookup", lookup([a]), { signal: controller.signal }),
  );
  await clock.advance(10);
  controller.abort();
  await Promise.allSettled(running);
  await clock.advance(1000);
  expect(service.calls).toBe(0);
  await expect(engine.query("competitor_lookup", lookup([asin(3)]), { cacheOnly: true })).rejects.toBeInstanceOf(
    CacheMissError,
  );
  expect(service.calls).toBe(0);
});

test("the service down: a key answered before shows its last good answer, saying so", async () => {
  const { engine, service, clock } = setup({ engine: { client: { retries: 0 } } });
  await engine.query("competitor_lookup", lookup([asin(1)]));
  await clock.advance(3 * 86_400_000);
  service.faults.push("http500");
  const result = await engine.query("competitor_lookup", lookup([asin(1)]));
  expect(result).toMatchObject({ rows: [fakeProduct(asin(1))], lastGood: { reason: "serviceFault" } });
});

test("property: any cells over shuffled, repeated and unknown ASINs each get exactly their own products", async () => {
  const pool = [...Array.from({ length: 60 }, (_, i) => asin(i)), UNKNOWN, "B0ZZZZ0002"];
  const cell = fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 5 });
  await fc.assert(
    fc.asyncProperty(fc.array(cell, { minLength: 1, maxLength: 30 }), fc.boolean(), async (cells, stray) => {
      const { engine, service } = setup();
      service.stray = stray;
      const results: QueryResult<"competitor_lookup">[] = await Promise.all(
        cells.map((asins) => engine.query("competitor_lookup", lookup(asins))),
      );
      results.forEach((result, i) => {
        const wanted = [...new Set(cells[i])].filter((a) => !a.includes("ZZZZ"));
        expect(result.rows).toEqual(wanted.map(fakeProduct));
      });
      const unique = new Set(cells.flat()).size;
      expect(service.calls).toBe(Math.ceil(unique / 40));
    }),
    { numRuns: 40 },
  );
});
