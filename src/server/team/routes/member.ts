/**
 * A member's request under /v1 (their bearer token): authenticated and rate-limited first, then handed to its
 * route: /v1/visits, /v1/schedules (../schedule-routes.ts; a schedule's history, changes and feeds:
 * ../../history/routes.ts), /v1/alerts (../alerts/routes.ts), or an operation. A feed's read (/v1/feeds/…) takes its
 * key instead of a token.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { refuseAs, VISITS_PATH, type RelayOutcome } from "../../relay";
import { isFeedPath, isHistoryPath } from "../../history/routes";
import { isAlertsPath } from "../alerts/routes";
import { isSchedulesPath } from "../schedule-routes";
import type { Member } from "../team-store";
import type { RelayContext } from "./context";
import { operationRoute } from "./operation";
import { visitsRoute } from "./visits";

export async function memberRequest(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  client: string,
): Promise<RelayOutcome> {
  // A feed's read takes its key, no member's token: limited per address, as requests without a valid token are.
  if (isFeedPath(pathname))
    return (
      ctx.overLimit(req, res, undefined, client) ?? ctx.history.feed(req, res, pathname).catch(() => ctx.storeDown(res))
    );
  let member: Member | undefined;
  try {
    member = await ctx.authenticate(req);
  } catch {
    req.resume();
    return ctx.storeDown(res);
  }
  const limited = ctx.overLimit(req, res, member, client);
  if (limited) return limited;
  if (!member) {
    req.resume();
    return refuseAs(res, "token", {});
  }
  if (req.method === "GET" && pathname === VISITS_PATH) return visitsRoute(ctx, req, res, member);
  if (isHistoryPath(pathname)) return ctx.history.member(req, res, pathname, member).catch(() => ctx.storeDown(res));
  if (isSchedulesPath(pathname))
    return ctx.schedules.member(req, res, pathname, member).catch(() => ctx.storeDown(res));
  if (isAlertsPath(pathname))
    return ctx.alerts.member(req, res, pathname, member).catch((error: Error) => {
      ctx.log({ event: "alerts-store-failed", reason: error.message });
      return ctx.storeDown(res);
    });
  return operationRoute(ctx, req, res, pathname, member);
}
