/**
 * The error hierarchy of the client. Every failure a caller can see is a MadError with a stable `kind`, plain
 * `advice` (shown as is by cells and the task pane) and a `retryable` flag the retry loop reads. One factory,
 * errorFromResponse, turns any HTTP response that is not a success into the right class.
 *
 * Secrets: no error is ever built from the secret; `redactSecret` (redact.ts) additionally scrubs text that came
 * from outside (service messages, causes) before an error leaves the client, and `toJSON` lists only safe fields.
 */

export type MadErrorKind =
  | "validation"
  | "param"
  | "secretKey"
  | "secretKeyOverdue"
  | "secretKeyInvalid"
  | "unauthorized"
  | "visitMax"
  | "urlNotFound"
  | "serverInternal"
  | "unknownApi"
  | "http"
  | "timeout"
  | "abort"
  | "network"
  | "malformed"
  | "redirect"
  // Raised by the request engine (src/engine): no secret set; cacheOnly query with nothing cached.
  | "missingSecret"
  | "cacheMiss";

const ERROR_NAMES: Readonly<Record<MadErrorKind, string>> = {
  validation: "ValidationError",
  param: "ParamError",
  secretKey: "SecretKeyError",
  secretKeyOverdue: "SecretKeyOverdueError",
  secretKeyInvalid: "SecretKeyInvalidError",
  unauthorized: "UnauthorizedError",
  visitMax: "VisitMaxError",
  urlNotFound: "UrlNotFoundError",
  serverInternal: "ServerInternalError",
  unknownApi: "UnknownApiError",
  http: "HttpError",
  timeout: "TimeoutError",
  abort: "AbortError",
  network: "NetworkError",
  malformed: "MalformedResponseError",
  redirect: "RedirectError",
  missingSecret: "MissingSecretError",
  cacheMiss: "CacheMissError",
};

interface MadErrorInit {
  advice: string;
  retryable: boolean;
  requestId?: string;
  cause?: unknown;
}

export class MadError extends Error {
  readonly kind: MadErrorKind;
  readonly advice: string;
  readonly retryable: boolean;
  readonly requestId?: string;

  constructor(kind: MadErrorKind, message: string, init: MadErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    // Named from the kind, not the constructor: minified bundles rename classes.
    this.name = ERROR_NAMES[kind];
    this.kind = kind;
    this.advice = init.advice;
    this.retryable = init.retryable;
    if (init.requestId !== undefined) this.requestId = init.requestId;
  }

  /** What JSON.stringify shows: the safe, useful fields (an Error's message is otherwise not serialized). */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {
      name: this.name,
      kind: this.kind,
      message: this.message,
      advice: this.advice,
    };
    for (const [key, value] of Object.entries(this)) {
      if (key !== "cause" && value !== undefined) out[key] = value;
    }
    return out;
  }
}

export function isMadError(e: unknown): e is MadError {
  return e instanceof MadError;
}

// ---------------------------------------------------------------------------------------------------------------
// Bad input (no request is sent)

export class ValidationError extends MadError {
  /** Wire name of the parameter (the range base name, e.g. `Price`, for rule "range"). */
  readonly param: string;
  /** Short rule id: required, type, enum, min, max, maxItems, pattern, month, saturday, future, monthsBack, ... */
  readonly rule: string;
  /** Every wire name the problem involves (both sides of a range pair), for inline messages per field. */
  readonly params: readonly string[];

