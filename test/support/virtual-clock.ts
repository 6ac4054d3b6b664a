/**
 * Simulated time for tests and benchmarks without real I/O (see VirtualClock).
 */
import { type Clock } from "../../src/lib/clock";

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new Error("aborted");

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

/**
 * Simulated time for tests: `now()` stands still until timers are due. `advance(ms)` moves it by hand; with
 * `autoAdvance`, whenever the program has nothing left to do but wait (no pending I/O or promise work for a few
 * event-loop turns), time jumps to the next timer. Only for code whose every wait goes through this clock
 * (fake fetch with simulated latency); real I/O would let time jump past it.
 */
export class VirtualClock implements Clock {
  private current: number;
  private timers: Timer[] = [];
  private seq = 0;
  private autoScheduled = false;
  private readonly auto: boolean;

  constructor(options: { start?: number; autoAdvance?: boolean } = {}) {
    this.current = options.start ?? Date.UTC(2025, 8, 15, 12, 0, 0);
    this.auto = options.autoAdvance ?? true;
  }

  now(): number {
    return this.current;
  }

  /** Timers still waiting. */
  pending(): number {
    return this.timers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortReason(signal));
      const timer: Timer = {
        at: this.current + Math.max(0, ms),
        seq: this.seq++,
        resolve: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(abortReason(signal!));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.timers.push(timer);
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      this.scheduleAuto();
    });
  }

  /** Moves time forward by `ms`, firing due timers in order and letting each one's continuation run first. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      await settle();
      const next = this.timers[0];
      if (!next || next.at > target) break;
      this.fireNext();
    }
    this.current = Math.max(this.current, target);
    await settle();
  }

  private fireNext(): void {
    const next = this.timers.shift();
    if (!next) return;
    this.current = Math.max(this.current, next.at);
    next.resolve();
  }

  private scheduleAuto(): void {
    if (!this.auto || this.autoScheduled) return;
    this.autoScheduled = true;
    void settle().then(() => {
      this.autoScheduled = false;
      if (this.timers.length === 0) return;
      this.fireNext();
      this.scheduleAuto();
    });
  }
}

/** Lets pending promise chains and immediate callbacks run (a few macrotask turns). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => nextTurn(resolve));
}

const nextTurn: (callback: () => void) => void =
  typeof setImmediate === "function" ? (callback) => setImmediate(callback) : (callback) => setTimeout(callback, 0);
