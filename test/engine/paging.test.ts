import { ROW_CAP } from "../../src/api/catalog";
import { planPaging } from "../../src/api/paging";
import type { Fault } from "./fake-service";
import { setup } from "./setup";

const research = { marketplace: "US", keyword: "desk" } as const;
const pagesAsked = (requests: { body?: Record<string, unknown> }[]) =>
  requests.map((r) => [r.body?.page, r.body?.size]);

describe("paging", () => {
  test("a bad limit is refused with the formula's and the task pane's message, and nothing is sent", async () => {
    const { engine, service } = setup();
    for (const [limit, got] of [
      [0, "0"],
      [ROW_CAP + 1, String(ROW_CAP + 1)],
      [2.5, "2.5"],
    ] as const) {
      await expect(engine.query("product_research", research, { limit })).rejects.toMatchObject({
        kind: "validation",
        param: "limit",
        message: `limit: expected a whole number from 1 to ${ROW_CAP} (got ${got})`,
      });
    }
    expect(service.calls).toBe(0);
  });

  test("limit 2,000 over a 100-row operation: 20 calls and 2,000 rows, without overlap", async () => {
    const { engine, service } = setup({ service: { total: 50_000 } });
    const result = await engine.query("product_research", research, { limit: 2000 });
    expect(service.calls).toBe(20);
    expect(result.rows).toHaveLength(2000);
    expect(new Set(result.rows.map((r) => r.asin)).size).toBe(2000);
    expect(result).toMatchObject({ pages: 20, callsSpent: 20, total: 50_000, fromCache: false });
    expect(pagesAsked(service.requests)).toEqual(Array.from({ length: 20 }, (_, i) => [i + 1, 100]));
  });

  test("after the first page gives the total, the other pages are fetched together, never past the total", async () => {
    const { engine, service } = setup({ service: { total: 1250, latencyMs: 100 } });
    const result = await engine.query("product_research", research, { limit: 2000 });
    // Page 1 alone (it tells the total), then pages 2-13 all at once: 13 pages, none past row 1,250.
    expect(service.calls).toBe(13);
    expect(service.maxConcurrent).toBe(12);
    expect(Math.max(...service.requests.map((r) => Number(r.body?.page)))).toBe(13);
    expect(new Set(service.requests.map((r) => r.body?.page)).size).toBe(13);
    // Rows stay in page order whatever order the pages answered in.
    expect(result.rows).toHaveLength(1250);
    expect(result.rows.map((r) => r.asin)).toEqual(
      Array.from({ length: 1250 }, (_, i) => `B${String(i).padStart(9, "0")}`),
    );
    // Every page is cached: the same query again sends nothing.
    const again = await engine.query("product_research", research, { limit: 2000 });
    expect(service.calls).toBe(13);
    expect(again.fromCache).toBe(true);
  });

  test("a failed page fails the query; the pages fetched before it stay cached", async () => {
    const { engine, service } = setup({ service: { total: 1000 }, engine: { client: { retries: 0 } } });
    // Page 1 answers, page 2 fails (no retry), page 3 answers.
    service.faults.push(undefined as unknown as Fault, "http500");
    await expect(engine.query("product_research", research, { limit: 300 })).rejects.toThrow();
    expect(service.calls).toBe(3);
    expect(await engine.plan("product_research", research, { limit: 100 })).toEqual({ pages: 1, uncachedPages: 0 });
    const again = await engine.query("product_research", research, { limit: 300 });
    expect(again.rows).toHaveLength(300);
    expect(service.calls).toBeLessThanOrEqual(5);
  });

  test("limit 130: 2 calls of 100 and exactly 130 rows", async () => {
    const { engine, service } = setup();
    const result = await engine.query("product_research", research, { limit: 130 });
    expect(service.calls).toBe(2);
    expect(result.rows).toHaveLength(130);
    expect(result.rows[129].asin).toBe("B000000129");
  });

  test("reading stops at total", async () => {
    const { engine, service } = setup({ service: { total: 230 } });
    const result = await engine.query("product_research", research, { limit: 2000 });
    expect(service.calls).toBe(3);
    expect(result.rows).toHaveLength(230);
  });

  test("a short page stops reading even when total promises more", async () => {
    const { engine, service } = setup({ service: { total: 5000, available: 250 }, engine: { concurrency: 4 } });
    const result = await engine.query("product_research", research, { limit: 1000 });
    expect(result.rows).toHaveLength(250);
    // Page 1 alone, then pages 2-5 together (concurrency 4). Page 2 answers first and frees a slot for page 6
    // before page 3 turns out short; pages 7-10, still waiting for their turn then, are never sent.
    expect(service.calls).toBeLessThanOrEqual(6);
    expect(Math.max(...service.requests.map((r) => Number(r.body?.page)))).toBeLessThanOrEqual(6);
  });

  test("without a total (null), pages are read one after another until a short page", async () => {
    const { engine, service } = setup({ service: { total: 5000, available: 250 } });
    service.total = null;
    const result = await engine.query("product_research", research, { limit: 1000 });
    expect(result.total).toBeNull();
    expect(result.rows).toHaveLength(250);
    expect(service.calls).toBe(3);
  });

  test("the 2,000-row cap holds whatever total says", async () => {
    const { engine, service } = setup({ service: { total: 90_000 } });
    const result = await engine.query(
      "traffic_extend",
      { marketplace: "US", asinList: ["B0DGVP84B5"] },
      { limit: ROW_CAP },
    );
    expect(result.rows).toHaveLength(ROW_CAP);
    expect(service.calls).toBe(ROW_CAP / 50);
    expect(planPaging("product_research", { marketplace: "US" }, ROW_CAP).maxPages).toBe(20);
  });

  test("a larger limit after a smaller one reuses the cached first pages", async () => {
    const { engine, service } = setup();
    await engine.query("product_research", research, { limit: 100 });
    expect(service.calls).toBe(1);
    const more = await engine.query("product_research", research, { limit: 300 });
    expect(service.calls).toBe(3);
    expect(more.callsSpent).toBe(2);
    expect(more.rows).toHaveLength(300);
    const fewer = await engine.query("product_research", research, { limit: 250 });
    expect(service.calls).toBe(3);
    expect(fewer.fromCache).toBe(true);
    expect(await engine.plan("product_research", research, { limit: 500 })).toEqual({ pages: 5, uncachedPages: 2 });
    expect(await engine.plan("product_research", research, { limit: 500, bypassCache: true })).toEqual({
      pages: 5,
      uncachedPages: 5,
    });
  });

  test("no limit: one page of the operation's default size", async () => {
    const { engine, service } = setup();
    const result = await engine.query("product_research", research);
    expect(result.rows).toHaveLength(50);
    expect(service.calls).toBe(1);
  });

  test("order words page with the fixed size 50; listing traffic (no size maximum) with its default", () => {
    expect(planPaging("keyword_order", { marketplace: "US" }, 120)).toMatchObject({
      mode: "pages",
      pageSize: 50,
      maxPages: 3,
    });
    expect(planPaging("traffic_listing", { marketplace: "US" }, 120)).toMatchObject({
      mode: "pages",
      pageSize: 50,
      maxPages: 3,
    });
    expect(planPaging("keyword_research", { marketplace: "US" })).toMatchObject({
      pageSize: 15,
      limit: 15,
      maxPages: 1,
    });
  });

  test("keyword conversion pages like the others (the official request example sends page and size)", async () => {
    const { engine, service } = setup();
    const result = await engine.query("keyword_conversion", { marketplace: "US", keyword: "desk" }, { limit: 250 });
    expect(pagesAsked(service.requests)).toEqual([
      [1, 100],
      [2, 100],
      [3, 100], // the same size on every page, so pages line up; the rows past the limit are dropped
    ]);
    expect(result.rows).toHaveLength(250);
  });

  test("array operations: one call, limit keeps the first rows; an explicit page asks exactly that page", async () => {
    const { engine, service } = setup({ service: { arrayRows: 12 } });
    const all = await engine.query("market_brand_concentration", { marketplace: "US", nodeIdPath: "1:2" });
    const some = await engine.query(
      "market_brand_concentration",
      { marketplace: "US", nodeIdPath: "1:2" },
      { limit: 5 },
    );
    expect(all.rows).toHaveLength(12);
    expect(some.rows).toEqual(all.rows.slice(0, 5));
    expect(service.calls).toBe(1);
    const third = await engine.query("product_research", { ...research, page: 3 }, { limit: 20 });
    expect(pagesAsked(service.requests)[1]).toEqual([3, 20]);
    expect(third.rows[0].asin).toBe("B000000040");
  });
});