  constructor(param: string, rule: string, message: string, params: readonly string[] = [param]) {
    super("validation", message, { advice: `Correct ${param} and try again: ${message}`, retryable: false });
    this.param = param;
    this.rule = rule;
    this.params = params;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The service answered with an envelope whose code is not OK

interface ApiErrorInit {
  code: string;
  status?: number;
  serviceMessage?: string;
  /** The envelope's `data` when it is a short name (ERROR_PARAM sends the offending parameter there). */
  detail?: string;
  requestId?: string;
  retryAfterMs?: number;
}

export class ApiError extends MadError {
  readonly code: string;
  readonly status?: number;
  /** The service's own (often localized) message text. */
  readonly serviceMessage?: string;
  readonly retryAfterMs?: number;

  constructor(kind: MadErrorKind, summary: string, advice: string, retryable: boolean, init: ApiErrorInit) {
    const said = init.serviceMessage ? ` (service says: ${init.serviceMessage})` : "";
    super(kind, `${summary}${said} [${init.code}]`, { advice, retryable, requestId: init.requestId });
    this.code = init.code;
    if (init.status !== undefined) this.status = init.status;
    if (init.serviceMessage) this.serviceMessage = init.serviceMessage;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

export class ParamError extends ApiError {
  /** The parameter the service named in `data` (its wire name), when it named one. */
  readonly param?: string;

  constructor(init: ApiErrorInit) {
    super(
      "param",
      init.detail ? `The service refused the parameter ${init.detail}` : "The service rejected a parameter",
      init.detail
        ? `Check the value of ${init.detail} (dates, codes, product ids, category path) and try again.`
        : "Check the values (dates, codes, product ids, category path) and try again.",
      false,
      init,
    );
    if (init.detail) this.param = init.detail;
  }
}

export class SecretKeyError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(
      "secretKey",
      "The API secret is wrong",
      "Enter the correct API secret in the add-in's settings.",
      false,
      init,
    );
  }
}

export class SecretKeyOverdueError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(
      "secretKeyOverdue",
      "The API secret has expired",
      "Renew the subscription, then enter the current API secret in the add-in's settings.",
      false,
      init,
    );
  }
}

export class SecretKeyInvalidError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(
      "secretKeyInvalid",
      "The API secret is invalid or disabled",
      "Enter a valid API secret in the add-in's settings, or ask the provider to enable it.",
      false,
      init,
    );
  }
}

export class UnauthorizedError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(
      "unauthorized",
      "The API secret is not authorised for this operation",
      "The plan of this secret does not include this data: use a secret whose plan does, or ask the provider to extend the plan.",
      false,
      init,
    );
  }
}

export class VisitMaxError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(
      "visitMax",
      "The call limit of the plan is reached",
      "Wait until the plan's quota resets or upgrade the plan; retrying now only fails again.",
      false,
      init,
    );
  }
}

export class UrlNotFoundError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(
      "urlNotFound",
      "The service does not know this operation",
      "Check the base URL (it ends before /v1) or update the add-in.",
      false,
      init,
    );
  }
}

export class ServerInternalError extends ApiError {
  constructor(init: ApiErrorInit) {
    super("serverInternal", "The service had an internal fault", "Try again in a few minutes.", true, init);
  }
}

/** `ERROR_SOME_THING` -> "some thing": the code in plain words for a code the add-in does not know. */
function codeInWords(code: string): string {
  return code
    .replace(/^ERROR_?/i, "")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
}

export class UnknownApiError extends ApiError {
  constructor(init: ApiErrorInit) {
    const words = codeInWords(init.code);
    super(
      "unknownApi",
      `The service refused the request with the error code ${init.code}${words ? ` ("${words}")` : ""}`,
      "Check the request and the plan of the API secret; if the refusal persists, contact the data provider with the code.",
      false,
      init,
    );
  }
}

const API_ERRORS: Readonly<Record<string, new (init: ApiErrorInit) => ApiError>> = {
  ERROR_PARAM: ParamError,
  ERROR_SECRET_KEY: SecretKeyError,
  ERROR_SECRET_KEY_OVERDUE: SecretKeyOverdueError,
  ERROR_SECRET_KEY_INVALID: SecretKeyInvalidError,
  ERROR_UNAUTHORIZED: UnauthorizedError,
  ERROR_VISIT_MAX: VisitMaxError,
  ERROR_URL_NOT_FOUND: UrlNotFoundError,
  ERROR_SERVER_INTERNAL: ServerInternalError,
};

// ---------------------------------------------------------------------------------------------------------------
// Transport failures

function httpAdvice(status: number): string {
  if (status === 429)
    return "Too many requests: wait a minute and try again (the plan allows about 40 calls a minute).";
  if (status >= 500) return "The service is unavailable right now. Try again in a few minutes.";
  if (status === 401 || status === 403) return "Access was refused: check the API secret and the base URL.";
  if (status === 404) return "Nothing answers at this address: check the base URL.";
  return "The request was refused: check the base URL and the parameters.";
}

export class HttpError extends MadError {
  readonly status: number;
  readonly retryAfterMs?: number;

