/**
 * Feeds over real HTTP: a member makes one (its URL and key shown once, only a hash kept), anyone with the URL reads
 * the schedule's history and changes without a member's token, the member lists and revokes it, and a revoked feed,
 * an unknown one and a wrong key all answer the same 401. The key never reaches a log line; feed reads share the
 * per-address limit of requests without a valid token. Two relays on one Redis and one PostgreSQL answer alike,
 * and a feed revoked on one stops at once on the other.
 */
import { createHash } from "node:crypto";
import type { ScheduleRequest } from "../../src/relay-api/schedules";
import { openDatabase, type Database } from "../../src/server/history/database";
import { useSimulator } from "../support/simulator";
import { DATABASE_KINDS, useDatabases } from "./support/databases";
import { startHistoryRelays, type HistoryRelays } from "./support/history-relay";
import { startRedis, type RunningRedis } from "./support/redis";
import { parseRfc4180 } from "./support/rfc4180";

const SECRET = "feed0secret00000000000000000wxyz";
const sim = useSimulator({ secret: SECRET });
const databases = useDatabases();
/** An empty database of this kind, for a relay (which closes it when it stops): the file's embedded one reused. */
const openFor = (kind: (typeof DATABASE_KINDS)[number]) => databases.reused(kind);
let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(() => redis?.stop());

const SCHEDULE: ScheduleRequest = {
  name: "Brands",
  at: "07:00",
  timeZone: "Asia/Shanghai",
  history: true,
  queries: [{ operation: "market_brand_concentration", params: { marketplace: "US", nodeIdPath: "172282" } }],
};
const QUERY = '=MAD.BRANDCONCENTRATION("US","172282")';

async function send(base: string, token: string | undefined, method: string, path: string, body?: unknown) {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await reply.arrayBuffer());
  const text = bytes.toString("utf8");
  const json = (reply.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : undefined;
  return { status: reply.status, text, json };
}

async function seed(relays: HistoryRelays, scheduleId: string) {
  for (const [takenOn, brands] of [
    ["2025-05-01", ["Gaiam", "Manduka"]],
    ["2025-05-02", ["Gaiam", "瑜伽垫"]],
  ] as const)
    await relays.history!.write({
      scheduleId,
      scheduleName: SCHEDULE.name,
      member: "alice",
      takenOn,
      takenAt: Date.parse(`${takenOn}T01:00:00Z`),
      timeZone: SCHEDULE.timeZone,
      queries: [
        {
          index: 0,
          operation: "market_brand_concentration",
          query: QUERY,
          rows: brands.map((brand, i) => ({
            key: brand,
            fields: { brand, ranking: i + 1, totalUnits: 100 * (i + 1) },
          })),
        },
      ],
      failures: [],
    });
}

