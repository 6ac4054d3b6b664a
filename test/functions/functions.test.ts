/**
 * The MAD functions as Excel runs them (through the CustomFunctions stand-in) against a service: each spills
 * its shaped table and sends the parameters its arguments name; identical cells share calls; a restart reuses
 * the persisted cache; the reports registry lists every live formula.
 */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { LOOKUP_FUNCTIONS, operation, OPERATIONS, takesMarket } from "../../src/api/catalog";
import { functionColumns } from "../../src/table/function-columns";
import { configureRunner } from "../../src/functions/runner";
import { fixtureService } from "./helpers/fixture-service";
import { harness, typicalPositional } from "./helpers/harness";

afterAll(() => {
  configureRunner();
  shim.uninstall();
});

test("every operation of the catalog is associated under its function name, the lookup functions and MAD.ASOF", () => {
  expect([...shim.associations.keys()].sort()).toEqual(
    [...OPERATIONS.map((op) => op.fn), ...LOOKUP_FUNCTIONS.map((c) => c.fn), "ASOF"].sort(),
  );
});

describe("each function spills its shaped table", () => {
  test.each(OPERATIONS.map((op) => [op.fn, op.code] as const))("MAD.%s", async (fn, code) => {
    const service = fixtureService();
    const h = harness(shim, service);
    const op = operation(code);
    // A history function shows the fixture's dates (2023 and 2024): its default range ends today.
    const range = op.history ? { start: "2023-01-01", end: "2024-12-31" } : {};
    const outcome = await h.run(code, range, { address: `Sheet1!B2` });
    expect(outcome.error).toBeUndefined();
    const table = outcome.value!;
    const width = table[0].length;
    for (const row of table) {
      expect(row).toHaveLength(width);
      for (const value of row) expect(["string", "number", "boolean"]).toContain(typeof value);
    }
    const names = functionColumns(op).map((c) => c.name);
    if (op.history) {
      expect(table[0]).toEqual(names);
      expect(table.length).toBeGreaterThan(1);
      // Dates are Excel dates in 2023 and 2024 (serials 44927 to 45657).
      for (const row of table.slice(1)) expect(row[0]).toEqual(expect.any(Number));
      expect(Math.min(...table.slice(1).map((r) => r[0] as number))).toBeGreaterThanOrEqual(44927);
    } else if (op.shape === "object") {
      expect(table[0]).toEqual(["field", "value"]);
      expect(table.slice(1).map((row) => row[0])).toEqual(names);
    } else {
      expect(table[0]).toEqual(names);
      expect(table.length).toBeGreaterThan(1);
    }

    // The request carries the market and the required arguments under their wire names.
    expect(service.calls()).toBe(1);
    const body = (service.bodies[0].body ?? {}) as Record<string, unknown>;
    expect(service.bodies[0].path).toBe(op.path);
    expect(body.marketplace).toBe(takesMarket(op) ? "US" : undefined);
    for (const p of op.positional) expect(body[p.param]).toBeDefined();

    const entry = h.registry.get("Sheet1!B2");
    expect(entry).toMatchObject({
      functionName: `MAD.${fn}`,
      operation: code,
      status: "ok",
      callsSpent: 1,
      fromCache: false,
      errorMessage: null,
    });
    expect(entry?.rows).toBe(op.shape === "object" && !op.history ? 1 : table.length - 1);
    expect(typeof entry?.lastRefreshed).toBe("number");
  });
});

test("filters, fields and limit reach the service; the spill follows fields", async () => {
  const service = fixtureService();
  const h = harness(shim, service);
  const outcome = await h.run("product_research", {
    filters: [
      ["name", "value"],
      ["minPrice", 10],
      ["maxPrice", "80"],
      ["badgeBS", "y"],
      ["order", "price desc"],
    ],
    fields: [["asin"], ["price"], ["badge.bestSeller"]],
    limit: 150,
  });
  expect(outcome.value).toEqual([
    ["asin", "price", "badge.bestSeller"],
    ["B0DB5VT4QJ", 100.89, "#1 Best Seller in Bath Rugs"],
  ]);
  expect(service.bodies[0].body).toEqual({
    marketplace: "US",
    minPrice: 10,
    maxPrice: 80,
    badgeBS: "Y",
    order: { field: "price", desc: true },
    page: 1,
    size: 100,
  });
});

