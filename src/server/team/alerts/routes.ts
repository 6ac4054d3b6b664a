/**
 * The team relay's routes for alerts, one handler per route. Members (their token): `GET /v1/alerts` lists theirs,
 * `GET /v1/alerts/{id}` one, `PUT /v1/alerts/{id}` sets one (`?dryRun=1`: checked and priced, not saved),
 * `PATCH /v1/alerts/{id}` mutes or unmutes it, `DELETE /v1/alerts/{id}` removes it. Admins: `GET /admin/alerts`
 * (everyone's, with the deliveries waiting and those given up), `DELETE /admin/alerts/{id}`.
 *
 * Answers are the service's envelope: `{code: "OK", message, data}`; a refusal is `{code: "ERROR_PARAM" (or
 * "ERROR_URL_NOT_FOUND"), message, data: {problem, ...}}`, `problem` a stable name of ALERT_PROBLEMS and `message`
 * in the requester's language (Accept-Language; without one, a saved alert's `language`), as every member route
 * answers (../routes/member-answers.ts). No answer holds a webhook's URL in full or a secret (./destinations.ts
 * shows them in part).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ALERT_ID, MAX_ALERTS_PER_MEMBER, type AlertView } from "../../../relay-api/alerts";
import type { Clock } from "../../../lib/clock";
import { t } from "../../../i18n/alerts";
import type { Locale } from "../../../i18n/locale";
import type { RelayOutcome } from "../../relay";
import {
  answerOk as ok,
  askedLanguage,
  mayActOn,
  notAllowed,
  ownItem,
  readMemberJson,
  refuse,
  requestLocale,
  type OwnWords,
} from "../routes/member-answers";
import type { Member, PacedKey, TeamStore } from "../team-store";
import { budgetRefusal, costOfAlert, languageOf, mailRecipientsRefusal, readAlert } from "./alert-input";
import { showDestination, type DestinationRules } from "./destinations";
import type { AlertStatus, OutboxCount, StoredAlert } from "./model";
import type { Refusal } from "./query";

const ALERTS_PATH = "/v1/alerts";
const ADMIN_ALERTS_PATH = "/admin/alerts";

export const isAlertsPath = (pathname: string) => pathname === ALERTS_PATH || pathname.startsWith(`${ALERTS_PATH}/`);
export const isAdminAlertsPath = (pathname: string) =>
  pathname === ADMIN_ALERTS_PATH || pathname.startsWith(`${ADMIN_ALERTS_PATH}/`);

export interface AlertRoutesOptions {
  store: TeamStore;
  clock: Clock;
  keys: readonly PacedKey[];
  rules: DestinationRules;
  /** MAD_ALERTS_MAIL_RECIPIENTS_PER_DAY: the distinct addresses a member's alerts may mail (checked at save too). */
  mailRecipientsPerDay: number;
}

/** The id after the collection's path, "" for the collection, null for neither. */
function idOf(pathname: string, base: string): string | null {
  if (pathname === base) return "";
  const id = pathname.slice(base.length + 1);
  return pathname.startsWith(`${base}/`) && ALERT_ID.test(id) ? id : null;
}

const acceptLanguage = (req: IncomingMessage) => req.headers["accept-language"];

const alertWords = (locale: Locale): OwnWords => ({
  notFound: () => t.in(locale)("error.notFound"),
  notYours: () => t.in(locale)("error.notYours"),
});

/** The alerts as shown, with their deliveries counted (never the outbox read: it may hold others' thousands). */
async function viewsOf(ctx: AlertRoutesOptions, alerts: readonly StoredAlert[]): Promise<AlertView[]> {
  const [statuses, counts] = await Promise.all([
    ctx.store.alertStatuses(),
    ctx.store.outboxCounts(alerts.map((a) => a.id)),
  ]);
  return alerts.map((alert) => viewOf(ctx, alert, statuses[alert.id], counts[alert.id]));
}

function viewOf(
  ctx: AlertRoutesOptions,
  alert: StoredAlert,
  status: AlertStatus | undefined,
  count: OutboxCount | undefined,
): AlertView {
  const { destinations, version: _version, memberSince: _since, ...rest } = alert;
  return {
    ...rest,
    deliver: destinations.map(showDestination),
    nextRunAt: status?.nextRunAt ?? ctx.clock.now(),
    ...(status?.lastRun ? { lastRun: status.lastRun } : {}),
    ...(status?.lastFiredAt ? { lastFiredAt: status.lastFiredAt } : {}),
    pending: count?.pending ?? 0,
    dropped: count?.dropped ?? 0,
    cost: costOfAlert(alert, ctx.clock.now()),
  };
}

