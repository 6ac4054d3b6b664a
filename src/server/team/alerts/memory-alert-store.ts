/**
 * The alert steps of the memory store (one replica): the same behaviour as the Redis scripts (./alert-lua.ts), step
 * for step, each a synchronous piece of work so nothing interleaves. MemoryStore delegates to it. The outbox keeps
 * each firing once (with the deliveries that refer to it), each member's deliveries in order of arrival (bounded:
 * the oldest dropped, counted per alert), and the given-up deliveries for admins (capped, expiring).
 */
import type { Member } from "../team-store";
import {
  FAILED_KEEP_MS,
  MAX_FAILED,
  type AlertCommit,
  type AlertState,
  type AlertStatus,
  type Delivery,
  type DeliverySettlement,
  type FailedDelivery,
  type Firing,
  type LeasedDelivery,
  type OutboxCount,
  type OutboxLeaseAsk,
  type StoredAlert,
} from "./model";

interface Lease {
  readonly owner: string;
  readonly until: number;
}

interface StoredFiring {
  readonly firing: Firing;
  readonly bytes: number;
  readonly member: string;
  refs: number;
}

/** A delivery's destination: the last part of its id (`<alert>.<at>.<destination>`). */
const destinationOf = (id: string) => id.slice(id.lastIndexOf(".") + 1);

export class MemoryAlertStore {
  private readonly alerts_ = new Map<string, StoredAlert>();
  private readonly statuses = new Map<string, AlertStatus>();
  private readonly states = new Map<string, AlertState>();
  private readonly claims = new Map<string, Lease>();
  private readonly outbox_ = new Map<string, Delivery>();
  private readonly leases = new Map<string, Lease>();
  /** Deliveries a newer digest replaced while they were being sent: not retried if that send fails. */
  private readonly superseded = new Set<string>();
  private readonly firings = new Map<string, StoredFiring>();
  /** Each member's deliveries, oldest first. */
  private readonly byMember = new Map<string, Set<string>>();
  private readonly bytes = new Map<string, number>();
  private readonly dropped = new Map<string, number>();
  /** Given up, oldest first. */
  private readonly failed = new Map<string, FailedDelivery>();
  private readonly mailed = new Map<string, Set<string>>();

  save(alert: StoredAlert, status: AlertStatus | null, resetState: boolean, max: number): "saved" | "taken" | "limit" {
    const old = this.alerts_.get(alert.id);
    if (old && old.member !== alert.member) return "taken";
    if (!old && [...this.alerts_.values()].filter((a) => a.member === alert.member).length >= max) return "limit";
    this.alerts_.set(alert.id, alert);
    if (status) this.statuses.set(alert.id, status);
    if (resetState) this.states.delete(alert.id);
    return "saved";
  }

  /** The alert, its status, what it compared and its deliveries, pending and given up. */
  delete(id: string): boolean {
    this.statuses.delete(id);
    this.states.delete(id);
    for (const delivery of [...this.outbox_.values()]) if (delivery.alertId === id) this.remove(delivery.id);
    for (const failed of [...this.failed.values()]) if (failed.alertId === id) this.failed.delete(failed.id);
    this.dropped.delete(id);
    return this.alerts_.delete(id);
  }

  /** Ids of alerts whose member is gone, or was added again since they saved it (`memberSince`). */
  formerMembersAlerts(members: readonly Member[]): string[] {
    const since = new Map(members.map((m) => [m.name, m.createdAt]));
    return [...this.alerts_.values()]
      .filter((a) => !since.has(a.member) || (a.memberSince !== undefined && a.memberSince !== since.get(a.member)))
      .map((a) => a.id);
  }

  /** What is left of a revoked member's outbox once their alerts are deleted. */
  forgetMember(name: string): void {
    for (const id of [...(this.byMember.get(name) ?? [])]) this.remove(id);
    this.byMember.delete(name);
    this.bytes.delete(name);
  }

  alerts(): StoredAlert[] {
    return [...this.alerts_.values()];
  }

  statusesById(): Record<string, AlertStatus> {
    return Object.fromEntries(this.statuses);
  }

  state(id: string): AlertState | undefined {
    return this.states.get(id);
  }

  claim(id: string, dueAt: number, owner: string, now: number, ttlMs: number): boolean {
    const key = `${id}:${dueAt}`;
    for (const [k, lease] of this.claims) if (lease.until + 86_400_000 <= now) this.claims.delete(k);
    const held = this.claims.get(key);
    if (held && held.owner !== owner && held.until > now) return false;
    this.claims.set(key, { owner, until: now + ttlMs });
    return true;
  }

  commit(commit: AlertCommit): boolean {
    const claim = this.claims.get(`${commit.id}:${commit.dueAt}`);
    const alert = this.alerts_.get(commit.id);
    if (claim?.owner !== commit.owner || alert?.version !== commit.version) return false;
    this.statuses.set(commit.id, commit.status);
    if (commit.state) this.states.set(commit.id, commit.state);
    const { firing, deliveries, member } = commit;
    if (!firing || !deliveries.length) return true;
    if (firing.digest) this.replaceDigests(commit);
    if (!this.firings.has(firing.id)) {
      const bytes = Buffer.byteLength(JSON.stringify(firing));
      this.firings.set(firing.id, { firing, bytes, member, refs: 0 });
      this.bytes.set(member, (this.bytes.get(member) ?? 0) + bytes);
    }
    const stored = this.firings.get(firing.id)!;
    const mine = this.byMember.get(member) ?? new Set<string>();
    this.byMember.set(member, mine);
    for (const delivery of deliveries) {
      if (this.outbox_.has(delivery.id)) continue;
      this.outbox_.set(delivery.id, delivery);
      mine.add(delivery.id);
      stored.refs++;
    }
    if (stored.refs === 0) this.unref(firing.id, true);
    this.bound(member, commit.limits);
    return true;
  }

