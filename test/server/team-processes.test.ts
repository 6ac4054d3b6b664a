/**
 * The deployment's topology without Docker: two `npm run serve -- --team` processes on one redis-server in front of
 * the simulator, members issued and revoked with `npm run team`, usage read as CSV; the memory default with a
 * members file; and docker-compose.yml's structure (Redis, two relays, nginx in front).
 */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { useSimulator } from "../support/simulator";
import { RedisStore } from "../../src/server/team/redis-store";
import { everythingStored, startRedis, type RunningRedis } from "./support/redis";
import { serveProcess } from "./support/serve-process";
import { runServerCli } from "./support/server-cli";
import { newDataDir } from "./support/databases";
import { call } from "./support/team";

const ROOT = path.resolve(__dirname, "../..");
const SECRET = "procs0secret0000000000000000wxyz";
const sim = useSimulator({ secret: SECRET });
let redis: RunningRedis;
let dir: string;
let env: NodeJS.ProcessEnv;
let data: Awaited<ReturnType<typeof newDataDir>>;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  redis = await startRedis();
  // A copy of a migrated embedded database (see databases.ts): a relay's first start in an empty folder runs
  // initdb in WebAssembly, seconds of CPU that no test here is about.
  data = await newDataDir();
  dir = mkdtempSync(path.join(tmpdir(), "mad-team-"));
  writeFileSync(
    path.join(dir, "keys.json"),
    JSON.stringify([{ name: "main", secret: SECRET, perMinute: 40, monthlyBudget: 15000 }]),
  );
  chmodSync(path.join(dir, "keys.json"), 0o600);
  writeFileSync(path.join(dir, "taskpane.html"), "<!doctype html><title>MAD</title>");
  env = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    MAD_UPSTREAM: sim.url,
    MAD_KEYS_FILE: path.join(dir, "keys.json"),
    // Without Redis a relay keeps its schedules and history in an embedded database: here, not in the repository.
    MAD_DATA_DIR: data.dir,
  };
}, 120_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
  data?.remove();
});

/** `npm run team` with this file's environment (see server-cli.ts). */
const team = (args: string[], extra: NodeJS.ProcessEnv = {}) => runServerCli("team", args, { ...env, ...extra });

async function serve(extra: NodeJS.ProcessEnv) {
  const served = await serveProcess(["--team", "--static", dir], { ...env, ...extra });
  children.push(served.child);
  return served;
}

test("two relay processes on one Redis: a member added by `npm run team` calls both, identical requests cost one call, usage and revoke", async () => {
  const shared = { REDIS_URL: redis.url, MAD_REDIS_PREFIX: "procs:" };
  const added = await team(["add", "alice@contoso.com"], shared);
  expect(added.status).toBe(0);
  const token = added.lines.at(-1)!;
  expect(token).toMatch(/^madt_[A-Za-z0-9_-]{43}$/); // alone on the last line
  expect(added.out.split(token)).toHaveLength(2); // printed once
  expect((await team(["add", "alice@contoso.com"], shared)).status).toBe(1);
  expect((await team(["add", "=cmd|x"], shared)).status).toBe(2);
  const [a, b] = await Promise.all([serve(shared), serve(shared)]);
  const before = sim.stats().total;
  const replies = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      call(i % 2 ? a.url : b.url, token, { marketplace: "US", nodeIdPath: "172282" }),
    ),
  );
  expect(replies.map((r) => r.body.code)).toEqual(Array(6).fill("OK"));
  expect(sim.stats().total).toBe(before + 1);
  const csv = await team(["usage", "--csv"], shared);
  expect(csv.status).toBe(0);
  expect(csv.lines[0]).toBe("month,member,operation,calls,cacheHits,refusals");
  expect(csv.lines).toContainEqual(expect.stringMatching(/^\d{6},alice@contoso\.com,market_ebc_distribution,1,5,0$/));
  const table = await team(["usage"], shared);
  expect(table.out).toMatch(/main\s+40\s+1\s+15000\s+14999\s+in use/);
  expect((await team(["revoke", "alice@contoso.com"], shared)).status).toBe(0);
  expect((await call(a.url, token)).status).toBe(401);
  expect((await call(b.url, token)).status).toBe(401);
  for (const output of [a.output(), b.output()]) {
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain(token);
  }
  // Redis holds the token's hash and the key's fingerprint, never the token or the plan's secret.
  const stored = await everythingStored(redis.url, "procs:");
  expect(stored).toContain("alice@contoso.com");
  expect(stored).not.toContain(SECRET);
  expect(stored).not.toContain(token);
}, 60_000);

