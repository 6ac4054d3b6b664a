/**
 * The typed client: validates parameters from the catalog (no request for bad input), POSTs them to
 * `{baseUrl}/v1/...`, retries transient failures within a total time budget and parses the rows.
 *
 * Request ids: every HTTP attempt gets its own `x-request-id` (a retry is a separate request in the service's
 * logs and quota); the id of the attempt that produced a result or an error is on that result or error.
 *
 * Time: every budget, backoff wait and timer reads the `clock` option (real time by default), so a simulated clock
 * drives retries and timeouts without real waiting. Hooks: `hooks.beforeRetry` runs before each retry, after its
 * wait (as in ky), and can stop it.
 *
 * Works in Node 20 and in browsers: only fetch, AbortController and setTimeout are used.
 */
import { methodOf, operation, OPERATIONS, type OperationCode } from "./catalog";
import {
  AbortError,
  errorFromResponse,
  isEnvelope,
  isMadError,
  MadError,
  MalformedResponseError,
  NetworkError,
  RedirectError,
  TimeoutError,
  ValidationError,
  type Envelope,
} from "./errors";
import { systemClock, clockTimer, type Clock } from "./clock";
import { redactSecret } from "./redact";
import { parseResult, type OperationResult } from "./parse";
import type { ParamsOf, UntypedParams } from "./request-types";
import {
  backoffDelay,
  DEFAULT_BACKOFF,
  parseRetryAfter,
  requestedDelay,
  STOP_RETRY,
  type BackoffOptions,
  type BeforeRetryContext,
  type ClientHooks,
} from "./retry";
import { anySignal, raceAbort } from "./timeout";
import { quotaFrom, remainingFrom, type VisitsResult } from "./visits";
import { validateParams } from "./validate";

/** The operation name the /v1/visits read carries in metering: it reads the quota and spends none. */
export const VISITS_OPERATION = "visits";

export interface AttemptInfo {
  operation: string;
  path: string;
  requestId: string;
  /** 1 for the first request of a call, 2 for its first retry, ... */
  attempt: number;
}

