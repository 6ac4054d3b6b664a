/**
 * The alert steps of the Redis store (../redis-store.ts delegates to it): each atomic step is a Lua script of
 * ./alert-lua.ts; what only reads is plain commands. A lease returns ids, and the deliveries and their firings are
 * then read by those ids (MGET): no script ever carries the outbox's bulk, so Redis is never held by one member's
 * outbox.
 */
import type { Redis } from "ioredis";
import { CLAIM_KEEP_MS, MAIL_DAY_KEEP_MS, type AlertScript } from "./alert-lua";
import type {
  AlertCommit,
  AlertState,
  AlertStatus,
  Delivery,
  DeliverySettlement,
  FailedDelivery,
  Firing,
  LeasedDelivery,
  OutboxCount,
  OutboxLeaseAsk,
  StoredAlert,
} from "./model";
import { FAILED_KEEP_MS, MAX_FAILED } from "./model";

/** What the Redis store lends its alert steps: a bounded step, a script by name, and its key prefix. */
export interface RedisSteps {
  step<T>(command: (redis: Redis) => Promise<T>): Promise<T>;
  run(name: AlertScript, ...args: (string | number)[]): Promise<unknown>;
  key(...parts: string[]): string;
}

const parsed = <T>(json: string | null): T | undefined => (json === null ? undefined : (JSON.parse(json) as T));

export class RedisAlertSteps {
  constructor(private readonly redis: RedisSteps) {}

  async save(alert: StoredAlert, status: AlertStatus | null, resetState: boolean, maxPerMember: number) {
    const args = [alert.id, alert.member, JSON.stringify(alert), status ? JSON.stringify(status) : ""];
    return (await this.redis.run("madAlertSave", ...args, resetState ? "1" : "0", maxPerMember)) as
      "saved" | "taken" | "limit";
  }

  async delete(id: string): Promise<boolean> {
    return (await this.redis.run("madAlertDelete", id)) === 1;
  }

  async alerts(): Promise<StoredAlert[]> {
    const entries = await this.redis.step((redis) => redis.hgetall(this.redis.key("alerts")));
    return Object.values(entries).map((json) => JSON.parse(json) as StoredAlert);
  }

  async alertsOf(member: string): Promise<StoredAlert[]> {
    const ids = await this.redis.step((redis) => redis.smembers(this.redis.key(`alerts:m:${member}`)));
    if (!ids.length) return [];
    const jsons = await this.redis.step((redis) => redis.hmget(this.redis.key("alerts"), ...ids));
    return jsons.flatMap((json) => (json === null ? [] : [JSON.parse(json) as StoredAlert]));
  }

  async statuses(): Promise<Record<string, AlertStatus>> {
    const entries = await this.redis.step((redis) => redis.hgetall(this.redis.key("alertstatus")));
    return Object.fromEntries(Object.entries(entries).map(([id, json]) => [id, JSON.parse(json) as AlertStatus]));
  }

  async state(id: string): Promise<AlertState | undefined> {
    return parsed(await this.redis.step((redis) => redis.get(this.redis.key(`alertstate:${id}`))));
  }

  async claim(id: string, dueAt: number, owner: string, now: number, ttlMs: number): Promise<boolean> {
    return (await this.redis.run("madAlertClaim", id, dueAt, owner, now, ttlMs, CLAIM_KEEP_MS)) === 1;
  }

  async commit(commit: AlertCommit): Promise<boolean> {
    const { id, version, dueAt, owner, status, state, deliveries, firing, limits } = commit;
    const rows = deliveries.flatMap((d) => [d.id, d.nextAt, JSON.stringify(d)]);
    const head = [id, version, dueAt, owner, JSON.stringify(status), state ? JSON.stringify(state) : ""];
    const outbox = [commit.now, commit.member, limits.maxPending, limits.maxBytes];
    const fired = [firing?.id ?? "", firing ? JSON.stringify(firing) : "", firing?.digest ? "1" : "0"];
    return (await this.redis.run("madAlertCommit", ...head, ...outbox, ...fired, deliveries.length, ...rows)) === 1;
  }

  /** Leases ids in one script, then reads those deliveries and their firings; one whose firing is gone is dropped. */
  async lease({ now, owner, leaseMs, limit, anyTime, only = [] }: OutboxLeaseAsk): Promise<LeasedDelivery[]> {
    const args = [now, owner, leaseMs, limit, anyTime ? "1" : "0", now - FAILED_KEEP_MS, only.length, ...only];
    const ids = (await this.redis.run("madOutboxLease", ...args)) as string[];
    if (!ids.length) return [];
    const deliveries = (await this.mget(ids.map((id) => `outbox:d:${id}`))).map((json) => parsed<Delivery>(json));
    const firingIds = [...new Set(deliveries.flatMap((d) => (d?.firingId ? [d.firingId] : [])))];
    const firings = new Map(
      (await this.mget(firingIds.map((fid) => `firing:${fid}`))).map((json, i) => [firingIds[i], parsed<Firing>(json)]),
    );
    const leased: LeasedDelivery[] = [];
    for (const [i, delivery] of deliveries.entries()) {
      // A delivery written before firings were kept apart carries its own.
      const firing = delivery?.firingId ? firings.get(delivery.firingId) : (delivery as { firing?: Firing })?.firing;
      if (delivery && firing) leased.push({ ...delivery, firing });
      else await this.settle(ids[i], owner, now, { kind: "dropped" });
    }
    return leased;
  }

  private async mget(keys: readonly string[]): Promise<(string | null)[]> {
    if (!keys.length) return [];
    return this.redis.step((redis) => redis.mget(keys.map((k) => this.redis.key(k))));
  }

  async settle(id: string, owner: string, now: number, settlement: DeliverySettlement): Promise<boolean> {
    const kept = settlement.kind === "retry" || settlement.kind === "failed" ? settlement.delivery : undefined;
    const args = [id, owner, now, settlement.kind, kept ? JSON.stringify(kept) : "", kept?.nextAt ?? 0, MAX_FAILED];
    return (await this.redis.run("madOutboxSettle", ...args)) === 1;
  }

  async pending(): Promise<Delivery[]> {
    const ids = await this.redis.step((redis) => redis.zrange(this.redis.key("outbox"), "0", "-1"));
    return (await this.mget(ids.map((id) => `outbox:d:${id}`))).flatMap((json) => {
      const delivery = parsed<Delivery & { firing?: unknown }>(json);
      if (!delivery) return [];
      const { firing: _firing, ...rest } = delivery;
      return [rest];
    });
  }

  async counts(alertIds: readonly string[]): Promise<Record<string, OutboxCount>> {
    if (!alertIds.length) return {};
    const out = (await this.redis.run("madOutboxCounts", alertIds.length, ...alertIds)) as (number | string)[];
    return Object.fromEntries(
      alertIds.map((id, i) => [id, { pending: Number(out[2 * i]), dropped: Number(out[2 * i + 1] ?? 0) }]),
    );
  }

  async failures(): Promise<FailedDelivery[]> {
    const entries = await this.redis.step((redis) => redis.hgetall(this.redis.key("outbox:f")));
    return Object.values(entries)
      .map((json) => JSON.parse(json) as FailedDelivery)
      .sort((a, b) => a.failedAt - b.failedAt || a.id.localeCompare(b.id));
  }

  async mailRecipient(member: string, day: string, recipient: string, max: number): Promise<boolean> {
    return (await this.redis.run("madMailRecipient", member, day, recipient, max, MAIL_DAY_KEEP_MS)) === 1;
  }
}
