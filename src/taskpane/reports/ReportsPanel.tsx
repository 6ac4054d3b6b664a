/**
 * The workbook's MAD formulas and add-in tables, and their refresh; a sheet made from a template shows as one report
 * whose formulas refresh together, its charts then following the new spills. Before refreshing, the panel tells how many
 * calls it will spend (identical queries once, every page counted) and asks when that is many or more than the
 * month has left. A refresh bypasses the cache for the chosen queries only.
 */
import {
  Badge,
  Button,
  Checkbox,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useCallback, useEffect, useRef, useState } from "react";
import { executeRefresh, type RefreshProgress } from "../build/actions";
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
import { failureText, useServices } from "../shared/services";
import { AskBeforeSpending } from "../shared/AskBeforeSpending";
import { useControlStyles } from "../shared/styles";

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

function when(ms: number | null): string {
  if (ms === null) return "never refreshed";
  const d = new Date(ms);
  return `refreshed ${d.toLocaleDateString()} ${d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`;
}

function describeRow(row: ReportRow): string {
  const rows = row.rows === null ? "" : `${row.rows} row${row.rows === 1 ? "" : "s"} · `;
  return `${row.kind === "table" ? `Table ${row.tableName} · ` : ""}${rows}${when(row.lastRefreshed)}`;
}

