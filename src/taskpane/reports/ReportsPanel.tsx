/**
 * The workbook's MAD formulas and add-in tables, and their refresh; a sheet made from a template shows as one report
 * whose formulas refresh together, its charts then following the new spills. Before refreshing, the panel tells how
 * many calls it will spend (identical queries once, every page counted) and asks when that is many or more than the
 * month has left. Each report and table says as of when its data is, what its next refresh costs and what failed;
 * it may keep history (each refresh and Snapshot now append to its history sheet) and, with a team relay, be
 * refreshed daily by the relay. The tab's settings: refresh when opened, last good answers.
 */
import { Button, makeStyles, ProgressBar, Text, tokens } from "@fluentui/react-components";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { t } from "../../i18n";
import type { SnapshotSourceRef } from "../host/host-adapter";
import { AskBeforeSpending } from "../shared/AskBeforeSpending";
import { AskInPlace } from "../shared/AskInPlace";
import { OutcomeBar } from "../shared/OutcomeBar";
import { useServices } from "../shared/services";
import { useAction, type ActionWork, type Outcome } from "../shared/use-action";
import { refreshAndRecord } from "./actions";
import type { GrowthConflict, GrowthDecision } from "./growth";
import { describePlan, planRefresh, type RefreshPlan } from "./refresh-plan";
import { refreshTargetsNow, type TargetsNow } from "./refresh-targets";
import { ReportGroupItem, ReportRowItem, type SnapshotProps, type ScheduleProps } from "./ReportItems";
import type { ReportGroup, ReportRow } from "./reports";
import { ReportsSettings } from "./ReportsSettings";
import { localTimeZone, newScheduleId, scheduledQueries } from "./schedule-client";
import { snapshotCost, snapshotPlanOf, sourceKey, takeSnapshot, type SnapshotTarget } from "./snapshot";
import type { SnapshotPlan } from "./snapshot-sheet";
import { useReportExtras } from "./use-report-extras";
import { rowsOf, scanWorkbook, type WorkbookScan } from "./workbook-scan";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  list: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
  item: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingBottom: tokens.spacingVerticalXS },
});

const EMPTY_SCAN: WorkbookScan = { cells: [], asOf: [], tables: [], sheets: [] };

/** A question waiting for the person: a refresh or a snapshot that spends many calls. */
type Pending =
  | {
      readonly kind: "refresh";
      readonly plan: RefreshPlan;
      readonly rows: readonly ReportRow[];
      readonly now: TargetsNow;
    }
  | { readonly kind: "snapshot"; readonly plan: SnapshotPlan; readonly question: string; readonly calls: number };

/** The key a report or table's schedule is kept under in the workbook (a report's survives a rename). */
const scheduleKey = (target: SnapshotTarget) =>
  target.kind === "report"
    ? `report:${target.report.template}:${target.report.createdAt}`
    : `table:${target.table.name}`;

