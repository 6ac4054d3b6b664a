/**
 * `/v1/<operation>`: a member's call of one of the catalog's operations. Checked by the catalog's rules first (bad
 * input costs nothing), then answered by the shared caller (../shared-call.ts): from the shared cache, joined to an
 * identical call under way, or sent once with a granted key.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { OPERATIONS, type AnyOperation } from "../../../api/catalog";
import { readQuery } from "../../../api/kinds/read";
import { t } from "../../../i18n/alerts";
import { inLocale } from "../../../i18n/locale";
import { matchPath } from "../../../api/paths";
import { readRelayed, refuse, refuseAs, sendAnswer, type RelayOutcome, type UpstreamRequest } from "../../relay";
import { requestLocale } from "../../relay-refusals";
import { sendRefusal } from "../answers";
import { StoreFailure, teamRequest } from "../shared-call";
import type { Member } from "../team-store";
import type { RelayContext } from "./context";

/** The operation a request path names, with the parameters its path carries (`/v1/asin/US/B0...`). */
function routeOf(pathname: string): { op: AnyOperation; pathParams: Record<string, string> } | undefined {
  for (const op of OPERATIONS) {
    const pathParams = matchPath(op.path, pathname);
    if (pathParams) return { op, pathParams };
  }
  return undefined;
}

/** The request's parameters as sent (a GET's query, a POST's JSON body), or why they cannot be read. */
function rawParams(op: AnyOperation, request: UpstreamRequest): Record<string, unknown> | "not-json" | "not-object" {
  let raw: unknown;
  try {
    // A GET's query values read by their kinds (bsr=1024 a number), as the service reads them.
    raw =
      request.method === "GET"
        ? readQuery(op.params, new URLSearchParams(request.query))
        : JSON.parse(request.body || "{}");
  } catch {
    return "not-json";
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return "not-object";
  return raw as Record<string, unknown>;
}

export async function operationRoute(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  member: Member,
): Promise<RelayOutcome> {
  // Refused in the member's language, as every route of the relay refuses (../../relay-refusals.ts).
  const locale = requestLocale(req);
  const say = t.in(locale);
  const request = await readRelayed(req, res, pathname, ctx.maxBodyBytes);
  if (!request) return { status: res.statusCode };
  const route = routeOf(pathname);
  if (!route) return refuseAs(res, "route", { method: req.method ?? "", path: pathname });
  const raw = rawParams(route.op, request);
  if (raw === "not-json" || raw === "not-object") {
    const words = raw === "not-json" ? say("error.bodyNotJson") : say("error.bodyNotObject");
    return refuse(res, 400, { problem: "body", message: words });
  }
  // The path's own parameters are the path's: a query or a body cannot override them. The catalog's rules speak
  // the member's language.
  const checked = inLocale(locale, () => teamRequest(route.op, raw, ctx.clock.now(), route.pathParams));
  if ("error" in checked) return refuseAs(res, "param", { param: checked.param ?? "", message: checked.error });
  try {
    const outcome = await ctx.shared(member, checked.request);
    if ("refused" in outcome) return sendRefusal(res, outcome.refused);
    res.setHeader("x-mad-cache", outcome.source);
    return sendAnswer(res, outcome.answer);
  } catch (error) {
    if (error instanceof StoreFailure) return ctx.storeDown(res);
    throw error;
  }
}
