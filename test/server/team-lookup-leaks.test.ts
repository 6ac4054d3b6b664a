/**
 * Batches across members never leak (issue 46, items 6 and 7), against a hostile upstream that echoes every key it
 * is asked for (in its message, in extra fields, inside each record, and in its errors) and every spelling of the
 * plan's key, with the state in memory and in a real redis-server: each member reads only the records of their own
 * keys and an error naming only their keys; a member whose budget is spent neither rides a teammate's batch nor
 * learns, free, whether a teammate looked an ASIN up today; `asins: ["", ""]` and `{"toString": "x"}` are refused
 * (400), never sent; a schedule's `lastRun.calls` does not count a batch its budget refused.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Schedule } from "../../src/relay-api/schedules";
import { startRedis, type RunningRedis } from "./support/redis";
import { call, planKey, startTeam, type RunningTeam, type StoreKind } from "./support/team";

const SECRET = "leak0team0secret0000000000wxyz99";
const PATH = "/v1/product/competitor-lookup";
let redis: RunningRedis;
const hostile = {
  url: "",
  server: undefined as Server | undefined,
  /** The keys of each call, as asked. */
  calls: [] as string[][],
  /** Answer every call as failed (HTTP 500, the keys in its message) instead of OK. */
  failing: false,
};
const teams: RunningTeam[] = [];

