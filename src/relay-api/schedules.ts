/**
 * A report scheduled on a team relay: the relay refreshes its queries at a set time of day, in the member's time
 * zone, within the plan's rate and budgets, so the workbook opened the next morning finds every answer in the team's
 * cache. One shape for the add-in that sets it and the relay that keeps and runs it; the relay checks a request by
 * the catalog's own rules (src/server/team/schedule-input.ts).
 */
import type { OperationCode } from "../api/catalog";
import { MEMBER_ROUTE_PROBLEMS } from "./refusals";

/** Queries one schedule may refresh (a report's sections, a table). */
export const MAX_SCHEDULE_QUERIES = 20;
/** Schedules one member may keep. */
export const MAX_SCHEDULES_PER_MEMBER = 20;
export const MAX_SCHEDULE_NAME = 100;
export const SCHEDULE_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** `HH:MM`, 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The stable names of what the relay refuses on /v1/schedules, a schedule's history and feeds, and a feed's read
 * (`data.problem` of a 4xx answer, beside `message` in the requester's language, ./refusals.ts).
 */
export const SCHEDULE_PROBLEMS = [
  ...MEMBER_ROUTE_PROBLEMS,
  "name",
  "at",
  "time-zone",
  "history",
  "paused",
  "queries",
  "query-operation",
  "query-params",
  "query-limit",
  "too-many-schedules",
  /** The relay keeps no history (no database): `data.reason` says why, in its operator's words. */
  "no-history",
  /** A parameter of a history, changes or feeds route (`since`, `until`, `latest`, `labels`, one it does not take). */
  "read-params",
  "too-many-feeds",
  /** A feed's URL unknown, revoked or its key wrong (one answer for all three). */
  "feed-refused",
] as const;
export type ScheduleProblem = (typeof SCHEDULE_PROBLEMS)[number];

export interface ScheduledQuery {
  readonly operation: OperationCode;
  /** Wire parameters, as the add-in's formula or table asks them (checked by the catalog). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly limit?: number;
}

/** What a member asks for. */
export interface ScheduleRequest {
  /** What the schedule refreshes, for people: "Market 3422301 (Category market)". */
  readonly name: string;
  /** The time of day, `HH:MM`, in `timeZone`. */
  readonly at: string;
  /** An IANA time zone (`Europe/Berlin`), the member's. */
  readonly timeZone: string;
  readonly queries: readonly ScheduledQuery[];
  /** Keep what each run fetched on the relay (its history, read back as CSV, JSON and feeds); default false. */
  readonly history?: boolean;
  /** Runs stop (its history is kept) until it is set again without `paused`; default false. */
  readonly paused?: boolean;
}

/** What the relay keeps of a schedule's runs: days (one snapshot a day), their rows and size, first and last day. */
export interface KeptHistory {
  readonly days: number;
  readonly rows: number;
  /** The rows' size in the database, in bytes (indexes aside). */
  readonly bytes: number;
  /** `YYYY-MM-DD`; absent when no day is kept. */
  readonly first?: string;
  readonly last?: string;
}

/** How the last run went. */
export interface ScheduleRun {
  readonly at: number;
  /** Calls to the service it caused. */
  readonly calls: number;
  /** Pages the team's cache already held (current for their data period). */
  readonly cacheHits: number;
  /** Queries that failed (the first failure is the note). */
  readonly failed: number;
  /** Why it was skipped or what failed, in plain words. */
  readonly note?: string;
  /** With history: the day its snapshot was kept as (the schedule's time zone) and the rows it holds. */
  readonly stored?: { readonly day: string; readonly rows: number };
}

/**
 * A schedule as the relay keeps it. The relay sets `history` and `paused` on every schedule it stores and answers;
 * a schedule stored before they existed lacks them (read as false: `withSwitches`).
 */
export interface Schedule extends ScheduleRequest {
  readonly id: string;
  /** The member who set it: their budget pays for its calls. */
  readonly member: string;
  readonly createdAt: number;
  readonly nextRunAt: number;
  readonly lastRun?: ScheduleRun;
  /** In the relay's lists (GET /v1/schedules), for a schedule with history: what is kept. */
  readonly kept?: KeptHistory;
}

/** A stored schedule with `history` and `paused` read as booleans. */
export const withSwitches = (schedule: Schedule): Schedule & Required<Pick<Schedule, "history" | "paused">> => ({
  ...schedule,
  history: schedule.history === true,
  paused: schedule.paused === true,
});

/** How far a time zone's clock is ahead of UTC at a moment (ms). */
function zoneOffset(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - (at - (((at % 1000) + 1000) % 1000));
}

/** The first moment after `after` when the zone's clocks show `at` (HH:MM); a time skipped by a DST change runs an hour later. */
export function nextRunAt(at: string, timeZone: string, after: number): number {
  const [hours, minutes] = at.split(":").map(Number);
  const today = new Date(after + zoneOffset(timeZone, after));
  for (let day = 0; day <= 2; day++) {
    const wall = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + day, hours, minutes);
    const guess = wall - zoneOffset(timeZone, wall);
    const moment = wall - zoneOffset(timeZone, guess);
    if (moment > after) return moment;
  }
  return after + 86_400_000; // unreachable: one of three days has the time after `after`
}
