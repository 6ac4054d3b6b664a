/**
 * The team relay's routes for scheduled refreshes. Members (their token): `GET /v1/schedules` lists theirs,
 * `PUT /v1/schedules/{id}` sets one (checked by the catalog's rules; at most MAX_SCHEDULES_PER_MEMBER),
 * `DELETE /v1/schedules/{id}` removes one of theirs. Admins: `GET /admin/schedules` lists everyone's,
 * `DELETE /admin/schedules/{id}` removes any (`npm run team -- schedules` / `unschedule ID` do the same on Redis).
 * A schedule may keep its runs' history (`history: true`, where the relay has a database: ../history/snapshots.ts);
 * lists say what each keeps (`kept`), and removing a schedule removes its history and feeds first.
 * Answers are the service's envelope: `{code: "OK", message, data}`; a refusal carries a stable `data.problem`
 * (SCHEDULE_PROBLEMS) and its message in the requester's language (./routes/member-answers.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { t } from "../../i18n/alerts";
import type { Locale } from "../../i18n/locale";
import type { Clock } from "../../lib/clock";
import {
  MAX_SCHEDULES_PER_MEMBER,
  nextRunAt,
  SCHEDULE_ID,
  withSwitches,
  type Schedule,
  type ScheduleProblem,
} from "../../relay-api/schedules";
import { databaseDown } from "../history/answers";
import type { HistoryAccess } from "../history/snapshots";
import {
  answerOk,
  mayActOn,
  notAllowed,
  ownItem,
  readMemberJson,
  refuse,
  requestLocale,
  type OwnWords,
  type Refusal,
} from "./routes/member-answers";
import { readScheduleRequest } from "./schedule-input";

type RelayLog = (event: Record<string, unknown>) => void;
import type { Member, TeamStore } from "./team-store";
import { failureReason } from "../scrub";

const SCHEDULES_PATH = "/v1/schedules";
export const ADMIN_SCHEDULES_PATH = "/admin/schedules";

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
  history && "off" in history ? history.off : "it was started without a database";

const scheduleWords = (locale: Locale): OwnWords => ({
  notFound: () => t.in(locale)("schedule.notFound"),
  notYours: () => t.in(locale)("schedule.notYours"),
});

/** The schedules' side of their history: what each keeps, and removing it with them. */
function keptHistory(store: TeamStore, history: HistoryAccess | undefined, log: RelayLog) {
  const access = history && "store" in history ? history : undefined;
  const kept = access?.store;
  return {
    kept,
    database: access?.database,
    /** The schedules as answered: `history` and `paused` as booleans, and what each with history keeps. */
    async listed(schedules: readonly Schedule[]): Promise<Schedule[]> {
      const all = schedules.map(withSwitches);
      if (!kept) return all;
      // The database down: the schedules are still listed, without what they keep.
      const summaries = await kept.summaries(all.map((s) => s.id)).catch((error: unknown) => {
        log({ event: "history-summaries-failed", reason: failureReason(error) });
        return undefined;
      });
      if (!summaries) return all;
      return all.map((s) => {
        const summary = summaries.get(s.id);
        return s.history || summary?.days ? { ...s, kept: summary } : s;
      });
    },
    /**
     * Clears what an earlier schedule of this id left (its member revoked, or it removed while the database was
     * down): a new schedule starts with nothing kept, so no one inherits another's history or feeds by its id.
     */
    async fresh(id: string): Promise<boolean> {
      if (!kept) return true;
      return kept.deleteSchedule(id).then(
        () => true,
        (error: unknown) => {
          log({ event: "history-clear-failed", schedule: id, reason: failureReason(error) });
          return false;
        },
      );
    },
    /** Removes a schedule: its history and feeds first (a database that fails leaves it whole), then itself. */
    async remove(id: string): Promise<boolean> {
      if (kept) await kept.deleteSchedule(id);
      return store.scheduleDelete(id);
    },
  };
}