test("`npm run team -- --help` and `help` list every command, without reaching for the store", async () => {
  // Nothing listens on port 1: a command that opened the store would fail with exit 1.
  const unreachable = { REDIS_URL: "redis://127.0.0.1:1" };
  for (const args of [["--help"], ["-h"], ["help"]]) {
    const help = await team(args, unreachable);
    expect([args, help.status, help.err]).toEqual([args, 0, ""]);
    for (const command of ["add NAME", "revoke NAME", "members", "usage", "schedules", "unschedule ID", "alerts run"])
      expect(help.out).toContain(`  ${command}`);
  }
  const wrong = await team(["--colour"], unreachable);
  expect(wrong.status).toBe(2);
  expect(wrong.err).toMatch(/Unknown option '--colour'[\s\S]*usage: npm run team -- COMMAND/);
});

test("without REDIS_URL: `npm run team` says members need Redis to be shared, keeps them in a members file that one relay reads", async () => {
  const membersFile = path.join(dir, "members.json");
  const added = await team(["add", "bob"], { REDIS_URL: "", MAD_MEMBERS_FILE: membersFile });
  expect(added.status).toBe(0);
  expect(added.out).toMatch(/Members need Redis to be shared between replicas: set REDIS_URL/);
  const token = added.lines.at(-1)!;
  expect(readFileSync(membersFile, "utf8")).not.toContain(token);
  const relay = await serve({ REDIS_URL: "", MAD_MEMBERS_FILE: membersFile });
  expect(relay.output()).toMatch(/no REDIS_URL: the team's cache, pacer and usage live in this process only/);
  expect((await call(relay.url, token, { marketplace: "US", nodeIdPath: "281407" })).body.code).toBe("OK");
  expect((await team(["usage"], { REDIS_URL: "", MAD_MEMBERS_FILE: membersFile })).err).toMatch(/GET \/admin\/usage/);
}, 60_000);

test("`npm run team -- add` takes a budget in plain digits only: '', 0x10, 1e3, -1 or 1.5 are usage errors that add nobody", async () => {
  const membersFile = path.join(dir, "budgets.json");
  const noRedis = { REDIS_URL: "", MAD_MEMBERS_FILE: membersFile };
  // test/server/whole.test.ts holds the rule for more texts; here the command adds nobody.
  for (const budget of ["", "0x10", "1e3"]) {
    const refused = await team(["add", "dana", `--monthly-budget=${budget}`], noRedis);
    expect(refused.status).toBe(2);
    expect(refused.err).toContain(`--monthly-budget: expected a whole number >= 0, in digits only (got "${budget}")`);
    expect(existsSync(membersFile)).toBe(false);
  }
  const dashed = await team(["add", "dana", "--monthly-budget", "-1"], noRedis);
  expect([dashed.status, existsSync(membersFile)]).toEqual([2, false]);
  const added = await team(["add", "dana", "--monthly-budget", "300"], noRedis);
  expect(added.status).toBe(0);
  expect((await team(["members"], noRedis)).out).toMatch(/^dana\tmember\t300 calls a month\t/m);
}, 120_000);

test("`npm run team -- schedules` lists every member's scheduled refreshes from Redis; `unschedule ID` removes one", async () => {
  const shared = { REDIS_URL: redis.url, MAD_REDIS_PREFIX: "sched:" };
  const token = (await team(["add", "carol"], shared)).lines.at(-1)!;
  expect((await team(["schedules"], shared)).out).toMatch(/No scheduled refreshes/);
  const relay = await serve(shared);
  const set = await fetch(`${relay.url}/v1/schedules/weekly-market-1`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      name: "Market 172282",
      at: "06:30",
      timeZone: "UTC",
      queries: [{ operation: "market_brand_concentration", params: { marketplace: "US", nodeIdPath: "172282" } }],
    }),
  });
  expect(set.status).toBe(200);
  const listed = await team(["schedules"], shared);
  expect(listed.status).toBe(0);
  expect(listed.out).toMatch(
    /^weekly-market-1\tcarol\tMarket 172282\tdaily 06:30 UTC\t1 query\tnext \S+T06:30Z\tnot run yet$/m,
  );
  expect((await team(["unschedule", "weekly-market-1"], shared)).status).toBe(0);
  expect((await team(["unschedule", "weekly-market-1"], shared)).status).toBe(1);
  // Without Redis, a single relay's schedules are in its embedded database (read while that relay is stopped).
  const empty = await newDataDir();
  try {
    const embedded = await team(["schedules"], { REDIS_URL: "", MAD_DATA_DIR: empty.dir });
    expect(embedded.out).toMatch(/No scheduled refreshes/);
  } finally {
    empty.remove();
  }
}, 60_000);

