/**
 * My alerts on the team relay: each with its query, condition and period, when it last ran (rows read, rows that
 * fired, calls) and last fired, muted or not; mute / unmute, and delete after asking in place.
 */
import { Badge, Button, Card, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useState } from "react";
import type { AlertView } from "../../relay-api/alerts";
import { t, type MessageId } from "../../i18n";
import { AskInPlace } from "../shared/AskInPlace";
import { useControlStyles } from "../shared/styles";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, margin: 0, padding: 0 },
  item: { listStyleType: "none" },
  head: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  detail: { color: tokens.colorNeutralForeground2, overflowWrap: "anywhere" },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

const EVERY: Readonly<Record<AlertView["every"], MessageId>> = {
  hourly: "alerts.every.hourly",
  daily: "alerts.every.daily",
  weekly: "alerts.every.weekly",
};

function lastRunText(alert: AlertView): string {
  const run = alert.lastRun;
  if (!run) return t("alerts.lastRun.never");
  const text = t("alerts.lastRun", { at: run.at, rows: run.rows, fired: run.fired, calls: run.calls });
  return run.note ? t("alerts.lastRun.note", { run: text, note: run.note }) : text;
}

function AlertItem(props: { alert: AlertView; busy: boolean; onMute: () => void; onDelete: () => void }) {
  const styles = useStyles();
  const controls = useControlStyles();
  const { alert } = props;
  return (
    <Card>
      <div className={styles.head}>
        <Text weight="semibold">{alert.name}</Text>
        {alert.muted && (
          <Badge appearance="tint" color="warning">
            {t("alerts.mutedBadge")}
          </Badge>
        )}
        {alert.digest && <Badge appearance="tint">{t("alerts.digestBadge")}</Badge>}
      </div>
      <Text size={200} className={`${styles.detail} ${controls.message}`}>
        {t("alerts.item.what", { query: alert.query, when: alert.when, every: t(EVERY[alert.every]) })}
      </Text>
      <Text size={200} className={`${styles.detail} ${controls.message}`}>
        {t("alerts.item.to", {
          destinations: alert.deliver
            .map((d) => (d.signed ? t("alerts.item.signed", { destination: d.shown }) : d.shown))
            .join(", "),
        })}
      </Text>
      <Text size={200}>{lastRunText(alert)}</Text>
      <Text size={200}>
        {alert.lastFiredAt === undefined
          ? t("alerts.lastFired.never")
          : t("alerts.lastFired", { at: alert.lastFiredAt })}
      </Text>
      <Text size={200} className={styles.detail}>
        {t("alerts.item.cost", { calls: alert.cost.callsPerMonth, pending: alert.pending })}
      </Text>
      <div className={styles.actions}>
        <Button
          disabled={props.busy}
          aria-label={
            alert.muted ? t("alerts.unmuteLabel", { name: alert.name }) : t("alerts.muteLabel", { name: alert.name })
          }
          onClick={props.onMute}
        >
          {alert.muted ? t("alerts.unmute") : t("alerts.mute")}
        </Button>
        <Button
          disabled={props.busy}
          aria-label={t("alerts.deleteLabel", { name: alert.name })}
          onClick={props.onDelete}
        >
          {t("alerts.delete")}
        </Button>
      </div>
    </Card>
  );
}

export function AlertList(props: {
  alerts: readonly AlertView[] | null;
  busy: boolean;
  onMute: (alert: AlertView) => void;
  onDelete: (alert: AlertView) => void;
}) {
  const styles = useStyles();
  const [asking, setAsking] = useState<AlertView | null>(null);
  if (!props.alerts) return null;
  if (!props.alerts.length) return <Text size={200}>{t("alerts.list.empty")}</Text>;
  return (
    <ul className={styles.root} aria-label={t("alerts.list")}>
      {props.alerts.map((alert) => (
        <li key={alert.id} className={styles.item}>
          {asking?.id === alert.id && (
            <AskInPlace
              label={t("alerts.ask.label")}
              title={t("alerts.ask.title", { name: alert.name })}
              question={t("alerts.ask.question")}
              choices={[
                {
                  label: t("alerts.ask.delete"),
                  primary: true,
                  onChoose: () => (setAsking(null), props.onDelete(alert)),
                },
                { label: t("alerts.ask.keep"), onChoose: () => setAsking(null) },
              ]}
            />
          )}
          <AlertItem
            alert={alert}
            busy={props.busy}
            onMute={() => props.onMute(alert)}
            onDelete={() => setAsking(alert)}
          />
        </li>
      ))}
    </ul>
  );
}
