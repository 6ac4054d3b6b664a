/**
 * The production server of `npm run serve`: the built add-in (dist/) and the same-origin relay to the service.
 * Stateless; no control endpoint; no CORS grant to any other origin (the add-in calls its own origin); security
 * headers on every answer; one JSON log line per request that never holds headers, bodies or the secret.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import serveStatic from "serve-static";
import { ClientRateLimiter } from "./rate-limit";
import { createRelay, normalizeUpstream } from "./relay";

export interface HostingOptions {
  upstream: string;
  /** The built add-in; undefined = no static files. */
  staticDir?: string;
  /** Relay calls per client address per minute (per replica). */
  rateLimitPerMinute?: number;
  /** Per-request wait for the upstream, ms. */
  upstreamTimeoutMs?: number;
  /** Take the client address from the last X-Forwarded-For entry (behind a load balancer that sets it). */
  trustProxy?: boolean;
  /** One JSON line per request. */
  log?: (line: string) => void;
  now?: () => number;
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 120;
const READY_CACHE_MS = 30_000;
const READY_TIMEOUT_MS = 5_000;
/** Names with a content hash (e.g. app.3f9a1c2b7d.js) never change: cache them for a year. */
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Office re-reads these to pick up an update: always revalidate. */
const NEVER_CACHED = new Set(["manifest.xml", "functions.json", "taskpane.html"]);

/** Pages may run their own scripts and Office's; styles are injected at run time by Fluent UI (Griffel). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://appsforoffice.microsoft.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  // 'self' is the relay; https: keeps the connection panel's direct service address and other URLs usable.
  "connect-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join("; ");

function securityHeaders(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "no-referrer");
  const overTls = "encrypted" in req.socket && Boolean(req.socket.encrypted);
  if (overTls || req.headers["x-forwarded-proto"] === "https")
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

function cacheControl(res: ServerResponse, file: string): void {
  const name = path.basename(file);
  if (NEVER_CACHED.has(name)) res.setHeader("Cache-Control", "no-cache");
  else if (HASHED_NAME.test(name)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  else res.setHeader("Cache-Control", "no-cache");
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json;charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export interface HostingServer {
  readonly server: Server;
  /** Stops accepting, lets requests in flight finish (at most `graceMs`), then closes what is left. */
  stop(graceMs?: number): Promise<void>;
}

export function createHostingServer(options: HostingOptions): HostingServer {
  const now = options.now ?? Date.now;
  const upstream = normalizeUpstream(options.upstream);
  const closing = new AbortController();
  const relay = createRelay({ upstream, timeoutMs: options.upstreamTimeoutMs, closing: closing.signal });
  const limiter = new ClientRateLimiter(options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE, now);
  const files = options.staticDir
    ? serveStatic(path.resolve(options.staticDir), {
        index: false,
        dotfiles: "ignore",
        fallthrough: true,
        setHeaders: cacheControl,
      })
    : undefined;
  let ready: { at: number; ok: boolean } | undefined;

  async function upstreamReachable(): Promise<boolean> {
    if (ready && now() - ready.at < READY_CACHE_MS) return ready.ok;
    let ok = false;
    try {
      // Any HTTP answer means reachable; no secret is sent.
      await fetch(`${upstream}/`, {
        method: "HEAD",
        redirect: "manual",
        signal: AbortSignal.timeout(READY_TIMEOUT_MS),
      });
      ok = true;
    } catch {
      ok = false;
    }
    ready = { at: now(), ok };
    return ok;
  }

  function clientOf(req: IncomingMessage): string {
    const forwarded = req.headers["x-forwarded-for"];
    if (options.trustProxy && typeof forwarded === "string") {
      const last = forwarded.split(",").pop()?.trim();
      if (last) return last;
    }
    return req.socket.remoteAddress ?? "unknown";
  }

  async function route(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<number | undefined> {
    if (req.method === "OPTIONS") {
      // A preflight gets no grant: the add-in is same-origin, other origins have nothing to ask.
      res.writeHead(204, { "content-length": "0" });
      res.end();
      return undefined;
    }
    if (pathname === "/healthz" && req.method === "GET") {
      sendJson(res, 200, { ok: true });
      return undefined;
    }
    if (pathname === "/readyz" && req.method === "GET") {
      const ok = await upstreamReachable();
      sendJson(res, ok ? 200 : 503, { ok, upstream: ok ? "reachable" : "unreachable" });
      return undefined;
    }
    if (pathname === "/v1" || pathname.startsWith("/v1/")) {
      const decision = limiter.take(clientOf(req));
      if (!decision.ok) {
        req.resume();
        sendJson(
          res,
          429,
          {
            code: "ERROR_VISIT_MAX",
            message: `too many calls from this address; retry after ${decision.retryAfterSeconds} s`,
            data: null,
          },
          { "retry-after": String(decision.retryAfterSeconds) },
        );
        return undefined;
      }
      return (await relay(req, res, pathname)).upstreamStatus;
    }
    const notFound = () => sendJson(res, 404, { error: "not found" });
    if (files && (req.method === "GET" || req.method === "HEAD")) files(req, res, notFound);
    else notFound();
    return undefined;
  }

  const server = createServer(
    { headersTimeout: 20_000, requestTimeout: 120_000, keepAliveTimeout: 5_000 },
    (req, res) => {
      const started = performance.now();
      const requestId = randomUUID();
      res.setHeader("x-request-id", requestId);
      securityHeaders(req, res);
      let pathname = "(malformed)";
      let upstreamStatus: number | undefined;
      res.on("close", () => {
        options.log?.(
          JSON.stringify({
            time: new Date(now()).toISOString(),
            requestId,
            method: req.method,
            path: pathname,
            status: res.statusCode,
            durationMs: Math.round(performance.now() - started),
            upstreamStatus: upstreamStatus ?? null,
          }),
        );
      });
      try {
        pathname = new URL(req.url ?? "/", "http://relay.local").pathname;
      } catch {
        return sendJson(res, 400, { error: "malformed request target" });
      }
      route(req, res, pathname).then(
        (status) => (upstreamStatus = status),
        () => sendJson(res, 500, { error: "internal error" }),
      );
    },
  );

  let stopping: Promise<void> | undefined;
  return {
    server,
    stop(graceMs = 10_000) {
      stopping ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          closing.abort(new Error("server stopping"));
          server.closeAllConnections();
        }, graceMs);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      return stopping;
    },
  };
}

export async function listen(hosting: HostingServer, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    hosting.server.once("error", reject);
    hosting.server.listen(port, host, () => {
      hosting.server.off("error", reject);
      resolve();
    });
  });
  const address = hosting.server.address() as AddressInfo;
  const shown = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;
  return `http://${shown}:${address.port}`;
}
