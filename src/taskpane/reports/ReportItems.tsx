/**
 * One report (a sheet made from a template) and one formula or table in the Reports tab: what it shows and as of
 * when, what its next refresh costs, what failed and why, a formula's last good answer, and its controls: refresh,
 * keep history and Snapshot now, and with a team relay its daily schedule.
 */
import { Badge, Button, Checkbox, Input, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useState } from "react";
import type { Schedule } from "../../relay-api/schedules";
import { t } from "../../i18n";
import type { SnapshotState } from "../report-model/snapshot-spec";
import type { RefreshPlan } from "./refresh-plan";
import type { ReportGroup, ReportRow } from "./reports";
import { describeReportInputs, reportTitle } from "./reports";
import { lastGoodText, statusLines } from "./status";
import { RelayHistoryControls } from "./RelayHistoryControls";
import { RemoveQuestion } from "./RemoveQuestion";
import type { RelayHistoryProps } from "./relay-history-props";

const useStyles = makeStyles({
  group: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS, alignItems: "flex-start" },
  details: { color: tokens.colorNeutralForeground2 },
  indented: { display: "block", marginLeft: "28px", color: tokens.colorNeutralForeground2 },
  row: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  time: { width: "110px" },
});

const STATUS_COLOR = {
  ok: "success",
  error: "danger",
  running: "informative",
  cancelled: "warning",
  "not run": "subtle",
} as const;

const statusText = (status: ReportRow["status"]) => t("reports.status", { status });

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

/** "Table MAD_… · 20 rows · refreshed Mar 4, 2025, 10:20 AM · as of …: the service did not answer" */
function describeRow(row: ReportRow): string {
  return [
    ...(row.kind === "table" ? [t("reports.table", { name: row.tableName ?? "" })] : []),
    ...(row.rows === null ? [] : [t("reports.rows", { rows: row.rows })]),
    row.lastRefreshed === null ? t("reports.neverRefreshed") : t("reports.refreshed", { at: row.lastRefreshed }),
    ...(row.lastGood && row.lastRefreshed !== null ? [lastGoodText(row.lastRefreshed, row.lastGood)] : []),
    ...(row.message ? [row.message] : []),
  ].join(" · ");
}

/** What an item's row of controls (its snapshots, its schedule) gets whatever it controls. */
interface ItemControlsProps {
  readonly busy: boolean;
  /** "report Market 1", "table MAD_ProductResearch": what the controls' accessible names end with. */
  readonly name: string;
}

export interface SnapshotProps extends ItemControlsProps {
  readonly history: SnapshotState | undefined;
  readonly onKeep: (keep: boolean) => void;
  readonly onSnapshot: () => void;
}

function SnapshotControls({ history, busy, name, onKeep, onSnapshot }: SnapshotProps) {
  const styles = useStyles();
  return (
    <div className={styles.row}>
      <Checkbox
        checked={history?.keep ?? false}
        disabled={busy}
        onChange={(_, data) => onKeep(data.checked === true)}
        label={t("snapshot.keep")}
        aria-label={t("snapshot.keepLabel", { name })}
      />
      <Button size="small" disabled={busy} onClick={onSnapshot} aria-label={t("snapshot.takeLabel", { name })}>
        {t("snapshot.take")}
      </Button>
      {history?.sheet && (
        <Text size={200} className={styles.details}>
          {t("snapshot.where", { snapshots: history.snapshots, sheet: history.sheet })}
        </Text>
      )}
    </div>
  );
}

export interface ScheduleProps extends ItemControlsProps {
  readonly schedule: Schedule | null;
  readonly onSet: (at: string) => void;
  readonly onRemove: () => void;
  /** Asked in place before removing, when the relay would delete the history it kept (relay-history-props.ts). */
  readonly removeQuestion?: string | null;
  /** The schedule's history on the relay: Keep history on the relay, Share as a feed…; null without a schedule. */
  readonly relayHistory?: RelayHistoryProps | null;
}

