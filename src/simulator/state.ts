/**
 * What the simulator's parts share (./handler.ts builds it once): the options, the clock, the key's limits, the
 * fault queue, the requests held by a stall, the stop signal, the counts, and the control endpoint's token.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Relay } from "../server/relay";
import type { FaultQueue } from "./faults";
import type { MonthlyQuota, RateLimiter } from "./limits";

export interface SimulatorStats {
  /** Requests received under /v1 (including faulted and rejected ones). */
  total: number;
  /** Requests per MCP code; `visits` for GET /v1/visits, `unknown` for other paths. */
  byOperation: Record<string, number>;
  /** Responses per result: OK, an ERROR_* code, HTTP_<status>, stall, malformed, reset, proxied_<status>. */
  byResult: Record<string, number>;
  faultsApplied: number;
}

export interface SimulatorState {
  readonly now: () => number;
  /** The secret-key the simulator accepts. */
  readonly secret: string;
  readonly rateLimitPerMinute: number | undefined;
  readonly limiter: RateLimiter;
  readonly quota: MonthlyQuota;
  readonly faults: FaultQueue;
  /** Requests a stall fault holds unanswered until the simulator stops. */
  readonly stalled: Set<ServerResponse>;
  readonly closing: AbortController;
  readonly controlToken: string;
  /** Forwarding mode's relay (to the upstream); undefined when simulating. */
  readonly relay: Relay | undefined;
  /** Replaced whole when reset. */
  stats: SimulatorStats;
}

export const emptyStats = (): SimulatorStats => ({ total: 0, byOperation: {}, byResult: {}, faultsApplied: 0 });
export const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

/** Counts a request's result and returns it (for the log line). */
export function finish(state: SimulatorState, result: string): string {
  bump(state.stats.byResult, result);
  return result;
}

/** Rate limits and quotas are kept per key without keeping the key itself. */
export const keyId = (secret: string) => createHash("sha256").update(secret).digest("hex").slice(0, 16);

export function secretMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
