/**
 * The production server of `npm run serve`: the built add-in (dist/) and the same-origin relay to the service.
 * Stateless; no control endpoint; no CORS grant to any other origin (the add-in calls its own origin), save the
 * local preview's loopback origin on a relay reached on loopback (./cors.ts); security headers on every answer;
 * one JSON log line per request that never holds headers, bodies or the secret.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import serveStatic from "serve-static";
import { DEFAULT_CONNECTION_LIMITS, guardConnections, serverTimeouts, type ConnectionLimits } from "./connections";
import { setCacheControl } from "./cache-policy";
import { answeredCors } from "./cors";
import { ClientRateLimiter } from "./rate-limit";
import { createRelay, normalizeUpstream, readBody, refuseAs, RELAY_ANSWER_HEADERS, type RelayOutcome } from "./relay";
import { requestLanguageLoaded } from "./relay-refusals";
import { CSP_REPORT_PATH, securityHeaders, summarizeCspReport, type CspOptions } from "./security-headers";

/** The team relay as the hosting server sees it (src/server/team): `/v1/*` for members, admin routes, readiness. */
export interface TeamMode {
  relay(req: IncomingMessage, res: ServerResponse, pathname: string, client: string): Promise<RelayOutcome>;
  /** Answers an admin route (`/admin/...`) from the client's address; false = not an admin route. */
  admin(req: IncomingMessage, res: ServerResponse, pathname: string, client: string): Promise<boolean>;
  /** Whether the team's store answers (Redis), named for /readyz. */
  ready(): Promise<{ ok: boolean; store: string }>;
  close(): Promise<void>;
}

