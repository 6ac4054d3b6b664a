/**
 * Team relays in process for the tests: replicas (hosting servers in team mode) over one store kind, members with
 * tokens, and a call helper. With Redis every replica has its own connections, as separate processes would.
 */
import { randomUUID } from "node:crypto";
import type { Clock } from "../../../src/lib/clock";
import { createHostingServer, listen, type HostingServer } from "../../../src/server/hosting";
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from "../../../src/server/relay";
import { fingerprintOf, type PlanKey } from "../../../src/server/team/keys-file";
import { MemoryStore } from "../../../src/server/team/memory-store";
import { RedisStore } from "../../../src/server/team/redis-store";
import { startTeamMode } from "../../../src/server/team/setup";
import type { Scheduler } from "../../../src/server/team/scheduler";
import type { AlertRunner } from "../../../src/server/team/alerts/runner";
import type { AlertSettings } from "../../../src/server/team/alerts/settings";
import type { HistoryAccess } from "../../../src/server/history/snapshots";
import type { Member, TeamStore } from "../../../src/server/team/team-store";
import { hashToken, newToken } from "../../../src/server/team/tokens";

export type StoreKind = "memory" | "redis";

export const planKey = (
  name: string,
  secret: string,
  perMinute = 40,
  monthlyBudget: number | null = 15_000,
): PlanKey => ({
  name,
  secret,
  fingerprint: fingerprintOf(secret),
  perMinute,
  monthlyBudget,
});

export interface TeamOptions {
  kind: StoreKind;
  redisUrl?: string;
  upstream: string;
  keys: readonly PlanKey[];
  replicas?: number;
  clock?: Clock;
  queueWaitMs?: number;
  windowMs?: number;
  /** How long a relay's batch of looked-up keys waits for more (default LOOKUP_BATCH_WINDOW_MS). */
  batchWindowMs?: number;
  /**
   * How long a replica waits for the service (default: the relay's own, 60 s, past jest's 20 s per test). The
   * simulator answers on the test's own event loop, one request after another: on a machine with both cores busy a
   * schedule's five 40-ASIN calls took 9 to 13 s, and a 10 s bound cut the last one (504, the run "failed"). Only a
   * test about the bound sets one.
   */
  upstreamTimeoutMs?: number;
  /** Alerts' settings (SMTP, public address, private addresses, a resolver). */
  alerts?: AlertSettings;
  /** Requests per member (or address, without a valid token) per minute (default: the relay's own). */
  memberRatePerMinute?: number;
  /** Wraps each replica's store (a test that stops a replica mid-step). */
  wrapStore?: (store: TeamStore, replica: number) => TeamStore;
  /** Each replica's history (its own connection to the database, as a process would have); absent: none. */
  history?: (replica: number) => Promise<HistoryAccess> | HistoryAccess;
  /** Each replica's memory store (kind "memory"), e.g. one restored from a database; default a new one. */
  memoryStore?: () => MemoryStore;
}

export interface RunningTeam {
  readonly bases: string[];
  /** The key prefix of the team's state in Redis (MAD_REDIS_PREFIX for `npm run team`). */
  readonly prefix: string;
  readonly stores: TeamStore[];
  /** Each replica's scheduler; it runs due schedules only when a test calls `tick()`. */
  readonly schedulers: Scheduler[];
  /** Each replica's alert runner; it runs and delivers only when a test calls it. */
  readonly alertRunners: AlertRunner[];
  readonly log: string[];
  /** Adds a member through the store (as `npm run team -- add` does) and returns their token. */
  member(name: string, extra?: Partial<Member>): Promise<string>;
  stop(): Promise<void>;
}

export async function startTeam(options: TeamOptions): Promise<RunningTeam> {
  const prefix = `test:${randomUUID()}:`;
  const replicas = options.kind === "memory" ? 1 : (options.replicas ?? 2);
  const stores: TeamStore[] = [];
  const servers: HostingServer[] = [];
  const bases: string[] = [];
  const schedulers: Scheduler[] = [];
  const alertRunners: AlertRunner[] = [];
  const log: string[] = [];
  for (let i = 0; i < replicas; i++) {
    const store =
      options.kind === "memory"
        ? (options.memoryStore?.() ?? new MemoryStore())
        : new RedisStore({ url: options.redisUrl!, prefix, commandTimeoutMs: 500 });
    if (store instanceof RedisStore) await store.connected(5_000);
    stores.push(store);
    const used = options.wrapStore ? options.wrapStore(store, i) : store;
    const team = await startTeamMode({
      upstream: options.upstream,
      upstreamTimeoutMs: options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
      maxAnswerBytes: 1_000_000,
      memberRatePerMinute: options.memberRatePerMinute,
      keys: options.keys,
      store: used,
      clock: options.clock,
      queueWaitMs: options.queueWaitMs ?? 10_000,
      windowMs: options.windowMs,
      batchWindowMs: options.batchWindowMs,
      log: (line) => log.push(line),
      schedulerTickMs: 0,
      alerts: options.alerts,
      ...(options.history ? { history: await options.history(i) } : {}),
    });
    schedulers.push(team.scheduler);
    alertRunners.push(team.alerts);
    const hosting = createHostingServer({ upstream: options.upstream, team, log: (line) => log.push(line) });
    servers.push(hosting);
    bases.push(await listen(hosting, 0, "127.0.0.1"));
  }
  return {
    bases,
    prefix,
    stores,
    schedulers,
    alertRunners,
    log,
    async member(name, extra = {}) {
      const token = newToken();
      await stores[0].addMember(
        { name, role: "member", monthlyBudget: null, createdAt: Date.now(), ...extra },
        hashToken(token),
      );
      return token;
    },
    async stop() {
      await Promise.all(servers.map((s) => s.stop(0)));
    },
  };
}

export interface Call {
  status: number;
  body: { code?: string; message?: string; data?: unknown };
  headers: Headers;
}

export async function call(
  base: string,
  token: string | undefined,
  body: unknown = { marketplace: "US", nodeIdPath: "172282" },
  path = "/v1/market/ebc",
  headers: Record<string, string> = {},
): Promise<Call> {
  const reply = await fetch(`${base}${path}`, {
    method: path === "/v1/visits" ? "GET" : "POST",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(path === "/v1/visits" ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: path === "/v1/visits" ? undefined : JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as Call["body"], headers: reply.headers };
}
