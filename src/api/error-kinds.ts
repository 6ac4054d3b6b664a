/**
 * Everything that varies by kind of error, one row per kind: its name, what happened (summary), what to do
 * (advice), whether the client retries it, and for the service's refusals their error code. The classes in
 * ./errors carry only the fields their kind adds; errorText is the one factory of the texts.
 */

/** What the text of an error of each kind is built from (`object`: nothing; the kind alone says it all). */
export interface ApiErrorContexts {
  validation: { param: string; message: string };
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
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- extended by module augmentation
export interface ErrorKindRegistry extends ApiErrorContexts {}

export type MadErrorKind = keyof ErrorKindRegistry;

type Text<C> = string | ((context: C) => string);

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
  const text = (t: Text<C>) => (typeof t === "function" ? t(context) : t);
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
  if (status === 429)
    return "Too many requests: wait a minute and try again (the plan allows about 40 calls a minute).";
  if (status >= 500) return "The service is unavailable right now. Try again in a few minutes.";
  if (status === 401 || status === 403) return "Access was refused: check the API secret and the base URL.";
  if (status === 404) return "Nothing answers at this address: check the base URL.";
  return "The request was refused: check the base URL and the parameters.";
}

/** Everything that varies by kind, one row each. A service refusal's row also names its code. */
export const ERROR_KINDS: { readonly [K in ApiErrorKind]: ErrorKindRow<ApiErrorContexts[K]> & { code?: string } } = {
  // Bad input (no request is sent); the validator words the message.
  validation: {
    name: "ValidationError",
    summary: ({ message }) => message,
    advice: ({ param, message }) => `Correct ${param} and try again: ${message}`,
    retryable: false,
  },
  // The service answered with an envelope whose code is not OK.
  param: {
    name: "ParamError",
    code: "ERROR_PARAM",
    summary: ({ detail }) =>
      detail ? `The service refused the parameter ${detail}` : "The service rejected a parameter",
    advice: ({ detail }) =>
      detail
        ? `Check the value of ${detail} (dates, codes, product ids, category path) and try again.`
        : "Check the values (dates, codes, product ids, category path) and try again.",
    retryable: false,
  },
  secretKey: {
    name: "SecretKeyError",
    code: "ERROR_SECRET_KEY",
    summary: "The API secret is wrong",
    advice: "Enter the correct API secret in the add-in's settings.",
    retryable: false,
  },
  secretKeyOverdue: {
    name: "SecretKeyOverdueError",
    code: "ERROR_SECRET_KEY_OVERDUE",
    summary: "The API secret has expired",
    advice: "Renew the subscription, then enter the current API secret in the add-in's settings.",
    retryable: false,
  },
  secretKeyInvalid: {
    name: "SecretKeyInvalidError",
    code: "ERROR_SECRET_KEY_INVALID",
    summary: "The API secret is invalid or disabled",
    advice: "Enter a valid API secret in the add-in's settings, or ask the provider to enable it.",
    retryable: false,
  },
  unauthorized: {
    name: "UnauthorizedError",
    code: "ERROR_UNAUTHORIZED",
    summary: "The API secret is not authorised for this operation",
    advice:
      "The plan of this secret does not include this data: use a secret whose plan does, or ask the provider to extend the plan.",
    retryable: false,
  },
  visitMax: {
    name: "VisitMaxError",
    code: "ERROR_VISIT_MAX",
    summary: "The call limit of the plan is reached",
    advice: "Wait until the plan's quota resets or upgrade the plan; retrying now only fails again.",
    retryable: false,
  },
  urlNotFound: {
    name: "UrlNotFoundError",
    code: "ERROR_URL_NOT_FOUND",
    summary: "The service does not know this operation",
    advice: "Check the base URL (it ends before /v1) or update the add-in.",
    retryable: false,
  },
  serverInternal: {
    name: "ServerInternalError",
    code: "ERROR_SERVER_INTERNAL",
    summary: "The service had an internal fault",
    advice: "Try again in a few minutes.",
    retryable: true,
  },
  unknownApi: {
    name: "UnknownApiError",
    summary: ({ code }) => {
      const words = codeInWords(code);
      return `The service refused the request with the error code ${code}${words ? ` ("${words}")` : ""}`;
    },
    advice:
      "Check the request and the plan of the API secret; if the refusal persists, contact the data provider with the code.",
    retryable: false,
  },
  // Transport failures.
  http: {
    name: "HttpError",
    summary: ({ status }) => `The service answered HTTP ${status} without a result`,
    advice: httpAdvice,
    retryable: ({ status }) => status === 429 || status >= 500,
  },
  timeout: {
    name: "TimeoutError",
    summary: ({ scope, ms }) =>
      scope === "attempt"
        ? `The service did not answer within ${ms} ms`
        : `The call did not complete within ${ms} ms (retries included)`,
    advice: "The service is slow right now. Try again; narrow the query if it keeps happening.",
    retryable: ({ scope }) => scope === "attempt",
  },
  abort: {
    name: "AbortError",
    summary: "The request was cancelled",
    advice: "The request was cancelled; run it again when needed.",
    retryable: false,
  },
  network: {
    name: "NetworkError",
    summary: ({ detail }) => `Could not reach the service${detail ? `: ${detail}` : ""}`,
    advice:
      "Check the network connection and the base URL. In a browser the service may refuse cross-origin calls; use the local forwarding proxy then.",
    retryable: true,
  },
  malformed: {
    name: "MalformedResponseError",
    summary: ({ detail }) => `The service sent an unexpected answer: ${detail}`,
    advice: "Try again later; if it keeps happening, check that the base URL points at the analytics API.",
    retryable: false,
  },
  // The client never follows a redirect: following would send the secret to whatever host the answer names.
  redirect: {
    name: "RedirectError",
    summary: ({ status, targetHost }) =>
      `The service redirected the request${targetHost ? ` to ${targetHost}` : ""} (HTTP ${status || "redirect"}); it was not followed`,
    advice:
      "The secret is only sent to the base URL itself: set the base URL to the address the service really answers at.",
    retryable: false,
  },
};
