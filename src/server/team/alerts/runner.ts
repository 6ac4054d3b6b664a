/**
 * Runs alerts and delivers what they fired, on every replica. A due alert is run by one replica (a claim in the
 * store, renewed while it runs, taken over by another replica once it lapsed: a replica stopped mid-run loses
 * nothing). A run reads the query's rows through the shared call (./fetch-rows.ts: current data costs nothing),
 * compares them with what the last run kept (./evaluate.ts), and commits in one step its status, what it compared
 * and one delivery per destination to the outbox, before anything is sent. Deliveries are then leased one replica
 * at a time, tried, and retried with backoff (1 min doubling to 1 h, or the receiver's Retry-After) for 24 hours,
 * then given up and reported to admins. A firing's id is its alert's and due time's, so a run done again after a
 * replica stopped gives the same deliveries, with the same idempotency keys.
 */
import { randomUUID } from "node:crypto";
import { ALERT_PERIODS, type AlertRun } from "../../../relay-api/alerts";
import type { Clock } from "../../../lib/clock";
import { PeriodicTask, renewLeaseUntil } from "../../../lib/repeat";
import { t, type AlertMessageId } from "../../../i18n/alerts";
import { inLocale } from "../../../i18n/locale";
import { failureReason } from "../../scrub";
import { columnLabels } from "../../../table/columns";
import type { SharedCaller } from "../shared-call";
import type { Member, TeamStore } from "../team-store";
import { attemptDelivery, type Attempt, type DeliverDeps } from "./deliver";
import { showDestination } from "./destinations";
import { evaluate } from "./evaluate";
import { fetchRows, type Fetched } from "./fetch-rows";
import type {
  AlertStatus,
  Delivery,
  DeliverySettlement,
  Firing,
  FiredRow,
  LeasedDelivery,
  OutboxLeaseAsk,
  OutboxLimits,
  StoredAlert,
} from "./model";
import { compileCondition, compileQuery, type CompiledQuery } from "./query";

export const ALERT_TICK_MS = 30_000;
/** A run's claim, renewed every third of it while the run goes on. */
export const ALERT_CLAIM_MS = 120_000;
/** A delivery's lease: longer than any attempt (a webhook's timeout, an SMTP exchange). */
const DELIVERY_LEASE_MS = 300_000;
const RETRY_FOR_MS = 24 * 3_600_000;
const FIRST_RETRY_MS = 60_000;
const LAST_RETRY_MS = 3_600_000;
/** A tick tries at most this many deliveries, leased a few at a time (each lease covers only what is sent next). */
const DELIVERIES_PER_PASS = 50;
const DELIVERIES_PER_LEASE = 10;
/** An operator's "try every pending delivery now" (`npm run team -- alerts run`) tries at most this many. */
const DELIVERIES_PER_OPERATOR_PASS = 1_000;

export interface AlertRunnerOptions {
  store: TeamStore;
  clock: Clock;
  shared: SharedCaller;
  deliver: Omit<DeliverDeps, "clock">;
  /** Each member's outbox bound (MAD_ALERTS_MAX_PENDING and bytes). */
  limits: OutboxLimits;
  log: (event: Record<string, unknown>) => void;
  tickMs?: number;
}

export interface RunReport {
  readonly alert: StoredAlert;
  readonly run: AlertRun;
  readonly deliveries: number;
  readonly committed: boolean;
}

export interface DeliveryReport {
  readonly delivery: LeasedDelivery;
  readonly alert?: StoredAlert;
  readonly destination?: string;
  readonly outcome: "delivered" | "retry" | "failed" | "dropped";
  readonly error?: string;
}

const REFUSALS: Readonly<Record<string, AlertMessageId>> = {
  "member-budget": "note.member-budget",
  "plan-budget": "note.plan-budget",
  "queue-timeout": "note.queue-timeout",
  "no-key": "note.no-key",
};

/** The next due time after `now`, on the alert's period from the run that was due. */
function nextDue(alert: StoredAlert, dueAt: number, now: number): number {
  const period = ALERT_PERIODS[alert.every];
  return dueAt + Math.max(1, Math.ceil((now - dueAt + 1) / period)) * period;
}

/** The wait before the next attempt: 1 min doubling to 1 h, or longer when the receiver asked (Retry-After). */
function backoff(attempts: number, retryAfterMs = 0): number {
  return Math.max(retryAfterMs, Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1)));
}

export class AlertRunner extends PeriodicTask {
  readonly owner = randomUUID();

  constructor(private readonly options: AlertRunnerOptions) {
    super(options.clock, options.tickMs ?? ALERT_TICK_MS);
  }

  protected tickFailed(error: unknown): void {
    this.options.log({ event: "alert-tick-failed", reason: failureReason(error) });
  }

  /** Runs the due alerts this replica claims, then tries the deliveries that are due. */
  async tick(): Promise<void> {
    await this.runDue(false);
    await this.deliverDue(false);
  }

