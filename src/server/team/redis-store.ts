/**
 * The team's state in Redis (ioredis), shared by every replica. Each step has one bound, `commandTimeoutMs`, for
 * all of it: waiting for the connection to be ready (a replica just started, or Redis came back after a blip) and
 * for the reply. Nothing waits in ioredis's offline queue, so a command is never sent after its step gave up; past
 * the bound (Redis down or slow) the step throws and the relay answers 503 without calling the service. The bound
 * counts time this process could listen (`withinListening`): a starved machine does not make Redis look slow. A
 * second connection listens for other replicas' events (pub/sub); waiting code also polls, so a lost message only
 * delays.
 */
import { Redis } from "ioredis";
import type { Schedule } from "../../relay-api/schedules";
import { withinListening } from "./listening-bound";
import * as LUA from "./lua";
import { DECISION_KEEP_MS } from "./memory-store";
import { ALERT_SCRIPTS, type AlertScript } from "./alerts/alert-lua";
import { RedisAlertSteps } from "./alerts/redis-alert-store";
import {
  decisionFrom,
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

export interface RedisStoreOptions {
  url: string;
  /** Key prefix (default `mad:`): several teams, or test runs, can share one Redis. */
  prefix?: string;
  /** A step (waiting for the connection, then the reply) that takes longer fails: Redis down or slow. */
  commandTimeoutMs?: number;
}

const DEFAULT_REDIS_TIMEOUT_MS = 1_000;
/** A queued ticket's record is kept until past its deadline (MAD_QUEUE_WAIT_MS may be long), at least this long. */
const TICKET_KEEP_MS = 600_000;
const SCRIPTS = {
  madEnqueue: LUA.ENQUEUE,
  madCancel: LUA.CANCEL,
  madPump: LUA.PUMP,
  madAdd: LUA.ADD_MEMBER,
  madRevoke: LUA.REVOKE_MEMBER,
  madRelease: LUA.FLIGHT_RELEASE,
  madScheduleRelease: LUA.SCHEDULE_RELEASE,
  madJoin: LUA.FLIGHT_JOIN,
  madRenew: LUA.FLIGHT_RENEW,
  ...ALERT_SCRIPTS,
};
type ScriptName = keyof typeof SCRIPTS;

/** The address without its password, for logs. */
function describeRedis(url: string): string {
  try {
    const parsed = new URL(url);
    return `redis at ${parsed.hostname}:${parsed.port || 6379}${parsed.pathname.length > 1 ? parsed.pathname : ""}`;
  } catch {
    return "redis (unparsable URL)";
  }
}

/** What to say when Redis refuses the connection's password (or asks for one); undefined for other errors. */
function passwordRefusal(message: string, where: string): string | undefined {
  if (/^WRONGPASS|invalid password/i.test(message))
    return `${where} refused the password in REDIS_URL (${message.slice(0, 80)}): check it`;
  if (/^NOAUTH/.test(message)) return `${where} asks for a password: put it in REDIS_URL (redis://:PASSWORD@host:6379)`;
  if (/^ERR AUTH .*without any password configured/i.test(message))
    return `${where} has no password set, but REDIS_URL gives one: remove it from REDIS_URL or set requirepass`;
  return undefined;
}

export class RedisStore implements TeamStore {
  readonly kind = "redis";
  readonly describe: string;
  private readonly redis: Redis;
  private subscriber: Redis | undefined;
  private readonly listeners = new Set<(event: StoreEvent) => void>();
  private readonly prefix: string;
  private readonly timeoutMs: number;
  /** Why Redis refuses this connection (a wrong or missing password), while it does. */
  private refusal: string | undefined;
  /** While the connection is not ready: settles when it is (or is closed for good). One per outage, shared. */
  private readyWait: Promise<void> | undefined;
  private readonly alertSteps = new RedisAlertSteps({
    step: (command) => this.step(command),
    run: (name: AlertScript, ...args) => this.run(name, ...args),
    key: (...parts) => this.key(...parts),
  });

  constructor(options: RedisStoreOptions) {
    this.prefix = options.prefix ?? "mad:";
    this.describe = describeRedis(options.url);
    this.timeoutMs = options.commandTimeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS;
    this.redis = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(times * 100, 1_000),
    });
    // Errors reach the callers of each step; the connection's own reports are not crashes. A refused password is
    // kept, so a step or the CLI says so instead of "could not reach" (ioredis keeps retrying meanwhile).
    this.redis.on("error", (error: Error) => {
      this.refusal = passwordRefusal(error.message, this.describe);
    });
    this.redis.on("ready", () => (this.refusal = undefined));
    for (const [name, lua] of Object.entries(SCRIPTS)) this.redis.defineCommand(name, { numberOfKeys: 0, lua });
  }

  /**
   * One step on Redis within the bound: it waits for a connection being made (never failing at once because a
   * replica started a moment ago or Redis is reconnecting), and is not sent at all once the bound has passed.
   */
  private step<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    let gaveUp = false;
    const sent =
      this.redis.status === "ready"
        ? command(this.redis)
        : this.ready().then(() => {
            if (gaveUp) throw new Error("not sent: the step had given up");
            return command(this.redis);
          });
    return withinListening(sent, this.timeoutMs, () => {
      gaveUp = true;
      return new Error(this.refusal ?? `${this.describe} did not answer within ${this.timeoutMs} ms`);
    });
  }

  private ready(): Promise<void> {
    if (this.redis.status === "ready") return Promise.resolve();
    if (this.redis.status === "end") return Promise.reject(new Error(`${this.describe}: connection closed`));
    this.readyWait ??= new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        this.redis.off("ready", onReady);
        this.redis.off("end", onEnd);
        this.readyWait = undefined;
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      const onEnd = () => settle(new Error(`${this.describe}: connection closed`));
      this.redis.on("ready", onReady);
      this.redis.on("end", onEnd);
    });
    return this.readyWait;
  }

  private run(name: ScriptName, ...args: (string | number)[]): Promise<unknown> {
    return this.step((redis) => {
      const command = (redis as unknown as Record<string, (...a: (string | number)[]) => Promise<unknown>>)[name];
      return command.call(redis, this.prefix, ...args);
    });
  }

  private key(...parts: string[]): string {
    return this.prefix + parts.join(":");
  }

  /** Resolves once connected (or rejects after `ms`): for the CLI, which has nothing to do without Redis. */
  async connected(ms: number): Promise<void> {
    if (this.redis.status === "ready") return;
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        clearTimeout(timer);
        this.redis.off("ready", onReady);
        this.redis.off("error", onError);
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      const onError = () => {
        if (this.refusal) settle(new Error(this.refusal));
      };
      const timer = setTimeout(
        () => settle(new Error(this.refusal ?? `could not reach ${this.describe} within ${ms} ms`)),
        ms,
      );
      this.redis.on("ready", onReady);
      this.redis.on("error", onError);
    });
  }

  async ping(): Promise<void> {
    await this.step((redis) => redis.ping());
  }

  async addMember(member: Member, tokenHash: string): Promise<boolean> {
    return (await this.run("madAdd", member.name, JSON.stringify({ ...member, tokenHash }), tokenHash)) === 1;
  }

  async revokeMember(name: string): Promise<boolean> {
    return (await this.run("madRevoke", name)) === 1;
  }

  async memberByToken(tokenHash: string): Promise<Member | undefined> {
    const name = await this.step((redis) => redis.hget(this.key("tokens"), tokenHash));
    if (name === null) return undefined;
    const json = await this.step((redis) => redis.hget(this.key("members"), name));
    return json === null ? undefined : memberFrom(json);
  }

  async members(): Promise<Member[]> {
    return Object.values(await this.step((redis) => redis.hgetall(this.key("members")))).map(memberFrom);
  }

  async cacheGet(key: string, now: number): Promise<StoredAnswer | undefined> {
    const json = await this.step((redis) => redis.get(this.key("cache", key)));
    const answer = json === null ? undefined : (JSON.parse(json) as StoredAnswer);
    return answer && answer.expiresAt > now ? answer : undefined;
  }

  async cacheSet(key: string, answer: StoredAnswer): Promise<void> {
    const ttl = Math.max(1, Math.round(answer.expiresAt - answer.fetchedAt));
    await this.step((redis) => redis.set(this.key("cache", key), JSON.stringify(answer), "PX", ttl));
  }

  async flightJoin(key: string, owner: string, now: number, leaseMs: number): Promise<FlightStep> {
    const [found, json] = (await this.run("madJoin", key, owner, now, leaseMs)) as [string, string?];
    if (found === "claimed") return { claimed: true };
    if (found === "busy" || json === undefined) return { busy: true };
    return { answer: JSON.parse(json) as StoredAnswer, source: found === "cache" ? "hit" : "shared" };
  }

  /** The lease runs in Redis's own time (PX), whatever `now` the replica's clock says. */
  async flightRenew(key: string, owner: string, _now: number, leaseMs: number): Promise<boolean> {
    return (await this.run("madRenew", key, owner, leaseMs)) === 1;
  }

  async flightRelease(key: string, owner: string, shared?: StoredAnswer): Promise<void> {
    const ttl = shared ? Math.max(1, Math.round(shared.expiresAt - shared.fetchedAt)) : 0;
    await this.run("madRelease", key, owner, shared ? JSON.stringify(shared) : "", ttl);
  }

  async enqueue(ticket: QueuedTicket): Promise<void> {
    // The ticket's record outlives any bounded wait; the pump drops it at its deadline anyway.
    await this.run(
      "madEnqueue",
      ticket.ticket,
      ticket.member,
      ticket.memberBudget ?? -1,
      ticket.deadline,
      // Real time (Redis's TTL); a simulated clock's deadline may say anything, so the floor holds then.
      Math.max(TICKET_KEEP_MS, Math.round(ticket.deadline - Date.now()) + DECISION_KEEP_MS),
    );
  }

  async pump(input: PumpInput): Promise<PumpResult> {
    const keyArgs = input.keys.flatMap((k) => [k.name, k.fingerprint, k.perMinute, k.monthlyBudget ?? -1]);
    const out = (await this.run(
      "madPump",
      input.now,
      input.month,
      input.windowMs,
      input.holdMs,
      DECISION_KEEP_MS,
      input.keys.length,
      ...keyArgs,
      input.mine.length,
      ...input.mine,
    )) as string[];
    const decisions = new Map<string, Decision>();
    for (let i = 2; i + 1 < out.length; i += 2) {
      const decision = decisionFrom(out[i + 1]);
      if (decision) decisions.set(out[i], decision);
    }
    const nextAt = Number(out[0]);
    return { decisions, nextAt: nextAt < 0 ? null : nextAt };
  }

  async callEnded(fingerprint: string, ticket: string, at: number): Promise<void> {
    await this.step((redis) => redis.zadd(this.key("rate", fingerprint), "XX", at, ticket));
  }

  async cancel(ticket: string): Promise<Decision | undefined> {
    return decisionFrom((await this.run("madCancel", ticket)) as string | null);
  }

  async count(month: string, member: string, operation: string, field: UsageField): Promise<void> {
    await this.step((redis) => redis.hincrby(this.key("usage", month), `${member}\t${operation}\t${field}`, 1));
  }

  async usage(month: string): Promise<UsageRow[]> {
    const rows = new Map<string, UsageRow>();
    for (const [id, count] of Object.entries(await this.step((redis) => redis.hgetall(this.key("usage", month))))) {
      const [member, operation, field] = id.split("\t") as [string, string, UsageField];
      const row = rows.get(`${member}\t${operation}`) ?? { member, operation, calls: 0, cacheHits: 0, refusals: 0 };
      rows.set(`${member}\t${operation}`, { ...row, [field]: Number(count) });
    }
    return [...rows.values()];
  }

  async spent(month: string): Promise<Spent> {
    const keys: Record<string, number> = {};
    const members: Record<string, number> = {};
    for (const [id, n] of Object.entries(await this.step((redis) => redis.hgetall(this.key("used", month)))))
      (id.startsWith("k:") ? keys : members)[id.slice(2)] = Number(n);
    return { keys, members };
  }

  async setAside(entry: KeyAside): Promise<void> {
    await this.step((redis) => redis.hset(this.key("aside"), entry.fingerprint, JSON.stringify(entry)));
  }

  async keysAside(): Promise<KeyAside[]> {
    const entries = await this.step((redis) => redis.hgetall(this.key("aside")));
    return Object.values(entries).map((json) => JSON.parse(json) as KeyAside);
  }

  async scheduleSave(schedule: Schedule): Promise<void> {
    await this.step((redis) => redis.hset(this.key("schedules"), schedule.id, JSON.stringify(schedule)));
  }

  async scheduleDelete(id: string): Promise<boolean> {
    return (await this.step((redis) => redis.hdel(this.key("schedules"), id))) === 1;
  }

  async schedules(): Promise<Schedule[]> {
    const entries = await this.step((redis) => redis.hgetall(this.key("schedules")));
    return Object.values(entries).map((json) => JSON.parse(json) as Schedule);
  }

  async scheduleClaim(id: string, dueAt: number, owner: string, _now: number, ttlMs: number): Promise<boolean> {
    const claimed = await this.step((redis) =>
      redis.set(this.key("schedrun", id, String(dueAt)), owner, "PX", ttlMs, "NX"),
    );
    return claimed === "OK";
  }

  async scheduleRelease(id: string, dueAt: number, owner: string): Promise<void> {
    await this.run("madScheduleRelease", id, String(dueAt), owner);
  }

  // Alerts and their outbox: ./alerts/redis-alert-store.ts.
  readonly alertSave: TeamStore["alertSave"] = (...a) => this.alertSteps.save(...a);
  readonly alertDelete: TeamStore["alertDelete"] = (id) => this.alertSteps.delete(id);
  readonly alerts: TeamStore["alerts"] = () => this.alertSteps.alerts();
  readonly alertsOf: TeamStore["alertsOf"] = (member) => this.alertSteps.alertsOf(member);
  readonly alertStatuses: TeamStore["alertStatuses"] = () => this.alertSteps.statuses();
  readonly alertState: TeamStore["alertState"] = (id) => this.alertSteps.state(id);
  readonly alertClaim: TeamStore["alertClaim"] = (...a) => this.alertSteps.claim(...a);
  readonly alertCommit: TeamStore["alertCommit"] = (commit) => this.alertSteps.commit(commit);
  readonly outboxLease: TeamStore["outboxLease"] = (ask) => this.alertSteps.lease(ask);
  readonly outboxSettle: TeamStore["outboxSettle"] = (...a) => this.alertSteps.settle(...a);
  readonly outbox: TeamStore["outbox"] = () => this.alertSteps.pending();
  readonly outboxCounts: TeamStore["outboxCounts"] = (ids) => this.alertSteps.counts(ids);
  readonly outboxFailed: TeamStore["outboxFailed"] = () => this.alertSteps.failures();
  readonly mailRecipient: TeamStore["mailRecipient"] = (...a) => this.alertSteps.mailRecipient(...a);

  subscribe(listener: (event: StoreEvent) => void): () => void {
    if (!this.subscriber) {
      const subscriber = this.redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
      subscriber.on("error", () => undefined);
      const channel = this.key("events");
      subscriber.subscribe(channel).catch(() => undefined);
      subscriber.on("message", (from: string, message: string) => {
        if (from !== channel) return;
        const event: StoreEvent =
          message === "queue" ? { kind: "queue" } : { kind: "flight", key: message.replace(/^flight /, "") };
        for (const l of this.listeners) l(event);
      });
      this.subscriber = subscriber;
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.subscriber?.disconnect();
    this.redis.disconnect();
  }
}

function memberFrom(json: string): Member {
  const { name, role, monthlyBudget, createdAt } = JSON.parse(json) as Member;
  return { name, role, monthlyBudget, createdAt };
}
