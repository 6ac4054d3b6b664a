/**
 * The team's state in this process's memory: one replica, nothing to set up (no REDIS_URL). The same behaviour as
 * the Redis store, step for step (the pump mirrors lua.ts); lost when the process stops, except members, which
 * live in a members file when one is given (written by `npm run team` without REDIS_URL), and schedules and alerts'
 * definitions, which live in the relay's embedded database when it is given one (`restore`: loaded at start,
 * every change written through, ../history/relay-state.ts).
 */
import type { Schedule } from "../../relay-api/schedules";
import { EventEmitter } from "node:events";
import type { RelayState } from "../history/relay-state";
import { MembersFile } from "./members-file";
import { MemoryAlertStore } from "./alerts/memory-alert-store";
import type {
  AlertCommit,
  AlertState,
  AlertStatus,
  Delivery,
  DeliverySettlement,
  FailedDelivery,
  OutboxCount,
  OutboxLeaseAsk,
  StoredAlert,
} from "./alerts/model";
import {
  isAside,
  type Decision,
  type FlightStep,
  type KeyAside,
  type Member,
  type PumpInput,
  type PumpResult,
  type QueuedTicket,
  type Spent,
  type StoredAnswer,
  type StoreEvent,
  type TeamStore,
  type UsageField,
  type UsageRow,
} from "./team-store";

/** Decisions are kept this long for their owner to read. */
export const DECISION_KEEP_MS = 120_000;
const MAX_CACHE_ENTRIES = 20_000;

interface KeyState {
  readonly name: string;
  readonly perMinute: number;
  readonly budget: number | null;
  /** The key's window: ticket -> when its call counts (grant + hold until its end is known, then its end). */
  readonly log: Map<string, number>;
  /** Can serve this month: neither spent nor set aside for good. */
  usable: boolean;
  spent: boolean;
  /** Set aside for a while (the service said its limit is reached): serves again from then. */
  pausedUntil: number | null;
}

export class MemoryStore implements TeamStore {
  readonly kind = "memory";
  readonly describe: string;
  private readonly members_ = new Map<string, { member: Member; tokenHash: string }>();
  private readonly cache = new Map<string, StoredAnswer>();
  private readonly flights = new Map<string, { owner: string; until: number }>();
  private readonly shared = new Map<string, StoredAnswer>();
  private readonly tickets = new Map<string, QueuedTicket>();
  private readonly queues = new Map<string, string[]>();
  private rotation: string[] = [];
  private readonly decisions = new Map<string, { decision: Decision; until: number }>();
  private readonly rate = new Map<string, Map<string, number>>();
  private readonly used = new Map<string, Map<string, number>>();
  private readonly usageRows = new Map<string, Map<string, UsageRow>>();
  private readonly aside = new Map<string, KeyAside>();
  private readonly schedules_ = new Map<string, Schedule>();
  /** With a members file: when the member who set each schedule was added (their `createdAt` then). */
  private readonly ownerSince = new Map<string, number>();
  private readonly claims = new Map<string, { owner: string; until: number }>();
  private turn = 0;
  private readonly events = new EventEmitter();
  private readonly alertSteps = new MemoryAlertStore();
  /** Where schedules and alerts are kept across restarts, once restored from it. */
  private state: RelayState | undefined;

  constructor(private readonly file?: MembersFile) {
    this.describe = file ? `memory (members in ${file.path})` : "memory";
  }

  async ping(): Promise<void> {}

  /** Loads the schedules and alerts kept in `state`, then writes every change of them through to it. */
  async restore(state: RelayState): Promise<{ schedules: number; alerts: number }> {
    const kept = await state.load();
    for (const schedule of kept.schedules) await this.scheduleSave(schedule);
    for (const alert of kept.alerts) this.alertSteps.save(alert, null, false, Number.MAX_SAFE_INTEGER);
    this.state = state;
    return { schedules: kept.schedules.length, alerts: kept.alerts.length };
  }

  async addMember(member: Member, tokenHash: string): Promise<boolean> {
    if (this.file) return this.file.add(member, tokenHash);
    if (this.members_.has(member.name)) return false;
    this.members_.set(member.name, { member, tokenHash });
    return true;
  }

