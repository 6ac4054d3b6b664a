/**
 * One HTTP exchange with the service, apart from timing and retries: the request a plan makes (URL, headers, body
 * or query; the secret only in its header; redirects never followed) and the reading of the answer (a redirect is
 * refused, a success envelope is parsed, anything else becomes the error its status and code say).
 */
import { t } from "../i18n/cells";
import { currentLocale } from "../i18n/locale";
import {
  errorFromResponse,
  isEnvelope,
  isMadError,
  MalformedResponseError,
  RedirectError,
  type Envelope,
} from "./errors";
import { parseRetryAfter } from "./retry";
import { isTeamToken } from "./team-token";

/** What one call sends and how its answer's data is read. */
export interface RequestPlan<T> {
  operation: string;
  method: "GET" | "POST";
  path: string;
  /** GET parameters, already encoded (no leading `?`). */
  query?: string;
  body?: unknown;
  read: (body: Envelope, requestId: string) => T;
}

/**
 * The validated parameters of a GET operation as a URL query (`marketplace=US&keyword=yoga%20mat`). Only
 * parameters go there; the secret stays in its header. Lists are comma-joined (no GET operation takes one today).
 */
export function queryString(params: Readonly<Record<string, unknown>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    query.append(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  return query.toString();
}

export const requestUrl = (baseUrl: string, plan: RequestPlan<unknown>) =>
  `${baseUrl}${plan.path}${plan.query ? `?${plan.query}` : ""}`;

/**
 * The fetch options of one attempt: the credential in its header only (an API secret as `secret-key`, a team
 * relay's member token as `Authorization: Bearer`, never both), and never a redirect followed with it. The add-in's
 * language goes as Accept-Language, so a relay words its refusals in the cells' language (as the pane's requests do).
 */
export function requestInit(
  plan: RequestPlan<unknown>,
  secret: string,
  requestId: string,
  signal: AbortSignal,
): RequestInit {
  const headers: Record<string, string> = {
    ...(isTeamToken(secret) ? { Authorization: `Bearer ${secret}` } : { "secret-key": secret }),
    "x-request-id": requestId,
    Accept: "application/json",
    "Accept-Language": currentLocale(),
  };
  if (plan.method === "POST") headers["Content-Type"] = "application/json;charset=utf-8";
  const init: RequestInit = { method: plan.method, headers, signal, redirect: "manual" };
  if (plan.body !== undefined) init.body = JSON.stringify(plan.body);
  return init;
}

/** The host of a Location header, resolved against the request's URL; "" when there is none or it is unreadable. */
function redirectTargetHost(location: string | null | undefined, url: string): string {
  if (!location) return "";
  try {
    return new URL(location, url).host;
  } catch {
    return "";
  }
}

/** Browsers hide a manual redirect behind an opaque response (status 0); Node shows the 3xx and its Location. */
export function refuseRedirect(response: Response, url: string, requestId: string): void {
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
    throw new RedirectError(response.status, redirectTargetHost(response.headers?.get("location"), url), requestId);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answer's text read: the plan's result for a success envelope, else the error the status and code say. */
export function readAnswer<T>(
  plan: RequestPlan<T>,
  response: Response,
  text: string,
  requestId: string,
  nowMs: number,
): T {
  const body = parseJson(text);
  if (isEnvelope(body) && body.code === "OK") return readSuccess(plan, body, requestId);
  const retryAfterMs = parseRetryAfter(response.headers?.get("retry-after"), nowMs);
  throw errorFromResponse({ status: response.status, body, requestId, retryAfterMs });
}

/** Duck-typed: errors from another realm (a browser frame, Node's fetch under jest) fail `instanceof Error`. */
export function describeFailure(error: unknown): string {
  const e = error as { message?: unknown; cause?: { code?: unknown } } | null;
  if (typeof e !== "object" || e === null || typeof e.message !== "string") return String(error);
  const code = e.cause?.code;
  return typeof code === "string" ? `${e.message} (${code})` : e.message;
}

/**
 * Records nest a few levels; an answer nested deeper than this would overflow the stack of whatever walks it. The
 * server's relay refuses such answers too, before it parses them (src/server/json-depth.ts).
 */
export const MAX_ANSWER_DEPTH = 64;

/**
 * Whether a parsed JSON value nests deeper than `limit`, walked level by level without recursion. Every answer of
 * every page goes through here, so only objects and lists are kept for the next level (a record's plain values
 * are not), and nothing else is allocated.
 */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  let level = [value];
  for (let depth = 0; level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const current of level) {
      if (typeof current !== "object" || current === null) continue;
      if (depth >= limit) return true;
      for (const key in current) {
        const child = (current as Record<string, unknown>)[key];
        if (typeof child === "object" && child !== null) next.push(child);
      }
    }
    level = next;
  }
  return false;
}

/** An answer that cannot be read (nested too deep to walk, say) is a malformed answer, not a network failure. */
function readSuccess<T>(plan: RequestPlan<T>, body: Envelope, requestId: string): T {
  if (nestsDeeperThan(body, MAX_ANSWER_DEPTH)) {
    throw new MalformedResponseError(t("malformed.tooDeep", { depth: MAX_ANSWER_DEPTH }), requestId);
  }
  try {
    return plan.read(body, requestId);
  } catch (error) {
    if (isMadError(error)) throw error;
    throw new MalformedResponseError(t("malformed.unreadable", { detail: describeFailure(error) }), requestId);
  }
}
