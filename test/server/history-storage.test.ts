/**
 * The history's storage on both databases it runs on, the embedded one (PGlite in MAD_DATA_DIR) and a real
 * PostgreSQL server: migrations applied once (two relays starting together included), a day's snapshot replaced
 * whole by the next of that day, rows read back in (day, query, row) order through a cursor, what each schedule
 * keeps, deleting a schedule's history and feeds, the retention sweep by the relay's clock, and the embedded folder
 * being one process's at a time.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { DatabaseUnavailable, openDatabase, type Database } from "../../src/server/history/database";
import { migrate, MIGRATIONS } from "../../src/server/history/migrations";
import { dayIn, HistoryStore, type NewSnapshot, type SnapshotRow } from "../../src/server/history/snapshots";
import { snapshotRows } from "../../src/server/history/snapshot-rows";
import { DATABASE_KINDS, newDataDir, useDatabases } from "./support/databases";

jest.setTimeout(60_000);

const databases = useDatabases();
const DAY = 86_400_000;
const T0 = Date.parse("2025-08-06T07:00:00Z");

const product = (asin: string, price: number) => ({ asin, title: `Product ${asin}`, price, bsr: 100 });

function snapshot(takenOn: string, rows: number, extra: Partial<NewSnapshot> = {}): NewSnapshot {
  const records = Array.from({ length: rows }, (_, i) => product(`B0${String(i).padStart(8, "0")}`, 10 + i));
  return {
    scheduleId: "watch-0001",
    scheduleName: "Product watch",
    member: "alice",
    takenOn,
    takenAt: Date.parse(`${takenOn}T07:00:00Z`),
    timeZone: "Europe/Berlin",
    queries: [
      {
        index: 0,
        operation: "competitor_lookup",
        query: '=MAD.PRODUCTS("US",{"B0…"})',
        rows: snapshotRows("competitor_lookup", records),
      },
    ],
    failures: [],
    ...extra,
  };
}

async function all(rows: AsyncIterable<SnapshotRow[]>): Promise<SnapshotRow[]> {
  const out: SnapshotRow[] = [];
  for await (const batch of rows) out.push(...batch);
  return out;
}

test("a row keeps every field of its record as its cell shows it, keyed by the record's key", () => {
  const [row] = snapshotRows("competitor_lookup", [product("B07Z82895W", 19.99)]);
  expect(row.key).toBe("B07Z82895W");
  expect(row.fields).toMatchObject({ asin: "B07Z82895W", price: 19.99, title: "Product B07Z82895W" });
  // Every column of the record is there, blank ones as null.
  expect(Object.values(row.fields).filter((v) => v === null).length).toBeGreaterThan(10);
});

test("a day is the schedule's own: 23:30 in Berlin is the next day in UTC's eyes, and Los Angeles' the day before", () => {
  const at = Date.parse("2025-08-06T22:30:00Z");
  expect(dayIn("Europe/Berlin", at)).toBe("2025-08-07");
  expect(dayIn("UTC", at)).toBe("2025-08-06");
  expect(dayIn("America/Los_Angeles", Date.parse("2025-08-07T03:00:00Z"))).toBe("2025-08-06");
});

describe.each(DATABASE_KINDS)("on the %s database", (kind) => {
  let database: Database;
  let history: HistoryStore;
  beforeEach(async () => {
    database = await databases.reused(kind);
    history = new HistoryStore(database, { retentionDays: 30 });
  });

  test("migrations are recorded once, at the relay's time; running them again applies none", async () => {
    const fresh = await databases.open(kind, () => T0);
    expect(await migrate(fresh, { now: () => T0 + DAY })).toEqual([]);
    const versions = await fresh.query<{ version: number; applied_at: string }>(
      "SELECT version, to_char(applied_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI') AS applied_at FROM mad_migrations ORDER BY version",
    );
    // Applied at the relay's clock's time, not the database's.
    expect(versions).toEqual(MIGRATIONS.map((m) => ({ version: m.version, applied_at: "2025-08-06T07:00" })));
    const views = await database.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.views WHERE table_name LIKE 'history\\_%'",
    );
    expect(views.map((v) => v.name)).toContain("history_competitor_lookup");
  });

  test("a second snapshot of a day replaces the first whole; other days stay; rows come back in order", async () => {
    expect(await history.write(snapshot("2025-08-05", 3))).toMatchObject({ rows: 3, replaced: false });
    expect(await history.write(snapshot("2025-08-06", 5))).toMatchObject({ rows: 5, replaced: false });
    const again = await history.write(
      snapshot("2025-08-06", 2, { failures: [{ query_index: 1, query: "=MAD.X()", error: "no" }] }),
    );
    expect(again).toMatchObject({ rows: 2, replaced: true });

    const days = await history.days("watch-0001");
    expect(days.map((d) => [d.taken_on, d.rows])).toEqual([
      ["2025-08-05", 3],
      ["2025-08-06", 2],
    ]);
    expect(days[1].failures).toEqual([{ query_index: 1, query: "=MAD.X()", error: "no" }]);
    expect(days[1].taken_at).toBe("2025-08-06T07:00:00.000Z");

    const rows = await all(history.rows("watch-0001", {}, 2));
    expect(rows.map((r) => `${r.taken_on} ${r.query_index} ${r.row_index}`)).toEqual([
      "2025-08-05 0 0",
      "2025-08-05 0 1",
      "2025-08-05 0 2",
      "2025-08-06 0 0",
      "2025-08-06 0 1",
    ]);
    expect(rows[0]).toMatchObject({
      taken_at: "2025-08-05T07:00:00.000Z",
      operation: "competitor_lookup",
      record_key: "B000000000",
      fields: expect.objectContaining({ asin: "B000000000", price: 10 }),
    });
    expect(await all(history.rows("watch-0001", { latest: true }))).toHaveLength(2);
    expect(await all(history.rows("watch-0001", { since: "2025-08-06", until: "2025-08-06" }))).toHaveLength(2);
    expect(await all(history.rows("watch-0001", { until: "2025-08-05", latest: true }))).toHaveLength(3);
    expect(await all(history.rows("other-0001"))).toEqual([]);
  });

  test("every row carries its query's formula (read once per query a day), across batches and ranges", async () => {
    const twoQueries = (takenOn: string, second: string): NewSnapshot => {
      const [first] = snapshot(takenOn, 3).queries;
      return {
        ...snapshot(takenOn, 3),
        queries: [first, { ...first, index: 1, query: second, rows: first.rows.slice(0, 2) }],
      };
    };
    await history.write(twoQueries("2025-08-05", "=MAD.ONE()"));
    await history.write(twoQueries("2025-08-06", "=MAD.TWO()"));
    const formula = '=MAD.PRODUCTS("US",{"B0…"})';
    const expected = [
      ...["2025-08-05 0 0", "2025-08-05 0 1", "2025-08-05 0 2"].map((row) => `${row} ${formula}`),
      "2025-08-05 1 0 =MAD.ONE()",
      "2025-08-05 1 1 =MAD.ONE()",
      ...["2025-08-06 0 0", "2025-08-06 0 1", "2025-08-06 0 2"].map((row) => `${row} ${formula}`),
      "2025-08-06 1 0 =MAD.TWO()",
      "2025-08-06 1 1 =MAD.TWO()",
    ];
    const read = async (range: Parameters<HistoryStore["rows"]>[1], batchRows: number) =>
      (await all(history.rows("watch-0001", range, batchRows))).map(
        (r) => `${r.taken_on} ${r.query_index} ${r.row_index} ${r.query}`,
      );
    for (const batchRows of [1, 2, 4, 100]) expect(await read({}, batchRows)).toEqual(expected);
    expect(await read({ since: "2025-08-06" }, 2)).toEqual(expected.slice(5));
    expect(await read({ latest: true }, 3)).toEqual(expected.slice(5));
  });

  test("what a schedule keeps: days, rows, size, first and last day; deleting removes its history and feeds", async () => {
    await history.write(snapshot("2025-08-04", 4));
    await history.write(snapshot("2025-08-06", 6));
    await history.write(snapshot("2025-08-06", 1, { scheduleId: "other-0001" }));
    await database.query(
      "INSERT INTO mad_feeds (id, schedule_id, token_hash, member, created_at) VALUES ('f1', 'watch-0001', 'h', 'alice', now())",
    );
    const kept = await history.summaries(["watch-0001", "none-00001"]);
    expect(kept.get("watch-0001")).toMatchObject({ days: 2, rows: 10, first: "2025-08-04", last: "2025-08-06" });
    expect(kept.get("watch-0001")!.bytes).toBeGreaterThan(10 * 100);
    expect(kept.get("none-00001")).toEqual({ days: 0, rows: 0, bytes: 0 });

    expect(await history.deleteSchedule("watch-0001")).toBe(2);
    expect((await history.summaries(["watch-0001"])).get("watch-0001")).toEqual({ days: 0, rows: 0, bytes: 0 });
    expect(await database.query("SELECT id FROM mad_feeds")).toEqual([]);
    expect(await database.query("SELECT snapshot_id FROM mad_snapshot_rows")).toHaveLength(1);
    expect([...(await history.everySummary()).keys()]).toEqual(["other-0001"]);
  });

  test("the retention sweep removes days older than MAD_HISTORY_DAYS by the relay's clock, once a day", async () => {
    await history.write(snapshot("2025-07-01", 1));
    await history.write(snapshot("2025-07-10", 1));
    await history.write(snapshot("2025-08-06", 1));
    // 30 days kept: on 2025-08-06 the cutoff is 2025-07-07.
    expect(await history.sweepIfDue(T0)).toBe(1);
    expect((await history.days("watch-0001")).map((d) => d.taken_on)).toEqual(["2025-07-10", "2025-08-06"]);
    // Not due again the same day, even with more to sweep by then.
    expect(await history.sweepIfDue(T0 + 10 * DAY - 1 - 9 * DAY)).toBeUndefined();
    expect(await history.sweepIfDue(T0 + 10 * DAY)).toBe(1);
    expect((await history.days("watch-0001")).map((d) => d.taken_on)).toEqual(["2025-08-06"]);
  });

  test("a stream left early ends its cursor; the database serves other queries meanwhile and after", async () => {
    await history.write(snapshot("2025-08-06", 50));
    const rows = history.rows("watch-0001", {}, 10);
    let batches = 0;
    for await (const batch of rows) {
      expect(batch).toHaveLength(10);
      // Another step (a scheduler's write) goes through while the reader holds its cursor.
      await history.write(snapshot("2025-08-07", 1));
      if (++batches === 2) break;
    }
    expect(await database.query("SELECT count(*)::int AS n FROM mad_snapshots")).toEqual([{ n: 2 }]);
    expect(await all(history.rows("watch-0001", { until: "2025-08-06" }))).toHaveLength(50);
  });
});

test("one day is never written twice: two connections storing the same day at once leave one whole snapshot", async () => {
  const url = await databases.postgres.newDatabase();
  const [a, b] = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
  try {
    const stores = [new HistoryStore(a), new HistoryStore(b)];
    await Promise.all(Array.from({ length: 10 }, (_, i) => stores[i % 2].write(snapshot("2025-08-06", 20 + i))));
    const days = await stores[0].days("watch-0001");
    expect(days).toHaveLength(1);
    expect(await a.query("SELECT count(*)::int AS n FROM mad_snapshot_rows")).toEqual([{ n: days[0].rows }]);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

test("two relays opening one PostgreSQL database together migrate it once", async () => {
  const url = await databases.postgres.newDatabase();
  const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ url })));
  try {
    const versions = await opened[0].query("SELECT version FROM mad_migrations");
    expect(versions).toHaveLength(MIGRATIONS.length);
  } finally {
    await Promise.all(opened.map((d) => d.close()));
  }
});

test("a server that cannot be reached: the error names DATABASE_URL, the address (no password) and what failed", async () => {
  const url = `postgres://mad:s3cret@127.0.0.1:${databases.postgres.port + 1}/mad`;
  const failure = await openDatabase({ url }).catch((e: Error) => e);
  expect(failure).toBeInstanceOf(DatabaseUnavailable);
  expect((failure as Error).message).toMatch(/^DATABASE_URL \(postgresql at 127\.0\.0\.1:\d+\/mad\): .*ECONNREFUSED/);
  expect((failure as Error).message).not.toContain("s3cret");
});

test("the embedded folder is one process's: a second opener is refused, saying who holds it; a stale lock is taken; its page cache is 32 MB", async () => {
  const data = await newDataDir();
  const lock = path.join(data.dir, "relay.lock");
  try {
    const first = await openDatabase({ dataDir: data.dir });
    const second = await openDatabase({ dataDir: data.dir }).catch((e: Error) => e);
    expect(second).toBeInstanceOf(DatabaseUnavailable);
    expect((second as Error).message).toMatch(
      new RegExp(`^MAD_DATA_DIR \\(.*\\) is in use by process ${process.pid} on ${hostname()} .*DATABASE_URL`),
    );
    await first.close();
    expect(existsSync(lock)).toBe(false);
    // A process that stopped without letting go (its pid no longer runs): its lock is stale.
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    writeFileSync(
      lock,
      JSON.stringify({ pid: Number(gone.stdout), host: hostname(), since: new Date().toISOString() }),
    );
    const third = await openDatabase({ dataDir: data.dir });
    expect(await third.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    // Its page cache is 32 MB, not PostgreSQL's 128 (zeroed at each start, held for the relay's life).
    expect(await third.query("SHOW shared_buffers")).toEqual([{ shared_buffers: "32MB" }]);
    expect(JSON.parse(readFileSync(lock, "utf8"))).toMatchObject({ pid: process.pid });
    await third.close();
  } finally {
    data.remove();
  }
});
