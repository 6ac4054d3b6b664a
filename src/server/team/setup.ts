/**
 * Team mode's settings and start-up: the keys file, the store (Redis with REDIS_URL, else memory with a members
 * file), the database (the history of schedules; without Redis also the schedules and alerts themselves) and the
 * relay over them.
 *
 * Environment: MAD_KEYS_FILE (required), REDIS_URL, MAD_REDIS_PREFIX (default `mad:`), MAD_REDIS_TIMEOUT_MS
 * (default 1000), MAD_QUEUE_WAIT_MS (default 20000), MAD_MEMBER_RATE_LIMIT (relay requests per member per minute,
 * default 600), MAD_MEMBERS_FILE (without Redis; default .mad-team-members.json), DATABASE_URL (a PostgreSQL server;
 * without it a single relay keeps an embedded one in MAD_DATA_DIR, default ./mad-data, and a relay on Redis keeps
 * no history), MAD_HISTORY_DAYS (days of history kept, default 730).
 */
import { systemClock, type Clock } from "../../lib/clock";
import { loadLocale } from "../../i18n/locale";
import type { TeamMode } from "../hosting";
import { createUpstreamCaller } from "../relay";
import { fromEnv, whole } from "../whole";
import { readKeysFile, type PlanKey } from "./keys-file";
import { DEFAULT_MEMBERS_FILE, MembersFile } from "./members-file";
import { MemoryStore } from "./memory-store";
import { RedisStore } from "./redis-store";
import type { TeamStore } from "./team-store";
import type { Scheduler } from "./scheduler";
import { ALLOW_PRIVATE_WARNING, alertSettingsFromEnv, describeAlerts, type AlertSettings } from "./alerts/settings";
import { createTeamRelay, DEFAULT_QUEUE_WAIT_MS } from "./team-relay";
import { openDatabase } from "../history/database";
import { relayState } from "../history/relay-state";
import { HistoryStore, type HistoryAccess } from "../history/snapshots";
import type { AlertRunner } from "./alerts/runner";

const DEFAULT_MEMBER_RATE_PER_MINUTE = 600;

export interface TeamSettings {
  keysFile?: string;
  redisUrl?: string;
  redisPrefix?: string;
  redisTimeoutMs?: number;
  queueWaitMs?: number;
  memberRatePerMinute?: number;
  membersFile?: string;
  /** Alerts: SMTP server, public address, MAD_ALERTS_ALLOW_PRIVATE (./alerts/settings.ts). */
  alerts?: AlertSettings;
  /** DATABASE_URL: a PostgreSQL server for the history (replicas share it). */
  databaseUrl?: string;
  /** MAD_DATA_DIR: the embedded database's folder, without DATABASE_URL and Redis. */
  dataDir?: string;
  /** MAD_HISTORY_DAYS: days of history kept. */
  historyDays?: number;
}

export function teamSettingsFromEnv(env: NodeJS.ProcessEnv): TeamSettings {
  return {
    keysFile: env.MAD_KEYS_FILE || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.MAD_REDIS_PREFIX || undefined,
    redisTimeoutMs: whole("MAD_REDIS_TIMEOUT_MS", fromEnv(env.MAD_REDIS_TIMEOUT_MS), 1),
    queueWaitMs: whole("MAD_QUEUE_WAIT_MS", fromEnv(env.MAD_QUEUE_WAIT_MS), 0),
    memberRatePerMinute: whole("MAD_MEMBER_RATE_LIMIT", fromEnv(env.MAD_MEMBER_RATE_LIMIT), 1),
    membersFile: env.MAD_MEMBERS_FILE || undefined,
    alerts: alertSettingsFromEnv(env),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.MAD_DATA_DIR || undefined,
    historyDays: whole("MAD_HISTORY_DAYS", fromEnv(env.MAD_HISTORY_DAYS), 1),
  };
}

/** Why replicas on Redis without DATABASE_URL keep no history. */
const HISTORY_OFF_WITHOUT_DATABASE =
  "REDIS_URL is set but DATABASE_URL is not: replicas sharing Redis would each keep a history of their own";

/**
 * The history the settings name: a PostgreSQL server (DATABASE_URL), else, for a single relay (no Redis), the embedded
 * database in MAD_DATA_DIR; with Redis and no DATABASE_URL none, and why. Throws DatabaseUnavailable (naming the
 * setting and what failed) when the database cannot be reached or opened.
 */
export async function openHistory(
  settings: TeamSettings,
  storeKind: TeamStore["kind"],
  now: () => number,
): Promise<HistoryAccess> {
  if (!settings.databaseUrl && storeKind === "redis") return { off: HISTORY_OFF_WITHOUT_DATABASE };
  const database = await openDatabase({ url: settings.databaseUrl, dataDir: settings.dataDir, now });
  return { database, store: new HistoryStore(database, { retentionDays: settings.historyDays }) };
}

