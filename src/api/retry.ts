/**
 * Retry policy: which failures are worth another attempt, and how long to wait before it. Capped exponential
 * backoff with full jitter (a random wait between 0 and the cap) spreads the retries of many cells recalculating
 * at once; a Retry-After the service sends wins over the computed wait.
 */
import type { MadError } from "./errors";

export interface BackoffOptions {
  readonly baseMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 8_000 };

/** The wait before retry number `retry` (1 = the first retry): uniform in [0, min(maxMs, baseMs * 2^(retry-1))). */
export function backoffDelay(retry: number, backoff: BackoffOptions, random: () => number): number {
  const cap = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * cap);
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** The Retry-After the service asked for, if any. */
export function requestedDelay(error: MadError): number | undefined {
  const ms = (error as { retryAfterMs?: unknown }).retryAfterMs;
  return typeof ms === "number" && ms >= 0 ? ms : undefined;
}

/** What a beforeRetry hook is told about the retry about to be sent. */
export interface BeforeRetryContext {
  readonly operation: string;
  /** The request id of the attempt that failed. */
  readonly requestId: string;
  /** The attempt about to be made: 2 for the first retry. */
  readonly attempt: number;
  /** The failure being retried. */
  readonly error: MadError;
  /** The wait before this retry (the service's Retry-After or the backoff), already waited, in ms. */
  readonly delay: number;
  /** Aborts when the caller cancels or the call's time runs out; a hook that waits must end then. */
  readonly signal: AbortSignal;
}

/** Returned by a beforeRetry hook: send no retry; the call fails with the failure it would have retried (ky's stop). */
export const STOP_RETRY: unique symbol = Symbol("stop retry");

/** Called in order before each retry; one that throws fails the call, one that waits delays the retry. */
export type BeforeRetryHook = (
  context: BeforeRetryContext,
) => void | typeof STOP_RETRY | Promise<void | typeof STOP_RETRY>;

export interface ClientHooks {
  readonly beforeRetry?: readonly BeforeRetryHook[];
}
