/**
 * Scheduled refreshes on the team relay: at a report's set time the relay fetches its queries, page by page as the
 * add-in's engine pages them, through the same shared call members' requests take (./shared-call.ts): an answer
 * still current for its data period costs nothing, every call waits for the shared pacer's grant (never past a key's
 * rate) and counts against the member's and the plan's monthly budgets, which refuse past them; its lookups by
 * list (a watch of ASINs) run together, their keys batched (./shared-lookup.ts). So the workbook
 * opened the next morning finds every answer in the team's cache and spends no call. One replica runs each due
 * schedule (a claim in the store); each run is written back with what it spent and what failed.
 */
import { randomUUID } from "node:crypto";
import { isLookup } from "../../api/batch";
import { methodOf, operation } from "../../api/catalog";
import { checkLookup } from "../../api/lookups";
import type { Clock } from "../../api/clock";
import { queryString } from "../../api/exchange";
import { pagesFor, planPaging } from "../../api/paging";
import { parseResult } from "../../api/parse";
import { nextRunAt, type Schedule, type ScheduledQuery, type ScheduleRun } from "../../api/schedules";
import { validateParams } from "../../api/validate";
import { envelopeCode, type Refused } from "./answers";
import type { PlanKey } from "./keys-file";
import { teamRequest, type SharedCaller } from "./shared-call";
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
}

/** Why a run stopped before its end, in the words the pane and `npm run team -- schedules` show. */
const REFUSED: Readonly<Record<Refused["refused"], string>> = {
  "queue-timeout": "the team's calls were all taken for too long",
  "member-budget": "the member's monthly budget is spent",
  "plan-budget": "the team plan's monthly budget is spent",
  "no-key": "no key of the plan could be used",
};

class RunStopped extends Error {}

export class Scheduler {
  private readonly owner = randomUUID();
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;

  constructor(private readonly options: SchedulerOptions) {}

  /** Runs due schedules now and every tick until stopped. */
  start(): void {
    const { clock } = this.options;
    const loop = async () => {
      while (!this.stopping.signal.aborted) {
        await this.tick().catch(() => undefined);
        await clock.sleep(this.options.tickMs ?? SCHEDULER_TICK_MS, this.stopping.signal).catch(() => undefined);
      }
    };
    this.running ??= loop();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  /** Runs every schedule that is due and that this replica claims; resolves when they are done. */
  async tick(): Promise<void> {
    const { store, clock } = this.options;
    const due = (await store.schedules()).filter((s) => s.nextRunAt <= clock.now());
    for (const schedule of due) {
      if (!(await store.scheduleClaim(schedule.id, schedule.nextRunAt, this.owner, clock.now(), CLAIM_MS))) continue;
      const lastRun = await this.run(schedule);
      // Saved again only if it still exists (an admin may have removed it meanwhile).
      const current = (await store.schedules()).find((s) => s.id === schedule.id);
      if (!current) continue;
      const next = nextRunAt(current.at, current.timeZone, Math.max(clock.now(), schedule.nextRunAt));
      await store.scheduleSave({ ...current, lastRun, nextRunAt: next });
      this.options.log({ event: "schedule-run", schedule: schedule.id, member: schedule.member, ...lastRun });
    }
  }

  /** One run of a schedule's queries, in order. */
  async run(schedule: Schedule): Promise<ScheduleRun> {
    const { store, clock } = this.options;
    const at = clock.now();
    const member = (await store.members()).find((m) => m.name === schedule.member);
    const tally = { at, calls: 0, cacheHits: 0, failed: 0 };
    if (!member) return { ...tally, note: `${schedule.member} is no longer a member of the team` };
    const left = await this.callsLeft(member);
    if (left === 0) return { ...tally, note: "no calls are left this month (the member's or the team plan's budget)" };
    let note: string | undefined;
    const failed = (query: ScheduledQuery, error: unknown) => {
      tally.failed++;
      note ??= `${operation(query.operation).title}: ${(error as Error).message}`;
      return error instanceof RunStopped;
    };
    // Lookups by list (a watch of ASINs) go together, so their keys share batches: 200 ASINs, ⌈200 / 40⌉ calls.
    const lookups = schedule.queries.filter((q) => isLookup(operation(q.operation), q.params));
    const stops = await Promise.all(
      lookups.map((q) =>
        this.lookup(member, q, tally).then(
          () => false,
          (e) => failed(q, e),
        ),
      ),
    );
    if (stops.includes(true)) return { ...tally, ...(note ? { note } : {}) };
    for (const query of schedule.queries.filter((q) => !lookups.includes(q))) {
      try {
        await this.refresh(member, query, tally);
      } catch (error) {
        if (failed(query, error)) break;
      }
    }
    return { ...tally, ...(note ? { note } : {}) };
  }

  /** A lookup by list, every key at once through the team's batches (./shared-lookup.ts). */
  private async lookup(member: Member, query: ScheduledQuery, tally: { calls: number; cacheHits: number }) {
    const lookup = checkLookup(query.operation, query.params, { now: new Date(this.options.clock.now()) });
    const run = await this.options.shared.lookup(member, lookup);
    tally.calls += run.calls;
    tally.cacheHits += run.cacheHits;
    if (run.refused) throw new RunStopped(REFUSED[run.refused.refused]);
    if (run.failure) throw new Error(`the service answered ${run.failure}`);
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

  /** Every page a query's read takes, as the engine reads it: to the limit, the total or a short page. */
  private async refresh(member: Member, query: ScheduledQuery, tally: { calls: number; cacheHits: number }) {
    const { clock, shared } = this.options;
    const op = operation(query.operation);
    const now = () => new Date(clock.now());
    const plan = planPaging(
      op.code,
      validateParams(op.code, query.params, { now: now() }) as Record<string, unknown>,
      query.limit,
    );
    // The request body as the add-in's client sends it, then read as the relay reads a member's request.
    const wire = (params: Record<string, unknown>): Record<string, unknown> => {
      const body = validateParams(op.code, params, { now: now() }) as Record<string, unknown>;
      return methodOf(op) === "GET"
        ? Object.fromEntries(new URLSearchParams(queryString(body)))
        : (JSON.parse(JSON.stringify(body)) as Record<string, unknown>);
    };
    let pages = plan.maxPages;
    let rows = 0;
    for (let page = 1; page <= pages; page++) {
      const params = plan.mode === "single" ? plan.params : { ...plan.params, page };
      const checked = teamRequest(op, wire(params), clock.now());
      if ("error" in checked) throw new Error(checked.error);
      const outcome = await shared(member, checked.request);
      if ("refused" in outcome) throw new RunStopped(REFUSED[outcome.refused.refused]);
      if (outcome.source === "miss") tally.calls++;
      else tally.cacheHits++;
      const code = envelopeCode(outcome.answer.text);
      if (code !== "OK") throw new Error(`the service answered ${code ?? `HTTP ${outcome.answer.status}`}`);
      const result = parseResult(op.code, JSON.parse(outcome.answer.text), "scheduled", plan.pageSize || undefined);
      if (plan.mode === "single") return;
      rows += result.rows.length;
      if (page === 1) pages = pagesFor(plan, result.total);
      if (result.rows.length < plan.pageSize || rows >= (plan.limit ?? Infinity)) return;
    }
  }
}
