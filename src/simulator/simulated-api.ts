/**
 * The simulated service's answers: GET|POST /v1/visits (the key's calls left) and each catalog operation, checked
 * as the live service checks them (method, secret-key, the minute's rate, the month's quota, the parameters).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { methodOf, OPERATIONS, type AnyOperation } from "../api/catalog";
import { readQuery } from "../api/kinds/read";
import { matchPath } from "../api/paths";
import { checkParams } from "../api/validate";
import { simulate } from "./data/respond";
import { BodyTooLargeError, readBody, sendEnvelope } from "./http";
import { finish, keyId, secretMatches, type SimulatorState } from "./state";

export const VISITS_PATH = "/v1/visits";

export interface OperationRoute {
  readonly op: AnyOperation;
  readonly pathParams: Record<string, string>;
}

/** The operation a request path names, with the parameters its path carries (`/v1/asin/US/B0...`). */
export function routeOf(pathname: string): OperationRoute | undefined {
  for (const op of OPERATIONS) {
    const pathParams = matchPath(op.path, pathname);
    if (pathParams) return { op, pathParams };
  }
  return undefined;
}

export function answerVisits(state: SimulatorState, req: IncomingMessage, res: ServerResponse): string {
  if (!secretMatches(req.headers["secret-key"], state.secret)) {
    sendEnvelope(res, "ERROR_SECRET_KEY");
    return finish(state, "ERROR_SECRET_KEY");
  }
  const key = keyId(state.secret);
  sendEnvelope(res, "OK", {
    ...state.quota.snapshot(key),
    rateLimitPerMinute: state.rateLimitPerMinute ?? null,
    remainingThisMinute: state.limiter.remaining(key),
  });
  return finish(state, "OK");
}

/** The request's parameters as sent (a GET's query, a POST's JSON body), or why they cannot be read. */
async function readInput(req: IncomingMessage, op: AnyOperation, url: URL): Promise<{ input: object } | string> {
  let input: unknown;
  try {
    const text = (await readBody(req)).toString("utf8").trim();
    input = methodOf(op) === "GET" ? readQuery(op.params, url.searchParams) : text ? JSON.parse(text) : {};
  } catch (error) {
    return `参数错误: body: ${error instanceof BodyTooLargeError ? error.message : "not valid JSON"}`;
  }
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return "参数错误: body: expected a JSON object";
  return { input };
}

export async function answerOperation(
  state: SimulatorState,
  req: IncomingMessage,
  res: ServerResponse,
  { op, pathParams }: OperationRoute,
  url: URL,
): Promise<string> {
  const reject = (code: string, message?: string, headers?: Record<string, string>) => {
    sendEnvelope(res, code, null, message, headers);
    return finish(state, code);
  };
  // Each operation answers its catalog method only, like the live service's routes (a GET-mapped endpoint
  // does not take a JSON body, and the POST endpoints are not mapped for GET).
  if (req.method !== methodOf(op)) return reject("ERROR_URL_NOT_FOUND", `接口不存在: ${req.method} ${op.path}`);
  if (!secretMatches(req.headers["secret-key"], state.secret)) return reject("ERROR_SECRET_KEY");
  const key = keyId(state.secret);
  const slot = state.limiter.acquire(key);
  if (!slot.ok) return reject("ERROR_VISIT_MAX", undefined, { "retry-after": String(slot.retryAfterSeconds) });
  if (state.quota.exhausted(key)) return reject("ERROR_VISIT_MAX");

  const read = await readInput(req, op, url);
  if (typeof read === "string") return reject("ERROR_PARAM", read);
  // Like the live service, names that are not parameters are ignored rather than refused; the path's own
  // parameters are the path's (a query or body cannot override them).
  const known = new Set<string>(op.params.map((p) => p.name));
  const raw = {
    ...Object.fromEntries(Object.entries(read.input).filter(([name]) => known.has(name))),
    ...pathParams,
  };
  const outcome = checkParams(op.code, raw, { now: new Date(state.now()) });
  if (!outcome.params) return reject("ERROR_PARAM", `参数错误: ${outcome.errors[0]?.message ?? "invalid parameters"}`);

  const data = simulate(op, { code: op.code, params: outcome.params as Record<string, unknown>, now: state.now() });
  state.quota.consume(key);
  sendEnvelope(res, "OK", data);
  return finish(state, "OK");
}
