/**
 * Backfill, without React: a report or table that keeps history in the workbook, whose schedule keeps history on
 * the team relay, gets the days the relay took while the workbook was closed, when it opens and before Snapshot now.
 * Read from `history.json?since=<the day after the sheet's last>` (no call to the service), appended in date order,
 * each as that day's snapshot: the sheet never holds two snapshots of one day, and a day it already holds is never
 * asked for. A sheet with no snapshot yet gets none from the relay: its history starts with its first snapshot.
 */
import type { Schedule } from "../../relay-api/schedules";
import type { Engine } from "../../engine";
import { t } from "../../i18n";
import { type HostAdapter } from "../host/host-adapter";
import { CellsInUseError } from "../host/cells-in-use";
import type { SnapshotAppend, SnapshotState } from "../report-model/snapshot-spec";
import type { TableGrowth } from "../report-model/cells";
import type { GrowthConflict, GrowthDecision } from "./growth";
import { backfillNotice, type BackfillNotice } from "./relay-backfill-notice";
import { relayHistoryClient, type RelayHistoryClient } from "./relay-history-client";
import { scheduleKey } from "./relay-history-props";
import { dayAfter, relayDayRows, relayDays } from "./relay-days";
import { scheduleClient } from "./schedule-client";
import { snapshotPlanOf, sourceKey, type SnapshotTarget } from "./snapshot";
import { snapshotBefore, type DayRows } from "./snapshot-changes";
import { snapshotLayout, type SnapshotPlan } from "./snapshot-sheet";

/** What one source's backfill did: the days added and the sheet they went to. */
export interface Backfilled {
  readonly days: number;
  readonly sheet: string | null;
}

/** New rows of a backfill that need a person's cells, without a person to ask (as the workbook opens). */
export class BackfillBlocked extends Error {
  override readonly name = "BackfillBlocked";
}

/** Whether the relay keeps (or kept) days of this schedule. */
const keepsRelayHistory = (schedule: Schedule | null | undefined): schedule is Schedule =>
  !!schedule && (schedule.history || (schedule.kept?.days ?? 0) > 0);

/** Appends one day; a conflict with a person's cells asks `decide` once, its answer kept for the days after. */
async function appendDay(
  host: HostAdapter,
  append: SnapshotAppend,
  growth: { chosen?: TableGrowth },
  decide?: (conflict: GrowthConflict) => Promise<GrowthDecision>,
) {
  try {
    return await host.appendSnapshot(growth.chosen ? { ...append, growth: growth.chosen } : append);
  } catch (error) {
    if (!(error instanceof CellsInUseError) || growth.chosen) throw error;
    const conflict = { history: true, tableName: append.layout.name, rows: 0, occupied: error.occupied };
    const decision = decide
      ? await decide({ ...conflict, ...(error.tables.length ? { tables: error.tables } : {}) })
      : "keep";
    if (decision === "keep") throw new BackfillBlocked(t("backfill.cellsInUse", { sheet: error.sheet }));
    growth.chosen = decision;
    return host.appendSnapshot({ ...append, growth: decision });
  }
}

/** Adds the relay's days after the sheet's last one to the source's history sheet. */
export async function backfillSource(
  host: HostAdapter,
  client: Pick<RelayHistoryClient, "historySince">,
  source: { readonly plan: SnapshotPlan; readonly schedule: Schedule; readonly state: SnapshotState },
  decide?: (conflict: GrowthConflict) => Promise<GrowthDecision>,
): Promise<Backfilled> {
  const { plan, schedule, state } = source;
  if (!state.lastDay || !state.sheet) return { days: 0, sheet: state.sheet };
  const stored = await client.historySince(schedule.id, dayAfter(state.lastDay));
  const days = relayDays(plan, schedule, stored, state.lastDay);
  if (!days.length) return { days: 0, sheet: state.sheet };
  const layout = snapshotLayout(plan);
  let before: DayRows | null = await snapshotBefore(host, plan, days[0].day);
  let sheet = state.sheet;
  const growth: { chosen?: TableGrowth } = {};
  for (const day of days) {
    const rows = relayDayRows(plan, day, before);
    sheet = (await appendDay(host, { source: plan.source, layout, day: day.day, rows }, growth, decide)).sheet;
    before = { day: day.day, rows };
  }
  return { days: days.length, sheet };
}

/** A source that keeps history in the workbook and its schedule, found from the workbook's lists. */
async function targetOf(host: HostAdapter, state: SnapshotState): Promise<SnapshotTarget | null> {
  if (state.source.kind === "table") {
    const name = state.source.table;
    const table = (await host.listTables()).find((x) => x.name === name);
    return table ? { kind: "table", table } : null;
  }
  const sheet = state.source.sheet;
  const report = (await host.listReportSheets()).find((r) => r.sheet === sheet);
  return report ? { kind: "report", sheet, report: report.report } : null;
}

