/**
 * `npm run team -- alerts` and `npm run team -- alerts run [--all]` as child processes on the relay's Redis, in
 * front of the simulator, delivering to webhook receivers on loopback: the list, what a run fired, delivered and
 * left pending, and the exit status when a delivery failed for good.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { useSimulator } from "../support/simulator";
import { startReceiver, type Receiver } from "./support/alert-receivers";
import { startRedis, type RunningRedis } from "./support/redis";
import { runServerCli } from "./support/server-cli";
import { planKey, startTeam, type RunningTeam } from "./support/team";

// Each `npm run team` is a process of its own; this bounds a hang only.
jest.setTimeout(120_000);

const SECRET = "clialertsecret000000000000000wxyz";
const sim = useSimulator({ secret: SECRET });
let redis: RunningRedis;
let dir: string;
let relay: RunningTeam;
const receivers: Receiver[] = [];

beforeAll(async () => {
  redis = await startRedis();
  dir = mkdtempSync(path.join(tmpdir(), "mad-alerts-"));
  writeFileSync(path.join(dir, "keys.json"), JSON.stringify([{ name: "main", secret: SECRET, perMinute: 40 }]));
  chmodSync(path.join(dir, "keys.json"), 0o600);
  relay = await startTeam({
    kind: "redis",
    redisUrl: redis.url,
    upstream: sim.url,
    keys: [planKey("main", SECRET)],
    replicas: 1,
    alerts: { allowPrivate: true },
  });
}, 30_000);
afterAll(async () => {
  await relay?.stop();
  await Promise.all([redis?.stop(), ...receivers.map((r) => r.stop())]);
  rmSync(dir, { recursive: true, force: true });
});

function team(args: string[]) {
  return runServerCli("team", args, {
    ...process.env,
    REDIS_URL: redis.url,
    MAD_REDIS_PREFIX: relay.prefix,
    MAD_KEYS_FILE: path.join(dir, "keys.json"),
    MAD_UPSTREAM: sim.url,
    MAD_ALERTS_ALLOW_PRIVATE: "1",
  });
}

async function put(token: string, id: string, when: string, hook: Receiver) {
  const reply = await fetch(`${relay.bases[0]}/v1/alerts/${id}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      name: `Mat ${id}`,
      query: '=MAD.PRODUCTDETAILS("US","B07Z82895W")',
      when,
      deliver: [hook.url],
    }),
  });
  expect(reply.status).toBe(200);
}

test("alerts lists every alert; alerts run runs the due ones, delivers, prints what is pending; --all runs every one and a delivery failed for good exits 1", async () => {
  const alice = await relay.member("alice");
  const ok = await startReceiver();
  const broken = await startReceiver();
  receivers.push(ok, broken);
  await put(alice, "mat-price-01", "price > 0", ok);
  const listed = await team(["alerts"]);
  expect(listed.status).toBe(0);
  expect(listed.out).toContain(
    'mat-price-01\talice\t=MAD.PRODUCTDETAILS("US","B07Z82895W")\twhen price > 0\tdaily\tnot run yet\tnever fired\t0 deliveries pending',
  );

  const ran = await team(["alerts", "run"]);
  expect([ran.status, ran.err]).toEqual([0, ""]);
  expect(ran.out).toContain("Tried again at once: 0 pending deliveries.");
  expect(ran.out).toContain("Ran 1 due alert:");
  expect(ran.out).toMatch(
    /alice\/mat-price-01\tMat mat-price-01\tfired 1 of 1 row → 1 delivery \(1 call, 0 from the cache\)/,
  );
  expect(ran.out).toMatch(/ {2}delivered alice\/mat-price-01 → http:\/\/127\.0\.0\.1:\d+\/…\d+\//);
  expect(ran.out).toContain("Still pending: 0.");
  expect(ok.received).toHaveLength(1);
  expect((await team(["alerts", "run"])).out).toContain("Ran 0 due alerts:");

  broken.fallback = { status: 503 };
  await put(alice, "mat-price-02", "price > 0", broken);
  const pending = await team(["alerts", "run", "--all"]);
  expect(pending.status).toBe(0);
  expect(pending.out).toContain("Ran 2 alerts (--all):");
  // The first alert's data is current in the team's cache, and its condition still holds: nothing new to tell.
  expect(pending.out).toMatch(/mat-price-01\tMat mat-price-01\tnothing fired \(1 row\) \(0 calls, 1 from the cache\)/);
  expect(pending.out).toMatch(/ {2}retry {5}alice\/mat-price-02 → .*: 127\.0\.0\.1:\d+ answered HTTP 503/);
  expect(pending.out).toMatch(
    /Still pending: 1\.\n {2}pending {3}alice\/mat-price-02 → .* \(attempt 1, next .*Z\): .*HTTP 503/,
  );
  expect((await team(["alerts"])).out).toMatch(/mat-price-02\talice\t.*\tlast fired .*Z\t1 delivery pending/);

  broken.fallback = { status: 404 };
  const failed = await team(["alerts", "run"]);
  expect(failed.status).toBe(1);
  expect(failed.out).toContain("Tried again at once: 1 pending delivery.");
  expect(failed.out).toMatch(/ {2}failed {4}alice\/mat-price-02 → .*: 127\.0\.0\.1:\d+ answered HTTP 404/);
  expect((await team(["alerts"])).out).toMatch(/failed delivery .* of mat-price-02 at .* after 2 attempts: .*HTTP 404/);
});

test("alerts without Redis say where they live", async () => {
  const run = await runServerCli("team", ["alerts"], {
    ...process.env,
    REDIS_URL: "",
    MAD_MEMBERS_FILE: path.join(dir, "members.json"),
  });
  expect(run.status).toBe(1);
  expect(run.err).toMatch(/GET \/admin\/alerts/);
});
