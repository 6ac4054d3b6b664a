/**
 * One product's functions against the simulator over real HTTP, as Excel runs them: details with their day-only
 * dates on the right calendar day and -1 prices blank, reviews paged 10 at a time, the history functions dated by
 * period and sharing one call per product whatever the range, the sales trend's months, the BSR estimator with a
 * node path. Each expectation reads the simulator's own answer, so the cells are checked against the wire.
 */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { epochMsToSerial } from "../../src/api/dates";
import { configureRunner } from "../../src/functions/runner";
import { setLocale } from "../../src/i18n/locale";
import { harness } from "./helpers/harness";
import { useSimulator } from "../support/simulator";

const SECRET = "product0simulator000000000000abcd";
const sim = useSimulator({ secret: SECRET });
const service = sim.service;

afterAll(() => {
  configureRunner();
  shim.uninstall();
});

const wire = async (path: string, query = "") => {
  const reply = await fetch(`${sim.url}${path}${query}`, { headers: { "secret-key": SECRET } });
  return ((await reply.json()) as { data: Record<string, unknown> }).data;
};
/** The calendar day (in China, the service's calendar) of a midnight-China stamp, as an Excel date. */
const chinaDay = (ms: number) => Math.floor(epochMsToSerial(ms + 8 * 3_600_000));
const valueOf = (table: unknown[][], field: string) => table.find((row) => row[0] === field)?.[1];

test("MAD.PRODUCTDETAILS: field/value rows; day-only dates on their calendar day; -1 prices blank", async () => {
  const h = harness(shim, service);
  const outcome = await h.run("asin_detail", { positional: ["b0dxtms9nf"] });
  const table = outcome.value!;
  expect(table[0]).toEqual(["field", "value"]);
  expect(sim.requests).toEqual([expect.stringMatching(/^GET \/v1\/asin\/US\/B0DXTMS9NF -> OK/)]);
  const answer = await wire("/v1/asin/US/B0DXTMS9NF");
  expect(valueOf(table, "title")).toBe(answer.title);
  expect(valueOf(table, "availableDate")).toBe(chinaDay(answer.availableDate as number));
  expect(valueOf(table, "firstRatingDate")).toBe(chinaDay(answer.firstRatingDate as number));
  expect(valueOf(table, "primePrice")).toBe(answer.primePrice === -1 ? "" : answer.primePrice);
  expect(valueOf(table, "badge.platformChoice")).toBe((answer.badge as Record<string, unknown>).amazonChoice);
});

/** The first page of 10 reviews of a product, as the service sends it. */
const reviewsOf = async (asin: string) =>
  (
    (await fetch(`${sim.url}/v1/review`, {
      method: "POST",
      headers: { "secret-key": SECRET, "content-type": "application/json" },
      body: JSON.stringify({ marketplace: "US", asin, size: 10 }),
    }).then((r) => r.json())) as { data: { total: number; items: { date: number; star: number }[] } }
  ).data;

test("MAD.REVIEWS: pages of 10 up to the limit, one call each; dates on their calendar day", async () => {
  // A product with more than 25 reviews (products differ: a new one has a few).
  const candidates = ["B07Z82895W", "B0DGVP84B5", "B0C2PQ4DKQ", "B0DYL2DHVV", "B0DXTMS9NF", "B08GHW4TBS"];
  let asin = "";
  for (const candidate of candidates) if (!asin && (await reviewsOf(candidate)).total > 25) asin = candidate;
  expect(asin).not.toBe("");
  const answer = await reviewsOf(asin);
  sim.resetStats();
  const h = harness(shim, service);
  const outcome = await h.run("review", { positional: [asin], fields: "date, star, title", limit: 25 });
  const table = outcome.value!;
  expect(table[0]).toEqual(["date", "star", "title"]);
  expect(table).toHaveLength(26);
  expect(sim.stats().byOperation.review).toBe(3);
  expect(table.slice(1, 11).map((r) => r[0])).toEqual(answer.items.map((r) => chinaDay(r.date)));
  expect(table.slice(1).every((r) => Number.isInteger(r[0]) && [1, 2, 3, 4, 5].includes(r[1] as number))).toBe(true);
});

test("MAD.PRICEHISTORY: weekly rows dated on Mondays; every range of one product shares one call", async () => {
  const h = harness(shim, service);
  const weekly = (await h.run("keepa_info", { positional: ["B07Z82895W"], interval: "w", fields: "price, bsr" }))
    .value!;
  expect(weekly[0]).toEqual(["date", "price", "bsr"]);
  const dates = weekly.slice(1).map((r) => r[0] as number);
  // Excel serial 2 is a Monday (1900-01-02); a week's first day is a Monday.
  expect(dates.every((d) => Number.isInteger(d) && (d - 2) % 7 === 0)).toBe(true);
  const ranks = weekly.slice(1).map((r) => r[2]);
  expect(ranks.every((r) => typeof r === "number" && r >= 1)).toBe(true);
  const daily = (await h.run("keepa_info", { positional: ["B07Z82895W"], start: dates[2], end: dates[4] })).value!;
  expect(daily[0]).toEqual([
    "date",
    "price",
    "buyBox",
    "listPrice",
    "dealPrice",
    "bsr",
    "rating",
    "ratings",
    "sellers",
  ]);
  expect(daily.slice(1).map((r) => r[0])).toEqual(
    Array.from({ length: dates[4] - dates[2] + 1 }, (_, i) => dates[2] + i),
  );
  expect(sim.stats().byOperation.keepa_info).toBe(1);
});