/** The member's own alert (an admin's: any), or the answer that says why not (404, 403). */
async function ownAlert(ctx: AlertRoutesOptions, res: ServerResponse, id: string, member: Member, locale: Locale) {
  const alert = (await ctx.store.alerts()).find((a) => a.id === id);
  return ownItem(res, alert, member, alertWords(locale));
}

const tooMany = (locale: Locale): Refusal => ({
  problem: "too-many-alerts",
  message: t.in(locale)("error.tooMany", { max: MAX_ALERTS_PER_MEMBER }),
});
const notYours = (locale: Locale): Refusal => ({ problem: "not-yours", message: t.in(locale)("error.notYours") });

/** GET /v1/alerts: the member's alerts. */
async function list(ctx: AlertRoutesOptions, req: IncomingMessage, res: ServerResponse, member: Member) {
  req.resume();
  return ok(res, await viewsOf(ctx, await ctx.store.alertsOf(member.name)));
}

/** GET /v1/alerts/{id}. */
async function getOne(ctx: AlertRoutesOptions, req: IncomingMessage, res: ServerResponse, id: string, member: Member) {
  req.resume();
  const found = await ownAlert(ctx, res, id, member, requestLocale(req));
  if ("answered" in found) return found.answered;
  return ok(res, (await viewsOf(ctx, [found.own]))[0]);
}

/** PUT /v1/alerts/{id}[?dryRun=1]: checked, priced against the budgets, then saved (unless a dry run). */
async function put(ctx: AlertRoutesOptions, req: IncomingMessage, res: ServerResponse, id: string, member: Member) {
  const dryRun = /^(1|true)$/.test(new URL(req.url ?? "/", "http://relay.local").searchParams.get("dryRun") ?? "");
  const asked = requestLocale(req);
  const parsed = await readMemberJson(req, res, asked, t.in(asked)("error.body"));
  if (!parsed) return { status: res.statusCode };
  const language = languageOf(parsed.body, acceptLanguage(req));
  // A refusal speaks the language of whoever asked (their add-in's Accept-Language), which need not be the language
  // of the messages the alert sends; a script that sends no Accept-Language reads the alert's.
  const locale = askedLanguage(acceptLanguage(req)) ?? language;
  const all = await ctx.store.alerts();
  const saved = all.find((a) => a.id === id);
  // Set again only by its own member: an admin removes another's, never takes it over.
  if (saved && !mayActOn(saved, member, false)) return refuse(res, 403, notYours(locale));
  const now = ctx.clock.now();
  const checked = await readAlert(parsed.body, { id, member, saved, now, rules: ctx.rules, locale, language });
  if ("refused" in checked) return refuse(res, 400, checked.refused);
  const others = all.filter((a) => a.member === member.name && a.id !== id);
  const overBudget = budgetRefusal(checked.read, member, others, ctx.keys, now, locale);
  if (overBudget) return refuse(res, 400, overBudget);
  const { alert, cost } = checked.read;
  const fanOut = mailRecipientsRefusal(alert, others, ctx.mailRecipientsPerDay, locale);
  if (fanOut) return refuse(res, 400, fanOut);
  if (!saved && others.length >= MAX_ALERTS_PER_MEMBER) return refuse(res, 400, tooMany(locale));
  if (dryRun) return ok(res, { ...viewOf(ctx, alert, undefined, undefined), cost, saved: false });
  const changed = saved?.version !== alert.version;
  const outcome = await ctx.store.alertSave(alert, changed ? { nextRunAt: now } : null, changed, MAX_ALERTS_PER_MEMBER);
  if (outcome === "taken") return refuse(res, 403, notYours(locale));
  if (outcome === "limit") return refuse(res, 400, tooMany(locale));
  return ok(res, { ...(await viewsOf(ctx, [alert]))[0], saved: true });
}

/**
 * PATCH /v1/alerts/{id} `{"muted": true|false}`; unmuted, it runs at the next tick, compared with what it had. An
 * alert unmuted costs again: checked against its member's and the plan's budgets as a save is.
 */
