/**
 * The team relay's routes for a schedule's kept history (issue 44). Members (their token; a member reads only their
 * own schedules, an admin any, another's answers 404 as a missing one): `GET /v1/schedules/{id}/history.csv|.json`
 * and `…/changes.csv|.json` (`since`, `until`, `latest`, `labels`), `POST /v1/schedules/{id}/feeds` (a feed's URL
 * and key, shown once), `GET …/feeds` (the schedule's feeds, no keys), `DELETE …/feeds/{feedId}` (revoked at once).
 * Anyone with a feed's key (no member token; the per-address rate limit of unauthenticated requests):
 * `GET /v1/feeds/{feedId}/history.csv|.json|changes.csv|.json?key=KEY`. Parameters are checked before anything is
 * read. Without a database (REDIS_URL but no DATABASE_URL) every route answers 400 with the reason. A refusal
 * carries a stable `data.problem` (SCHEDULE_PROBLEMS) and its message in the requester's language
 * (../team/routes/member-answers.ts).
 * The key travels in the query string, which the hosting server's request log leaves out (it logs the path only).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { t } from "../../i18n/alerts";
import type { Locale } from "../../i18n/locale";
import type { Clock } from "../../lib/clock";
import type { Schedule } from "../../relay-api/schedules";
import type { RelayOutcome } from "../relay";
import { failureReason } from "../scrub";
import { answerOk, mayActOn, notAllowed, refuse, requestLocale } from "../team/routes/member-answers";
import type { Member, TeamStore } from "../team/team-store";
import {
  databaseDown,
  serveAnswer,
  type AnswerFormat,
  type AnswerKind,
  type AnswerSources,
  type HistoryLog,
} from "./answers";
import { createFeed, feedSchedule, listFeeds, MAX_FEEDS_PER_SCHEDULE, revokeFeed } from "./feeds";
import { readParams, type ReadParams } from "./read-params";
import type { HistoryAccess } from "./snapshots";

const ID = "[A-Za-z0-9_-]{8,64}";
const READ_ROUTE = new RegExp(`^/v1/schedules/(${ID})/(history|changes)\\.(csv|json)$`);
const FEEDS_ROUTE = new RegExp(`^/v1/schedules/(${ID})/feeds(?:/([^/]*))?$`);
const FEED_READ_ROUTE = /^\/v1\/feeds\/([^/]*)\/(history|changes)\.(csv|json)$/;
const FEEDS_PATH = "/v1/feeds";

/** A member's route of this module (dispatched before the schedules' own routes). */
export const isHistoryPath = (pathname: string): boolean => READ_ROUTE.test(pathname) || FEEDS_ROUTE.test(pathname);
/** A feed's read, which takes no member token. */
export const isFeedPath = (pathname: string): boolean =>
  pathname === FEEDS_PATH || pathname.startsWith(`${FEEDS_PATH}/`);

export interface HistoryRouteOptions {
  /** The database and its store, or why this relay keeps no history; absent: none set up. */
  readonly history: HistoryAccess | undefined;
  readonly store: TeamStore;
  readonly clock: Clock;
  readonly log: HistoryLog;
  /** MAD_PUBLIC_URL: the base of feed URLs; else the request's own origin. */
  readonly publicUrl?: string;
}

