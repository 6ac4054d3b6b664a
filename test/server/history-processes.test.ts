/**
 * The history as an operator meets it, through the bundled commands (`npm run serve -- --team`, `npm run team`):
 * two relay processes on one Redis and one PostgreSQL migrate it once; `npm run team -- schedules run [ID] [--all]`
 * runs schedules now, prints what each stored and spent and exits 1 when one failed; `npm run team -- history` lists
 * what each keeps; `unschedule` removes a schedule with its history. A single relay without Redis keeps its
 * database in MAD_DATA_DIR, which `npm run team` opens only while that relay is stopped; a database that cannot be
 * reached stops the relay at start, naming the setting. And docker-compose.yml's PostgreSQL.
 */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { parse } from "yaml";
import { useSimulator } from "../support/simulator";
import { newDataDir } from "./support/databases";
import { usePostgres } from "./support/postgres";
import { startRedis, type RunningRedis } from "./support/redis";
import { serveProcess } from "./support/serve-process";
import { runServerCli, spawnServerCli } from "./support/server-cli";

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, "../..");
const SECRET = "hproc0secret0000000000000000wxyz";
const sim = useSimulator({ secret: SECRET });
const postgres = usePostgres();
let redis: RunningRedis;
let dir: string;
let env: NodeJS.ProcessEnv;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  redis = await startRedis();
  dir = mkdtempSync(path.join(tmpdir(), "mad-history-"));
  writeFileSync(
    path.join(dir, "keys.json"),
    JSON.stringify([{ name: "main", secret: SECRET, perMinute: 40, monthlyBudget: 15000 }]),
  );
  chmodSync(path.join(dir, "keys.json"), 0o600);
  writeFileSync(path.join(dir, "taskpane.html"), "<!doctype html><title>MAD</title>");
  env = { ...process.env, MAD_UPSTREAM: sim.url, MAD_KEYS_FILE: path.join(dir, "keys.json") };
}, 30_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const team = (args: string[], extra: NodeJS.ProcessEnv) => runServerCli("team", args, { ...env, ...extra });

async function serve(extra: NodeJS.ProcessEnv) {
  const served = await serveProcess(["--team", "--static", dir], { ...env, ...extra });
  children.push(served.child);
  return served;
}

/** Stops a relay as its container would (SIGTERM) and waits for it to exit. */
async function stop(child: ChildProcessWithoutNullStreams) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

const WATCH = {
  name: "Yoga watch",
  at: "06:30",
  timeZone: "Asia/Shanghai",
  history: true,
  queries: [
    { operation: "competitor_lookup", params: { marketplace: "US", asins: ["B07Z82895W", "B0C2PQ4DKQ"] } },
    { operation: "market_brand_concentration", params: { marketplace: "US", nodeIdPath: "172282" }, limit: 10 },
  ],
};