async function patch(ctx: AlertRoutesOptions, req: IncomingMessage, res: ServerResponse, id: string, member: Member) {
  const locale = requestLocale(req);
  const parsed = await readMemberJson(req, res, locale, t.in(locale)("error.body"));
  if (!parsed) return { status: res.statusCode };
  const muted = (parsed.body as { muted?: unknown } | null)?.muted;
  if (typeof muted !== "boolean" || Object.keys(parsed.body as object).length !== 1)
    return refuse(res, 400, { problem: "muted", message: t.in(locale)("error.patch") });
  const found = await ownAlert(ctx, res, id, member, locale);
  if ("answered" in found) return found.answered;
  if (!muted && found.own.muted) {
    const overBudget = await unmuteRefusal(ctx, found.own, locale);
    if (overBudget) return refuse(res, 400, overBudget);
  }
  const status = (await ctx.store.alertStatuses())[id];
  const alert = { ...found.own, muted, updatedAt: ctx.clock.now() };
  const resumed = !muted && found.own.muted ? { ...status, nextRunAt: ctx.clock.now() } : null;
  await ctx.store.alertSave(alert, resumed, false, Number.MAX_SAFE_INTEGER);
  return ok(res, (await viewsOf(ctx, [alert]))[0]);
}

/** The refusal of unmuting `alert` when it would pass its member's or the plan's budget, as a save would. */
async function unmuteRefusal(
  ctx: AlertRoutesOptions,
  alert: StoredAlert,
  locale: Locale,
): Promise<Refusal | undefined> {
  const [members, all] = await Promise.all([ctx.store.members(), ctx.store.alerts()]);
  const owner = members.find((m) => m.name === alert.member);
  if (!owner) return undefined;
  const now = ctx.clock.now();
  const read = { alert: { ...alert, muted: false }, cost: costOfAlert(alert, now) };
  const others = all.filter((a) => a.member === alert.member && a.id !== alert.id);
  return budgetRefusal(read, owner, others, ctx.keys, now, locale);
}

/** DELETE /v1/alerts/{id} (an admin's DELETE /admin/alerts/{id}: any). */
async function remove(ctx: AlertRoutesOptions, req: IncomingMessage, res: ServerResponse, id: string, member: Member) {
  req.resume();
  const found = await ownAlert(ctx, res, id, member, requestLocale(req));
  if ("answered" in found) return found.answered;
  await ctx.store.alertDelete(id);
  return ok(res, { removed: id });
}

/** GET /admin/alerts: everyone's alerts, the deliveries waiting, and those given up (their URLs in part). */
async function adminList(ctx: AlertRoutesOptions, res: ServerResponse) {
  const [alerts, failed] = await Promise.all([ctx.store.alerts(), ctx.store.outboxFailed()]);
  const byId = new Map(alerts.map((a) => [a.id, a]));
  const failures = failed.map((delivery) => {
    const destination = byId.get(delivery.alertId)?.destinations.find((d) => d.id === delivery.destinationId);
    return { ...delivery, destination: destination ? showDestination(destination).shown : null };
  });
  const views = await viewsOf(ctx, alerts);
  return ok(res, { alerts: views, pending: views.reduce((sum, v) => sum + v.pending, 0), failed: failures });
}

type Handler = (
  ctx: AlertRoutesOptions,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  member: Member,
) => Promise<RelayOutcome>;
const BY_METHOD: Readonly<Record<string, Handler>> = { GET: getOne, PUT: put, PATCH: patch, DELETE: remove };

export function alertRoutes(ctx: AlertRoutesOptions) {
  return {
    /** A member's request under /v1/alerts (throws when the store fails). */
    async member(req: IncomingMessage, res: ServerResponse, pathname: string, member: Member): Promise<RelayOutcome> {
      const id = idOf(pathname, ALERTS_PATH);
      if (id === null) {
        req.resume();
        return refuse(res, 404, { problem: "id", message: t.in(requestLocale(req))("error.id") });
      }
      if (id === "" && req.method === "GET") return list(ctx, req, res, member);
      const handler = id === "" ? undefined : BY_METHOD[req.method ?? ""];
      return handler ? handler(ctx, req, res, id, member) : notAllowed(req, res, pathname);
    },

    /** An admin's request under /admin/alerts (the caller checked the role); throws when the store fails. */
    async admin(req: IncomingMessage, res: ServerResponse, pathname: string, admin: Member): Promise<RelayOutcome> {
      const id = idOf(pathname, ADMIN_ALERTS_PATH);
      if (id === "" && req.method === "GET") {
        req.resume();
        return adminList(ctx, res);
      }
      if (id && req.method === "DELETE") return remove(ctx, req, res, id, admin);
      return notAllowed(req, res, pathname);
    },
  };
}
