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
import type { Locale } from "../../../i18n/locale";
import { readJsonBody } from "../../json-body";
import { refuse, refuseBody, sendJsonText, type RelayOutcome } from "../../relay";
import { requestLocale, type Refusal } from "../../relay-refusals";
import type { Member } from "../team-store";

// The relay's one refusal style (../../relay-refusals.ts), for the member routes.
export { refuse };
export { askedLanguage, requestLocale, type Refusal } from "../../relay-refusals";

export function answerOk(res: ServerResponse, data: unknown): RelayOutcome {
  sendJsonText(res, 200, JSON.stringify({ code: "OK", message: "OK", data }));
  return { status: 200 };
}

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
