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
