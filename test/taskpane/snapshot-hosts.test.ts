/**
 * A table that keeps history, in both hosts (Excel desktop and on the web through the strict stand-in, and the
 * preview's grid): the first snapshot makes the history sheet, each snapshot appends its rows and one summary row,
 * a second one the same day replaces the first rather than doubling it, the chart over the summary grows with it,
 * and new rows never land on a person's note unasked (inserting cells moves only what is below that table). A Product
 * watch report keeps, per snapshot, its products' newest price, BSR and month's sales, charted price and BSR.
 */
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { setLocale } from "../../src/i18n";
import type { SnapshotAppend, StoredQuery, TableSpec } from "../../src/taskpane/host/host-adapter";
import {
  snapshotLayout,
  reportSnapshotPlan,
  snapshotDay,
  snapshotRows,
  tableSnapshotPlan,
} from "../../src/taskpane/reports/snapshot-sheet";
import { takeSnapshot } from "../../src/taskpane/reports/snapshot";
import { templateById } from "../../src/taskpane/report-model/templates";
import { useSimulator } from "../support/simulator";
import { HOSTS, hostUnderTest, type HostUnderTest } from "./support/hosts";

const QUERY: StoredQuery = {
  operation: "product_research",
  params: { marketplace: "US" },
  fields: ["asin", "price"],
  limit: 3,
};
const TABLE: TableSpec = {
  name: "MAD_ProductResearch",
  header: ["asin", "price"],
  rows: [["B000000001", 10]],
  columnFormats: ["@", "#,##0.00"],
  query: QUERY,
};
const DAY = 86_400_000;
const MONDAY = new Date(2025, 10, 24, 9, 10).getTime();

const records = (n: number, price: number) =>
  Array.from({ length: n }, (_, i) => ({ asin: `B00000000${i}`, price: price + i }));

async function setup(name: (typeof HOSTS)[number]) {
  const under = hostUnderTest(name);
  const info = await under.host.createTable({ sheet: under.sheet, address: "A1" }, TABLE);
  const plan = tableSnapshotPlan(info, "product_research")!;
  const layout = snapshotLayout(plan);
  const snapshot = (at: number, n: number, price: number, growth?: SnapshotAppend["growth"]) =>
    under.host.appendSnapshot({
      source: plan.source,
      layout,
      day: snapshotDay(at),
      rows: snapshotRows(plan, [{ rows: records(n, price), fetchedAt: at - 60_000 }], at),
      ...(growth ? { growth } : {}),
    });
  return { ...under, plan, layout, snapshot };
}

/** The layout: the summary in A:C (Taken, Rows, Average price), the rows table in E:I (Taken, Data as of, Source, asin, price). */
const rowsTable = (h: HostUnderTest, sheet: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => [h.showsOn(sheet, `H${from + i}`), h.showsOn(sheet, `I${from + i}`)]);