export interface HistoryRoutes {
  /** A member's request on a path `isHistoryPath` took; throws when the team store fails. */
  member(req: IncomingMessage, res: ServerResponse, pathname: string, member: Member): Promise<RelayOutcome>;
  /** A feed's read (`isFeedPath`); throws when the team store fails. */
  feed(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<RelayOutcome>;
}

const searchOf = (req: IncomingMessage) => new URL(req.url ?? "/", "http://relay.local").searchParams;

const noSuchSchedule = (res: ServerResponse, locale: Locale) =>
  refuse(res, 404, { problem: "not-found", message: t.in(locale)("schedule.notFound") });

/** 400: a parameter of the route is wrong (`problem`: its name and rule, in the requester's language). */
const badParams = (res: ServerResponse, message: string) => refuse(res, 400, { problem: "read-params", message });

/** One answer for an unknown feed, a revoked one and a wrong key: nothing tells them apart. */
const feedRefused = (res: ServerResponse, locale: Locale) =>
  refuse(res, 401, { problem: "feed-refused", message: t.in(locale)("history.feedRefused") });

/** The base of a feed's URL: MAD_PUBLIC_URL, else the origin the request came to. */
function baseUrl(req: IncomingMessage, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  const host = req.headers.host && /^[A-Za-z0-9.[\]:-]{1,255}$/.test(req.headers.host) ? req.headers.host : "localhost";
  // Behind a proxy that ends TLS (deploy/nginx.conf sets it): only the asking member sees this address.
  const forwarded = req.headers["x-forwarded-proto"];
  const secure = (req.socket as { encrypted?: boolean }).encrypted === true || forwarded === "https";
  return `${secure ? "https" : "http"}://${host}`;
}

/** What the routes share: the options, with the history always named (off when none was set up). */
interface Routes extends HistoryRouteOptions {
  readonly access: HistoryAccess;
}

type Reading = { kind: AnswerKind; format: AnswerFormat; params: ReadParams };
type Opened = Exclude<HistoryAccess, { off: string }>;

/** The member's schedule (an admin's: any; no member: a feed's), else undefined (answered 404 as a missing one). */
async function scheduleOf(routes: Routes, id: string, member: Member | undefined): Promise<Schedule | undefined> {
  const schedule = (await routes.store.schedules()).find((s) => s.id === id);
  if (!schedule || (member && !mayActOn(schedule, member))) return undefined;
  return schedule;
}

/** The database, or the 400 saying why there is none (`data.reason`: the relay's own words). */
function databaseOr(routes: Routes, res: ServerResponse, locale: Locale): Opened | RelayOutcome {
  if (!("off" in routes.access)) return routes.access;
  const reason = routes.access.off;
  return refuse(res, 400, {
    problem: "no-history",
    message: t.in(locale)("history.off", { reason }),
    detail: { reason },
  });
}

function read(
  routes: Routes,
  res: ServerResponse,
  locale: Locale,
  schedule: Schedule,
  what: Reading,
): Promise<RelayOutcome> {
  const db = databaseOr(routes, res, locale);
  if ("status" in db) return Promise.resolve(db);
  const sources: AnswerSources = { database: db.database, store: db.store, log: routes.log };
  return serveAnswer(res, { ...what, schedule }, sources);
}

/** A member's route: its path matched, the member asking (the request's body already let go: none is read). */
type MemberRoute = (
  routes: Routes,
  req: IncomingMessage,
  res: ServerResponse,
  match: RegExpExecArray,
  member: Member,
) => Promise<RelayOutcome>;

const memberRead: MemberRoute = async (routes, req, res, match, member) => {
  const [, id, kind, format] = match;
  if (req.method !== "GET") return notAllowed(req, res, match[0], { allow: "GET" });
  const locale = requestLocale(req);
  const checked = readParams(searchOf(req), false, locale);
  if ("error" in checked) return badParams(res, checked.error);
  const schedule = await scheduleOf(routes, id, member);
  if (!schedule) return noSuchSchedule(res, locale);
  return read(routes, res, locale, schedule, {
    kind: kind as AnswerKind,
    format: format as AnswerFormat,
    params: checked.params,
  });
};

/** A feed's step on the schedule `id` (list, make, revoke); undefined when the method fits none. */
async function feedStep(
  routes: Routes,
  req: IncomingMessage,
  res: ServerResponse,
  db: Opened,
  what: { id: string; feedId: string | undefined; member: Member },
): Promise<RelayOutcome | undefined> {
  const { id, feedId } = what;
  const say = t.in(requestLocale(req));
  if (feedId === undefined && req.method === "GET") return answerOk(res, await listFeeds(db.database, id));
  if (feedId === undefined && req.method === "POST") {
    const feed = await createFeed(db.database, id, what.member.name, routes.clock.now());
    if (!feed)
      return refuse(res, 400, {
        problem: "too-many-feeds",
        message: say("history.tooManyFeeds", { max: MAX_FEEDS_PER_SCHEDULE }),
      });
    const url = `${baseUrl(req, routes.publicUrl)}${FEEDS_PATH}/${feed.id}/history.csv?key=${feed.token}`;
    return answerOk(res, { id: feed.id, url, token: feed.token });
  }
  if (feedId !== undefined && req.method === "DELETE")
    return (await revokeFeed(db.database, id, feedId))
      ? answerOk(res, { removed: feedId })
      : refuse(res, 404, { problem: "not-found", message: say("history.noSuchFeed") });
  return undefined;
}

const feedsRoute: MemberRoute = async (routes, req, res, match, member) => {
  const [, id, feedId] = match;
  const locale = requestLocale(req);
  const given = [...searchOf(req).keys()][0];
  if (given !== undefined)
    return badParams(res, t.in(locale)("history.feedParams", { name: JSON.stringify(given.slice(0, 40)) }));
  if (!(await scheduleOf(routes, id, member))) return noSuchSchedule(res, locale);
  const db = databaseOr(routes, res, locale);
  if ("status" in db) return db;
  let done: RelayOutcome | undefined;
  try {
    done = await feedStep(routes, req, res, db, { id, feedId, member });
  } catch (error) {
    routes.log({ event: "history-feeds-failed", schedule: id, reason: failureReason(error) });
    return databaseDown(res, db.database);
  }
  return done ?? notAllowed(req, res, match[0], { allow: feedId === undefined ? "GET, POST" : "DELETE" });
};

const MEMBER_ROUTES: readonly (readonly [RegExp, MemberRoute])[] = [
  [READ_ROUTE, memberRead],
  [FEEDS_ROUTE, feedsRoute],
];

async function feedRead(
  routes: Routes,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<RelayOutcome> {
  req.resume();
  const locale = requestLocale(req);
  const match = FEED_READ_ROUTE.exec(pathname);
  if (!match) return refuse(res, 404, { problem: "id", message: t.in(locale)("history.notAFeed") });
  if (req.method !== "GET") return notAllowed(req, res, pathname, { allow: "GET" });
  const checked = readParams(searchOf(req), true, locale);
  if ("error" in checked) return badParams(res, checked.error);
  const db = databaseOr(routes, res, locale);
  if ("status" in db) return db;
  let scheduleId: string | undefined;
  try {
    scheduleId = await feedSchedule(db.database, match[1], checked.key, routes.clock.now());
  } catch (error) {
    // Never the key: the reason is the database's, masked of whatever it quotes.
    routes.log({ event: "history-feeds-failed", reason: failureReason(error, [checked.key]) });
    return databaseDown(res, db.database);
  }
  const schedule = scheduleId === undefined ? undefined : await scheduleOf(routes, scheduleId, undefined);
  if (!schedule) return feedRefused(res, locale);
  const [, , kind, format] = match;
  return read(routes, res, locale, schedule, {
    kind: kind as AnswerKind,
    format: format as AnswerFormat,
    params: checked.params,
  });
}

export function historyRoutes(options: HistoryRouteOptions): HistoryRoutes {
  const routes: Routes = {
    ...options,
    access: options.history ?? { off: "no history database is set up (set DATABASE_URL)" },
  };
  return {
    async member(req, res, pathname, member) {
      req.resume();
      for (const [route, handle] of MEMBER_ROUTES) {
        const match = route.exec(pathname);
        if (match) return handle(routes, req, res, match, member);
      }
      return refuse(res, 404, {
        problem: "not-found",
        message: t.in(requestLocale(req))("history.notARoute", { path: pathname }),
      });
    },
    feed: (req, res, pathname) => feedRead(routes, req, res, pathname),
  };
}
