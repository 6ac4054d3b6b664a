/**
 * The team relay's routes for scheduled refreshes. Members (their token): `GET /v1/schedules` lists theirs,
 * `PUT /v1/schedules/{id}` sets one (checked by the catalog's rules; at most MAX_SCHEDULES_PER_MEMBER),
 * `DELETE /v1/schedules/{id}` removes one of theirs. Admins: `GET /admin/schedules` lists everyone's,
 * `DELETE /admin/schedules/{id}` removes any (`npm run team -- schedules` / `unschedule ID` do the same on Redis).
 * Answers are the service's envelope: `{code: "OK", message, data}`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Clock } from "../../api/clock";
import {
  checkScheduleRequest,
  MAX_SCHEDULES_PER_MEMBER,
  nextRunAt,
  SCHEDULE_ID,
  type Schedule,
} from "../../api/schedules";
import { BodyTooLarge, readBody, sendError, sendJsonText, type RelayOutcome } from "../relay";
import type { Member, TeamStore } from "./team-store";

export const SCHEDULES_PATH = "/v1/schedules";
export const ADMIN_SCHEDULES_PATH = "/admin/schedules";
const MAX_BODY_BYTES = 200_000;

const ok = (res: ServerResponse, data: unknown): RelayOutcome => {
  sendJsonText(res, 200, JSON.stringify({ code: "OK", message: "OK", data }));
  return { status: 200 };
};

/** The id after the collection's path, or "" for the collection itself; null when the path is neither. */
function idOf(pathname: string, base: string): string | null {
  if (pathname === base) return "";
  if (!pathname.startsWith(`${base}/`)) return null;
  const id = pathname.slice(base.length + 1);
  return SCHEDULE_ID.test(id) ? id : null;
}

export const isSchedulesPath = (pathname: string) =>
  pathname === SCHEDULES_PATH || pathname.startsWith(`${SCHEDULES_PATH}/`);

export function scheduleRoutes(store: TeamStore, clock: Clock) {
  const find = async (id: string) => (await store.schedules()).find((s) => s.id === id);

  async function put(req: IncomingMessage, res: ServerResponse, id: string, member: Member): Promise<RelayOutcome> {
    let input: unknown;
    try {
      input = JSON.parse((await readBody(req, MAX_BODY_BYTES)).toString("utf8"));
    } catch (error) {
      return error instanceof BodyTooLarge
        ? sendError(res, 413, "ERROR_PARAM", `body: larger than ${MAX_BODY_BYTES} bytes`, { connection: "close" })
        : sendError(res, 400, "ERROR_PARAM", "body: not valid JSON");
    }
    const checked = checkScheduleRequest(input, new Date(clock.now()));
    if ("error" in checked) return sendError(res, 400, "ERROR_PARAM", checked.error);
    const all = await store.schedules();
    const existing = all.find((s) => s.id === id);
    if (existing && existing.member !== member.name)
      return sendError(res, 403, "ERROR_PARAM", "this schedule was set by another member");
    if (!existing && all.filter((s) => s.member === member.name).length >= MAX_SCHEDULES_PER_MEMBER)
      return sendError(res, 400, "ERROR_PARAM", `a member keeps at most ${MAX_SCHEDULES_PER_MEMBER} schedules`);
    const now = clock.now();
    const schedule: Schedule = {
      ...checked.request,
      id,
      member: member.name,
      createdAt: existing?.createdAt ?? now,
      nextRunAt: nextRunAt(checked.request.at, checked.request.timeZone, now),
      ...(existing?.lastRun ? { lastRun: existing.lastRun } : {}),
    };
    await store.scheduleSave(schedule);
    return ok(res, schedule);
  }

  return {
    /** A member's request under /v1/schedules (throws when the store fails). */
    async member(req: IncomingMessage, res: ServerResponse, pathname: string, member: Member): Promise<RelayOutcome> {
      const id = idOf(pathname, SCHEDULES_PATH);
      if (id === null) {
        req.resume();
        return sendError(res, 404, "ERROR_URL_NOT_FOUND", "not a schedule: ids are 8 to 64 letters, digits, - or _");
      }
      if (id === "" && req.method === "GET") {
        req.resume();
        return ok(
          res,
          (await store.schedules()).filter((s) => s.member === member.name),
        );
      }
      if (id !== "" && req.method === "PUT") return put(req, res, id, member);
      if (id !== "" && req.method === "DELETE") {
        req.resume();
        const existing = await find(id);
        if (!existing) return sendError(res, 404, "ERROR_URL_NOT_FOUND", "no such schedule");
        if (existing.member !== member.name && member.role !== "admin")
          return sendError(res, 403, "ERROR_PARAM", "this schedule was set by another member");
        await store.scheduleDelete(id);
        return ok(res, { removed: id });
      }
      req.resume();
      return sendError(res, 405, "ERROR_URL_NOT_FOUND", `${req.method} is not allowed on ${pathname}`);
    },

    /** An admin's request under /admin/schedules (the caller checked the role); throws when the store fails. */
    async admin(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
      req.resume();
      const id = idOf(pathname, ADMIN_SCHEDULES_PATH);
      if (id === "" && req.method === "GET") {
        ok(res, await store.schedules());
        return;
      }
      if (id && req.method === "DELETE") {
        if (await store.scheduleDelete(id)) ok(res, { removed: id });
        else sendError(res, 404, "ERROR_URL_NOT_FOUND", "no such schedule");
        return;
      }
      sendError(res, 404, "ERROR_URL_NOT_FOUND", `not an admin route: ${req.method} ${pathname}`);
    },
  };
}
