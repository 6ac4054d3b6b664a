/**
 * The single-product answers over real HTTP tell one product's story in the live service's encodings: reviews
 * pages of at most 10 dated at midnight China time, keepa series of epoch-ms change points with -1 for no data,
 * package sizes in millimetres, the sales trend's months adding up what the sales estimate says, the BSR sales
 * estimator reading a main category, and `data: null` for a product the service does not know.
 */
import { DEMO_SECRET } from "../../src/simulator";
import { at, send, start, T0, type Rec } from "./helpers";
import type { RunningSimulator } from "../../src/simulator";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(() => sim.stop());

const CHINA_OFFSET_MS = 8 * 3_600_000;
const isChinaMidnight = (ms: number) => (ms + CHINA_OFFSET_MS) % 86_400_000 === 0;
const data = async (path: string, params: Rec) => {
  const reply = await send(sim.url, path, params);
  expect(reply.body.code).toBe("OK");
  return reply.body.data as Rec;
};

test("reviews: pages of at most 10 (default 5), newest first, dated at midnight China time, filtered by stars", async () => {
  const first = await data("/v1/review", { marketplace: "US", asin: "B08GHW4TBS" });
  const items = first.items as Rec[];
  expect(items).toHaveLength(5);
  expect(first.total).toBeGreaterThan(10);
  const dates = items.map((r) => r.date as number);
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
  expect(dates.every(isChinaMidnight)).toBe(true);
  const fives = await data("/v1/review", { marketplace: "US", asin: "B08GHW4TBS", starList: [5], size: 10 });
  expect((fives.items as Rec[]).every((r) => r.star === 5)).toBe(true);
  expect(fives.total).toBeLessThan(first.total as number);
  const tooBig = await send(sim.url, "/v1/review", { marketplace: "US", asin: "B08GHW4TBS", size: 11 });
  expect([tooBig.body.code, tooBig.body.message]).toEqual(["ERROR_PARAM", "参数错误: size: at most 10 (got 11)"]);
});

test("keepa: change points in epoch ms, ascending, -1 for no data somewhere; package sizes in millimetres", async () => {
  let sawNoData = false;
  for (const asin of ["B0DYL2DHVV", "B07Z82895W", "B0DGVP84B5", "B08GHW4TBS", "B0C2PQ4DKQ", "B0DXTMS9NF"]) {
    const keepa = await data("/v1/keepa/{marketplace}/{asin}", { marketplace: "US", asin });
    for (const name of ["price", "buyBox", "bsr", "reviews", "rating"]) {
      const points = keepa[name] as { timePoint: number; value: number }[];
      expect(points.length).toBeGreaterThan(0);
      const times = points.map((p) => p.timePoint);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times.every((t) => t > 1.5e12 && t <= T0)).toBe(true);
      // A point is a change: no two neighbours hold the same value.
      expect(points.every((p, i) => i === 0 || p.value !== points[i - 1].value)).toBe(true);
    }
    sawNoData ||= (keepa.price as { value: number }[]).some((p) => p.value === -1);
    const inches = String(keepa.pkgDimensions).replace(" inches", "").split(" x ").map(Number);
    expect(keepa.pkgDimensionsSize).toEqual(inches.map((x) => Math.round(x * 25.4)));
  }
  expect(sawNoData).toBe(true);
});

test("one product, one story: today's rank and price, and months that add up the days", async () => {
  const asin = "B0DXTMS9NF";
  const detail = await data("/v1/asin/{marketplace}/{asin}", { marketplace: "US", asin });
  const keepa = await data("/v1/keepa/{marketplace}/{asin}", { marketplace: "US", asin });
  const trend = await data("/v1/asin/{marketplace}/{asin}/sales-trend", { marketplace: "US", asin });
  const estimate = await data("/v1/sales/prediction/asin", { marketplace: "US", asin });
  expect(detail.bsrRank).toBe((keepa.bsr as { value: number }[]).at(-1)?.value);
  const prices = (keepa.price as { value: number }[]).filter((p) => p.value > 0);
  expect(detail.price).toBe(prices.at(-1)?.value);
  expect(isChinaMidnight(detail.availableDate as number)).toBe(true);
  expect(isChinaMidnight(detail.firstRatingDate as number)).toBe(true);
  expect(at(trend, "asin.asin")).toBe(asin);
  const months = trend.salesTrendPoints as Rec[];
  expect(months.length).toBeGreaterThan(0);
  expect(months.every((m) => /^\d{4}-\d{2}$/.test(String(m.month)))).toBe(true);
  for (const month of estimate.monthItemList as Rec[]) {
    const same = months.find((m) => m.month === month.date);
    if (same) expect(same.childUnitSales).toBe(month.sales);
  }
  const days = estimate.dailyItemList as Rec[];
  expect(days.length).toBeGreaterThan(20);
  expect(days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(String(d.date)))).toBe(true);
});

test("BSR sales: a main category's id (a node path's first id), fewer units the lower the rank", async () => {
  const byPath = await send(sim.url, "/v1/sales/prediction/bsr", {
    marketplace: "US",
    bsr: 1024,
    categoryId: "172282:281407",
  });
  const byId = await send(sim.url, "/v1/sales/prediction/bsr", { marketplace: "US", bsr: 1024, categoryId: "172282" });
  expect(byPath.text).toBe(byId.text);
  const body = byId.body.data as Rec;
  expect(body.categoryLabel).toBe("Electronics");
  const items = body.itemList as Rec[];
  const daily = items.map((i) => i.estDailySales as number);
  expect(daily).toEqual([...daily].sort((a, b) => b - a));
  expect(body.estDailySales).toBeLessThan(daily[0]);
});

test("a product the service does not know answers OK with no data", async () => {
  const reply = await send(
    sim.url,
    "/v1/asin/{marketplace}/{asin}",
    { marketplace: "US", asin: "B0ZZZZ0000" },
    {
      "secret-key": DEMO_SECRET,
    },
  );
  expect(reply.body).toEqual({ code: "OK", message: "成功", data: null });
});
