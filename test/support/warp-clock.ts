/**
 * For simulations (benchmarks and pacing tests), not for production: a clock that runs at real speed while requests are in flight and jumps over waits when nothing else is
 * happening. The pacing scenario needs minutes of simulated time (120 calls at 40 a minute) without sleeping them:
 * the engine's pacer sleeps on this clock, the simulator's rate limiter reads the same `now`, and every HTTP
 * exchange goes through `fetch` below so the clock knows when the system is only waiting.
 *
 * now() = real time + the total of all jumps, so the simulator's latency counts as it would in real life.
 */
import type { Clock } from "../../src/lib/clock";

interface Sleeper {
  readonly at: number;
  readonly resolve: () => void;
}

export class WarpClock implements Clock {
  private offset = 0;
  private inFlight = 0;
  private sleepers: Sleeper[] = [];
  private ticker: ReturnType<typeof setInterval> | undefined;
  /** Total simulated time skipped, for the report. */
  jumpedMs = 0;

  now(): number {
    return Date.now() + this.offset;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error("aborted"));
    if (!(ms > 0)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = { at: this.now() + ms, resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener(
        "abort",
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper);
          reject(signal.reason ?? new Error("aborted"));
        },
        { once: true },
      );
      this.start();
    });
  }

  /** A fetch that marks the clock busy until the whole body has arrived (so no jump happens mid-request). */
  wrapFetch(inner: typeof fetch): typeof fetch {
    return async (input, init) => {
      this.inFlight++;
      try {
        const response = await inner(input, init);
        const body = await response.arrayBuffer();
        return new Response(body, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      } finally {
        this.inFlight--;
      }
    };
  }

  stop(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private start(): void {
    if (!this.ticker) this.ticker = setInterval(() => this.tick(), 1);
  }

  /**
   * Wakes sleepers that are due; when none is due and no request is in flight, the system can only be waiting,
   * so time jumps to the earliest sleeper. Ticks run as macrotasks, after the microtasks a wake-up started.
   */
  private tick(): void {
    if (this.sleepers.length === 0) return this.stop();
    let due = this.sleepers.filter((s) => s.at <= this.now());
    if (due.length === 0 && this.inFlight === 0) {
      const earliest = Math.min(...this.sleepers.map((s) => s.at));
      const jump = earliest - this.now();
      this.offset += jump;
      this.jumpedMs += jump;
      due = this.sleepers.filter((s) => s.at <= this.now());
    }
    this.sleepers = this.sleepers.filter((s) => !due.includes(s));
    for (const s of due) s.resolve();
  }
}
