/**
 * 15. Serving kept history (issue 44): a year of a 200-ASIN daily watch (365 snapshots × 200 rows = 73,000 rows of
 * competitor lookup, every field as the spill shows it), on the embedded database (PGlite) and, when Debian's
 * PostgreSQL is installed, on a throwaway server cluster. One day's rows come from the simulator process of
 * scenarios 1-4 (200 ASINs in 5 calls of 40, as the relay batches a watch) and are stored as a scheduled run stores
 * them (HistoryStore.write); the other 364 days are copied from them by SQL (generate_series, each day's units
 * changed), so seeding takes seconds. Then, in one run: `GET /v1/schedules/{id}/history.csv` from a team relay over
 * loopback HTTP (the whole answer read by curl in its own process and dropped) against one SELECT of the same rows, in the same order, through
 * the same driver (all of them in memory at once), medians of alternating runs after a warm-up; the process's
 * memory (RSS) sampled every 5 ms while the first answer streams, against RSS before it; and storing one day's 200
 * rows against fetching them from the simulator.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createClient } from "../src/api/client";
import { systemClock } from "../src/lib/clock";
import { openDatabase, type Database } from "../src/server/history/database";
import { snapshotRows } from "../src/server/history/snapshot-rows";
import { HistoryStore } from "../src/server/history/snapshots";
import { createHostingServer, listen } from "../src/server/hosting";
import { createUpstreamCaller } from "../src/server/relay";
import { fingerprintOf } from "../src/server/team/keys-file";
import { MemoryStore } from "../src/server/team/memory-store";
import { createTeamRelay } from "../src/server/team/team-relay";
import { hashToken, newToken } from "../src/server/team/tokens";
import { startPostgres } from "../test/server/support/postgres";
import type { Measure } from "./report";
import { BENCH_SECRET, type BenchContext, type ScenarioResult } from "./scenarios";

const ASINS = 200;
const DAYS = 365;
const BATCH = 40;
const RUNS = 5;
/** Serving a year takes seconds per run: 3 of each after the warm-up. */
const SERVE_RUNS = 3;
const FIRST_DAY = "2025-01-01";
const SCHEDULE_ID = "bench-watch-200";
const asins = () => Array.from({ length: ASINS }, (_, i) => `B0${String(80_000 + i).padStart(8, "0")}`);
const QUERY = `=MAD.PRODUCTS("US",{${asins()
  .map((a) => `"${a}"`)
  .join(",")}})`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const dayAfter = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);

/** The watch's 200 records from the simulator, in calls of 40 sent together (as the relay batches them). */
async function fetchWatch(ctx: BenchContext): Promise<unknown[]> {
  const client = createClient({ baseUrl: ctx.sim.url, secret: BENCH_SECRET });
  const list = asins();
  const batches = Array.from({ length: ASINS / BATCH }, (_, i) => list.slice(i * BATCH, (i + 1) * BATCH));
  const answers = await Promise.all(
    batches.map((batch) => client.call("competitor_lookup", { marketplace: "US", asins: batch, variation: "N" })),
  );
  return answers.flatMap((a) => a.rows as unknown[]);
}

/** Stores a day's records as a scheduled run does: each row as the spill shows it, in one transaction. */
const storeDay = (store: HistoryStore, records: readonly unknown[], day: string) =>
  store.write({
    scheduleId: SCHEDULE_ID,
    scheduleName: "200-ASIN watch",
    member: "bench",
    takenOn: day,
    takenAt: Date.parse(`${day}T06:00:00Z`),
    timeZone: "UTC",
    queries: [
      { index: 0, operation: "competitor_lookup", query: QUERY, rows: snapshotRows("competitor_lookup", records) },
    ],
    failures: [],
  });

/** Storing one day against fetching it, alternating, medians; the first `RUNS` days are stored by it. */
async function storeAgainstFetch(ctx: BenchContext, store: HistoryStore) {
  const fetchMs: number[] = [];
  const storeMs: number[] = [];
  let records: unknown[] = [];
  for (let run = 0; run <= RUNS; run++) {
    let started = performance.now();
    records = await fetchWatch(ctx);
    const fetched = performance.now() - started;
    started = performance.now();
    await storeDay(store, records, dayAfter(FIRST_DAY, Math.max(0, run - 1)));
    const stored = performance.now() - started;
    if (run === 0) continue; // warm-up
    fetchMs.push(fetched);
    storeMs.push(stored);
  }
  return { fetchMs: median(fetchMs), storeMs: median(storeMs), rows: records.length };
}

