/**
 * The workbook's MAD formulas and add-in tables, and their refresh; a sheet made from a template shows as one report
 * whose formulas refresh together, its charts then following the new spills. Before refreshing, the panel tells how
 * many calls it will spend (identical queries once, every page counted) and asks when that is many or more than the
 * month has left. Each report and table says as of when its data is, what its next refresh costs and what failed;
 * it may keep history (each refresh and Snapshot now append to its history sheet) and, with a team relay, be
 * refreshed daily by the relay. The tab's settings: refresh when opened, last good answers.
 */
import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useCallback, useEffect, useMemo, useState } from "react";
import { t } from "../../i18n";
import { OutcomeBar } from "../shared/OutcomeBar";
import { useServices } from "../shared/services";
import { useControlStyles, useLayoutStyles } from "../shared/styles";
import { useAction, type Action } from "../shared/use-action";
import { scheduleProps, snapshotProps } from "./item-props";
import { ReportGroupItem, ReportRowItem } from "./ReportItems";
import { BusyProgress, GrowthAsk, SpendQuestion } from "./ReportsQuestions";
import type { RefreshMode } from "./refresh-modes";
import type { ReportGroup, ReportRow } from "./reports";
import { ReportsSettings } from "./ReportsSettings";
import type { SnapshotTarget } from "./snapshot";
import { useGrowthQuestion } from "./use-growth-question";
import { useReportActions } from "./use-report-actions";
import { useReportExtras, type ReportExtras } from "./use-report-extras";
import { rowsOf, scanWorkbook, type WorkbookScan } from "./workbook-scan";

const useStyles = makeStyles({
  item: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingBottom: tokens.spacingVerticalXS },
});

const EMPTY_SCAN: WorkbookScan = { cells: [], asOf: [], tables: [], sheets: [] };

/**
 * The tab's buttons: refresh all, the chosen rows or the failed ones (current data from the cache), refresh the
 * chosen rows, or all, from the service (asked first), and scan the workbook again.
 */
function RefreshButtons(props: {
  rows: readonly ReportRow[];
  selected: ReadonlySet<string>;
  busy: boolean;
  onRefresh: (rows: readonly ReportRow[], mode?: RefreshMode) => void;
  onRescan: () => void;
}) {
  const { rows, selected, busy, onRefresh } = props;
  const failed = rows.filter((r) => r.status === "error");
  const chosen = selected.size ? rows.filter((r) => selected.has(r.id)) : rows;
  return (
    <div className={useLayoutStyles().wrapRow}>
      <Button appearance="primary" disabled={busy || !rows.length} onClick={() => onRefresh(rows)}>
        {t("reports.refreshAll")}
      </Button>
      <Button disabled={busy || !selected.size} onClick={() => onRefresh(rows.filter((r) => selected.has(r.id)))}>
        {t("reports.refreshSelected")}
      </Button>
      <Button disabled={busy || !failed.length} onClick={() => onRefresh(failed)}>
        {t("reports.retryFailed")}
      </Button>
      <Button
        disabled={busy || !chosen.length}
        onClick={() => onRefresh(chosen, "service")}
        aria-label={t("reports.fromService.label", { selected: selected.size })}
      >
        {t("reports.fromService")}
      </Button>
      <Button appearance="subtle" disabled={busy} onClick={props.onRescan}>
        {t("reports.rescan")}
      </Button>
    </div>
  );
}

/** The tab's settings: refresh when the workbook opens (the workbook's), last good answers (the person's). */
function Settings({ extras, action }: { extras: ReportExtras; action: Action }) {
  const { host, engine } = useServices();
  const change = (work: () => Promise<unknown>, text: string) =>
    void action.perform(t("reports.busy.settings"), async () => {
      await work();
      extras.reload();
      return { kind: "info", text };
    });
  return (
    <ReportsSettings
      refreshOnOpen={extras.options.refreshOnOpen}
      lastGoodValues={extras.preferences.lastGoodValues}
      busy={action.busy !== null}
      onRefreshOnOpen={(on) =>
        change(
          () => host.setWorkbookOptions({ refreshOnOpen: on }),
          on ? t("reports.refreshOnOpenOn") : t("reports.refreshOnOpenOff"),
        )
      }
      onLastGoodValues={(on) =>
        change(
          () => engine.setPreferences({ lastGoodValues: on }),
          on ? t("reports.lastGoodOn") : t("reports.lastGoodOff"),
        )
      }
    />
  );
}

