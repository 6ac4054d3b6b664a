/**
 * Work repeated on a clock until told to stop: a periodic tick (the relay's scheduler and alert runner) and the
 * renewal of a lease while the work it guards goes on (an alert's run, a shared call). A failed step is said (a log
 * line) and tried again at the next turn: a failure never ends the repetition.
 */
import type { Clock } from "./clock";

/** Runs `tick` now and then every `everyMs` after the last one ended, from `start` until `stop`. */
export abstract class PeriodicTask {
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;

  protected constructor(
    private readonly tickClock: Clock,
    private readonly everyMs: number,
  ) {}

  abstract tick(): Promise<void>;

  /** Says why a tick failed (the store down); the next tick tries again. */
  protected abstract tickFailed(error: unknown): void;

  start(): void {
    this.running ??= this.repeat();
  }

  /** Resolves once the tick under way (if any) has ended. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  private async repeat(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      await this.tick().catch((error: unknown) => this.tickFailed(error));
      // The sleep ends early only when stopping: nothing failed.
      await this.tickClock.sleep(this.everyMs, this.stopping.signal).catch(() => undefined);
    }
  }
}

/**
 * Calls `renew` every third of `leaseMs` until `done` aborts, so the lease never lapses while its holder lives; a
 * renewal the store misses is tried again at the next turn, before the lease could lapse.
 */
export async function renewLeaseUntil(
  clock: Clock,
  leaseMs: number,
  done: AbortSignal,
  renew: () => Promise<unknown>,
  failed: (error: unknown) => void,
): Promise<void> {
  for (;;) {
    try {
      await clock.sleep(leaseMs / 3, done);
    } catch {
      return; // the work ended
    }
    await renew().catch(failed);
  }
}