/** The other days of the year, copied from the first by SQL with each day's units changed. */
async function seedYear(database: Database): Promise<number> {
  await database.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO mad_snapshots (schedule_id, schedule_name, member, taken_on, taken_at, time_zone)
       SELECT $1, '200-ASIN watch', 'bench', $2::date + n, ($2::date + n)::timestamp + interval '6 hours', 'UTC'
       FROM generate_series($3::int, $4::int) AS n`,
      [SCHEDULE_ID, FIRST_DAY, RUNS, DAYS - 1],
    );
    await tx.query(
      `INSERT INTO mad_snapshot_rows (snapshot_id, query_index, row_index, operation, query, record_key, fields)
       SELECT s.id, r.query_index, r.row_index, r.operation, r.query, r.record_key,
              jsonb_set(r.fields, '{units}', to_jsonb((s.taken_on - $2::date) * 3 + r.row_index))
       FROM mad_snapshots s
       CROSS JOIN (SELECT r.* FROM mad_snapshot_rows r JOIN mad_snapshots f ON f.id = r.snapshot_id
                   WHERE f.schedule_id = $1 AND f.taken_on = $2::date) r
       WHERE s.schedule_id = $1 AND s.taken_on >= $2::date + $3::int`,
      [SCHEDULE_ID, FIRST_DAY, RUNS],
    );
  });
  const [{ rows }] = await database.query<{ rows: number }>(
    `SELECT count(*)::int AS rows FROM mad_snapshot_rows r JOIN mad_snapshots s ON s.id = r.snapshot_id
     WHERE s.schedule_id = $1`,
    [SCHEDULE_ID],
  );
  return rows;
}

/** A team relay over the database, the watch scheduled for a member; its base URL, the member's token, a stop. */
async function relayOver(database: Database, store: HistoryStore) {
  const teamStore = new MemoryStore();
  const token = newToken();
  await teamStore.addMember(
    { name: "bench", role: "member", monthlyBudget: null, createdAt: Date.now() },
    hashToken(token),
  );
  await teamStore.scheduleSave({
    id: SCHEDULE_ID,
    member: "bench",
    name: "200-ASIN watch",
    at: "06:00",
    timeZone: "UTC",
    queries: [{ operation: "competitor_lookup", params: { marketplace: "US", asins: asins() } }],
    history: true,
    paused: true,
    createdAt: Date.now(),
    nextRunAt: Date.now() + 86_400_000,
  });
  const team = createTeamRelay({
    store: teamStore,
    keys: [
      {
        name: "bench",
        secret: BENCH_SECRET,
        fingerprint: fingerprintOf(BENCH_SECRET),
        perMinute: 40,
        monthlyBudget: null,
      },
    ],
    callUpstream: createUpstreamCaller({
      upstream: "http://127.0.0.1:9",
      timeoutMs: 1_000,
      maxAnswerBytes: 1_000,
      secrets: [],
    }),
    clock: systemClock,
    queueWaitMs: 1_000,
    memberRatePerMinute: 1_000,
    schedulerTickMs: 0,
    history: { database, store },
  });
  const hosting = createHostingServer({ upstream: "http://127.0.0.1:9", team });
  const base = await listen(hosting, 0, "127.0.0.1");
  // The relay closes its database when it stops: the caller closes it only if the relay never started.
  return { base, token, stop: () => hosting.stop(0) };
}

/**
 * Reads the whole answer with curl in its own process (as a BI tool or a spreadsheet would, elsewhere), dropping it;
 * its size in bytes. The relay's process does the serving only.
 */
async function readCsv(base: string, token: string): Promise<number> {
  const curl = spawn(
    "curl",
    [
      "-sS",
      "--fail",
      "-o",
      "/dev/null",
      "-w",
      "%{size_download}",
      "-H",
      `authorization: Bearer ${token}`,
      `${base}/v1/schedules/${SCHEDULE_ID}/history.csv`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let errors = "";
  curl.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  curl.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const [code] = (await once(curl, "close")) as [number];
  if (code !== 0) throw new Error(`curl history.csv: exit ${code}: ${errors}`);
  return Number(out);
}

/** One SELECT of the same rows, in the same order, every row in memory at once: the baseline. */
const selectAll = (database: Database) =>
  database.query(
    `SELECT s.taken_on::text AS taken_on, to_char(s.taken_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS taken_at,
            r.query_index, r.row_index, r.operation, r.query, r.record_key, r.fields
     FROM mad_snapshots s JOIN mad_snapshot_rows r ON r.snapshot_id = s.id
     WHERE s.schedule_id = $1 ORDER BY s.taken_on, r.query_index, r.row_index`,
    [SCHEDULE_ID],
  );

interface Growth {
  /**
   * What the streaming holds: the V8 heap's live objects and the memory outside it (buffers, the embedded database's
   * WebAssembly memory), read after a full collection every 50 ms, at most, over the value before.
   */
  readonly retainedMb: number;
  /** The process's resident memory at most, over the value before (garbage V8 has not collected yet included). */
  readonly rssMb: number;
}

/** A full collection, exposed at run time as scenario 4 does (no node flag needed). */
function fullCollection(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

/** Collections until buffers' memory outside the heap, given back a moment after their objects go, has settled. */
async function settled(gc: () => void): Promise<void> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const heldBytes = () => {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

/**
 * Two reads of the answer: the first left to V8's own collections, its RSS sampled every 5 ms; the second with a full
 * collection every 50 ms, what stays live sampled after each.
 */
async function memoryGrowth(read: () => Promise<number>): Promise<{ bytes: number; growth: Growth }> {
  const gc = fullCollection();
  const mb = (bytes: number) => Math.max(0, bytes) / 1e6;
  await settled(gc);
  const rssBefore = process.memoryUsage.rss();
  let rssMost = rssBefore;
  const rss = setInterval(() => (rssMost = Math.max(rssMost, process.memoryUsage.rss())), 5);
  let bytes: number;
  try {
    bytes = await read();
  } finally {
    clearInterval(rss);
  }
  await settled(gc);
  const heldBefore = heldBytes();
  let heldMost = heldBefore;
  const retained = setInterval(() => {
    gc();
    heldMost = Math.max(heldMost, heldBytes());
  }, 50);
  try {
    await read();
  } finally {
    clearInterval(retained);
  }
  return { bytes, growth: { retainedMb: mb(heldMost - heldBefore), rssMb: mb(rssMost - rssBefore) } };
}

/** Serving history.csv against one SELECT, alternating after a warm-up; medians. */
async function servingAgainstSelect(database: Database, base: string, token: string) {
  const memory = await memoryGrowth(() => readCsv(base, token));
  await selectAll(database);
  const csvMs: number[] = [];
  const selectMs: number[] = [];
  for (let run = 0; run < SERVE_RUNS; run++) {
    let started = performance.now();
    await readCsv(base, token);
    csvMs.push(performance.now() - started);
    started = performance.now();
    const rows = await selectAll(database);
    selectMs.push(performance.now() - started);
    if (rows.length !== ASINS * DAYS) throw new Error(`the SELECT read ${rows.length} rows`);
  }
  return { csvMs: median(csvMs), selectMs: median(selectMs), bytes: memory.bytes, memory: memory.growth };
}

type Kind = "embedded" | "server";

function measuresOf(
  kind: Kind,
  rows: number,
  store: Awaited<ReturnType<typeof storeAgainstFetch>>,
  serve: Awaited<ReturnType<typeof servingAgainstSelect>>,
): Measure[] {
  const where = kind === "embedded" ? "embedded PGlite" : "PostgreSQL server";
  const scenario = `15. History of a ${ASINS}-ASIN daily watch, a year (${rows} rows, every field), ${where}`;
  return [
    {
      scenario,
      measure: `serve history.csv (${(serve.bytes / 1e6).toFixed(1)} MB), median of ${SERVE_RUNS}`,
      unit: "ms",
      value: serve.csvMs,
      baselineLabel: "one SELECT of the same rows",
      baseline: serve.selectMs,
      goal: "≤ 3×",
      goalMet: serve.csvMs <= 3 * serve.selectMs,
    },
    {
      scenario,
      measure: "memory held while history.csv streams (heap after full collections, and outside it)",
      unit: "MB",
      value: serve.memory.retainedMb,
      baselineLabel: "the answer's size",
      baseline: serve.bytes / 1e6,
      goal: "≤ 64 MB",
      goalMet: serve.memory.retainedMb <= 64,
    },
    {
      scenario,
      measure: "the process's resident memory (RSS) at most while it streams, V8 collecting as it does",
      unit: "MB",
      value: serve.memory.rssMb,
      baselineLabel: "the answer's size",
      baseline: serve.bytes / 1e6,
    },
    {
      scenario,
      measure: `store one day's ${store.rows} rows (one transaction), median of ${RUNS}`,
      unit: "ms",
      value: store.storeMs,
      baselineLabel: `fetch them from the simulator (${ASINS / BATCH} calls of ${BATCH})`,
      baseline: store.fetchMs,
      goal: "≤ 2×",
      goalMet: store.storeMs <= 2 * store.fetchMs,
    },
  ];
}

async function measureOn(ctx: BenchContext, kind: Kind, database: Database): Promise<Measure[]> {
  const store = new HistoryStore(database);
  let relay: Awaited<ReturnType<typeof relayOver>> | undefined;
  try {
    const stored = await storeAgainstFetch(ctx, store);
    const rows = await seedYear(database);
    relay = await relayOver(database, store);
    const serve = await servingAgainstSelect(database, relay.base, relay.token);
    return measuresOf(kind, rows, stored, serve);
  } finally {
    if (relay) await relay.stop();
    else await database.close();
  }
}

export async function historyServing(ctx: BenchContext): Promise<ScenarioResult> {
  const notes: string[] = [];
  const measures: Measure[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), "mad-bench-history-"));
  try {
    measures.push(...(await measureOn(ctx, "embedded", await openDatabase({ dataDir }))));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined;
  try {
    postgres = await startPostgres();
  } catch (error) {
    notes.push(`history: PostgreSQL server skipped (${(error as Error).message.split("\n")[0]})`);
  }
  if (postgres)
    try {
      measures.push(...(await measureOn(ctx, "server", await openDatabase({ url: await postgres.newDatabase() }))));
    } finally {
      postgres.stop();
    }
  return { measures, notes };
}
