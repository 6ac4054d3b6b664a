/**
 * A table that keeps history, in both hosts (Excel desktop and on the web through the strict stand-in, and the
 * preview's grid): the first snapshot makes the history sheet, each snapshot appends its rows and one summary row,
 * a second one the same day replaces the first rather than doubling it, the chart over the summary grows with it,
 * and new rows never land on a person's note unasked (inserting cells moves only what is below that table).
 */
import type { HistoryAppend, StoredQuery, TableSpec } from "../../src/taskpane/host/host-adapter";
import { historyLayout, snapshotDay, snapshotRows, tableSnapshotPlan } from "../../src/taskpane/reports/history";
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
  const layout = historyLayout(plan);
  const snapshot = (at: number, n: number, price: number, growth?: HistoryAppend["growth"]) =>
    under.host.appendHistory!({
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
    expect((await h.host.listHistories!()).map((s) => [s.source, s.sheet, s.snapshots])).toEqual([
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
