/**
 * Scheduled runs that keep history, over real HTTP in front of the simulator, on both databases: a single relay
 * (memory store) on its embedded database, and two replicas on one Redis and one PostgreSQL server. Each run of a
 * schedule with `history` keeps that day's snapshot (the day in the schedule's time zone, by the relay's clock); a
 * second run that day replaces it; a failed query is noted and the others kept; a paused schedule does not run and
 * keeps its history; removing a schedule removes its history; a database that is down fails the run, which the next
 * tick runs again at no call. Without Redis the relay keeps its schedules and alerts across a restart; with Redis and
 * no DATABASE_URL it keeps no history and says why.
 */
import path from "node:path";
import type { Clock } from "../../src/lib/clock";
import type { Schedule, ScheduleRequest } from "../../src/relay-api/schedules";
import { sleep } from "../../src/lib/timeout";
import { openDatabase, type Database } from "../../src/server/history/database";
import { HistoryStore, type HistoryAccess, type SnapshotRow } from "../../src/server/history/snapshots";
import { createHostingServer, listen } from "../../src/server/hosting";
import { MembersFile } from "../../src/server/team/members-file";
import { RedisStore } from "../../src/server/team/redis-store";
import { startTeamMode } from "../../src/server/team/setup";
import { hashToken, newToken } from "../../src/server/team/tokens";
import { formulaOfQuery } from "../../src/formula/formula-of-query";
import { useSimulator } from "../support/simulator";
import { newDataDir, useDatabases, type DatabaseKind } from "./support/databases";
import { startRedis, type RunningRedis } from "./support/redis";
import { planKey, startTeam, type RunningTeam } from "./support/team";

jest.setTimeout(120_000);

const SECRET = "hist0secret00000000000000000wxyz";
const sim = useSimulator({ secret: SECRET });
const databases = useDatabases();
let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(async () => {
  await redis?.stop();
});

/** The relay's clock: real time moved to a chosen moment (waits stay real, days are the test's). */
function movableClock(): Clock & { set(at: number): void } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    sleep: (ms, signal) => sleep(ms, signal),
    set: (at) => void (offset = at - Date.now()),
  };
}

const WATCH = ["B07Z82895W", "B0C2PQ4DKQ", "B08GHW4TBS"];
const REPORT: ScheduleRequest = {
  name: "Yoga watch",
  at: "22:00",
  timeZone: "America/Los_Angeles",
  history: true,
  queries: [
    { operation: "competitor_lookup", params: { marketplace: "US", asins: WATCH } },
    { operation: "product_research", params: { marketplace: "US", keyword: "yoga mat" }, limit: 150 },
  ],
};
/** 22:30 in Los Angeles on 5 August is 05:30 UTC on the 6th: the snapshot is the 5th's. */
const EVENING = Date.parse("2025-08-06T05:30:00Z");
const DAY = 86_400_000;

