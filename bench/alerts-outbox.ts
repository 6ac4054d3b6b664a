/**
 * Scenario 13, the alerts' outbox under attack (issue 46): one member's 25 digest alerts over a 400-row query, each
 * to the same 20 webhook receivers answering 503, on a relay over a real redis-server (loopback, real time). One
 * run fires 500 deliveries; the relay then tries them as a replica and `npm run team -- alerts run` would.
 * Meanwhile another member reads GET /v1/alerts and makes a cached call over and over. Measured: how much Redis
 * grew (INFO used_memory), and that member's latencies during the attack against the same requests before it.
 * Goals: ≤ 10 MB, and every request under 1 s.
 *
 * Also runs alone: `npx tsx bench/alerts-outbox.ts`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { createHostingServer, listen, type HostingServer } from "../src/server/hosting";
import { fingerprintOf } from "../src/server/team/keys-file";
import { RedisStore } from "../src/server/team/redis-store";
import { startTeamMode } from "../src/server/team/setup";
import { hashToken, newToken } from "../src/server/team/tokens";
import { startRedis, type RunningRedis } from "../test/server/support/redis";
import type { ScenarioResult } from "./scenarios";

const SECRET = "outboxbench00000000000000000wxyz";
const ALERTS = 25;
const RECEIVERS = 20;
const ROWS = 400;
const SAMPLES = 40;
const GOAL_MS = 1_000;
const GOAL_BYTES = 10 * 1024 * 1024;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

function listenOn(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  );
}

/** Product research answering ROWS rows, every one under 20 (a digest lists them all), page by page. */
const productResearch: Parameters<typeof createServer>[1] = (req, res) => {
  let text = "";
  req.on("data", (chunk: Buffer) => (text += chunk.toString()));
  req.on("end", () => {
    const body = (text ? JSON.parse(text) : {}) as { page?: number; size?: number; keyword?: string };
    const size = body.size ?? 100;
    const from = ((body.page ?? 1) - 1) * size;
    const items = Array.from({ length: Math.max(0, Math.min(size, ROWS - from)) }, (_, i) => ({
      asin: `P${String(from + i).padStart(9, "0")}`,
      title: `Yoga mat ${from + i}`,
      price: 5 + ((from + i) % 10) / 10,
      bsr: 100,
    }));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ code: "OK", message: "OK", data: { items, total: ROWS, page: body.page, size } }));
  });
};

const usedMemory = (redis: RunningRedis) => Number(/used_memory:(\d+)/.exec(redis.cli("INFO", "memory"))?.[1] ?? 0);

/** A request's time; a failed one (a 503 from a Redis held by the outbox) counts as failed, its time kept. */
async function timed(send: () => Promise<Response>, failed: string[]): Promise<number> {
  const started = performance.now();
  const reply = await send();
  await reply.arrayBuffer();
  if (!reply.ok) failed.push(`HTTP ${reply.status}`);
  return performance.now() - started;
}

