/**
 * Scheduled refreshes on the team relay: at a report's set time the relay fetches its queries, page by page as the
 * add-in's engine pages them, through the same shared call members' requests take (./query-rows.ts): an answer
 * still current for its data period costs nothing, every call waits for the shared pacer's grant (never past a key's
 * rate) and counts against the member's and the plan's monthly budgets, which refuse past them; its lookups by
 * list (a watch of ASINs) run together, their keys batched (./shared-lookup.ts). So the workbook opened the next
 * morning finds every answer in the team's cache and spends no call. One replica runs each due schedule (a claim in
 * the store); each run is written back with what it spent and what failed. A paused schedule does not run.
 *
 * A schedule with `history` keeps each run's rows as that day's snapshot (../history/snapshots.ts): the day in the
 * schedule's time zone by the relay's clock, a failed query noted, the others kept. When the database cannot take
 * it, the run fails as a whole: its claim is let go and its next run is not moved, so the next tick (on any replica)
 * runs it again, its answers then coming from the team's cache at no call.
 */
import { randomUUID } from "node:crypto";
import { isLookup } from "../../api/lookups/batch";
import { operation } from "../../api/catalog";
import type { Clock } from "../../lib/clock";
import { PeriodicTask } from "../../lib/repeat";
import { nextRunAt, type Schedule, type ScheduledQuery, type ScheduleRun } from "../../relay-api/schedules";
import { snapshotOf, type QueryOutcome } from "../history/snapshot-rows";
import { failureReason } from "../scrub";
import type { HistoryAccess } from "../history/snapshots";
import type { Refused } from "./answers";
import type { PlanKey } from "./keys-file";
import { fetchRows, type Fetched } from "./query-rows";
import type { SharedCaller } from "./shared-call";
import { monthOf, type Member, type TeamStore } from "./team-store";

export const SCHEDULER_TICK_MS = 30_000;
/** A run's claim outlives any run: another replica never starts the same run again. */
const CLAIM_MS = 6 * 60 * 60 * 1000;

export interface SchedulerOptions {
  store: TeamStore;
  keys: readonly PlanKey[];
  clock: Clock;
  shared: SharedCaller;
  log: (event: Record<string, unknown>) => void;
  tickMs?: number;
  /** Where schedules with `history` keep their runs, or why this relay keeps none. */
  history?: HistoryAccess;
}

/** Why a run stopped before its end, in the words the pane and `npm run team -- schedules` show. */
const REFUSED: Readonly<Record<Refused["refused"], string>> = {
  "queue-timeout": "the team's calls were all taken for too long",
  "member-budget": "the member's monthly budget is spent",
  "plan-budget": "the team plan's monthly budget is spent",
  "no-key": "no key of the plan could be used",
};

/** What one run of a schedule did; `retry`: it failed as a whole (the database), so it runs again at the next tick. */
export interface RunOutcome {
  readonly schedule: Schedule;
  readonly run: ScheduleRun;
  readonly retry: boolean;
}

/** Which schedules `runNow` runs: the due ones, one by its id (due or not, paused or not), or every one not paused. */
export type RunChoice = { readonly due: true } | { readonly id: string } | { readonly all: true };

type Tally = { calls: number; cacheHits: number; failed: number; note?: string };

/** Runs due schedules now and every tick until stopped (`start`, `stop`). */
export class Scheduler extends PeriodicTask {
  private readonly owner = randomUUID();

  constructor(private readonly options: SchedulerOptions) {
    super(options.clock, options.tickMs ?? SCHEDULER_TICK_MS);
  }

  protected tickFailed(error: unknown): void {
    this.options.log({ event: "schedule-tick-failed", reason: failureReason(error) });
  }

  /** Sweeps old history (once a day), then runs every due schedule this replica claims; resolves when done. */
  async tick(): Promise<void> {
    await this.runNow({ due: true });
  }

