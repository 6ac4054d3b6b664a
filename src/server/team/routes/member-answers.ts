/**
 * How every member route of the team relay answers (schedules and their history and feeds, alerts): the service's
 * envelope `{code: "OK", message, data}`, or a refusal `{code, message, data: {problem, ...detail}}` whose
 * `problem` is a stable name (src/relay-api/refusals.ts) and `message` in the requester's language (their add-in's
 * Accept-Language; without one, English), from the relay's book (src/i18n/alerts.ts). Here too the steps the routes
 * share: a member's JSON body read within its bounds, and "this one is the member's own (an admin's: any)".
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MemberRouteProblem } from "../../../relay-api/refusals";
import { t } from "../../../i18n/alerts";
import { localeOf, type Locale } from "../../../i18n/locale";
import { readJsonBody, type BodyRefusal } from "../../json-body";
import { sendJsonText, type RelayedBodyRefusal, type RelayOutcome } from "../../relay";
import type { Member } from "../team-store";

/** A refusal: its stable name (`data.problem`), its words in the requester's language, what else a face may use. */
export interface Refusal<P extends string = string> {
  readonly problem: P;
  readonly message: string;
  readonly detail?: Readonly<Record<string, unknown>>;
}

export function answerOk(res: ServerResponse, data: unknown): RelayOutcome {
  sendJsonText(res, 200, JSON.stringify({ code: "OK", message: "OK", data }));
  return { status: 200 };
}

/** The service's code for a refusal's status, as the add-in's client reads it (src/api/errors.ts). */
function codeOf(status: number): string {
  if (status === 401) return "ERROR_SECRET_KEY";
  if (status === 404 || status === 405) return "ERROR_URL_NOT_FOUND";
  return "ERROR_PARAM";
}

/** Sends a refusal; a body too large closes the connection (what is left of it is not read). */
export function refuse(
  res: ServerResponse,
  status: number,
  refusal: Refusal,
  headers: Record<string, string> = {},
): RelayOutcome {
  const data = { problem: refusal.problem, ...(refusal.detail ?? {}) };
  const close: Record<string, string> = status === 413 ? { connection: "close" } : {};
  sendJsonText(res, status, JSON.stringify({ code: codeOf(status), message: refusal.message, data }), {
    ...close,
    ...headers,
  });
  return { status };
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

/** A body's refusal in `locale`: `notJson`, the route's words for a body that is not what it takes. */
function bodyWords(locale: Locale, refusal: BodyRefusal | RelayedBodyRefusal, notJson: string): string {
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

/** Refuses a body (`problem: "body"`; 413 when too large, which closes the connection), worded in `locale`. */
export const refuseBody =
  (locale: Locale, notJson: string) =>
  (res: ServerResponse, refusal: BodyRefusal | RelayedBodyRefusal): RelayOutcome =>
    refuse(res, refusal.kind === "too-large" ? 413 : 400, {
      problem: "body",
      message: bodyWords(locale, refusal, notJson),
    });

/**
 * A member's JSON body, its size, nesting and cost checked before it is parsed (../../json-body.ts); undefined once
 * refused (answered). `notJson`: the route's words for a body that is not JSON.
 */
export async function readMemberJson(
  req: IncomingMessage,
  res: ServerResponse,
  locale: Locale,
  notJson: string,
): Promise<{ body: unknown } | undefined> {
  const read = await readJsonBody(req);
  if ("body" in read) return read;
  refuseBody(locale, notJson)(res, read.refused);
  return undefined;
}

/** Whether `member` may act on `item`: their own, or anyone's for an admin when `adminsAny`. */
export const mayActOn = (item: { readonly member: string }, member: Member, adminsAny = true): boolean =>
  item.member === member.name || (adminsAny && member.role === "admin");

/** The route's words for the two refusals of someone else's or a missing item. */
export interface OwnWords {
  readonly notFound: () => string;
  readonly notYours: () => string;
}

/**
 * The member's own item (an admin's: any), or the refusal sent: 404 when there is none, 403 when it is another's
 * (`hideOthers`: 404 as a missing one, so an id tells nothing of who has it).
 */
export function ownItem<T extends { readonly member: string }>(
  res: ServerResponse,
  item: T | undefined,
  member: Member,
  words: OwnWords & { readonly hideOthers?: boolean },
): { own: T } | { answered: RelayOutcome } {
  if (item && mayActOn(item, member)) return { own: item };
  const refusal: Refusal<MemberRouteProblem> =
    !item || words.hideOthers
      ? { problem: "not-found", message: words.notFound() }
      : { problem: "not-yours", message: words.notYours() };
  return { answered: refuse(res, refusal.problem === "not-found" ? 404 : 403, refusal) };
}

/** 405: the method is not one the path takes. */
export function notAllowed(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  headers: Record<string, string> = {},
): RelayOutcome {
  req.resume();
  const message = t.in(requestLocale(req))("error.method", { method: req.method ?? "", path: pathname });
  return refuse(res, 405, { problem: "method", message }, headers);
}
