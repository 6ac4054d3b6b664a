/**
 * What a report or table scheduled on the team relay offers about the relay's history, without React: Keep history
 * on the relay (the schedule's `history`, set through the tab's one action), its feeds (Share as a feed…), why a
 * relay keeps none (its own words, from its refusal), and the question before removing a schedule whose history
 * the relay would delete with it.
 */
import type { Schedule } from "../../relay-api/schedules";
import { t } from "../../i18n";
import type { HostAdapter } from "../host/host-adapter";
import { RelayRefusal } from "../shared/relay-request";
import type { Action } from "../shared/use-action";
import type { RelayHistoryClient } from "./relay-history-client";
import type { ScheduleClient } from "./schedule-client";
import type { SnapshotTarget } from "./snapshot";
import type { ReportExtras } from "./use-report-extras";

/** The key a report or table's schedule is kept under in the workbook (a report's survives a rename). */
export const scheduleKey = (target: SnapshotTarget) =>
  target.kind === "report"
    ? `report:${target.report.template}:${target.report.createdAt}`
    : `table:${target.table.name}`;

/**
 * The relay's reason for keeping no history, from a refusal that says so (null for any other failure): its
 * `no-history` problem's `reason`, or, from a relay older than problems, its English words.
 */
export function noHistoryReason(error: unknown): string | null {
  if (!(error instanceof RelayRefusal)) return null;
  const reason = error.problem === "no-history" ? error.detail.reason : undefined;
  if (typeof reason === "string" && reason.trim()) return reason.trim();
  const said =
    error.problem === undefined && error.status === 400 && /keeps no history:\s*(.+)$/s.exec(error.relayMessage);
  return said ? said[1].trim() : null;
}

/** Refusals met this session, by schedule id: the switch stays off with the relay's reason beside it. */
const refusedHistory = new Map<string, string>();

export interface RelayHistoryProps {
  readonly schedule: Schedule;
  readonly busy: boolean;
  /** "report Market 1", "table MAD_ProductResearch": what the controls' accessible names end with. */
  readonly name: string;
  /** Why the relay keeps no history (its words), when a refusal said so. */
  readonly unavailable: string | null;
  readonly onKeep: (keep: boolean) => void;
  /** The schedule's feeds, for the feed dialog. */
  readonly feeds: Pick<RelayHistoryClient, "createFeed" | "listFeeds" | "revokeFeed">;
  /** Asks the relay, once, whether it keeps history at all (a relay without a database says why). */
  readonly probe: () => Promise<string | null>;
}

interface ItemContext {
  readonly host: HostAdapter;
  readonly extras: ReportExtras;
  readonly action: Pick<Action, "busy" | "perform">;
}

/** Sets the schedule's `history`, keeping everything else it has. */
async function setHistory(client: ScheduleClient, schedule: Schedule, keep: boolean): Promise<Schedule> {
  const { name, at, timeZone, queries, paused } = schedule;
  return client.set(schedule.id, { name, at, timeZone, queries, paused, history: keep });
}

/** The props of a target's relay history controls; null when it has no schedule on a team relay. */
export function relayHistoryProps(
  { extras, action }: ItemContext,
  target: SnapshotTarget,
  name: string,
): RelayHistoryProps | null {
  const relay = extras.relay;
  const id = extras.options.schedules?.[scheduleKey(target)];
  const schedule = relay?.schedules.find((s) => s.id === id);
  if (!relay || !schedule || !relay.history) return null;
  const history = relay.history;
  const onKeep = (keep: boolean) =>
    void action.perform(t("relayHistory.busy.keep"), async () => {
      try {
        await setHistory(relay.client, schedule, keep);
      } catch (error) {
        const reason = noHistoryReason(error);
        if (reason) refusedHistory.set(schedule.id, reason);
        throw error;
      }
      extras.reload();
      return {
        kind: keep ? "success" : "info",
        text: keep ? t("relayHistory.keepOn", { name }) : t("relayHistory.keepOff", { name }),
      };
    });
  return {
    schedule,
    busy: action.busy !== null,
    name,
    unavailable: refusedHistory.get(schedule.id) ?? null,
    onKeep,
    feeds: {
      createFeed: (scheduleId) => history.createFeed(scheduleId),
      listFeeds: (scheduleId) => history.listFeeds(scheduleId),
      revokeFeed: (scheduleId, feedId) => history.revokeFeed(scheduleId, feedId),
    },
    probe: async () => {
      try {
        await history.listFeeds(schedule.id);
        return null;
      } catch (error) {
        return noHistoryReason(error);
      }
    },
  };
}

/** What removing a schedule asks first when the relay keeps days of it (they go with it); null otherwise. */
export function removeQuestionOf(schedule: Schedule | null, name: string): string | null {
  const kept = schedule?.kept;
  if (!kept?.days) return null;
  return t("relayHistory.removeAsk.question", {
    days: kept.days,
    name,
    first: kept.first ?? "",
    last: kept.last ?? "",
  });
}
