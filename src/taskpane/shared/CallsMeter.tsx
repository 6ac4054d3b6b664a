/**
 * Calls left this month, above the tabs: read from /v1/visits when the pane opens (with a secret set) and again
 * after spending, at most once per 30 s; between reads the engine counts calls down as they go out (not through a
 * team relay, whose shared cache may answer for nothing: there both lines are the relay's own figures, read
 * together, so they never contradict each other). The gap is timed on the pane's one clock (services), never on
 * Date.now or setTimeout directly.
 */
import { makeStyles, ProgressBar, Text, tokens } from "@fluentui/react-components";
import { useEffect, useRef } from "react";
import type { Clock } from "../../lib/clock";
import type { Engine } from "../../engine";
import { useServices, useUsage } from "./services";
import { meterLevel, meterText, teamCallsText } from "./calls-meter";
import { t } from "../../i18n";

/** Reads of /v1/visits after spending are at least this far apart. */
const VISITS_READ_GAP_MS = 30_000;

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  line: { color: tokens.colorNeutralForeground2 },
});

/** Reads /v1/visits on open (secret set) and after spending, never more than once per VISITS_READ_GAP_MS. */
function useVisitsReads(engine: Engine, clock: Clock, callsThisSession: number): void {
  const state = useRef({
    lastRead: -Infinity,
    callsAtRead: 0,
    /** Aborts the wait for the next read (unmount, another engine). */
    waiting: undefined as AbortController | undefined,
    reading: false,
  });
  useEffect(() => {
    const s = state.current;
    const read = async () => {
      s.reading = true;
      try {
        const settings = await engine.readSettings();
        if (settings.secret) await engine.checkConnection();
      } catch {
        // the meter keeps its count; the next spending tries again
      } finally {
        s.lastRead = clock.now();
        s.callsAtRead = engine.usage().callsThisSession;
        s.reading = false;
      }
    };
    void read();
    return () => {
      s.waiting?.abort();
      s.waiting = undefined;
    };
  }, [engine, clock]);
  useEffect(() => {
    const s = state.current;
    if (s.reading || s.waiting || callsThisSession <= s.callsAtRead) return;
    const wait = Math.max(0, s.lastRead + VISITS_READ_GAP_MS - clock.now());
    const waiting = new AbortController();
    s.waiting = waiting;
    clock.sleep(wait, waiting.signal).then(
      () => {
        s.waiting = undefined;
        s.reading = true;
        void engine
          .checkConnection()
          .catch(() => undefined)
          .finally(() => {
            s.lastRead = clock.now();
            s.callsAtRead = engine.usage().callsThisSession;
            s.reading = false;
          });
      },
      () => undefined, // cancelled: unmounted or another engine
    );
  }, [engine, clock, callsThisSession]);
}

export function CallsMeter() {
  const { engine, clock } = useServices();
  const usage = useUsage(engine);
  const styles = useStyles();
  useVisitsReads(engine, clock, usage.callsThisSession);
  const { remainingThisMonth: remaining, quotaThisMonth: quota } = usage;
  const text = meterText(usage);
  return (
    <div className={styles.root}>
      {remaining !== null && quota !== null && quota > 0 && (
        <ProgressBar
          role="meter"
          aria-label={t("meter.label")}
          aria-valuemin={0}
          aria-valuemax={quota}
          aria-valuenow={Math.max(0, quota - remaining)}
          aria-valuetext={text}
          value={Math.min(1, Math.max(0, (quota - remaining) / quota))}
          color={meterLevel(remaining, quota)}
          thickness="large"
        />
      )}
      <Text size={200} className={styles.line} role="status" aria-label={t("meter.statusLabel")}>
        {t("meter.line", { usage: text, calls: usage.callsThisSession, waiting: usage.queued })}
      </Text>
      {usage.teamThisMonth && (
        <Text size={200} className={styles.line} role="status" aria-label={t("meter.team.statusLabel")}>
          {teamCallsText(usage.teamThisMonth)}
        </Text>
      )}
    </div>
  );
}
