/**
 * The total timeout of a query. Every query settles: a request that never answers, or a queue that stopped
 * moving, ends in TimeoutError (scope "total"). Waiting for a pacing turn behind a recalculation storm is not a
 * stall, though: while a query's request waits in a queue that keeps moving, its clock restarts, and after its
 * last turn it still gets the full budget. So a storm of 120 distinct queries at 40 a minute completes in two
 * minutes instead of failing its last 80 cells at the 60-second mark.
 */
import { AbortError, TimeoutError } from "../api/errors";
import { raceAbort } from "../lib/timeout";
import type { Turn } from "../lib/batcher";
import { CLEARED, type Clock } from "../lib/clock";
import { RATE_WINDOW_MS, type Pacer } from "./pacer";

/** The turns a query waits for, to tell a fair wait in the queue from a stall. */
export interface TurnTracker {
  waiting: Set<Turn>;
  lastGrantAt: number | null;
}

export const newTracker = (): TurnTracker => ({ waiting: new Set(), lastGrantAt: null });

export interface DeadlineOptions {
  clock: Clock;
  pacer: Pacer;
  totalTimeoutMs: number;
}

/**
 * Runs `work` with a signal that aborts with TimeoutError when the budget is spent (see above) or with
 * AbortError when `callerSignal` aborts; the returned promise rejects at that moment, whatever `work` does.
 */
export async function withDeadline<T>(
  options: DeadlineOptions,
  tracker: TurnTracker,
  callerSignal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const { clock, pacer, totalTimeoutMs } = options;
  if (callerSignal?.aborted) throw new AbortError();
  const started = clock.now();
  const controller = new AbortController();
  const stopTimer = new AbortController();
  const extension = (): number | null => {
    let last = tracker.lastGrantAt;
    let waiting = false;
    for (const turn of tracker.waiting) {
      if (turn.grantedAt === null) waiting = true;
      else last = Math.max(last ?? turn.grantedAt, turn.grantedAt);
    }
    if (waiting && pacer.movedWithin(totalTimeoutMs + RATE_WINDOW_MS)) return totalTimeoutMs;
    const left = last === null ? 0 : last + totalTimeoutMs - clock.now();
    return left > 0 ? left : null;
  };
  const arm = (ms: number) =>
    clock.sleep(ms, stopTimer.signal).then(
      () => {
        const more = extension();
        if (more !== null) arm(more);
        else controller.abort(new TimeoutError("total", clock.now() - started));
      },
      () => undefined,
    );
  arm(totalTimeoutMs);
  const onCallerAbort = () => controller.abort(new AbortError());
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  try {
    return await raceAbort(work(controller.signal), controller.signal);
  } finally {
    stopTimer.abort(CLEARED);
    callerSignal?.removeEventListener("abort", onCallerAbort);
  }
}

/** Waits for a request's promise while its turn counts in the tracker. */
export async function awaitTurn<T>(tracker: TurnTracker, turn: Turn | undefined, promise: Promise<T>): Promise<T> {
  if (!turn) return promise;
  tracker.waiting.add(turn);
  try {
    return await promise;
  } finally {
    tracker.waiting.delete(turn);
    if (turn.grantedAt !== null) tracker.lastGrantAt = Math.max(tracker.lastGrantAt ?? turn.grantedAt, turn.grantedAt);
  }
}
