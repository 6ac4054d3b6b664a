/**
 * What the engine tells the faces about its use: calls spent this session, cache hits, joined requests, calls left
 * this month, and the pacer's queue. Listeners hear about a burst of changes once, after it.
 */
import type { TeamCalls } from "../api/visits";
import type { Pacer } from "./pacer";
import type { UsageSnapshot } from "./types";

export interface UsageMeter {
  /** Counted by the engine as it works; calls left as the last read of /v1/visits said, counted down since. */
  readonly counters: {
    callsThisSession: number;
    cacheHits: number;
    deduped: number;
    remainingThisMonth: number | null;
    quotaThisMonth: number | null;
    teamThisMonth: TeamCalls | null;
  };
  usage(): UsageSnapshot;
  /** Something changed: listeners hear of it once the current burst of work is done. */
  changed(): void;
  onUsage(listener: (usage: UsageSnapshot) => void): () => void;
}

export function usageMeter(pacer: Pacer): UsageMeter {
  const counters: UsageMeter["counters"] = {
    callsThisSession: 0,
    cacheHits: 0,
    deduped: 0,
    remainingThisMonth: null,
    quotaThisMonth: null,
    teamThisMonth: null,
  };
  const listeners = new Set<(usage: UsageSnapshot) => void>();
  let emitScheduled = false;
  const usage = (): UsageSnapshot => {
    const { queued, running } = pacer.stats();
    return { ...counters, queued, inFlight: running };
  };
  const changed = () => {
    if (emitScheduled || listeners.size === 0) return;
    emitScheduled = true;
    queueMicrotask(() => {
      emitScheduled = false;
      const snapshot = usage();
      for (const listener of listeners) {
        try {
          listener(snapshot);
        } catch {
          // a failing display must not fail a query
        }
      }
    });
  };
  pacer.onChange(changed);
  return {
    counters,
    usage,
    changed,
    onUsage(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
