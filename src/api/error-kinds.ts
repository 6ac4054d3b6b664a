/**
 * Everything that varies by kind of error, one row per kind: its name, what happened (summary), what to do
 * (advice), whether the client retries it, and for the service's refusals their error code. The classes in
 * ./errors carry only the fields their kind adds; errorText is the one factory of the texts, worded in the active
 * language when the error is made (src/i18n/messages/<locale>/cells.ts, `error.<kind>.*`).
 */
import { t } from "../i18n/cells";

/** What the text of an error of each kind is built from (`object`: nothing; the kind alone says it all). */
export interface ApiErrorContexts {
  validation: { param: string; message: string; problem: string };
  param: ServiceAnswer;
  secretKey: ServiceAnswer;
  secretKeyOverdue: ServiceAnswer;
  secretKeyInvalid: ServiceAnswer;
  unauthorized: ServiceAnswer;
  visitMax: ServiceAnswer;
  urlNotFound: ServiceAnswer;
  serverInternal: ServiceAnswer;
  unknownApi: ServiceAnswer;
  http: { status: number };
  timeout: { scope: "attempt" | "total"; ms: number };
  abort: object;
  network: { detail: string };
  malformed: { detail: string };
  redirect: { status: number; targetHost: string };
}

export type ApiErrorKind = keyof ApiErrorContexts;

/**
 * Every kind of MadError. Layers above add their own kinds by augmenting this interface (src/engine/errors.ts
 * registers `missingSecret` and `cacheMiss`), so a kind is a checked name everywhere, not any string.
 * @public augmented by the layers above, which import nothing from it by name.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- extended by module augmentation
export interface ErrorKindRegistry extends ApiErrorContexts {}

export type MadErrorKind = keyof ErrorKindRegistry;

/** A text worded when the error is made, so in the language active then. */
type Text<C> = (context: C) => string;

/** Everything that varies by kind of error. */
export interface ErrorKindRow<C = object> {
  /** The error's `name` (from the table, not the constructor: minified bundles rename classes). */
  readonly name: string;
  /** What happened (for the service's refusals, the code and the service's own words are appended). */
  readonly summary: Text<C>;
  /** What to do, in plain words; shown as is by cells and the task pane. */
  readonly advice: Text<C>;
  /** Whether the client's retry loop tries again. */
  readonly retryable: boolean | ((context: C) => boolean);
}

/** One error row resolved for one context: what a MadError is constructed from. */
export interface ErrorText {
  readonly name: string;
  readonly message: string;
  readonly advice: string;
  readonly retryable: boolean;
}

/** The one factory of error texts: a row of a kinds table and what this occurrence adds. */
export function errorText<C>(row: ErrorKindRow<C>, context: C): ErrorText {
  const text = (words: Text<C>) => words(context);
  const retryable = typeof row.retryable === "function" ? row.retryable(context) : row.retryable;
  return { name: row.name, message: text(row.summary), advice: text(row.advice), retryable };
}

/** What the service's refusal carried (an envelope with a code other than OK). */
export interface ServiceAnswer {
  code: string;
  status?: number;
  serviceMessage?: string;
  /** The envelope's `data` when it is a short name (ERROR_PARAM sends the offending parameter there). */
  detail?: string;
  requestId?: string;
  retryAfterMs?: number;
}

/** `ERROR_SOME_THING` -> "some thing": the code in plain words for a code the add-in does not know. */
function codeInWords(code: string): string {
  return code
    .replace(/^ERROR_?/i, "")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
}

function httpAdvice({ status }: { status: number }): string {
  if (status === 429) return t("error.http.advice.429");
  if (status >= 500) return t("error.http.advice.5xx");
  if (status === 401 || status === 403) return t("error.http.advice.refused");
  if (status === 404) return t("error.http.advice.404");
  return t("error.http.advice.other");
}