export interface ClientOptions {
  /** e.g. "https://api.sellersprite.com" or "http://127.0.0.1:8787"; a trailing slash or /v1 is tolerated. */
  baseUrl: string;
  secret: string;
  fetch?: typeof fetch;
  /** Retries after the first attempt (default 2, so at most 3 requests). */
  retries?: number;
  attemptTimeoutMs?: number;
  /** Covers every attempt and the waits between them. */
  totalTimeoutMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
  /** Every time budget, backoff wait and timer, and the date rules (months not in the future, 24 months back). */
  clock?: Clock;
  /** `beforeRetry`: called before each retry, after its wait; returning STOP_RETRY ends the call with the failure. */
  hooks?: ClientHooks;
  newRequestId?: () => string;
  /** Metering hooks: once per HTTP request actually sent; once per request the service answered (any status). */
  onAttempt?: (info: AttemptInfo) => void;
  onAnswer?: (info: AttemptInfo & { status: number }) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export const CLIENT_DEFAULTS = {
  retries: 2,
  attemptTimeoutMs: 20_000,
  totalTimeoutMs: 45_000,
  backoff: DEFAULT_BACKOFF,
} as const;

interface RequestPlan<T> {
  operation: string;
  method: "GET" | "POST";
  path: string;
  /** GET parameters, already encoded (no leading `?`). */
  query?: string;
  body?: unknown;
  read: (body: Envelope, requestId: string) => T;
}

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** One typed method per operation, named camelCase of its MCP code (`keywordResearchTrends`). */
export type OperationMethods = {
  [C in OperationCode as CamelCase<C>]: (params: ParamsOf<C>, options?: CallOptions) => Promise<OperationResult<C>>;
};

/** "keyword_research_trends" -> "keywordResearchTrends". */
export function methodName<C extends OperationCode>(code: C): CamelCase<C> {
  return code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as CamelCase<C>;
}

function defaultRequestId(): string {
  const crypto = globalThis.crypto;
  if (crypto && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Pages served over plain http have no randomUUID; the id only needs to be unique, not secret.
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}-${Math.random().toString(16).slice(2)}`;
}

function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = String(baseUrl ?? "")
    .trim()
    .replace(/\/+$/, "")
    .replace(/\/v1$/, "");
  if (!/^https?:\/\/[^/\s]+/i.test(trimmed)) {
    throw new ValidationError(
      "baseUrl",
      "type",
      `baseUrl: expected an http(s) address such as https://api.sellersprite.com (got "${trimmed}")`,
    );
  }
  return trimmed;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Duck-typed: errors from another realm (a browser frame, Node's fetch under jest) fail `instanceof Error`. */
function describeFailure(error: unknown): string {
  const e = error as { message?: unknown; cause?: { code?: unknown } } | null;
  if (typeof e !== "object" || e === null || typeof e.message !== "string") return String(error);
  const code = e.cause?.code;
  return typeof code === "string" ? `${e.message} (${code})` : e.message;
}

/** The host of a Location header, resolved against the request's URL; "" when there is none or it is unreadable. */
export function redirectTargetHost(location: string | null | undefined, requestUrl: string): string {
  if (!location) return "";
  try {
    return new URL(location, requestUrl).host;
  } catch {
    return "";
  }
}

/** Records nest a few levels; an answer nested deeper than this would overflow the stack of whatever walks it. */
const MAX_ANSWER_DEPTH = 64;

/** Whether a parsed JSON value nests deeper than `limit` (walked without recursion). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** An answer that cannot be read (nested too deep to walk, say) is a malformed answer, not a network failure. */
function readAnswer<T>(plan: RequestPlan<T>, body: Envelope, requestId: string): T {
  if (nestsDeeperThan(body, MAX_ANSWER_DEPTH)) {
    throw new MalformedResponseError(`values nested more than ${MAX_ANSWER_DEPTH} levels deep`, requestId);
  }
  try {
    return plan.read(body, requestId);
  } catch (error) {
    if (isMadError(error)) throw error;
    throw new MalformedResponseError(`it could not be read (${describeFailure(error)})`, requestId);
  }
}

/**
 * The validated parameters of a GET operation as a URL query (`marketplace=US&keyword=yoga%20mat`). Only
 * parameters go there; the secret stays in its header. Lists are comma-joined (no GET operation takes one today).
 */
function queryString(params: Readonly<Record<string, unknown>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    query.append(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  return query.toString();
}

const TOTAL_TIMEOUT = Symbol("total timeout");
const ATTEMPT_TIMEOUT = Symbol("attempt timeout");

export class MadClient {
  private readonly baseUrl: string;
  private readonly secret: string;
  private readonly fetchImpl: typeof fetch;
  private readonly retries: number;
  private readonly attemptTimeoutMs: number;
  private readonly totalTimeoutMs: number;
  private readonly backoff: BackoffOptions;
  private readonly random: () => number;
  private readonly clock: Clock;
  private readonly beforeRetry: NonNullable<ClientHooks["beforeRetry"]>;
  private readonly newRequestId: () => string;
  private readonly meters: Pick<ClientOptions, "onAttempt" | "onAnswer">;

  constructor(options: ClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    this.secret = String(options.secret ?? "").trim();
    // Calling the global through a wrapper keeps browsers from throwing "Illegal invocation".
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.retries = Math.max(0, Math.floor(options.retries ?? CLIENT_DEFAULTS.retries));
    this.attemptTimeoutMs = options.attemptTimeoutMs ?? CLIENT_DEFAULTS.attemptTimeoutMs;
    this.totalTimeoutMs = options.totalTimeoutMs ?? CLIENT_DEFAULTS.totalTimeoutMs;
    this.backoff = options.backoff ?? CLIENT_DEFAULTS.backoff;
    this.random = options.random ?? Math.random;
    this.clock = options.clock ?? systemClock;
    this.beforeRetry = [...(options.hooks?.beforeRetry ?? [])];
    this.newRequestId = options.newRequestId ?? defaultRequestId;
    this.meters = { onAttempt: options.onAttempt, onAnswer: options.onAnswer };
    // The secret is a private field, but keep it out of console.log / JSON of the client as well.
    Object.defineProperty(this, "secret", { enumerable: false });
  }

  /**
   * Validates (ValidationError, no request), then sends (POST, or GET where the catalog says) and parses one page.
   * `params` may be typed or untyped (as read from cells or a form): they are checked at run time either way.
   */
  async call<C extends OperationCode>(
    code: C,
    params: ParamsOf<C> | UntypedParams,
    options: CallOptions = {},
  ): Promise<OperationResult<C>> {
    const body = validateParams(code, params, { now: new Date(this.clock.now()) });
    const op = operation(code);
    // A page never holds more rows than the size asked for (or the service's default size), whatever is sent.
    const sizeSpec = op.params.find((p) => p.role === "size");
    const asked = sizeSpec && (body as Record<string, unknown>)[sizeSpec.name];
    const fallback = sizeSpec?.fixed ?? sizeSpec?.default;
    const maxRows = typeof asked === "number" ? asked : typeof fallback === "number" ? fallback : undefined;
    const read = (envelope: Envelope, requestId: string) => parseResult(code, envelope, requestId, maxRows);
    const method = methodOf(op);
    switch (method) {
      case "POST":
        return this.send({ operation: code, method, path: op.path, body, read }, options);
      case "GET":
        return this.send({ operation: code, method, path: op.path, query: queryString(body), read }, options);
      default: {
        const unhandled: never = method;
        throw new Error(`no request plan for method ${String(unhandled)}`);
      }
    }
  }

  /** GET /v1/visits: the calls left in the plan (not one of the catalog's operations; its shape is not documented). */
  async visits(options: CallOptions = {}): Promise<VisitsResult> {
    return this.send(
      {
        operation: VISITS_OPERATION,
        method: "GET",
        path: "/v1/visits",
        read: ({ data }) => ({ remaining: remainingFrom(data), quota: quotaFrom(data), raw: data }),
      },
      options,
    );
  }

  private async send<T>(plan: RequestPlan<T>, options: CallOptions): Promise<T> {
    const started = this.clock.now();
    const total = clockTimer(this.clock, this.totalTimeoutMs, TOTAL_TIMEOUT);
    let requestId: string | undefined;
    try {
      this.checkSecret();
      for (let attempt = 1; ; attempt++) {
        if (options.signal?.aborted) throw new AbortError(requestId);
        if (total.signal.aborted) throw new TimeoutError("total", this.totalTimeoutMs, requestId);
        requestId = this.newRequestId();
        try {
          return await this.attempt(plan, requestId, attempt, options.signal, total.signal, started);
        } catch (error) {
          const failure = error as MadError;
          if (!failure.retryable || attempt > this.retries) throw failure;
          const remaining = this.totalTimeoutMs - (this.clock.now() - started);
          const delay = requestedDelay(failure) ?? backoffDelay(attempt, this.backoff, this.random);
          // No time left for another attempt after the wait: report the failure itself (for a slow service,
          // that the whole call ran out of time).
          if (delay >= remaining)
            throw failure instanceof TimeoutError ? new TimeoutError("total", this.totalTimeoutMs, requestId) : failure;
          const retry = { operation: plan.operation, requestId, attempt: attempt + 1, error: failure, delay };
          if ((await this.pause(retry, options.signal, total.signal)) === STOP_RETRY) throw failure;
        }
      }
    } catch (error) {
      const failure = isMadError(error) ? error : new NetworkError(describeFailure(error), { requestId, cause: error });
      throw redactSecret(failure, this.secret);
    } finally {
      total.clear();
    }
  }

  private checkSecret(): void {
    if (!this.secret)
      throw new ValidationError(
        "secret",
        "required",
        "secret: no API secret is set; enter it in the add-in's settings",
      );
    // A header cannot carry control or non-Latin-1 characters; fetch would fail with a message quoting the value.
    if (!/^[\x21-\x7e]+$/.test(this.secret)) {
      throw new ValidationError(
        "secret",
        "type",
        "secret: contains spaces or characters an API secret cannot have; paste it again",
      );
    }
  }

  /** A failing metering hook must not fail (or retry) the call it meters. */
  private meter<I>(hook: ((info: I) => void) | undefined, info: I): void {
    try {
      hook?.(info);
    } catch {
      // ignored on purpose
    }
  }

  /** The wait before a retry, then the beforeRetry hooks; both end as soon as the caller aborts or time runs out. */
  private async pause(
    retry: Omit<BeforeRetryContext, "signal">,
    caller: AbortSignal | undefined,
    total: AbortSignal,
  ): Promise<typeof STOP_RETRY | undefined> {
    const { requestId } = retry;
    const linked = anySignal([caller, total]);
    try {
      await raceAbort(this.clock.sleep(retry.delay, linked.signal), linked.signal);
      for (const hook of this.beforeRetry) {
        const context: BeforeRetryContext = { ...retry, signal: linked.signal };
        if (
          (await raceAbort(
            Promise.resolve().then(() => hook(context)),
            linked.signal,
          )) === STOP_RETRY
        )
          return STOP_RETRY;
      }
      return undefined;
    } catch (error) {
      if (caller?.aborted) throw new AbortError(requestId);
      if (total.aborted) throw new TimeoutError("total", this.totalTimeoutMs, requestId);
      throw error;
    } finally {
      linked.dispose();
    }
  }

  private async attempt<T>(
    plan: RequestPlan<T>,
    requestId: string,
    attempt: number,
    caller: AbortSignal | undefined,
    total: AbortSignal,
    started: number,
  ): Promise<T> {
    const remaining = this.totalTimeoutMs - (this.clock.now() - started);
    const attemptBound = this.attemptTimeoutMs < remaining;
    const attemptTimer = clockTimer(this.clock, Math.min(this.attemptTimeoutMs, remaining), ATTEMPT_TIMEOUT);
    const linked = anySignal([caller, total, attemptTimer.signal]);
    try {
      const headers: Record<string, string> = {
        "secret-key": this.secret,
        "x-request-id": requestId,
        Accept: "application/json",
      };
      if (plan.method === "POST") headers["Content-Type"] = "application/json;charset=utf-8";
      // Never follow a redirect: the secret header would go to whatever host the answer names.
      const init: RequestInit = { method: plan.method, headers, signal: linked.signal, redirect: "manual" };
      if (plan.body !== undefined) init.body = JSON.stringify(plan.body);
      const info: AttemptInfo = { operation: plan.operation, path: plan.path, requestId, attempt };
      this.meter(this.meters.onAttempt, info);
      const url = `${this.baseUrl}${plan.path}${plan.query ? `?${plan.query}` : ""}`;
      const response = await raceAbort(
        Promise.resolve().then(() => this.fetchImpl(url, init)),
        linked.signal,
      );
      this.meter(this.meters.onAnswer, { ...info, status: response.status });
      // Browsers hide a manual redirect behind an opaque response (status 0); Node shows the 3xx and its Location.
      if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
        throw new RedirectError(response.status, redirectTargetHost(response.headers?.get("location"), url), requestId);
      }
      const text = await raceAbort(response.text(), linked.signal);
      const body = parseJson(text);
      if (isEnvelope(body) && body.code === "OK") return readAnswer(plan, body, requestId);
      const retryAfterMs = parseRetryAfter(response.headers?.get("retry-after"), this.clock.now());
      throw errorFromResponse({ status: response.status, body, requestId, retryAfterMs });
    } catch (error) {
      if (isMadError(error)) throw error;
      if (caller?.aborted) throw new AbortError(requestId);
      if (total.aborted) throw new TimeoutError("total", this.totalTimeoutMs, requestId);
      if (attemptTimer.signal.aborted) {
        throw attemptBound
          ? new TimeoutError("attempt", this.attemptTimeoutMs, requestId)
          : new TimeoutError("total", this.totalTimeoutMs, requestId);
      }
      throw new NetworkError(describeFailure(error), { requestId, cause: error });
    } finally {
      attemptTimer.clear();
      linked.dispose();
    }
  }
}

// The generated methods live on the prototype, so every MadClient has them; createClient types them.
for (const op of OPERATIONS) {
  Object.defineProperty(MadClient.prototype, methodName(op.code), {
    value: function (this: MadClient, params: UntypedParams, options?: CallOptions) {
      return this.call(op.code, params, options);
    },
    writable: true,
    configurable: true,
  });
}

export function createClient(options: ClientOptions): MadClient & OperationMethods {
  return new MadClient(options) as MadClient & OperationMethods;
}