describe.each(HOSTS)("%s", (name) => {
  test("snapshots append, the same day replaces, and the chart over the summary grows with each day", async () => {
    const h = await setup(name);
    const first = await h.snapshot(MONDAY, 3, 10);
    expect(first).toEqual({ sheet: "History MAD_ProductResearch", snapshots: 1, replaced: false });
    const sheet = first.sheet;
    expect(h.sheets()).toEqual(["Sheet1", sheet]);
    expect(h.showsOn(sheet, "A1")).toBe("History of table MAD_ProductResearch");
    // Summary: Taken | Rows | Average price; rows table: Taken | Data as of | Source | asin | price.
    expect([h.showsOn(sheet, "A20"), h.showsOn(sheet, "B20"), h.showsOn(sheet, "C20")]).toEqual([
      "Taken",
      "Rows",
      "Average price",
    ]);
    expect([h.showsOn(sheet, "B21"), h.showsOn(sheet, "C21")]).toEqual([3, 11]);
    expect(h.showsOn(sheet, "G21")).toBe("table MAD_ProductResearch · MAD_ProductResearch");
    expect(rowsTable(h, sheet, 21, 23)).toEqual([
      ["B000000000", 10],
      ["B000000001", 11],
      ["B000000002", 12],
    ]);
    expect(h.chartRows(sheet)).toEqual([[1, 1]]);

    const again = await h.snapshot(MONDAY + 3 * 3600_000, 2, 20);
    expect(again).toEqual({ sheet, snapshots: 1, replaced: true });
    expect([h.showsOn(sheet, "B21"), h.showsOn(sheet, "C21"), h.showsOn(sheet, "A22")]).toEqual([2, 20.5, ""]);
    expect(rowsTable(h, sheet, 21, 23)).toEqual([
      ["B000000000", 20],
      ["B000000001", 21],
      ["", ""],
    ]);

    const tuesday = await h.snapshot(MONDAY + DAY, 3, 30);
    expect(tuesday).toEqual({ sheet, snapshots: 2, replaced: false });
    expect([h.showsOn(sheet, "B22"), h.showsOn(sheet, "C22")]).toEqual([3, 31]);
    expect(rowsTable(h, sheet, 21, 25)).toEqual([
      ["B000000000", 20],
      ["B000000001", 21],
      ["B000000000", 30],
      ["B000000001", 31],
      ["B000000002", 32],
    ]);
    expect(h.chartRows(sheet)).toEqual([[2, 2]]);
    for (let day = 2; day < 7; day++) await h.snapshot(MONDAY + day * DAY, 1, 40);
    expect(h.chartRows(sheet)).toEqual([[7, 7]]);
    expect((await h.host.listSnapshotSheets()).map((s) => [s.source, s.sheet, s.snapshots])).toEqual([
      [{ kind: "table", table: "MAD_ProductResearch" }, sheet, 7],
    ]);
    expect(h.silentOverwrites()).toEqual([]);
  });

  test("a person's note under a history table: refused unasked, moved down (that table's columns only) when asked", async () => {
    const h = await setup(name);
    const { sheet } = await h.snapshot(MONDAY, 2, 10);
    h.typeOn(sheet, "H24", "my note");
    h.typeOn(sheet, "A30", "beside, not below");
    await expect(h.snapshot(MONDAY + DAY, 3, 10)).rejects.toMatchObject({
      name: "CellsInUseError",
      occupied: ["H24"],
    });
    expect(h.showsOn(sheet, "H23")).toBe("");
    expect(h.chartRows(sheet)).toEqual([[1, 1]]);
    await h.snapshot(MONDAY + DAY, 3, 10, "insertRows");
    expect(h.showsOn(sheet, "H27")).toBe("my note");
    expect(h.showsOn(sheet, "I24")).toBe(11);
    expect(h.showsOn(sheet, "A30")).toBe("beside, not below");
    expect(h.silentOverwrites()).toEqual([]);
  });
});

