/** GET /admin/usage[?month=yyyyMM]: the team's calls by member, operation and key for a month (this one by default). */
import type { IncomingMessage, ServerResponse } from "node:http";
import { refuseAs, sendJsonText } from "../../relay";
import { monthOf } from "../team-store";
import { usageReport } from "../usage-report";
import type { RelayContext } from "./context";

export const ADMIN_USAGE_PATH = "/admin/usage";

export async function usageRoute(ctx: RelayContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const month = new URL(req.url ?? "/", "http://relay.local").searchParams.get("month") ?? monthOf(ctx.clock.now());
  if (!/^\d{6}$/.test(month)) {
    refuseAs(res, "month", {});
    return;
  }
  // The keys as the report names them: never their secrets.
  const keys = ctx.keys.map(({ secret: _secret, ...k }) => k);
  try {
    sendJsonText(res, 200, JSON.stringify(await usageReport(ctx.store, month, keys)));
  } catch {
    ctx.storeDown(res);
  }
}
