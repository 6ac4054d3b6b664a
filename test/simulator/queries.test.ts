/** Queries are honoured: keyword and match type narrow, filters filter, order sorts, pages cover `total`. */
import { operation, type OperationCode } from "../../src/api/catalog";
import type { RunningSimulator } from "../../src/simulator";
import { exampleRequests } from "../support/example-requests";
import { at, type Paged, post, type Rec, rowsOf, start, T0 } from "./helpers";

const EXAMPLES = exampleRequests(new Date(T0)) as Record<string, Record<string, unknown>>;
let sim: RunningSimulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(() => sim.stop());

const call = async (code: OperationCode, params: Record<string, unknown>): Promise<Paged> => {
  const reply = await post(sim.url, operation(code).path, params);
  expect(reply.body).toEqual(expect.objectContaining({ code: "OK" }));
  return reply.body.data as Paged;
};
const n = (value: unknown) => Number(value);

/** An order per paged operation: [order.field, record path, desc]. */
const ORDERS: [OperationCode, string, string, boolean][] = [
  ["competitor_lookup", "price", "price", false],
  ["product_research", "bsr_rank", "bsr", false],
  // The child ASIN's units, sent as amzUnit (issue 45).
  ["product_research", "amz_unit", "amzUnit", true],
  ["competitor_lookup", "amz_unit", "amzUnit", false],
  ["traffic_extend", "searchesRank", "searchesRank", false],
  ["keyword_research", "searches", "searches", true],
  ["keyword_order", "searches", "searches", true],
  ["aba_research_weekly", "searchfrequencyrank", "searchRank", false],
  ["aba_research_monthly", "cprExact", "cprExact", true],
  ["traffic_keyword", "purchases", "purchases", true],
  ["keyword_miner", "searches", "searches", true],
];

test.each(ORDERS)("%s sorts by order.field %s", async (code, field, path, desc) => {
  const data = await call(code, { ...EXAMPLES[code], order: { field, desc } });
  const values = rowsOf(data)
    .map((row) => at(row, path))
    .filter((v): v is number => typeof v === "number");
  expect(values.length).toBeGreaterThan(5);
  expect(values).toEqual([...values].sort((a, b) => (desc ? b - a : a - b)));
});

/** A filter per paged operation: [extra params, predicate on each record]. */
const FILTERS: [OperationCode, Record<string, unknown>, (row: Rec) => boolean][] = [
  ["competitor_lookup", { matchType: 1 }, (row) => String(row.title).toLowerCase().includes("phone stand")],
  ["product_research", { minPrice: 20, maxPrice: 40 }, (row) => n(row.price) >= 20 && n(row.price) <= 40],
  ["keyword_conversion", { minSearches: 30000 }, (row) => n(row.searches) >= 30000],
  ["traffic_extend", { maxSupplyDemandRatio: 1 }, (row) => n(row.supplyDemandRatio) <= 1],
  ["keyword_research", { minSearches: 20000 }, (row) => n(row.searches) >= 20000],
  ["keyword_order", { conversionType: ["E", "S"] }, (row) => ["E", "S"].includes(String(row.conversionType))],
  ["aba_research_weekly", { minClicks: 2000 }, (row) => n(row.clicks) >= 2000],
  ["aba_research_monthly", { maxSearchRank: 20000 }, (row) => n(row.searchRank) <= 20000],
  ["traffic_keyword", { trafficKeywordTypes: ["primary"] }, (row) => row.trafficKeywordType === "primary"],
  ["keyword_miner", { minRelevancy: 50 }, (row) => n(row.relevancy) >= 50],
];

test.each(FILTERS)("%s narrows with %j", async (code, extra, predicate) => {
  const all = await call(code, EXAMPLES[code]);
  const narrowed = await call(code, { ...EXAMPLES[code], ...extra });
  expect(narrowed.total).toBeLessThan(all.total);
  expect(narrowed.total).toBeGreaterThan(0);
  expect(rowsOf(narrowed).every(predicate)).toBe(true);
});

test("keyword and match type narrow: phrase results contain the keyword, fuzzy ones add more", async () => {
  const fuzzy = await call("keyword_miner", { marketplace: "US", keyword: "water bottle", matchType: 2, size: 100 });
  const phrase = await call("keyword_miner", { marketplace: "US", keyword: "water bottle", matchType: 3, size: 100 });
  expect(phrase.total).toBeLessThan(fuzzy.total);
  expect(rowsOf(phrase).every((r) => String(r.keyword).includes("water bottle"))).toBe(true);
  expect(rowsOf(phrase)[0].keyword).toBe("water bottle");
  const unfiltered = await call("product_research", { marketplace: "US" });
  const withKeyword = await call("product_research", { marketplace: "US", keyword: "bath rug" });
  expect(withKeyword.total).toBeLessThan(unfiltered.total);
});

