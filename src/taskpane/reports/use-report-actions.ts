/**
 * What the Reports tab's buttons do, as a hook: refresh rows (current data from the cache, what is past its period
 * fetched; counted first, asked when many), refresh them from the service (everything afresh, always asked with its
 * cost: ./refresh-modes.ts), take a snapshot (counted first too), and confirm what was asked. Each runs through the
 * tab's one action (busy line, outcome).
 */
import { useState } from "react";
import { t } from "../../i18n";
import type { PaneServices } from "../shared/services";
import type { Action, ActionWork, Outcome } from "../shared/use-action";
import { refreshAndRecord } from "./actions";
import type { GrowthConflict, GrowthDecision } from "./growth";
import { countRefresh, type RefreshMode } from "./refresh-modes";
import { describePlan, type RefreshPlan } from "./refresh-plan";
import type { TargetsNow } from "./refresh-targets";
import { backfillBeforeSnapshot } from "./relay-backfill";
import type { ReportGroup, ReportRow } from "./reports";
import { snapshotCost, snapshotPlanOf, takeSnapshot, type SnapshotTarget } from "./snapshot";
import type { SnapshotPlan } from "./snapshot-sheet";
import type { ReportExtras } from "./use-report-extras";
import { scanWorkbook, type WorkbookScan } from "./workbook-scan";

/** A question waiting for the person: a refresh or a snapshot that spends many calls. */
export type PendingQuestion =
  | {
      readonly kind: "refresh";
      readonly mode: RefreshMode;
      readonly plan: RefreshPlan;
      readonly rows: readonly ReportRow[];
      readonly now: TargetsNow;
      readonly question: string;
    }
  | { readonly kind: "snapshot"; readonly plan: SnapshotPlan; readonly question: string; readonly calls: number };

/** What a refresh did, in words: what failed, what was spent, what snapshots were kept. */
function refreshOutcome(chosen: readonly ReportRow[], done: Awaited<ReturnType<typeof refreshAndRecord>>): Outcome {
  const failed = Object.keys(done.failures).length;
  const text = failed
    ? t("reports.failed", { failed, items: chosen.length, calls: done.callsSpent })
    : t("reports.refreshedItems", { items: chosen.length, calls: done.callsSpent });
  const kept = done.snapshots ? ` ${t("reports.snapshotsKept", { snapshots: done.snapshots })}` : "";
  const problems = done.snapshotFailures.length ? ` ${done.snapshotFailures.join(" ")}` : "";
  return { kind: failed || problems ? "error" : "success", text: `${text}${kept}${problems}` };
}

/** The tables' failures after a refresh: the chosen ones cleared, then those that failed again. */
function tableFailuresAfter(
  before: Readonly<Record<string, string>>,
  chosen: readonly ReportRow[],
  failures: Readonly<Record<string, string>>,
): Record<string, string> {
  const after: Record<string, string> = { ...before };
  for (const row of chosen) if (row.tableName) delete after[row.tableName];
  for (const [id, message] of Object.entries(failures)) {
    const row = chosen.find((r) => r.id === id);
    if (row?.tableName) after[row.tableName] = message;
  }
  return after;
}

export interface ReportWorkbook {
  readonly scan: WorkbookScan;
  readonly setScan: (scan: WorkbookScan) => void;
  readonly groups: readonly ReportGroup[];
  readonly tableFailures: Readonly<Record<string, string>>;
  readonly setTableFailures: (failures: Record<string, string>) => void;
  readonly extras: ReportExtras;
}

export function useReportActions(
  { engine, host, registry, clock }: Pick<PaneServices, "engine" | "host" | "registry" | "clock">,
  book: ReportWorkbook,
  { perform, setOutcome }: Pick<Action, "perform" | "setOutcome">,
  decide: (conflict: GrowthConflict) => Promise<GrowthDecision>,
) {
  const [pending, setPending] = useState<PendingQuestion | null>(null);

  /** Refreshes the chosen rows as counted; the outcome says what failed, what was spent and what was kept. */
  const run = async (chosen: readonly ReportRow[], plan: RefreshPlan, now: TargetsNow, work: ActionWork) => {
    work.relabel(t("reports.busy.refresh", { plan: describePlan(plan, now.targets) }));
    try {
      const asked = { plan, rows: chosen, inputs: now.inputs };
      const onPage = (p: { done: number; total: number }) => work.onPage(p.done, p.total);
      const done = await refreshAndRecord(
        engine,
        host,
        book.scan,
        book.groups,
        asked,
        () => clock.now(),
        onPage,
        decide,
      );
      book.setTableFailures(tableFailuresAfter(book.tableFailures, chosen, done.failures));
      return refreshOutcome(chosen, done);
    } finally {
      book.setScan(await scanWorkbook(host, registry).catch(() => book.scan));
      book.extras.reload();
    }
  };

  /** `current` (Refresh): only what is past its data period is fetched; `service`: everything afresh, always asked. */
  const refresh = async (chosen: readonly ReportRow[], mode: RefreshMode = "current") => {
    if (!chosen.length) return setOutcome({ kind: "info", text: t("reports.nothing") });
    await perform(t("reports.busy.count"), async (work) => {
      const remaining = engine.usage().remainingThisMonth;
      const { plan, now, question } = await countRefresh(engine, host, chosen, book.groups, mode, remaining);
      if (question === null) return run(chosen, plan, now, work);
      setPending({ kind: "refresh", mode, plan, rows: chosen, now, question });
      return null;
    });
  };

  const snapshot = async (plan: SnapshotPlan, work: ActionWork): Promise<Outcome> => {
    work.relabel(t("reports.busy.snapshot"));
    const done = await takeSnapshot(engine, host, plan, clock.now(), decide);
    book.extras.reload();
    if (!done.written) return { kind: "info", text: t("reports.snapshotKeptCells") };
    const { sheet, snapshots, replaced } = done.written;
    const values = { sheet, snapshots, replaced: replaced ? "yes" : "no", calls: done.callsSpent } as const;
    return { kind: "success", text: t("reports.snapshotTaken", values) };
  };

  const snapshotNow = (target: SnapshotTarget) =>
    perform(t("reports.busy.snapshotCount"), async (work) => {
      // First the days the relay took since the sheet's last (no call), so today's snapshot comes after them.
      const relay = book.extras.relay;
      const relayDays = relay ? await backfillBeforeSnapshot({ host, engine }, relay.schedules, target, decide) : "";
      const plan = await snapshotPlanOf(host, target);
      if (!plan) return { kind: "error", text: t("reports.snapshotNoQuery") };
      const cost = await snapshotCost(engine, plan, engine.usage().remainingThisMonth);
      if (!cost.question) {
        const taken = await snapshot(plan, work);
        return relayDays ? { ...taken, text: `${relayDays} ${taken.text}` } : taken;
      }
      setPending({ kind: "snapshot", plan, question: cost.question, calls: cost.calls });
      return null;
    });

  const confirm = (question: PendingQuestion) => {
    setPending(null);
    if (question.kind === "refresh")
      void perform(t("reports.busy.refresh", { plan: describePlan(question.plan, question.now.targets) }), (work) =>
        run(question.rows, question.plan, question.now, work),
      );
    else void perform(t("reports.busy.snapshot"), (work) => snapshot(question.plan, work));
  };

  return { pending, cancel: () => setPending(null), confirm, refresh, snapshotNow };
}