test("`npm run team` prints stored names escaped: a name with ESC, BEL, new line or tab cannot clear the screen or forge a line", async () => {
  // Stored as data from before the rule, or edited by hand, would be: past the checks that now refuse it.
  const shared = { REDIS_URL: redis.url, MAD_REDIS_PREFIX: "escapes:" };
  const store = new RedisStore({ url: redis.url, prefix: "escapes:" });
  await store.connected(5_000);
  const hostile = "evil\u001b[2J\u001b[H\u0007\nroot forged";
  try {
    await store.addMember(
      { name: hostile, role: "member", monthlyBudget: null, createdAt: Date.now() },
      "0".repeat(64),
    );
    await store.scheduleSave({
      id: "report-escape-1",
      member: hostile,
      name: "Market\tforged\u001b[2J",
      at: "06:30",
      timeZone: "UTC",
      queries: [],
      createdAt: Date.now(),
      nextRunAt: Date.now() + 3_600_000,
      lastRun: { at: Date.now(), calls: 0, cacheHits: 0, failed: 1, note: "the service answered \u001b]0;pwned\u0007" },
    });
    await store.count("209901", hostile, "market_ebc_distribution", "calls");
  } finally {
    await store.close();
  }
  const acting = (text: string) => [...text].filter((c) => (c < " " && c !== "\t" && c !== "\n") || c === "\u007f");
  const cases: [string[], number][] = [
    [["members"], 1],
    [["schedules"], 1],
    [["usage", "--month", "209901"], 2],
    [["usage", "--csv", "--month", "209901"], 1],
  ];
  for (const [args, lines] of cases) {
    const printed = await team(args, shared);
    expect(printed.status).toBe(0);
    expect(acting(printed.out)).toEqual([]); // nothing but text, the columns' tabs and the lines' ends
    expect(printed.out).toContain("evil\\u001b[2J\\u001b[H\\u0007\\u000aroot forged");
    expect(printed.lines.filter((l) => l.includes("root forged"))).toHaveLength(lines);
  }
  expect((await team(["schedules"], shared)).out).toMatch(
    /\tMarket\\u0009forged\\u001b\[2J\t.*\(the service answered \\u001b\]0;pwned\\u0007\)$/m,
  );
}, 60_000);

test("docker-compose.yml: Redis, two relay replicas in team mode on it, nginx in front passing the client's address", () => {
  const compose = parse(readFileSync(path.join(ROOT, "docker-compose.yml"), "utf8"), { merge: true }) as {
    services: Record<
      string,
      { environment?: Record<string, string>; ports?: string[]; image?: string; secrets?: string[]; volumes?: string[] }
    >;
    secrets: Record<string, { file: string }>;
  };
  const relays = Object.entries(compose.services).filter(([, s]) => s.environment?.MAD_TEAM === "1");
  expect(relays.map(([name]) => name)).toEqual(["relay-1", "relay-2"]);
  for (const [, relay] of relays) {
    expect(relay.environment).toMatchObject({
      REDIS_URL: "redis://redis:6379",
      MAD_TRUST_PROXY: "1",
      MAD_KEYS_FILE: "/run/secrets/mad_keys",
    });
    expect(relay.secrets).toEqual(["mad_keys"]);
    expect(relay.ports).toBeUndefined(); // reached through the proxy only
    expect(Object.keys(relay.environment ?? {}).filter((name) => /SECRET/.test(name))).toEqual([]); // keys via the secret file
  }
  expect(compose.services.redis.image).toMatch(/^redis:7/);
  expect(compose.services.proxy.ports).toEqual(["8080:8080"]);
  const nginx = readFileSync(path.join(ROOT, "deploy/nginx.conf"), "utf8");
  expect(nginx).toMatch(/server relay-1:8080/);
  expect(nginx).toMatch(/server relay-2:8080/);
  expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
  expect(compose.secrets.mad_keys.file).toBe("./mad-keys.json");
  expect(readFileSync(path.join(ROOT, ".gitignore"), "utf8")).toMatch(/^\/mad-keys\.json$/m);
});