describe("a Product watch report keeping history", () => {
  const SECRET = "watch-history-00112233445566778899";
  const sim = useSimulator({ secret: SECRET });
  const ASINS = ["B07Z82895W", "B0DGVP84B5"];
  const INPUTS = { market: "US", asins: ASINS.join(", ") };

  type Point = { readonly timePoint: number | null; readonly value: number | null };
  /** What the simulator answers for an ASIN: its newest known price and rank, and its newest month's sales. */
  async function answers(asin: string) {
    const engine = createEngine({ store: memoryStore({ "mad.secret": SECRET, "mad.baseUrl": sim.url }) });
    const keepa = (await engine.query("keepa_info", { marketplace: "US", asin })).rows[0];
    const trend = (await engine.query("asin_sales_trend", { marketplace: "US", asin })).rows[0];
    const newest = (series: readonly Point[] | null) =>
      Number(series!.filter((p) => p.timePoint !== null && p.timePoint <= Date.now()).at(-1)!.value);
    const month = trend.salesTrendPoints!.at(-1)!;
    return {
      price: newest(keepa.price),
      bsr: newest(keepa.bsr),
      units: Number(month.parentUnitSales),
      revenue: Number(month.parentSalesRevenue),
    };
  }

  describe.each(HOSTS)("%s", (name) => {
    test("each snapshot keeps the watched products' price, BSR and month's sales; the chart draws price and BSR", async () => {
      const [one, two] = await Promise.all(ASINS.map(answers));
      expect([one.price, two.price, one.bsr, two.bsr]).toEqual(Array(4).fill(expect.any(Number)));
      const h = hostUnderTest(name);
      h.addSheet("Products B07Z82895W");
      const engine = createEngine({ store: memoryStore({ "mad.secret": SECRET, "mad.baseUrl": sim.url }) });
      const plan = reportSnapshotPlan("Products B07Z82895W", templateById("productWatch"), readInputs(INPUTS));
      const first = await takeSnapshot(engine, h.host, plan, MONDAY);
      const sheet = first.written!.sheet;
      expect(first.written).toEqual({ sheet: "History Products B07Z82895W", snapshots: 1, replaced: false });
      // Per product, its price and BSR, its month's sales and its newest reviews: three calls each, no card.
      expect(first.callsSpent).toBe(6);
      const row = (n: number, columns: string) => [...columns].map((c) => h.showsOn(sheet, `${c}${n}`));
      expect(row(20, "ABCDE")).toEqual([
        "Taken",
        "Average price, watched products",
        "Median BSR, watched products",
        "Monthly units, all watched products",
        "Monthly revenue, all watched products",
      ]);
      const [price, bsr, units, revenue] = row(21, "BCDE") as number[];
      expect(price).toBeCloseTo((one.price + two.price) / 2, 6);
      expect(bsr).toBeCloseTo((one.bsr + two.bsr) / 2, 6); // the median of two
      expect(units).toBe(one.units + two.units);
      expect(revenue).toBeCloseTo(one.revenue + two.revenue, 6);
      // Each product's price history gives one row a snapshot, its newest week: price and BSR as answered.
      expect(row(20, "GHIJKL")).toEqual(["Taken", "Data as of", "Source", "date", "price", "bsr"]);
      expect(h.showsOn(sheet, "I21")).toMatch(/^Products B07Z82895W \(Product watch\) · Price and BSR, product 1 · /);
      expect(row(21, "KL")).toEqual([one.price, one.bsr]);
      expect(row(22, "KL")).toEqual(["", ""]);
      expect(h.chartRows(sheet)).toEqual([[1, 1]]);

      const tuesday = await takeSnapshot(engine, h.host, plan, MONDAY + DAY);
      expect(tuesday).toEqual({ written: { sheet, snapshots: 2, replaced: false }, callsSpent: 0 });
      expect(row(22, "BC")).toEqual([price, bsr]);
      expect(row(22, "KL")).toEqual([one.price, one.bsr]);
      expect(h.chartRows(sheet)).toEqual([[2, 2]]);
    });
  });

  test("its chart: price, and BSR on an axis of its own, over the snapshots, in English and Chinese", async () => {
    const plan = reportSnapshotPlan("Products B07Z82895W", templateById("productWatch"), readInputs(INPUTS));
    // Both products' price snapshotStates and sales trends are read, the first per product before its sales.
    expect(plan.queries.map((q) => [q.label, q.interval ?? null])).toEqual([
      ["Price and BSR, product 1", "weekly"],
      ["Monthly sales, product 1", "monthly"],
      ["Newest reviews, product 1", null],
      ["Price and BSR, product 2", "weekly"],
      ["Monthly sales, product 2", "monthly"],
      ["Newest reviews, product 2", null],
    ]);
    const { chart } = snapshotLayout(plan);
    expect(chart.title).toBe("Watched products' price and BSR");
    expect(chart.series).toEqual([
      { name: "Average price, watched products", values: { cell: "A20", column: 1 } },
      { name: "Median BSR, watched products", values: { cell: "A20", column: 2 }, axis: "secondary" },
    ]);
    expect([chart.valueAxisTitle, chart.secondaryValueAxisTitle]).toEqual(["Price", "Best-seller rank"]);
    await setLocale("zh-CN");
    try {
      const zh = snapshotLayout(
        reportSnapshotPlan("Products B07Z82895W", templateById("productWatch"), readInputs(INPUTS)),
      );
      expect(zh.chart.title).toBe("关注商品的价格与 BSR");
      expect(zh.tables[0].header.slice(1)).toEqual([
        "平均价格（关注商品）",
        "BSR 中位数（关注商品）",
        "月销量（全部关注商品）",
        "月销售额（全部关注商品）",
      ]);
    } finally {
      await setLocale("en");
    }
  });
});
