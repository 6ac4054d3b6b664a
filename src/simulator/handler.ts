/**
 * The simulator as a request handler: `/v1/*` (simulated, or forwarded in proxy mode), the loopback-only control
 * endpoints `/__sim/*`, and static files. Exported as a factory so other servers (the preview) can mount it and
 * fall through to their own routes with `next`.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { methodOf, OPERATIONS, type AnyOperation } from "../api/catalog";
import { checkParams } from "../api/validate";
import { simulate } from "./data/respond";
import { DEMO_SECRET } from "../api/demo-secret";
import { FaultQueue, FaultRuleError, type FaultSpec } from "./faults";
import { applyCors, BodyTooLargeError, delay, isLoopback, readBody, sendEnvelope, sendJson } from "./http";
import { MonthlyQuota, RateLimiter } from "./limits";
import { createRelay, normalizeUpstream, type Relay } from "../server/relay";
import { createStaticHandler, defaultStaticDir, type StaticHandler } from "./static";

export { DEMO_SECRET };

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

export interface SimulatorStats {
  /** Requests received under /v1 (including faulted and rejected ones). */
  total: number;
  /** Requests per MCP code; `visits` for GET /v1/visits, `unknown` for other paths. */
  byOperation: Record<string, number>;
  /** Responses per result: OK, an ERROR_* code, HTTP_<status>, stall, malformed, reset, proxied_<status>. */
  byResult: Record<string, number>;
  faultsApplied: number;
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

export const CONTROL_TOKEN_HEADER = "x-sim-token";
const isJsonType = (type: string | undefined) => /^application\/json\s*(;|$)/i.test(type ?? "");
const BY_PATH = new Map<string, AnyOperation>(OPERATIONS.map((op) => [op.path, op]));
const VISITS_PATH = "/v1/visits";

const emptyStats = (): SimulatorStats => ({ total: 0, byOperation: {}, byResult: {}, faultsApplied: 0 });
const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);
/** Rate limits and quotas are kept per key without keeping the key itself. */
const keyId = (secret: string) => createHash("sha256").update(secret).digest("hex").slice(0, 16);

function secretMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createSimulatorHandler(options: SimulatorOptions = {}): SimulatorHandler {
  const now = options.now ?? Date.now;
  const secret = options.secret ?? DEMO_SECRET;
  const upstream = options.upstream ? normalizeUpstream(options.upstream) : undefined;
  const staticDir = options.staticDir === false ? undefined : (options.staticDir ?? defaultStaticDir());
  const serveStatic: StaticHandler | undefined = staticDir ? createStaticHandler(staticDir) : undefined;
  const limiter = new RateLimiter(options.rateLimitPerMinute, now);
  const quota = new MonthlyQuota(options.monthlyQuota, now);
  const faults = new FaultQueue();
  const stalled = new Set<ServerResponse>();
  const closing = new AbortController();
  // Every delayed answer listens for the stop (one listener per request in flight): no cap, no leak warning.
  setMaxListeners(0, closing.signal);
  let stats = emptyStats();
  const controlToken = options.controlToken ?? randomBytes(24).toString("hex");
  // Forwarding mode is the production relay (npm run serve), not a second implementation.
  const relay: Relay | undefined = upstream ? createRelay({ upstream, closing: closing.signal }) : undefined;

  const finish = (_res: ServerResponse, result: string) => {
    bump(stats.byResult, result);
    return result;
  };

  function applyFault(res: ServerResponse, fault: FaultSpec): string {
    stats.faultsApplied++;
    switch (fault.type) {
      case "http": {
        const headers: Record<string, string> = { "content-type": "text/plain;charset=utf-8" };
        if (fault.retryAfterSeconds !== undefined) headers["retry-after"] = String(fault.retryAfterSeconds);
        res.writeHead(fault.status, headers);
        res.end(`HTTP ${fault.status}`);
        return finish(res, `HTTP_${fault.status}`);
      }
      case "stall":
        stalled.add(res);
        res.on("close", () => stalled.delete(res));
        return finish(res, "stall");
      case "malformed":
        res.writeHead(200, { "content-type": "application/json;charset=utf-8" });
        res.end('{"code":"OK","message":"成功","data":{"items":[{"asin":"B0');
        return finish(res, "malformed");
      case "reset":
        res.destroy();
        return finish(res, "reset");
      case "envelope":
        sendEnvelope(res, fault.code, fault.data ?? null, fault.message);
        return finish(res, fault.code);
    }
  }

  function visits(req: IncomingMessage, res: ServerResponse): string {
    if (!secretMatches(req.headers["secret-key"], secret)) {
      sendEnvelope(res, "ERROR_SECRET_KEY");
      return finish(res, "ERROR_SECRET_KEY");
    }
    const key = keyId(secret);
    sendEnvelope(res, "OK", {
      ...quota.snapshot(key),
      rateLimitPerMinute: options.rateLimitPerMinute ?? null,
      remainingThisMinute: limiter.remaining(key),
    });
    return finish(res, "OK");
  }

  async function operationCall(req: IncomingMessage, res: ServerResponse, op: AnyOperation, url: URL): Promise<string> {
    const reject = (code: string, message?: string, headers?: Record<string, string>) => {
      sendEnvelope(res, code, null, message, headers);
      return finish(res, code);
    };
    // Each operation answers its catalog method only, like the live service's routes (a GET-mapped endpoint
    // does not take a JSON body, and the POST endpoints are not mapped for GET).
    const method = methodOf(op);
    if (req.method !== method) return reject("ERROR_URL_NOT_FOUND", `接口不存在: ${req.method} ${op.path}`);
    if (!secretMatches(req.headers["secret-key"], secret)) return reject("ERROR_SECRET_KEY");
    const key = keyId(secret);
    const slot = limiter.acquire(key);
    if (!slot.ok) return reject("ERROR_VISIT_MAX", undefined, { "retry-after": String(slot.retryAfterSeconds) });
    if (quota.exhausted(key)) return reject("ERROR_VISIT_MAX");

    let input: unknown;
    try {
      const text = (await readBody(req)).toString("utf8").trim();
      input = method === "GET" ? Object.fromEntries(url.searchParams) : text ? JSON.parse(text) : {};
    } catch (error) {
      return reject(
        "ERROR_PARAM",
        `参数错误: body: ${error instanceof BodyTooLargeError ? error.message : "not valid JSON"}`,
      );
    }
    if (typeof input !== "object" || input === null || Array.isArray(input))
      return reject("ERROR_PARAM", "参数错误: body: expected a JSON object");

    // Like the live service, names that are not parameters are ignored rather than refused.
    const known = new Set<string>(op.params.map((p) => p.name));
    const raw = Object.fromEntries(Object.entries(input).filter(([name]) => known.has(name)));
    const outcome = checkParams(op.code, raw, { now: new Date(now()) });
    if (!outcome.params)
      return reject("ERROR_PARAM", `参数错误: ${outcome.errors[0]?.message ?? "invalid parameters"}`);

    const data = simulate(op, { code: op.code, params: outcome.params as Record<string, unknown>, now: now() });
    quota.consume(key);
    sendEnvelope(res, "OK", data);
    return finish(res, "OK");
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const started = Date.now();
    const op = BY_PATH.get(url.pathname);
    stats.total++;
    bump(stats.byOperation, op?.code ?? (url.pathname === VISITS_PATH ? "visits" : "unknown"));
    const requestId = req.headers["x-request-id"];
    if (typeof requestId === "string") res.setHeader("x-request-id", requestId);
    let result: string;
    try {
      if (options.latencyMs) await delay(options.latencyMs, closing.signal);
      const fault = faults.take(url.pathname);
      if (fault) result = applyFault(res, fault);
      else if (relay) {
        const outcome = await relay(req, res, url.pathname);
        result = finish(res, `proxied_${outcome.status}`);
      } else if (url.pathname === VISITS_PATH && (req.method === "GET" || req.method === "POST"))
        result = visits(req, res);
      else if (!op) {
        sendEnvelope(res, "ERROR_URL_NOT_FOUND", null, `接口不存在: ${url.pathname}`);
        result = finish(res, "ERROR_URL_NOT_FOUND");
      } else result = await operationCall(req, res, op, url);
    } catch (error) {
      if (closing.signal.aborted) {
        res.destroy();
        return;
      }
      sendEnvelope(res, "ERROR_SERVER_INTERNAL", null, `服务器内部错误: ${(error as Error).message}`);
      result = finish(res, "ERROR_SERVER_INTERNAL");
    }
    options.log?.(`${req.method} ${url.pathname} -> ${result} ${Date.now() - started}ms`);
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (upstream)
      return sendJson(res, 404, { error: "no control endpoint in forwarding mode: faults and stats are off" });
    if (!isLoopback(req.socket.remoteAddress))
      return sendJson(res, 403, { error: "the control endpoint answers loopback clients only" });
    if (!secretMatches(req.headers[CONTROL_TOKEN_HEADER], controlToken))
      return sendJson(res, 403, { error: `the control endpoint requires the run's token in ${CONTROL_TOKEN_HEADER}` });
    // A page can send a "simple" cross-origin POST (text/plain) without a preflight; JSON needs one, and we grant none.
    if (req.method !== "GET" && !isJsonType(req.headers["content-type"]))
      return sendJson(res, 415, { error: "the control endpoint takes content-type: application/json" });
    const route = `${req.method} ${url.pathname}`;
    if (route === "GET /__sim/stats") return sendJson(res, 200, stats);
    if (route === "DELETE /__sim/stats") {
      stats = emptyStats();
      return sendJson(res, 200, { ok: true });
    }
    if (route === "DELETE /__sim/faults") {
      faults.clear();
      return sendJson(res, 200, { ok: true, pending: 0 });
    }
    if (route === "POST /__sim/faults") {
      try {
        faults.add(JSON.parse((await readBody(req)).toString("utf8") || "null"));
        return sendJson(res, 200, { ok: true, pending: faults.pending() });
      } catch (error) {
        const message = error instanceof FaultRuleError ? error.message : "expected a JSON fault rule";
        return sendJson(res, 400, { error: message });
      }
    }
    sendJson(res, 404, { error: `no control route ${route}` });
  }

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
      if (url.pathname.startsWith("/__sim/")) return void control(req, res, url).catch(() => sendJson(res, 500, {}));
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
      if (url.pathname === "/v1" || url.pathname.startsWith("/v1/")) void api(req, res, url);
      else if (serveStatic) serveStatic(req, res, notFound);
      else notFound();
    },
    stats: () => structuredClone(stats),
    resetStats: () => void (stats = emptyStats()),
    injectFault: (rule) => faults.add(rule),
    clearFaults: () => faults.clear(),
    controlToken,
    close() {
      closing.abort(new Error("simulator stopping"));
      for (const res of stalled) res.destroy();
      stalled.clear();
    },
  };
}