/** "8 formulas: 6 ok, 2 not run" */
function describeGroup(group: ReportGroup): string {
  const counts = new Map<string, number>();
  for (const row of group.rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  const n = group.rows.length;
  const parts = [...counts].map(([status, count]) => `${count} ${status}`);
  return `${n} formula${n === 1 ? "" : "s"}${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

interface Pending {
  readonly plan: RefreshPlan;
  readonly rows: readonly ReportRow[];
}

export function ReportsPanel({ active }: { active: boolean }) {
  const { engine, host, registry } = useServices();
  const styles = useStyles();
  const controls = useControlStyles();
  const scan = useRef<{ cells: FormulaCell[]; tables: TableInfo[] }>({ cells: [], tables: [] });
  const [rows, setRows] = useState<ReportRow[]>([]);
  const [reportSheets, setReportSheets] = useState<ReportSheetInfo[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [tableFailures, setTableFailures] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<RefreshProgress | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "error" | "info"; text: string } | null>(null);
  const failuresRef = useRef(tableFailures);
  failuresRef.current = tableFailures;

  const rebuild = useCallback(() => {
    setRows(reportRows(scan.current.cells, registry.list(), scan.current.tables, failuresRef.current));
  }, [registry]);

  const rescan = useCallback(async () => {
    setBusy("Looking for MAD formulas and tables…");
    try {
      const [cells, tables, sheets] = await Promise.all([
        host.listMadFormulas(),
        host.listTables(),
        host.listReportSheets ? host.listReportSheets() : Promise.resolve([]),
      ]);
      scan.current = { cells, tables };
      setReportSheets(sheets);
      for (const id of staleEntries(cells, registry.list())) registry.remove(id);
      rebuild();
    } catch (error) {
      setNotice({ kind: "error", text: failureText(error) });
    } finally {
      setBusy(null);
    }
  }, [host, registry, rebuild]);

  useEffect(() => registry.subscribe(rebuild), [registry, rebuild]);
  useEffect(() => {
    if (active) void rescan();
  }, [active, rescan]);
  useEffect(rebuild, [tableFailures, rebuild]);

  const run = async (chosen: readonly ReportRow[], plan: RefreshPlan) => {
    setPending(null);
    setBusy(`Refreshing: ${describePlan(plan, refreshTargets(chosen))}`);
    try {
      const outcome = await executeRefresh(engine, host, plan, chosen, setProgress);
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
      setNotice(
        failed
          ? {
              kind: "error",
              text: `${failed} of ${chosen.length} failed (${outcome.callsSpent} calls spent). Use "Retry failed" to try those again.`,
            }
          : {
              kind: "success",
              text: `Refreshed ${chosen.length} item${chosen.length === 1 ? "" : "s"} with ${outcome.callsSpent} call${outcome.callsSpent === 1 ? "" : "s"}.`,
            },
      );
    } catch (error) {
      setNotice({ kind: "error", text: failureText(error) });
    } finally {
      setProgress(null);
      setBusy(null);
      await rescan();
    }
  };

  const refresh = async (chosen: readonly ReportRow[]) => {
    if (!chosen.length) {
      setNotice({ kind: "info", text: "Nothing to refresh." });
      return;
    }
    setBusy("Counting the calls this refresh needs…");
    setNotice(null);
    try {
      const plan = await planRefresh(engine, refreshTargets(chosen), {
        remainingThisMonth: engine.usage().remainingThisMonth,
      });
      setBusy(null);
      if (plan.needsConfirmation) setPending({ plan, rows: chosen });
      else await run(chosen, plan);
    } catch (error) {
      setBusy(null);
      setNotice({ kind: "error", text: failureText(error) });
    }
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
    <section className={styles.root} aria-label="Reports">
      <div className={styles.actions}>
        <Button appearance="primary" disabled={busy !== null || !rows.length} onClick={() => refresh(rows)}>
          Refresh all
        </Button>
        <Button
          disabled={busy !== null || !selected.size}
          onClick={() => refresh(rows.filter((r) => selected.has(r.id)))}
        >
          Refresh selected
        </Button>
        <Button disabled={busy !== null || !failed.length} onClick={() => refresh(failed)}>
          Retry failed
        </Button>
        <Button appearance="subtle" disabled={busy !== null} onClick={() => void rescan()}>
          Rescan
        </Button>
      </div>
      {/* Asks in place, above the list, as the Build tab does: no modal (and no focus trap) for one question. */}
      {pending && (
        <AskBeforeSpending
          title="Refresh now?"
          question={`${pending.plan.reason} ${describePlan(pending.plan, refreshTargets(pending.rows))}.`}
          confirmLabel="Refresh"
          onConfirm={() => void run(pending.rows, pending.plan)}
          onCancel={() => setPending(null)}
        />
      )}
      {busy && (
        <div aria-live="polite">
          <Text>{busy}</Text>
          <ProgressBar
            aria-label={busy}
            {...(progress ? { value: progress.done / Math.max(progress.total, 1) } : {})}
          />
          {progress && <Text size={200}>{`${progress.done} of ${progress.total} steps`}</Text>}
        </div>
      )}
      <div aria-live="polite">
        {notice && (
          <MessageBar layout="multiline" intent={notice.kind}>
            <MessageBarBody className={controls.message}>{notice.text}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      {rows.length === 0 && !busy && <Text>No MAD formulas or add-in tables in this workbook yet.</Text>}
      {groups.length > 0 && (
        <ul className={styles.list} aria-label="Reports from templates">
          {groups.map((group) => (
            <li key={group.sheet} className={styles.item}>
              <section className={styles.group} aria-label={`Report ${group.sheet}`}>
                <Text weight="semibold">{`${group.report.title} · ${group.sheet}`}</Text>
                <Text size={200} className={styles.groupDetails}>
                  {describeReportInputs(group.report)}
                </Text>
                <Text size={200} className={styles.groupDetails}>
                  {describeGroup(group)}
                </Text>
                <Button
                  size="small"
                  disabled={busy !== null || !group.rows.length}
                  aria-label={`Refresh report ${group.sheet}`}
                  onClick={() => refresh(group.rows)}
                >
                  Refresh report
                </Button>
              </section>
            </li>
          ))}
        </ul>
      )}
      <ul className={styles.list} aria-label="Formulas and tables">
        {others.map((row) => (
          <li key={row.id} className={styles.item}>
            <Checkbox
              checked={selected.has(row.id)}
              onChange={() => toggle(row.id)}
              label={`${row.sheet}!${row.address.split(":")[0]} · ${row.operation}`}
            />
            <Badge appearance="tint" color={STATUS_COLOR[row.status]}>
              {row.status}
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
