/**
 * The alert steps of the memory store (one replica): the same behaviour as the Redis scripts (./alert-lua.ts), step
 * for step, each a synchronous piece of work so nothing interleaves. MemoryStore delegates to it.
 */
import type {
  AlertCommit,
  AlertState,
  AlertStatus,
  Delivery,
  DeliverySettlement,
  FailedDelivery,
  StoredAlert,
} from "./model";

interface Lease {
  readonly owner: string;
  readonly until: number;
}

export class MemoryAlertStore {
  private readonly alerts_ = new Map<string, StoredAlert>();
  private readonly statuses = new Map<string, AlertStatus>();
  private readonly states = new Map<string, AlertState>();
  private readonly claims = new Map<string, Lease>();
  private readonly outbox_ = new Map<string, Delivery>();
  private readonly leases = new Map<string, Lease>();
  private readonly failed = new Map<string, FailedDelivery>();

  save(alert: StoredAlert, status: AlertStatus | null, resetState: boolean, max: number): "saved" | "taken" | "limit" {
    const old = this.alerts_.get(alert.id);
    if (old && old.member !== alert.member) return "taken";
    if (!old && [...this.alerts_.values()].filter((a) => a.member === alert.member).length >= max) return "limit";
    this.alerts_.set(alert.id, alert);
    if (status) this.statuses.set(alert.id, status);
    if (resetState) this.states.delete(alert.id);
    return "saved";
  }

  delete(id: string): boolean {
    this.statuses.delete(id);
    this.states.delete(id);
    return this.alerts_.delete(id);
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
    for (const delivery of commit.deliveries) this.outbox_.set(delivery.id, delivery);
    return true;
  }

  lease(now: number, owner: string, leaseMs: number, limit: number, anyTime: boolean): Delivery[] {
    const due = [...this.outbox_.values()]
      .filter((d) => anyTime || d.nextAt <= now)
      .sort((a, b) => a.nextAt - b.nextAt || a.id.localeCompare(b.id));
    const taken: Delivery[] = [];
    for (const delivery of due) {
      if (taken.length >= limit) break;
      const held = this.leases.get(delivery.id);
      if (held && held.until > now) continue;
      this.leases.set(delivery.id, { owner, until: now + leaseMs });
      taken.push(delivery);
    }
    return taken;
  }

  settle(id: string, owner: string, now: number, settlement: DeliverySettlement): boolean {
    const held = this.leases.get(id);
    if (held?.owner !== owner || held.until <= now) return false;
    this.leases.delete(id);
    switch (settlement.kind) {
      case "retry":
        this.outbox_.set(id, settlement.delivery);
        return true;
      case "failed":
        this.failed.set(id, settlement.delivery);
        this.outbox_.delete(id);
        return true;
      case "delivered":
      case "dropped":
        this.outbox_.delete(id);
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

  failures(): FailedDelivery[] {
    return [...this.failed.values()];
  }
}
