/**
 * History on the team relay, from the pane, against a real team relay over HTTP (its history in the embedded
 * database, its scheduler run by the test on days it sets) and the simulator behind it: Keep history on the relay
 * sets the schedule's `history`; the days the relay took while the workbook was closed go into the workbook's history
 * sheet as it opens, after the sheet's last day, in date order, with no call, their cells as the spill shows them and
 * a Source that says `relay`; a feed is made, read without a token, listed with when it was read and revoked; a
 * relay without a database says why, which the pane shows beside the switch; and a refusal comes back with its
 * stable problem, in the pane's language.
 */
import { MadError } from "../../src/api/errors";
import { createEngine } from "../../src/engine/engine";
import { setLocale } from "../../src/i18n";
import { memoryStore } from "../../src/engine/key-value-store";
import { openDatabase, type Database } from "../../src/server/history/database";
import type { TableSpec } from "../../src/taskpane/host/host-adapter";
import { powerQuerySnippet, sheetsFormula } from "../../src/taskpane/reports/feed-snippets";
import { backfillContext, backfillWorkbook } from "../../src/taskpane/reports/relay-backfill";
import { relayHistoryClient } from "../../src/taskpane/reports/relay-history-client";
import { noHistoryReason, scheduleKey } from "../../src/taskpane/reports/relay-history-props";
import { localTimeZone, scheduleClient, scheduledQueries } from "../../src/taskpane/reports/schedule-client";
import { takeSnapshot } from "../../src/taskpane/reports/snapshot";
import { failureText } from "../../src/taskpane/shared/services";
import { RelayRefusal } from "../../src/taskpane/shared/relay-request";
import { snapshotRows, tableSnapshotPlan } from "../../src/taskpane/reports/snapshot-sheet";
import { newDataDir } from "../server/support/databases";
import { useSimulator } from "../support/simulator";
import { startHistoryTeam, type HistoryTeam } from "./support/history-team";
import { memoryHost } from "./support/memory-host";

jest.setTimeout(60_000);

const SECRET = "relay-history-pane-0011223344556677";
const sim = useSimulator({ secret: SECRET });

const QUERY = {
  operation: "product_research",
  params: { marketplace: "US", keyword: "yoga mat" },
  fields: ["asin", "price", "bsr", "availableDate", "platformUnitDate"],
  limit: 10,
};
const TABLE: TableSpec = {
  name: "MAD_Research",
  header: QUERY.fields,
  rows: [],
  columnFormats: [],
  query: QUERY,
};
/** 09:00 on this computer's clock, `day` days after 24 Nov 2025. */
const at = (day: number) => new Date(2025, 10, 24 + day, 9, 0);
const SCHEDULE_ID = "r-backfill-0001";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function embedded(): Promise<Database> {
  const data = await newDataDir();
  const database = await openDatabase({ dataDir: data.dir });
  cleanups.push(
    () => data.remove(),
    () => database.close(),
  );
  return database;
}

async function team(
  database: Database | { off: string },
): Promise<{ team: HistoryTeam; settings: { baseUrl: string; secret: string } }> {
  const running = await startHistoryTeam({ upstream: sim.url, secret: SECRET, database });
  cleanups.push(() => running.stop());
  const token = await running.member("alice");
  return { team: running, settings: { baseUrl: running.base, secret: token } };
}

test("the days the relay took while the workbook was closed go into its history sheet as it opens, with no call", async () => {
  const { team: relay, settings } = await team(await embedded());
  const engine = createEngine({
    store: memoryStore({ "mad.secret": settings.secret, "mad.baseUrl": settings.baseUrl }),
  });
  const host = memoryHost();
  const info = await host.createTable({ sheet: "Sheet1", address: "A1" }, TABLE);
  const plan = tableSnapshotPlan(info, "product_research")!;
  const target = { kind: "table" as const, table: info };

  // Monday: the workbook keeps history and takes its snapshot; the table is scheduled on the relay with history.
  await host.setKeepSnapshots(plan.source, true);
  await takeSnapshot(engine, host, plan, at(0).getTime());
  const schedules = scheduleClient(settings)!;
  const saved = await schedules.set(SCHEDULE_ID, {
    name: plan.name,
    at: "08:00",
    timeZone: localTimeZone(),
    queries: scheduledQueries(plan.queries),
    history: true,
  });
  expect(saved.history).toBe(true);
  await host.setWorkbookOptions({ schedules: { [scheduleKey(target)]: SCHEDULE_ID } });

  // The relay runs Monday (a day the sheet holds), Tuesday and Wednesday while Excel is closed.
  for (const day of [0, 1, 2]) {
    relay.setNow(at(day));
    const [run] = await relay.scheduler.runNow({ id: SCHEDULE_ID });
    expect(run.run.failed).toBe(0);
  }
  const listed = (await schedules.list()).find((s) => s.id === SCHEDULE_ID)!;
  expect(listed.kept).toMatchObject({ days: 3, first: "2025-11-24", last: "2025-11-26" });

  // Thursday the workbook opens: Tuesday and Wednesday are added after Monday, in date order, with no call.
  sim.resetStats();
  const context = (await backfillContext({ host, engine }))!;
  const done = await backfillWorkbook(context);
  expect(done.failures).toEqual([]);
  expect(done.added).toEqual([{ days: 2, sheet: "History MAD_Research" }]);
  expect(sim.stats().total).toBe(0);
  expect(host.snapshots.map((s) => s.day)).toEqual(["2025-11-24", "2025-11-25", "2025-11-26"]);
  const [, tuesday, wednesday] = host.snapshots;
  const rows = wednesday.rows.q1;
  expect(rows.length).toBe(10);
  // Taken on the relay's day; its Source says where it came from.
  expect(Math.floor(rows[0][0] as number)).toBe(Math.floor(wednesday.rows.summary[0][0] as number));
  expect(rows[0][2]).toBe("table MAD_Research · MAD_Research · relay");
  expect(tuesday.rows.summary[0][1]).toBe(10);

  // The cells are those the spill shows for the same answer (the relay keeps date-times to the minute).
  const answer = await engine.query("product_research", QUERY.params, { limit: QUERY.limit });
  const local = snapshotRows(plan, [{ ...answer, fetchedAt: answer.fetchedAt }], at(2).getTime()).q1;
  const toMinute = (row: readonly unknown[]) =>
    row.slice(3).map((cell, i) => (i === 4 && typeof cell === "number" ? Math.floor(cell * 1440 + 1e-6) : cell));
  expect(rows.map(toMinute)).toEqual(local.map(toMinute));
  expect(typeof rows[0][6]).toBe("number"); // availableDate: a date serial, formatted by its column

  // Opened again: nothing new on the relay, nothing added; never two snapshots of a day.
  const again = await backfillWorkbook((await backfillContext({ host, engine }))!);
  expect(again).toEqual({ added: [], failures: [] });
  expect(host.snapshots.length).toBe(3);
});

