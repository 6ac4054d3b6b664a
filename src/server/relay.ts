/**
 * The same-origin relay to the marketplace analytics service: the one implementation behind `npm run serve` and the
 * simulator's `--upstream` mode. It relays only the catalog's operations (`POST /v1/<path>`, or GET with its query
 * where the catalog says; a path with parameters, `/v1/asin/{marketplace}/{asin}`, as its template allows) and
 * `GET /v1/visits`, passes the caller's `secret-key` header and JSON body and nothing else of the caller's, never
 * follows a redirect, caps the body both ways, bounds the wait, and passes the upstream's answer back as JSON only
 * (never as the upstream's HTML). The secret is never logged or echoed. What it refuses, and its own failures to bring
 * the service's answer, it answers in one style, in the caller's language (./relay-refusals.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { methodOf, OPERATIONS } from "../api/catalog";
import { matchPath } from "../api/paths";
import { t } from "../i18n/alerts";
import type { Locale } from "../i18n/locale";
import type { UpstreamProblem } from "../relay-api/refusals";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth";
import {
  answerTextIn,
  bodyWords,
  refusalText,
  relayRefusal,
  requestLanguageLoaded,
  requestLocale,
  type BodyProblem,
  type Refusal,
  type RelayRefusalName,
  type RelayRefusals,
} from "./relay-refusals";
import { scrubSecrets } from "./scrub";
import { budgetTimer, systemClock } from "../lib/clock";

export const VISITS_PATH = "/v1/visits";
export const DEFAULT_UPSTREAM = "https://api.sellersprite.com";
export const DEFAULT_MAX_BODY_BYTES = 1_000_000;
/** A page of 100 product records with every field is about 150 KB; 16 MB leaves room and bounds memory. */
export const DEFAULT_MAX_ANSWER_BYTES = 16_000_000;
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 60_000;

/** Relayed routes, from the catalog: each operation's method and path template (`/v1/asin/{marketplace}/{asin}`). */
const RELAYED: readonly { method: string; template: string }[] = [
  ...OPERATIONS.map((op) => ({ method: methodOf(op), template: op.path })),
  { method: "GET", template: VISITS_PATH },
];
const JSON_TYPE = "application/json;charset=utf-8";
/**
 * Relay answers are per caller and paid for: no shared cache (an edge, a proxy) may keep or reuse them; a refusal's
 * words are in the caller's language.
 */
export const RELAY_ANSWER_HEADERS = {
  "cache-control": "no-store",
  vary: "secret-key, authorization, accept-language",
} as const;

/** Whether a request is one of the catalog's routes: its method, and its path under the route's template. */
function isRelayed(method: string | undefined, pathname: string): boolean {
  return RELAYED.some((route) => route.method === method && matchPath(route.template, pathname) !== undefined);
}

/** The upstream's origin and path prefix without a trailing slash or `/v1`; refuses what is not plain http(s). */
export function normalizeUpstream(upstream: string): string {
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new Error(`upstream: not a URL ("${upstream}")`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`upstream: expected an http(s) URL (got ${url.protocol})`);
  if (url.username || url.password) throw new Error("upstream: credentials in the URL are not allowed");
  if (url.search || url.hash) throw new Error("upstream: a query or fragment is not allowed");
  return url.toString().replace(/\/+$/, "").replace(/\/v1$/, "");
}

export interface RelayOptions {
  upstream: string;
  /** Largest request body relayed (default 1 MB); larger ones get 413. */
  maxBodyBytes?: number;
  /** Largest upstream answer relayed (default 16 MB); a larger one is dropped with 502. */
  maxAnswerBytes?: number;
  /** Per-request wait for the upstream (default 60 s); past it 504. */
  timeoutMs?: number;
  /** Aborted when the server stops: pending upstream calls end. */
  closing?: AbortSignal;
  /** Secrets scrubbed from every answer besides the one sent with the call: the team plan's keys. */
  secrets?: readonly string[];
}

/** What happened, for the log: the status sent and the upstream's status when it answered. */
export interface RelayOutcome {
  status: number;
  upstreamStatus?: number;
}

export type Relay = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<RelayOutcome>;

/** Sends a refusal (./relay-refusals.ts); a body too large closes the connection (what is left of it is not read). */
export function refuse(
  res: ServerResponse,
  status: number,
  refusal: Refusal,
  headers: Record<string, string> = {},
): RelayOutcome {
  const close: Record<string, string> = status === 413 ? { connection: "close" } : {};
  sendJsonText(res, status, refusalText(status, refusal), { ...close, ...headers });
  return { status };
}

/** Sends a refusal the relay makes itself, in the language the request asks for. */
export function refuseAs<P extends RelayRefusalName>(
  res: ServerResponse,
  problem: P,
  values: RelayRefusals[P],
  headers: Record<string, string> = {},
): RelayOutcome {
  const sent = relayRefusal(requestLocale(res.req), problem, values);
  return refuse(res, sent.status, sent.refusal, { ...sent.headers, ...headers });
}

