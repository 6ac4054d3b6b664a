/**
 * The workbook's MAD formulas and add-in tables, and their refresh; a sheet made from a template shows as one report
 * whose formulas refresh together, its charts then following the new spills. Before refreshing, the panel tells how many
 * calls it will spend (identical queries once, every page counted) and asks when that is many or more than the
 * month has left. A refresh bypasses the cache for the chosen queries only.
 */
import { Badge, Button, Checkbox, makeStyles, ProgressBar, Text, tokens } from "@fluentui/react-components";
import { useCallback, useEffect, useRef, useState } from "react";
import { executeRefresh } from "./actions";
import type { GrowthConflict, GrowthDecision } from "./growth";
import type { FormulaCell, ReportSheetInfo, TableInfo } from "../host/host-adapter";
import { refreshReportSheets } from "../templates/actions";
import { describePlan, planRefresh, type RefreshPlan } from "./refresh-plan";
import {
  describeReportInputs,
  groupReports,
  refreshTargets,
  reportRows,
  staleEntries,
  type ReportGroup,
  type ReportRow,
} from "./reports";
import { useServices } from "../shared/services";
import { useAction, type ActionWork, type Outcome } from "../shared/use-action";
import { t } from "../../i18n";
import { AskBeforeSpending } from "../shared/AskBeforeSpending";
import { OutcomeBar } from "../shared/OutcomeBar";
import { AskInPlace } from "../shared/AskInPlace";

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
  details: { display: "block", marginLeft: "28px", color: tokens.colorNeutralForeground2 },
  group: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS, alignItems: "flex-start" },
  groupDetails: { color: tokens.colorNeutralForeground2 },
});

const STATUS_COLOR = {
  ok: "success",
  error: "danger",
  running: "informative",
  cancelled: "warning",
  "not run": "subtle",
} as const;

const statusText = (status: ReportRow["status"]) => t("reports.status", { status });

/** "Table MAD_… · 20 rows · refreshed Mar 4, 2025, 10:20 AM" */
function describeRow(row: ReportRow): string {
  return [
    ...(row.kind === "table" ? [t("reports.table", { name: row.tableName ?? "" })] : []),
    ...(row.rows === null ? [] : [t("reports.rows", { rows: row.rows })]),
    row.lastRefreshed === null ? t("reports.neverRefreshed") : t("reports.refreshed", { at: row.lastRefreshed }),
  ].join(" · ");
}

