/**
 * A member's `PUT /v1/schedules/{id}` read into a schedule request, every field checked: its name (no control
 * characters), its time of day and time zone, its switches, and each query by the catalog's own rules (a lookup by
 * list, a watch, up to 2,000 keys). The first problem is refused with its stable name and in the requester's
 * language (the catalog's own words too, through `inLocale`).
 */
import { isOperationCode, operation, type OperationCode } from "../../api/catalog";
import { isLookup } from "../../api/lookups/batch";
import { checkLookup } from "../../api/lookups/calls";
import { checkLimit } from "../../api/row-limit";
import { checkParams } from "../../api/validate";
import { t } from "../../i18n/alerts";
import { inLocale, type Locale } from "../../i18n/locale";
import { hasControlCharacters } from "../../lib/control-characters";
import {
  MAX_SCHEDULE_NAME,
  MAX_SCHEDULE_QUERIES,
  TIME_OF_DAY,
  type ScheduledQuery,
  type ScheduleProblem,
  type ScheduleRequest,
} from "../../relay-api/schedules";
import type { Refusal } from "./routes/member-answers";

type ScheduleRefusal = Refusal<ScheduleProblem>;
type Read<T> = { readonly request: T } | { readonly refused: ScheduleRefusal };

function validTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone === "" || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A query's first problem by the catalog's rules; a lookup by list (a watch) may list up to 2,000 keys. */
function paramsProblem(code: OperationCode, params: object, now: Date): string | undefined {
  if (!isLookup(operation(code), params)) return checkParams(code, params, { now }).errors[0]?.message;
  try {
    checkLookup(code, params, { now });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The query at `index`, checked; the catalog's words in the active language (the caller's `inLocale`). */
function readQuery(item: unknown, index: number, now: Date, locale: Locale): Read<ScheduledQuery> {
  const say = t.in(locale);
  const query = item as Partial<ScheduledQuery> | null;
  const refused = (problem: ScheduleProblem, message: string) => ({ refused: { problem, message, detail: { index } } });
  if (!query || typeof query.operation !== "string" || !isOperationCode(query.operation))
    return refused("query-operation", say("schedule.operation", { index }));
  if (!query.params || typeof query.params !== "object" || Array.isArray(query.params))
    return refused("query-params", say("schedule.params", { index }));
  let limit: number | undefined;
  try {
    limit = checkLimit(query.limit);
  } catch (error) {
    return refused("query-limit", say("schedule.limit", { index, problem: (error as Error).message }));
  }
  const problem = paramsProblem(query.operation, query.params, now);
  if (problem) return refused("query-params", say("schedule.paramsProblem", { index, problem }));
  const request = { operation: query.operation, params: query.params, ...(limit === undefined ? {} : { limit }) };
  return { request };
}

/** The fields besides the queries: the first problem, or nothing. */
function fieldsRefusal(raw: Partial<Record<keyof ScheduleRequest, unknown>>, locale: Locale): ScheduleRefusal | null {
  const say = t.in(locale);
  if (typeof raw.name !== "string" || raw.name.trim() === "" || raw.name.length > MAX_SCHEDULE_NAME)
    return { problem: "name", message: say("schedule.name", { max: MAX_SCHEDULE_NAME }) };
  if (hasControlCharacters(raw.name)) return { problem: "name", message: say("schedule.nameControl") };
  if (typeof raw.at !== "string" || !TIME_OF_DAY.test(raw.at)) return { problem: "at", message: say("schedule.at") };
  if (!validTimeZone(raw.timeZone)) return { problem: "time-zone", message: say("schedule.timeZone") };
  for (const name of ["history", "paused"] as const)
    if (raw[name] !== undefined && typeof raw[name] !== "boolean")
      return { problem: name, message: say("schedule.switch", { name }) };
  if (!Array.isArray(raw.queries) || raw.queries.length < 1 || raw.queries.length > MAX_SCHEDULE_QUERIES)
    return { problem: "queries", message: say("schedule.queries", { max: MAX_SCHEDULE_QUERIES }) };
  return null;
}

/** Checks a member's request by the catalog's rules; the first problem, named and worded in `locale`. */
export function readScheduleRequest(input: unknown, now: Date, locale: Locale): Read<ScheduleRequest> {
  const raw = input as Partial<Record<keyof ScheduleRequest, unknown>> | null;
  if (!raw || typeof raw !== "object" || Array.isArray(raw))
    return { refused: { problem: "body", message: t.in(locale)("schedule.body") } };
  const wrong = fieldsRefusal(raw, locale);
  if (wrong) return { refused: wrong };
  const queries: ScheduledQuery[] = [];
  for (const [index, item] of (raw.queries as unknown[]).entries()) {
    const read = inLocale(locale, () => readQuery(item, index, now, locale));
    if ("refused" in read) return read;
    queries.push(read.request);
  }
  const switches = {
    ...(raw.history === undefined ? {} : { history: raw.history as boolean }),
    ...(raw.paused === undefined ? {} : { paused: raw.paused as boolean }),
  };
  const name = (raw.name as string).trim();
  return { request: { name, at: raw.at as string, timeZone: raw.timeZone as string, queries, ...switches } };
}
