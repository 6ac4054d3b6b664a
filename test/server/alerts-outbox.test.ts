/**
 * The alerts' outbox under attack (issue 46, item 1) and a revoked member's alerts (item 5), with the state in
 * memory and in a real redis-server: one member's 25 digest alerts × 20 receivers answering 503 fire 500 deliveries
 * in a run. A firing is stored once (deliveries refer to it), the member's pending deliveries are bounded
 * (MAD_ALERTS_MAX_PENDING, the oldest dropped and counted in their list), a newer digest replaces a pending one,
 * another member's GET /v1/alerts reads what is theirs (counted in bytes read from the store, not wall time), a pass
 * leases only what it is about to send, the given-up list is capped and expires, and deleting an alert or revoking
 * its member removes its deliveries, state and status.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AlertView } from "../../src/relay-api/alerts";
import { MembersFile } from "../../src/server/team/members-file";
import { MemoryStore } from "../../src/server/team/memory-store";
import type { StoredAlert } from "../../src/server/team/alerts/model";
import type { TeamStore } from "../../src/server/team/team-store";
import { VirtualClock } from "../support/virtual-clock";
import { startReceiver, type Receiver } from "./support/alert-receivers";
import { everythingStored, startRedis, type RunningRedis } from "./support/redis";
import { planKey, startTeam, type RunningTeam, type StoreKind, type TeamOptions } from "./support/team";

const SECRET = "outbox0secret000000000000000wxyz";
const DAY = 86_400_000;
const ROWS = 400;

let redis: RunningRedis;
let upstream: { url: string; server: Server };
const receivers: Receiver[] = [];
const teams: RunningTeam[] = [];

/** Product research answering ROWS rows (every one under 20, so a digest lists them all), page by page. */
beforeAll(async () => {
  redis = await startRedis();
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const body = (text ? JSON.parse(text) : {}) as { page?: number; size?: number };
      const size = body.size ?? 100;
      const from = ((body.page ?? 1) - 1) * size;
      const items = Array.from({ length: Math.max(0, Math.min(size, ROWS - from)) }, (_, i) => ({
        asin: `P${String(from + i).padStart(9, "0")}`,
        title: `Yoga mat ${from + i}`,
        price: 5 + ((from + i) % 10) / 10,
        bsr: 100,
      }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: "OK", message: "成功", data: { items, total: ROWS, page: body.page, size } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  upstream = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}, 30_000);
afterAll(async () => {
  await Promise.all(teams.map((t) => t.stop()));
  upstream?.server.closeAllConnections();
  await new Promise((resolve) => upstream?.server.close(resolve));
  await Promise.all([redis?.stop(), ...receivers.map((r) => r.stop())]);
});

async function receiversAnswering(count: number, status: number): Promise<Receiver[]> {
  const started = await Promise.all(Array.from({ length: count }, () => startReceiver()));
  for (const r of started) r.fallback = { status };
  receivers.push(...started);
  return started;
}

/** Counts the bytes of JSON every store step returns while `counting` is on: what a request reads from the store. */
function readCounter() {
  const counter = { counting: false, bytes: 0, leased: [] as number[] };
  const wrapStore = (store: TeamStore): TeamStore =>
    new Proxy(store, {
      get(target, name) {
        const value = Reflect.get(target, name) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (!(result instanceof Promise)) return result; // subscribe: its unsubscribe, as it is
          return result.then((read: unknown) => {
            if (counter.counting) counter.bytes += JSON.stringify(read ?? null).length;
            if (name === "outboxLease") counter.leased.push((read as unknown[]).length);
            return read;
          });
        };
      },
    });
  return { counter, wrapStore };
}

async function team(kind: StoreKind, extra: Partial<TeamOptions> = {}) {
  const clock = new VirtualClock({ autoAdvance: false });
  const running = await startTeam({
    kind,
    redisUrl: redis.url,
    upstream: upstream.url,
    keys: [planKey("main", SECRET)],
    clock,
    alerts: { allowPrivate: true },
    ...extra,
  });
  teams.push(running);
  return Object.assign(running, { clock });
}

async function send(base: string, token: string, method: string, path: string, body?: unknown) {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.text();
  return { status: reply.status, text, body: JSON.parse(text) as { code?: string; data?: unknown } };
}

const QUERY = `=MAD.PRODUCTRESEARCH("US","keyword=yoga mat",,${ROWS})`;
const alert = (i: number, deliver: unknown[], extra: Record<string, unknown> = {}) => ({
  name: `Mats ${i}`,
  query: QUERY,
  when: "price < 20",
  digest: true,
  deliver,
  ...extra,
});
const alertId = (i: number) => `mats-${String(i).padStart(4, "0")}`;
const tickAll = (t: RunningTeam) => Promise.all(t.alertRunners.map((r) => r.tick()));

/** Every delivery waiting is tried until none is due now (the deliveries of a tick are bounded). */
async function drain(t: RunningTeam) {
  for (let i = 0; i < 40; i++) {
    const before = JSON.stringify(await t.stores[0].outbox());
    await Promise.all(t.alertRunners.map((r) => r.deliverDue(false)));
    if (JSON.stringify(await t.stores[0].outbox()) === before) return;
  }
}

describe.each<StoreKind>(["memory", "redis"])("the outbox under attack, state in %s", (kind) => {
  test("25 alerts × 20 receivers answering 503: a firing stored once, at most 200 deliveries pending (the oldest dropped and counted), another member's list reads only what is theirs, a pass leases only what it sends", async () => {
    const { counter, wrapStore } = readCounter();
    const t = await team(kind, { wrapStore });
    const [mallory, bob] = [await t.member("mallory"), await t.member("bob")];
    const down = await receiversAnswering(20, 503);
    for (let i = 0; i < 25; i++)
      expect(
        (
          await send(
            t.bases[0],
            mallory,
            "PUT",
            `/v1/alerts/${alertId(i)}`,
            alert(
              i,
              down.map((r) => r.url),
            ),
          )
        ).status,
      ).toBe(200);
    const mine = await receiversAnswering(1, 200);
    expect((await send(t.bases[0], bob, "PUT", "/v1/alerts/bobs-0001", alert(99, [mine[0].url]))).status).toBe(200);
    const storedBefore = kind === "redis" ? (await everythingStored(redis.url, t.prefix)).length : 0;

    const runs = (await Promise.all(t.alertRunners.map((r) => r.runDue(false)))).flat();
    expect(runs.filter((r) => r.committed)).toHaveLength(26);
    await drain(t);
    expect(mine[0].received).toHaveLength(1); // bob's own alert was delivered meanwhile

    // Deliveries refer to their firing: the rows are not copied into each of them.
    const pending = await t.stores[0].outbox();
    expect(JSON.stringify(pending)).not.toContain("P000000007");
    expect(pending.length).toBeLessThanOrEqual(200);
    expect(pending.length).toBeGreaterThan(150);
    if (kind === "redis") {
      const stored = await everythingStored(redis.url, t.prefix);
      // Each firing's rows once (at most 25 firings, not 500 copies), none in the deliveries.
      const firings = await everythingStored(redis.url, `${t.prefix}firing:`);
      expect(firings.split("P000000007").length - 1).toBeLessThanOrEqual(25);
      expect(await everythingStored(redis.url, `${t.prefix}outbox`)).not.toContain("P000000007");
      expect(stored.length - storedBefore).toBeLessThan(10_000_000);
    }
    const listed = (await send(t.bases[0], mallory, "GET", "/v1/alerts")).body.data as (AlertView & {
      dropped?: number;
    })[];
    expect(listed.reduce((sum, a) => sum + a.pending, 0)).toBe(pending.length);
    expect(listed.reduce((sum, a) => sum + (a.dropped ?? 0), 0)).toBe(500 - pending.length);

    // Bob's list reads his alert and counts, never mallory's outbox.
    counter.bytes = 0;
    counter.counting = true;
    const bobs = await send(t.bases[0], bob, "GET", "/v1/alerts");
    counter.counting = false;
    expect((bobs.body.data as AlertView[]).map((a) => [a.id, a.pending])).toEqual([["bobs-0001", 0]]);
    expect(counter.bytes).toBeLessThan(200_000);

    // A pass leases a few deliveries at a time, then sends them: never the whole outbox at once.
    expect(Math.max(...counter.leased)).toBeLessThanOrEqual(10);
    counter.leased.length = 0;
    await t.alertRunners[0].deliverDue(true);
    expect(counter.leased.length).toBeGreaterThan(1);
    expect(Math.max(...counter.leased)).toBeLessThanOrEqual(10);
  }, 60_000);

  test("a newer digest replaces the one still pending for the same alert and receiver; deleting an alert removes its deliveries", async () => {
    const t = await team(kind);
    const alice = await t.member("alice");
    const [down] = await receiversAnswering(1, 503);
    const [other] = await receiversAnswering(1, 503);
    expect(
      (
        await send(
          t.bases[0],
          alice,
          "PUT",
          "/v1/alerts/dgst-0001",
          alert(1, [down.url, other.url], { every: "hourly" }),
        )
      ).status,
    ).toBe(200);
    await tickAll(t);
    const first = await t.stores[0].outbox();
    expect(first).toHaveLength(2);
    await t.clock.advance(3_600_000);
    await tickAll(t);
    const second = await t.stores[0].outbox();
    expect(second).toHaveLength(2);
    expect(second.map((d) => d.id).filter((id) => first.some((f) => f.id === id))).toEqual([]);
    expect((await send(t.bases[0], alice, "DELETE", "/v1/alerts/dgst-0001")).status).toBe(200);
    expect(await t.stores[0].outbox()).toEqual([]);
    if (kind === "redis") expect(await everythingStored(redis.url, `${t.prefix}firing`)).toBe("");
  });

  test("the given-up list is capped (the newest 200) and expires after 7 days", async () => {
    const t = await team(kind);
    const alice = await t.member("alice");
    const gone = await receiversAnswering(20, 404);
    for (let i = 0; i < 10; i++)
      expect(
        (
          await send(
            t.bases[0],
            alice,
            "PUT",
            `/v1/alerts/${alertId(i)}`,
            alert(
              i,
              gone.map((r) => r.url),
            ),
          )
        ).status,
      ).toBe(200);
    for (let day = 0; day < 2; day++) {
      await Promise.all(t.alertRunners.map((r) => r.runDue(false)));
      await drain(t);
      await t.clock.advance(DAY);
    }
    const failed = await t.stores[0].outboxFailed();
    expect(failed.length).toBe(200);
    expect(JSON.stringify(failed)).not.toContain("P000000007");
    await t.clock.advance(7 * DAY);
    await Promise.all(t.alertRunners.map((r) => r.deliverDue(false)));
    expect(await t.stores[0].outboxFailed()).toEqual([]);
  }, 60_000);

  test("revoking a member removes their alerts, what they compared, their status and deliveries: the same name added again starts empty and cannot keep the old destinations", async () => {
    const t = await team(kind);
    const [pat, root] = [await t.member("pat"), await t.member("root", { role: "admin" })];
    const [down] = await receiversAnswering(1, 503);
    const saved = await send(t.bases[0], pat, "PUT", "/v1/alerts/pats-0001", alert(1, [down.url], { digest: false }));
    const destination = (saved.body.data as AlertView).deliver[0].id;
    await tickAll(t);
    expect(await t.stores[0].outbox()).toHaveLength(1);
    expect(await t.stores[0].alertState("pats-0001")).toBeDefined();
    expect(await t.stores[0].revokeMember("pat")).toBe(true);
    expect(await t.stores[0].alerts()).toEqual([]);
    expect(await t.stores[0].alertStatuses()).toEqual({});
    expect(await t.stores[0].alertState("pats-0001")).toBeUndefined();
    expect(await t.stores[0].outbox()).toEqual([]);
    const again = await t.member("pat");
    expect((await send(t.bases[0], again, "GET", "/v1/alerts")).body.data).toEqual([]);
    const repoint = await send(t.bases[0], again, "PUT", "/v1/alerts/pats-0001", alert(1, [{ keep: destination }]));
    expect([repoint.status, (repoint.body.data as { problem: string }).problem]).toEqual([400, "keep"]);
    const report = (await send(t.bases[0], root, "GET", "/admin/alerts")).body.data as { alerts: AlertView[] };
    expect(report.alerts).toEqual([]);
  });
});

test("without Redis, a member revoked and added again by another process (the members file) starts with no alerts", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mad-alert-members-"));
  try {
    const file = path.join(dir, "members.json");
    const relay = new MemoryStore(new MembersFile(file));
    const cli = () => new MemoryStore(new MembersFile(file));
    await cli().addMember({ name: "pat", role: "member", monthlyBudget: null, createdAt: 1_000 }, "a".repeat(64));
    const stored: StoredAlert = {
      id: "pats-0001",
      member: "pat",
      memberSince: 1_000,
      name: "Mats",
      query: QUERY,
      when: "price < 20",
      every: "daily",
      digest: false,
      language: "en",
      muted: false,
      destinations: [{ id: "abcdef012345", url: "https://hooks.example.com/x", format: "json" }],
      createdAt: 1,
      updatedAt: 1,
      version: "v1",
    } as StoredAlert;
    expect(await relay.alertSave(stored, { nextRunAt: 1 }, false, 50)).toBe("saved");
    expect((await relay.alerts()).map((a) => a.id)).toEqual(["pats-0001"]);
    await cli().revokeMember("pat");
    await cli().addMember({ name: "pat", role: "member", monthlyBudget: null, createdAt: 2_000 }, "b".repeat(64));
    expect(await relay.alerts()).toEqual([]);
    expect(await relay.alertStatuses()).toEqual({});
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