test("the market is case-insensitive and GB means UK", async () => {
  const service = fixtureService();
  const h = harness(shim, service);
  await h.run("keyword_research_trends", { market: " gb " });
  expect((service.bodies[0].body as { marketplace: string }).marketplace).toBe("UK");
});

test("single records: field/value rows by default, one wide row with layout=horizontal", async () => {
  const h = harness(shim, fixtureService());
  const vertical = await h.run("market_research_statistics");
  expect(vertical.value?.[1]).toEqual(["nodeLabelPath", "Electronics:Accessories & Supplies"]);
  const horizontal = await h.run("market_research_statistics", {
    filters: "layout=horizontal",
    fields: "avgPrice, avgRating",
  });
  expect(horizontal.value).toEqual([
    ["avgPrice", "avgRating"],
    [42.5, 4.3],
  ]);
});

test("traffic keywords: stats=TRUE spills the word-part counts from the same call", async () => {
  const service = fixtureService();
  const h = harness(shim, service);
  const items = await h.run("traffic_keyword", { filters: "headers=FALSE" });
  expect(items.value?.[0][0]).toBe("phone accessory");
  const stats = await h.run("traffic_keyword", { filters: "stats=TRUE" });
  expect(stats.value).toEqual([
    ["keywords", "total"],
    ["phone", 1],
    ["accessory", 1],
  ]);
  expect(service.calls()).toBe(1); // display options are not part of the query
});

test("100 cells with 10 distinct queries cause 10 calls; after a restart, 0", async () => {
  const service = fixtureService();
  const h = harness(shim, service);
  const keywords = Array.from({ length: 10 }, (_, i) => `keyword ${i}`);
  const evaluateAll = () =>
    Promise.all(
      Array.from({ length: 100 }, (_, cell) =>
        h.run(
          "keyword_research_trends",
          { market: cell % 2 ? "us" : "US", positional: [keywords[cell % 10]] },
          { address: `Sheet1!A${cell + 1}` },
        ),
      ),
    );
  const first = await evaluateAll();
  expect(first.every((o) => o.value && o.value.length > 1)).toBe(true);
  expect(service.calls()).toBe(10);
  expect(new Set(service.bodies.map((b) => (b.body as { keyword: string }).keyword))).toEqual(new Set(keywords));

  await h.restart();
  const second = await evaluateAll();
  expect(service.calls()).toBe(10);
  expect(second.map((o) => o.value)).toEqual(first.map((o) => o.value));
  expect(h.registry.get("Sheet1!A7")).toMatchObject({ status: "ok", fromCache: true, callsSpent: 0 });
});

test("the registry lists live formulas with their status, replacing a cell's previous entry", async () => {
  const service = fixtureService();
  const h = harness(shim, service);
  await h.run("keyword_research_trends", {}, { address: "Report!A1" });
  await h.run("traffic_extend", { limit: -1 }, { address: "Report!F1" });
  expect(h.registry.get("Report!F1")).toMatchObject({
    status: "error",
    errorMessage: expect.stringMatching(/^limit:/),
    rows: 0,
  });
  await h.run(
    "traffic_extend",
    { positional: typicalPositional(operation("traffic_extend")) },
    { address: "Report!F1" },
  );
  const listed = h.registry.list();
  expect(listed.map((e) => e.id)).toEqual(["Report!A1", "Report!F1"]);
  expect(listed[1]).toMatchObject({
    status: "ok",
    operation: "traffic_extend",
    params: { marketplace: "US", asinList: ["B07Z82895W", "B0DGVP84B5"] },
  });
  expect(listed[1].cacheKey).toMatch(/^traffic_extend\|/);
  expect(JSON.stringify(listed)).not.toContain(service.secret);
});
