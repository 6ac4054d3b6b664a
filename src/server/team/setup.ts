/**
 * Team mode's settings and start-up: the keys file, the store (Redis with REDIS_URL, else memory with a members
 * file) and the relay over them.
 *
 * Environment: MAD_KEYS_FILE (required), REDIS_URL, MAD_REDIS_PREFIX (default `mad:`), MAD_REDIS_TIMEOUT_MS
 * (default 1000), MAD_QUEUE_WAIT_MS (default 20000), MAD_MEMBER_RATE_LIMIT (relay requests per member per minute,
 * default 600), MAD_MEMBERS_FILE (without Redis; default .mad-team-members.json).
 */
import { systemClock, type Clock } from "../../api/clock";
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
import type { AlertRunner } from "./alerts/runner";

export const DEFAULT_MEMBER_RATE_PER_MINUTE = 600;

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
  };
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
  });
  return {
    ...relay,
    describe: {
      store: store.describe,
      keys: keys.map((k) => ({ name: k.name, perMinute: k.perMinute, monthlyBudget: k.monthlyBudget })),
      alerts: describeAlerts(options.alerts ?? {}),
    },
  };
}