/** Everything that varies by kind, one row each. A service refusal's row also names its code. */
export const ERROR_KINDS: { readonly [K in ApiErrorKind]: ErrorKindRow<ApiErrorContexts[K]> & { code?: string } } = {
  // Bad input (no request is sent); the validator words the message.
  validation: {
    name: "ValidationError",
    summary: ({ message }) => message,
    advice: ({ param, problem }) => t("error.validation.advice", { param, problem }),
    retryable: false,
  },
  // The service answered with an envelope whose code is not OK.
  param: {
    name: "ParamError",
    code: "ERROR_PARAM",
    summary: ({ detail }) => t("error.param.summary", { detail: detail || "none" }),
    advice: ({ detail }) => t("error.param.advice", { detail: detail || "none" }),
    retryable: false,
  },
  secretKey: {
    name: "SecretKeyError",
    code: "ERROR_SECRET_KEY",
    summary: () => t("error.secretKey.summary"),
    advice: () => t("error.secretKey.advice"),
    retryable: false,
  },
  secretKeyOverdue: {
    name: "SecretKeyOverdueError",
    code: "ERROR_SECRET_KEY_OVERDUE",
    summary: () => t("error.secretKeyOverdue.summary"),
    advice: () => t("error.secretKeyOverdue.advice"),
    retryable: false,
  },
  secretKeyInvalid: {
    name: "SecretKeyInvalidError",
    code: "ERROR_SECRET_KEY_INVALID",
    summary: () => t("error.secretKeyInvalid.summary"),
    advice: () => t("error.secretKeyInvalid.advice"),
    retryable: false,
  },
  unauthorized: {
    name: "UnauthorizedError",
    code: "ERROR_UNAUTHORIZED",
    summary: () => t("error.unauthorized.summary"),
    advice: () => t("error.unauthorized.advice"),
    retryable: false,
  },
  visitMax: {
    name: "VisitMaxError",
    code: "ERROR_VISIT_MAX",
    summary: () => t("error.visitMax.summary"),
    advice: () => t("error.visitMax.advice"),
    retryable: false,
  },
  urlNotFound: {
    name: "UrlNotFoundError",
    code: "ERROR_URL_NOT_FOUND",
    summary: () => t("error.urlNotFound.summary"),
    advice: () => t("error.urlNotFound.advice"),
    retryable: false,
  },
  serverInternal: {
    name: "ServerInternalError",
    code: "ERROR_SERVER_INTERNAL",
    summary: () => t("error.serverInternal.summary"),
    advice: () => t("error.serverInternal.advice"),
    retryable: true,
  },
  unknownApi: {
    name: "UnknownApiError",
    summary: ({ code }) => t("error.unknownApi.summary", { code, words: codeInWords(code) || "none" }),
    advice: () => t("error.unknownApi.advice"),
    retryable: false,
  },
  // Transport failures.
  http: {
    name: "HttpError",
    summary: ({ status }) => t("error.http.summary", { status: String(status) }),
    advice: httpAdvice,
    retryable: ({ status }) => status === 429 || status >= 500,
  },
  timeout: {
    name: "TimeoutError",
    summary: ({ scope, ms }) =>
      t(scope === "attempt" ? "error.timeout.attempt" : "error.timeout.total", { ms: String(ms) }),
    advice: () => t("error.timeout.advice"),
    retryable: ({ scope }) => scope === "attempt",
  },
  abort: {
    name: "AbortError",
    summary: () => t("error.abort.summary"),
    advice: () => t("error.abort.advice"),
    retryable: false,
  },
  network: {
    name: "NetworkError",
    summary: ({ detail }) => t("error.network.summary", { detail: detail || "none" }),
    advice: () => t("error.network.advice"),
    retryable: true,
  },
  malformed: {
    name: "MalformedResponseError",
    summary: ({ detail }) => t("error.malformed.summary", { detail }),
    advice: () => t("error.malformed.advice"),
    retryable: false,
  },
  // The client never follows a redirect: following would send the secret to whatever host the answer names.
  redirect: {
    name: "RedirectError",
    summary: ({ status, targetHost }) =>
      t("error.redirect.summary", { target: targetHost || "none", status: status ? String(status) : "redirect" }),
    advice: () => t("error.redirect.advice"),
    retryable: false,
  },
};