  /** A newer digest replaces the deliveries of the same alert and destination still pending (not being sent). */
  private replaceDigests(commit: AlertCommit): void {
    const fresh = new Set(commit.deliveries.map((d) => d.id));
    const destinations = new Set(commit.deliveries.map((d) => d.destinationId));
    for (const old of [...this.outbox_.values()]) {
      const lease = this.leases.get(old.id);
      if (old.alertId !== commit.id || fresh.has(old.id) || !destinations.has(destinationOf(old.id))) continue;
      if (!lease || lease.until <= commit.now) this.remove(old.id);
      else this.superseded.add(old.id);
    }
  }

  /** Drops the member's oldest deliveries while their outbox is past a bound; each counted against its alert. */
  private bound(member: string, limits: AlertCommit["limits"]): void {
    const mine = this.byMember.get(member) ?? new Set<string>();
    while (mine.size > limits.maxPending || (this.bytes.get(member) ?? 0) > limits.maxBytes) {
      const oldest = mine.values().next().value as string | undefined;
      if (oldest === undefined) break;
      const alertId = this.outbox_.get(oldest)?.alertId ?? oldest.slice(0, oldest.indexOf("."));
      this.remove(oldest);
      mine.delete(oldest);
      this.dropped.set(alertId, (this.dropped.get(alertId) ?? 0) + 1);
    }
  }

  private remove(id: string): void {
    const delivery = this.outbox_.get(id);
    this.leases.delete(id);
    this.superseded.delete(id);
    if (!delivery) return;
    this.outbox_.delete(id);
    this.byMember.get(delivery.member)?.delete(id);
    this.unref(delivery.firingId);
  }

  private unref(firingId: string, unused = false): void {
    const stored = this.firings.get(firingId);
    if (!stored || (!unused && --stored.refs > 0)) return;
    this.firings.delete(firingId);
    const left = (this.bytes.get(stored.member) ?? 0) - stored.bytes;
    if (left > 0) this.bytes.set(stored.member, left);
    else this.bytes.delete(stored.member);
  }

  lease({ now, owner, leaseMs, limit, anyTime, only = [] }: OutboxLeaseAsk): LeasedDelivery[] {
    for (const [id, failed] of this.failed) if (failed.failedAt < now - FAILED_KEEP_MS) this.failed.delete(id);
    const candidates = only.length
      ? only.flatMap((id) => this.outbox_.get(id) ?? [])
      : [...this.outbox_.values()]
          .filter((d) => anyTime || this.dueAt(d) <= now)
          .sort((a, b) => this.dueAt(a) - this.dueAt(b) || a.id.localeCompare(b.id));
    const taken: LeasedDelivery[] = [];
    for (const delivery of candidates) {
      if (taken.length >= limit) break;
      const held = this.leases.get(delivery.id);
      if (held && held.until > now) continue;
      this.leases.set(delivery.id, { owner, until: now + leaseMs });
      taken.push({ ...delivery, firing: this.firings.get(delivery.firingId)!.firing });
    }
    return taken;
  }

  /** When a delivery is next due: its own time, or the end of a lease on it (as the Redis outbox's score is). */
  private dueAt(delivery: Delivery): number {
    return this.leases.get(delivery.id)?.until ?? delivery.nextAt;
  }

  settle(id: string, owner: string, now: number, settlement: DeliverySettlement): boolean {
    const held = this.leases.get(id);
    if (held?.owner !== owner || held.until <= now) return false;
    this.leases.delete(id);
    switch (settlement.kind) {
      case "retry":
        if (!this.outbox_.has(id)) return false;
        if (this.superseded.has(id)) {
          this.remove(id);
          return true;
        }
        this.outbox_.set(id, settlement.delivery);
        return true;
      case "failed":
        this.failed.delete(id);
        this.failed.set(id, settlement.delivery);
        while (this.failed.size > MAX_FAILED) this.failed.delete(this.failed.keys().next().value as string);
        this.remove(id);
        return true;
      case "delivered":
      case "dropped":
        this.remove(id);
        return true;
      default: {
        const unhandled: never = settlement;
        return unhandled;
      }
    }
  }

  pending(): Delivery[] {
    return [...this.outbox_.values()];
  }

  counts(alertIds: readonly string[]): Record<string, OutboxCount> {
    const pending = new Map<string, number>();
    for (const d of this.outbox_.values()) pending.set(d.alertId, (pending.get(d.alertId) ?? 0) + 1);
    return Object.fromEntries(
      alertIds.map((id) => [id, { pending: pending.get(id) ?? 0, dropped: this.dropped.get(id) ?? 0 }]),
    );
  }

  failures(): FailedDelivery[] {
    return [...this.failed.values()];
  }

  /** Whether `member` may mail `recipient` on `day`: one of today's first `max` distinct recipients (counted). */
  mailRecipient(member: string, day: string, recipient: string, max: number): boolean {
    for (const key of this.mailed.keys()) if (!key.endsWith(`\u001f${day}`)) this.mailed.delete(key);
    const key = `${member}\u001f${day}`;
    const today = this.mailed.get(key) ?? new Set<string>();
    if (today.has(recipient)) return true;
    if (today.size >= max) return false;
    this.mailed.set(key, today.add(recipient));
    return true;
  }
}
