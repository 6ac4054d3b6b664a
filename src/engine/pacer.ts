/**
 * Pacing under the service's per-key rate limit: a sliding-window limiter (at most `perMinute` sends in any
 * rolling window) plus a bound on concurrent requests. Waiters queue in order, so a recalculation storm waits
 * its turn instead of failing with ERROR_VISIT_MAX.
 *
 * Why not p-queue's interval limit (or p-limit plus a counter): that is a fixed window, refilled at each
 * interval's edge, so 40 sends at the end of one minute and 40 at the start of the next pass it: 80 within a few
 * seconds, twice the live per-minute limit, which the service answers with ERROR_VISIT_MAX (a hard failure that
 * also burns quota). A sliding window remembers every send of the last minute and never allows that burst.
 *
 * Every HTTP attempt takes a window slot, retries included: `run` takes one for a task's first attempt, and
 * `acquireRetrySlot` takes one before each retry (called from the client's backoff sleep).
 *
 * When a slot's minute starts: the service counts a request when it arrives, which the engine cannot see. It is
 * somewhere between the send and the answer: a slow network, or a machine too busy to write the request out or
 * read the answer (Excel recalculating, other programs), can put it seconds after the send. So, as the team
 * relay's pacer does (src/server/team, `callEnded`), a slot counts from its grant plus the longest a call can take
 * (`holdMs`), again from the send (`markSent`), until the call ends (`ended`: answered, failed or aborted), and from
 * then on: the service surely had the request by then, so the next minute's send, granted a window after that,
 * never reaches it while it still counts this one, however late this one arrived.
 */
import type { Clock } from "../lib/clock";

export interface PacerOptions {
  clock: Clock;
  perMinute: number;
  concurrency: number;
  windowMs?: number;
  /** How long a granted call counts as going on until its end is known (default SEND_HOLD_MS). */
  holdMs?: number;
}

export const RATE_WINDOW_MS = 60_000;
/**
 * A margin on the service's minute (its clock and timers are not ours, and a refusal's wait is rounded to seconds):
 * the first send of the next window reaches the service a little after the minute of the send it replaces is over
 * there too. It costs under 2% of the throughput.
 */
export const WINDOW_SAFETY_MS = 1_000;
/**
 * How long a granted or sent call counts as going on when nobody says it ended: longer than the client lets an
 * attempt take (20 s by default) and than a query's whole budget (60 s by default). Only a bound: every call's end
 * moves its slot to then (`SendSlot.ended`).
 */
const SEND_HOLD_MS = 60_000;

/** A granted window slot. */
export interface SendSlot {
  /** The request is being sent now: it counts as going on for up to `holdMs` from now, until it ends. */
  markSent(): void;
  /** The call ended (answered, failed or aborted): the service had it by now, so the slot's minute starts now. */
  ended(): void;
}

interface Send {
  /** When the slot's minute starts: a call's end, or (while it goes on) its grant or send plus `holdMs`. */
  at: number;
  done: boolean;
}

interface Waiter {
  /** A task's first attempt needs a concurrency slot; a retry already holds one. */
  needsSlot: boolean;
  grant: (slot: SendSlot) => void;
  /** Asked right before granting: a task no longer needed is settled without a slot or a send. */
  obsolete?: () => boolean;
  dismiss?: () => void;
}

export interface PacerStats {
  queued: number;
  running: number;
  sendsInWindow: number;
}

export class Pacer {
  private readonly clock: Clock;
  private readonly windowMs: number;
  private readonly holdMs: number;
  private perMinuteLimit: number;
  private concurrencyLimit: number;
  /** The sends inside the window, by when their minute starts (calls going on last). */
  private sends: Send[] = [];
  /** Retries first: they already hold a concurrency slot and block it while they wait. */
  private retryWaiters: Waiter[] = [];
  private taskWaiters: Waiter[] = [];
  private running = 0;
  private lastMoveAt = Number.NEGATIVE_INFINITY;
  private wakeAt: number | null = null;
  private wakeTimer: AbortController | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(options: PacerOptions) {
    this.clock = options.clock;
    this.perMinuteLimit = Math.max(1, Math.floor(options.perMinute));
    this.concurrencyLimit = Math.max(1, Math.floor(options.concurrency));
    this.windowMs = (options.windowMs ?? RATE_WINDOW_MS) + WINDOW_SAFETY_MS;
    this.holdMs = Math.max(0, options.holdMs ?? SEND_HOLD_MS);
  }

