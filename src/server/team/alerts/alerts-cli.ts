/**
 * `npm run team -- alerts` and `npm run team -- alerts run [--all]` (an operator's words, in English like the rest
 * of `npm run team`):
 * - `alerts`: every alert, one line each: id, owner, query, when, every, last run, last fired, deliveries pending;
 *   then the deliveries given up (reported to admins).
 * - `alerts run`: first tries every pending delivery again at once, whatever its backoff; then runs every due
 *   alert (`--all`: every alert not muted, due or not) through the team's shared cache, pacer and budgets, as a
 *   replica would; then delivers what fired. Prints what fired, what was delivered and what is still pending; the
 *   exit status is 1 when a delivery failed for good.
 */
import { systemClock } from "../../../lib/clock";
import { loadLocale } from "../../../i18n/locale";
import { createUpstreamCaller, DEFAULT_UPSTREAM, type UpstreamCaller } from "../../relay";
import { counted } from "../counted";
import { readKeysFile, type PlanKey } from "../keys-file";
import type { TeamSettings } from "../setup";
import type { TeamStore } from "../team-store";
import { createTeamRelay, DEFAULT_QUEUE_WAIT_MS } from "../team-relay";
import { showDestination } from "./destinations";
import type { AlertStatus, Delivery, StoredAlert } from "./model";
import type { DeliveryReport, RunReport } from "./runner";
import type { AlertSettings } from "./settings";

const iso = (ms: number) => new Date(ms).toISOString().replace(/:\d\d\.\d+Z$/, "Z");
const oneLine = (text: string) => text.replace(/\s+/g, " ");

function runText(status: AlertStatus | undefined): string {
  const run = status?.lastRun;
  if (!run) return "not run yet";
  const spent = `${counted(run.calls, "call", "calls")}, ${run.cacheHits} from the cache`;
  return `last run ${iso(run.at)}: ${run.note ? `stopped: ${run.note}` : `${counted(run.rows, "row", "rows")}, ${run.fired} fired`} (${spent})`;
}

/** The lines of `npm run team -- alerts`. */
export async function alertLines(store: TeamStore): Promise<string[]> {
  const [alerts, statuses, failed] = await Promise.all([store.alerts(), store.alertStatuses(), store.outboxFailed()]);
  const counts = await store.outboxCounts(alerts.map((a) => a.id));
  if (alerts.length === 0 && failed.length === 0)
    return ["No alerts: members set them with PUT /v1/alerts/{id} (see docs/alerts.md)."];
  const lines = [...alerts]
    .sort((a, b) => a.member.localeCompare(b.member) || a.id.localeCompare(b.id))
    .map((a) => {
      const status = statuses[a.id];
      const waiting = counts[a.id]?.pending ?? 0;
      return [
        a.id,
        a.member,
        oneLine(a.query),
        `when ${oneLine(a.when)}`,
        `${a.every}${a.digest ? " digest" : ""}${a.muted ? " (muted)" : ""}`,
        runText(status),
        status?.lastFiredAt ? `last fired ${iso(status.lastFiredAt)}` : "never fired",
        `${counted(waiting, "delivery", "deliveries")} pending`,
      ].join("\t");
    });
  for (const f of failed)
    lines.push(
      `failed delivery ${f.id} of ${f.alertId} at ${iso(f.failedAt)} after ${counted(f.attempts, "attempt", "attempts")}: ${f.reason}`,
    );
  return lines;
}

function deliveryLine(report: DeliveryReport): string {
  const where = `${report.alert ? `${report.alert.member}/${report.alert.id}` : report.delivery.alertId} → ${report.destination ?? "a removed destination"}`;
  const why = report.error ? `: ${report.error}` : "";
  return `  ${report.outcome.padEnd(9)} ${where}${why}`;
}

function pendingLine(delivery: Delivery, alert: StoredAlert | undefined): string {
  const destination = alert?.destinations.find((d) => d.id === delivery.destinationId);
  const where = destination ? showDestination(destination).shown : "a removed destination";
  return `  pending   ${alert ? `${alert.member}/${alert.id}` : delivery.alertId} → ${where} (attempt ${delivery.attempts}, next ${iso(delivery.nextAt)})${delivery.lastError ? `: ${delivery.lastError}` : ""}`;
}

