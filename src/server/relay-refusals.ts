/**
 * The one style of the relay's refusals, on every route of both relays (a team's, and the own-secret one of
 * `npm run serve`): the service's envelope `{code, message, data: {problem, ...detail}}`, `problem` a stable name
 * (src/relay-api/refusals.ts), `message` in the requester's language (its Accept-Language; without one, English),
 * `code` the service's for the status, as the add-in's client reads it (src/api/errors.ts): a 429 is ERROR_VISIT_MAX
 * (the engine waits it out), a 401 ERROR_SECRET_KEY (the cell says to check the token), a 503 ERROR_SERVER_INTERNAL.
 * Here the shape, the requester's language, and the refusals the relay makes itself, one row each (status, code,
 * headers and words); the member routes word their own (./team/routes/member-answers.ts).
 */
import type { IncomingMessage } from "node:http";
import { t } from "../i18n/alerts";
import { loadLocale, localeOf, type Locale } from "../i18n/locale";
import type { OperationProblem, RelayProblem, UpstreamProblem } from "../relay-api/refusals";

/** A refusal: its stable name (`data.problem`), its words in the requester's language, what else a face may use. */
export interface Refusal<P extends string = string> {
  readonly problem: P;
  readonly message: string;
  readonly detail?: Readonly<Record<string, unknown>>;
  /** The service's code when the status alone does not say it; null: none, the client reads the HTTP status. */
  readonly code?: string | null;
}

/** The service's code for a refusal's status, as the add-in's client reads it (src/api/errors.ts). */
function codeOf(status: number): string {
  if (status === 401) return "ERROR_SECRET_KEY";
  if (status === 404 || status === 405) return "ERROR_URL_NOT_FOUND";
  if (status === 429) return "ERROR_VISIT_MAX";
  if (status >= 500) return "ERROR_SERVER_INTERNAL";
  return "ERROR_PARAM";
}

/** A refusal's JSON text. */
export function refusalText(status: number, refusal: Refusal): string {
  const code = refusal.code === undefined ? codeOf(status) : refusal.code;
  const data = { problem: refusal.problem, ...(refusal.detail ?? {}) };
  return JSON.stringify(code === null ? { message: refusal.message, data } : { code, message: refusal.message, data });
}

/**
 * The language a request asks its answers in (its Accept-Language's first tag), undefined when it names none (no
 * header, or `*`, which Node's fetch sends by default).
 */
export function askedLanguage(acceptLanguage: string | undefined): Locale | undefined {
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim();
  return first && first !== "*" ? localeOf(first) : undefined;
}

/** The language of a request's answers: the one it asks for, else English. */
export const requestLocale = (req: IncomingMessage): Locale => askedLanguage(req.headers["accept-language"]) ?? "en";

/** Loads the words of the language a request asks for (once; English meanwhile if it fails). */
export const requestLanguageLoaded = (req: IncomingMessage): Promise<void> =>
  loadLocale(requestLocale(req)).catch(() => undefined);

type Say = ReturnType<typeof t.in>;

/** A body the relay does not read: too large, nested too deep, too costly, unreadable, or not JSON. */
export type BodyProblem =
  | { readonly kind: "too-large" | "too-deep" | "too-costly"; readonly max: number }
  | { readonly kind: "unreadable" | "not-json" };

/** A body's refusal in `locale`: `notJson`, the route's words for a body that is not what it takes. */
export function bodyWords(locale: Locale, refusal: BodyProblem, notJson: string): string {
  const say = t.in(locale);
  switch (refusal.kind) {
    case "too-large":
      return say("error.bodyTooLarge", { max: refusal.max });
    case "too-deep":
      return say("error.bodyTooDeep", { max: refusal.max });
    case "too-costly":
      return say("error.bodyTooCostly", { max: refusal.max });
    case "unreadable":
      return say("error.bodyUnreadable");
    case "not-json":
      return notJson;
    default: {
      const unknown: never = refusal;
      throw new Error(`unknown body refusal ${JSON.stringify(unknown)}`);
    }
  }
}

