/**
 * Calls left this month, above the tabs: read from /v1/visits when the pane opens (with a secret set) and again
 * after spending, at most once per 30 s; between reads the engine counts calls down as they go out.
 */
import { makeStyles, ProgressBar, Text, tokens } from "@fluentui/react-components";
import { useEffect, useRef } from "react";
import type { TeamCalls } from "../../api/visits";
import type { Engine, UsageSnapshot } from "../../engine";
import { useServices, useUsage } from "./services";

/** Reads of /v1/visits after spending are at least this far apart. */
export const VISITS_READ_GAP_MS = 30_000;

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  line: { color: tokens.colorNeutralForeground2 },
});

export type MeterLevel = "success" | "warning" | "error";

/** Warning under 20% left, error under 5%. */
export function meterLevel(remaining: number, quota: number): MeterLevel {
  const left = quota > 0 ? remaining / quota : 0;
  return left < 0.05 ? "error" : left < 0.2 ? "warning" : "success";
}

/** What the meter says: "used / quota" when the plan's size is known, else the calls left. */
export function meterText(usage: Pick<UsageSnapshot, "remainingThisMonth" | "quotaThisMonth">): string {
  const { remainingThisMonth: remaining, quotaThisMonth: quota } = usage;
  if (remaining === null) return "Calls left this month: not known yet";
  const fmt = (n: number) => n.toLocaleString("en-US");
  if (quota === null) return `${fmt(remaining)} calls left this month`;
  return `${fmt(Math.max(0, quota - remaining))} / ${fmt(quota)} calls used this month (${fmt(remaining)} left)`;
}

/** Through a team relay: the member's calls left and the team plan's, each against its budget when it has one. */
export function teamCallsText(team: TeamCalls): string {
  const fmt = (n: number) => n.toLocaleString("en-US");
  const part = (who: string, { remaining, quota }: TeamCalls["member"]) =>
    remaining === null
      ? `${who}: no budget of ${who === "You" ? "your" : "its"} own`
      : `${who}: ${fmt(remaining)}${quota === null ? "" : ` of ${fmt(quota)}`} calls left`;
  return `${part("You", team.member)} · ${part("Team plan", team.plan)}`;
}

/** Reads /v1/visits on open (secret set) and after spending, never more than once per VISITS_READ_GAP_MS. */
function useVisitsReads(engine: Engine, callsThisSession: number): void {
  const state = useRef({ lastRead: -Infinity, callsAtRead: 0, timer: undefined as number | undefined, reading: false });
  useEffect(() => {
    const s = state.current;
    const read = async () => {
      s.timer = undefined;
      s.reading = true;
      try {
        const settings = await engine.readSettings();
        if (settings.secret) await engine.checkConnection();
      } catch {
        // the meter keeps its count; the next spending tries again
      } finally {
        s.lastRead = Date.now();
        s.callsAtRead = engine.usage().callsThisSession;
        s.reading = false;
      }
    };
    void read();
    return () => window.clearTimeout(s.timer);
  }, [engine]);
  useEffect(() => {
    const s = state.current;
    if (s.reading || s.timer !== undefined || callsThisSession <= s.callsAtRead) return;
    const wait = Math.max(0, s.lastRead + VISITS_READ_GAP_MS - Date.now());
    s.timer = window.setTimeout(() => {
      s.timer = undefined;
      s.reading = true;
      void engine
        .checkConnection()
        .catch(() => undefined)
        .finally(() => {
          s.lastRead = Date.now();
          s.callsAtRead = engine.usage().callsThisSession;
          s.reading = false;
        });
    }, wait);
  }, [engine, callsThisSession]);
}

export function CallsMeter() {
  const { engine } = useServices();
  const usage = useUsage(engine);
  const styles = useStyles();
  useVisitsReads(engine, usage.callsThisSession);
  const { remainingThisMonth: remaining, quotaThisMonth: quota } = usage;
  const text = meterText(usage);
  const session = `Calls this session: ${usage.callsThisSession}${usage.queued ? ` · ${usage.queued} waiting` : ""}`;
  return (
    <div className={styles.root}>
      {remaining !== null && quota !== null && quota > 0 && (
        <ProgressBar
          role="meter"
          aria-label="Calls used this month"
          aria-valuemin={0}
          aria-valuemax={quota}
          aria-valuenow={Math.max(0, quota - remaining)}
          aria-valuetext={text}
          value={Math.min(1, Math.max(0, (quota - remaining) / quota))}
          color={meterLevel(remaining, quota)}
          thickness="large"
        />
      )}
      <Text size={200} className={styles.line} role="status" aria-label="Calls left">
        {`${text} · ${session}`}
      </Text>
      {usage.teamThisMonth && (
        <Text size={200} className={styles.line} role="status" aria-label="Team calls left">
          {teamCallsText(usage.teamThisMonth)}
        </Text>
      )}
    </div>
  );
}
