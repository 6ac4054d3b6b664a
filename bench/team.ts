/**
 * Scenario 10, the team relay: two replicas (in process, each with its own Redis connections) on one real
 * redis-server, 20 members sending 600 requests over 40 distinct queries to either replica, in front of a service
 * stand-in (the simulator's handler) that records when each call arrives and enforces the key's per-minute limit.
 * Time runs 20 times faster for the relays' pacer and the stand-in alike, so minutes of pacing take seconds; the
 * cache-hit latencies are real time.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { createHostingServer, listen, type HostingServer } from "../src/server/hosting";
import { fingerprintOf } from "../src/server/team/keys-file";
import { RedisStore } from "../src/server/team/redis-store";
import { startTeamMode } from "../src/server/team/setup";
import { hashToken, newToken } from "../src/server/team/tokens";
import { createSimulatorHandler } from "../src/simulator";
import { startRedis } from "../test/server/support/redis";
import { scaledClock } from "../test/server/support/scaled-clock";
import type { ScenarioResult } from "./scenarios";

const SECRET = "teambench000000000000000000wxyz0";
const MEMBERS = 20;
const REQUESTS = 600;
const QUERIES = 40;
const PER_MINUTE = 10;
const SPEED = 20;
const LATENCY_SAMPLES = 100;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The most arrivals within any window of `windowMs` (arrivals sorted). */
function mostInWindow(arrivals: number[], windowMs: number): number {
  let most = 0;
  for (let start = 0, end = 0; end < arrivals.length; end++) {
    while (arrivals[end] - arrivals[start] >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

export async function teamRelay(ctx: { latencyMs: number }): Promise<ScenarioResult> {
  const scenario = `10. Team relay (2 replicas on one Redis, ${MEMBERS} members, ${REQUESTS} requests over ${QUERIES} queries, key limit ${PER_MINUTE}/min, time ×${SPEED})`;
  let redis;
  try {
    redis = await startRedis();
  } catch (error) {
    return { measures: [], notes: [`team relay: skipped (${(error as Error).message})`] };
  }
  const clock = scaledClock(SPEED);
  const arrivals: number[] = [];
  const handler = createSimulatorHandler({
    secret: SECRET,
    latencyMs: ctx.latencyMs,
    rateLimitPerMinute: PER_MINUTE,
    now: () => clock.now(),
    staticDir: false,
  });
  const service = createServer((req, res) => {
    if (req.url?.startsWith("/v1/") && req.url !== "/v1/visits") arrivals.push(clock.now());
    handler.handle(req, res);
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  const servers: HostingServer[] = [];
  const stores: RedisStore[] = [];
  try {
    const bases: string[] = [];
    for (let i = 0; i < 2; i++) {
      const store = new RedisStore({ url: redis.url, prefix: "bench:" });
      await store.connected(5_000);
      stores.push(store);
      const team = await startTeamMode({
        upstream: serviceUrl,
        upstreamTimeoutMs: 60_000,
        maxAnswerBytes: 16_000_000,
        keys: [
          {
            name: "main",
            secret: SECRET,
            fingerprint: fingerprintOf(SECRET),
            perMinute: PER_MINUTE,
            monthlyBudget: 15_000,
          },
        ],
        store,
        clock,
        queueWaitMs: 30 * 60_000,
        log: () => undefined,
      });
      const hosting = createHostingServer({ upstream: serviceUrl, team });
      servers.push(hosting);
      bases.push(await listen(hosting, 0, "127.0.0.1"));
    }
    const tokens: string[] = [];
    for (let m = 0; m < MEMBERS; m++) {
      const token = newToken();
      await stores[0].addMember(
        { name: `member${m + 1}`, role: "member", monthlyBudget: null, createdAt: Date.now() },
        hashToken(token),
      );
      tokens.push(token);
    }
    const query = (q: number) => JSON.stringify({ marketplace: "US", keyword: `team bench keyword ${q + 1}` });
    const send = (base: string, token: string, q: number) =>
      fetch(`${base}/v1/keyword-research/trends`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: query(q),
      }).then(async (r) => ((await r.json()) as { code: string }).code);
    // Each member opens reports one request after another, in its own order over the 40 queries.
    const started = clock.now();
    const codes = (
      await Promise.all(
        tokens.map(async (token, m) => {
          const mine: string[] = [];
          for (let i = 0; i < REQUESTS / MEMBERS; i++)
            mine.push(await send(bases[(m + i) % 2], token, (m * 7 + i * 3) % QUERIES));
          return mine;
        }),
      )
    ).flat();
    const simulatedMs = clock.now() - started;
    const calls = arrivals.length;
    const most = mostInWindow(
      arrivals.sort((a, b) => a - b),
      60_000,
    );
    const failed = codes.filter((code) => code !== "OK").length;
    const refusedByService = handler.stats().byResult.ERROR_VISIT_MAX ?? 0;

    // Latency on a cache hit (every query is cached now), against a direct call to the service stand-in.
    const hit: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      let t = performance.now();
      await send(bases[i % 2], tokens[i % MEMBERS], i % QUERIES);
      hit.push(performance.now() - t);
      t = performance.now();
      await fetch(`${serviceUrl}/v1/keyword-research/trends`, {
        method: "POST",
        headers: { "secret-key": SECRET, "content-type": "application/json" },
        body: query(i % QUERIES),
      }).then((r) => r.arrayBuffer());
      direct.push(performance.now() - t);
    }
    const notes = [
      `team relay: ${REQUESTS - failed} of ${REQUESTS} answers OK; the stand-in refused ${refusedByService} calls for its per-minute limit; ${(simulatedMs / 60_000).toFixed(1)} simulated minutes`,
    ];
    return {
      notes,
      measures: [
        {
          scenario,
          measure: "calls to the service",
          unit: "calls",
          value: calls,
          baselineLabel: "requests to the relays",
          baseline: REQUESTS,
          goal: `${QUERIES}`,
          goalMet: calls === QUERIES && failed === 0,
        },
        {
          scenario,
          measure: "most calls in any 60-second window",
          unit: "count",
          value: most,
          baselineLabel: "the key's rate per minute",
          baseline: PER_MINUTE,
          goal: `≤ ${PER_MINUTE}`,
          goalMet: most <= PER_MINUTE,
        },
        {
          scenario,
          measure: `cache hit through the relay, p50 of ${LATENCY_SAMPLES}`,
          unit: "ms",
          value: percentile(hit, 50),
          baselineLabel: `direct call to the service stand-in (${ctx.latencyMs} ms latency), p50`,
          baseline: percentile(direct, 50),
        },
        {
          scenario,
          measure: `cache hit through the relay, p95 of ${LATENCY_SAMPLES}`,
          unit: "ms",
          value: percentile(hit, 95),
          baselineLabel: "direct call, p95",
          baseline: percentile(direct, 95),
        },
      ],
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop(0)));
    handler.close();
    service.closeAllConnections();
    await new Promise((resolve) => service.close(resolve));
    await redis.stop();
  }
}