  /**
   * The member's token, their schedules and their alerts (with what they compared, their status and deliveries) go:
   * a member added later by that name starts empty.
   */
  async revokeMember(name: string): Promise<boolean> {
    const revoked = this.file ? this.file.revoke(name) : this.members_.delete(name);
    const gone: string[] = [];
    for (const [id, schedule] of this.schedules_)
      if (revoked && schedule.member === name) {
        this.schedules_.delete(id);
        this.ownerSince.delete(id);
        gone.push(id);
      }
    for (const id of gone) await this.state?.delete("schedule", id);
    if (revoked) {
      for (const alert of this.alertSteps.alerts()) if (alert.member === name) await this.alertDelete(alert.id);
      this.alertSteps.forgetMember(name);
    }
    return revoked;
  }

  async memberByToken(tokenHash: string): Promise<Member | undefined> {
    if (this.file) return this.file.byToken(tokenHash);
    for (const entry of this.members_.values()) if (entry.tokenHash === tokenHash) return entry.member;
    return undefined;
  }

  async members(): Promise<Member[]> {
    if (this.file) return this.file.members();
    return [...this.members_.values()].map((e) => e.member);
  }

  async cacheGet(key: string, now: number): Promise<StoredAnswer | undefined> {
    const hit = this.cache.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= now) {
      this.cache.delete(key);
      return undefined;
    }
    this.cache.delete(key);
    this.cache.set(key, hit); // most recently used last
    return hit;
  }

  async cacheSet(key: string, answer: StoredAnswer): Promise<void> {
    this.cache.delete(key);
    this.cache.set(key, answer);
    while (this.cache.size > MAX_CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
  }

  async flightJoin(key: string, owner: string, now: number, leaseMs: number): Promise<FlightStep> {
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) return { answer: cached, source: "hit" };
    const shared = this.shared.get(key);
    if (shared && shared.expiresAt > now) return { answer: shared, source: "shared" };
    const flight = this.flights.get(key);
    if (flight && flight.until > now) return { busy: true };
    this.flights.set(key, { owner, until: now + leaseMs });
    return { claimed: true };
  }

  async flightRenew(key: string, owner: string, now: number, leaseMs: number): Promise<boolean> {
    const flight = this.flights.get(key);
    if (flight?.owner !== owner || flight.until <= now) return false;
    this.flights.set(key, { owner, until: now + leaseMs });
    return true;
  }

  async flightRelease(key: string, owner: string, shared?: StoredAnswer): Promise<void> {
    if (this.flights.get(key)?.owner === owner) this.flights.delete(key);
    if (shared) this.shared.set(key, shared);
    this.emit({ kind: "flight", key });
  }

  async enqueue(ticket: QueuedTicket): Promise<void> {
    this.tickets.set(ticket.ticket, ticket);
    const queue = this.queues.get(ticket.member) ?? [];
    queue.push(ticket.ticket);
    this.queues.set(ticket.member, queue);
    if (!this.rotation.includes(ticket.member)) this.rotation.push(ticket.member);
  }

  async pump(input: PumpInput): Promise<PumpResult> {
    const { now, month, windowMs, holdMs } = input;
    for (const [ticket, kept] of this.decisions) if (kept.until <= now) this.decisions.delete(ticket);
    const used = this.usedIn(month);
    const states: KeyState[] = input.keys.map((key) => {
      const log = new Map([...(this.rate.get(key.fingerprint) ?? [])].filter(([, at]) => at > now - windowMs));
      this.rate.set(key.fingerprint, log);
      const spent = key.monthlyBudget !== null && (used.get(`k:${key.name}`) ?? 0) >= key.monthlyBudget;
      const aside = this.aside.get(key.fingerprint);
      const usable = !spent && !(isAside(aside, now) && aside!.until === null);
      const pausedUntil = isAside(aside, now) && aside!.until !== null ? aside!.until : null;
      return { name: key.name, perMinute: key.perMinute, budget: key.monthlyBudget, log, usable, spent, pausedUntil };
    });
    let decided = 0;
    while (this.rotation.length > 0) {
      const member = this.rotation[0];
      const queue = this.queues.get(member) ?? [];
      while (queue.length > 0 && !((this.tickets.get(queue[0])?.deadline ?? -1) >= now)) {
        this.tickets.delete(queue.shift()!);
      }
      if (queue.length === 0) {
        this.rotation.shift();
        this.queues.delete(member);
        continue;
      }
      const ticket = this.tickets.get(queue[0])!;
      let decision: Decision | undefined;
      if (!states.some((s) => s.usable)) decision = { refused: states.some((s) => s.spent) ? "plan-budget" : "no-key" };
      else if (ticket.memberBudget !== null && (used.get(`m:${member}`) ?? 0) >= ticket.memberBudget)
        decision = { refused: "member-budget" };
      else {
        const n = states.length;
        let chosen = -1;
        for (let i = 0; i < n && chosen < 0; i++) {
          const index = (this.turn + i) % n;
          const state = states[index];
          if (state.usable && state.pausedUntil === null && state.log.size < state.perMinute) chosen = index;
        }
        if (chosen < 0) break; // every usable key's window is full, or it is paused: wait
        const state = states[chosen];
        state.log.set(ticket.ticket, now + holdMs);
        const keyUsed = (used.get(`k:${state.name}`) ?? 0) + 1;
        used.set(`k:${state.name}`, keyUsed);
        used.set(`m:${member}`, (used.get(`m:${member}`) ?? 0) + 1);
        if (state.budget !== null && keyUsed >= state.budget) {
          state.usable = false;
          state.spent = true;
        }
        this.turn = (chosen + 1) % n;
        decision = { granted: state.name };
      }
      queue.shift();
      this.tickets.delete(ticket.ticket);
      this.decisions.set(ticket.ticket, { decision, until: now + DECISION_KEEP_MS });
      decided++;
      this.rotation.shift();
      if (queue.length > 0) this.rotation.push(member);
      else this.queues.delete(member);
    }
    const frees = states
      .filter((s) => s.usable && (s.pausedUntil !== null || s.log.size >= s.perMinute))
      .map((s) =>
        Math.max(s.pausedUntil ?? now, s.log.size >= s.perMinute ? Math.min(...s.log.values()) + windowMs : now),
      );
    const nextAt = this.rotation.length > 0 && frees.length > 0 ? Math.min(...frees) : null;
    const decisions = new Map<string, Decision>();
    for (const ticket of input.mine) {
      const kept = this.decisions.get(ticket);
      if (kept) decisions.set(ticket, kept.decision);
    }
    if (decided > 0) this.emit({ kind: "queue" });
    return { decisions, nextAt };
  }

  async callEnded(fingerprint: string, ticket: string, at: number): Promise<void> {
    const log = this.rate.get(fingerprint);
    if (log?.has(ticket)) log.set(ticket, at);
  }

  async cancel(ticket: string): Promise<Decision | undefined> {
    const kept = this.decisions.get(ticket);
    if (kept) return kept.decision;
    const waiting = this.tickets.get(ticket);
    if (waiting) {
      this.tickets.delete(ticket);
      const queue = this.queues.get(waiting.member);
      const at = queue?.indexOf(ticket) ?? -1;
      if (at >= 0) queue!.splice(at, 1);
    }
    return undefined;
  }

  async count(month: string, member: string, operation: string, field: UsageField): Promise<void> {
    const rows = this.usageRows.get(month) ?? new Map<string, UsageRow>();
    this.usageRows.set(month, rows);
    const id = `${member}\t${operation}`;
    const row = rows.get(id) ?? { member, operation, calls: 0, cacheHits: 0, refusals: 0 };
    rows.set(id, { ...row, [field]: row[field] + 1 });
  }

  async usage(month: string): Promise<UsageRow[]> {
    return [...(this.usageRows.get(month)?.values() ?? [])];
  }

  async spent(month: string): Promise<Spent> {
    const keys: Record<string, number> = {};
    const members: Record<string, number> = {};
    for (const [id, n] of this.usedIn(month)) (id.startsWith("k:") ? keys : members)[id.slice(2)] = n;
    return { keys, members };
  }

  async setAside(entry: KeyAside): Promise<void> {
    this.aside.set(entry.fingerprint, entry);
  }

  async keysAside(): Promise<KeyAside[]> {
    return [...this.aside.values()];
  }

  async scheduleSave(schedule: Schedule): Promise<void> {
    // Kept first: a schedule the database did not take is not set (the caller hears why).
    await this.state?.save("schedule", schedule.id, schedule);
    this.schedules_.set(schedule.id, schedule);
    if (this.file && !this.ownerSince.has(schedule.id))
      this.ownerSince.set(schedule.id, this.file.members().find((m) => m.name === schedule.member)?.createdAt ?? 0);
  }

  async scheduleDelete(id: string): Promise<boolean> {
    this.ownerSince.delete(id);
    const removed = this.schedules_.delete(id);
    if (removed) await this.state?.delete("schedule", id);
    return removed;
  }

  async schedules(): Promise<Schedule[]> {
    if (this.file)
      for (const id of this.forgetFormerMembersSchedules(this.file.members())) await this.state?.delete("schedule", id);
    return [...this.schedules_.values()];
  }

  /**
   * With a members file, `npm run team -- revoke` (another process) edits the file, not this store: a schedule
   * whose member is gone, or was revoked and added again since (another `createdAt`), is dropped here.
   */
  private forgetFormerMembersSchedules(members: readonly Member[]): string[] {
    const since = new Map(members.map((m) => [m.name, m.createdAt]));
    const gone: string[] = [];
    for (const [id, schedule] of this.schedules_)
      if (since.get(schedule.member) !== this.ownerSince.get(id)) {
        this.schedules_.delete(id);
        this.ownerSince.delete(id);
        gone.push(id);
      }
    return gone;
  }

  async scheduleClaim(id: string, dueAt: number, owner: string, now: number, ttlMs: number): Promise<boolean> {
    const key = `${id}:${dueAt}`;
    for (const [k, claim] of this.claims) if (claim.until <= now) this.claims.delete(k);
    if (this.claims.has(key)) return false;
    this.claims.set(key, { owner, until: now + ttlMs });
    return true;
  }

  async scheduleRelease(id: string, dueAt: number, owner: string): Promise<void> {
    const key = `${id}:${dueAt}`;
    if (this.claims.get(key)?.owner === owner) this.claims.delete(key);
  }

  async alertSave(alert: StoredAlert, status: AlertStatus | null, resetState: boolean, maxPerMember: number) {
    const outcome = this.alertSteps.save(alert, status, resetState, maxPerMember);
    if (outcome === "saved") await this.state?.save("alert", alert.id, alert);
    return outcome;
  }

  async alertDelete(id: string): Promise<boolean> {
    const removed = this.alertSteps.delete(id);
    if (removed) await this.state?.delete("alert", id);
    return removed;
  }

  /** With a members file: alerts of a member revoked (maybe added again) by another process go, as schedules do. */
  async alerts(): Promise<StoredAlert[]> {
    if (this.file)
      for (const id of this.alertSteps.formerMembersAlerts(this.file.members())) await this.alertDelete(id);
    return this.alertSteps.alerts();
  }

  async alertsOf(member: string): Promise<StoredAlert[]> {
    return (await this.alerts()).filter((a) => a.member === member);
  }

  async alertStatuses(): Promise<Record<string, AlertStatus>> {
    return this.alertSteps.statusesById();
  }

  async alertState(id: string): Promise<AlertState | undefined> {
    return this.alertSteps.state(id);
  }

  async alertClaim(id: string, dueAt: number, owner: string, now: number, ttlMs: number): Promise<boolean> {
    return this.alertSteps.claim(id, dueAt, owner, now, ttlMs);
  }

  async alertCommit(commit: AlertCommit): Promise<boolean> {
    return this.alertSteps.commit(commit);
  }

  async outboxLease(ask: OutboxLeaseAsk) {
    return this.alertSteps.lease(ask);
  }

  async outboxSettle(id: string, owner: string, now: number, settlement: DeliverySettlement): Promise<boolean> {
    return this.alertSteps.settle(id, owner, now, settlement);
  }

  async outbox(): Promise<Delivery[]> {
    return this.alertSteps.pending();
  }

  async outboxFailed(): Promise<FailedDelivery[]> {
    return this.alertSteps.failures();
  }

  async outboxCounts(alertIds: readonly string[]): Promise<Record<string, OutboxCount>> {
    return this.alertSteps.counts(alertIds);
  }

  async mailRecipient(member: string, day: string, recipient: string, max: number): Promise<boolean> {
    return this.alertSteps.mailRecipient(member, day, recipient, max);
  }

  subscribe(listener: (event: StoreEvent) => void): () => void {
    this.events.on("event", listener);
    return () => this.events.off("event", listener);
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
  }

  private usedIn(month: string): Map<string, number> {
    const used = this.used.get(month) ?? new Map<string, number>();
    this.used.set(month, used);
    return used;
  }

  private emit(event: StoreEvent): void {
    // Listeners run after the caller's step, as a message from Redis would.
    queueMicrotask(() => this.events.emit("event", event));
  }
}