  get perMinute(): number {
    return this.perMinuteLimit;
  }

  setPerMinute(perMinute: number): void {
    const next = Math.max(1, Math.floor(perMinute));
    if (next === this.perMinuteLimit) return;
    this.perMinuteLimit = next;
    this.pump();
  }

  stats(): PacerStats {
    this.prune();
    return {
      queued: this.taskWaiters.length + this.retryWaiters.length,
      running: this.running,
      sendsInWindow: this.sends.length,
    };
  }

  /** Called whenever queued or running counts change (usage display). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs `task` once a concurrency slot and a window slot are free. When `signal` aborts, a queued task is
   * dropped and a running one stops holding its slot at once (even if the task ignores the signal), and the
   * returned promise rejects with the signal's reason. `skip.when` is checked right before the task would be
   * granted; when it holds, the promise settles with `skip.value()` and nothing is sent.
   */
  run<T>(
    task: (slot: SendSlot) => Promise<T>,
    signal?: AbortSignal,
    skip?: { when: () => boolean; value: () => T },
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        this.running--;
        this.lastMoveAt = this.clock.now();
        this.changed();
        this.pump();
      };
      const onAbort = () => {
        signal?.removeEventListener("abort", onAbort);
        if (queued) this.removeWaiter(waiter);
        else release();
        reject(signal?.reason);
      };
      let queued = true;
      const waiter: Waiter = {
        needsSlot: true,
        grant: (slot) => {
          queued = false;
          let result: Promise<T>;
          try {
            result = task(slot);
          } catch (error) {
            result = Promise.reject(error);
          }
          result.then(
            (value) => {
              signal?.removeEventListener("abort", onAbort);
              release();
              resolve(value);
            },
            (error: unknown) => {
              signal?.removeEventListener("abort", onAbort);
              release();
              reject(error);
            },
          );
        },
      };
      if (skip) {
        waiter.obsolete = skip.when;
        waiter.dismiss = () => {
          queued = false;
          signal?.removeEventListener("abort", onAbort);
          resolve(skip.value());
        };
      }
      signal?.addEventListener("abort", onAbort, { once: true });
      this.taskWaiters.push(waiter);
      this.changed();
      this.pump();
    });
  }

  /** Waits for a window slot for a retry of a running task (it keeps its concurrency slot). */
  acquireRetrySlot(signal?: AbortSignal): Promise<SendSlot> {
    return new Promise<SendSlot>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        this.removeWaiter(waiter);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        needsSlot: false,
        grant: (slot) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(slot);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.retryWaiters.push(waiter);
      this.changed();
      this.pump();
    });
  }

  /**
   * When the sends inside the window count from, in order: persisted, so pacing survives a restart of Excel. A call
   * still going on is saved with its hold (a time to come), and saved again when it ends.
   */
  history(): number[] {
    this.prune();
    return this.sends.map((send) => send.at);
  }

  /**
   * Adds the sends an earlier run recorded (the service's minute outlives the add-in's memory). A call that was going
   * on keeps its hold: nobody saw it end.
   */
  restore(times: readonly number[]): void {
    const now = this.clock.now();
    const horizon = now - this.windowMs;
    const earlier = times
      .filter((at) => Number.isFinite(at) && at > horizon && at <= now + this.holdMs)
      .map((at) => ({ at, done: true }));
    if (earlier.length === 0) return;
    this.sends = [...earlier, ...this.sends].sort((a, b) => a.at - b.at);
    // Those sends moved the queue: waiting for the window they fill is a fair turn, not a stall.
    this.lastMoveAt = Math.max(this.lastMoveAt, Math.min(now, this.sends[this.sends.length - 1].at));
    this.pump();
  }

  /** Whether the window is full, so the service would refuse a send for the minute. */
  isFull(): boolean {
    this.prune();
    return this.sends.length >= this.perMinuteLimit;
  }

  /** The service refused for the minute: no send is granted for `ms` (the window counts as full until then). */
  holdFor(ms: number): void {
    const at = this.clock.now() + ms - this.windowMs;
    const held = Array.from({ length: this.perMinuteLimit }, () => ({ at, done: true }));
    this.sends = [...held, ...this.sends].sort((a, b) => a.at - b.at);
  }

  /**
   * Records a send that did not go through a grant (an attempt the client made without asking); its slot is told
   * when the call ends, as a granted one is.
   */
  recordUnplannedSend(): SendSlot {
    const send: Send = { at: this.clock.now() + this.holdMs, done: false };
    this.place(send);
    return this.slotFor(send);
  }

  private slotFor(send: Send): SendSlot {
    return {
      markSent: () => {
        if (send.done) return;
        this.place(send, this.clock.now() + this.holdMs);
      },
      ended: () => {
        if (send.done) return;
        send.done = true;
        // A send already out of the window (its hold and a window after it passed) stays out, as in the relay.
        if (!this.sends.includes(send)) return;
        this.place(send, this.clock.now());
        // The window may free sooner than the hold said.
        this.pump();
      },
    };
  }

  /** Puts `send` (at `at`, when given) in its place in the window's order. */
  private place(send: Send, at = send.at): void {
    const index = this.sends.indexOf(send);
    if (index >= 0) this.sends.splice(index, 1);
    send.at = at;
    let i = this.sends.length;
    while (i > 0 && this.sends[i - 1].at > at) i--;
    this.sends.splice(i, 0, send);
  }

  /**
   * Whether the queue moved (a send granted or a running request finished) within `ms`. Waiting behind a
   * moving queue is a fair turn; a queue that stopped moving is a stall the total timeout must end.
   */
  movedWithin(ms: number): boolean {
    return this.clock.now() - this.lastMoveAt < ms;
  }

  private removeWaiter(waiter: Waiter): void {
    this.taskWaiters = this.taskWaiters.filter((w) => w !== waiter);
    this.retryWaiters = this.retryWaiters.filter((w) => w !== waiter);
    this.changed();
    this.pump();
  }

  private prune(): void {
    const horizon = this.clock.now() - this.windowMs;
    let drop = 0;
    while (drop < this.sends.length && this.sends[drop].at <= horizon) drop++;
    if (drop) this.sends.splice(0, drop);
  }

  private pump(): void {
    this.prune();
    let grantedAny = false;
    for (;;) {
      const fromRetries = this.retryWaiters.length > 0;
      const next = fromRetries ? this.retryWaiters[0] : this.taskWaiters[0];
      if (!next) break;
      if (next.obsolete?.()) {
        this.taskWaiters.shift();
        next.dismiss?.();
        grantedAny = true;
        continue;
      }
      if (next.needsSlot && this.running >= this.concurrencyLimit) break;
      if (this.sends.length >= this.perMinuteLimit) {
        this.wakeWhenWindowFrees();
        break;
      }
      if (fromRetries) this.retryWaiters.shift();
      else this.taskWaiters.shift();
      const now = this.clock.now();
      const send: Send = { at: now + this.holdMs, done: false };
      this.place(send);
      this.lastMoveAt = now;
      if (next.needsSlot) this.running++;
      grantedAny = true;
      next.grant(this.slotFor(send));
    }
    if (grantedAny) this.changed();
  }

  private wakeWhenWindowFrees(): void {
    const at = this.sends[0].at + this.windowMs;
    if (this.wakeAt !== null && this.wakeAt <= at) return;
    this.wakeTimer?.abort();
    const timer = new AbortController();
    this.wakeTimer = timer;
    this.wakeAt = at;
    this.clock.sleep(Math.max(0, at - this.clock.now()), timer.signal).then(
      () => {
        if (this.wakeTimer !== timer) return;
        this.wakeTimer = null;
        this.wakeAt = null;
        this.pump();
      },
      () => undefined,
    );
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
