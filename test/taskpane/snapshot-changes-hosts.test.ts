/**
 * A history sheet's Changes table, in both hosts (Excel desktop and on the web through the strict stand-in, and the
 * preview's grid): right of the rows tables, it holds the latest snapshot against the one before, read back from the
 * sheet's own rows (no call): products new, gone and prices changed, by ASIN; each snapshot replaces its rows (a
 * second one the same day compares with the day before, not with the snapshot it replaced). A history sheet made
 * before the table gains it at its next snapshot, unless a person's cell is where it would go.
 */
import { setLocale } from "../../src/i18n";
import type { StoredQuery, TableSpec } from "../../src/taskpane/host/host-adapter";
import type { CellValue } from "../../src/taskpane/report-model/cells";
import type { SnapshotSheetSpec } from "../../src/taskpane/report-model/snapshot-spec";
import { CHANGES_KEY } from "../../src/taskpane/reports/changes-table";
import { changesAgainstSheet } from "../../src/taskpane/reports/snapshot-changes";
import {
  snapshotDay,
  snapshotLayout,
  snapshotRows,
  tableSnapshotPlan,
} from "../../src/taskpane/reports/snapshot-sheet";
import { everySyncUnder5MB, HOSTS, hostUnderTest } from "./support/hosts";

everySyncUnder5MB();
afterEach(() => setLocale("en"));

const QUERY: StoredQuery = { operation: "product_research", params: { marketplace: "US" }, fields: ["asin", "price"] };
const TABLE: TableSpec = { name: "MAD_Mats", header: ["asin", "price"], rows: [], columnFormats: [], query: QUERY };
const DAY = 86_400_000;
const MONDAY = new Date(2025, 10, 24, 9, 10).getTime();

async function setup(name: (typeof HOSTS)[number]) {
  const h = hostUnderTest(name);
  const info = await h.host.createTable({ sheet: h.sheet, address: "A1" }, TABLE);
  const plan = tableSnapshotPlan(info, "product_research")!;
  /** A snapshot of these products' prices, as takeSnapshot appends it (its Changes against the sheet). */
  const snapshot = async (
    at: number,
    prices: Record<string, number>,
    layout: SnapshotSheetSpec = snapshotLayout(plan),
  ) => {
    const records = Object.entries(prices).map(([asin, price]) => ({ asin, price }));
    const day = snapshotDay(at);
    const rows = snapshotRows(plan, [{ rows: records, fetchedAt: at }], at);
    const changes = await changesAgainstSheet(h.host, plan, { day, rows });
    return h.host.appendSnapshot({ source: plan.source, layout, day, rows: { ...rows, [CHANGES_KEY]: changes } });
  };
  return { ...h, plan, snapshot };
}

/** The Changes table (K20: Taken, Compared with, Query, Row, Change, Field, Before, After, Change %) below its header. */
const changes = (h: Awaited<ReturnType<typeof setup>>, sheet: string, rows: number) =>
  Array.from({ length: rows }, (_, i) => [..."NOPQRS"].map((c) => h.showsOn(sheet, `${c}${21 + i}`)));

describe.each(HOSTS)("%s", (name) => {
  test("the latest snapshot against the one before: new, gone and changed numbers, replaced at each snapshot", async () => {
    const h = await setup(name);
    const { sheet } = await h.snapshot(MONDAY, { B01: 10, B02: 20, B03: 30 });
    expect([..."KLMNOPQRS"].map((c) => h.showsOn(sheet, `${c}20`))).toEqual([
      "Taken",
      "Compared with",
      "Query",
      "Row",
      "Change",
      "Field",
      "Before",
      "After",
      "Change %",
    ]);
    expect(h.showsOn(sheet, "N21")).toBe(""); // nothing before the first snapshot

    await h.snapshot(MONDAY + DAY, { B01: 10, B02: 25, B04: 40 });
    expect(changes(h, sheet, 4)).toEqual([
      ["B02", "changed", "price", 20, 25, 0.25],
      ["B04", "new", "", "", "", ""],
      ["B03", "gone", "", "", "", ""],
      ["", "", "", "", "", ""],
    ]);
    expect(h.showsOn(sheet, "M21")).toBe("MAD_Mats");

    // Tuesday again: compared with Monday still (the snapshot it replaces is not "the one before").
    await h.snapshot(MONDAY + DAY + 3_600_000, { B01: 0, B02: 20, B03: 30 });
    expect(changes(h, sheet, 2)).toEqual([
      ["B01", "changed", "price", 10, 0, -1],
      ["", "", "", "", "", ""],
    ]);

    // Wednesday: against Tuesday's (replaced) snapshot; a rise from 0 has no percentage.
    await h.snapshot(MONDAY + 2 * DAY, { B01: 5, B02: 20, B03: 30 });
    expect(changes(h, sheet, 2)).toEqual([
      ["B01", "changed", "price", 0, 5, ""],
      ["", "", "", "", "", ""],
    ]);
    expect(h.silentOverwrites()).toEqual([]);
  });

  test("a history sheet made before the Changes table gains it, where its cells are free", async () => {
    const h = await setup(name);
    const older = snapshotLayout(h.plan);
    const before = { ...older, tables: older.tables.filter((t) => t.key !== CHANGES_KEY) };
    const { sheet } = await h.snapshot(MONDAY, { B01: 10 }, before);
    expect(h.showsOn(sheet, "K20")).toBe("");
    await h.snapshot(MONDAY + DAY, { B01: 12 });
    expect(h.showsOn(sheet, "K20")).toBe("Taken");
    expect(changes(h, sheet, 1)).toEqual([["B01", "changed", "price", 10, 12, 0.2]]);
    expect(h.silentOverwrites()).toEqual([]);
  });

  test("a person's cell where the Changes table would go: the older sheet goes on without it", async () => {
    const h = await setup(name);
    const older = snapshotLayout(h.plan);
    const before = { ...older, tables: older.tables.filter((t) => t.key !== CHANGES_KEY) };
    const { sheet } = await h.snapshot(MONDAY, { B01: 10 }, before);
    h.typeOn(sheet, "N21", "my note");
    const written = await h.snapshot(MONDAY + DAY, { B01: 12 });
    expect(written).toMatchObject({ sheet, snapshots: 2 });
    expect([h.showsOn(sheet, "K20"), h.showsOn(sheet, "N21")]).toEqual(["", "my note"]);
    expect(h.silentOverwrites()).toEqual([]);
  });

  test("in Chinese, the Changes table's words are Chinese", async () => {
    await setLocale("zh-CN");
    const h = await setup(name);
    const { sheet } = await h.snapshot(MONDAY, { B01: 10 });
    await h.snapshot(MONDAY + DAY, { B02: 12 });
    expect(h.showsOn(sheet, "L20")).toBe("对比日期");
    expect([h.showsOn(sheet, "O21"), h.showsOn(sheet, "O22")]).toEqual(["新增", "消失"]);
  });
});

test("the rows read back are the last two days of each table, whatever came before", async () => {
  const h = await setup("Excel on the web");
  for (let day = 0; day < 5; day++) await h.snapshot(MONDAY + day * DAY, { B01: day, B02: 10 + day });
  const recent = await h.host.readRecentSnapshots(h.plan.source, 2);
  const prices = (rows: readonly (readonly CellValue[])[]) => rows.map((row) => row[4]);
  expect(prices(recent.q1)).toEqual([3, 13, 4, 14]);
  expect(recent.summary.length).toBe(2);
});