async function put(base: string, token: string, id: string, body: unknown) {
  const reply = await fetch(`${base}/v1/schedules/${id}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as { message?: string; data?: unknown } };
}

test("two relays on one Redis and one PostgreSQL migrate it once; `schedules run` stores and prints; `history` lists", async () => {
  const shared = { REDIS_URL: redis.url, MAD_REDIS_PREFIX: "hist:", DATABASE_URL: await postgres.newDatabase() };
  const token = (await team(["add", "carol"], shared)).lines.at(-1)!;
  const [a] = await Promise.all([serve(shared), serve(shared)]);
  expect(a.output()).not.toContain("history is off");
  const client = new Client({ connectionString: shared.DATABASE_URL });
  await client.connect();
  try {
    expect((await client.query("SELECT version FROM mad_migrations")).rows).toEqual([{ version: 1 }]);
  } finally {
    await client.end();
  }
  expect((await put(a.url, token, "watch-0001", WATCH)).status).toBe(200);

  const none = await team(["schedules", "run"], shared);
  expect([none.status, none.lines.at(-1)]).toEqual([0, "Ran 0 due schedules:"]);
  const before = sim.stats().total;
  const ran = await team(["schedules", "run", "watch-0001"], shared);
  expect(ran.status).toBe(0);
  expect(ran.out).toMatch(
    /^ {2}carol\/watch-0001\tYoga watch\tstored 12 rows as \d{4}-\d\d-\d\d \(2 calls, 0 from the cache\)$/m,
  );
  expect(sim.stats().total - before).toBe(2);

  const listed = await team(["history"], shared);
  expect(listed.status).toBe(0);
  expect(listed.out).toMatch(/^History in postgresql at 127\.0\.0\.1:\d+\/test_\d+_\d+, 730 days kept/m);
  expect(listed.out).toMatch(/^watch-0001\tcarol\tYoga watch\t1 day \((\S+) … \1\), 12 rows, [\d.]+ kB$/m);
  expect(listed.out).not.toContain("mad:"); // no password, no prefix games: the database's address only

  // A query the service refuses (not in the team's cache yet): the run keeps the other, says so, and exits 1.
  const fresh = {
    ...WATCH,
    queries: [WATCH.queries[0], { ...WATCH.queries[1], params: { marketplace: "US", nodeIdPath: "281407" } }],
  };
  expect((await put(a.url, token, "watch-0003", fresh)).status).toBe(200);
  sim.injectFault({
    match: { operation: "market_brand_concentration" },
    times: 5,
    fault: { type: "envelope", code: "ERROR_PARAM" },
  });
  const failed = await team(["schedules", "run", "--all"], { ...shared, MAD_HISTORY_DAYS: "30" });
  sim.clearFaults();
  expect(failed.status).toBe(1);
  expect(failed.out).toMatch(
    /^ {2}carol\/watch-0001\tYoga watch\tstored 12 rows as .* \(0 calls, 3 from the cache\)$/m,
  );
  expect(failed.out).toMatch(
    /^ {2}carol\/watch-0003\tYoga watch\tstored 2 rows as .*, 1 failed: Brand concentration: the service answered ERROR_PARAM /m,
  );
  expect((await team(["schedules", "run", "nope-00001"], shared)).err).toMatch(/no schedule nope-00001/);

  const removed = await team(["unschedule", "watch-0001"], shared);
  expect(removed.out).toMatch(/Removed the schedule watch-0001 and its history \(1 day\)/);
  const left = await team(["history"], shared);
  expect(left.out).not.toContain("watch-0001");
  expect(left.out).toMatch(/^watch-0003\t/m);
});

test("a single relay without Redis: its database is its own while it runs; `npm run team` reads it once it stopped", async () => {
  // A folder as PGlite's initdb leaves it (copied: initdb in WebAssembly takes seconds of CPU).
  const data = await newDataDir();
  postgres.closeAfterTest(() => data.remove());
  const single = { REDIS_URL: "", MAD_MEMBERS_FILE: path.join(dir, "members.json"), MAD_DATA_DIR: data.dir };
  const token = (await team(["add", "dana"], single)).lines.at(-1)!;
  const relay = await serve(single);
  expect((await put(relay.url, token, "watch-0002", WATCH)).status).toBe(200);
  const refused = await team(["history"], single);
  expect(refused.status).toBe(1);
  expect(refused.err).toMatch(
    new RegExp(
      `MAD_DATA_DIR \\(${single.MAD_DATA_DIR}\\) is in use by process ${relay.child.pid} on .*Stop that process first`,
      "i",
    ),
  );
  await stop(relay.child);

  const ran = await team(["schedules", "run", "--all"], single);
  expect(ran.status).toBe(0);
  expect(ran.out).toMatch(/dana\/watch-0002\tYoga watch\tstored 12 rows as /);
  expect((await team(["history"], single)).out).toMatch(/^watch-0002\tdana\tYoga watch\t1 day /m);

  // Started again, the relay has the schedule, and what it keeps.
  const again = await serve(single);
  const schedules = await fetch(`${again.url}/v1/schedules`, { headers: { authorization: `Bearer ${token}` } });
  const listed = ((await schedules.json()) as { data: { id: string; kept?: { days: number; rows: number } }[] }).data;
  expect(listed).toEqual([
    expect.objectContaining({ id: "watch-0002", kept: expect.objectContaining({ days: 1, rows: 12 }) }),
  ]);
  await stop(again.child);
});

test("a database that cannot be reached at start: the relay names DATABASE_URL and what failed, and exits 1", async () => {
  const child = spawnServerCli("serve", ["--team", "--static", dir], {
    ...env,
    PORT: "0",
    HOST: "127.0.0.1",
    REDIS_URL: redis.url,
    DATABASE_URL: `postgres://mad:hunter22@127.0.0.1:${postgres.port + 1}/mad`,
  });
  children.push(child);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise((resolve) => child.on("exit", resolve));
  expect(status).toBe(1);
  expect(output).toMatch(
    /"event":"failed","error":"DATABASE_URL \(postgresql at 127\.0\.0\.1:\d+\/mad\): .*ECONNREFUSED/,
  );
  expect(output).not.toContain("hunter22");
});

test("`npm run team -- --help` lists `schedules run` and `history`", async () => {
  const help = await team(["--help"], { REDIS_URL: "redis://127.0.0.1:1" });
  expect(help.out).toContain("  schedules run [ID] [--all]");
  expect(help.out).toContain("  history ");
});

test("docker-compose.yml: PostgreSQL on a volume, with a health check, that both relays wait for and use", () => {
  const compose = parse(readFileSync(path.join(ROOT, "docker-compose.yml"), "utf8"), { merge: true }) as {
    services: Record<
      string,
      {
        image?: string;
        environment?: Record<string, string>;
        volumes?: string[];
        healthcheck?: { test: string[] };
        depends_on?: Record<string, { condition: string }>;
      }
    >;
    volumes: Record<string, unknown>;
  };
  const db = compose.services.postgres;
  expect(db.image).toMatch(/^postgres:\d+/);
  expect(db.volumes).toEqual(["postgres-data:/var/lib/postgresql/data"]);
  expect(Object.keys(compose.volumes)).toContain("postgres-data");
  expect(db.healthcheck?.test).toEqual(["CMD", "pg_isready", "-U", "mad", "-d", "mad"]);
  for (const name of ["relay-1", "relay-2"]) {
    const relay = compose.services[name];
    expect(relay.environment?.DATABASE_URL).toMatch(/^postgres:\/\/mad:\$\{MAD_DB_PASSWORD:\?.*\}@postgres:5432\/mad$/);
    expect(relay.depends_on?.postgres).toEqual({ condition: "service_healthy" });
  }
  expect(readFileSync(path.join(ROOT, ".gitignore"), "utf8")).toMatch(/^\/mad-data\/$/m);
  expect(readFileSync(path.join(ROOT, ".dockerignore"), "utf8")).toMatch(/^mad-data$/m);
});