export interface HostingOptions {
  upstream: string;
  /** The built add-in; undefined = no static files. */
  staticDir?: string;
  /** Relay calls per client address per minute (per replica); in team mode per member. */
  rateLimitPerMinute?: number;
  /** Per-request wait for the upstream, ms. */
  upstreamTimeoutMs?: number;
  /** Largest upstream answer relayed, bytes. */
  maxAnswerBytes?: number;
  /** Take the client address from the last X-Forwarded-For entry (behind a load balancer that sets it). */
  trustProxy?: boolean;
  /** The Content-Security-Policy of pages: replaced, Report-Only, other frame ancestors. */
  csp?: CspOptions;
  /** Sockets per address, the time to a first complete request and to a whole request (defaults for the rest). */
  connections?: Partial<ConnectionLimits>;
  /** Team mode: members' tokens, the plan's keys, a shared cache and pacer. Absent = each caller's own secret. */
  team?: TeamMode;
  /** One JSON line per request. */
  log?: (line: string) => void;
  now?: () => number;
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 120;
/** One readiness probe of the service per this interval per replica; concurrent /readyz calls share it. */
const READY_PROBE_INTERVAL_MS = 10_000;
const READY_TIMEOUT_MS = 5_000;
/** /readyz calls per client address per minute (probes from an orchestrator come every few seconds). */
const READY_CALLS_PER_MINUTE = 60;
const CSP_REPORTS_PER_MINUTE = 30;
const CSP_REPORT_MAX_BYTES = 16_384;
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

/** At most one probe of the service per interval; callers meanwhile share the last answer or the probe under way. */
function readinessProbe(upstream: string, closing: AbortSignal, now: () => number): () => Promise<boolean> {
  let ready: { at: number; ok: boolean } | undefined;
  let probing: Promise<boolean> | undefined;
  return () => {
    if (ready && now() - ready.at < READY_PROBE_INTERVAL_MS) return Promise.resolve(ready.ok);
    probing ??= (async () => {
      let ok = false;
      try {
        // Any HTTP answer means reachable; no secret is sent.
        const answer = await fetch(`${upstream}/`, {
          method: "HEAD",
          redirect: "manual",
          signal: AbortSignal.any([AbortSignal.timeout(READY_TIMEOUT_MS), closing]),
        });
        await answer.body?.cancel();
        ok = true;
      } catch {
        ok = false;
      }
      ready = { at: now(), ok };
      probing = undefined;
      return ok;
    })();
    return probing;
  };
}

/** The client's address: the socket's, or behind a trusted load balancer the last X-Forwarded-For entry. */
function clientAddress(trustProxy: boolean | undefined) {
  return (req: IncomingMessage): string => {
    const forwarded = req.headers["x-forwarded-for"];
    if (trustProxy && typeof forwarded === "string") {
      const last = forwarded.split(",").pop()?.trim();
      if (last) return last;
    }
    return req.socket.remoteAddress ?? "unknown";
  };
}

/** 429 from this address's limit (the relay's one refusal style, ./relay-refusals.ts). */
const tooMany = (res: ServerResponse, retryAfterSeconds: number, from: "calls" | "readiness" | "reports") =>
  refuseAs(res, "rate", { retryAfterSeconds, from });

/** What a route handler answers with: the upstream's status when the service was called, for the log. */
type Handler = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<number | undefined>;

/** One handler per route: health, readiness, CSP reports, the relay (own secret or team), admin and static files. */
function routes(options: HostingOptions, closing: AbortSignal, now: () => number): Handler {
  const upstream = normalizeUpstream(options.upstream);
  const relay = createRelay({
    upstream,
    timeoutMs: options.upstreamTimeoutMs,
    maxAnswerBytes: options.maxAnswerBytes,
    closing,
  });
  const clientOf = clientAddress(options.trustProxy);
  const limiter = new ClientRateLimiter(options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE, now);
  const readyLimiter = new ClientRateLimiter(READY_CALLS_PER_MINUTE, now);
  const reportLimiter = new ClientRateLimiter(CSP_REPORTS_PER_MINUTE, now);
  const upstreamReachable = readinessProbe(upstream, closing, now);
  const files = options.staticDir
    ? serveStatic(path.resolve(options.staticDir), {
        index: false,
        dotfiles: "ignore",
        fallthrough: true,
        setHeaders: setCacheControl,
      })
    : undefined;
  const team = options.team;

  const readiness: Handler = async (req, res) => {
    const decision = readyLimiter.take(clientOf(req));
    if (!decision.ok) return void tooMany(res, decision.retryAfterSeconds, "readiness");
    const [reachable, store] = await Promise.all([upstreamReachable(), team?.ready()]);
    const ok = reachable && (store?.ok ?? true);
    const body: Record<string, unknown> = { ok, upstream: reachable ? "reachable" : "unreachable" };
    if (store) body.store = store.store;
    sendJson(res, ok ? 200 : 503, body, { "cache-control": "no-store" });
    return undefined;
  };

  const cspReport: Handler = async (req, res) => {
    const decision = reportLimiter.take(clientOf(req));
    if (!decision.ok) {
      req.resume();
      return void tooMany(res, decision.retryAfterSeconds, "reports");
    }
    try {
      const summary = summarizeCspReport((await readBody(req, CSP_REPORT_MAX_BYTES)).toString("utf8"));
      if (summary)
        options.log?.(JSON.stringify({ time: new Date(now()).toISOString(), event: "csp-violation", ...summary }));
    } catch {
      // Too large or unreadable: dropped, as a report is only a hint.
    }
    res.writeHead(204, { "content-length": "0" });
    res.end();
    return undefined;
  };

  const relayed: Handler = async (req, res, pathname) => {
    for (const [name, value] of Object.entries(RELAY_ANSWER_HEADERS)) res.setHeader(name, value);
    if (team) return (await team.relay(req, res, pathname, clientOf(req))).upstreamStatus;
    const decision = limiter.take(clientOf(req));
    if (!decision.ok) {
      req.resume();
      return void tooMany(res, decision.retryAfterSeconds, "calls");
    }
    return (await relay(req, res, pathname)).upstreamStatus;
  };

  const adminOrFile: Handler = async (req, res, pathname) => {
    if (team && pathname.startsWith("/admin/") && (await team.admin(req, res, pathname, clientOf(req))))
      return undefined;
    const notFound = () => refuseAs(res, "not-found", { path: pathname });
    if (files && (req.method === "GET" || req.method === "HEAD")) files(req, res, notFound);
    else notFound();
    return undefined;
  };

  return async (req, res, pathname) => {
    // A preflight gets no grant but the local preview's (./cors.ts): the add-in is same-origin.
    if (answeredCors(req, res, pathname)) return undefined;
    // A refusal speaks the language the request asks for.
    await requestLanguageLoaded(req);
    if (pathname === "/healthz" && req.method === "GET") return void sendJson(res, 200, { ok: true });
    if (pathname === "/readyz" && req.method === "GET") return readiness(req, res, pathname);
    if (pathname === CSP_REPORT_PATH && req.method === "POST") return cspReport(req, res, pathname);
    if (pathname === "/v1" || pathname.startsWith("/v1/")) return relayed(req, res, pathname);
    return adminOrFile(req, res, pathname);
  };
}

/** Each request: its id, the security headers, its route, and one log line when it closes with the status sent. */
function requestListener(options: HostingOptions, route: Handler, now: () => number) {
  const headers = securityHeaders(options.csp);
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const requestId = randomUUID();
    res.setHeader("x-request-id", requestId);
    headers.apply(req, res);
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
      return void refuseAs(res, "target", {});
    }
    route(req, res, pathname).then(
      (status) => (upstreamStatus = status),
      () => refuseAs(res, "internal", {}),
    );
  };
}

export function createHostingServer(options: HostingOptions): HostingServer {
  const now = options.now ?? Date.now;
  const closing = new AbortController();
  const limits: ConnectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connections };
  const server = createServer(
    serverTimeouts(limits),
    requestListener(options, routes(options, closing.signal, now), now),
  );
  guardConnections(server, limits);

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
          void (options.team?.close() ?? Promise.resolve()).finally(resolve);
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
