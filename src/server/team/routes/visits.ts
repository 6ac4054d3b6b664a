/** GET /v1/visits: a member's calls left (theirs or the plan's, whichever runs out first; see ../answers.ts). */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJsonText, type RelayOutcome } from "../../relay";
import { visitsData } from "../answers";
import { storeStep } from "../shared-call";
import { monthOf, type Member } from "../team-store";
import type { RelayContext } from "./context";

export async function visitsRoute(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  member: Member,
): Promise<RelayOutcome> {
  req.resume();
  try {
    const spent = await storeStep(ctx.store.spent(monthOf(ctx.clock.now())));
    const data = visitsData(ctx.keys, member, spent);
    sendJsonText(res, 200, JSON.stringify({ code: "OK", message: "OK", data }));
    return { status: 200 };
  } catch {
    return ctx.storeDown(res);
  }
}
