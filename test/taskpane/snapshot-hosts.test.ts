/**
 * A table that keeps history, in both hosts (Excel desktop and on the web through the strict stand-in, and the
 * preview's grid): the first snapshot makes the history sheet, each snapshot appends its rows and one summary row,
 * a second one the same day replaces the first rather than doubling it, the chart over the summary grows with it,
 * and new rows never land on a person's note unasked (inserting cells moves only what is below that table). A Product
 * watch report of 60 products keeps, per snapshot, a row per product from its table's two calls, summed up as their
 * average price, median BSR and 30 days' sales, charted price and BSR.
 */
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { setLocale } from "../../src/i18n";
import type { StoredQuery, TableSpec } from "../../src/taskpane/host/host-adapter";
import type { SnapshotAppend } from "../../src/taskpane/report-model/snapshot-spec";
import {
  snapshotLayout,
  reportSnapshotPlan,
  snapshotDay,
  snapshotRows,
  tableSnapshotPlan,
} from "../../src/taskpane/reports/snapshot-sheet";
import { snapshotCost, takeSnapshot } from "../../src/taskpane/reports/snapshot";
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
  /** 60 watched products, two of them picked for charts. */
  const ASINS = Array.from({ length: 60 }, (_, i) => `B0${String(7_000_000 + i).padStart(8, "0")}`);
  const INPUTS = { market: "US", asins: ASINS.join("\n"), picked: `${ASINS[3]}, ${ASINS[7]}` };
  const SHEET = `Products ${ASINS[0]}`;
  const engineOf = () => createEngine({ store: memoryStore({ "mad.secret": SECRET, "mad.baseUrl": sim.url }) });

  /** What the simulator answers for the watched products: each one's row of competitor lookup. */
  async function answers() {
    const { rows } = await engineOf().query("competitor_lookup", { marketplace: "US", asins: ASINS });
    const byAsin = new Map(rows.map((r) => [r.asin, r]));
    return ASINS.map((asin) => byAsin.get(asin)!);
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  };

  describe.each(HOSTS)("%s", (name) => {
    test("each snapshot keeps a row per watched product from the table's calls; the chart draws price and BSR", async () => {
      const products = await answers();
      expect(products.map((p) => p.asin)).toEqual(ASINS);
      const h = hostUnderTest(name);
      h.addSheet(SHEET);
      const engine = engineOf();
      const plan = reportSnapshotPlan(SHEET, templateById("productWatch"), readInputs(INPUTS));
      // Said before it is taken: a call per 40 products.
      expect(await snapshotCost(engine, plan, null)).toEqual({ calls: 2, question: null });
      const first = await takeSnapshot(engine, h.host, plan, MONDAY);
      expect(await snapshotCost(engine, plan, null)).toEqual({ calls: 0, question: null });
      const sheet = first.written!.sheet;
      expect(first.written).toEqual({ sheet: `History ${SHEET}`, snapshots: 1, replaced: false });
      // The table of all 60 only: a call per 40 products, nothing for the picked ones' charts.
      expect(first.callsSpent).toBe(2);
      const row = (n: number, columns: string) => [...columns].map((c) => h.showsOn(sheet, `${c}${n}`));
      expect(row(20, "ABCDE")).toEqual([
        "Taken",
        "Average price, watched products",
        "Median BSR, watched products",
        "Units in the last 30 days, all watched products",
        "Revenue in the last 30 days, all watched products",
      ]);
      const [price, bsr, units, revenue] = row(21, "BCDE") as number[];
      const sum = (field: "price" | "platformUnit" | "platformSales") =>
        products.reduce((n, p) => n + Number(p[field]), 0);
      expect(price).toBeCloseTo(sum("price") / 60, 6);
      expect(bsr).toBeCloseTo(median(products.map((p) => Number(p.bsr))), 6);
      expect(units).toBe(sum("platformUnit"));
      expect(revenue).toBeCloseTo(sum("platformSales"), 6);
      // One row per watched product, in the list's order: its ASIN, price, BSR, units and revenue as answered.
      expect(row(20, "GHIJMNPQ")).toEqual([
        "Taken",
        "Data as of",
        "Source",
        "asin",
        "price",
        "bsr",
        "platformUnit",
        "platformSales",
      ]);
      // Its source names the inputs, the 60 ASINs by their first three.
      const listed = `${ASINS.slice(0, 3).join(", ")} and 57 more`;
      expect(h.showsOn(sheet, "I21")).toBe(
        `${SHEET} (Product watch) · Watched products · Market US · ASINs ${listed} · Charted products ${INPUTS.picked}`,
      );
      for (const [i, product] of products.entries())
        expect(row(21 + i, "JMNPQ")).toEqual([
          product.asin,
          product.price,
          product.bsr,
          product.platformUnit,
          product.platformSales,
        ]);
      expect(row(81, "J")).toEqual([""]);
      expect(h.chartRows(sheet)).toEqual([[1, 1]]);

      const tuesday = await takeSnapshot(engine, h.host, plan, MONDAY + DAY);
      expect(tuesday).toEqual({ written: { sheet, snapshots: 2, replaced: false }, callsSpent: 0 });
      expect(row(22, "BC")).toEqual([price, bsr]);
      expect(row(81, "JM")).toEqual([ASINS[0], products[0].price]);
      expect(row(140, "J")).toEqual([ASINS[59]]);
      expect(h.chartRows(sheet)).toEqual([[2, 2]]);
    });
  });

  test("its chart: price, and BSR on an axis of its own, over the snapshots, in English and Chinese", async () => {
    const plan = reportSnapshotPlan(SHEET, templateById("productWatch"), readInputs(INPUTS));
    // The table only: every watched product's row (the picked ones' histories stay on the report).
    expect(plan.queries.map((q) => [q.label, q.operation, (q.params.asins as string[]).length])).toEqual([
      ["Watched products", "competitor_lookup", 60],
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
      const zh = snapshotLayout(reportSnapshotPlan(SHEET, templateById("productWatch"), readInputs(INPUTS)));
      expect(zh.chart.title).toBe("关注商品的价格与 BSR");
      expect(zh.tables[0].header.slice(1)).toEqual([
        "平均价格（关注商品）",
        "BSR 中位数（关注商品）",
        "近 30 天销量（全部关注商品）",
        "近 30 天销售额（全部关注商品）",
      ]);
    } finally {
      await setLocale("en");
    }
  });
});
