/**
 * What a team relay keeps of a schedule (issue 44), from the pane: the days its runs stored (`history.json`, read
 * for the workbook's history sheet: no call to the service), and its feeds, the read-only URLs tools without a
 * header read it through (Power Query, Power BI, Google Sheets). A feed's URL carries its key: the relay shows it
 * once, when it is made, and the pane keeps it only while its dialog shows (never in the workbook or the settings).
 * Requests go through the schedules' one request (schedule-client.ts): the member's token, to the relay's address.
 */
import type { Settings } from "../../engine";
import type { RelayRequest } from "../shared/relay-request";
import { scheduleRequest } from "./schedule-client";

/** One stored row: when it was taken, its query and the record's fields by wire name (dates as ISO text). */
export interface RelayHistoryRow {
  /** `YYYY-MM-DD`, the relay's day in the schedule's time zone. */
  readonly taken_on: string;
  /** ISO 8601, UTC. */
  readonly taken_at: string;
  /** The formula text (`formulaOfQuery`). */
  readonly query: string;
  /** The query's place in the schedule's `queries`. */
  readonly query_index: number;
  readonly [field: string]: unknown;
}

/** A feed as listed: never its key. */
export interface Feed {
  readonly id: string;
  readonly createdAt: string | number;
  readonly lastUsedAt: string | number | null;
}

/** A feed just made: its URL (the key in it) is shown this once. */
export interface NewFeed {
  readonly id: string;
  readonly url: string;
  readonly token: string;
}

export interface RelayHistoryClient {
  /** The stored rows from a day on (inclusive), in (day, query, row) order. */
  historySince(scheduleId: string, since: string): Promise<RelayHistoryRow[]>;
  createFeed(scheduleId: string): Promise<NewFeed>;
  listFeeds(scheduleId: string): Promise<Feed[]>;
  revokeFeed(scheduleId: string, feedId: string): Promise<void>;
}

/** The client over a schedules request (for tests: any fetch). */
function historyClientOf(call: RelayRequest): RelayHistoryClient {
  const one = (id: string) => `/${encodeURIComponent(id)}`;
  return {
    historySince: async (id, since) => {
      const data = await call<{ rows?: RelayHistoryRow[] }>(
        "GET",
        `${one(id)}/history.json?since=${encodeURIComponent(since)}`,
      );
      return data?.rows ?? [];
    },
    createFeed: (id) => call<NewFeed>("POST", `${one(id)}/feeds`, {}),
    listFeeds: async (id) => (await call<Feed[] | null>("GET", `${one(id)}/feeds`)) ?? [],
    revokeFeed: async (id, feedId) => void (await call("DELETE", `${one(id)}/feeds${one(feedId)}`)),
  };
}

/** The client for these settings, or null when they are not a team relay's. */
export function relayHistoryClient(settings: Settings, fetchFn?: typeof fetch): RelayHistoryClient | null {
  const call = scheduleRequest(settings, fetchFn);
  return call ? historyClientOf(call) : null;
}