async function send(base: string, token: string, method: string, route: string, body?: unknown) {
  const reply = await fetch(`${base}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as { code?: string; message?: string; data?: unknown } };
}

async function rowsOf(store: HistoryStore, id: string): Promise<SnapshotRow[]> {
  const out: SnapshotRow[] = [];
  for await (const batch of store.rows(id)) out.push(...batch);
  return out;
}

/** A database whose queries fail while it is "down" (the embedded one has no server to stop). */
function switchable(database: Database): Database & { down: boolean } {
  const wrapped = {
    ...database,
    down: false,
    check() {
      if (wrapped.down) throw new Error("the test took the database down");
    },
    query: async <R>(sql: string, params?: readonly unknown[]) => (wrapped.check(), database.query<R>(sql, params)),
    transaction: async <T>(work: Parameters<Database["transaction"]>[0]) => (
      wrapped.check(),
      database.transaction(work) as Promise<T>
    ),
  };
  return wrapped;
}

interface Setup {
  readonly team: RunningTeam;
  readonly clock: ReturnType<typeof movableClock>;
  readonly history: HistoryStore;
  readonly database: Database & { down: boolean };
  /** Takes the database down (a stopped server, or failing queries) and brings it back. */
  takeDown(): void;
  bringBack(): void;
}

/** The embedded kind: one relay on a memory store; the server kind: two replicas on one Redis and one PostgreSQL. */
async function setup(kind: DatabaseKind): Promise<Setup> {
  const clock = movableClock();
  clock.set(EVENING);
  const url = kind === "server" ? (await databases.settings("server")).url! : undefined;
  const first = switchable(url ? await openDatabase({ url }) : await databases.reused("embedded"));
  const accesses: HistoryAccess[] = [];
  const team = await startTeam({
    kind: kind === "server" ? "redis" : "memory",
    redisUrl: redis.url,
    upstream: sim.url,
    keys: [planKey("main", SECRET)],
    clock,
    history: async (replica) => {
      const database = replica === 0 ? first : await openDatabase({ url });
      const access = { database, store: new HistoryStore(database) };
      accesses.push(access);
      return access;
    },
  });
  databases.postgres.closeAfterTest(() => team.stop());
  const history = (accesses[0] as { store: HistoryStore }).store;
  return {
    team,
    clock,
    history,
    database: first,
    takeDown: () => (kind === "server" ? databases.postgres.kill() : void (first.down = true)),
    bringBack: () => (kind === "server" ? databases.postgres.restart() : void (first.down = false)),
  };
}

/** Makes a schedule due now by the relay's clock, as reaching its time would. */
async function due(s: Setup, id: string) {
  const schedule = (await s.team.stores[0].schedules()).find((x) => x.id === id)!;
  await s.team.stores[0].scheduleSave({ ...schedule, nextRunAt: s.clock.now() - 1 });
}

const tickAll = (s: Setup) => Promise.all(s.team.schedulers.map((scheduler) => scheduler.tick()));
const listed = async (s: Setup, token: string) =>
  (await send(s.team.bases.at(-1)!, token, "GET", "/v1/schedules")).body.data as Schedule[];

describe.each<DatabaseKind>(["embedded", "server"])("history of scheduled runs on the %s database", (kind) => {
  test("each run keeps that day's snapshot in the schedule's zone; a second run that day replaces it", async () => {
    const s = await setup(kind);
    const alice = await s.team.member("alice");
    const put = await send(s.team.bases[0], alice, "PUT", "/v1/schedules/watch-0001", REPORT);
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ history: true, paused: false, kept: { days: 0, rows: 0, bytes: 0 } });

    await due(s, "watch-0001");
    const before = sim.stats().total;
    await tickAll(s);
    // 1 lookup call for 3 ASINs, 2 pages of 100 products for 150 rows.
    expect(sim.stats().total - before).toBe(3);
    const [schedule] = await listed(s, alice);
    expect(schedule.lastRun).toMatchObject({ calls: 3, failed: 0, stored: { day: "2025-08-05", rows: 153 } });
    expect(schedule.kept).toMatchObject({ days: 1, rows: 153, first: "2025-08-05", last: "2025-08-05" });

    const rows = await rowsOf(s.history, "watch-0001");
    expect(rows.map((r) => r.fields.asin).slice(0, 3)).toEqual(WATCH);
    expect(rows[0].query).toBe(formulaOfQuery("competitor_lookup", REPORT.queries[0].params));
    expect(rows[0].query).toBe(`=MAD.PRODUCTS("US",{${WATCH.map((a) => `"${a}"`).join(",")}})`);
    expect(rows[3]).toMatchObject({
      query_index: 1,
      row_index: 0,
      query: '=MAD.PRODUCTRESEARCH("US",{"keyword","yoga mat"},,150)',
    });
    // The relay's clock, moved to that evening, runs on: the run took a moment.
    expect(Date.parse(rows[0].taken_at) - EVENING).toBeGreaterThanOrEqual(0);
    expect(Date.parse(rows[0].taken_at) - EVENING).toBeLessThan(60_000);

    // Later that evening: the same day again, from the team's cache; the snapshot is replaced, not added.
    s.clock.set(EVENING + 3_600_000);
    await due(s, "watch-0001");
    await tickAll(s);
    expect(sim.stats().total - before).toBe(3);
    expect((await listed(s, alice))[0].kept).toMatchObject({ days: 1, rows: 153 });
    expect(Date.parse((await s.history.days("watch-0001"))[0].taken_at)).toBeGreaterThanOrEqual(EVENING + 3_600_000);

    // The next day adds one.
    s.clock.set(EVENING + DAY);
    await due(s, "watch-0001");
    await tickAll(s);
    expect((await listed(s, alice))[0].kept).toMatchObject({ days: 2, first: "2025-08-05", last: "2025-08-06" });
  });

  test("a failed query is noted on the snapshot and the others kept; a paused schedule keeps history and does not run", async () => {
    const s = await setup(kind);
    const alice = await s.team.member("alice");
    await send(s.team.bases[0], alice, "PUT", "/v1/schedules/watch-0002", REPORT);
    sim.injectFault({
      match: { operation: "product_research" },
      times: 10,
      fault: { type: "envelope", code: "ERROR_PARAM" },
    });
    await due(s, "watch-0002");
    await tickAll(s);
    sim.clearFaults();
    const [day] = await s.history.days("watch-0002");
    expect(day.rows).toBe(3);
    expect(day.failures).toEqual([
      {
        query_index: 1,
        query: formulaOfQuery("product_research", REPORT.queries[1].params, 150),
        error: "the service answered ERROR_PARAM",
      },
    ]);
    expect((await listed(s, alice))[0].lastRun).toMatchObject({ failed: 1, stored: { rows: 3 } });

    const paused = await send(s.team.bases[0], alice, "PUT", "/v1/schedules/watch-0002", { ...REPORT, paused: true });
    expect(paused.body.data).toMatchObject({ paused: true, kept: { days: 1, rows: 3 } });
    await due(s, "watch-0002");
    const before = sim.stats().total;
    await tickAll(s);
    expect(sim.stats().total).toBe(before);
    expect((await listed(s, alice))[0]).toMatchObject({ paused: true, lastRun: { failed: 1 }, kept: { days: 1 } });
  });

  test("removing a schedule removes its history and feeds; an admin's removal too", async () => {
    const s = await setup(kind);
    const [alice, root] = [await s.team.member("alice"), await s.team.member("root", { role: "admin" })];
    for (const id of ["watch-0003", "watch-0004"]) {
      await send(s.team.bases[0], alice, "PUT", `/v1/schedules/${id}`, REPORT);
      await due(s, id);
    }
    await tickAll(s);
    await s.database.query(
      "INSERT INTO mad_feeds (id, schedule_id, token_hash, member, created_at) VALUES ('feed-1', 'watch-0003', 'h', 'alice', now())",
    );
    expect((await send(s.team.bases[0], alice, "DELETE", "/v1/schedules/watch-0003")).status).toBe(200);
    expect((await send(s.team.bases.at(-1)!, root, "DELETE", "/admin/schedules/watch-0004")).status).toBe(200);
    expect(await s.database.query("SELECT id FROM mad_snapshots")).toEqual([]);
    expect(await s.database.query("SELECT snapshot_id FROM mad_snapshot_rows")).toEqual([]);
    expect(await s.database.query("SELECT id FROM mad_feeds")).toEqual([]);
  });

  test("a new schedule waits for a database that is down (503): it could not clear what an earlier one of its id kept", async () => {
    const s = await setup(kind);
    const alice = await s.team.member("alice");
    s.takeDown();
    let refused;
    try {
      refused = await send(s.team.bases[0], alice, "PUT", "/v1/schedules/watch-0007", REPORT);
    } finally {
      s.bringBack();
    }
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(/history database .* is unavailable/);
    expect(await s.team.stores[0].schedules()).toEqual([]);
    expect((await send(s.team.bases[0], alice, "PUT", "/v1/schedules/watch-0007", REPORT)).status).toBe(200);
  });

  test("a database that is down fails the run: its time is kept and the next tick runs it again at no call", async () => {
    const s = await setup(kind);
    const alice = await s.team.member("alice");
    await send(s.team.bases[0], alice, "PUT", "/v1/schedules/watch-0005", REPORT);
    await due(s, "watch-0005");
    const dueAt = (await s.team.stores[0].schedules())[0].nextRunAt;
    const before = sim.stats().total;
    s.takeDown();
    try {
      await tickAll(s);
    } finally {
      s.bringBack();
    }
    const [failed] = await s.team.stores[0].schedules();
    expect(failed.nextRunAt).toBe(dueAt);
    // A single relay keeps its schedules in that database too: what the run did is recorded once it is back.
    if (kind === "server")
      expect(failed.lastRun).toMatchObject({
        calls: 3,
        note: expect.stringMatching(/^history not stored .*tried again at the next tick$/),
      });
    expect(sim.stats().total - before).toBe(3);

    await tickAll(s);
    const [stored] = await s.team.stores[0].schedules();
    // From the team's cache: the 3 ASINs and the 2 pages.
    expect(stored.lastRun).toMatchObject({ calls: 0, cacheHits: 5, stored: { day: "2025-08-05", rows: 153 } });
    expect(stored.nextRunAt).toBeGreaterThan(s.clock.now());
    expect(sim.stats().total - before).toBe(3);
    expect(await s.history.days("watch-0005")).toHaveLength(1);
  });
});

test("two replicas running one schedule at once (a tick and two forced runs) leave one snapshot of the day", async () => {
  const s = await setup("server");
  const alice = await s.team.member("alice");
  await send(s.team.bases[0], alice, "PUT", "/v1/schedules/watch-0006", REPORT);
  await due(s, "watch-0006");
  await Promise.all([
    ...s.team.schedulers.map((scheduler) => scheduler.tick()),
    ...s.team.schedulers.map((scheduler) => scheduler.runNow({ id: "watch-0006" })),
  ]);
  const days = await s.history.days("watch-0006");
  expect(days.map((d) => [d.taken_on, d.rows])).toEqual([["2025-08-05", 153]]);
  expect(await s.database.query("SELECT count(*)::int AS n FROM mad_snapshot_rows")).toEqual([{ n: 153 }]);
});

/** A single relay as `npm run serve -- --team` starts it without Redis: members in a file, state in MAD_DATA_DIR. */
async function singleRelay(dataDir: string, membersFile: string) {
  const log: string[] = [];
  const team = await startTeamMode({
    upstream: sim.url,
    upstreamTimeoutMs: 60_000,
    maxAnswerBytes: 1_000_000,
    keys: [planKey("main", SECRET)],
    membersFile,
    dataDir,
    log: (line) => log.push(line),
    schedulerTickMs: 0,
    alerts: { allowPrivate: true },
  });
  const hosting = createHostingServer({ upstream: sim.url, team, log: () => undefined });
  return { base: await listen(hosting, 0, "127.0.0.1"), log, describe: team.describe, stop: () => hosting.stop(0) };
}

test("without Redis a restart keeps the relay's schedules and alerts (in MAD_DATA_DIR); removing one is kept too", async () => {
  const data = await newDataDir();
  const membersFile = path.join(data.dir, "members.json");
  const token = newToken();
  new MembersFile(membersFile).add(
    { name: "alice", role: "member", monthlyBudget: null, createdAt: 1 },
    hashToken(token),
  );
  try {
    const first = await singleRelay(data.dir, membersFile);
    expect(first.describe.history).toEqual({ database: expect.stringContaining(data.dir) });
    await send(first.base, token, "PUT", "/v1/schedules/watch-0007", REPORT);
    await send(first.base, token, "PUT", "/v1/schedules/watch-0008", { ...REPORT, history: false });
    const alert = await send(first.base, token, "PUT", "/v1/alerts/alert-0001", {
      name: "Cheap",
      query: '=MAD.PRODUCTS("US",{"B07Z82895W"})',
      when: "price < 20",
      deliver: ["http://127.0.0.1:9/hook"],
    });
    expect([alert.status, alert.body.message]).toEqual([200, "OK"]);
    await first.stop();

    const second = await singleRelay(data.dir, membersFile);
    const schedules = (await send(second.base, token, "GET", "/v1/schedules")).body.data as Schedule[];
    expect(schedules.map((x) => [x.id, x.history])).toEqual([
      ["watch-0007", true],
      ["watch-0008", false],
    ]);
    const alerts = (await send(second.base, token, "GET", "/v1/alerts")).body.data as { id: string }[];
    expect(alerts.map((a) => a.id)).toEqual(["alert-0001"]);
    await send(second.base, token, "DELETE", "/v1/schedules/watch-0008");
    await send(second.base, token, "DELETE", "/v1/alerts/alert-0001");
    await second.stop();

    const third = await singleRelay(data.dir, membersFile);
    expect(((await send(third.base, token, "GET", "/v1/schedules")).body.data as Schedule[]).map((x) => x.id)).toEqual([
      "watch-0007",
    ]);
    expect((await send(third.base, token, "GET", "/v1/alerts")).body.data).toEqual([]);
    await third.stop();
  } finally {
    data.remove();
  }
});

test("with Redis and no DATABASE_URL the relay keeps no history, says why at start, and refuses a schedule asking for it", async () => {
  const log: string[] = [];
  const prefix = `test:${Date.now()}:`;
  const team = await startTeamMode({
    upstream: sim.url,
    upstreamTimeoutMs: 60_000,
    maxAnswerBytes: 1_000_000,
    keys: [planKey("main", SECRET)],
    redisUrl: redis.url,
    redisPrefix: prefix,
    log: (line) => log.push(line),
    schedulerTickMs: 0,
  });
  const hosting = createHostingServer({ upstream: sim.url, team, log: () => undefined });
  databases.postgres.closeAfterTest(() => hosting.stop(0));
  const base = await listen(hosting, 0, "127.0.0.1");
  expect(log.join("\n")).toMatch(/history is off: REDIS_URL is set but DATABASE_URL is not/);
  expect(team.describe.history).toEqual({ off: expect.stringMatching(/DATABASE_URL is not/) });
  const token = newToken();
  const members = new RedisStore({ url: redis.url, prefix });
  await members.addMember({ name: "alice", role: "member", monthlyBudget: null, createdAt: 1 }, hashToken(token));
  await members.close();
  const refused = await send(base, token, "PUT", "/v1/schedules/watch-0009", REPORT);
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({
    code: "ERROR_PARAM",
    message:
      "history: this relay keeps no history: REDIS_URL is set but DATABASE_URL is not: replicas sharing Redis would each keep a history of their own (set DATABASE_URL)",
  });
  expect((await send(base, token, "PUT", "/v1/schedules/watch-0009", { ...REPORT, history: false })).status).toBe(200);
});

test("the retention sweep runs on the scheduler's tick, by the relay's clock: days past MAD_HISTORY_DAYS go", async () => {
  const s = await setup("server");
  const alice = await s.team.member("alice");
  await send(s.team.bases[0], alice, "PUT", "/v1/schedules/watch-0010", REPORT);
  await due(s, "watch-0010");
  await tickAll(s);
  // Paused: no more runs, the day it kept stays until it is too old.
  await send(s.team.bases[0], alice, "PUT", "/v1/schedules/watch-0010", { ...REPORT, paused: true });
  expect(await s.history.days("watch-0010")).toHaveLength(1);
  // 729 days later (730 kept by default) the day is still there; two days later it goes, whatever the database's
  // own clock says.
  s.clock.set(EVENING + 729 * DAY);
  await tickAll(s);
  expect(await s.history.days("watch-0010")).toHaveLength(1);
  s.clock.set(EVENING + 731 * DAY);
  await tickAll(s);
  expect(await s.history.days("watch-0010")).toEqual([]);
  expect(s.team.log.some((line) => line.includes('"event":"history-sweep"'))).toBe(true);
});