  /** Runs the schedules chosen (each claimed first: one replica runs a run); what each did. */
  async runNow(choice: RunChoice): Promise<RunOutcome[]> {
    const { store, clock } = this.options;
    await this.sweepHistory();
    const now = clock.now();
    const all = await store.schedules();
    const chosen =
      "id" in choice
        ? all.filter((s) => s.id === choice.id)
        : all.filter((s) => s.paused !== true && ("all" in choice || s.nextRunAt <= now));
    const outcomes: RunOutcome[] = [];
    for (const schedule of chosen) {
      // A run before its time has its own claim: the run due later still runs.
      const dueAt = schedule.nextRunAt <= now ? schedule.nextRunAt : now;
      if (!(await store.scheduleClaim(schedule.id, dueAt, this.owner, now, CLAIM_MS))) continue;
      const outcome = await this.attempt(schedule);
      await this.record(schedule, dueAt, outcome);
      outcomes.push(outcome);
    }
    return outcomes;
  }

  /** One run of a schedule's queries, as `lastRun` records it. */
  async run(schedule: Schedule): Promise<ScheduleRun> {
    return (await this.attempt(schedule)).run;
  }

  /**
   * Writes the run back: its next run and what it did. A run to be tried again lets go of its claim first, so the
   * next tick runs it whatever else fails (a single relay's schedules live in the database that just failed).
   */
  private async record(schedule: Schedule, dueAt: number, outcome: RunOutcome): Promise<void> {
    const { store, clock, log } = this.options;
    log({ event: "schedule-run", schedule: schedule.id, member: schedule.member, ...outcome.run });
    if (outcome.retry) await store.scheduleRelease(schedule.id, dueAt, this.owner);
    try {
      // Saved again only if it still exists (an admin may have removed it meanwhile).
      const current = (await store.schedules()).find((s) => s.id === schedule.id);
      if (!current) return;
      const due = schedule.nextRunAt <= dueAt;
      const next =
        outcome.retry || !due
          ? current.nextRunAt
          : nextRunAt(current.at, current.timeZone, Math.max(clock.now(), schedule.nextRunAt));
      await store.scheduleSave({ ...current, lastRun: outcome.run, nextRunAt: next });
    } catch (error) {
      if (!outcome.retry) throw error;
      log({ event: "schedule-run-not-recorded", schedule: schedule.id, reason: failureReason(error) });
    }
  }

  private async sweepHistory(): Promise<void> {
    const { history, clock, log } = this.options;
    if (!history || !("store" in history)) return;
    try {
      const removed = await history.store.sweepIfDue(clock.now());
      if (removed) log({ event: "history-sweep", removed, keptDays: history.store.retentionDays });
    } catch (error) {
      log({ event: "history-sweep-failed", reason: failureReason(error) });
    }
  }

  /** Runs the queries (lookups together, then the others in order), then keeps the snapshot if the schedule asks. */
  private async attempt(schedule: Schedule): Promise<RunOutcome> {
    const { store, clock } = this.options;
    const at = clock.now();
    const member = (await store.members()).find((m) => m.name === schedule.member);
    const tally: Tally = { calls: 0, cacheHits: 0, failed: 0 };
    const done = (extra: Partial<ScheduleRun> = {}, retry = false): RunOutcome => ({
      schedule,
      run: {
        at,
        calls: tally.calls,
        cacheHits: tally.cacheHits,
        failed: tally.failed,
        ...(tally.note ? { note: tally.note } : {}),
        ...extra,
      },
      retry,
    });
    if (!member) return done({ note: `${schedule.member} is no longer a member of the team` });
    const left = await this.callsLeft(member);
    if (left === 0) return done({ note: "no calls are left this month (the member's or the team plan's budget)" });
    const fetched = await this.fetchAll(member, schedule, tally);
    return this.keep(schedule, at, fetched, tally, done);
  }

