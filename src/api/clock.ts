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