export async function alertsOutbox(): Promise<ScenarioResult> {
  const scenario = `13. Alerts' outbox under attack (${ALERTS} digest alerts × ${RECEIVERS} receivers answering 503, Redis)`;
  let redis: RunningRedis;
  try {
    redis = await startRedis();
  } catch (error) {
    return { measures: [], notes: [`alerts outbox: skipped (${(error as Error).message})`] };
  }
  const servers: Server[] = [];
  let hosting: HostingServer | undefined;
  let store: RedisStore | undefined;
  try {
    const upstream = await listenOn(productResearch);
    const receivers = await Promise.all(
      Array.from({ length: RECEIVERS }, () =>
        listenOn((req, res) => {
          req.resume();
          req.on("end", () => res.writeHead(503).end());
        }),
      ),
    );
    servers.push(upstream.server, ...receivers.map((r) => r.server));
    store = new RedisStore({ url: redis.url, prefix: "bench:" });
    await store.connected(5_000);
    const team = await startTeamMode({
      upstream: upstream.url,
      upstreamTimeoutMs: 60_000,
      maxAnswerBytes: 16_000_000,
      keys: [{ name: "main", secret: SECRET, fingerprint: fingerprintOf(SECRET), perMinute: 600, monthlyBudget: null }],
      store,
      log: () => undefined,
      schedulerTickMs: 0,
      alerts: { allowPrivate: true },
    });
    hosting = createHostingServer({ upstream: upstream.url, team });
    const base = await listen(hosting, 0, "127.0.0.1");
    const token = async (name: string) => {
      const value = newToken();
      await store!.addMember({ name, role: "member", monthlyBudget: null, createdAt: Date.now() }, hashToken(value));
      return value;
    };
    const [mallory, bob] = [await token("mallory"), await token("bob")];
    const send = (who: string, method: string, path: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${who}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const alert = (name: string, deliver: string[]) => ({
      name,
      query: `=MAD.PRODUCTRESEARCH("US","keyword=yoga mat",,${ROWS})`,
      when: "price < 20",
      digest: true,
      every: "hourly",
      deliver,
    });
    for (let i = 0; i < ALERTS; i++)
      await (
        await send(
          mallory,
          "PUT",
          `/v1/alerts/mats-${String(i).padStart(4, "0")}`,
          alert(
            `Mats ${i}`,
            receivers.map((r) => r.url),
          ),
        )
      ).arrayBuffer();
    await (await send(bob, "PUT", "/v1/alerts/bobs-0001", alert("Bob's", [receivers[0].url]))).arrayBuffer();
    const cached = { marketplace: "US", keyword: "yoga mat", page: 1, size: 100 };
    await (await send(bob, "POST", "/v1/product/research", cached)).arrayBuffer();
    const failed: string[] = [];
    const bobsRequests = () => [
      timed(() => send(bob, "GET", "/v1/alerts"), failed),
      timed(() => send(bob, "POST", "/v1/product/research", cached), failed),
    ];
    const quiet = { list: [] as number[], cached: [] as number[] };
    for (let i = 0; i < SAMPLES / 4; i++) {
      const [list, hit] = await Promise.all(bobsRequests());
      quiet.list.push(list);
      quiet.cached.push(hit);
    }
    const before = usedMemory(redis);

    // The attack: a run of every alert, then the relay's delivery passes, as fast as they go.
    const runner = team.alerts;
    let done = false;
    const attack = (async () => {
      const runs = await runner.runDue(true).catch((error: Error) => (failed.push(`run: ${error.message}`), []));
      let tried = 0;
      // Passes as the replicas' ticks and an operator's `alerts run` (every pending delivery at once) make them.
      for (let pass = 0; pass < 8; pass++)
        tried += (
          await runner.deliverDue(pass % 2 === 1).catch((error: Error) => (failed.push(`pass: ${error.message}`), []))
        ).length;
      return { fired: runs.reduce((n, r) => n + r.deliveries, 0), tried };
    })().finally(() => (done = true));
    const during = { list: [] as number[], cached: [] as number[] };
    while (!done || during.list.length < SAMPLES) {
      const [list, hit] = await Promise.all(bobsRequests());
      during.list.push(list);
      during.cached.push(hit);
    }
    const { fired, tried } = await attack;
    const grew = usedMemory(redis) - before;
    const pending = await store.outbox().then(
      (d) => d.length,
      () => -1,
    );
    const worst = failed.length ? Infinity : Math.max(...during.list, ...during.cached);
    const notes = [
      ...(failed.length
        ? [`alerts outbox: ${failed.length} failures: ${[...new Set(failed)].slice(0, 3).join("; ")}`]
        : []),
      `alerts outbox: the run fired ${fired} deliveries; ${tried} delivery attempts (503) while measuring; ${pending} still pending (the attacker's bound is 200, the oldest dropped)`,
    ];
    const measure = (name: string, values: number[], baseline: number[]) => ({
      scenario,
      measure: `another member's ${name} during the attack, p95 of ${values.length} (max ${Math.round(Math.max(...values))} ms)`,
      unit: "ms" as const,
      value: percentile(values, 95),
      baselineLabel: "the same before the attack, p95",
      baseline: percentile(baseline, 95),
      goal: "< 1 s",
      goalMet: Math.max(...values) < GOAL_MS,
    });
    return {
      notes,
      measures: [
        {
          scenario,
          measure: "Redis memory grown by the attack (INFO used_memory)",
          unit: "bytes" as const,
          value: grew,
          baselineLabel: "the goal",
          baseline: GOAL_BYTES,
          goal: "≤ 10 MB",
          goalMet: grew <= GOAL_BYTES,
        },
        measure("GET /v1/alerts", during.list, quiet.list),
        measure("cached call", during.cached, quiet.cached),
      ].map((m) => ({ ...m, ...(worst >= GOAL_MS && m.unit === "ms" ? { goalMet: false } : {}) })),
    };
  } finally {
    await hosting?.stop(0);
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await redis.stop();
  }
}

if (process.argv[1]?.endsWith("alerts-outbox.ts"))
  void alertsOutbox().then(
    (result) => {
      for (const m of result.measures)
        console.log(
          `${m.measure}: ${m.value} ${m.unit} (${m.baselineLabel}: ${m.baseline}; goal ${m.goal}: ${m.goalMet ? "met" : "NOT met"})`,
        );
      for (const n of result.notes) console.log(`note: ${n}`);
      process.exit(0);
    },
    (error: Error) => {
      console.error(error);
      process.exit(1);
    },
  );
