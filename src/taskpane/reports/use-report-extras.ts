/**
 * What the Reports tab shows beside its list, kept current after every scan: each report's and table's next
 * refresh cost, the sources that keep history, the workbook's options, the person's preferences, and with a team
 * relay the member's schedules.
 */
import { useCallback, useEffect, useState } from "react";
import type { Schedule } from "../../api/schedules";
import type { Preferences } from "../../engine";
import type { SnapshotState, WorkbookOptions } from "../host/host-adapter";
import type { PaneServices } from "../shared/services";
import { planRefresh, type RefreshPlan } from "./refresh-plan";
import { refreshTargetsNow } from "./refresh-targets";
import type { ReportGroup, ReportRow } from "./reports";
import { scheduleClient, type ScheduleClient } from "./schedule-client";

export interface ReportExtras {
  /** Next refresh's plan by report sheet (`report:<sheet>`) or row id. */
  readonly plans: ReadonlyMap<string, RefreshPlan>;
  readonly snapshotStates: readonly SnapshotState[];
  readonly options: WorkbookOptions;
  readonly preferences: Preferences;
  /** With a team relay: its client and the member's schedules; null otherwise. */
  readonly relay: { readonly client: ScheduleClient; readonly schedules: readonly Schedule[] } | null;
  readonly reload: () => void;
}

export function useReportExtras(
  services: Pick<PaneServices, "host" | "engine">,
  rows: readonly ReportRow[],
  groups: readonly ReportGroup[],
  others: readonly ReportRow[],
): ReportExtras {
  const { host, engine } = services;
  const [plans, setPlans] = useState<ReadonlyMap<string, RefreshPlan>>(new Map());
  const [snapshotStates, setSnapshotStates] = useState<readonly SnapshotState[]>([]);
  const [options, setOptions] = useState<WorkbookOptions>({ refreshOnOpen: false });
  const [preferences, setPreferences] = useState<Preferences>({ lastGoodValues: true });
  const [relay, setRelay] = useState<ReportExtras["relay"]>(null);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => {
    let live = true;
    void (async () => {
      const [h, o, p, settings] = await Promise.all([
        host.listSnapshotSheets(),
        host.workbookOptions(),
        engine.preferences(),
        engine.readSettings(),
      ]);
      if (!live) return;
      setSnapshotStates(h);
      setOptions(o);
      setPreferences(p);
      const client = scheduleClient(settings);
      setRelay(client ? { client, schedules: await client.list().catch(() => []) } : null);
    })().catch(() => undefined);
    return () => void (live = false);
  }, [host, engine, generation]);

  useEffect(() => {
    let live = true;
    void (async () => {
      const next = new Map<string, RefreshPlan>();
      const remaining = { remainingThisMonth: engine.usage().remainingThisMonth };
      for (const group of groups) {
        const { targets } = await refreshTargetsNow(host, group.rows, groups);
        next.set(`report:${group.sheet}`, await planRefresh(engine, targets, remaining));
      }
      for (const row of others) {
        const { targets } = await refreshTargetsNow(host, [row], groups);
        next.set(row.id, await planRefresh(engine, targets, remaining));
      }
      if (live) setPlans(next);
    })().catch(() => undefined);
    return () => void (live = false);
  }, [host, engine, rows, groups, others, generation]);

  return { plans, snapshotStates, options, preferences, relay, reload };
}