/** Refuses a body (`problem: "body"`; 413 when too large, which closes the connection), worded in `locale`. */
export const refuseBody =
  (locale: Locale, notJson: string) =>
  (res: ServerResponse, refusal: BodyProblem): RelayOutcome =>
    refuse(res, refusal.kind === "too-large" ? 413 : 400, {
      problem: "body",
      message: bodyWords(locale, refusal, notJson),
    });

export function sendJsonText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    ...RELAY_ANSWER_HEADERS,
    "content-type": JSON_TYPE,
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export class BodyTooLarge extends Error {}

/**
 * A body found too large is still read, and dropped, up to this much past the limit before the refusal is sent: a
 * client sends its whole body before it reads the answer, so closing on it mid-upload leaves it a reset connection
 * (EPIPE) instead of the 413 (what nginx's lingering close avoids). Past it the connection is cut; a slow sender is
 * cut by the connection's own time bound (connections.ts).
 */
const DRAIN_REFUSED_BYTES = 16 * 1024 * 1024;

/** The request's body, refused (BodyTooLarge) once it is read past `max` bytes, or declared larger. */
export function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    let refused = Number.isFinite(declared) && declared > max;
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (!refused && size > max) refused = true;
      if (!refused) return void chunks.push(chunk);
      chunks.length = 0;
      if (size > max + DRAIN_REFUSED_BYTES) req.destroy();
    });
    req.on("end", () => (refused ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks))));
    // Cut (past the drain, or by the connection's own bounds): settled all the same.
    req.on("close", () => reject(refused ? new BodyTooLarge() : new Error("request closed before its body ended")));
    req.on("error", reject);
  });
}

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** One call to the service. */
export interface UpstreamRequest {
  method: "GET" | "POST";
  /** `/v1/...` */
  pathname: string;
  /** `?a=b` for a GET operation, else "". */
  query: string;
  /** The JSON body of a POST. */
  body?: string;
  /** The `secret-key` to send, if any. */
  secret?: string;
}

/**
 * The service's answer as the relay may pass it on: a JSON text with its status (and Retry-After), or the relay's
 * own failure (timeout, unreachable, redirect, too large, not JSON) as status and JSON text, worded in English
 * (sendAnswer words it again in each caller's language).
 */
export interface UpstreamAnswer {
  status: number;
  /** JSON text: the service's body, or the relay's own refusal `{code, message, data: {problem, ...}}`. */
  text: string;
  retryAfter?: string;
  /** The service's HTTP status, when it answered at all. */
  upstreamStatus?: number;
  /** True only for the service's own JSON body (a failure of the relay is false). */
  fromService: boolean;
}

/** The relay's own failure to bring the service's answer (`upstreamStatus`: the service's, when it answered). */
function failure<P extends UpstreamProblem>(problem: P, values: RelayRefusals[P], upstreamStatus?: number) {
  const { status, refusal } = relayRefusal("en", problem, values);
  return { status, text: refusalText(status, refusal), upstreamStatus, fromService: false } satisfies UpstreamAnswer;
}

class AnswerTooLarge extends Error {}

/** Reads at most `max` bytes of the answer; past that the transfer is cancelled and nothing is kept. */
async function readCapped(response: Response, max: number): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw new AnswerTooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new AnswerTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export interface UpstreamCaller {
  (request: UpstreamRequest, signal?: AbortSignal): Promise<UpstreamAnswer>;
  readonly timeoutMs: number;
}

/** What the service sent: its response and body, or the relay's own failure (timeout, unreachable, too large). */
type Exchanged = { response: Response; payload: Buffer } | UpstreamAnswer;

/** Why a call's wait for the upstream ended (its signal's reason). */
const UPSTREAM_TIMEOUT = Object.freeze({ upstreamTimeout: true });

export function createUpstreamCaller(options: RelayOptions): UpstreamCaller {
  const upstream = normalizeUpstream(options.upstream);
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;

  async function exchange(request: UpstreamRequest, signal?: AbortSignal): Promise<Exchanged> {
    // Only the secret and the JSON body go on: no cookies, origin, forwarding or client headers.
    const headers: Record<string, string> = { accept: "application/json" };
    if (request.secret !== undefined) headers["secret-key"] = request.secret;
    if (request.method === "POST") headers["content-type"] = "application/json";
    // Real time (whatever clock a team relay's schedules run on), as a budget a starved relay cannot trip: an answer
    // that arrived while it could not run is still read.
    const timeout = budgetTimer(systemClock, timeoutMs, UPSTREAM_TIMEOUT);
    const signals = [timeout.signal, ...(options.closing ? [options.closing] : []), ...(signal ? [signal] : [])];
    try {
      const response = await fetch(`${upstream}${request.pathname}${request.query}`, {
        method: request.method,
        headers,
        body: request.method === "POST" ? (request.body ?? "") : undefined,
        redirect: "manual",
        signal: AbortSignal.any(signals),
      });
      return { response, payload: await readCapped(response, maxAnswerBytes) };
    } catch (error) {
      if (error instanceof AnswerTooLarge) return failure("upstream-too-large", { max: maxAnswerBytes });
      if (timeout.signal.aborted) return failure("upstream-timeout", { ms: timeoutMs });
      // The reason names the failure only: headers (the secret) are not part of fetch errors.
      const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      return failure("upstream-unreachable", { reason: String(reason).slice(0, 60) });
    } finally {
      timeout.clear();
    }
  }

  const call = async (request: UpstreamRequest, signal?: AbortSignal): Promise<UpstreamAnswer> => {
    const exchanged = await exchange(request, signal);
    const answer = "response" in exchanged ? answerOf(exchanged.response, exchanged.payload) : exchanged;
    // An echo of a key (the one sent, or any of the plan's) is never relayed, cached or shared.
    return { ...answer, text: scrubSecrets(answer.text, [...(options.secrets ?? []), request.secret]) };
  };
  return Object.assign(call, { timeoutMs });
}