  /** Runs every due alert (`all`: every alert not muted, due or not) that this replica claims. */
  async runDue(all: boolean): Promise<RunReport[]> {
    const { store, clock } = this.options;
    const [alerts, statuses] = await Promise.all([store.alerts(), store.alertStatuses()]);
    const reports: RunReport[] = [];
    for (const alert of alerts) {
      const dueAt = statuses[alert.id]?.nextRunAt ?? clock.now();
      if (alert.muted || (!all && dueAt > clock.now())) continue;
      const report = await this.runOne(alert, statuses[alert.id], Math.min(dueAt, clock.now()));
      if (report) reports.push(report);
    }
    return reports;
  }

  /** One run of an alert due at `dueAt`, if this replica claims it; undefined when another replica has it. */
  private async runOne(
    alert: StoredAlert,
    status: AlertStatus | undefined,
    dueAt: number,
  ): Promise<RunReport | undefined> {
    const { store, clock } = this.options;
    if (!(await store.alertClaim(alert.id, dueAt, this.owner, clock.now(), ALERT_CLAIM_MS))) return undefined;
    const done = new AbortController();
    void this.keepClaim(alert.id, dueAt, done.signal);
    try {
      const { run, firing, state } = await this.evaluateRun(alert);
      const deliveries: Delivery[] = firing
        ? alert.destinations.map((d) => ({
            id: `${firing.id}.${d.id}`,
            alertId: alert.id,
            member: alert.member,
            destinationId: d.id,
            firingId: firing.id,
            createdAt: clock.now(),
            attempts: 0,
            nextAt: clock.now(),
          }))
        : [];
      const lastFiredAt = firing ? run.at : status?.lastFiredAt;
      const committed = await store.alertCommit({
        id: alert.id,
        version: alert.version,
        dueAt,
        owner: this.owner,
        now: clock.now(),
        member: alert.member,
        status: {
          nextRunAt: nextDue(alert, dueAt, clock.now()),
          lastRun: run,
          ...(lastFiredAt ? { lastFiredAt } : {}),
        },
        ...(state ? { state } : {}),
        ...(firing ? { firing } : {}),
        deliveries,
        limits: this.options.limits,
      });
      this.options.log({ event: "alert-run", alert: alert.id, member: alert.member, ...run, committed });
      return { alert, run, deliveries: committed ? deliveries.length : 0, committed };
    } finally {
      done.abort();
    }
  }

  /** Renews the run's claim every third of it until `done`; a renewal the store misses is tried at the next. */
  private async keepClaim(id: string, dueAt: number, done: AbortSignal): Promise<void> {
    const { store, clock, log } = this.options;
    await renewLeaseUntil(
      clock,
      ALERT_CLAIM_MS,
      done,
      () => store.alertClaim(id, dueAt, this.owner, clock.now(), ALERT_CLAIM_MS),
      (error) => log({ event: "alert-claim-renew-failed", alert: id, reason: failureReason(error) }),
    );
  }

  /** Reads the rows and compares them; a note instead when the run could not read them. */
  private async evaluateRun(alert: StoredAlert) {
    const { store, clock } = this.options;
    const say = t.in(alert.language);
    const at = clock.now();
    const stopped = (note: string, fetched?: Fetched) => ({
      run: { at, calls: fetched?.calls ?? 0, cacheHits: fetched?.cacheHits ?? 0, rows: 0, fired: 0, note },
      firing: undefined,
      state: undefined,
    });
    const member = (await store.members()).find((m) => m.name === alert.member);
    // A member revoked and added again since they saved it is another member: not theirs to run.
    if (!member || (alert.memberSince !== undefined && alert.memberSince !== member.createdAt))
      return stopped(say("note.notMember", { member: alert.member }));
    const compiled = compileQuery(alert.query, alert.language, new Date(at));
    if ("refused" in compiled) return stopped(say("note.query", { problem: compiled.refused.message }));
    const condition = compileCondition(alert.when, compiled.query, alert.language);
    if ("refused" in condition) return stopped(say("note.query", { problem: condition.refused.message }));
    const fetched = await fetchRows(this.options.shared, member as Member, compiled.query, clock);
    if ("refused" in fetched) return stopped(say(REFUSALS[fetched.refused]), fetched);
    if ("failed" in fetched) return stopped(say("note.service", { code: fetched.failed }), fetched);
    const previous = await store.alertState(alert.id);
    const result = evaluate(condition.condition, compiled.query, previous, fetched.rows, alert.version, at);
    const rows = labelled(alert.digest ? result.holding : result.fired, compiled.query, alert);
    const firing: Firing | undefined = rows.length
      ? { id: `${alert.id}.${at}`, alertId: alert.id, at, digest: alert.digest, rows }
      : undefined;
    const run: AlertRun = {
      at,
      calls: fetched.calls,
      cacheHits: fetched.cacheHits,
      rows: fetched.rows.length,
      fired: rows.length,
    };
    return { run, firing, state: result.state };
  }

