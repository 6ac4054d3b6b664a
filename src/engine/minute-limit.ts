/**
 * ERROR_VISIT_MAX means either "too many calls this minute" or "the plan's monthly quota is used up"; the service
 * does not say which. A per-minute refusal is waited out and retried; only a monthly one is final (and stops the
 * account, see ./account-gate). Told apart by Retry-After, the pacing history (persisted, so it survives a
 * restart of Excel while the service's minute goes on), and, failing those, the calls left per `/v1/visits`.
 */
import { coalesced } from "../lib/coalesce";
import { ApiError, isMadError } from "../api/errors";
import { RATE_WINDOW_MS, WINDOW_SAFETY_MS, type Pacer } from "./pacer";
import type { KeyValueStore } from "./key-value-store";

/** The runtime-storage key of the pacing history (send times of the last minute; no secret, no account). */
export const PACING_KEY = "mad.pacing";

/**
 * Long enough for the service's minute to pass. A query waits only if the wait fits in its budget plus the
 * pacing margin (the default 60-second budget does); a longer one fails at once with the per-minute message.
 */
export const MINUTE_WAIT_MS = RATE_WINDOW_MS + WINDOW_SAFETY_MS;

export function isVisitMax(error: unknown): error is ApiError {
  return isMadError(error) && error.kind === "visitMax" && error instanceof ApiError;
}

/**
 * How long to wait before retrying a per-minute refusal; "monthly" when `/v1/visits` says no calls are left;
 * "unknown" when nothing tells the two apart (the refusal then stands as the service worded it).
 * `remaining` asks `/v1/visits` for the calls left this month (null when it cannot tell).
 */
export async function minuteWait(
  error: ApiError,
  pacer: Pacer,
  remaining: () => Promise<number | null>,
): Promise<number | "monthly" | "unknown"> {
  if (error.retryAfterMs !== undefined) return error.retryAfterMs;
  if (pacer.isFull()) return MINUTE_WAIT_MS;
  const left = await remaining().catch(() => null);
  return left === null ? "unknown" : left > 0 ? MINUTE_WAIT_MS : "monthly";
}

/** Restores the pacing history an earlier run saved; unreadable history is ignored. */
export async function restorePacing(store: KeyValueStore, pacer: Pacer): Promise<void> {
  try {
    const saved: unknown = JSON.parse((await store.getItem(PACING_KEY)) ?? "[]");
    if (Array.isArray(saved)) pacer.restore(saved.filter((t): t is number => typeof t === "number"));
  } catch {
    // no usable history: pacing starts afresh, as before
  }
}

/** Saves the pacing history after a burst of sends (one write per burst). */
export function pacingSaver(store: KeyValueStore, pacer: Pacer): () => void {
  return coalesced(() => void store.setItem(PACING_KEY, JSON.stringify(pacer.history())).catch(() => undefined));
}
