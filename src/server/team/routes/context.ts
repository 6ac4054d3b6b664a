/**
 * What every route of the team relay shares: the store, the plan's keys, the clock, the shared caller, the
 * schedules' and alerts' own routes, and the checks each request passes first (who calls, how often). One object,
 * built once per relay, handed to each route's handler (./member-routes.ts, ./admin-routes.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Clock } from "../../../lib/clock";
import type { HistoryRoutes } from "../../history/routes";
import { ClientRateLimiter } from "../../rate-limit";
import { refuseAs, type RelayOutcome } from "../../relay";
import type { createAlerts } from "../alerts/settings";
import type { PlanKey } from "../keys-file";
import type { scheduleRoutes } from "../schedule-routes";
import type { SharedCaller } from "../shared-call";
import { storeStep } from "../shared-call";
import type { Member, TeamStore } from "../team-store";
import { bearerToken, hashToken } from "../tokens";

export type RelayLog = (event: Record<string, unknown>) => void;

export interface RelayContext {
  readonly store: TeamStore;
  readonly keys: readonly PlanKey[];
  readonly clock: Clock;
  readonly log: RelayLog;
  readonly shared: SharedCaller;
  readonly schedules: ReturnType<typeof scheduleRoutes>;
  readonly alerts: ReturnType<typeof createAlerts>["routes"];
  /** A schedule's kept history, its changes and feeds (../../history/routes.ts). */
  readonly history: HistoryRoutes;
  /** Largest body of a member's relayed request. */
  readonly maxBodyBytes: number;
  /** The member a request's bearer token names (undefined: none or unknown); throws when the store fails. */
  authenticate(req: IncomingMessage): Promise<Member | undefined>;
  /**
   * One limiter for /v1 and /admin: a member's requests by name, requests without a valid token by address, so
   * guessing tokens on either path is refused past the same rate. The answer sent, if refused.
   */
  overLimit(
    req: IncomingMessage,
    res: ServerResponse,
    member: Member | undefined,
    client: string,
  ): RelayOutcome | undefined;
  /** 503: the store failed, so nothing was sent to the service (in the language the request asks for). */
  storeDown(res: ServerResponse): RelayOutcome;
}

export interface RelayContextParts {
  store: TeamStore;
  keys: readonly PlanKey[];
  clock: Clock;
  log: RelayLog;
  shared: SharedCaller;
  schedules: RelayContext["schedules"];
  alerts: RelayContext["alerts"];
  history: HistoryRoutes;
  maxBodyBytes: number;
  memberRatePerMinute: number;
}

export function relayContext(parts: RelayContextParts): RelayContext {
  const { store, clock } = parts;
  const limiter = new ClientRateLimiter(parts.memberRatePerMinute, () => clock.now());
  return {
    ...parts,
    async authenticate(req) {
      const token = bearerToken(req);
      return token ? storeStep(store.memberByToken(hashToken(token))) : undefined;
    },
    overLimit(req, res, member, client) {
      const allowed = limiter.take(member ? `member:${member.name}` : `address:${client}`);
      if (allowed.ok) return undefined;
      req.resume();
      return refuseAs(res, "rate", { retryAfterSeconds: allowed.retryAfterSeconds, from: "member" });
    },
    storeDown: (res) => refuseAs(res, "store", { store: store.describe }),
  };
}
