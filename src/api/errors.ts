/**
 * The error hierarchy of the client. Every failure a caller can see is a MadError with a stable `kind`, plain
 * `advice` (shown as is by cells and the task pane) and a `retryable` flag the retry loop reads. One table,
 * ERROR_KINDS, holds per kind its name, summary, advice and retryability (and a refusal's service code); the classes
 * only carry the fields their kind adds. One factory, errorFromResponse, turns any HTTP response that is not a
 * success into the right class.
 *
 * Secrets: no error is ever built from the secret; the client additionally scrubs text that came from outside
 * (service messages, causes) with `redactSecret` (redact.ts) before an error leaves it, and `toJSON` lists only
 * safe fields.
 */

import { t } from "../i18n/cells";
import {
  ERROR_KINDS,
  errorText,
  type ApiErrorContexts,
  type ApiErrorKind,
  type ErrorKindRow,
  type ErrorText,
  type MadErrorKind,
  type ServiceAnswer,
} from "./error-kinds";

export { ERROR_KINDS, errorText };
export type { ErrorKindRow, ErrorText, MadErrorKind, ServiceAnswer } from "./error-kinds";

interface MadErrorInit {
  requestId?: string;
  cause?: unknown;
}

export class MadError extends Error {
  readonly kind: MadErrorKind;
  readonly advice: string;
  readonly retryable: boolean;
  readonly requestId?: string;

