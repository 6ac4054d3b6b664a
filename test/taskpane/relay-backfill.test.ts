/**
 * Backfill's model, with the memory host and a relay's answer as its history.json gives it: the relay's values turned
 * back into the cells the spill shows (dates as serials), rows matched to the sheet's queries by their formula text
 * (or their place, while the schedule asks exactly the sheet's queries), only days after the sheet's last, in date
 * order; a sheet without a snapshot asks the relay nothing; a person's cells in the way stop it (as the workbook
 * opens) or are asked about once (Snapshot now); and what it did is said in the pane's bar as the workbook opens.
 */
import { epochMsToSerial } from "../../src/api/dates";
import type { Schedule } from "../../src/relay-api/schedules";
import { selectColumns } from "../../src/taskpane/report-model/result-table";
import { formulaOfQuery } from "../../src/formula/formula-of-query";
import { type TableSpec } from "../../src/taskpane/host/host-adapter";
import { CellsInUseError } from "../../src/taskpane/host/cells-in-use";
import {
  backfillSource,
  backfillWhenOpened,
  backfillWorkbook,
  BackfillBlocked,
  type BackfillContext,
} from "../../src/taskpane/reports/relay-backfill";
import { cellOfRelayValue, dayAfter, queryMatcher, relayDays } from "../../src/taskpane/reports/relay-days";
import type { RelayHistoryRow } from "../../src/taskpane/reports/relay-history-client";
import { scheduleKey } from "../../src/taskpane/reports/relay-history-props";
import type { Outcome } from "../../src/taskpane/shared/use-action";
import { tableSnapshotPlan } from "../../src/taskpane/reports/snapshot-sheet";
import { memoryHost, type MemoryHost } from "./support/memory-host";

const PARAMS = { marketplace: "US", keyword: "yoga mat" };
const FIELDS = ["asin", "price", "availableDate", "platformUnitDate"];
const TABLE: TableSpec = {
  name: "MAD_Mats",
  header: FIELDS,
  rows: [],
  columnFormats: [],
  query: { operation: "product_research", params: PARAMS, fields: FIELDS, limit: 3 },
};
const TEXT = formulaOfQuery("product_research", PARAMS, 3);
const SCHEDULE: Schedule = {
  id: "r-mats-0001",
  member: "alice",
  name: "table MAD_Mats",
  at: "08:00",
  timeZone: "Europe/Berlin",
  queries: [{ operation: "product_research", params: PARAMS, limit: 3 }],
  createdAt: 0,
  nextRunAt: 0,
  history: true,
  paused: false,
};

const row = (day: string, asin: string, price: number, extra: Partial<RelayHistoryRow> = {}): RelayHistoryRow => ({
  taken_on: day,
  taken_at: `${day}T07:00:00.000Z`,
  query: TEXT,
  query_index: 0,
  asin,
  price,
  availableDate: "2024-03-05",
  platformUnitDate: "2025-11-20 13:45",
  ...extra,
});

async function workbook(lastDay: string | null = "2025-11-24") {
  const host = memoryHost();
  const info = await host.createTable({ sheet: "Sheet1", address: "A1" }, TABLE);
  const plan = tableSnapshotPlan(info, "product_research")!;
  host.snapshotStates.push({
    source: plan.source,
    keep: true,
    sheet: lastDay ? "History MAD_Mats" : null,
    snapshots: lastDay ? 1 : 0,
    lastDay,
  });
  await host.setWorkbookOptions({ schedules: { [scheduleKey({ kind: "table", table: info })]: SCHEDULE.id } });
  return { host, info, plan };
}

/** The relay's history.json as a client reads it, recording what it was asked. */
function relay(rows: RelayHistoryRow[]) {
  const asked: string[] = [];
  return {
    asked,
    historySince: async (id: string, since: string) => {
      asked.push(`${id} since ${since}`);
      return rows.filter((r) => r.taken_on >= since);
    },
  };
}

const contextOf = (host: MemoryHost, client: ReturnType<typeof relay>, schedule = SCHEDULE): BackfillContext => ({
  host,
  client,
  schedules: [schedule],
  scheduleIds: host.options.schedules ?? {},
});

test("the relay's values become the cells the spill shows: dates as serials, blanks blank", () => {
  const column = (name: string) => selectColumns("product_research", [name])[0];
  expect(cellOfRelayValue("2024-03-05", column("availableDate"))).toBe(epochMsToSerial(Date.UTC(2024, 2, 5)));
  expect(cellOfRelayValue("2025-11-20 13:45", column("platformUnitDate"))).toBe(
    epochMsToSerial(Date.UTC(2025, 10, 20, 13, 45)),
  );
  expect(cellOfRelayValue(12.5, column("price"))).toBe(12.5);
  expect(cellOfRelayValue(null, column("price"))).toBe("");
  expect(cellOfRelayValue("B01", column("asin"))).toBe("B01");
  expect(dayAfter("2025-12-31")).toBe("2026-01-01");
});

test("rows are matched by their formula text, by their place only while the schedule asks the sheet's queries", async () => {
  const { plan } = await workbook();
  const match = queryMatcher(plan, SCHEDULE);
  expect(match(row("2025-11-25", "B01", 1))).toBe(0);
  // Written by an older relay (another text), from the schedule the sheet still asks: its place.
  expect(match(row("2025-11-25", "B01", 1, { query: "=MAD.OLDER()" }))).toBe(0);
  // The inputs changed since the schedule was set: its rows are not this sheet's.
  const elsewhere = { queries: [{ ...SCHEDULE.queries[0], params: { marketplace: "UK" } }] };
  expect(queryMatcher(plan, elsewhere)(row("2025-11-25", "B01", 1, { query: "=MAD.OLDER()" }))).toBeUndefined();
  expect(queryMatcher(plan, elsewhere)(row("2025-11-25", "B01", 1))).toBe(0);
  const days = relayDays(
    plan,
    SCHEDULE,
    [row("2025-11-24", "B01", 1), row("2025-11-26", "B01", 3), row("2025-11-25", "B01", 2)],
    "2025-11-24",
  );
  expect(days.map((d) => [d.day, d.rows.get(0)!.map((r) => r.price)])).toEqual([
    ["2025-11-25", [2]],
    ["2025-11-26", [3]],
  ]);
});