async function relays(databasesOf: Database[], options: { redisUrl?: string; memberRatePerMinute?: number } = {}) {
  const running = await startHistoryRelays({ upstream: sim.url, secret: SECRET, databases: databasesOf, ...options });
  databases.postgres.closeAfterTest(() => running.stop());
  return running;
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe.each(DATABASE_KINDS)("feeds, %s database", (kind) => {
  test("create → read without a token → list → revoke → 401; the key is kept hashed and never logged", async () => {
    const database = await openFor(kind);
    const t = await relays([database]);
    const alice = await t.member("alice");
    const base = t.bases[0];
    expect((await send(base, alice, "PUT", "/v1/schedules/brands-0001", SCHEDULE)).status).toBe(200);
    await seed(t, "brands-0001");

    const made = await send(base, alice, "POST", "/v1/schedules/brands-0001/feeds");
    expect(made.status).toBe(200);
    const { id, url, token } = made.json.data as { id: string; url: string; token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`${base}/v1/feeds/${id}/history.csv?key=${token}`);
    const [stored] = await database.query<{ token_hash: string; member: string }>(
      "SELECT token_hash, member FROM mad_feeds WHERE id = $1",
      [id],
    );
    expect(stored).toEqual({ token_hash: createHash("sha256").update(token).digest("hex"), member: "alice" });

    const csv = await send(base, undefined, "GET", pathOf(url));
    expect(csv.status).toBe(200);
    const [header, ...rows] = parseRfc4180(csv.text.slice(1));
    expect(header.slice(0, 4)).toEqual(["taken_on", "taken_at", "query", "brand"]);
    expect(rows.map((r) => `${r[0]} ${r[3]}`)).toEqual([
      "2025-05-01 Gaiam",
      "2025-05-01 Manduka",
      "2025-05-02 Gaiam",
      "2025-05-02 瑜伽垫",
    ]);
    const key = `key=${token}`;
    const json = await send(base, undefined, "GET", `/v1/feeds/${id}/history.json?latest=1&labels=zh-CN&${key}`);
    expect(json.json.data.rows.map((r: Record<string, unknown>) => r["采集日期"])).toEqual([
      "2025-05-02",
      "2025-05-02",
    ]);
    const changes = await send(base, undefined, "GET", `/v1/feeds/${id}/changes.json?${key}`);
    expect(changes.json.data.rows.map((r: { key: string; change: string }) => `${r.key} ${r.change}`)).toEqual([
      "瑜伽垫 new",
      "Manduka gone",
    ]);
    expect((await send(base, undefined, "GET", `/v1/feeds/${id}/changes.csv?${key}`)).status).toBe(200);

    const listed = await send(base, alice, "GET", "/v1/schedules/brands-0001/feeds");
    expect(listed.json.data).toEqual([{ id, createdAt: expect.any(Number), lastUsedAt: expect.any(Number) }]);
    expect(JSON.stringify(listed.json)).not.toContain(token);

    expect((await send(base, alice, "DELETE", `/v1/schedules/brands-0001/feeds/${id}`)).json.data).toEqual({
      removed: id,
    });
    const revoked = await send(base, undefined, "GET", pathOf(url));
    expect(revoked.status).toBe(401);
    expect((await send(base, alice, "GET", "/v1/schedules/brands-0001/feeds")).json.data).toEqual([]);
    expect((await send(base, alice, "DELETE", `/v1/schedules/brands-0001/feeds/${id}`)).status).toBe(404);

    // The key reached no log line: the request log has the path only, the relay's events no URL.
    expect(t.log.some((line) => line.includes(`/v1/feeds/${id}/history.csv`))).toBe(true);
    expect(t.log.filter((line) => line.includes(token) || line.includes("key="))).toEqual([]);
  });

  test("an unknown feed, a wrong key, a missing one and a revoked feed answer the very same 401", async () => {
    const t = await relays([await openFor(kind)]);
    const alice = await t.member("alice");
    const base = t.bases[0];
    await send(base, alice, "PUT", "/v1/schedules/brands-0001", SCHEDULE);
    const { id, token } = (await send(base, alice, "POST", "/v1/schedules/brands-0001/feeds")).json.data;
    const other = (await send(base, alice, "POST", "/v1/schedules/brands-0001/feeds")).json.data;
    await send(base, alice, "DELETE", `/v1/schedules/brands-0001/feeds/${other.id}`);
    const answers = await Promise.all(
      [
        `/v1/feeds/${id}/history.csv?key=${"A".repeat(43)}`,
        `/v1/feeds/${id}/history.csv`,
        `/v1/feeds/${id}/history.csv?key=${token}x`,
        `/v1/feeds/${"B".repeat(22)}/history.csv?key=${token}`,
        `/v1/feeds/not-an-id/changes.json?key=${token}`,
        `/v1/feeds/${other.id}/history.csv?key=${other.token}`,
      ].map(async (path) => {
        const reply = await send(base, undefined, "GET", path);
        return { status: reply.status, body: reply.json };
      }),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0].status).toBe(401);
    expect(answers[0].body.message).not.toMatch(/unknown feed|wrong key/i);
    // A feed's parameters are checked as the member's are (before the key).
    const bad = await send(base, undefined, "GET", `/v1/feeds/${id}/history.csv?key=${token}&since=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^since: /);
    expect((await send(base, undefined, "GET", `/v1/feeds/${id}/other.csv?key=${token}`)).status).toBe(404);
    expect((await send(base, undefined, "POST", `/v1/feeds/${id}/history.csv?key=${token}`)).status).toBe(405);
  });

  test("a schedule set again under a revoked member's id starts with nothing kept: no one inherits their history or feeds", async () => {
    const database = await openFor(kind);
    const t = await relays([database]);
    const alice = await t.member("alice");
    const base = t.bases[0];
    await send(base, alice, "PUT", "/v1/schedules/brands-0001", SCHEDULE);
    await seed(t, "brands-0001");
    const { url } = (await send(base, alice, "POST", "/v1/schedules/brands-0001/feeds")).json.data;
    expect((await send(base, undefined, "GET", pathOf(url))).status).toBe(200);

    // The member leaves (their schedules go with them); another sets a schedule of the same id, as a shared
    // workbook's report options name it.
    expect(await t.stores[0].revokeMember("alice")).toBe(true);
    const bob = await t.member("bob");
    expect((await send(base, bob, "PUT", "/v1/schedules/brands-0001", SCHEDULE)).status).toBe(200);
    const history = await send(base, bob, "GET", "/v1/schedules/brands-0001/history.json");
    expect(history.status).toBe(200);
    expect(history.json.data.rows).toEqual([]);
    expect((await send(base, bob, "GET", "/v1/schedules/brands-0001/feeds")).json.data).toEqual([]);
    expect((await send(base, undefined, "GET", pathOf(url))).status).toBe(401);
    expect(await database.query("SELECT id FROM mad_snapshots WHERE schedule_id = $1", ["brands-0001"])).toEqual([]);
  });

  test("feed reads share the per-address limit of requests without a valid token", async () => {
    const t = await relays([await openFor(kind)], { memberRatePerMinute: 4 });
    const alice = await t.member("alice");
    const base = t.bases[0];
    await send(base, alice, "PUT", "/v1/schedules/brands-0001", SCHEDULE);
    const { url } = (await send(base, alice, "POST", "/v1/schedules/brands-0001/feeds")).json.data;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(base, undefined, "GET", pathOf(url))).status);
    // A guess at a member's token from the same address counts against the same limit.
    statuses.push((await send(base, "mad_wrongtoken", "GET", "/v1/visits")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

test("two relays on one Redis and one PostgreSQL answer alike; a revoke on one stops the feed at once on the other", async () => {
  const url = await databases.postgres.newDatabase();
  const opened = [await openDatabase({ url }), await openDatabase({ url })];
  const t = await relays(opened, { redisUrl: redis.url });
  const alice = await t.member("alice");
  const [one, two] = t.bases;
  expect((await send(one, alice, "PUT", "/v1/schedules/brands-0001", SCHEDULE)).status).toBe(200);
  await seed(t, "brands-0001");
  for (const path of [
    "history.csv",
    "history.json?labels=zh-CN",
    "changes.csv?since=2025-05-02",
    "changes.json",
    "history.csv?latest=1&labels=en",
  ]) {
    const [a, b] = await Promise.all(
      [one, two].map((base) => send(base, alice, "GET", `/v1/schedules/brands-0001/${path}`)),
    );
    expect({ path, status: a.status }).toEqual({ path, status: 200 });
    expect(b.text).toBe(a.text);
  }
  const feed = (await send(one, alice, "POST", "/v1/schedules/brands-0001/feeds")).json.data;
  const path = pathOf(feed.url);
  const [a, b] = await Promise.all([one, two].map((base) => send(base, undefined, "GET", path)));
  expect([a.status, b.status]).toEqual([200, 200]);
  expect(b.text).toBe(a.text);
  expect((await send(two, alice, "GET", "/v1/schedules/brands-0001/feeds")).json.data).toHaveLength(1);
  expect((await send(two, alice, "DELETE", `/v1/schedules/brands-0001/feeds/${feed.id}`)).status).toBe(200);
  expect((await send(one, undefined, "GET", path)).status).toBe(401);
  expect((await send(two, undefined, "GET", path)).status).toBe(401);
}, 60_000);