/** "8 formulas: 6 ok, 2 not run" */
function describeGroup(group: ReportGroup): string {
  const counts = new Map<ReportRow["status"], number>();
  for (const row of group.rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  const parts = [...counts].map(([status, count]) => t("reports.statusCount", { count, status: statusText(status) }));
  const formulas = group.rows.length;
  return parts.length
    ? t("reports.group", { formulas, statuses: parts.join(", ") })
    : t("reports.formulas", { formulas });
}

interface Pending {
  readonly plan: RefreshPlan;
  readonly rows: readonly ReportRow[];
}

export function ReportsPanel({ active }: { active: boolean }) {
  const { engine, host, registry } = useServices();
  const styles = useStyles();
  const scan = useRef<{ cells: FormulaCell[]; tables: TableInfo[] }>({ cells: [], tables: [] });
  const [rows, setRows] = useState<ReportRow[]>([]);
  const [reportSheets, setReportSheets] = useState<ReportSheetInfo[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [tableFailures, setTableFailures] = useState<Record<string, string>>({});
  const { busy, progress, outcome: notice, setOutcome: setNotice, perform } = useAction();
  const [pending, setPending] = useState<Pending | null>(null);
  /** A refreshed table needs cells below it that hold something: the refresh waits for the person's choice. */
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
  // A pane closed while a question waits keeps the person's cells: the refresh goes on without that table.
  const growthRef = useRef(growth);
  growthRef.current = growth;
  useEffect(() => () => growthRef.current?.answer("keep"), []);
  /** Set once a refresh starts sending: the list is rescanned after it, whatever its outcome. */
  const refreshed = useRef(false);
  const failuresRef = useRef(tableFailures);
  failuresRef.current = tableFailures;

  const rebuild = useCallback(() => {
    setRows(reportRows(scan.current.cells, registry.list(), scan.current.tables, failuresRef.current));
  }, [registry]);

  const rescan = useCallback(
    () =>
      perform(
        t("reports.busy.scan"),
        async () => {
          const [cells, tables, sheets] = await Promise.all([
            host.listMadFormulas(),
            host.listTables(),
            host.listReportSheets ? host.listReportSheets() : Promise.resolve([]),
          ]);
          scan.current = { cells, tables };
          setReportSheets(sheets);
          for (const id of staleEntries(cells, registry.list())) registry.remove(id);
          rebuild();
          return null;
        },
        { keepOutcome: true },
      ),
    [host, registry, rebuild, perform],
  );

  useEffect(() => registry.subscribe(rebuild), [registry, rebuild]);
  useEffect(() => {
    if (active) void rescan();
  }, [active, rescan]);
  useEffect(rebuild, [tableFailures, rebuild]);

  /** Refreshes the chosen rows with a counted plan; the outcome says how many failed and what was spent. */
  const run = async (chosen: readonly ReportRow[], plan: RefreshPlan, work: ActionWork): Promise<Outcome> => {
    refreshed.current = true;
    work.relabel(t("reports.busy.refresh", { plan: describePlan(plan, refreshTargets(chosen)) }));
    const outcome = await executeRefresh(engine, host, plan, chosen, (p) => work.onPage(p.done, p.total), decide);
    // Reports among the chosen rows: their charts follow the new spills once the formulas show them.
    const ids = new Set(chosen.map((r) => r.id));
    const touched = groupReports(rows, reportSheets).groups.filter((g) => g.rows.some((r) => ids.has(r.id)));
    await refreshReportSheets(
      host,
      touched.map((g) => ({ sheet: g.sheet, cells: g.rows.filter((r) => r.cell).map((r) => r.cell!) })),
    );
    const failedTables: Record<string, string> = { ...tableFailures };
    for (const row of chosen) if (row.tableName) delete failedTables[row.tableName];
    for (const [id, message] of Object.entries(outcome.failures)) {
      const row = chosen.find((r) => r.id === id);
      if (row?.tableName) failedTables[row.tableName] = message;
    }
    setTableFailures(failedTables);
    const failed = Object.keys(outcome.failures).length;
    return failed
      ? { kind: "error", text: t("reports.failed", { failed, items: chosen.length, calls: outcome.callsSpent }) }
      : { kind: "success", text: t("reports.refreshedItems", { items: chosen.length, calls: outcome.callsSpent }) };
  };
  /** After a refresh, success or not, the list is read again from the workbook. */
  const thenRescan = async (refreshing: Promise<void>) => {
    refreshed.current = false;
    await refreshing;
    if (refreshed.current) await rescan();
  };
  const confirm = (chosen: readonly ReportRow[], plan: RefreshPlan) => {
    setPending(null);
    const label = t("reports.busy.refresh", { plan: describePlan(plan, refreshTargets(chosen)) });
    void thenRescan(perform(label, (work) => run(chosen, plan, work)));
  };

  const refresh = async (chosen: readonly ReportRow[]) => {
    if (!chosen.length) {
      setNotice({ kind: "info", text: t("reports.nothing") });
      return;
    }
    await thenRescan(
      perform(t("reports.busy.count"), async (work) => {
        const plan = await planRefresh(engine, refreshTargets(chosen), {
          remainingThisMonth: engine.usage().remainingThisMonth,
        });
        if (!plan.needsConfirmation) return run(chosen, plan, work);
        setPending({ plan, rows: chosen });
        return null;
      }),
    );
  };

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const failed = rows.filter((r) => r.status === "error");
  const { groups, others } = groupReports(rows, reportSheets);

  return (
    <section className={styles.root} aria-label={t("tab.reports")}>
      <div className={styles.actions}>
        <Button appearance="primary" disabled={busy !== null || !rows.length} onClick={() => refresh(rows)}>
          {t("reports.refreshAll")}
        </Button>
        <Button
          disabled={busy !== null || !selected.size}
          onClick={() => refresh(rows.filter((r) => selected.has(r.id)))}
        >
          {t("reports.refreshSelected")}
        </Button>
        <Button disabled={busy !== null || !failed.length} onClick={() => refresh(failed)}>
          {t("reports.retryFailed")}
        </Button>
        <Button appearance="subtle" disabled={busy !== null} onClick={() => void rescan()}>
          {t("reports.rescan")}
        </Button>
      </div>
      {/* Asks in place, above the list, as the Build tab does: no modal (and no focus trap) for one question. */}
      {pending && (
        <AskBeforeSpending
          title={t("reports.askTitle")}
          question={t("reports.ask", {
            reason: pending.plan.reason ?? "",
            plan: describePlan(pending.plan, refreshTargets(pending.rows)),
          })}
          confirmLabel={t("reports.confirm")}
          onConfirm={() => confirm(pending.rows, pending.plan)}
          onCancel={() => setPending(null)}
        />
      )}
      {growth && (
        <AskInPlace
          label={t("reports.growth.label")}
          title={t("reports.growth.title", { table: growth.conflict.tableName })}
          question={t("reports.growth.question", {
            table: growth.conflict.tableName,
            rows: growth.conflict.rows,
            cells: growth.conflict.occupied.join(", "),
          })}
          choices={[
            { label: t("reports.growth.insertRows"), primary: true, onChoose: () => growth.answer("insertRows") },
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
          {groups.map((group) => (
            <li key={group.sheet} className={styles.item}>
              <section className={styles.group} aria-label={t("reports.report", { sheet: group.sheet })}>
                <Text weight="semibold">
                  {t("reports.reportTitle", { title: group.report.title, sheet: group.sheet })}
                </Text>
                <Text size={200} className={styles.groupDetails}>
                  {describeReportInputs(group.report)}
                </Text>
                <Text size={200} className={styles.groupDetails}>
                  {describeGroup(group)}
                </Text>
                <Button
                  size="small"
                  disabled={busy !== null || !group.rows.length}
                  aria-label={t("reports.refreshReportLabel", { sheet: group.sheet })}
                  onClick={() => refresh(group.rows)}
                >
                  {t("reports.refreshReport")}
                </Button>
              </section>
            </li>
          ))}
        </ul>
      )}
      <ul className={styles.list} aria-label={t("reports.others")}>
        {others.map((row) => (
          <li key={row.id} className={styles.item}>
            <Checkbox
              checked={selected.has(row.id)}
              onChange={() => toggle(row.id)}
              label={t("reports.item", { at: `${row.sheet}!${row.address.split(":")[0]}`, operation: row.operation })}
            />
            <Badge appearance="tint" color={STATUS_COLOR[row.status]}>
              {statusText(row.status)}
            </Badge>
            <Text size={200} className={styles.details}>
              {describeRow(row)}
              {row.message ? ` · ${row.message}` : ""}
            </Text>
          </li>
        ))}
      </ul>
    </section>
  );
}
