/**
 * An admin's request under /admin (an admin's bearer token): /admin/usage (./usage.ts), /admin/schedules
 * (../schedule-routes.ts), /admin/alerts (../alerts/routes.ts). Authenticated and rate-limited like a member's.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { refuseAs } from "../../relay";
import { isAdminAlertsPath } from "../alerts/routes";
import { ADMIN_SCHEDULES_PATH } from "../schedule-routes";
import type { Member } from "../team-store";
import type { RelayContext } from "./context";
import { ADMIN_USAGE_PATH, usageRoute } from "./usage";

type AdminRoute = "usage" | "schedules" | "alerts";

function adminRouteOf(pathname: string): AdminRoute | undefined {
  if (pathname === ADMIN_USAGE_PATH) return "usage";
  if (pathname === ADMIN_SCHEDULES_PATH || pathname.startsWith(`${ADMIN_SCHEDULES_PATH}/`)) return "schedules";
  if (isAdminAlertsPath(pathname)) return "alerts";
  return undefined;
}

/** Answers an admin route; false when the path is none (the hosting server answers it). */
export async function adminRequest(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  client: string,
): Promise<boolean> {
  const route = adminRouteOf(pathname);
  if (!route) return false;
  let member: Member | undefined;
  try {
    member = await ctx.authenticate(req);
  } catch {
    ctx.storeDown(res);
    return true;
  }
  if (ctx.overLimit(req, res, member, client)) return true;
  if (member?.role !== "admin") {
    refuseAs(res, "admin", { route, signedIn: member !== undefined });
    return true;
  }
  switch (route) {
    case "alerts":
      await ctx.alerts.admin(req, res, pathname, member).catch(() => ctx.storeDown(res));
      return true;
    case "schedules":
      await ctx.schedules.admin(req, res, pathname).catch(() => ctx.storeDown(res));
      return true;
    case "usage":
      await usageRoute(ctx, req, res);
      return true;
    default: {
      const unknown: never = route;
      throw new Error(`unknown admin route ${String(unknown)}`);
    }
  }
}