function ScheduleControls({ schedule, busy, name, onSet, onRemove, removeQuestion }: ScheduleProps) {
  const styles = useStyles();
  const [at, setAt] = useState(schedule?.at ?? "07:00");
  const [asking, setAsking] = useState(false);
  const last = schedule?.lastRun;
  return (
    <div className={styles.row}>
      <Input
        type="time"
        className={styles.time}
        value={at}
        disabled={busy}
        onChange={(_, data) => setAt(data.value)}
        aria-label={t("schedule.timeLabel", { name })}
      />
      <Button size="small" disabled={busy || !/^\d\d:\d\d$/.test(at)} onClick={() => onSet(at)}>
        {schedule ? t("schedule.change") : t("schedule.set")}
      </Button>
      {schedule && (
        <Button
          size="small"
          appearance="subtle"
          disabled={busy || asking}
          onClick={() => (removeQuestion ? setAsking(true) : onRemove())}
        >
          {t("schedule.remove")}
        </Button>
      )}
      <Text size={200} className={styles.details}>
        {schedule
          ? t("schedule.state", { at: schedule.at, zone: schedule.timeZone, next: schedule.nextRunAt })
          : t("schedule.none")}
        {last
          ? ` ${t("schedule.lastRun", { at: last.at, calls: last.calls, cacheHits: last.cacheHits, failed: last.failed })}`
          : ""}
        {last?.note ? ` (${last.note})` : ""}
      </Text>
      {asking && removeQuestion && (
        <RemoveQuestion
          name={name}
          question={removeQuestion}
          onAnswer={(remove) => {
            setAsking(false);
            if (remove) onRemove();
          }}
        />
      )}
    </div>
  );
}

export function ReportGroupItem(props: {
  group: ReportGroup;
  plan: RefreshPlan | undefined;
  busy: boolean;
  onRefresh: () => void;
  history: SnapshotProps;
  schedule: ScheduleProps | null;
}) {
  const { group, plan, busy } = props;
  const styles = useStyles();
  return (
    <section className={styles.group} aria-label={t("reports.report", { sheet: group.sheet })}>
      <Text weight="semibold">
        {t("reports.reportTitle", { title: reportTitle(group.report), sheet: group.sheet })}
      </Text>
      <Text size={200} className={styles.details}>
        {describeReportInputs(group.report)}
      </Text>
      <Text size={200} className={styles.details}>
        {describeGroup(group)}
      </Text>
      {statusLines(group.rows, plan).map((line) => (
        <Text key={line} size={200} className={styles.details}>
          {line}
        </Text>
      ))}
      <Button
        size="small"
        disabled={busy || !group.rows.length}
        aria-label={t("reports.refreshReportLabel", { sheet: group.sheet })}
        onClick={props.onRefresh}
      >
        {t("reports.refreshReport")}
      </Button>
      <SnapshotControls {...props.history} />
      {props.schedule && <ScheduleControls {...props.schedule} />}
      {props.schedule?.relayHistory && <RelayHistoryControls {...props.schedule.relayHistory} />}
    </section>
  );
}

export function ReportRowItem(props: {
  row: ReportRow;
  selected: boolean;
  onToggle: () => void;
  plan: RefreshPlan | undefined;
  history: SnapshotProps | null;
  schedule: ScheduleProps | null;
}) {
  const { row, plan } = props;
  const styles = useStyles();
  return (
    <>
      <Checkbox
        checked={props.selected}
        onChange={props.onToggle}
        label={t("reports.item", { at: `${row.sheet}!${row.address.split(":")[0]}`, operation: row.operation })}
      />
      <Badge appearance="tint" color={STATUS_COLOR[row.status]}>
        {statusText(row.status)}
      </Badge>
      <Text size={200} className={styles.indented}>
        {describeRow(row)}
      </Text>
      {row.kind === "table" && (
        <Text size={200} className={styles.indented}>
          {statusLines([row], plan)[0]}
        </Text>
      )}
      {props.history && <SnapshotControls {...props.history} />}
      {props.schedule && <ScheduleControls {...props.schedule} />}
      {props.schedule?.relayHistory && <RelayHistoryControls {...props.schedule.relayHistory} />}
    </>
  );
}
