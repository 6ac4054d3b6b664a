/**
 * The team relay's routes for a schedule's kept history (issue 44). Members (their token; a member reads only their
 * own schedules, an admin any, another's answers 404 as a missing one): `GET /v1/schedules/{id}/history.csv|.json`
 * and `…/changes.csv|.json` (`since`, `until`, `latest`, `labels`), `POST /v1/schedules/{id}/feeds` (a feed's URL
 * and key, shown once), `GET …/feeds` (the schedule's feeds, no keys), `DELETE …/feeds/{feedId}` (revoked at once).
 * Anyone with a feed's key (no member token; the per-address rate limit of unauthenticated requests):
 * `GET /v1/feeds/{feedId}/history.csv|.json|changes.csv|.json?key=KEY`. Parameters are checked before anything is
 * read. Without a database (REDIS_URL but no DATABASE_URL) every route answers 400 with the reason.
 * The key travels in the query string, which the hosting server's request log leaves out (it logs the path only).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Clock } from "../../api/clock";
import type { Schedule } from "../../api/schedules";
import { sendError, sendJsonText, type RelayOutcome } from "../relay";
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
export const FEEDS_PATH = "/v1/feeds";

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

const ok = (res: ServerResponse, data: unknown): RelayOutcome => {
  sendJsonText(res, 200, JSON.stringify({ code: "OK", message: "OK", data }));
  return { status: 200 };
};

const searchOf = (req: IncomingMessage) => new URL(req.url ?? "/", "http://relay.local").searchParams;

const notAllowed = (req: IncomingMessage, res: ServerResponse, pathname: string) =>
  sendError(res, 405, "ERROR_URL_NOT_FOUND", `${req.method} is not allowed on ${pathname}`, { allow: "GET" });

const noSuchSchedule = (res: ServerResponse) => sendError(res, 404, "ERROR_URL_NOT_FOUND", "no such schedule");

/** One answer for an unknown feed, a revoked one and a wrong key: nothing tells them apart. */
const feedRefused = (res: ServerResponse) =>
  sendError(
    res,
    401,
    "ERROR_SECRET_KEY",
    "this feed's URL is unknown, revoked or its key is wrong: ask the schedule's owner for its current URL",
  );

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
  if (!schedule || (member && schedule.member !== member.name && member.role !== "admin")) return undefined;
  return schedule;
}

/** The database, or the 400 saying why there is none. */
const databaseOr = (routes: Routes, res: ServerResponse): Opened | RelayOutcome =>
  "off" in routes.access
    ? sendError(res, 400, "ERROR_PARAM", `this relay keeps no history: ${routes.access.off}`)
    : routes.access;

function read(routes: Routes, res: ServerResponse, schedule: Schedule, what: Reading): Promise<RelayOutcome> {
  const db = databaseOr(routes, res);
  if ("status" in db) return Promise.resolve(db);
  const sources: AnswerSources = { database: db.database, store: db.store, log: routes.log };
  return serveAnswer(res, { ...what, schedule }, sources);
}

async function memberRead(
  routes: Routes,
  req: IncomingMessage,
  res: ServerResponse,
  match: RegExpExecArray,
  member: Member,
): Promise<RelayOutcome> {
  req.resume();
  const [, id, kind, format] = match;
  if (req.method !== "GET") return notAllowed(req, res, match[0]);
  const checked = readParams(searchOf(req), false);
  if ("error" in checked) return sendError(res, 400, "ERROR_PARAM", checked.error);
  const schedule = await scheduleOf(routes, id, member);
  if (!schedule) return noSuchSchedule(res);
  return read(routes, res, schedule, {
    kind: kind as AnswerKind,
    format: format as AnswerFormat,
    params: checked.params,
  });
}