/** Every spelling of the plan's key a careless service might echo. */
const keyCopies = [
  SECRET.toUpperCase(),
  Buffer.from(SECRET).toString("base64"),
  Buffer.from(`user:${SECRET}`).toString("base64"),
  Buffer.from(SECRET).toString("hex").toUpperCase(),
  [...Buffer.from(SECRET)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join(""),
];

beforeAll(async () => {
  redis = await startRedis();
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const asins = ((text ? JSON.parse(text) : {}) as { asins?: string[] }).asins ?? [];
      hostile.calls.push(asins);
      const echo = asins.join(",");
      res.writeHead(hostile.failing ? 500 : 200, { "content-type": "application/json" });
      if (hostile.failing) {
        res.end(JSON.stringify({ code: "ERROR_SERVER_INTERNAL", message: `lookup of ${echo} failed`, data: null }));
        return;
      }
      const items = asins.map((asin) => ({ asin, title: `Product ${asin}; asked with ${echo}`, price: 9.5 }));
      res.end(
        JSON.stringify({
          code: "OK",
          message: `looked up ${echo} for ${keyCopies.join(" ")}`,
          data: { items, total: items.length, asked: asins, debug: keyCopies },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hostile.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  hostile.server = server;
}, 30_000);
afterAll(async () => {
  await Promise.all(teams.map((t) => t.stop()));
  hostile.server?.closeAllConnections();
  await new Promise((resolve) => hostile.server?.close(resolve));
  await redis?.stop();
});
beforeEach(() => {
  hostile.calls = [];
  hostile.failing = false;
});

async function team(kind: StoreKind): Promise<RunningTeam> {
  const running = await startTeam({
    kind,
    redisUrl: redis.url,
    upstream: hostile.url,
    keys: [planKey("main", SECRET)],
    batchWindowMs: 1_000,
  });
  teams.push(running);
  return running;
}

const asin = (prefix: string, i: number) => `B0${prefix}${String(i).padStart(7, "0")}`;
const lookup = (asins: unknown) => ({ marketplace: "US", asins, variation: "N" });
const text = (reply: Awaited<ReturnType<typeof call>>) => JSON.stringify(reply.body);

describe.each<StoreKind>(["memory", "redis"])("lookups against a hostile upstream, state in %s", (kind) => {
  test("two members in one batch: each reads only their own keys' records, whether the batch answers or fails; the plan's key in no spelling", async () => {
    const t = await team(kind);
    const [ann, bob] = await Promise.all([t.member("ann"), t.member("bob")]);
    const mine = [asin("A", 1), asin("A", 2)];
    const theirs = [asin("B", 1), asin("B", 2)];
    const [forAnn, forBob] = await Promise.all([
      call(t.bases[0], ann, lookup(mine), PATH),
      call(t.bases[0], bob, lookup(theirs), PATH),
    ]);
    expect(hostile.calls).toHaveLength(1); // one batch for both
    expect(forAnn.body.code).toBe("OK");
    expect((forAnn.body.data as { items: { asin: string }[] }).items.map((i) => i.asin).sort()).toEqual(mine);
    for (const key of theirs) expect(text(forAnn)).not.toContain(key);
    for (const key of mine) expect(text(forBob)).not.toContain(key);
    for (const copy of [SECRET, ...keyCopies])
      expect(`${text(forAnn)}${text(forBob)}`.toLowerCase()).not.toContain(copy.toLowerCase());

    hostile.failing = true;
    const [failAnn, failBob] = await Promise.all([
      call(t.bases[0], ann, lookup([asin("A", 3)]), PATH),
      call(t.bases[0], bob, lookup([asin("B", 3)]), PATH),
    ]);
    expect(hostile.calls).toHaveLength(2);
    expect(failAnn.status).toBe(500);
    expect(failAnn.body.message).toContain(asin("A", 3));
    expect(text(failAnn)).not.toContain(asin("B", 3));
    expect(text(failBob)).not.toContain(asin("A", 3));
  });

  test("a member whose budget is spent neither rides a teammate's batch nor learns, free, whether a teammate looked an ASIN up today", async () => {
    const t = await team(kind);
    const [ann, zero] = await Promise.all([t.member("ann"), t.member("zero", { monthlyBudget: 0 })]);
    const looked = asin("C", 1);
    expect((await call(t.bases[0], ann, lookup([looked]), PATH)).body.code).toBe("OK");
    const cached = await call(t.bases[0], zero, lookup([looked]), PATH);
    const unknown = await call(t.bases[0], zero, lookup([asin("C", 2)]), PATH);
    expect([cached.status, cached.body.message]).toEqual([unknown.status, unknown.body.message]);
    expect(cached.status).toBe(429);
    // At the same moment as the teammate's batch: not carried along.
    const calls = hostile.calls.length;
    const [withAnn, alongside] = await Promise.all([
      call(t.bases[0], ann, lookup([asin("C", 3)]), PATH),
      call(t.bases[0], zero, lookup([asin("C", 3), asin("C", 4)]), PATH),
    ]);
    expect(withAnn.body.code).toBe("OK");
    expect(alongside.status).toBe(429);
    expect(hostile.calls.slice(calls).flat()).toEqual([asin("C", 3)]);
  });

  test('asins: ["", ""] and {"toString": "x"} are refused with 400 and never sent', async () => {
    const t = await team(kind);
    const ann = await t.member("ann");
    for (const asins of [["", ""], [" "], ""]) {
      const reply = await call(t.bases[0], ann, lookup(asins), PATH);
      expect([reply.status, reply.body.code]).toEqual([400, "ERROR_PARAM"]);
      expect(reply.body.message).toMatch(/^asins: /);
    }
    for (const body of [
      lookup([{ toString: "x" }]),
      { marketplace: { toString: "x" }, asins: [asin("D", 1)] },
      { ...lookup([asin("D", 1)]), variation: { toString: "x", valueOf: "y" } },
    ]) {
      const reply = await call(t.bases[0], ann, body, PATH);
      expect([reply.status, reply.body.code]).toEqual([400, "ERROR_PARAM"]);
    }
    const trends = await call(
      t.bases[0],
      ann,
      { marketplace: "US", keyword: { toString: "x" } },
      "/v1/keyword-research/trends",
    );
    expect(trends.status).toBe(400);
    expect(hostile.calls).toEqual([]);
  });

  test("a schedule's lastRun.calls counts the batches sent, not one its budget refused", async () => {
    const t = await team(kind);
    await t.member("frugal", { monthlyBudget: 1 });
    const watch = Array.from({ length: 80 }, (_, i) => asin("E", i));
    const schedule: Schedule = {
      id: "watch-0001",
      member: "frugal",
      name: "Watch",
      at: "07:00",
      timeZone: "UTC",
      queries: [{ operation: "competitor_lookup", params: { marketplace: "US", asins: watch } }],
      createdAt: 1,
      nextRunAt: 2,
    } as Schedule;
    const run = await t.schedulers[0].run(schedule);
    expect(hostile.calls).toHaveLength(1);
    expect(run.calls).toBe(1);
    expect(run.note).toMatch(/budget/);
  });
});
