/**
 * The team relay: members call `/v1/...` with `Authorization: Bearer TOKEN`; the plan's keys never leave the
 * server. A request is checked (its parameters by the catalog's rules, so bad input costs nothing), answered from
 * the shared cache when the same request (operation and canonical parameters, market included) was answered within
 * the operation's data period, joined to an identical call already under way on any replica (single flight), or
 * else sent once, after the shared pacer granted a key. The answer is cached before it is sent. When the store
 * (Redis) fails, nothing is sent to the service: 503 says so. Keys and tokens never reach a log or an answer.
 * Single flight, leases and the pacer's slots are shared-call.ts's, for members' requests and scheduled refreshes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { OPERATIONS, type AnyOperation } from "../../api/catalog";
import type { Clock } from "../../api/clock";
import { readQuery } from "../../api/kinds/read";
import { matchPath } from "../../api/paths";
import type { TeamMode } from "../hosting";
import { ClientRateLimiter } from "../rate-limit";
import {
  readRelayed,
  sendAnswer,
  sendError,
  sendJsonText,
  VISITS_PATH,
  type RelayOutcome,
  type UpstreamCaller,
} from "../relay";
import { sendRefusal, visitsData } from "./answers";
import { isAdminAlertsPath, isAlertsPath } from "./alerts/routes";
import type { AlertRunner } from "./alerts/runner";
import { createAlerts, type AlertSettings } from "./alerts/settings";
import { FairQueue } from "./fair-queue";
import type { PlanKey } from "./keys-file";
import { ADMIN_SCHEDULES_PATH, isSchedulesPath, scheduleRoutes } from "./schedule-routes";
import { Scheduler } from "./scheduler";
import { createSharedCaller, FLIGHT_LEASE_MS, StoreFailure, storeStep, teamRequest } from "./shared-call";
import { monthOf, type Member, type TeamStore } from "./team-store";
import { bearerToken, hashToken } from "./tokens";
import { usageReport } from "./usage-report";

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
  /** The lease on a call under way (default FLIGHT_LEASE_MS). */
  flightLeaseMs?: number;
  maxBodyBytes?: number;
  log?: (line: string) => void;
  /** How often due schedules and alerts are looked for (default SCHEDULER_TICK_MS); 0: never on its own (tests tick by hand). */
  schedulerTickMs?: number;
  /** Alerts' SMTP server, public address and address rule (./alerts/settings.ts). */
  alerts?: AlertSettings;
}

export const DEFAULT_QUEUE_WAIT_MS = 20_000;
/**
 * The pacing window: the service's minute. No margin is needed for delays between a grant and the service: a slot
 * counts from when its call ended (the service had it by then), so perMinute grants never reach it within 60 s.
 */
export const DEFAULT_WINDOW_MS = 60_000;
/** A granted call is sent at once; room for a starved machine between the grant and the send. */
const SEND_ROOM_MS = 30_000;
/** The operation a request path names, with the parameters its path carries (`/v1/asin/US/B0...`). */
function routeOf(pathname: string): { op: AnyOperation; pathParams: Record<string, string> } | undefined {
  for (const op of OPERATIONS) {
    const pathParams = matchPath(op.path, pathname);
    if (pathParams) return { op, pathParams };
  }
  return undefined;
}

