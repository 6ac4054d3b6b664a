/**
 * Time as the engine sees it. Pacing, TTLs and the total timeout all read an injected Clock, so tests and the
 * benchmark can run minutes of quota pacing without sleeping.
 */

import { sleep } from "../api/timeout";

export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error("aborted");
}

/** Real time: Date.now and the client's abortable setTimeout sleep. */
export const systemClock: Clock = { now: () => Date.now(), sleep };
