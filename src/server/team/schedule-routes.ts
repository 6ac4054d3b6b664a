/**
 * The team relay's routes for scheduled refreshes. Members (their token): `GET /v1/schedules` lists theirs,
 * `PUT /v1/schedules/{id}` sets one (checked by the catalog's rules; at most MAX_SCHEDULES_PER_MEMBER),
 * `DELETE /v1/schedules/{id}` removes one of theirs. Admins: `GET /admin/schedules` lists everyone's,
 * `DELETE /admin/schedules/{id}` removes any (`npm run team -- schedules` / `unschedule ID` do the same on Redis).
 * A schedule may keep its runs' history (`history: true`, where the relay has a database: ../history/snapshots.ts);
 * lists say what each keeps (`kept`), and removing a schedule removes its history and feeds first.
 * Answers are the service's envelope: `{code: "OK", message, data}`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Clock } from "../../api/clock";
import {
  checkScheduleRequest,
  MAX_SCHEDULES_PER_MEMBER,
  nextRunAt,
  SCHEDULE_ID,
  withSwitches,
  type Schedule,
} from "../../api/schedules";
import type { HistoryAccess } from "../history/snapshots";
import { bodyRefusalText, readJsonBody } from "../json-body";
import { sendError, sendJsonText, type RelayOutcome } from "../relay";
import type { Member, TeamStore } from "./team-store";

export const SCHEDULES_PATH = "/v1/schedules";
export const ADMIN_SCHEDULES_PATH = "/admin/schedules";

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

/** Why a schedule cannot keep history here: the relay's own reason, or that it was given no database. */
const historyOff = (history: HistoryAccess | undefined) =>
  `history: this relay keeps no history: ${history && "off" in history ? history.off : "it was started without a database"} (set DATABASE_URL)`;

/** The schedules' side of their history: what each keeps, and removing it with them. */
function keptHistory(store: TeamStore, history: HistoryAccess | undefined) {
  const kept = history && "store" in history ? history.store : undefined;
  return {
    kept,
    /** The schedules as answered: `history` and `paused` as booleans, and what each with history keeps. */
    async listed(schedules: readonly Schedule[]): Promise<Schedule[]> {
      const all = schedules.map(withSwitches);
      if (!kept) return all;
      // The database down: the schedules are still listed, without what they keep.
      const summaries = await kept.summaries(all.map((s) => s.id)).catch(() => undefined);
      if (!summaries) return all;
      return all.map((s) => {
        const summary = summaries.get(s.id);
        return s.history || summary?.days ? { ...s, kept: summary } : s;
      });
    },
    /** Removes a schedule: its history and feeds first (a database that fails leaves it whole), then itself. */
    async remove(id: string): Promise<boolean> {
      if (kept) await kept.deleteSchedule(id);
      return store.scheduleDelete(id);
    },
  };
}

export function scheduleRoutes(store: TeamStore, clock: Clock, history?: HistoryAccess) {
  const find = async (id: string) => (await store.schedules()).find((s) => s.id === id);
  const { kept, listed, remove } = keptHistory(store, history);

  async function put(req: IncomingMessage, res: ServerResponse, id: string, member: Member): Promise<RelayOutcome> {
    // Size, nesting and cost checked before anything parses it (../json-body.ts), as alerts' bodies are.
    const read = await readJsonBody(req);
    if ("refused" in read)
      return read.refused.kind === "too-large"
        ? sendError(res, 413, "ERROR_PARAM", bodyRefusalText(read.refused), { connection: "close" })
        : sendError(res, 400, "ERROR_PARAM", bodyRefusalText(read.refused));
    const input = read.body;
    const checked = checkScheduleRequest(input, new Date(clock.now()));
    if ("error" in checked) return sendError(res, 400, "ERROR_PARAM", checked.error);
    if (checked.request.history && !kept) return sendError(res, 400, "ERROR_PARAM", historyOff(history));
    const all = await store.schedules();
    const existing = all.find((s) => s.id === id);
    if (existing && existing.member !== member.name)
      return sendError(res, 403, "ERROR_PARAM", "this schedule was set by another member");
    if (!existing && all.filter((s) => s.member === member.name).length >= MAX_SCHEDULES_PER_MEMBER)
      return sendError(res, 400, "ERROR_PARAM", `a member keeps at most ${MAX_SCHEDULES_PER_MEMBER} schedules`);
    const now = clock.now();
    const schedule: Schedule = {
      ...checked.request,
      history: checked.request.history === true,
      paused: checked.request.paused === true,
      id,
      member: member.name,
      createdAt: existing?.createdAt ?? now,
      nextRunAt: nextRunAt(checked.request.at, checked.request.timeZone, now),
      ...(existing?.lastRun ? { lastRun: existing.lastRun } : {}),
    };
    await store.scheduleSave(schedule);
    return ok(res, (await listed([schedule]))[0]);
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
        return ok(res, await listed((await store.schedules()).filter((s) => s.member === member.name)));
      }
      if (id !== "" && req.method === "PUT") return put(req, res, id, member);
      if (id !== "" && req.method === "DELETE") {
        req.resume();
        const existing = await find(id);
        if (!existing) return sendError(res, 404, "ERROR_URL_NOT_FOUND", "no such schedule");
        if (existing.member !== member.name && member.role !== "admin")
          return sendError(res, 403, "ERROR_PARAM", "this schedule was set by another member");
        await remove(id);
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
        ok(res, await listed(await store.schedules()));
        return;
      }
      if (id && req.method === "DELETE") {
        if ((await find(id)) && (await remove(id))) ok(res, { removed: id });
        else sendError(res, 404, "ERROR_URL_NOT_FOUND", "no such schedule");
        return;
      }
      sendError(res, 404, "ERROR_URL_NOT_FOUND", `not an admin route: ${req.method} ${pathname}`);
    },
  };
}