  constructor(kind: MadErrorKind, text: ErrorText, init: MadErrorInit = {}) {
    super(text.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = text.name;
    this.kind = kind;
    this.advice = text.advice;
    this.retryable = text.retryable;
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

/** An error of an api kind, its text from ERROR_KINDS. */
const fromTable = <K extends ApiErrorKind>(kind: K, context: ApiErrorContexts[K]): ErrorText =>
  errorText<ApiErrorContexts[K]>(ERROR_KINDS[kind], context);

// ---------------------------------------------------------------------------------------------------------------
// Bad input (no request is sent)

export class ValidationError extends MadError {
  /** Wire name of the parameter (the range base name, e.g. `Price`, for rule "range"). */
  readonly param: string;
  /** Short rule id: required, type, enum, min, max, maxItems, pattern, month, saturday, future, monthsBack, ... */
  readonly rule: string;
  /** Every wire name the problem involves (both sides of a range pair), for inline messages per field. */
  readonly params: readonly string[];
  /** The rule broken, without the name (`expected a number (got "x")`): a face names it as the person typed it. */
  readonly problem: string;

  /**
   * `problem`: the rule broken, in the active language; the message names it `name: problem` (`name`: how the
   * person typed it, an argument or `minPrice (in filters)`; by default the wire name).
   */
  constructor(param: string, rule: string, problem: string, params: readonly string[] = [param], name = param) {
    const message = t("named", { name, problem });
    super("validation", fromTable("validation", { param: name, message, problem }));
    this.param = param;
    this.rule = rule;
    this.params = params;
    this.problem = problem;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The service's refusals: one class per kind, empty (as openai-node's); the kind follows the class.

type ServiceKind = Exclude<
  ApiErrorKind,
  "validation" | "http" | "timeout" | "abort" | "network" | "malformed" | "redirect"
>;

export class ApiError extends MadError {
  readonly code: string;
  readonly status?: number;
  /** The service's own (often localized) message text. */
  readonly serviceMessage?: string;
  readonly retryAfterMs?: number;

  /**
   * `row`: the texts, by default the row of this class's kind (ERROR_KINDS). A layer above may word a refusal
   * more precisely (the engine tells the monthly quota from the per-minute limit) with a row of its own.
   */
  constructor(init: ServiceAnswer, row?: ErrorKindRow<ServiceAnswer> & { kind: ServiceKind }) {
    const kind = row?.kind ?? serviceKindOf(new.target);
    const text = errorText(row ?? ERROR_KINDS[kind], init);
    const summary = init.serviceMessage
      ? t("error.serviceSays", { summary: text.message, said: init.serviceMessage })
      : text.message;
    super(kind, { ...text, message: `${summary} [${init.code}]` }, { requestId: init.requestId });
    this.code = init.code;
    if (init.status !== undefined) this.status = init.status;
    if (init.serviceMessage) this.serviceMessage = init.serviceMessage;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

export class ParamError extends ApiError {
  /** The parameter the service named in `data` (its wire name), when it named one. */
  readonly param?: string;

  constructor(init: ServiceAnswer) {
    super(init);
    if (init.detail) this.param = init.detail;
  }
}
export class SecretKeyError extends ApiError {}
export class SecretKeyOverdueError extends ApiError {}
export class SecretKeyInvalidError extends ApiError {}
export class UnauthorizedError extends ApiError {}
export class VisitMaxError extends ApiError {}
export class UrlNotFoundError extends ApiError {}
export class ServerInternalError extends ApiError {}
export class UnknownApiError extends ApiError {}

const SERVICE_CLASSES: { readonly [K in ServiceKind]: new (init: ServiceAnswer) => ApiError } = {
  param: ParamError,
  secretKey: SecretKeyError,
  secretKeyOverdue: SecretKeyOverdueError,
  secretKeyInvalid: SecretKeyInvalidError,
  unauthorized: UnauthorizedError,
  visitMax: VisitMaxError,
  urlNotFound: UrlNotFoundError,
  serverInternal: ServerInternalError,
  unknownApi: UnknownApiError,
};

/** The kind of a refusal class; a code the add-in does not know (and ApiError itself) is `unknownApi`. */
function serviceKindOf(cls: unknown): ServiceKind {
  const found = (Object.keys(SERVICE_CLASSES) as ServiceKind[]).find((kind) => SERVICE_CLASSES[kind] === cls);
  return found ?? "unknownApi";
}

/** The service's error code -> the class of its refusal (from the `code` of each ERROR_KINDS row). */
const CLASS_OF_CODE: ReadonlyMap<string, new (init: ServiceAnswer) => ApiError> = new Map(
  (Object.keys(SERVICE_CLASSES) as ServiceKind[]).flatMap((kind) => {
    const code = ERROR_KINDS[kind].code;
    return code ? [[code, SERVICE_CLASSES[kind]] as const] : [];
  }),
);

// ---------------------------------------------------------------------------------------------------------------
// Transport failures

export class HttpError extends MadError {
  readonly status: number;
  readonly retryAfterMs?: number;

  constructor(status: number, init: { requestId?: string; retryAfterMs?: number } = {}) {
    super("http", fromTable("http", { status }), { requestId: init.requestId });
    this.status = status;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

export class TimeoutError extends MadError {
  /** `attempt`: one HTTP request took too long (retried); `total`: the whole call ran out of time. */
  readonly scope: "attempt" | "total";

  constructor(scope: "attempt" | "total", ms: number, requestId?: string) {
    super("timeout", fromTable("timeout", { scope, ms }), { requestId });
    this.scope = scope;
  }
}

export class AbortError extends MadError {
  constructor(requestId?: string) {
    super("abort", fromTable("abort", {}), { requestId });
  }
}

export class NetworkError extends MadError {
  constructor(detail: string, init: { requestId?: string; cause?: unknown } = {}) {
    super("network", fromTable("network", { detail }), init);
  }
}

export class MalformedResponseError extends MadError {
  constructor(detail: string, requestId?: string) {
    super("malformed", fromTable("malformed", { detail }), { requestId });
  }
}

/** The service (or a typed base URL) answered with a redirect; not followed, not retried (see ERROR_KINDS). */
export class RedirectError extends MadError {
  readonly status: number;
  /** The host the redirect points at ("" when the answer does not say, as with a browser's opaque redirect). */
  readonly targetHost: string;

  constructor(status: number, targetHost: string, requestId?: string) {
    super("redirect", fromTable("redirect", { status, targetHost }), { requestId });
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
 * The envelope's `data` when it names something (ERROR_PARAM: "nodeIdPath"; a team relay names the parameter as
 * `{problem: "param", param}`): a short name of letters, digits and `_ . , [ ] -`, so nothing the service sends
 * (markup, long text, a secret-sized blob) lands in a message as is.
 */
function detailFrom(data: unknown): string | undefined {
  const named = typeof data === "object" && data !== null ? (data as { param?: unknown }).param : data;
  if (typeof named !== "string") return undefined;
  const name = named.trim();
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
    const init: ServiceAnswer = { code: body.code, status, serviceMessage, requestId, retryAfterMs };
    const detail = detailFrom(body.data);
    if (detail !== undefined) init.detail = detail;
    const ErrorClass = CLASS_OF_CODE.get(body.code) ?? UnknownApiError;
    return new ErrorClass(init);
  }
  if (!isSuccessStatus(status)) return new HttpError(status, { requestId, retryAfterMs });
  return new MalformedResponseError(
    isEnvelope(body) ? t("malformed.successWithoutResult") : t("malformed.notEnvelope"),
    requestId,
  );
}