  /** Each query's rows or failure, in the schedule's order; after a refusal the queries left are not asked. */
  private async fetchAll(member: Member, schedule: Schedule, tally: Tally): Promise<(Fetched | undefined)[]> {
    const fetched: (Fetched | undefined)[] = schedule.queries.map(() => undefined);
    const read = async (query: ScheduledQuery, index: number) => {
      const outcome = await this.fetchQuery(member, query);
      fetched[index] = outcome;
      tally.calls += outcome.calls;
      tally.cacheHits += outcome.cacheHits;
      if ("rows" in outcome) return false;
      tally.failed++;
      const why = "refused" in outcome ? REFUSED[outcome.refused] : outcome.failed;
      tally.note ??= `${operation(query.operation).title}: ${why}`;
      return "refused" in outcome;
    };
    // Lookups by list (a watch of ASINs) go together, so their keys share batches: 200 ASINs, ⌈200 / 40⌉ calls.
    const lookups = schedule.queries.flatMap((q, i) => (isLookup(operation(q.operation), q.params) ? [i] : []));
    const stops = await Promise.all(lookups.map((i) => read(schedule.queries[i], i)));
    if (stops.includes(true)) return fetched;
    for (const [i, query] of schedule.queries.entries()) {
      if (lookups.includes(i)) continue;
      if (await read(query, i)) break;
    }
    return fetched;
  }

  private async fetchQuery(member: Member, query: ScheduledQuery): Promise<Fetched> {
    const { shared, clock } = this.options;
    const op = operation(query.operation);
    try {
      const fetched = await fetchRows(
        shared,
        member,
        { op, params: query.params, limit: query.limit },
        clock,
        "scheduled",
      );
      return "failed" in fetched ? { ...fetched, failed: `the service answered ${fetched.failed}` } : fetched;
    } catch (error) {
      return { failed: (error as Error).message, calls: 0, cacheHits: 0 };
    }
  }

  /** The run's snapshot, when the schedule keeps history and a query answered; a database failure retries the run. */
  private async keep(
    schedule: Schedule,
    at: number,
    fetched: readonly (Fetched | undefined)[],
    tally: Tally,
    done: (extra?: Partial<ScheduleRun>, retry?: boolean) => RunOutcome,
  ): Promise<RunOutcome> {
    const { history } = this.options;
    // A relay without a database refuses schedules asking for history: one set before it lost it keeps none.
    if (schedule.history !== true || !history || !("store" in history)) return done();
    const outcomes = schedule.queries.map((_, index): QueryOutcome => {
      const outcome = fetched[index];
      if (!outcome) return { error: "not asked: the run stopped before it" };
      if ("rows" in outcome) return outcome;
      return { error: "refused" in outcome ? REFUSED[outcome.refused] : outcome.failed };
    });
    const snapshot = snapshotOf(schedule, at, outcomes);
    if (!snapshot) return done();
    try {
      const stored = await history.store.write(snapshot);
      return done({ stored: { day: snapshot.takenOn, rows: stored.rows } });
    } catch (error) {
      const note = `history not stored (${history.database.describe}: ${(error as Error).message}): the run is tried again at the next tick`;
      return done({ note, failed: tally.failed }, true);
    }
  }

  /** Calls the member may still cause this month (the lower of their budget and the plan's); null = no bound. */
  private async callsLeft(member: Member): Promise<number | null> {
    const spent = await this.options.store.spent(monthOf(this.options.clock.now()));
    const budgets = this.options.keys.map((k) => k.monthlyBudget);
    const planLeft = budgets.every((b) => b !== null)
      ? budgets.reduce((sum, b) => sum! + b!, 0)! - Object.values(spent.keys).reduce((a, b) => a + b, 0)
      : null;
    const memberLeft = member.monthlyBudget === null ? null : member.monthlyBudget - (spent.members[member.name] ?? 0);
    const bounds = [planLeft, memberLeft].filter((n): n is number => n !== null);
    return bounds.length ? Math.max(0, Math.min(...bounds)) : null;
  }
}