test("days after the sheet's last, in date order, each a snapshot of its own with its summary and changes", async () => {
  const { host } = await workbook();
  const client = relay([
    row("2025-11-25", "B01", 10),
    row("2025-11-25", "B02", 20),
    row("2025-11-26", "B01", 15),
    row("2025-11-26", "B03", 30),
  ]);
  const done = await backfillWorkbook(contextOf(host, client));
  expect(done).toEqual({ added: [{ days: 2, sheet: "History MAD_Mats" }], failures: [] });
  expect(client.asked).toEqual(["r-mats-0001 since 2025-11-25"]);
  expect(host.snapshots.map((s) => s.day)).toEqual(["2025-11-25", "2025-11-26"]);
  const [tuesday, wednesday] = host.snapshots;
  expect(tuesday.layout.name).toBe("History MAD_Mats");
  expect(tuesday.rows.q1.map((r) => [r[2], ...r.slice(3, 5)])).toEqual([
    ["table MAD_Mats · MAD_Mats · relay", "B01", 10],
    ["table MAD_Mats · MAD_Mats · relay", "B02", 20],
  ]);
  // Rows and the average price: the summary the chart draws.
  expect(tuesday.rows.summary[0].slice(1)).toEqual([2, 15]);
  // Wednesday against Tuesday: B01's price, B03 new, B02 gone.
  expect(wednesday.rows.changes.map((r) => r.slice(3))).toEqual([
    ["B01", "changed", "price", 10, 15, 0.5],
    ["B03", "new", "", "", "", ""],
    ["B02", "gone", "", "", "", ""],
  ]);
  // Each Taken cell falls on the relay's day.
  expect(
    new Date(Math.round((Math.floor(wednesday.rows.q1[0][0] as number) - 25569) * 86_400_000)).toISOString(),
  ).toMatch(/^2025-11-26/);
  // Nothing further: the relay is not asked for a day the sheet holds.
  expect(await backfillWorkbook(contextOf(host, client))).toEqual({ added: [], failures: [] });
  expect(client.asked[1]).toBe("r-mats-0001 since 2025-11-27");
});

test("no snapshot on the sheet yet, or no history on the relay: the relay is not asked", async () => {
  const fresh = await workbook(null);
  const client = relay([row("2025-11-25", "B01", 10)]);
  expect(await backfillWorkbook(contextOf(fresh.host, client))).toEqual({ added: [], failures: [] });
  const kept = await workbook();
  await backfillWorkbook(contextOf(kept.host, client, { ...SCHEDULE, history: false }));
  expect(client.asked).toEqual([]);
  expect([...fresh.host.snapshots, ...kept.host.snapshots]).toEqual([]);
});

test("a person's cells below the history: stopped as the workbook opens, asked once before Snapshot now", async () => {
  const { host, plan } = await workbook();
  const inUse = new CellsInUseError("cells in use", "History MAD_Mats", "E23:I24", ["F24"]);
  const growths: unknown[] = [];
  const guarded: MemoryHost = {
    ...host,
    appendSnapshot: async (append) => {
      if (!append.growth) throw inUse;
      growths.push(append.growth);
      return host.appendSnapshot(append);
    },
  };
  const client = relay([row("2025-11-25", "B01", 10), row("2025-11-26", "B01", 11)]);
  const opened = await backfillWorkbook(contextOf(guarded, client));
  expect(opened.added).toEqual([]);
  expect(opened.failures).toEqual([
    "Days from the relay not added to History MAD_Mats: the cells below its tables hold something. Choose Snapshot now to decide what to do with them.",
  ]);
  const state = host.snapshotStates[0];
  const questions: unknown[] = [];
  const done = await backfillSource(guarded, client, { plan, schedule: SCHEDULE, state }, async (conflict) => {
    questions.push(conflict);
    return "insertRows";
  });
  expect(done.days).toBe(2);
  expect(questions).toEqual([{ history: true, tableName: "History MAD_Mats", rows: 0, occupied: ["F24"] }]);
  expect(growths).toEqual(["insertRows", "insertRows"]);
  await expect(
    backfillSource(guarded, client, { plan, schedule: SCHEDULE, state }, async () => "keep"),
  ).rejects.toBeInstanceOf(BackfillBlocked);
});

test("as the workbook opens, the pane's bar says what was added (or why not), and nothing without a relay", async () => {
  const { host } = await workbook();
  const said: (Outcome | null)[] = [];
  const notice = { set: (outcome: Outcome | null) => void said.push(outcome) };
  // Stored settings without a team relay's token: nothing asked, nothing said.
  const plainEngine = {
    readSettings: async () => ({ baseUrl: "https://api.example.com", secret: "0123456789abcdef" }),
  };
  await backfillWhenOpened({ host, engine: plainEngine as never }, notice);
  expect(said).toEqual([]);
  // A team relay that cannot be reached.
  const token = `madt_${"a".repeat(43)}`;
  const unreachable = { readSettings: async () => ({ baseUrl: "http://127.0.0.1:9", secret: token }) };
  await backfillWhenOpened({ host, engine: unreachable as never }, notice);
  expect(said).toEqual([
    {
      kind: "error",
      text: "Days from the relay not added: The team relay could not be reached: check the connection and its address.",
    },
  ]);
});
