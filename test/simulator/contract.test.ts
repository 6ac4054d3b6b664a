/**
 * Contract of the simulator over real HTTP: every operation answers like the live service (envelope, shape,
 * every documented field with its documented type, the fixtures' keys), deterministically.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { OPERATIONS } from "../../src/api/catalog";
import type { ParamSpec } from "../../src/api/catalog-types";
import { RECORD_FIELDS } from "../../src/api/records";
import type { RunningSimulator } from "../../src/simulator";
import { exampleRequests } from "../support/example-requests";
import { at, keyPaths, post, type Rec, rowsOf, send, start, T0, typeProblems } from "./helpers";

const FIXTURES = path.resolve(__dirname, "../fixtures/api-examples");
/** The real response of an operation, when the fixture folder has one. */
const readFixture = (code: string): { data: unknown } | undefined => {
  const file = path.join(FIXTURES, `${code}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
};

const EXAMPLES = exampleRequests(new Date(T0)) as Record<string, Record<string, unknown>>;
/** Large pages, so nested objects that are sometimes null appear somewhere. */
const wide = (code: string) => {
  const op = OPERATIONS.find((o) => o.code === code)!;
  const size = op.params.find((p) => p.name === "size");
  return size ? { size: size.fixed ?? size.max ?? 50 } : {};
};

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(() => sim.stop());

describe.each(OPERATIONS.map((op) => [op.code, op] as const))("%s", (code, op) => {
  test("a typical request returns OK with records carrying every documented field with its type", async () => {
    const reply = await send(sim.url, op.path, { ...EXAMPLES[code], ...wide(code) });
    expect(reply.status).toBe(200);
    expect(reply.body.code).toBe("OK");
    expect(reply.body.message).toBe("成功");
    const rows = rowsOf(reply.body.data, op.shape);
    expect(rows.length).toBeGreaterThan(0);
    const fields = RECORD_FIELDS[op.record];
    const problems = rows.flatMap((row, i) => typeProblems(row, fields).map((p) => `row ${i}: ${p}`));
    expect(problems).toEqual([]);
    if (op.shape === "paged")
      expect(reply.body.data).toEqual(
        expect.objectContaining({ total: expect.any(Number), items: expect.any(Array), order: expect.any(Object) }),
      );
    if (op.shape === "array") expect(Array.isArray(reply.body.data)).toBe(true);
    // A single record names its marketplace where its record has one (details with coupons nest it in `asin`).
    if (op.shape === "object" && fields.some((f) => f.name === "marketplace"))
      expect(reply.body.data).toEqual(expect.objectContaining({ marketplace: "US" }));
  });

  // Only operations with a real response in the fixture folder have keys to compare.
  (readFixture(code) ? test : test.skip)("the real fixture's keys are a subset of the simulator's", async () => {
    const fixture = readFixture(code);
    expect(fixture).toBeDefined();
    const reply = await send(sim.url, op.path, { ...EXAMPLES[code], ...wide(code) });
    // badgeDetails is a map: its keys are data, not field names.
    const opaque = new Set(["badgeDetails"]);
    const simulated = keyPaths(reply.body.data, "", new Set(), opaque);
    const missing = [...keyPaths(fixture?.data, "", new Set(), opaque)].filter((p) => !simulated.has(p));
    expect(missing).toEqual([]);
  });

  test("the same request gives the same body, also after a restart", async () => {
    const body = { ...EXAMPLES[code], ...wide(code) };
    const first = await send(sim.url, op.path, body);
    const again = await send(sim.url, op.path, body);
    const other = await start();
    try {
      const restarted = await send(other.url, op.path, body);
      expect(again.text).toBe(first.text);
      expect(restarted.text).toBe(first.text);
    } finally {
      await other.stop();
    }
  });
});

describe("data plausibility", () => {
  const rows = async (path: string, params: Rec) => rowsOf((await post(sim.url, path, params)).body.data);
  const labels = (list: Rec[], key = "label") => list.map((r) => String(r[key]));

  test("ASINs, prices by currency, ratings, Saturdays and 24 ascending months", async () => {
    const us = await rows("/v1/product/research", { marketplace: "US", size: 100 });
    const jp = await rows("/v1/product/research", { marketplace: "JP", size: 100 });
    for (const row of [...us, ...jp]) {
      expect(row.asin).toMatch(/^B0[A-Z0-9]{8}$/);
      expect(row.rating).toBeGreaterThanOrEqual(1);
      expect(row.rating).toBeLessThanOrEqual(5);
    }
    const median = (list: Rec[]) => list.map((r) => Number(r.price)).sort((a, b) => a - b)[list.length >> 1];
    expect(median(jp)).toBeGreaterThan(50 * median(us));
    expect(us.some((r) => r.primePrice === -1)).toBe(true);
    expect(us.some((r) => String(at(r, "badge.bestSeller")).startsWith("#1 Best Seller in "))).toBe(true);
    expect(us.some((r) => r.fulfillment === "AMZ")).toBe(true);

    for (const { date } of await rows("/v1/aba/research/weekly", { marketplace: "US", size: 5 })) {
      const text = String(date);
      expect(new Date(Date.UTC(+text.slice(0, 4), +text.slice(4, 6) - 1, +text.slice(6))).getUTCDay()).toBe(6);
    }

    const trends = labels(await rows("/v1/keyword-research/trends", { marketplace: "US", keyword: "test" }), "time");
    expect(trends).toHaveLength(24);
    expect(trends).toEqual([...trends].sort());
    expect(trends.at(-1)).toBe("2025年07月");

    const aba = await rows("/v1/aba/research/trends", { marketplace: "US", keyword: "test" });
    expect(labels(aba)).toEqual([...labels(aba)].sort());
    expect(aba[0].label).toBe("202308");
    // First day of the month, midnight China time, as in the fixture (1709222400000 = 2024-03-01 00:00 +08:00).
    expect(aba.find((t) => t.label === "202403")?.date).toBe(1709222400000);
  });

  test("different markets, keywords and node paths give different data", async () => {
    const a = await post(sim.url, "/v1/keyword/miner", { marketplace: "US", keyword: "phone case" });
    const b = await post(sim.url, "/v1/keyword/miner", { marketplace: "DE", keyword: "phone case" });
    const c = await post(sim.url, "/v1/keyword/miner", { marketplace: "US", keyword: "yoga mat" });
    expect(new Set([a.text, b.text, c.text]).size).toBe(3);
    expect(rowsOf(c.body.data).every((r) => String(r.keyword).includes("yoga"))).toBe(true);
    const [n1] = await rows("/v1/market/statistics", { marketplace: "US", nodeIdPath: "172282:281407" });
    const [n2] = await rows("/v1/market/statistics", { marketplace: "US", nodeIdPath: "1055398:1063236" });
    expect(n1.nodeLabelPath).toBe("Electronics:Accessories & Supplies");
    expect(n2.nodeLabelPath).toBe("Home & Kitchen:Bath");
    expect(n1.products).not.toBe(n2.products);
  });

  test("market distributions use the live bucket labels and split one category sample", async () => {
    const body = { marketplace: "US", nodeIdPath: "172282:281407" };
    const ratings = await rows("/v1/market/ratings", body);
    expect(labels(ratings)).toEqual(["无评分数", "1-50", "50-100", "100-200", "200-300", "300-500", "500以上"]);
    const ebc = await rows("/v1/market/ebc", body);
    expect(labels(ebc).sort()).toEqual(labels(rowsOf(readFixture("market_ebc_distribution")?.data)).sort());
    const countries = await rows("/v1/market/seller/location", body);
    expect(countries.filter((r) => r.label === "未知")).toHaveLength(1);
    const years = await rows("/v1/market/shelf/trend", body);
    const numbers = years.map((r) => Number(r.year));
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i));
    expect(numbers.at(-1)).toBe(2025);
    const [stats] = await rows("/v1/market/statistics", body);
    const sum = (list: Rec[]) => list.reduce((total, r) => total + Number(r.products), 0);
    expect(sum(ratings)).toBe(stats.products);
    expect(sum(years)).toBe(stats.products);
    expect(sum(countries)).toBe(stats.products);
  });

  test("returnFields is not a parameter of the HTTP service (only of the spec's MCP tools): whole records come back", async () => {
    const reply = await post(sim.url, "/v1/product/research", { marketplace: "US", size: 3, returnFields: "asin" });
    expect(reply.body.code).toBe("OK");
    for (const row of rowsOf(reply.body.data))
      expect(Object.keys(row)).toEqual(expect.arrayContaining(["asin", "price"]));
  });
});

describe("every catalog parameter is accepted", () => {
  /** A valid value for any parameter, from its spec alone. */
  function sample(p: ParamSpec, request: Rec): unknown {
    const option = p.options?.[0]?.value;
    const text = p.pattern === "asin" ? "B07Z82895W" : p.pattern?.startsWith("nodeId") ? "172282" : "phone";
    switch (p.kind) {
      case "marketplace":
        return "US";
      case "string":
        return option ?? text;
      case "integer":
        return p.fixed ?? option ?? (p.role === "rangeMax" ? 100_000 : (p.min ?? 1));
      case "number":
        return p.role === "rangeMax" ? (p.max ?? 100_000) : (p.min ?? 0.01);
      case "boolean":
        return true;
      case "month":
        return "202507";
      case "saturday":
        return "20250809";
      case "weekOrMonth":
        return p.formats?.[String(request[p.switchParam ?? ""])] === "month" ? "202507" : "20250809";
      case "stringList":
        return [option ?? text];
      case "csv":
        return String(option ?? "keyword");
      case "order":
        return { field: p.sortFields?.[0] ?? "searches", desc: true };
      case "integerList":
        return [option ?? 1];
      case "timestamp":
        return Date.UTC(2025, 6, 1);
    }
  }

  test.each(OPERATIONS.map((op) => [op.code, op] as const))("%s with all its parameters at once", async (code, op) => {
    const request: Rec = { ...EXAMPLES[code] };
    for (const p of op.params as readonly ParamSpec[]) {
      // No order: keyword mining refuses ordering by relevancy while filtering (a validation rule, tested there).
      if (p.kind !== "order") request[p.name] ??= sample(p, request);
    }
    const reply = await send(sim.url, op.path, request);
    expect([reply.body.code, reply.body.message]).toEqual(["OK", "成功"]);
  });
});
