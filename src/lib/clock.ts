/**
 * Time as the client (and the engine above it) sees it. Every time budget, backoff wait and timer reads one injected
 * Clock, so tests and the benchmark can drive retries, timeouts and minutes of pacing without real waiting.
 */
import { sleep } from "./timeout";

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Real time: Date.now and an abortable setTimeout sleep. */
export const systemClock: Clock = { now: () => Date.now(), sleep };

/**
 * A timer on `clock`: its signal aborts with `reason` after `ms`; `clear` cancels it. Built on the clock's own
 * sleep (clearing aborts that sleep), so a simulated clock fires its timers in simulated time too.
 */
export function clockTimer(clock: Clock, ms: number, reason: unknown): { signal: AbortSignal; clear: () => void } {
  const fired = new AbortController();
  const cancelled = new AbortController();
  clock.sleep(Math.max(0, ms), cancelled.signal).then(
    () => fired.abort(reason),
    () => undefined,
  );
  return { signal: fired.signal, clear: () => cancelled.abort(CLEARED) };
}

/** A timer that fires later than this share of its wait says the process was starved, not that I/O was slow. */
const LATE_SHARE = 0.1;
/** However starved the process, a budget ends once this many budgets have passed. */
const MOST_BUDGETS = 10;

/** One turn for I/O that has arrived to be read: after the poll phase in Node, a later task in a browser. */
const afterIo = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));

/**
 * A time budget on I/O (an HTTP attempt, a whole call), on `clock`, which a busy machine cannot trip. When the process
 * is starved of CPU its timer fires late, and first: in the turn of the event loop that would have read the answer
 * that arrived meanwhile. Here the budget ends only once what arrived has been read (one I/O turn after the timer),
 * and a timer that fired late (the process could not listen) gives the wait its budget again, up to ten budgets in
 * all, so that every wait still ends. As the team relay's Redis steps do (src/server/team/listening-bound.ts).
 */
export function budgetTimer(clock: Clock, ms: number, reason: unknown): { signal: AbortSignal; clear: () => void } {
  const fired = new AbortController();
  const cancelled = new AbortController();
  const started = clock.now();
  const arm = () => {
    const due = clock.now() + Math.max(0, ms);
    clock.sleep(Math.max(0, ms), cancelled.signal).then(
      async () => {
        const starved = clock.now() - due > ms * LATE_SHARE;
        await afterIo();
        if (cancelled.signal.aborted) return;
        if (starved && clock.now() - started < ms * MOST_BUDGETS) arm();
        else fired.abort(reason);
      },
      () => undefined,
    );
  };
  arm();
  return { signal: fired.signal, clear: () => cancelled.abort(CLEARED) };
}

/**
 * The reason a cleared timer's wait ends with. Aborting without one makes a DOMException (a stack trace captured),
 * and every attempt clears its timers: a paged read of 20 pages made 40 of them for nothing.
 */
export const CLEARED: unknown = Object.freeze({ cleared: true });

/** Real time that reads `start` now and runs on from there (a fixed calendar for the date rules, real waits). */
export function clockFrom(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => Date.now() + offset, sleep };
}
