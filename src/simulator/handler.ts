/**
 * The simulator as a request handler: `/v1/*` (simulated, or forwarded in proxy mode), the loopback-only control
 * endpoints `/__sim/*`, and static files. Exported as a factory so other servers (the preview) can mount it and
 * fall through to their own routes with `next`.
 */
import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { DEMO_SECRET } from "../api/demo-secret";
import { createRelay, normalizeUpstream } from "../server/relay";
import { answerControl } from "./control";
import { applyFault } from "./fault-answers";
import { FaultQueue } from "./faults";
import { applyCors, delay, sendEnvelope, sendJson } from "./http";
import { MonthlyQuota, RateLimiter } from "./limits";
import { answerOperation, answerVisits, routeOf, VISITS_PATH } from "./simulated-api";
import { bump, emptyStats, finish, type SimulatorState, type SimulatorStats } from "./state";
import { createStaticHandler, defaultStaticDir, type StaticHandler } from "./static";

export { DEMO_SECRET };
export type { SimulatorStats };

export interface SimulatorOptions {
  /** The secret-key the simulator accepts (default DEMO_SECRET). Ignored in proxy mode (the upstream checks it). */
  secret?: string;
  /** Fixed delay before every /v1 answer, in ms. */
  latencyMs?: number;
  /** Requests per minute per key (sliding 60 s window); undefined = unlimited. */
  rateLimitPerMinute?: number;
  /** Successful calls per calendar month (UTC); undefined = unlimited. */
  monthlyQuota?: number;
  /** Proxy mode: forward /v1/* to this base URL instead of simulating. */
  upstream?: string;
  /** Directory of static files; default ./dist when it exists; false = none. */
  staticDir?: string | false;
  /** The clock (rate-limit window, quota month, date rules, dates in data). */
  now?: () => number;
  /** One line per /v1 request (method, path, result, time); never headers or bodies. */
  log?: (line: string) => void;
  /** The token `/__sim/*` requires in `x-sim-token`; default a random one per run. */
  controlToken?: string;
}

export interface SimulatorHandler {
  handle(req: IncomingMessage, res: ServerResponse, next?: () => void): void;
  stats(): SimulatorStats;
  resetStats(): void;
  injectFault(rule: unknown): void;
  clearFaults(): void;
  /** What `/__sim/*` requires in the `x-sim-token` header (a web page cannot know it). */
  readonly controlToken: string;
  /** Releases stalled requests and pending waits (their connections are dropped). */
  close(): void;
}

function simulatorState(options: SimulatorOptions): SimulatorState {
  const now = options.now ?? Date.now;
  const upstream = options.upstream ? normalizeUpstream(options.upstream) : undefined;
  const closing = new AbortController();
  // Every delayed answer listens for the stop (one listener per request in flight): no cap, no leak warning.
  setMaxListeners(0, closing.signal);
  return {
    now,
    secret: options.secret ?? DEMO_SECRET,
    rateLimitPerMinute: options.rateLimitPerMinute,
    limiter: new RateLimiter(options.rateLimitPerMinute, now),
    quota: new MonthlyQuota(options.monthlyQuota, now),
    faults: new FaultQueue(),
    stalled: new Set<ServerResponse>(),
    closing,
    controlToken: options.controlToken ?? randomBytes(24).toString("hex"),
    // Forwarding mode is the production relay (npm run serve), not a second implementation.
    relay: upstream ? createRelay({ upstream, closing: closing.signal }) : undefined,
    stats: emptyStats(),
  };
}

/** A request under /v1: a fault if one is due, else forwarded (proxy mode) or simulated; counted and logged. */
async function answerApi(
  state: SimulatorState,
  options: SimulatorOptions,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const started = Date.now();
  const route = routeOf(url.pathname);
  const op = route?.op;
  state.stats.total++;
  bump(state.stats.byOperation, op?.code ?? (url.pathname === VISITS_PATH ? "visits" : "unknown"));
  const requestId = req.headers["x-request-id"];
  if (typeof requestId === "string") res.setHeader("x-request-id", requestId);
  let result: string;
  try {
    if (options.latencyMs) await delay(options.latencyMs, state.closing.signal);
    const fault = state.faults.take(url.pathname, op?.code);
    if (fault) result = applyFault(state, res, fault);
    else if (state.relay) {
      const outcome = await state.relay(req, res, url.pathname);
      result = finish(state, `proxied_${outcome.status}`);
    } else if (url.pathname === VISITS_PATH && (req.method === "GET" || req.method === "POST"))
      result = answerVisits(state, req, res);
    else if (!route) {
      sendEnvelope(res, "ERROR_URL_NOT_FOUND", null, `接口不存在: ${url.pathname}`);
      result = finish(state, "ERROR_URL_NOT_FOUND");
    } else result = await answerOperation(state, req, res, route, url);
  } catch (error) {
    if (state.closing.signal.aborted) {
      res.destroy();
      return;
    }
    sendEnvelope(res, "ERROR_SERVER_INTERNAL", null, `服务器内部错误: ${(error as Error).message}`);
    result = finish(state, "ERROR_SERVER_INTERNAL");
  }
  options.log?.(`${req.method} ${url.pathname} -> ${result} ${Date.now() - started}ms`);
}

export function createSimulatorHandler(options: SimulatorOptions = {}): SimulatorHandler {
  const state = simulatorState(options);
  const staticDir = options.staticDir === false ? undefined : (options.staticDir ?? defaultStaticDir());
  const serveStatic: StaticHandler | undefined = staticDir ? createStaticHandler(staticDir) : undefined;

  return {
    handle(req, res, next) {
      let url: URL;
      try {
        url = new URL(req.url ?? "/", "http://simulator.local");
      } catch {
        // e.g. "GET //[ HTTP/1.1": a bad request, never a reason to stop the server.
        options.log?.(`${req.method} (malformed request target) -> HTTP_400`);
        return sendJson(res, 400, { code: "ERROR_PARAM", message: "malformed request target", data: null });
      }
      if (url.pathname.startsWith("/__sim/"))
        return void answerControl(state, req, res, url).catch(() => sendJson(res, 500, {}));
      applyCors(req, res);
      if (req.method === "OPTIONS") {
        res.writeHead(204, { "content-length": "0" });
        res.end();
        return;
      }
      const notFound = () =>
        next
          ? next()
          : sendJson(res, 404, { code: "ERROR_URL_NOT_FOUND", message: `接口不存在: ${url.pathname}`, data: null });
      if (url.pathname === "/v1" || url.pathname.startsWith("/v1/")) void answerApi(state, options, req, res, url);
      else if (serveStatic) serveStatic(req, res, notFound);
      else notFound();
    },
    stats: () => structuredClone(state.stats),
    resetStats: () => void (state.stats = emptyStats()),
    injectFault: (rule) => state.faults.add(rule),
    clearFaults: () => state.faults.clear(),
    controlToken: state.controlToken,
    close() {
      state.closing.abort(new Error("simulator stopping"));
      for (const res of state.stalled) res.destroy();
      state.stalled.clear();
    },
  };
}
