/**
 * A scheduled report's or table's history on the team relay, under its schedule in the Reports tab: Keep history on
 * the relay (a switch; off and disabled, with the relay's reason beside it, where the relay keeps none), what the
 * relay keeps (days, first to last, rows), and Share as a feed… (its dialog, a chunk of its own, loaded when opened;
 * focus goes back to the button when it closes).
 */
import { Button, makeStyles, Switch, Text, tokens } from "@fluentui/react-components";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { t } from "../../i18n";
import type { RelayHistoryProps } from "./relay-history-props";

const FeedDialog = lazy(() =>
  import(/* webpackChunkName: "feeds" */ "./FeedDialog").then((m) => ({ default: m.FeedDialog })),
);

const useStyles = makeStyles({
  root: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  details: { color: tokens.colorNeutralForeground2 },
});

/** What the relay keeps, in words. */
function keptText({ schedule }: Pick<RelayHistoryProps, "schedule">): string {
  const kept = schedule.kept;
  return kept?.days
    ? t("relayHistory.kept", { days: kept.days, first: kept.first ?? "", last: kept.last ?? "", rows: kept.rows })
    : t("relayHistory.keptNone");
}

/** Whether the relay keeps history at all, asked once for a schedule that keeps none yet. */
function useUnavailable(props: RelayHistoryProps): string | null {
  const [probed, setProbed] = useState<string | null>(null);
  const { schedule, unavailable, probe } = props;
  useEffect(() => {
    if (schedule.history || unavailable) return;
    let live = true;
    void probe().then((reason) => live && setProbed(reason));
    return () => void (live = false);
  }, [schedule.id, schedule.history]);
  return unavailable ?? probed;
}

export function RelayHistoryControls(props: RelayHistoryProps) {
  const styles = useStyles();
  const reasonId = useId();
  const [sharing, setSharing] = useState(false);
  const share = useRef<HTMLButtonElement>(null);
  const reason = useUnavailable(props);
  const { schedule, busy, name } = props;
  const keeps = schedule.history || (schedule.kept?.days ?? 0) > 0;
  const close = () => {
    setSharing(false);
    share.current?.focus();
  };
  return (
    <div className={styles.root}>
      <Switch
        checked={schedule.history}
        disabled={busy || (reason !== null && !schedule.history)}
        label={t("relayHistory.keep")}
        aria-label={t("relayHistory.keepLabel", { name })}
        {...(reason ? { "aria-describedby": reasonId } : {})}
        onChange={(_, data) => props.onKeep(data.checked)}
      />
      {reason && (
        <Text id={reasonId} size={200} className={styles.details}>
          {t("relayHistory.noHistory", { reason })}
        </Text>
      )}
      {keeps && (
        <>
          <Text size={200} className={styles.details}>
            {keptText(props)}
          </Text>
          <Button
            ref={share}
            size="small"
            disabled={busy}
            aria-haspopup="dialog"
            aria-label={t("feeds.shareLabel", { name })}
            onClick={() => setSharing(true)}
          >
            {t("feeds.share")}
          </Button>
        </>
      )}
      {sharing && (
        <Suspense fallback={null}>
          <FeedDialog name={name} scheduleId={schedule.id} feeds={props.feeds} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
