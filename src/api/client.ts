/**
 * The typed client: validates parameters from the catalog (no request for bad input), sends them to
 * `{baseUrl}/v1/...` (POST with a JSON body, or GET with a query; parameters named in the path's braces in the
 * path, see ./paths.ts), retries transient failures within a total time budget and parses the rows.
 *
 * Request ids: every HTTP attempt gets its own `x-request-id` (a retry is a separate request in the service's
 * logs and quota); the id of the attempt that produced a result or an error is on that result or error.
 *
 * Time: every budget, backoff wait and timer reads the `clock` option (real time by default), so a simulated clock
 * drives retries and timeouts without real waiting. Hooks: `hooks.beforeRetry` runs before each retry, after its
 * wait (as in ky), and can stop it.
 *
 * Works in Node 20 and in browsers: only fetch, AbortController and setTimeout are used. What one HTTP exchange
 * sends and how its answer reads is ./exchange.ts; the options, their defaults and the secret's checks are
 * ./client-options.ts; the typed method names are ./operation-methods.ts.
 */
import { methodOf, operation, type OperationCode } from "./catalog";
import {
  checkSecret,
  CLIENT_DEFAULTS,
  defaultRequestId,
  normalizeBaseUrl,
  type AttemptInfo,
  type CallOptions,
  type ClientOptions,
} from "./client-options";
import { AbortError, isMadError, MadError, NetworkError, TimeoutError, type Envelope } from "./errors";
import { budgetTimer, systemClock, type Clock } from "../lib/clock";
import {
  describeFailure,
  queryString,
  readAnswer,
  refuseRedirect,
  requestInit,
  requestUrl,
  type RequestPlan,
} from "./exchange";
import { parseResult, type OperationResult } from "./parse";
import { fillPath } from "./paths";
import { redactSecret } from "./redact";
import type { ParamsOf, UntypedParams } from "./request-types";
import {
  backoffDelay,
  requestedDelay,
  STOP_RETRY,
  type BackoffOptions,
  type BeforeRetryContext,
  type ClientHooks,
} from "./retry";
import { anySignal, raceAbort } from "../lib/timeout";
import { quotaFrom, remainingFrom, teamCallsFrom, type VisitsResult } from "./visits";
import { validateParams } from "./validate";

/** The operation name the /v1/visits read carries in metering: it reads the quota and spends none. */
export const VISITS_OPERATION = "visits";

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
    // Parameters named in the path's braces go in the path (one encoded segment each), the rest as usual.
    const { path, rest } = fillPath(op.path, body as Record<string, unknown>);
    switch (method) {
      case "POST":
        return this.send({ operation: code, method, path, body: rest, read }, options);
      case "GET":
        return this.send({ operation: code, method, path, query: queryString(rest), read }, options);
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
        read: ({ data }) => ({
          remaining: remainingFrom(data),
          quota: quotaFrom(data),
          raw: data,
          team: teamCallsFrom(data),
        }),
      },
      options,
    );
  }

  private async send<T>(plan: RequestPlan<T>, options: CallOptions): Promise<T> {
    const started = this.clock.now();
    const total = budgetTimer(this.clock, this.totalTimeoutMs, TOTAL_TIMEOUT);
    let requestId: string | undefined;
    try {
      checkSecret(this.secret);
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
    const attemptTimer = budgetTimer(this.clock, Math.min(this.attemptTimeoutMs, remaining), ATTEMPT_TIMEOUT);
    const linked = anySignal([caller, total, attemptTimer.signal]);
    try {
      const info: AttemptInfo = { operation: plan.operation, path: plan.path, requestId, attempt };
      this.meter(this.meters.onAttempt, info);
      const url = requestUrl(this.baseUrl, plan);
      const init = requestInit(plan, this.secret, requestId, linked.signal);
      const response = await raceAbort(
        Promise.resolve().then(() => this.fetchImpl(url, init)),
        linked.signal,
      );
      this.meter(this.meters.onAnswer, { ...info, status: response.status });
      refuseRedirect(response, url, requestId);
      const text = await raceAbort(response.text(), linked.signal);
      return readAnswer(plan, response, text, requestId, this.clock.now());
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

export function createClient(options: ClientOptions): MadClient {
  return new MadClient(options);
}