test("MAD.PRICEHISTORY's headers: labels head the columns in words, in the reader's language; FALSE none", async () => {
  const h = harness(shim, service);
  const asked = { positional: ["B07Z82895W"], interval: "w", fields: "price, bsr" };
  const names = (await h.run("keepa_info", asked)).value!;
  const labelled = (await h.run("keepa_info", { ...asked, headers: "labels" })).value!;
  expect(labelled[0]).toEqual(["Date", "Price", "Best-seller rank in the main category"]);
  // The same rows under either header; `names` and TRUE are the default's.
  expect(labelled.slice(1)).toEqual(names.slice(1));
  expect((await h.run("keepa_info", { ...asked, headers: "NAMES" })).value).toEqual(names);
  expect((await h.run("keepa_info", { ...asked, headers: true })).value).toEqual(names);
  expect((await h.run("keepa_info", { ...asked, headers: false })).value).toEqual(names.slice(1));
  await setLocale("zh-CN");
  try {
    const chinese = (await h.run("keepa_info", { ...asked, headers: "labels" })).value!;
    expect(chinese[0]).toEqual(["日期", "价格", "大类 BSR 排名"]);
    const sales = (await h.run("asin_sales_trend", { positional: ["B0DXTMS9NF"], fields: "units", headers: "labels" }))
      .value!;
    expect(sales[0]).toEqual(["日期", "父体销量"]);
  } finally {
    await setLocale("en");
  }
  // One call for the product, whatever its header.
  expect(sim.stats().byOperation.keepa_info).toBe(1);
});

test("a history function's headers that is none of its words is #VALUE! naming headers; nothing is sent", async () => {
  const h = harness(shim, service);
  const before = sim.stats().total;
  const outcome = await h.run("asin_prediction", { positional: ["B0DBY873G7"], headers: "words" });
  expect(outcome.error).toEqual({
    code: "#VALUE!",
    message: 'headers: expected TRUE, FALSE, labels or names (got "words")',
  });
  expect(sim.stats().total).toBe(before);
});

test("MAD.SALESTREND: monthly units and revenue as the service sends them; days are refused, nothing sent", async () => {
  const h = harness(shim, service);
  const table = (await h.run("asin_sales_trend", { positional: ["B0DXTMS9NF"], fields: "units, childUnits" })).value!;
  const answer = await wire("/v1/asin/US/B0DXTMS9NF/sales-trend");
  const months = answer.salesTrendPoints as { month: string; parentUnitSales: number; childUnitSales: number }[];
  const byDate = new Map(table.slice(1).map((r) => [r[0], r]));
  for (const m of months.slice(-12)) {
    const serial = epochMsToSerial(Date.UTC(Number(m.month.slice(0, 4)), Number(m.month.slice(5, 7)) - 1, 1));
    expect(byDate.get(serial)).toEqual([serial, m.parentUnitSales, m.childUnitSales]);
  }
  const before = sim.stats().total;
  const daily = await h.run("asin_sales_trend", { positional: ["B0DXTMS9NF"], interval: "daily" });
  expect(daily.error).toEqual({
    code: "#VALUE!",
    message: "interval: MAD.SALESTREND has monthly figures only (got daily)",
  });
  expect(sim.stats().total).toBe(before);
});

test("MAD.SALESESTIMATE: weeks sum the daily units the service estimates", async () => {
  const h = harness(shim, service);
  const weeks = (await h.run("asin_prediction", { positional: ["B0DBY873G7"], interval: "weekly", fields: "units" }))
    .value!;
  const answer = await wire("/v1/sales/prediction/asin", "?marketplace=US&asin=B0DBY873G7");
  const days = answer.dailyItemList as { date: string; sales: number }[];
  const total = days.reduce((sum, d) => sum + d.sales, 0);
  expect(weeks.slice(1).reduce((sum, r) => sum + (r[1] as number), 0)).toBe(total);
});

test("MAD.BSRSALES: a node path reads as its main category", async () => {
  const h = harness(shim, service);
  const byPath = (await h.run("bsr_prediction", { positional: [1024, "172282:281407"] })).value!;
  const byId = (await h.run("bsr_prediction", { positional: ["1024", 172282] })).value!;
  expect(byPath).toEqual(byId);
  expect(valueOf(byPath, "categoryLabel")).toBe("Electronics");
  expect(sim.stats().byOperation.bsr_prediction).toBe(1);
});

/** An Excel date of a `yyyy-mm-dd` day. */
const daySerial = (day: string) => epochMsToSerial(Date.parse(`${day}T00:00:00Z`));