test("a feed: made (its URL shown once), read without a token, listed with when it was read, revoked", async () => {
  const { team: relay, settings } = await team(await embedded());
  const schedules = scheduleClient(settings)!;
  await schedules.set(SCHEDULE_ID, {
    name: "Research",
    at: "08:00",
    timeZone: localTimeZone(),
    queries: [{ operation: "product_research", params: QUERY.params, limit: 5 }],
    history: true,
  });
  relay.setNow(at(0));
  await relay.scheduler.runNow({ id: SCHEDULE_ID });
  const feeds = relayHistoryClient(settings)!;
  expect(await feeds.listFeeds(SCHEDULE_ID)).toEqual([]);

  const feed = await feeds.createFeed(SCHEDULE_ID);
  expect(feed.url).toBe(`${settings.baseUrl}/v1/feeds/${feed.id}/history.csv?key=${feed.token}`);
  expect(powerQuerySnippet(feed.url)).toContain(
    `Csv.Document(Web.Contents("${feed.url}"), [Delimiter = ",", Encoding = 65001`,
  );
  expect(powerQuerySnippet(feed.url)).toContain("Table.PromoteHeaders(Source, [PromoteAllScalars = true])");
  expect(sheetsFormula(feed.url)).toBe(`=IMPORTDATA("${feed.url}")`);

  const read = await fetch(feed.url);
  expect(read.status).toBe(200);
  const csv = await read.text();
  expect(
    csv
      .split("\r\n")[0]
      .replace(/^\uFEFF/, "")
      .split(",")
      .slice(0, 3),
  ).toEqual(["taken_on", "taken_at", "query"]);
  expect(csv.split("\r\n").filter((line) => line.startsWith("2025-11-24")).length).toBe(5);

  const [listed] = await feeds.listFeeds(SCHEDULE_ID);
  expect(listed).toMatchObject({ id: feed.id });
  expect(listed.lastUsedAt).not.toBeNull();
  expect(JSON.stringify(listed)).not.toContain(feed.token);

  await feeds.revokeFeed(SCHEDULE_ID, feed.id);
  expect((await fetch(feed.url)).status).toBe(401);
  expect(await feeds.listFeeds(SCHEDULE_ID)).toEqual([]);
});

test("a relay without a database refuses history, and the pane shows its reason beside the switch", async () => {
  const { settings } = await team({ off: "REDIS_URL is set but DATABASE_URL is not" });
  const schedules = scheduleClient(settings)!;
  const request = { name: "Research", at: "08:00", timeZone: localTimeZone(), queries: scheduledQueries([]) };
  const queries = [{ operation: "product_research" as const, params: QUERY.params }];
  await schedules.set(SCHEDULE_ID, { ...request, queries });
  const refusal = await schedules.set(SCHEDULE_ID, { ...request, queries, history: true }).catch((e: unknown) => e);
  expect(noHistoryReason(refusal)).toMatch(/^REDIS_URL is set but DATABASE_URL is not/);
  expect((refusal as Error).message).toMatch(/^The team relay refused: history: this relay keeps no history/);
  // Its feeds say the same: what the switch asks once for a schedule without history.
  const listing = await relayHistoryClient(settings)!
    .listFeeds(SCHEDULE_ID)
    .catch((e: unknown) => e);
  expect(noHistoryReason(listing)).toBe("REDIS_URL is set but DATABASE_URL is not");
});

test("a schedule's refusal is a MadError with the relay's stable problem, in the pane's language", async () => {
  const { settings } = await team({ off: "no database" });
  const schedules = scheduleClient(settings)!;
  const request = {
    name: "Research",
    at: "7am",
    timeZone: localTimeZone(),
    queries: [{ operation: "product_research" as const, params: QUERY.params }],
  };
  await setLocale("zh-CN");
  try {
    const refusal = await schedules.set(SCHEDULE_ID, request).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(MadError);
    expect(refusal).toBeInstanceOf(RelayRefusal);
    const { problem, status, kind, message } = refusal as RelayRefusal;
    expect({ problem, status, kind }).toEqual({ problem: "at", status: 400, kind: "relayRefusal" });
    expect(message).toBe("团队中继拒绝了请求：at：应为 HH:MM 格式的时刻");
    expect(failureText(refusal)).toBe(message);
  } finally {
    await setLocale("en");
  }
  const english = await schedules.set(SCHEDULE_ID, request).catch((e: unknown) => e);
  expect((english as RelayRefusal).message).toBe("The team relay refused: at: expected a time of day HH:MM");
});