/** The workbook as last scanned, its rows (formulas, tables, reports) and their failures; scanned again on demand. */
function useWorkbookRows(active: boolean, action: Action) {
  const services = useServices();
  const { host, registry } = services;
  const [scan, setScan] = useState<WorkbookScan>(EMPTY_SCAN);
  const [revision, setRevision] = useState(0);
  const [tableFailures, setTableFailures] = useState<Record<string, string>>({});
  const { rows, groups, others } = useMemo(
    () => rowsOf(scan, registry, tableFailures),
    // The registry changes as formulas run: `revision` follows it.
    [scan, registry, tableFailures, revision],
  );
  const extras = useReportExtras(services, rows, groups, others);
  useEffect(() => {
    const changed = () => setRevision((r) => r + 1);
    const unsubscribe = registry.subscribe(changed);
    // A formula that settled between the first render and this subscription is read again now, not at the next one.
    changed();
    return unsubscribe;
  }, [registry]);
  const { perform } = action;
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
  return { scan, setScan, rows, groups, others, extras, tableFailures, setTableFailures, rescan };
}

const targetOfGroup = (group: ReportGroup): SnapshotTarget => ({
  kind: "report",
  sheet: group.sheet,
  report: group.report,
});

export function ReportsPanel({ active }: { active: boolean }) {
  const services = useServices();
  const styles = useStyles();
  const controls = useControlStyles();
  const action = useAction();
  const { busy, outcome } = action;
  const book = useWorkbookRows(active, action);
  const { rows, groups, others, extras, scan } = book;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { growth, decide } = useGrowthQuestion();
  const { pending, cancel, confirm, refresh, snapshotNow } = useReportActions(services, book, action, decide);
  const item = { host: services.host, extras, action };
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const isBusy = busy !== null;
  const targetOfRow = (row: ReportRow): SnapshotTarget | null => {
    const table = scan.tables.find((x) => x.name === row.tableName);
    return row.kind === "table" && table ? { kind: "table", table } : null;
  };

  return (
    <section className={useLayoutStyles().stack} aria-label={t("tab.reports")}>
      <RefreshButtons
        rows={rows}
        selected={selected}
        busy={isBusy}
        onRefresh={(chosen, mode) => void refresh(chosen, mode)}
        onRescan={() => void book.rescan()}
      />
      <Settings extras={extras} action={action} />
      {/* Asks in place, above the list, as the Build tab does: no modal (and no focus trap) for one question. */}
      {pending && <SpendQuestion pending={pending} onConfirm={() => confirm(pending)} onCancel={cancel} />}
      {growth && <GrowthAsk growth={growth} />}
      <BusyProgress busy={busy} progress={action.progress} />
      <OutcomeBar outcome={outcome} />
      {rows.length === 0 && !busy && <Text>{t("reports.empty")}</Text>}
      {groups.length > 0 && (
        <ul className={controls.plainList} aria-label={t("reports.fromTemplates")}>
          {groups.map((group) => {
            const name = t("reports.report", { sheet: group.sheet });
            return (
              <li key={group.sheet} className={styles.item}>
                <ReportGroupItem
                  group={group}
                  plan={extras.plans.get(`report:${group.sheet}`)}
                  busy={isBusy}
                  onRefresh={() => void refresh(group.rows)}
                  history={snapshotProps(item, targetOfGroup(group), name, snapshotNow)}
                  schedule={scheduleProps(item, targetOfGroup(group), name)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <ul className={controls.plainList} aria-label={t("reports.others")}>
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
                history={target ? snapshotProps(item, target, name, snapshotNow) : null}
                schedule={target ? scheduleProps(item, target, name) : null}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
