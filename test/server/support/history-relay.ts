/**
 * Team relays that keep history, in process, for the history's tests: hosting servers in team mode (as
 * ./team.ts starts them) over a memory store or one real Redis, each replica with its own connection to the history
 * database (a PostgreSQL server's URL, or the embedded database when there is one replica), or with history off.
 * Their log lines (the hosting server's request log and the relay's events) are kept for the tests to read.
 */
import { randomUUID } from "node:crypto";
import { systemClock } from "../../../src/lib/clock";
import type { Database } from "../../../src/server/history/database";
import { HistoryStore, type HistoryAccess } from "../../../src/server/history/snapshots";
import { createHostingServer, listen, type HostingServer } from "../../../src/server/hosting";
import { createUpstreamCaller } from "../../../src/server/relay";
import { MemoryStore } from "../../../src/server/team/memory-store";
import { RedisStore } from "../../../src/server/team/redis-store";
import { createTeamRelay } from "../../../src/server/team/team-relay";
import type { Member, TeamStore } from "../../../src/server/team/team-store";
import { hashToken, newToken } from "../../../src/server/team/tokens";
import { planKey } from "./team";

export interface HistoryRelayOptions {
  readonly upstream: string;
  readonly secret: string;
  /** Each replica's database (one replica per entry), or why there is none (`{off}`: one replica). */
  readonly databases: readonly Database[] | { readonly off: string };
  /** Replicas share this Redis; without it, one replica on a memory store. */
  readonly redisUrl?: string;
  readonly memberRatePerMinute?: number;
  readonly publicUrl?: string;
}

export interface HistoryRelays {
  readonly bases: string[];
  readonly stores: TeamStore[];
  /** The history store of replica 0 (to write snapshots as a scheduled run would). */
  readonly history: HistoryStore | undefined;
  /** Every line any replica logged: the request log and the relay's events. */
  readonly log: string[];
  member(name: string, extra?: Partial<Member>): Promise<string>;
  stop(): Promise<void>;
}

export async function startHistoryRelays(options: HistoryRelayOptions): Promise<HistoryRelays> {
  const accesses: HistoryAccess[] =
    "off" in options.databases
      ? [{ off: options.databases.off }]
      : options.databases.map((database) => ({ database, store: new HistoryStore(database) }));
  const prefix = `test:${randomUUID()}:`;
  const log: string[] = [];
  const stores: TeamStore[] = [];
  const servers: HostingServer[] = [];
  const bases: string[] = [];
  for (const access of accesses) {
    const store = options.redisUrl
      ? new RedisStore({ url: options.redisUrl, prefix, commandTimeoutMs: 500 })
      : new MemoryStore();
    if (store instanceof RedisStore) await store.connected(5_000);
    stores.push(store);
    const team = createTeamRelay({
      store,
      keys: [planKey("main", options.secret)],
      callUpstream: createUpstreamCaller({
        upstream: options.upstream,
        timeoutMs: 10_000,
        maxAnswerBytes: 1_000_000,
        secrets: [options.secret],
      }),
      clock: systemClock,
      queueWaitMs: 10_000,
      memberRatePerMinute: options.memberRatePerMinute ?? 600,
      schedulerTickMs: 0,
      log: (line) => log.push(line),
      history: access,
      ...(options.publicUrl ? { alerts: { publicUrl: options.publicUrl } } : {}),
    });
    const hosting = createHostingServer({ upstream: options.upstream, team, log: (line) => log.push(line) });
    servers.push(hosting);
    bases.push(await listen(hosting, 0, "127.0.0.1"));
  }
  const first = accesses[0];
  return {
    bases,
    stores,
    history: "store" in first ? first.store : undefined,
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
