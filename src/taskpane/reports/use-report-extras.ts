/**
 * What the Reports tab shows beside its list, kept current after every scan: each report's and table's next
 * refresh cost, the sources that keep history, the workbook's options, the person's preferences, and with a team
 * relay the member's schedules.
 */
import { useCallback, useEffect, useState } from "react";
import type { Schedule } from "../../relay-api/schedules";
import type { Preferences } from "../../engine";
import type { SnapshotState } from "../report-model/snapshot-spec";
import type { WorkbookOptions } from "../host/workbook-options";
import type { PaneServices } from "../shared/services";
import { nextRefreshPlans } from "./refresh-modes";
import type { RefreshPlan } from "./refresh-plan";
import type { ReportGroup, ReportRow } from "./reports";
import { relayHistoryClient, type RelayHistoryClient } from "./relay-history-client";
import { scheduleClient, type ScheduleClient } from "./schedule-client";

export interface ReportExtras {
  /** Next refresh's plan by report sheet (`report:<sheet>`) or row id. */
  readonly plans: ReadonlyMap<string, RefreshPlan>;
  readonly snapshotStates: readonly SnapshotState[];
  readonly options: WorkbookOptions;
  readonly preferences: Preferences;
  /** With a team relay: its clients (schedules; their history and feeds) and the member's schedules; null otherwise. */
  readonly relay: {
    readonly client: ScheduleClient;
    readonly history?: RelayHistoryClient;
    readonly schedules: readonly Schedule[];
  } | null;
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
      const history = relayHistoryClient(settings) ?? undefined;
      setRelay(client ? { client, history, schedules: await client.list().catch(() => []) } : null);
    })().catch(() => undefined);
    return () => void (live = false);
  }, [host, engine, generation]);

  useEffect(() => {
    let live = true;
    void (async () => {
      // What Refresh would spend: only what is past its data period (a report made a minute ago: no call).
      const next = await nextRefreshPlans(engine, host, groups, others, engine.usage().remainingThisMonth);
      if (live) setPlans(next);
    })().catch(() => undefined);
    return () => void (live = false);
  }, [host, engine, rows, groups, others, generation]);

  return { plans, snapshotStates, options, preferences, relay, reload };
}