export interface BackfillContext {
  readonly host: HostAdapter;
  readonly client: Pick<RelayHistoryClient, "historySince">;
  /** The member's schedules on the relay. */
  readonly schedules: readonly Schedule[];
  /** The workbook's schedule of each report or table (`WorkbookOptions.schedules`). */
  readonly scheduleIds: Readonly<Record<string, string>>;
}

/** The schedule that keeps history on the relay for a target, if any. */
const relayScheduleOf = (context: Omit<BackfillContext, "host" | "client">, target: SnapshotTarget) => {
  const id = context.scheduleIds[scheduleKey(target)];
  const schedule = context.schedules.find((s) => s.id === id);
  return keepsRelayHistory(schedule) ? schedule : null;
};

/** One target's backfill (before Snapshot now): nothing when it keeps no history here or there. */
async function backfillTarget(
  context: BackfillContext,
  target: SnapshotTarget,
  decide?: (conflict: GrowthConflict) => Promise<GrowthDecision>,
): Promise<Backfilled> {
  const schedule = relayScheduleOf(context, target);
  if (!schedule) return { days: 0, sheet: null };
  const key = sourceKey(
    target.kind === "report" ? { kind: "report", sheet: target.sheet } : { kind: "table", table: target.table.name },
  );
  const state = (await context.host.listSnapshotSheets()).find((s) => s.keep && sourceKey(s.source) === key);
  const plan = state ? await snapshotPlanOf(context.host, target) : null;
  if (!state || !plan) return { days: 0, sheet: null };
  return backfillSource(context.host, context.client, { plan, schedule, state }, decide);
}

/** Every source's backfill (as the workbook opens): the sheets that got days, and what failed, in words. */
export async function backfillWorkbook(context: BackfillContext): Promise<{ added: Backfilled[]; failures: string[] }> {
  const added: Backfilled[] = [];
  const failures: string[] = [];
  for (const state of await context.host.listSnapshotSheets()) {
    if (!state.keep || !state.lastDay) continue;
    try {
      const target = await targetOf(context.host, state);
      if (!target || !relayScheduleOf(context, target)) continue;
      const done = await backfillTarget(context, target);
      if (done.days) added.push(done);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      failures.push(
        error instanceof BackfillBlocked
          ? reason
          : t("backfill.failed", { source: sourceKey(state.source).replace(/^\w+:/, ""), reason }),
      );
    }
  }
  return { added, failures };
}

type BackfillServices = { readonly host: HostAdapter; readonly engine: Pick<Engine, "readSettings"> };

/**
 * The context from the stored settings and the workbook's options; null without a team relay, a schedule or a
 * history sheet with a snapshot (then nothing is asked of the relay).
 */
export async function backfillContext(
  services: BackfillServices,
  schedules?: readonly Schedule[],
): Promise<BackfillContext | null> {
  const { host, engine } = services;
  const scheduleIds = (await host.workbookOptions()).schedules ?? {};
  if (!Object.keys(scheduleIds).length) return null;
  if (!(await host.listSnapshotSheets()).some((s) => s.keep && s.lastDay)) return null;
  const settings = await engine.readSettings();
  const client = relayHistoryClient(settings);
  const listed = schedules ?? (await scheduleClient(settings)?.list());
  return client && listed ? { host, client, schedules: listed, scheduleIds } : null;
}

/** What a backfill says: the days added to each sheet, then what failed. */
function backfillText(done: { added: readonly Backfilled[]; failures: readonly string[] }): string {
  return [...done.added.map((a) => t("backfill.done", { days: a.days, sheet: a.sheet ?? "" })), ...done.failures].join(
    " ",
  );
}

/** As the workbook opens: every source's backfill, said in the pane's message bar. Never rejects. */
export async function backfillWhenOpened(
  services: BackfillServices,
  notice: Pick<BackfillNotice, "set"> = backfillNotice,
): Promise<void> {
  try {
    const context = await backfillContext(services);
    if (!context) return;
    notice.set({ kind: "info", text: t("backfill.busy") });
    const done = await backfillWorkbook(context);
    const text = backfillText(done);
    notice.set(text ? { kind: done.failures.length ? "error" : "success", text } : null);
  } catch (error) {
    notice.set({
      kind: "error",
      text: t("backfill.stopped", { reason: error instanceof Error ? error.message : String(error) }),
    });
  }
}

/**
 * Before Snapshot now: the target's days from the relay (a conflict with a person's cells asked), in words ("" when
 * none were added). Never rejects: today's snapshot is taken whatever the relay answered.
 */
export async function backfillBeforeSnapshot(
  services: BackfillServices,
  schedules: readonly Schedule[],
  target: SnapshotTarget,
  decide: (conflict: GrowthConflict) => Promise<GrowthDecision>,
): Promise<string> {
  try {
    const context = await backfillContext(services, schedules);
    if (!context || !relayScheduleOf(context, target)) return "";
    const done = await backfillTarget(context, target, decide);
    return done.days ? t("backfill.done", { days: done.days, sheet: done.sheet ?? "" }) : "";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return error instanceof BackfillBlocked ? reason : t("backfill.stopped", { reason });
  }
}