  /**
   * Tries the deliveries that are due (`anyTime`: every one waiting, whatever its backoff), a few at a time: each
   * lease covers only the deliveries about to be sent, so a pass that stops midway holds back none of the rest.
   */
  async deliverDue(anyTime: boolean): Promise<DeliveryReport[]> {
    const { store } = this.options;
    const reports: DeliveryReport[] = [];
    const alerts = new AlertsOnce(store);
    const send = async (leased: LeasedDelivery[]) =>
      reports.push(...(await Promise.all(leased.map(async (d) => this.deliverOne(d, await alerts.get(d.alertId))))));
    if (anyTime) {
      // The ids waiting when the pass starts, each tried once (one that fails again is not tried twice).
      const waiting = (await store.outbox()).map((d) => d.id).slice(0, DELIVERIES_PER_OPERATOR_PASS);
      for (let at = 0; at < waiting.length; at += DELIVERIES_PER_LEASE) {
        const only = waiting.slice(at, at + DELIVERIES_PER_LEASE);
        await send(await this.lease({ limit: only.length, anyTime: true, only }));
      }
      return reports;
    }
    while (reports.length < DELIVERIES_PER_PASS) {
      const size = Math.min(DELIVERIES_PER_LEASE, DELIVERIES_PER_PASS - reports.length);
      const leased = await this.lease({ limit: size, anyTime: false });
      if (!leased.length) break;
      await send(leased);
    }
    return reports;
  }

  /** Deliveries leased to this replica from now, for as long as an attempt can take. */
  private lease(ask: Pick<OutboxLeaseAsk, "limit" | "anyTime" | "only">): Promise<LeasedDelivery[]> {
    const now = this.options.clock.now();
    return this.options.store.outboxLease({ now, owner: this.owner, leaseMs: DELIVERY_LEASE_MS, ...ask });
  }

  private async deliverOne(delivery: LeasedDelivery, alert: StoredAlert | undefined): Promise<DeliveryReport> {
    const { store, clock, log } = this.options;
    const destination = alert?.destinations.find((d) => d.id === delivery.destinationId);
    const shown = destination ? showDestination(destination).shown : undefined;
    const base = { delivery, ...(alert ? { alert } : {}), ...(shown ? { destination: shown } : {}) };
    if (!alert || !destination || alert.muted) {
      await store.outboxSettle(delivery.id, this.owner, clock.now(), { kind: "dropped" });
      return { ...base, outcome: "dropped" };
    }
    // A send that threw (not an answer) is retried, its words kept for the log and admins, a webhook's key masked.
    const attempt: Attempt = await attemptDelivery(delivery, alert, destination, {
      ...this.options.deliver,
      clock,
    }).catch((error: unknown) => ({ kind: "retry" as const, error: failureReason(error) }));
    const settlement = this.settlementOf(delivery, attempt);
    await store.outboxSettle(delivery.id, this.owner, clock.now(), settlement);
    const outcome = settlement.kind === "retry" ? "retry" : settlement.kind === "failed" ? "failed" : "delivered";
    const error = attempt.kind === "delivered" ? undefined : attempt.error;
    log({
      event: `alert-delivery-${outcome}`,
      alert: alert.id,
      member: alert.member,
      destination: shown,
      delivery: delivery.id,
      ...(error ? { error } : {}),
    });
    return { ...base, outcome, ...(error ? { error } : {}) };
  }

  private settlementOf(leased: LeasedDelivery, attempt: Attempt): DeliverySettlement {
    const now = this.options.clock.now();
    const { firing, ...delivery } = leased;
    const attempts = delivery.attempts + 1;
    if (attempt.kind === "delivered") return { kind: "delivered" };
    if (attempt.kind === "failed" || now - delivery.createdAt >= RETRY_FOR_MS) {
      const reason = attempt.kind === "failed" ? attempt.error : `still failing after 24 hours: ${attempt.error}`;
      const given = {
        ...delivery,
        attempts,
        lastError: attempt.error,
        failedAt: now,
        reason,
        rows: firing.rows.length,
      };
      return { kind: "failed", delivery: given };
    }
    const nextAt = Math.min(now + backoff(attempts, attempt.retryAfterMs), delivery.createdAt + RETRY_FOR_MS);
    return { kind: "retry", delivery: { ...delivery, attempts, nextAt, lastError: attempt.error } };
  }
}

/** The alerts, read once a pass (when a delivery first needs them). */
class AlertsOnce {
  private read: Promise<Map<string, StoredAlert>> | undefined;

  constructor(private readonly store: TeamStore) {}

  async get(id: string): Promise<StoredAlert | undefined> {
    this.read ??= this.store.alerts().then((alerts) => new Map(alerts.map((a) => [a.id, a])));
    return (await this.read).get(id);
  }
}

/** Each changed field with its header label in the alert's language. */
function labelled(rows: readonly FiredRow[], query: CompiledQuery, alert: StoredAlert): FiredRow[] {
  const labels = inLocale(alert.language, () => columnLabels(query.columns));
  const labelOf = new Map(query.columns.map((c, i) => [c.name, labels[i]]));
  return rows.map((row) => ({
    ...row,
    entries: row.entries.map((e) => ({ ...e, ...(labelOf.get(e.field) ? { label: labelOf.get(e.field) } : {}) })),
  }));
}
