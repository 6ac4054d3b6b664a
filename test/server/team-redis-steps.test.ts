/**
 * The Redis store's steps on a machine that is slow, not broken: a replica that takes requests while its connection
 * is still being made (it just started, on a loaded host), and a process starved of CPU while Redis answers in time.
 * Neither is Redis down or slow, so neither may cost a member a 503. And a Redis that really is slow still does.
 */
import { randomUUID } from "node:crypto";
import { createServer, connect, type Server, type Socket } from "node:net";
import { systemClock } from "../../src/lib/clock";
import { createHostingServer, listen } from "../../src/server/hosting";
import type { UpstreamCaller } from "../../src/server/relay";
import { RedisStore } from "../../src/server/team/redis-store";
import type { TeamStore } from "../../src/server/team/team-store";
import { createTeamRelay } from "../../src/server/team/team-relay";
import { hashToken, newToken } from "../../src/server/team/tokens";
import { useRedis } from "./support/redis";
import { call, planKey } from "./support/team";

const redis = useRedis();

/** Blocks this process's event loop (without spinning a core), as a starved process is blocked. */
const starve = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** A TCP door to Redis that lets connections through only once opened: a connection still being made. */
async function door(): Promise<{ url: string; open: () => void }> {
  const sockets: Socket[] = [];
  let opened = false;
  const waiting: Socket[] = [];
  const through = (client: Socket) => {
    const server = connect(redis.port, "127.0.0.1");
    sockets.push(server);
    client.pipe(server).pipe(client);
    client.resume();
  };
  const proxy: Server = createServer((client) => {
    sockets.push(client);
    client.on("error", () => undefined);
    client.pause();
    if (opened) through(client);
    else waiting.push(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  redis.closeAfterTest(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  );
  const { port } = proxy.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    open: () => {
      opened = true;
      for (const client of waiting.splice(0)) through(client);
    },
  };
}

test("a request that reaches a replica while its Redis connection is still being made waits for it and is answered, not refused with 503", async () => {
  const prefix = `steps:${randomUUID()}:`;
  const admin = new RedisStore({ url: redis.url, prefix });
  await admin.connected(5_000);
  redis.closeAfterTest(() => admin.close());
  const token = newToken();
  await admin.addMember({ name: "ann", role: "member", monthlyBudget: null, createdAt: 0 }, hashToken(token));
  const { url, open } = await door();
  const starting = new RedisStore({ url, prefix, commandTimeoutMs: 30_000 });
  let asked = () => undefined as void;
  const memberAsked = new Promise<void>((resolve) => (asked = resolve));
  const watched = new Proxy<TeamStore>(starting, {
    get(target, name) {
      const value = Reflect.get(target, name) as unknown;
      if (name === "memberByToken") asked();
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const calls: string[] = [];
  const upstream: UpstreamCaller = Object.assign(
    async () => {
      calls.push("call");
      return { status: 200, text: '{"code":"OK","message":"成功","data":[]}', upstreamStatus: 200, fromService: true };
    },
    { timeoutMs: 10_000 },
  );
  const team = createTeamRelay({
    store: watched,
    keys: [planKey("main", "steps0secret000000000000000wxyz0")],
    callUpstream: upstream,
    clock: systemClock,
    queueWaitMs: 60_000,
    memberRatePerMinute: 600,
  });
  const hosting = createHostingServer({ upstream: "http://127.0.0.1:9", team });
  const base = await listen(hosting, 0, "127.0.0.1");
  redis.closeAfterTest(() => hosting.stop(0));
  const reply = call(base, token);
  await memberAsked; // the relay has the request and asks the store, whose connection is not ready yet
  open();
  const answered = await reply;
  expect([answered.status, answered.body.code]).toEqual([200, "OK"]);
  expect(calls).toHaveLength(1);
});

test("a reply that arrived while this process was starved of CPU is read, not taken for a slow Redis", async () => {
  const store = new RedisStore({ url: redis.url, prefix: `steps:${randomUUID()}:`, commandTimeoutMs: 100 });
  await store.connected(5_000);
  redis.closeAfterTest(() => store.close());
  await store.ping();
  const pending = store.cacheGet("k", Date.now());
  starve(1_000); // ten times the bound: Redis answers meanwhile, but nothing here can read it
  await expect(pending).resolves.toBeUndefined();
  // Scripts too (the first run of a script on a connection may take a second round trip).
  const joined = store.flightJoin("k", "owner", Date.now(), 5_000);
  starve(1_000);
  await expect(joined).resolves.toEqual({ claimed: true });
});

test("a ticket that may wait longer than ten minutes in the queue is kept in Redis until past its deadline", async () => {
  const prefix = `steps:${randomUUID()}:`;
  const store = new RedisStore({ url: redis.url, prefix });
  redis.closeAfterTest(() => store.close());
  const wait = 30 * 60_000;
  await store.enqueue({ ticket: "long", member: "ann", memberBudget: null, deadline: Date.now() + wait });
  expect(Number(redis.cli("PTTL", `${prefix}q:t:long`))).toBeGreaterThan(wait);
});

test("a Redis that really is slow still fails the step within its bound", async () => {
  const store = new RedisStore({ url: redis.url, prefix: `steps:${randomUUID()}:`, commandTimeoutMs: 100 });
  await store.connected(5_000);
  redis.closeAfterTest(() => store.close());
  redis.freeze();
  try {
    await expect(store.cacheGet("k", Date.now())).rejects.toThrow(/did not answer within 100 ms/);
  } finally {
    redis.thaw();
  }
});