/** The store the settings name: Redis when REDIS_URL is set, else memory (members from the members file). */
export function openStore(settings: TeamSettings): TeamStore {
  return settings.redisUrl
    ? new RedisStore({
        url: settings.redisUrl,
        prefix: settings.redisPrefix,
        commandTimeoutMs: settings.redisTimeoutMs,
      })
    : new MemoryStore(new MembersFile(settings.membersFile ?? DEFAULT_MEMBERS_FILE));
}

export interface StartTeamOptions extends TeamSettings {
  upstream: string;
  upstreamTimeoutMs: number;
  maxAnswerBytes: number;
  log: (line: string) => void;
  /** Already read keys (tests); else the keys file is read. */
  keys?: readonly PlanKey[];
  clock?: Clock;
  store?: TeamStore;
  /** The history (tests; a command that opened it): else opened from the settings, unless `store` is given. */
  history?: HistoryAccess;
  /** The pacing window (default DEFAULT_WINDOW_MS). */
  windowMs?: number;
  /** How long a batch of looked-up keys waits for more after its first (default LOOKUP_BATCH_WINDOW_MS). */
  batchWindowMs?: number;
  /** How often due schedules are looked for; 0: only when a test ticks the scheduler. */
  schedulerTickMs?: number;
}

export async function startTeamMode(
  options: StartTeamOptions,
): Promise<TeamMode & { scheduler: Scheduler; alerts: AlertRunner; describe: Record<string, unknown> }> {
  const warn = (message: string) => options.log(JSON.stringify({ event: "warning", message }));
  if (!options.keys && !options.keysFile)
    throw new Error("team mode: set MAD_KEYS_FILE to a JSON file of the plan's keys (see docs/deploy.md)");
  const keys = options.keys ?? readKeysFile(options.keysFile!, warn);
  const clock = options.clock ?? systemClock;
  const store = options.store ?? openStore(options);
  if (store.kind === "memory")
    warn(
      `no REDIS_URL: the team's cache, pacer and usage live in this process only (${store.describe}); run one replica, or set REDIS_URL`,
    );
  // Listening means ready when the store is: a replica does not take requests while its connection is being made.
  // Without the store it starts anyway (readiness says so, requests get 503 until it answers).
  await store
    .ping()
    .catch((error: Error) =>
      warn(`${store.describe} does not answer yet (${error.message}): requests get 503 until it does (see /readyz)`),
    );
  const history = await teamHistory(options, store, clock, warn);
  if (options.alerts?.allowPrivate) warn(ALLOW_PRIVATE_WARNING);
  // Alerts speak each alert's language, whatever the server's: every translation is loaded before the first.
  await loadLocale("zh-CN");
  const relay = createTeamRelay({
    store,
    keys,
    clock,
    callUpstream: createUpstreamCaller({
      upstream: options.upstream,
      timeoutMs: options.upstreamTimeoutMs,
      maxAnswerBytes: options.maxAnswerBytes,
      secrets: keys.map((k) => k.secret),
    }),
    queueWaitMs: options.queueWaitMs ?? DEFAULT_QUEUE_WAIT_MS,
    memberRatePerMinute: options.memberRatePerMinute ?? DEFAULT_MEMBER_RATE_PER_MINUTE,
    windowMs: options.windowMs,
    batchWindowMs: options.batchWindowMs,
    log: options.log,
    schedulerTickMs: options.schedulerTickMs,
    alerts: options.alerts,
    history,
  });
  return {
    ...relay,
    describe: {
      store: store.describe,
      keys: keys.map((k) => ({ name: k.name, perMinute: k.perMinute, monthlyBudget: k.monthlyBudget })),
      alerts: describeAlerts(options.alerts ?? {}),
      history: "off" in history ? { off: history.off } : { database: history.database.describe },
    },
  };
}

/**
 * The relay's history: given, else opened from the settings (only when the store is too: whoever hands a store over
 * hands its database over). A single relay's store (memory) loads its schedules and alerts from the database and
 * keeps them there. A database that fails to open stops the start (the store is closed first).
 */
async function teamHistory(
  options: StartTeamOptions,
  store: TeamStore,
  clock: Clock,
  warn: (message: string) => void,
): Promise<HistoryAccess> {
  if (options.history ?? options.store) {
    const given = options.history ?? { off: "it was started without a database" };
    if ("database" in given && store instanceof MemoryStore) await store.restore(relayState(given.database));
    return given;
  }
  let history: HistoryAccess;
  try {
    history = await openHistory(options, store.kind, () => clock.now());
    if ("database" in history && store instanceof MemoryStore) await store.restore(relayState(history.database));
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  if ("off" in history) warn(`history is off: ${history.off}; schedules cannot keep history (set DATABASE_URL)`);
  return history;
}