test("traffic keywords of a product: the keyword parameter filters the product's words", async () => {
  const all = await call("traffic_keyword", { marketplace: "US", asin: "B07Z82895W", size: 100 });
  const word = String(rowsOf(all)[0].keyword).split(" ").at(-1) ?? "";
  const some = await call("traffic_keyword", { marketplace: "US", asin: "B07Z82895W", keyword: word, size: 100 });
  expect(some.total).toBeLessThan(all.total);
  expect(rowsOf(some).every((r) => String(r.keyword).includes(word))).toBe(true);
  expect(some).toEqual(expect.objectContaining({ marketplace: "US", asin: "B07Z82895W", stats: expect.any(Array) }));
  expect(some).not.toHaveProperty("page");
  expect(some).not.toHaveProperty("pages");
});

/** Walks every page; returns the record keys in order. */
async function walk(code: OperationCode, params: Record<string, unknown>, size: number, key: (row: Rec) => string) {
  const seen: string[] = [];
  let total = 0;
  for (let page = 1; page < 100; page++) {
    const data = await call(code, { ...params, page, size });
    total = data.total;
    if (data.items.length === 0) break;
    seen.push(...data.items.map(key));
  }
  return { seen, total };
}

test.each([
  ["keyword_order", 50, (r: Rec) => String(r.keyword)],
  ["traffic_listing", 40, (r: Rec) => String(r.asin)],
  ["traffic_source", 3, (r: Rec) => String(at(r, "asinInfo.asin"))],
  ["keyword_conversion", 100, (r: Rec) => String(r.keyword)],
] as const)("%s: walking all pages covers total without overlap", async (code, size, key) => {
  const params = code === "keyword_conversion" ? { ...EXAMPLES[code], minSearches: 20000 } : EXAMPLES[code];
  if (!operation(code).params.some((param) => param.name === "page")) {
    // No page parameter: one call returns the first `size` matches.
    const data = await call(code, { ...params, size });
    expect(data.items.length).toBe(Math.min(size, data.total));
    return;
  }
  const { seen, total } = await walk(code, params, size, key);
  expect(total).toBeGreaterThan(0);
  expect(seen).toHaveLength(total);
  expect(new Set(seen).size).toBe(total);
});

test("the live paging quirks: page 0 on first pages, pages 0, order echoed", async () => {
  const order = await call("keyword_order", EXAMPLES.keyword_order);
  expect(order.page).toBe(0);
  expect(order.order).toEqual({ field: "searchRank", desc: false });
  const listing = await call("traffic_listing", EXAMPLES.traffic_listing);
  expect([listing.page, listing.pages]).toEqual([0, 0]);
  const aba = await call("aba_research_weekly", { marketplace: "US" });
  expect(aba.pages).toBe(0);
  expect(aba.total).toBeGreaterThan(1000);
  const second = await call("keyword_order", { ...EXAMPLES.keyword_order, page: 2 });
  expect(second.page).toBe(2);
});

test("only 2,000 rows are reachable where the catalog says so; total stays the true count", async () => {
  const first = await call("product_research", { marketplace: "US", size: 100 });
  expect(first.total).toBeGreaterThan(2000);
  const last = await call("product_research", { marketplace: "US", size: 100, page: 20 });
  expect(last.items).toHaveLength(100);
  const beyond = await call("product_research", { marketplace: "US", size: 100, page: 21 });
  expect(beyond.items).toEqual([]);
  expect(beyond.total).toBe(first.total);
  // Without a row cap, the same depth is reachable.
  const aba = await call("aba_research_weekly", { marketplace: "US", size: 40, page: 60 });
  expect(aba.items.length).toBeGreaterThan(0);
});

test("product research enum filters: fulfillment (the spec's PLT goes out as AMZ), size tier, badges", async () => {
  const plt = await call("product_research", { marketplace: "US", fulfillment: "PLT", size: 100 });
  expect(plt.items.every((r) => r.fulfillment === "AMZ")).toBe(true);
  const tiers = await call("product_research", { marketplace: "US", dimensionType: "ST,LS", size: 100 });
  expect(tiers.items.every((r) => ["ST", "LS"].includes(String(r.dimensionsType)))).toBe(true);
  const bestSellers = await call("product_research", { marketplace: "US", badgeBS: "Y", size: 100 });
  expect(bestSellers.total).toBeGreaterThan(0);
  expect(bestSellers.items.every((r) => String(at(r, "badge.bestSeller")).startsWith("#1"))).toBe(true);
});
