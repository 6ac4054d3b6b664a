/**
 * One replica's side of the shared pacer. A request that needs a call to the service takes a ticket in the team's
 * queue (in the store, shared by every replica) and waits, at most `waitMs`, for a grant: a slot in some key's
 * 60-second window. Any replica's pump grants waiting tickets in turn across members (round robin: each member's
 * oldest ticket, then the next member's), so one member's thousand cells cannot starve a colleague's one. This
 * replica pumps when it queues a ticket, when another replica says the queue moved, when the next slot frees up,
 * and every `pollMs` while it has tickets waiting (a lost message only delays). A grant's slot counts until its
 * call has ended (`ended`), so nothing that happens between a grant and the service (a starved machine, a slow
 * network) can put more than a key's rate into any window the service counts.
 */
import { randomUUID } from "node:crypto";
import { clockTimer, type Clock } from "../../lib/clock";
import { monthOf, type Decision, type Member, type PacedKey, type Refusal, type TeamStore } from "./team-store";

/** A grant: the key to call with, and the ticket whose slot the call holds. */
export interface Grant {
  readonly key: string;
  readonly ticket: string;
}

export type Acquired =
  Grant | { readonly refused: Refusal } | { readonly refused: "queue-timeout"; readonly retryAfterSeconds: number };

export interface FairQueueOptions {
  store: TeamStore;
  keys: readonly PacedKey[];
  clock: Clock;
  /** The pacing window (60 s): never more than a key's perMinute calls in any window of this length. */
  windowMs: number;
  /** The longest a granted call can take, send included: its slot counts until then if its end is never told. */
  holdMs: number;
  pollMs?: number;
}

type Settle = (outcome: Decision | Error | undefined) => void;

export class FairQueue {
  private readonly waiting = new Map<string, Settle>();
  private pumping: Promise<void> | undefined;
  private again = false;
  private wake: { at: number; clear: () => void } | undefined;
  private lastNextAt: number | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: FairQueueOptions) {
    this.unsubscribe = options.store.subscribe((event) => {
      if (event.kind === "queue" && this.waiting.size > 0) void this.pump();
    });
  }

  /** Waits for a grant for `member`: a key's name, or why not. Throws when the store fails (never a guess). */
  async acquire(member: Member, waitMs: number): Promise<Acquired> {
    const { store, clock } = this.options;
    const ticket = randomUUID();
    try {
      await store.enqueue({
        ticket,
        member: member.name,
        memberBudget: member.monthlyBudget,
        deadline: clock.now() + waitMs,
      });
    } catch (error) {
      this.withdraw(ticket);
      throw error;
    }
    const outcome = new Promise<Decision | Error | undefined>((resolve) => this.waiting.set(ticket, resolve));
    const deadline = clockTimer(clock, waitMs, undefined);
    deadline.signal.addEventListener("abort", () => void this.expire(ticket));
    void this.pump();
    const decided = await outcome;
    deadline.clear();
    if (decided instanceof Error) {
      this.withdraw(ticket);
      throw decided;
    }
    if (decided === undefined) {
      const freeAt = this.lastNextAt ?? clock.now() + this.options.windowMs;
      return { refused: "queue-timeout", retryAfterSeconds: Math.max(1, Math.ceil((freeAt - clock.now()) / 1000)) };
    }
    return "granted" in decided ? { key: decided.granted, ticket } : { refused: decided.refused };
  }

  /** The granted call has ended (answered, failed or timed out): its slot counts from now, not from its hold. */
  async ended(grant: Grant): Promise<void> {
    const { store, clock, keys } = this.options;
    const key = keys.find((k) => k.name === grant.key);
    if (key) await store.callEnded(key.fingerprint, grant.ticket, clock.now());
  }

  /**
   * A ticket whose request gave up on a failing store is taken out when the store answers again (best effort), so
   * no pump grants it later: that would hold a slot and spend a budget for a call nobody makes.
   */
  private withdraw(ticket: string): void {
    this.options.store.cancel(ticket).catch(() => undefined);
  }

  close(): void {
    this.unsubscribe();
    this.wake?.clear();
    for (const settle of this.waiting.values()) settle(new Error("the relay is stopping"));
    this.waiting.clear();
  }

  /** At the deadline: out of the queue, unless a pump granted it just before (then the grant stands). */
  private async expire(ticket: string): Promise<void> {
    const settle = this.waiting.get(ticket);
    if (!settle) return;
    this.waiting.delete(ticket);
    try {
      settle(await this.options.store.cancel(ticket));
    } catch (error) {
      settle(error as Error);
    }
  }

  /** One pump at a time on this replica; a request for another while one runs runs it right after. */
  private pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        await this.pumpOnce();
      } while (this.again && this.waiting.size > 0);
      this.pumping = undefined;
    })();
    return this.pumping;
  }

  private async pumpOnce(): Promise<void> {
    const { store, clock, keys, windowMs } = this.options;
    if (this.waiting.size === 0) return;
    const now = clock.now();
    let result;
    try {
      result = await store.pump({
        now,
        month: monthOf(now),
        windowMs,
        holdMs: this.options.holdMs,
        keys,
        mine: [...this.waiting.keys()],
      });
    } catch (error) {
      // The store cannot say who may call: nobody does.
      for (const settle of this.waiting.values()) settle(error as Error);
      this.waiting.clear();
      return;
    }
    for (const [ticket, decision] of result.decisions) {
      this.waiting.get(ticket)?.(decision);
      this.waiting.delete(ticket);
    }
    this.lastNextAt = result.nextAt;
    if (this.waiting.size > 0) this.schedule(Math.min(result.nextAt ?? Infinity, now + (this.options.pollMs ?? 500)));
  }

  private schedule(at: number): void {
    if (this.wake && this.wake.at <= at) return;
    this.wake?.clear();
    const timer = clockTimer(this.options.clock, at - this.options.clock.now(), undefined);
    const wake = { at, clear: timer.clear };
    this.wake = wake;
    timer.signal.addEventListener("abort", () => {
      if (this.wake === wake) this.wake = undefined;
      void this.pump();
    });
  }
}
