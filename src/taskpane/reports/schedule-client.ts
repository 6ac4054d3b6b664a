/**
 * The team relay's schedules, from the pane: list the member's, set one (a report's or table's queries at a time of
 * day in this computer's time zone), remove one. Only with a team relay (the stored credential is a member token):
 * the token goes as `Authorization: Bearer` to the relay's own address, as the engine sends it; never elsewhere.
 * A refusal is a RelayRefusal with one of SCHEDULE_PROBLEMS, worded by the relay in the pane's language.
 */
import { SCHEDULE_PROBLEMS, type Schedule, type ScheduledQuery, type ScheduleRequest } from "../../relay-api/schedules";
import type { Settings } from "../../engine";
import { t } from "../../i18n";
import { relayRefusalOf, relayRequest, type RelayRequest } from "../shared/relay-request";

export interface ScheduleClient {
  list(): Promise<Schedule[]>;
  set(id: string, request: ScheduleRequest): Promise<Schedule>;
  remove(id: string): Promise<void>;
}

/** The client for these settings, or null when they are not a team relay's. */
export function scheduleClient(
  settings: Settings,
  fetchFn: typeof fetch = (...a) => fetch(...a),
): ScheduleClient | null {
  const call = scheduleRequest(settings, fetchFn);
  if (!call) return null;
  return {
    list: () => call<Schedule[]>("GET", ""),
    set: (id, request) => call<Schedule>("PUT", `/${encodeURIComponent(id)}`, request),
    remove: async (id) => void (await call("DELETE", `/${encodeURIComponent(id)}`)),
  };
}

/** A request under the relay's `/v1/schedules` (a schedule, its history and feeds); null without a team relay. */
export const scheduleRequest = (settings: Settings, fetchFn?: typeof fetch): RelayRequest | null =>
  relayRequest(settings, {
    base: "/v1/schedules",
    ...(fetchFn ? { fetchFn } : {}),
    unreachable: () => t("schedule.unreachable"),
    refused: (answer, status) =>
      relayRefusalOf(answer, status, SCHEDULE_PROBLEMS, (message) => t("schedule.refused", { message })),
  });

/** A new schedule's id (kept with the report in the workbook, so the pane finds its schedule again). */
export const newScheduleId = (): string => `r-${globalThis.crypto.randomUUID()}`;

/** This computer's time zone (the schedule's time of day is read in it). */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** What a schedule asks the relay to refresh. */
export const scheduledQueries = (
  queries: readonly { operation: ScheduledQuery["operation"]; params: ScheduledQuery["params"]; limit?: number }[],
): ScheduledQuery[] =>
  queries.map((q) => ({
    operation: q.operation,
    params: q.params,
    ...(q.limit === undefined ? {} : { limit: q.limit }),
  }));
