/**
 * `npm run team -- schedules run [ID] [--all]` and `npm run team -- history` (an operator's words, in English like
 * the rest of `npm run team`):
 * - `schedules run`: runs the due schedules now (ID: that one, due or not; `--all`: every one not paused) through the
 *   team's shared cache, pacer and budgets, as a replica would, keeping their history where they ask; prints what
 *   each stored and spent; the exit status is 1 when one failed.
 * - `history`: each schedule's history kept: days, first and last day, rows and size.
 * Both read the relay's state as it does: Redis (REDIS_URL) and DATABASE_URL, or, for a single relay, its embedded
 * database in MAD_DATA_DIR, which is one process's at a time (the relay stopped first: the error says so).
 */
import { systemClock } from "../../lib/clock";
import { escapeControlCharacters as shown } from "../../lib/control-characters";
import type { KeptHistory, Schedule } from "../../relay-api/schedules";
import { createUpstreamCaller, DEFAULT_UPSTREAM } from "../relay";
import { relayState } from "../history/relay-state";
import type { HistoryAccess } from "../history/snapshots";
import { readKeysFile } from "./keys-file";
import { MemoryStore } from "./memory-store";
import type { RunChoice, RunOutcome } from "./scheduler";
import { openHistory, type TeamSettings } from "./setup";
import { createTeamRelay, DEFAULT_QUEUE_WAIT_MS } from "./team-relay";
import type { TeamStore } from "./team-store";

export interface ScheduleCommandOptions {
  readonly settings: TeamSettings;
  readonly store: TeamStore;
  readonly say: (line: string) => void;
}

/**
 * The relay's history, and without Redis its schedules (loaded into the memory store from the embedded database);
 * throws the database's own error (which setting, what failed: the relay holding the folder, say).
 */
async function openRelayState(options: ScheduleCommandOptions): Promise<HistoryAccess> {
  const history = await openHistory(options.settings, options.store.kind, systemClock.now);
  if ("database" in history && options.store instanceof MemoryStore)
    await options.store.restore(relayState(history.database));
  return history;
}

const closeHistory = async (history: HistoryAccess) => {
  if ("database" in history) await history.database.close();
};