export function ReportsPanel({ active }: { active: boolean }) {
  const services = useServices();
  const { engine, host, registry, clock } = services;
  const styles = useStyles();
  const [scan, setScan] = useState<WorkbookScan>(EMPTY_SCAN);
  const [revision, setRevision] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [tableFailures, setTableFailures] = useState<Record<string, string>>({});
  const { busy, progress, outcome: notice, setOutcome: setNotice, perform } = useAction();
  const [pending, setPending] = useState<Pending | null>(null);
  /** Cells below a table that hold something: the refresh or snapshot waits for the person's choice. */
  const [growth, setGrowth] = useState<{ conflict: GrowthConflict; answer: (d: GrowthDecision) => void } | null>(null);
  const decide = useCallback(
    (conflict: GrowthConflict) =>
      new Promise<GrowthDecision>((resolve) =>
        setGrowth({
          conflict,
          answer: (decision) => {
            setGrowth(null);
            resolve(decision);
          },
        }),
      ),
    [],
  );
  // A pane closed while a question waits keeps the person's cells: the work goes on without that table.
  const growthRef = useRef(growth);
  growthRef.current = growth;
  useEffect(() => () => growthRef.current?.answer("keep"), []);

  const { rows, groups, others } = useMemo(
    () => rowsOf(scan, registry, tableFailures),
    // The registry changes as formulas run: `revision` follows it.
    [scan, registry, tableFailures, revision],
  );
  const extras = useReportExtras(services, rows, groups, others);
  useEffect(() => registry.subscribe(() => setRevision((r) => r + 1)), [registry]);

  const rescan = useCallback(
    () =>
      perform(
        t("reports.busy.scan"),
        async () => {
          setScan(await scanWorkbook(host, registry));
          extras.reload();
          return null;
        },
        { keepOutcome: true },
      ),
    [host, registry, perform, extras],
  );
  useEffect(() => {
    if (active) void rescan();
    // Rescans when the tab shows, not when `rescan` is made again.
  }, [active]);

  /** Refreshes the chosen rows as counted; the outcome says what failed, what was spent and what was kept. */
  const run = async (chosen: readonly ReportRow[], plan: RefreshPlan, now: TargetsNow, work: ActionWork) => {
    work.relabel(t("reports.busy.refresh", { plan: describePlan(plan, now.targets) }));
    try {
      const done = await refreshAndRecord(
        engine,
        host,
        scan,
        groups,
        { plan, rows: chosen, inputs: now.inputs },
        () => clock.now(),
        (p) => work.onPage(p.done, p.total),
        decide,
      );
      const failedTables: Record<string, string> = { ...tableFailures };
      for (const row of chosen) if (row.tableName) delete failedTables[row.tableName];
      for (const [id, message] of Object.entries(done.failures)) {
        const row = chosen.find((r) => r.id === id);
        if (row?.tableName) failedTables[row.tableName] = message;
      }
      setTableFailures(failedTables);
      const failed = Object.keys(done.failures).length;
      const text = failed
        ? t("reports.failed", { failed, items: chosen.length, calls: done.callsSpent })
        : t("reports.refreshedItems", { items: chosen.length, calls: done.callsSpent });
      const kept = done.snapshots ? ` ${t("reports.snapshotsKept", { snapshots: done.snapshots })}` : "";
      const problems = done.snapshotFailures.length ? ` ${done.snapshotFailures.join(" ")}` : "";
      return { kind: failed || problems ? "error" : "success", text: `${text}${kept}${problems}` } satisfies Outcome;
    } finally {
      setScan(await scanWorkbook(host, registry).catch(() => scan));
      extras.reload();
    }
  };

  const refresh = async (chosen: readonly ReportRow[]) => {
    if (!chosen.length) {
      setNotice({ kind: "info", text: t("reports.nothing") });
      return;
    }
    await perform(t("reports.busy.count"), async (work) => {
      const now = await refreshTargetsNow(host, chosen, groups);
      const plan = await planRefresh(engine, now.targets, { remainingThisMonth: engine.usage().remainingThisMonth });
      if (!plan.needsConfirmation) return run(chosen, plan, now, work);
      setPending({ kind: "refresh", plan, rows: chosen, now });
      return null;
    });
  };

  const snapshot = async (plan: SnapshotPlan, work: ActionWork): Promise<Outcome> => {
    work.relabel(t("reports.busy.snapshot"));
    const done = await takeSnapshot(engine, host, plan, clock.now(), decide);
    extras.reload();
    if (!done.written) return { kind: "info", text: t("reports.snapshotKeptCells") };
    return {
      kind: "success",
      text: t("reports.snapshotTaken", {
        sheet: done.written.sheet,
        snapshots: done.written.snapshots,
        replaced: done.written.replaced ? "yes" : "no",
        calls: done.callsSpent,
      }),
    };
  };

  const snapshotNow = (target: SnapshotTarget) =>
    perform(t("reports.busy.snapshotCount"), async (work) => {
      const plan = await snapshotPlanOf(host, target);
      if (!plan) return { kind: "error", text: t("reports.snapshotNoQuery") };
      const cost = await snapshotCost(engine, plan, engine.usage().remainingThisMonth);
      if (!cost.question) return snapshot(plan, work);
      setPending({ kind: "snapshot", plan, question: cost.question, calls: cost.calls });
      return null;
    });

  const confirm = (question: Pending) => {
    setPending(null);
    if (question.kind === "refresh")
      void perform(t("reports.busy.refresh", { plan: describePlan(question.plan, question.now.targets) }), (work) =>
        run(question.rows, question.plan, question.now, work),
      );
    else void perform(t("reports.busy.snapshot"), (work) => snapshot(question.plan, work));
  };

  const snapshotProps = (target: SnapshotTarget, name: string): SnapshotProps => {
    const source: SnapshotSourceRef =
      target.kind === "report" ? { kind: "report", sheet: target.sheet } : { kind: "table", table: target.table.name };
    return {
      history: extras.snapshotStates.find((h) => sourceKey(h.source) === sourceKey(source)),
      busy: busy !== null,
      name,
      onKeep: (keep) =>
        void perform(t("reports.busy.keep"), async () => {
          await host.setKeepSnapshots?.(source, keep);
          extras.reload();
          return { kind: "info", text: keep ? t("reports.keepOn", { name }) : t("reports.keepOff", { name }) };
        }),
      onSnapshot: () => void snapshotNow(target),
    };
  };

  const scheduleProps = (target: SnapshotTarget, name: string): ScheduleProps | null => {
    const relay = extras.relay;
    if (!relay) return null;
    const key = scheduleKey(target);
    const id = extras.options.schedules?.[key];
    const schedule = relay.schedules.find((s) => s.id === id) ?? null;
    const keep = async (next: string | null) => {
      const schedules = { ...extras.options.schedules };
      if (next) schedules[key] = next;
      else delete schedules[key];
      await host.setWorkbookOptions?.({ schedules });
      extras.reload();
    };
    return {
      schedule,
      busy: busy !== null,
      name,
      onSet: (at) =>
        void perform(t("reports.busy.schedule"), async () => {
          const plan = await snapshotPlanOf(host, target);
          if (!plan) return { kind: "error", text: t("reports.snapshotNoQuery") };
          const scheduleId = schedule?.id ?? newScheduleId();
          const set = await relay.client.set(scheduleId, {
            name: plan.name,
            at,
            timeZone: localTimeZone(),
            queries: scheduledQueries(plan.queries),
          });
          await keep(scheduleId);
          return { kind: "success", text: t("reports.scheduled", { name, at: set.at, zone: set.timeZone }) };
        }),
      onRemove: () =>
        void perform(t("reports.busy.schedule"), async () => {
          if (schedule) await relay.client.remove(schedule.id);
          await keep(null);
          return { kind: "info", text: t("reports.unscheduled", { name }) };
        }),
    };
  };

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const failed = rows.filter((r) => r.status === "error");
  const isBusy = busy !== null;
  const targetOfRow = (row: ReportRow): SnapshotTarget | null => {
    const table = scan.tables.find((x) => x.name === row.tableName);
    return row.kind === "table" && table ? { kind: "table", table } : null;
  };
  const targetOfGroup = (group: ReportGroup): SnapshotTarget => ({
    kind: "report",
    sheet: group.sheet,
    report: group.report,
  });

  return (
    <section className={styles.root} aria-label={t("tab.reports")}>
      <div className={styles.actions}>
        <Button appearance="primary" disabled={isBusy || !rows.length} onClick={() => refresh(rows)}>
          {t("reports.refreshAll")}
        </Button>
        <Button disabled={isBusy || !selected.size} onClick={() => refresh(rows.filter((r) => selected.has(r.id)))}>
          {t("reports.refreshSelected")}
        </Button>
        <Button disabled={isBusy || !failed.length} onClick={() => refresh(failed)}>
          {t("reports.retryFailed")}
        </Button>
        <Button appearance="subtle" disabled={isBusy} onClick={() => void rescan()}>
          {t("reports.rescan")}
        </Button>
      </div>
      <ReportsSettings
        refreshOnOpen={extras.options.refreshOnOpen}
        lastGoodValues={extras.preferences.lastGoodValues}
        busy={isBusy}
        onRefreshOnOpen={(on) =>
          void perform(t("reports.busy.settings"), async () => {
            await host.setWorkbookOptions?.({ refreshOnOpen: on });
            extras.reload();
            return { kind: "info", text: on ? t("reports.refreshOnOpenOn") : t("reports.refreshOnOpenOff") };
          })
        }
        onLastGoodValues={(on) =>
          void perform(t("reports.busy.settings"), async () => {
            await engine.setPreferences({ lastGoodValues: on });
            extras.reload();
            return { kind: "info", text: on ? t("reports.lastGoodOn") : t("reports.lastGoodOff") };
          })
        }
      />
      {/* Asks in place, above the list, as the Build tab does: no modal (and no focus trap) for one question. */}
      {pending && (
        <AskBeforeSpending
          title={pending.kind === "refresh" ? t("reports.askTitle") : t("reports.snapshotAskTitle")}
          question={
            pending.kind === "refresh"
              ? t("reports.ask", {
                  reason: pending.plan.reason ?? "",
                  plan: describePlan(pending.plan, pending.now.targets),
                })
              : pending.question
          }
          confirmLabel={pending.kind === "refresh" ? t("reports.confirm") : t("snapshot.take")}
          onConfirm={() => confirm(pending)}
          onCancel={() => setPending(null)}
        />
      )}
      {growth && (
        <AskInPlace
          label={t("reports.growth.label")}
          title={
            growth.conflict.history
              ? t("snapshot.growth.title", { sheet: growth.conflict.tableName })
              : t("reports.growth.title", { table: growth.conflict.tableName })
          }
          question={
            growth.conflict.history
              ? t("snapshot.growth.question", { cells: growth.conflict.occupied.join(", ") })
              : t("reports.growth.question", {
                  table: growth.conflict.tableName,
                  rows: growth.conflict.rows,
                  cells: growth.conflict.occupied.join(", "),
                })
          }
          choices={[
            {
              label: growth.conflict.history ? t("snapshot.growth.insert") : t("reports.growth.insertRows"),
              primary: true,
              onChoose: () => growth.answer("insertRows"),
            },
            { label: t("reports.growth.overwrite"), onChoose: () => growth.answer("overwrite") },
            { label: t("reports.growth.keep"), onChoose: () => growth.answer("keep") },
          ]}
        />
      )}
      {busy && (
        <div aria-live="polite">
          <Text>{busy}</Text>
          <ProgressBar
            aria-label={busy}
            {...(progress ? { value: progress.done / Math.max(progress.total, 1) } : {})}
          />
          {progress && <Text size={200}>{t("reports.steps", { done: progress.done, total: progress.total })}</Text>}
        </div>
      )}
      <OutcomeBar outcome={notice} />
      {rows.length === 0 && !busy && <Text>{t("reports.empty")}</Text>}
      {groups.length > 0 && (
        <ul className={styles.list} aria-label={t("reports.fromTemplates")}>
          {groups.map((group) => {
            const name = t("reports.report", { sheet: group.sheet });
            return (
              <li key={group.sheet} className={styles.item}>
                <ReportGroupItem
                  group={group}
                  plan={extras.plans.get(`report:${group.sheet}`)}
                  busy={isBusy}
                  onRefresh={() => void refresh(group.rows)}
                  history={snapshotProps(targetOfGroup(group), name)}
                  schedule={scheduleProps(targetOfGroup(group), name)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <ul className={styles.list} aria-label={t("reports.others")}>
        {others.map((row) => {
          const target = targetOfRow(row);
          const name = t("reports.table", { name: row.tableName ?? "" });
          return (
            <li key={row.id} className={styles.item}>
              <ReportRowItem
                row={row}
                selected={selected.has(row.id)}
                onToggle={() => toggle(row.id)}
                plan={extras.plans.get(row.id)}
                history={target ? snapshotProps(target, name) : null}
                schedule={target ? scheduleProps(target, name) : null}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