/** A feed's step on the schedule `id` (list, make, revoke); undefined when the method fits none. */
async function feedStep(
  routes: Routes,
  req: IncomingMessage,
  res: ServerResponse,
  db: Opened,
  what: { id: string; feedId: string | undefined; member: Member },
): Promise<RelayOutcome | undefined> {
  const { id, feedId } = what;
  if (feedId === undefined && req.method === "GET") return ok(res, await listFeeds(db.database, id));
  if (feedId === undefined && req.method === "POST") {
    const feed = await createFeed(db.database, id, what.member.name, routes.clock.now());
    if (!feed)
      return sendError(res, 400, "ERROR_PARAM", `feeds: a schedule has at most ${MAX_FEEDS_PER_SCHEDULE}; revoke one`);
    const url = `${baseUrl(req, routes.publicUrl)}${FEEDS_PATH}/${feed.id}/history.csv?key=${feed.token}`;
    return ok(res, { id: feed.id, url, token: feed.token });
  }
  if (feedId !== undefined && req.method === "DELETE")
    return (await revokeFeed(db.database, id, feedId))
      ? ok(res, { removed: feedId })
      : sendError(res, 404, "ERROR_URL_NOT_FOUND", "no such feed of this schedule");
  return undefined;
}

async function feedsRoute(
  routes: Routes,
  req: IncomingMessage,
  res: ServerResponse,
  match: RegExpExecArray,
  member: Member,
): Promise<RelayOutcome> {
  req.resume();
  const [, id, feedId] = match;
  const given = [...searchOf(req).keys()][0];
  if (given !== undefined)
    return sendError(res, 400, "ERROR_PARAM", `${JSON.stringify(given.slice(0, 40))}: feeds take no parameters`);
  if (!(await scheduleOf(routes, id, member))) return noSuchSchedule(res);
  const db = databaseOr(routes, res);
  if ("status" in db) return db;
  let done: RelayOutcome | undefined;
  try {
    done = await feedStep(routes, req, res, db, { id, feedId, member });
  } catch (error) {
    routes.log({ event: "history-feeds-failed", schedule: id, reason: (error as Error).message });
    return databaseDown(res, db.database);
  }
  return (
    done ??
    sendError(res, 405, "ERROR_URL_NOT_FOUND", `${req.method} is not allowed on ${match[0]}`, {
      allow: feedId === undefined ? "GET, POST" : "DELETE",
    })
  );
}

async function feedRead(
  routes: Routes,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<RelayOutcome> {
  req.resume();
  const match = FEED_READ_ROUTE.exec(pathname);
  if (!match)
    return sendError(
      res,
      404,
      "ERROR_URL_NOT_FOUND",
      "not a feed: /v1/feeds/{feedId}/history.csv (or .json, changes.csv, changes.json)",
    );
  if (req.method !== "GET") return notAllowed(req, res, pathname);
  const checked = readParams(searchOf(req), true);
  if ("error" in checked) return sendError(res, 400, "ERROR_PARAM", checked.error);
  const db = databaseOr(routes, res);
  if ("status" in db) return db;
  let scheduleId: string | undefined;
  try {
    scheduleId = await feedSchedule(db.database, match[1], checked.key, routes.clock.now());
  } catch (error) {
    routes.log({ event: "history-feeds-failed", reason: (error as Error).message });
    return databaseDown(res, db.database);
  }
  const schedule = scheduleId === undefined ? undefined : await scheduleOf(routes, scheduleId, undefined);
  if (!schedule) return feedRefused(res);
  const [, , kind, format] = match;
  return read(routes, res, schedule, {
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
      const reading = READ_ROUTE.exec(pathname);
      if (reading) return memberRead(routes, req, res, reading, member);
      const feeds = FEEDS_ROUTE.exec(pathname);
      if (feeds) return feedsRoute(routes, req, res, feeds, member);
      req.resume();
      return sendError(res, 404, "ERROR_URL_NOT_FOUND", `not a history route: ${pathname}`);
    },
    feed: (req, res, pathname) => feedRead(routes, req, res, pathname),
  };
}