/** What each refusal the relay makes itself is worded from (`body` is worded by bodyWords, per route). */
export interface RelayRefusals extends Record<Exclude<RelayProblem | OperationProblem, "body">, object> {
  route: { readonly method: string; readonly path: string };
  "not-found": { readonly path: string };
  token: object;
  admin: { readonly route: "usage" | "schedules" | "alerts"; readonly signedIn: boolean };
  rate: { readonly retryAfterSeconds: number; readonly from: "member" | "calls" | "readiness" | "reports" };
  store: { readonly store: string };
  database: { readonly database: string };
  month: object;
  target: object;
  internal: object;
  /** The catalog's rule the parameter breaks, worded in the requester's language by the validator. */
  param: { readonly param: string; readonly message: string };
  queue: { readonly retryAfterSeconds: number };
  "member-budget": object;
  "plan-budget": object;
  "no-key": object;
  // The service's answer the relay could not bring, and what it knows of why (also the answer's `data`).
  "upstream-too-large": { readonly max: number };
  "upstream-timeout": { readonly ms: number };
  "upstream-unreachable": { readonly reason: string };
  "upstream-redirect": { readonly status: number };
  "upstream-too-deep": { readonly max: number };
  /** `type`: the answer's content type, `empty` for no body, `none` for no type. */
  "upstream-not-json": { readonly status: number; readonly type: string };
}
export type RelayRefusalName = keyof RelayRefusals;

interface Row<V> {
  readonly status: number | ((values: V) => number);
  /** Default: the status's (codeOf). */
  readonly code?: (values: V) => string | null;
  readonly words: (say: Say, values: V) => string;
  /** What `data` carries besides `problem`. */
  readonly detail?: (values: V) => Record<string, unknown>;
  readonly headers?: (values: V) => Record<string, string>;
}

const retryAfter = (values: { retryAfterSeconds: number }) => ({ "retry-after": String(values.retryAfterSeconds) });
const waitAWhile = () => ({ "retry-after": "5" });
/** The relay's failures to bring an answer carry their values, so another member's language can word them again. */
const asData = <V extends object>(values: V) => ({ ...values });

const ROWS: { readonly [P in RelayRefusalName]: Row<RelayRefusals[P]> } = {
  route: { status: 404, words: (say, v) => say("relay.route", { method: v.method, path: v.path }) },
  "not-found": { status: 404, words: (say, v) => say("relay.notFound", { path: v.path }) },
  token: {
    status: 401,
    words: (say) => say("relay.token"),
    headers: () => ({ "www-authenticate": 'Bearer realm="mad-team"' }),
  },
  admin: {
    status: (v) => (v.signedIn ? 403 : 401),
    code: () => "ERROR_SECRET_KEY",
    words: (say, v) => say("relay.admin", { route: v.route }),
    detail: (v) => ({ route: v.route }),
  },
  rate: {
    status: 429,
    words: (say, v) => say("relay.rate", { from: v.from, seconds: v.retryAfterSeconds }),
    detail: (v) => ({ retryAfterSeconds: v.retryAfterSeconds }),
    headers: retryAfter,
  },
  store: { status: 503, words: (say, v) => say("relay.store", { store: v.store }), headers: waitAWhile },
  database: { status: 503, words: (say, v) => say("relay.database", { database: v.database }), headers: waitAWhile },
  month: { status: 400, words: (say) => say("relay.month") },
  target: { status: 400, words: (say) => say("relay.target") },
  internal: { status: 500, words: (say) => say("relay.internal") },
  param: { status: 400, words: (_, v) => v.message, detail: (v) => (v.param ? { param: v.param } : {}) },
  queue: {
    status: 429,
    words: (say, v) => say("relay.queue", { seconds: v.retryAfterSeconds }),
    detail: (v) => ({ retryAfterSeconds: v.retryAfterSeconds }),
    headers: retryAfter,
  },
  "member-budget": { status: 429, words: (say) => say("relay.memberBudget") },
  "plan-budget": { status: 429, words: (say) => say("relay.planBudget") },
  "no-key": { status: 503, words: (say) => say("relay.noKey") },
  "upstream-too-large": { status: 502, words: (say, v) => say("relay.upstreamTooLarge", v), detail: asData },
  "upstream-timeout": { status: 504, words: (say, v) => say("relay.upstreamTimeout", v), detail: asData },
  "upstream-unreachable": { status: 502, words: (say, v) => say("relay.upstreamUnreachable", v), detail: asData },
  "upstream-redirect": { status: 502, words: (say, v) => say("relay.upstreamRedirect", v), detail: asData },
  "upstream-too-deep": { status: 502, words: (say, v) => say("relay.upstreamTooDeep", v), detail: asData },
  // An error status stays what it was, without a code: the client reads the HTTP failure (and its Retry-After).
  "upstream-not-json": {
    status: (v) => (v.status >= 400 ? v.status : 502),
    code: (v) => (v.status >= 400 ? null : "ERROR_SERVER_INTERNAL"),
    words: (say, v) => say("relay.upstreamNotJson", v),
    detail: asData,
  },
};