/**
 * The upstream's Retry-After as the relay passes it on: seconds (at most 9 digits) or an HTTP date (RFC 9110 10.2.3),
 * else nothing. An 8,000-character header (or one carrying anything else) is not relayed.
 */
function boundedRetryAfter(value: string | null): string | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d{1,9}$/.test(text)) return text;
  return text.length <= 40 && /^[A-Za-z0-9 ,:-]+$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : undefined;
}

/** The service's answer as the relay may pass it on: JSON only, nested within bounds, never a redirect. */
function answerOf(response: Response, payload: Buffer): UpstreamAnswer {
  const status = response.status;
  if (status >= 300 && status < 400)
    // Following it would carry the secret elsewhere; its target is not named (it could hold anything).
    return failure("upstream-redirect", { status }, status);
  // Checked before anything parses it: a deeply nested text would hold the event loop and memory (json-depth.ts).
  if (nestsDeeperThan(payload)) return failure("upstream-too-deep", { max: MAX_JSON_DEPTH }, status);
  const retryAfter = boundedRetryAfter(response.headers.get("retry-after"));
  const text = payload.toString("utf8");
  if (text.trim() !== "" && isJson(text))
    return { status, text, retryAfter, upstreamStatus: status, fromService: true };
  // Never the upstream's HTML (or anything else) on the add-in's origin. An error status stays what it was, with a
  // body without a code, so clients read it as the HTTP failure it is (and honour Retry-After).
  const declared = response.headers.get("content-type")?.split(";")[0].trim().slice(0, 60) || "none";
  const refused = failure("upstream-not-json", { status, type: text.trim() === "" ? "empty" : declared }, status);
  return status >= 400 ? { ...refused, retryAfter } : refused;
}

/** Sends an upstream answer to the caller as JSON with the relay's headers (the relay's failure in their language). */
export function sendAnswer(res: ServerResponse, answer: UpstreamAnswer): RelayOutcome {
  const text = answerTextIn(answer.text, answer.status, requestLocale(res.req));
  sendJsonText(res, answer.status, text, answer.retryAfter ? { "retry-after": answer.retryAfter } : {});
  return { status: answer.status, upstreamStatus: answer.upstreamStatus };
}

/**
 * Reads and checks a relayed request: its route, body size and JSON, refused in the caller's language (both relays
 * alike). Undefined = already answered.
 */
export async function readRelayed(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  maxBodyBytes: number,
): Promise<UpstreamRequest | undefined> {
  if (!isRelayed(req.method, pathname)) {
    req.resume();
    refuseAs(res, "route", { method: req.method ?? "", path: pathname });
    return undefined;
  }
  const locale = requestLocale(req);
  const refused = refuseBody(locale, t.in(locale)("error.bodyNotJson"));
  let body: Buffer;
  try {
    body = await readBody(req, maxBodyBytes);
  } catch (error) {
    refused(res, error instanceof BodyTooLarge ? { kind: "too-large", max: maxBodyBytes } : { kind: "unreadable" });
    return undefined;
  }
  const method = req.method === "GET" ? "GET" : "POST";
  if (nestsDeeperThan(body)) {
    refused(res, { kind: "too-deep", max: MAX_JSON_DEPTH });
    return undefined;
  }
  const text = body.toString("utf8");
  if (method === "POST" && text.trim() !== "" && !isJson(text)) {
    refused(res, { kind: "not-json" });
    return undefined;
  }
  // A GET operation's parameters are its query (never the secret, which travels in its header).
  const query = method === "GET" ? new URL(req.url ?? "/", "http://relay.local").search : "";
  return { method, pathname, query, body: method === "POST" ? text : undefined };
}

export function createRelay(options: RelayOptions): Relay {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const callUpstream = createUpstreamCaller(options);
  return async (req, res, pathname) => {
    await requestLanguageLoaded(req);
    const request = await readRelayed(req, res, pathname, maxBodyBytes);
    if (!request) return { status: res.statusCode };
    const secret = req.headers["secret-key"];
    const answer = await callUpstream({ ...request, secret: typeof secret === "string" ? secret : undefined });
    return sendAnswer(res, answer);
  };
}
