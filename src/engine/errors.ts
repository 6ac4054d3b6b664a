/**
 * The engine's own failures, in the client's hierarchy (MadError with kind, advice, retryable), so the faces map
 * every rejection of the engine through one path. Their kinds are registered with src/api's ErrorKindRegistry
 * below; their texts are rows like src/api's ERROR_KINDS.
 */
import { ApiError, errorText, MadError, type ErrorKindRow, type ServiceAnswer } from "../api/errors";
import { taskPanePlace } from "../i18n/ribbon";
import { t } from "../i18n/cells";

declare module "../api/error-kinds" {
  interface ErrorKindRegistry {
    /** No `mad.secret` is set: nothing is sent. */
    missingSecret: object;
    /** A cacheOnly query (formula value preview) whose pages are not all cached: no call is spent. */
    cacheMiss: object;
    /** A lookup's key the service's answer lacks (an ASIN it does not know in that marketplace): ./not-found.ts. */
    notFound: object;
  }
}

/** The engine's kinds, and its more precise words for the service's ERROR_VISIT_MAX (see ./minute-limit). */
const ENGINE_ERRORS = {
  missingSecret: {
    name: "MissingSecretError",
    summary: () => t("error.missingSecret.summary"),
    advice: () => t("error.missingSecret.advice", { place: taskPanePlace() }),
    retryable: false,
  },
  cacheMiss: {
    name: "CacheMissError",
    summary: () => t("error.cacheMiss.summary"),
    advice: () => t("error.cacheMiss.advice"),
    retryable: false,
  },
  monthlyQuota: {
    kind: "visitMax",
    name: "VisitMaxError",
    summary: () => t("error.monthlyQuota.summary"),
    advice: () => t("error.monthlyQuota.advice"),
    retryable: false,
  },
  minuteLimit: {
    kind: "visitMax",
    name: "VisitMaxError",
    summary: () => t("error.minuteLimit.summary"),
    advice: () => t("error.minuteLimit.advice"),
    retryable: false,
  },
} as const satisfies Record<string, ErrorKindRow & { kind?: "visitMax" }>;

export class MissingSecretError extends MadError {
  constructor() {
    super("missingSecret", errorText(ENGINE_ERRORS.missingSecret, {}));
  }
}

export class CacheMissError extends MadError {
  constructor() {
    super("cacheMiss", errorText(ENGINE_ERRORS.cacheMiss, {}));
  }
}

/** What the service's refusal carried, reworded below. */
const answerOf = (e: ApiError): ServiceAnswer => ({
  code: e.code,
  status: e.status,
  serviceMessage: e.serviceMessage,
  requestId: e.requestId,
  retryAfterMs: e.retryAfterMs,
});

/** Final: the plan's calls for the month are used up. `monthly` lets the account gate stop the other cells. */
export function monthlyQuotaError(e: ApiError): ApiError {
  return Object.assign(new ApiError(answerOf(e), ENGINE_ERRORS.monthlyQuota), { monthly: true });
}

/** A per-minute refusal that outlasted the wait the query could afford. */
export function minuteLimitError(e: ApiError): ApiError {
  return new ApiError(answerOf(e), ENGINE_ERRORS.minuteLimit);
}