export function createTeamRelay(
  options: TeamRelayOptions,
): TeamMode & { readonly queue: FairQueue; readonly scheduler: Scheduler; readonly alerts: AlertRunner } {
  const { store, keys, clock, callUpstream } = options;
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const holdMs = callUpstream.timeoutMs + SEND_ROOM_MS;
  const queue = new FairQueue({ store, keys, clock, windowMs, holdMs });
  const limiter = new ClientRateLimiter(options.memberRatePerMinute, () => clock.now());
  const log = (event: Record<string, unknown>) =>
    options.log?.(JSON.stringify({ time: new Date(clock.now()).toISOString(), ...event }));
  const storeDown = (res: ServerResponse) =>
    sendError(
      res,
      503,
      "ERROR_SERVER_INTERNAL",
      `the team relay's store (${store.describe}) is unavailable or slow: nothing was sent to the service; try again shortly`,
      { "retry-after": "5" },
    );
  const guard = storeStep;
  const shared = createSharedCaller({
    store,
    keys,
    clock,
    callUpstream,
    queue,
    queueWaitMs: options.queueWaitMs,
    windowMs,
    leaseMs: options.flightLeaseMs ?? FLIGHT_LEASE_MS,
    log,
  });
  const schedules = scheduleRoutes(store, clock);
  const scheduler = new Scheduler({ store, keys, clock, shared, log, tickMs: options.schedulerTickMs });
  if (options.schedulerTickMs !== 0) scheduler.start();
  const alerts = createAlerts({
    store,
    keys,
    clock,
    shared,
    log,
    settings: options.alerts ?? {},
    tickMs: options.schedulerTickMs,
  });
  if (options.schedulerTickMs !== 0) alerts.runner.start();

  async function authenticate(req: IncomingMessage): Promise<Member | undefined> {
    const token = bearerToken(req);
    return token ? guard(store.memberByToken(hashToken(token))) : undefined;
  }

  /**
   * One limiter for /v1 and /admin: a member's requests by name, requests without a valid token by address, so
   * guessing tokens on either path is refused past the same rate. The answer sent, if refused.
   */
  function overLimit(
    req: IncomingMessage,
    res: ServerResponse,
    member: Member | undefined,
    client: string,
  ): RelayOutcome | undefined {
    const allowed = limiter.take(member ? `member:${member.name}` : `address:${client}`);
    if (allowed.ok) return undefined;
    req.resume();
    return sendError(res, 429, "ERROR_VISIT_MAX", `too many calls; retry after ${allowed.retryAfterSeconds} s`, {
      "retry-after": String(allowed.retryAfterSeconds),
    });
  }

  async function visits(res: ServerResponse, member: Member): Promise<RelayOutcome> {
    const now = clock.now();
    const spent = await guard(store.spent(monthOf(now)));
    const data = visitsData(keys, member, spent);
    sendJsonText(res, 200, JSON.stringify({ code: "OK", message: "OK", data }));
    return { status: 200 };
  }

  return {
    queue,
    scheduler,
    alerts: alerts.runner,
    async relay(req, res, pathname, client) {
      let member: Member | undefined;
      try {
        member = await authenticate(req);
      } catch {
        req.resume();
        return storeDown(res);
      }
      const limited = overLimit(req, res, member, client);
      if (limited) return limited;
      if (!member) {
        req.resume();
        return sendError(
          res,
          401,
          "ERROR_SECRET_KEY",
          "this team relay takes a member's token (Authorization: Bearer …); this one is missing, unknown or revoked: ask the team's admin",
          { "www-authenticate": 'Bearer realm="mad-team"' },
        );
      }
      if (req.method === "GET" && pathname === VISITS_PATH) {
        req.resume();
        try {
          return await visits(res, member);
        } catch {
          return storeDown(res);
        }
      }
      if (isSchedulesPath(pathname)) {
        try {
          return await schedules.member(req, res, pathname, member);
        } catch {
          return storeDown(res);
        }
      }
      if (isAlertsPath(pathname))
        return alerts.routes.member(req, res, pathname, member).catch((error: Error) => {
          log({ event: "alerts-store-failed", reason: error.message });
          return storeDown(res);
        });
      const request = await readRelayed(req, res, pathname, options.maxBodyBytes ?? 1_000_000);
      if (!request) return { status: res.statusCode };
      const route = routeOf(pathname);
      if (!route) return sendError(res, 404, "ERROR_URL_NOT_FOUND", `not relayed: ${req.method} ${pathname}`);
      const { op } = route;
      let raw: Record<string, unknown>;
      try {
        // A GET's query values read by their kinds (bsr=1024 a number), as the service reads them.
        raw =
          request.method === "GET"
            ? readQuery(op.params, new URLSearchParams(request.query))
            : JSON.parse(request.body || "{}");
      } catch {
        return sendError(res, 400, "ERROR_PARAM", "body: not valid JSON");
      }
      if (typeof raw !== "object" || raw === null || Array.isArray(raw))
        return sendError(res, 400, "ERROR_PARAM", "body: expected a JSON object");
      // The path's own parameters are the path's: a query or a body cannot override them.
      const checked = teamRequest(op, raw, clock.now(), route.pathParams);
      if ("error" in checked) return sendError(res, 400, "ERROR_PARAM", checked.error);
      try {
        const outcome = await shared(member, checked.request);
        if ("refused" in outcome) return sendRefusal(res, outcome.refused);
        res.setHeader("x-mad-cache", outcome.source);
        return sendAnswer(res, outcome.answer);
      } catch (error) {
        if (error instanceof StoreFailure) return storeDown(res);
        throw error;
      }
    },
    async admin(req, res, pathname, client) {
      const forSchedules = pathname === ADMIN_SCHEDULES_PATH || pathname.startsWith(`${ADMIN_SCHEDULES_PATH}/`);
      const forAlerts = isAdminAlertsPath(pathname);
      if (pathname !== "/admin/usage" && !forSchedules && !forAlerts) return false;
      let member: Member | undefined;
      try {
        member = await authenticate(req);
      } catch {
        storeDown(res);
        return true;
      }
      if (overLimit(req, res, member, client)) return true;
      if (member?.role !== "admin") {
        sendError(
          res,
          member ? 403 : 401,
          "ERROR_SECRET_KEY",
          `${forSchedules ? "the team's schedules take" : forAlerts ? "the team's alerts take" : "the usage report takes"} an admin's token (Authorization: Bearer …)`,
        );
        return true;
      }
      if (forAlerts) {
        await alerts.routes.admin(req, res, pathname, member).catch(() => storeDown(res));
        return true;
      }
      if (forSchedules) {
        await schedules.admin(req, res, pathname).catch(() => storeDown(res));
        return true;
      }
      const month = new URL(req.url ?? "/", "http://relay.local").searchParams.get("month") ?? monthOf(clock.now());
      if (!/^\d{6}$/.test(month)) {
        sendError(res, 400, "ERROR_PARAM", "month: expected yyyyMM");
        return true;
      }
      try {
        sendJsonText(
          res,
          200,
          JSON.stringify(
            await usageReport(
              store,
              month,
              keys.map(({ secret: _secret, ...k }) => k),
            ),
          ),
        );
      } catch {
        storeDown(res);
      }
      return true;
    },
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
    },
  };
}