/** A refusal the relay makes itself, as sent: its status, the refusal (worded in `locale`) and its headers. */
interface SentRefusal {
  readonly status: number;
  readonly refusal: Refusal<RelayRefusalName>;
  readonly headers: Record<string, string>;
}

/** The refusal `problem` in `locale`, from its values. */
export function relayRefusal<P extends RelayRefusalName>(
  locale: Locale,
  problem: P,
  values: RelayRefusals[P],
): SentRefusal {
  const row = ROWS[problem] as Row<RelayRefusals[P]>;
  const status = typeof row.status === "number" ? row.status : row.status(values);
  const refusal: Refusal<RelayRefusalName> = {
    problem,
    message: row.words(t.in(locale), values),
    ...(row.detail ? { detail: row.detail(values) } : {}),
    ...(row.code ? { code: row.code(values) } : {}),
  };
  return { status, refusal, headers: row.headers?.(values) ?? {} };
}

const UPSTREAM_PROBLEMS: ReadonlySet<string> = new Set<UpstreamProblem>([
  "upstream-too-large",
  "upstream-timeout",
  "upstream-unreachable",
  "upstream-redirect",
  "upstream-too-deep",
  "upstream-not-json",
]);
/** Longer is no failure of the relay's own (those are a few hundred characters): passed on as it is. */
const MAX_FAILURE_TEXT = 2_000;

const isPlainValue = (value: unknown) =>
  (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && value.length <= 80);

/**
 * An answer's text in `locale`: a failure of the relay to bring the service's answer is worded in English when the
 * call fails (the call, and so its failure, may be shared by members of other languages: ./team/shared-call.ts),
 * and worded again here from its `data` for whoever gets it. Any other answer is passed on as it is.
 */
export function answerTextIn(text: string, status: number, locale: Locale): string {
  if (locale === "en" || status < 400 || text.length > MAX_FAILURE_TEXT) return text;
  try {
    const body = JSON.parse(text) as { data?: unknown };
    const data = body.data as Record<string, unknown> | null | undefined;
    if (typeof data !== "object" || data === null || !UPSTREAM_PROBLEMS.has(String(data.problem))) return text;
    const { problem, ...values } = data;
    if (!Object.values(values).every(isPlainValue)) return text;
    const again = relayRefusal(locale, problem as UpstreamProblem, values as never);
    return JSON.stringify({ ...body, message: again.refusal.message });
  } catch {
    return text; // not the relay's own failure after all (values missing, not JSON): as it came
  }
}