/** `1.2 MB`: a size as people read it. */
function sizeText(bytes: number): string {
  const units = ["bytes", "kB", "MB", "GB"];
  let size = bytes;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${size.toFixed(1)} ${units[unit]}`;
}

function keptText(kept: KeptHistory | undefined): string {
  if (!kept?.days) return "nothing kept yet";
  const days = kept.days === 1 ? "1 day" : `${kept.days} days`;
  return `${days} (${kept.first} … ${kept.last}), ${kept.rows} rows, ${sizeText(kept.bytes)}`;
}

/** `npm run team -- history`: every schedule that keeps history or has some kept, with what is kept. */
export async function historyCommand(options: ScheduleCommandOptions): Promise<void> {
  const { store, say } = options;
  const history = await openRelayState(options);
  try {
    if ("off" in history) throw new Error(`history is off: ${history.off} (set DATABASE_URL)`);
    const kept = await history.store.everySummary();
    const schedules = new Map((await store.schedules()).map((s) => [s.id, s]));
    const ids = [...new Set([...[...schedules.values()].filter((s) => s.history).map((s) => s.id), ...kept.keys()])];
    if (!ids.length) say("No history kept: a schedule keeps it with history: true (the Reports tab's Keep history).");
    say(`History in ${history.database.describe}, ${history.store.retentionDays} days kept (MAD_HISTORY_DAYS):`);
    for (const id of ids.sort()) {
      const schedule = schedules.get(id);
      const found = kept.get(id);
      const name = schedule?.name ?? found?.name ?? "";
      const member = schedule?.member ?? found?.member ?? "";
      const state = !schedule
        ? " (schedule removed)"
        : schedule.paused
          ? " (paused)"
          : schedule.history
            ? ""
            : " (history off)";
      say(`${shown(id)}\t${shown(member)}\t${shown(name)}${state}\t${keptText(found)}`);
    }
    const total = [...kept.values()].reduce((sum, k) => ({ rows: sum.rows + k.rows, bytes: sum.bytes + k.bytes }), {
      rows: 0,
      bytes: 0,
    });
    say(`Total: ${total.rows} rows, ${sizeText(total.bytes)}.`);
  } finally {
    await closeHistory(history);
  }
}

/** Whether a run went wrong: the database failed, a query failed, or it was stopped (budget, member gone). */
const wentWrong = (outcome: RunOutcome) => outcome.retry || outcome.run.failed > 0 || outcome.run.note !== undefined;

function runLine({ schedule, run, retry }: RunOutcome): string {
  const spent = `(${run.calls === 1 ? "1 call" : `${run.calls} calls`}, ${run.cacheHits} from the cache)`;
  const stored = run.stored
    ? `stored ${run.stored.rows} rows as ${run.stored.day}`
    : schedule.history
      ? "stored nothing"
      : "refreshed";
  const failed = run.failed ? `, ${run.failed} failed` : "";
  const note = run.note ? `: ${shown(run.note)}` : "";
  return `  ${shown(schedule.member)}/${shown(schedule.id)}\t${shown(schedule.name)}\t${retry ? "failed" : stored}${failed}${note} ${spent}`;
}

/** `npm run team -- schedules run [ID] [--all]`; the exit status is 1 when a run failed. */
export async function runSchedulesNow(
  options: ScheduleCommandOptions & { id?: string; all: boolean; upstream?: string },
) {
  const { settings, store, say } = options;
  if (!settings.keysFile)
    throw new Error("schedules run: set MAD_KEYS_FILE to the plan's keys file, as npm run serve -- --team reads it");
  const keys = readKeysFile(settings.keysFile, say);
  const history = await openRelayState(options);
  const relay = createTeamRelay({
    store,
    keys,
    clock: systemClock,
    callUpstream: createUpstreamCaller({
      upstream: options.upstream ?? DEFAULT_UPSTREAM,
      secrets: keys.map((k) => k.secret),
    }),
    queueWaitMs: DEFAULT_QUEUE_WAIT_MS,
    memberRatePerMinute: Number.MAX_SAFE_INTEGER,
    schedulerTickMs: 0,
    log: () => undefined,
    history,
  });
  try {
    if (options.id !== undefined && !(await store.schedules()).some((s) => s.id === options.id))
      throw new Error(`no schedule ${options.id}: see npm run team -- schedules`);
    if ("off" in history) say(`History is off: ${history.off}.`);
    const choice: RunChoice =
      options.id !== undefined ? { id: options.id } : options.all ? { all: true } : { due: true };
    const outcomes = await relay.scheduler.runNow(choice);
    const what =
      options.id !== undefined ? `schedule ${options.id}` : options.all ? "schedules (--all)" : "due schedules";
    say(`Ran ${outcomes.length} ${what}:`);
    outcomes.forEach((o) => say(runLine(o)));
    if (outcomes.some(wentWrong)) process.exitCode = 1;
  } finally {
    relay.queue.close();
    await closeHistory(history);
  }
}

/** `npm run team -- schedules`: the schedules (without Redis, a single relay's, from its embedded database). */
export async function listedSchedules(options: ScheduleCommandOptions): Promise<Schedule[]> {
  if (options.store.kind === "redis") return options.store.schedules();
  const history = await openRelayState(options);
  await closeHistory(history);
  return options.store.schedules();
}

/** `npm run team -- unschedule ID`: the schedule, its history and its feeds go. */
export async function unscheduleCommand(options: ScheduleCommandOptions & { id: string }): Promise<void> {
  const history = await openRelayState(options);
  try {
    if (!(await options.store.schedules()).some((s) => s.id === options.id))
      throw new Error(`no schedule ${options.id}: see npm run team -- schedules`);
    const days = "store" in history ? await history.store.deleteSchedule(options.id) : 0;
    await options.store.scheduleDelete(options.id);
    options.say(
      `Removed the schedule ${options.id}${days ? ` and its history (${days === 1 ? "1 day" : `${days} days`})` : ""}: the relay no longer refreshes it.`,
    );
  } finally {
    await closeHistory(history);
  }
}