/** Why `member` may not set a schedule (another's, or one more than a member keeps); null when they may. */
function takenRefusal(
  all: readonly Schedule[],
  existing: Schedule | undefined,
  member: Member,
  locale: Locale,
): { status: number; refusal: Refusal<ScheduleProblem> } | null {
  const say = t.in(locale);
  // Set again only by its own member: an admin removes another's, never takes it over.
  if (existing && !mayActOn(existing, member, false))
    return { status: 403, refusal: { problem: "not-yours", message: say("schedule.notYours") } };
  if (!existing && all.filter((s) => s.member === member.name).length >= MAX_SCHEDULES_PER_MEMBER) {
    const message = say("schedule.tooMany", { max: MAX_SCHEDULES_PER_MEMBER });
    return { status: 400, refusal: { problem: "too-many-schedules", message } };
  }
  return null;
}

export interface ScheduleRoutesOptions {
  readonly store: TeamStore;
  readonly clock: Clock;
  readonly history?: HistoryAccess;
  readonly log: RelayLog;
}

export function scheduleRoutes({ store, clock, history, log }: ScheduleRoutesOptions) {
  const find = async (id: string) => (await store.schedules()).find((s) => s.id === id);
  const { kept, database, listed, fresh, remove } = keptHistory(store, history, log);

  async function put(req: IncomingMessage, res: ServerResponse, id: string, member: Member) {
    const locale = requestLocale(req);
    const say = t.in(locale);
    // Size, nesting and cost checked before anything parses it, as alerts' bodies are.
    const read = await readMemberJson(req, res, locale, say("schedule.body"));
    if (!read) return { status: res.statusCode };
    const checked = readScheduleRequest(read.body, new Date(clock.now()), locale);
    if ("refused" in checked) return refuse(res, 400, checked.refused);
    if (checked.request.history && !kept) {
      const reason = historyOff(history);
      return refuse(res, 400, {
        problem: "no-history",
        message: say("schedule.noHistory", { reason }),
        detail: { reason },
      });
    }
    const all = await store.schedules();
    const existing = all.find((s) => s.id === id);
    const taken = takenRefusal(all, existing, member, locale);
    if (taken) return refuse(res, taken.status, taken.refusal);
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
    // A database that fails to clear it refuses the schedule: saved, it would show what another kept.
    if (!existing && database && !(await fresh(id))) return databaseDown(res, database);
    await store.scheduleSave(schedule);
    return answerOk(res, (await listed([schedule]))[0]);
  }

  async function removeOwn(req: IncomingMessage, res: ServerResponse, id: string, member: Member) {
    req.resume();
    const found = ownItem(res, await find(id), member, scheduleWords(requestLocale(req)));
    if ("answered" in found) return found.answered;
    await remove(id);
    return answerOk(res, { removed: id });
  }

  return {
    /** A member's request under /v1/schedules (throws when the store fails). */
    async member(req: IncomingMessage, res: ServerResponse, pathname: string, member: Member) {
      const id = idOf(pathname, SCHEDULES_PATH);
      if (id === null) {
        req.resume();
        return refuse(res, 404, { problem: "id", message: t.in(requestLocale(req))("schedule.id") });
      }
      if (id === "" && req.method === "GET") {
        req.resume();
        return answerOk(res, await listed((await store.schedules()).filter((s) => s.member === member.name)));
      }
      if (id !== "" && req.method === "PUT") return put(req, res, id, member);
      if (id !== "" && req.method === "DELETE") return removeOwn(req, res, id, member);
      return notAllowed(req, res, pathname);
    },

    /** An admin's request under /admin/schedules (the caller checked the role); throws when the store fails. */
    async admin(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
      req.resume();
      const say = t.in(requestLocale(req));
      const id = idOf(pathname, ADMIN_SCHEDULES_PATH);
      if (id === "" && req.method === "GET") {
        answerOk(res, await listed(await store.schedules()));
        return;
      }
      if (id && req.method === "DELETE") {
        if ((await find(id)) && (await remove(id))) answerOk(res, { removed: id });
        else refuse(res, 404, { problem: "not-found", message: say("schedule.notFound") });
        return;
      }
      const message = say("schedule.notAdminRoute", { method: req.method ?? "", path: pathname });
      refuse(res, 404, { problem: "not-found", message });
    },
  };
}