function runLine(report: RunReport): string {
  const { run, alert } = report;
  const spent = `(${counted(run.calls, "call", "calls")}, ${run.cacheHits} from the cache)`;
  const what = run.note
    ? `stopped: ${run.note}`
    : run.fired
      ? `fired ${run.fired} of ${counted(run.rows, "row", "rows")} → ${counted(report.deliveries, "delivery", "deliveries")}`
      : `nothing fired (${counted(run.rows, "row", "rows")})`;
  return `  ${alert.member}/${alert.id}\t${alert.name}\t${what} ${spent}${report.committed ? "" : " [not recorded: another replica ran it]"}`;
}

interface RunNowOptions {
  store: TeamStore;
  keys: readonly PlanKey[];
  upstream?: string;
  callUpstream?: UpstreamCaller;
  settings: AlertSettings;
  all: boolean;
  say: (line: string) => void;
}

/** `npm run team -- alerts run [--all]`; resolves with whether every delivery tried was delivered or is pending. */
async function runAlertsNow(options: RunNowOptions): Promise<boolean> {
  const { store, say } = options;
  await loadLocale("zh-CN");
  const relay = createTeamRelay({
    store,
    keys: options.keys,
    clock: systemClock,
    callUpstream: options.callUpstream ?? createUpstreamCaller({ upstream: options.upstream ?? DEFAULT_UPSTREAM }),
    queueWaitMs: DEFAULT_QUEUE_WAIT_MS,
    memberRatePerMinute: Number.MAX_SAFE_INTEGER,
    schedulerTickMs: 0,
    alerts: options.settings,
    log: () => undefined,
  });
  try {
    const retried = await relay.alerts.deliverDue(true);
    say(`Tried again at once: ${counted(retried.length, "pending delivery", "pending deliveries")}.`);
    retried.forEach((r) => say(deliveryLine(r)));
    const runs = await relay.alerts.runDue(options.all);
    say(
      `Ran ${options.all ? `${counted(runs.length, "alert", "alerts")} (--all)` : counted(runs.length, "due alert", "due alerts")}:`,
    );
    runs.forEach((r) => say(runLine(r)));
    const delivered = await relay.alerts.deliverDue(false);
    say(`Delivered what fired: ${counted(delivered.length, "delivery", "deliveries")}.`);
    delivered.forEach((r) => say(deliveryLine(r)));
    const [pending, alerts] = await Promise.all([store.outbox(), store.alerts()]);
    say(`Still pending: ${pending.length}.`);
    pending.forEach((d) =>
      say(
        pendingLine(
          d,
          alerts.find((a) => a.id === d.alertId),
        ),
      ),
    );
    return ![...retried, ...delivered].some((r) => r.outcome === "failed");
  } finally {
    await relay.alerts.stop();
    relay.queue.close();
  }
}

/** Alerts live with the relay's state: without Redis, in the running server only. */
const ALERTS_NEED_REDIS =
  "alerts without Redis run in the one relay (their definitions kept in its embedded database, MAD_DATA_DIR, their runs and deliveries in its memory): read them from GET /admin/alerts with an admin's token";

/** `npm run team -- alerts [run [--all]]`; "usage" for anything else. A failed delivery sets the exit status 1. */
export async function alertsCommand(options: {
  sub: string | undefined;
  all: boolean;
  settings: TeamSettings;
  store: TeamStore;
  say: (line: string) => void;
}): Promise<"usage" | void> {
  const { sub, settings, store, say } = options;
  if (!settings.redisUrl) throw new Error(ALERTS_NEED_REDIS);
  if (sub === undefined) return (await alertLines(store)).forEach(say);
  if (sub !== "run") return "usage";
  if (!settings.keysFile)
    throw new Error("alerts run: set MAD_KEYS_FILE to the plan's keys file, as npm run serve -- --team reads it");
  const keys = readKeysFile(settings.keysFile, say);
  const upstream = process.env.MAD_UPSTREAM;
  const settled = await runAlertsNow({ store, keys, upstream, settings: settings.alerts ?? {}, all: options.all, say });
  if (!settled) process.exitCode = 1;
}