  constructor(status: number, init: { requestId?: string; retryAfterMs?: number } = {}) {
    super("http", `The service answered HTTP ${status} without a result`, {
      advice: httpAdvice(status),
      retryable: status === 429 || status >= 500,
      requestId: init.requestId,
    });
    this.status = status;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

export class TimeoutError extends MadError {
  /** `attempt`: one HTTP request took too long (retried); `total`: the whole call ran out of time. */
  readonly scope: "attempt" | "total";

  constructor(scope: "attempt" | "total", ms: number, requestId?: string) {
    super(
      "timeout",
      scope === "attempt"
        ? `The service did not answer within ${ms} ms`
        : `The call did not complete within ${ms} ms (retries included)`,
      {
        advice: "The service is slow right now. Try again; narrow the query if it keeps happening.",
        retryable: scope === "attempt",
        requestId,
      },
    );
    this.scope = scope;
  }
}

export class AbortError extends MadError {
  constructor(requestId?: string) {
    super("abort", "The request was cancelled", {
      advice: "The request was cancelled; run it again when needed.",
      retryable: false,
      requestId,
    });
  }
}

export class NetworkError extends MadError {
  constructor(detail: string, init: { requestId?: string; cause?: unknown } = {}) {
    super("network", `Could not reach the service${detail ? `: ${detail}` : ""}`, {
      advice:
        "Check the network connection and the base URL. In a browser the service may refuse cross-origin calls; use the local forwarding proxy then.",
      retryable: true,
      requestId: init.requestId,
      cause: init.cause,
    });
  }
}

export class MalformedResponseError extends MadError {
  constructor(detail: string, requestId?: string) {
    super("malformed", `The service sent an unexpected answer: ${detail}`, {
      advice: "Try again later; if it keeps happening, check that the base URL points at the analytics API.",
      retryable: false,
      requestId,
    });
  }
}

/**
 * The service (or a typed base URL) answered with a redirect. The client never follows one: following would send
 * the secret to whatever host the answer names. Not retried; the message names only the target's host.
 */
export class RedirectError extends MadError {
  readonly status: number;
  /** The host the redirect points at ("" when the answer does not say, as with a browser's opaque redirect). */
  readonly targetHost: string;

  constructor(status: number, targetHost: string, requestId?: string) {
    const where = targetHost ? ` to ${targetHost}` : "";
    super(
      "redirect",
      `The service redirected the request${where} (HTTP ${status || "redirect"}); it was not followed`,
      {
        advice:
          "The secret is only sent to the base URL itself: set the base URL to the address the service really answers at.",
        retryable: false,
        requestId,
      },
    );
    this.status = status;
    this.targetHost = targetHost;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The one factory

export interface Envelope {
  code: string;
  message?: unknown;
  data?: unknown;
}

/** `{code, message, data}` with a string code: the service's envelope, whatever the HTTP status. */
export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === "object" &&
    body !== null &&
    !Array.isArray(body) &&
    typeof (body as { code?: unknown }).code === "string"
  );
}

/**
 * The envelope's `data` when it names something (ERROR_PARAM: "nodeIdPath"): a short name of letters, digits and
 * `_ . , [ ] -`, so nothing the service sends (markup, long text, a secret-sized blob) lands in a message as is.
 */
function detailFrom(data: unknown): string | undefined {
  if (typeof data !== "string") return undefined;
  const name = data.trim();
  return /^[A-Za-z][\w.,[\] -]{0,59}$/.test(name) ? name : undefined;
}

const isSuccessStatus = (status: number) => status >= 200 && status < 300;

/**
 * Picks the error class for a response that is not a usable success: an envelope with a code other than OK
 * (whatever the status), else HttpError for a non-2xx status, else MalformedResponseError.
 */
export function errorFromResponse(input: {
  status: number;
  body: unknown;
  requestId?: string;
  retryAfterMs?: number;
}): MadError {
  const { status, body, requestId, retryAfterMs } = input;
  if (isEnvelope(body) && body.code !== "OK") {
    const serviceMessage = typeof body.message === "string" && body.message.trim() ? body.message.trim() : undefined;
    const init: ApiErrorInit = { code: body.code, status, serviceMessage, requestId, retryAfterMs };
    const detail = detailFrom(body.data);
    if (detail !== undefined) init.detail = detail;
    const ErrorClass = API_ERRORS[body.code] ?? UnknownApiError;
    return new ErrorClass(init);
  }
  if (!isSuccessStatus(status)) return new HttpError(status, { requestId, retryAfterMs });
  return new MalformedResponseError(
    isEnvelope(body) ? "a success without a result" : "the body is not a JSON envelope {code, message, data}",
    requestId,
  );
}

export { redactSecret } from "./redact";
