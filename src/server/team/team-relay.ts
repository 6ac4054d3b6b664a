/**
 * The team relay: members call `/v1/...` with `Authorization: Bearer TOKEN`; the plan's keys never leave the
 * server. A request is checked (its parameters by the catalog's rules, so bad input costs nothing), answered from
 * the shared cache when the same request (operation and canonical parameters, market included) was answered within
 * the operation's data period, joined to an identical call already under way on any replica (single flight), or
 * else sent once, after the shared pacer granted a key. The answer is cached before it is sent. When the store
 * (Redis) fails, nothing is sent to the service: 503 says so. Keys and tokens never reach a log or an answer.
 * Single flight, leases and the pacer's slots are shared-call.ts's, for members' requests and scheduled refreshes.
 */
import type { Clock } from "../../lib/clock";
import type { TeamMode } from "../hosting";
import { DEFAULT_MAX_BODY_BYTES, type UpstreamCaller } from "../relay";
import { historyRoutes } from "../history/routes";
import type { HistoryAccess } from "../history/snapshots";
import type { AlertRunner } from "./alerts/runner";
import { createAlerts, type AlertSettings } from "./alerts/settings";
import { FairQueue } from "./fair-queue";
import type { PlanKey } from "./keys-file";
import { adminRequest } from "./routes/admin";
import { relayContext, type RelayLog } from "./routes/context";
import { memberRequest } from "./routes/member";
import { scheduleRoutes } from "./schedule-routes";
import { Scheduler } from "./scheduler";
import { createSharedCaller, FLIGHT_LEASE_MS } from "./shared-call";
import type { TeamStore } from "./team-store";

export interface TeamRelayOptions {
  store: TeamStore;
  keys: readonly PlanKey[];
  callUpstream: UpstreamCaller;
  clock: Clock;
  /** Longest wait in the queue for a grant; past it 429 with Retry-After. */
  queueWaitMs: number;
  /** Relay requests per member per minute (cache hits included): a runaway client stops here. */
  memberRatePerMinute: number;
  windowMs?: number;
  /** How long a batch of looked-up keys waits for more after its first (default LOOKUP_BATCH_WINDOW_MS). */
  batchWindowMs?: number;
  /** The lease on a call under way (default FLIGHT_LEASE_MS). */
  flightLeaseMs?: number;
  maxBodyBytes?: number;
  log?: (line: string) => void;
  /** How often due schedules and alerts are looked for (default SCHEDULER_TICK_MS); 0: never on its own (tests tick by hand). */
  schedulerTickMs?: number;
  /** Alerts' SMTP server, public address and address rule (./alerts/settings.ts). */
  alerts?: AlertSettings;
  /** The kept history (its database and store) or why this relay keeps none; absent: none set up. */
  history?: HistoryAccess;
}

export const DEFAULT_QUEUE_WAIT_MS = 20_000;
/**
 * The pacing window: the service's minute. No margin is needed for delays between a grant and the service: a slot
 * counts from when its call ended (the service had it by then), so perMinute grants never reach it within 60 s.
 */
const DEFAULT_WINDOW_MS = 60_000;
/** A granted call is sent at once; room for a starved machine between the grant and the send. */
const SEND_ROOM_MS = 30_000;
type TeamRelay = TeamMode & { readonly queue: FairQueue; readonly scheduler: Scheduler; readonly alerts: AlertRunner };

/** The queue, the shared caller, the scheduler and the alerts: what runs behind the routes. */
function teamMachinery(options: TeamRelayOptions, log: RelayLog) {
  const { store, keys, clock, callUpstream } = options;
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const holdMs = callUpstream.timeoutMs + SEND_ROOM_MS;
  const queue = new FairQueue({ store, keys, clock, windowMs, holdMs });
  const shared = createSharedCaller({
    store,
    keys,
    clock,
    callUpstream,
    queue,
    queueWaitMs: options.queueWaitMs,
    windowMs,
    leaseMs: options.flightLeaseMs ?? FLIGHT_LEASE_MS,
    batchWindowMs: options.batchWindowMs,
    log,
  });
  const tickMs = options.schedulerTickMs;
  const scheduler = new Scheduler({ store, keys, clock, shared, log, tickMs, history: options.history });
  const alerts = createAlerts({ store, keys, clock, shared, log, settings: options.alerts ?? {}, tickMs });
  if (tickMs !== 0) {
    scheduler.start();
    alerts.runner.start();
  }
  return { queue, shared, scheduler, alerts };
}

export function createTeamRelay(options: TeamRelayOptions): TeamRelay {
  const { store, keys, clock } = options;
  const log: RelayLog = (event) =>
    options.log?.(JSON.stringify({ time: new Date(clock.now()).toISOString(), ...event }));
  const { queue, shared, scheduler, alerts } = teamMachinery(options, log);
  const ctx = relayContext({
    store,
    keys,
    clock,
    log,
    shared,
    schedules: scheduleRoutes({ store, clock, history: options.history, log }),
    alerts: alerts.routes,
    history: historyRoutes({ history: options.history, store, clock, log, publicUrl: options.alerts?.publicUrl }),
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    memberRatePerMinute: options.memberRatePerMinute,
  });
  return {
    queue,
    scheduler,
    alerts: alerts.runner,
    relay: (req, res, pathname, client) => memberRequest(ctx, req, res, pathname, client),
    admin: (req, res, pathname, client) => adminRequest(ctx, req, res, pathname, client),
    async ready() {
      try {
        await store.ping();
        return { ok: true, store: `${store.describe}: ready` };
      } catch {
        return { ok: false, store: `${store.describe}: unavailable` };
      }
    },
    async close() {
      await scheduler.stop();
      await alerts.close();
      queue.close();
      await store.close();
      if (options.history && "database" in options.history) await options.history.database.close();
    },
  };
}
