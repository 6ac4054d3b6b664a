/**
 * The same-origin relay to the marketplace analytics service: the one implementation behind `npm run serve` and the
 * simulator's `--upstream` mode. It relays only the catalog's operations (`POST /v1/<path>`, or GET with its query
 * where the catalog says; a path with parameters, `/v1/asin/{marketplace}/{asin}`, as its template allows) and
 * `GET /v1/visits`, passes the caller's `secret-key` header and JSON body and nothing else of the caller's, never
 * follows a redirect, caps the body, bounds the wait, and passes the upstream's answer back. The secret is never
 * logged or echoed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { methodOf, OPERATIONS } from "../api/catalog";
import { matchPath } from "../api/paths";

export const VISITS_PATH = "/v1/visits";
export const DEFAULT_UPSTREAM = "https://api.sellersprite.com";
export const DEFAULT_MAX_BODY_BYTES = 1_000_000;
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 60_000;

/** Relayed routes, from the catalog: each operation's method and path template (`/v1/asin/{marketplace}/{asin}`). */
const RELAYED: readonly { method: string; template: string }[] = [
  ...OPERATIONS.map((op) => ({ method: methodOf(op), template: op.path })),
  { method: "GET", template: VISITS_PATH },
];
const PASSED_BACK_HEADERS = ["content-type", "retry-after"];
const JSON_TYPE = "application/json;charset=utf-8";

/** Whether a request is one of the catalog's routes: its method, and its path under the route's template. */
export function isRelayed(method: string | undefined, pathname: string): boolean {
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
  /** Per-request wait for the upstream (default 60 s); past it 504. */
  timeoutMs?: number;
  /** Aborted when the server stops: pending upstream calls end. */
  closing?: AbortSignal;
}

/** What happened, for the log: the status sent and the upstream's status when it answered. */
export interface RelayOutcome {
  status: number;
  upstreamStatus?: number;
}

export type Relay = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<RelayOutcome>;

function sendError(res: ServerResponse, status: number, code: string, message: string, headers = {}): RelayOutcome {
  if (!res.headersSent && !res.destroyed) {
    const text = JSON.stringify({ code, message, data: null });
    res.writeHead(status, { "content-type": JSON_TYPE, "content-length": Buffer.byteLength(text), ...headers });
    res.end(text);
  }
  return { status };
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > max) {
      req.resume();
      return reject(new BodyTooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on("data", (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > max) {
        refused = true;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

const isJson = (body: Buffer): boolean => {
  const text = body.toString("utf8").trim();
  if (text === "") return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

export function createRelay(options: RelayOptions): Relay {
  const upstream = normalizeUpstream(options.upstream);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;

  return async (req, res, pathname) => {
    if (!isRelayed(req.method, pathname)) {
      req.resume();
      return sendError(res, 404, "ERROR_URL_NOT_FOUND", `not relayed: ${req.method} ${pathname}`);
    }
    let body: Buffer;
    try {
      body = await readBody(req, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return sendError(res, 413, "ERROR_PARAM", `body: larger than ${maxBodyBytes} bytes`, { connection: "close" });
      return sendError(res, 400, "ERROR_PARAM", "body: could not be read");
    }
    if (req.method === "POST" && !isJson(body)) return sendError(res, 400, "ERROR_PARAM", "body: not valid JSON");

    // Only the secret and the JSON body go on: no cookies, origin, forwarding or client headers.
    const headers: Record<string, string> = { accept: "application/json" };
    const secret = req.headers["secret-key"];
    if (typeof secret === "string") headers["secret-key"] = secret;
    if (req.method === "POST") headers["content-type"] = "application/json";
    const timeout = AbortSignal.timeout(timeoutMs);
    const signals = options.closing ? [options.closing, timeout] : [timeout];
    let response: Response;
    let payload: Buffer;
    try {
      // A GET operation's parameters are its query (never the secret, which travels in its header).
      const query = req.method === "GET" ? new URL(req.url ?? "/", "http://relay.local").search : "";
      response = await fetch(`${upstream}${pathname}${query}`, {
        method: req.method,
        headers,
        body: req.method === "POST" ? new Uint8Array(body) : undefined,
        redirect: "manual",
        signal: AbortSignal.any(signals),
      });
      payload = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (timeout.aborted)
        return sendError(res, 504, "ERROR_SERVER_INTERNAL", `upstream did not answer within ${timeoutMs} ms`);
      // The reason names the failure only: headers (the secret) are not part of fetch errors.
      const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      return sendError(res, 502, "ERROR_SERVER_INTERNAL", `upstream unreachable (${reason})`);
    }
    if (response.status >= 300 && response.status < 400) {
      // Following it would carry the secret elsewhere; its target is not named (it could hold anything).
      return {
        ...sendError(
          res,
          502,
          "ERROR_SERVER_INTERNAL",
          `upstream answered with a redirect (${response.status}); not followed`,
        ),
        upstreamStatus: response.status,
      };
    }
    const out: Record<string, string | number> = { "content-length": payload.length };
    for (const name of PASSED_BACK_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) out[name] = value;
    }
    if (!res.destroyed && !res.headersSent) {
      res.writeHead(response.status, out);
      res.end(payload);
    }
    return { status: response.status, upstreamStatus: response.status };
  };
}