test("MAD.COUPONS: one row per coupon day, its day an Excel date; prices in currency units as sent", async () => {
  const h = harness(shim, service);
  const table = (await h.run("asin_coupon_trend", { positional: ["B08GHW4TBS"], limit: 50 })).value!;
  expect(sim.requests.at(-1)).toMatch(/^GET \/v1\/asin\/US\/B08GHW4TBS\/coupon-trend -> OK/);
  const days = (await wire("/v1/asin/US/B08GHW4TBS/coupon-trend")) as unknown as {
    date: string;
    type: string;
    asinPrice: number;
    couponPrice: number;
    finalPrice: number;
  }[];
  expect(days.length).toBeGreaterThan(0);
  const header = table[0] as string[];
  expect(header).toEqual(["date", "marketplace", "asin", "type", "asinPrice", "couponPrice", "finalPrice"]);
  const col = (name: string) => header.indexOf(name);
  expect(
    table.slice(1).map((r) => [r[col("date")], r[col("type")], r[col("asinPrice")], r[col("finalPrice")]]),
  ).toEqual(days.slice(0, 50).map((d) => [daySerial(d.date), d.type, d.asinPrice, d.finalPrice]));
  // A price is what a shopper pays (21.99), never cents; money off is the gap between the two prices.
  for (const row of table.slice(1).filter((r) => r[col("type")] === "M"))
    expect(row[col("asinPrice")] as number).toBeCloseTo(
      (row[col("couponPrice")] as number) + (row[col("finalPrice")] as number),
      2,
    );
});

test("MAD.PRODUCTCOUPONS: the product's details as asin.* rows, then its coupon days, from one call", async () => {
  const h = harness(shim, service);
  sim.resetStats();
  const table = (await h.run("asin_detail_with_coupon_trend", { positional: ["B08GHW4TBS"] })).value!;
  expect(sim.stats().byOperation.asin_detail_with_coupon_trend).toBe(1);
  const answer = (await wire("/v1/asin/US/B08GHW4TBS/with-coupon-trend")) as {
    asin: Record<string, unknown>;
    couponTrends: { date: string }[];
  };
  expect(table[0]).toEqual(["field", "value"]);
  expect(valueOf(table, "asin.asin")).toBe("B08GHW4TBS");
  expect(valueOf(table, "asin.title")).toBe(answer.asin.title);
  expect(valueOf(table, "asin.price")).toBe(answer.asin.price);
  const coupons = String(valueOf(table, "couponTrends"));
  // One compact item a coupon day, as sent (its day, its price and discount), within a cell's 255 characters: the
  // whole list is MAD.COUPONS's.
  const days = answer.couponTrends as unknown as { date: string; asinPrice: number; couponPrice: number }[];
  expect(coupons.length).toBeLessThanOrEqual(255);
  expect(coupons.split("; ")[0]).toBe(`${days[0].date} (${days[0].asinPrice} / ${days[0].couponPrice})`);
  expect(coupons.split("; ")[1]).toBe(`${days[1].date} (${days[1].asinPrice} / ${days[1].couponPrice})`);
});

test("MAD.KEYWORDSTATS: keyword counts as sent, where the product shows by badge, the computing time in UTC", async () => {
  const h = harness(shim, service);
  const table = (await h.run("traffic_keyword_stat", { positional: ["B07Z82895W"] })).value!;
  expect(sim.requests.at(-1)).toMatch(/^GET \/v1\/traffic\/keyword\/stat\/US\/B07Z82895W -> OK/);
  const answer = (await wire("/v1/traffic/keyword/stat/US/B07Z82895W")) as {
    keywords: number;
    ranks: number;
    ads: number;
    calcTime: number;
    badgeCount: Record<string, number>;
  };
  expect([valueOf(table, "keywords"), valueOf(table, "ranks"), valueOf(table, "ads")]).toEqual([
    answer.keywords,
    answer.ranks,
    answer.ads,
  ]);
  expect(valueOf(table, "badgeCount.ns")).toBe(answer.badgeCount.ns);
  expect(valueOf(table, "badgeCount.sb")).toBe(answer.badgeCount.sb);
  expect(valueOf(table, "calcTime")).toBeCloseTo(epochMsToSerial(answer.calcTime), 8);
});

test("MAD.LISTINGSTATS: related products free and sponsored as sent, each relation type with its count", async () => {
  const h = harness(shim, service);
  const table = (await h.run("traffic_listing_stat", { positional: ["B07Z82895W"] })).value!;
  expect(sim.requests.at(-1)).toMatch(/^GET \/v1\/traffic\/listing\/stat\/US\/B07Z82895W -> OK/);
  const answer = (await wire("/v1/traffic/listing/stat/US/B07Z82895W")) as {
    relations: number;
    freeRelations: number;
    paidRelations: number;
    items: { relation: string; count: number }[];
  };
  expect([valueOf(table, "relations"), valueOf(table, "freeRelations"), valueOf(table, "paidRelations")]).toEqual([
    answer.relations,
    answer.freeRelations,
    answer.paidRelations,
  ]);
  const items = String(valueOf(table, "items"));
  for (const item of answer.items) expect(items).toContain(`${item.relation} (${item.count})`);
});
