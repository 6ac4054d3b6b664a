/**
 * What each report and table of the Reports tab offers beside its refresh: keeping snapshots (and taking one now),
 * and with a team relay a daily schedule. Each change runs through the tab's one action.
 */
import { t } from "../../i18n";
import type { HostAdapter } from "../host/host-adapter";
import type { SnapshotSourceRef } from "../report-model/snapshot-spec";
import type { Action } from "../shared/use-action";
import type { ScheduleProps, SnapshotProps } from "./ReportItems";
import { relayHistoryProps, removeQuestionOf, scheduleKey } from "./relay-history-props";
import { localTimeZone, newScheduleId, scheduledQueries } from "./schedule-client";
import { snapshotPlanOf, sourceKey, type SnapshotTarget } from "./snapshot";
import type { ReportExtras } from "./use-report-extras";

interface ItemContext {
  readonly host: HostAdapter;
  readonly extras: ReportExtras;
  readonly action: Pick<Action, "busy" | "perform">;
}

export function snapshotProps(
  { host, extras, action }: ItemContext,
  target: SnapshotTarget,
  name: string,
  snapshotNow: (target: SnapshotTarget) => Promise<void>,
): SnapshotProps {
  const source: SnapshotSourceRef =
    target.kind === "report" ? { kind: "report", sheet: target.sheet } : { kind: "table", table: target.table.name };
  return {
    history: extras.snapshotStates.find((h) => sourceKey(h.source) === sourceKey(source)),
    busy: action.busy !== null,
    name,
    onKeep: (keep) =>
      void action.perform(t("reports.busy.keep"), async () => {
        await host.setKeepSnapshots(source, keep);
        extras.reload();
        return { kind: "info", text: keep ? t("reports.keepOn", { name }) : t("reports.keepOff", { name }) };
      }),
    onSnapshot: () => void snapshotNow(target),
  };
}

export function scheduleProps({ host, extras, action }: ItemContext, target: SnapshotTarget, name: string) {
  const relay = extras.relay;
  if (!relay) return null;
  const key = scheduleKey(target);
  const id = extras.options.schedules?.[key];
  const schedule = relay.schedules.find((s) => s.id === id) ?? null;
  const keep = async (next: string | null) => {
    const schedules = { ...extras.options.schedules };
    if (next) schedules[key] = next;
    else delete schedules[key];
    await host.setWorkbookOptions({ schedules });
    extras.reload();
  };
  const set = async (at: string) => {
    const plan = await snapshotPlanOf(host, target);
    if (!plan) return { kind: "error", text: t("reports.snapshotNoQuery") } as const;
    const scheduleId = schedule?.id ?? newScheduleId();
    const queries = scheduledQueries(plan.queries);
    // A new time keeps what the schedule had: its history on the relay, paused or not.
    const switches = schedule ? { history: schedule.history, paused: schedule.paused } : {};
    const request = { name: plan.name, at, timeZone: localTimeZone(), queries, ...switches };
    const saved = await relay.client.set(scheduleId, request);
    await keep(scheduleId);
    return { kind: "success", text: t("reports.scheduled", { name, at: saved.at, zone: saved.timeZone }) } as const;
  };
  const props: ScheduleProps = {
    schedule,
    busy: action.busy !== null,
    name,
    removeQuestion: removeQuestionOf(schedule, name),
    relayHistory: relayHistoryProps({ host, extras, action }, target, name),
    onSet: (at) => void action.perform(t("reports.busy.schedule"), () => set(at)),
    onRemove: () =>
      void action.perform(t("reports.busy.schedule"), async () => {
        if (schedule) await relay.client.remove(schedule.id);
        await keep(null);
        return { kind: "info", text: t("reports.unscheduled", { name }) };
      }),
  };
  return props;
}
