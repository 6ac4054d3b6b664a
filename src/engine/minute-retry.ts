/**
 * A send the service refused with ERROR_VISIT_MAX (./send.ts): a per-minute refusal is waited out and sent once more
 * when the minute allows it (every other send waits too); a spent month is final and stops the account; a wait
 * past the query's budget fails at once with the per-minute message (./minute-limit.ts tells them apart). Loaded
 * the first time a refusal comes: the functions bundle Excel loads at open does without it.
 */
import type { ApiError } from "../api/errors";
import type { Turn } from "../lib/batcher";
import { minuteLimitError, monthlyQuotaError } from "./errors";
import { isVisitMax, MINUTE_WAIT_MS, minuteWait } from "./minute-limit";
import { WINDOW_SAFETY_MS } from "./pacer";
import type { SendContext, SendParts } from "./send-context";
import type { OperationResult } from "../api/parse";

export interface RefusedSend extends SendParts {
  readonly ctx: SendContext;
  readonly turn: Turn;
  readonly signal: AbortSignal;
  /** Sends the request again. */
  readonly call: () => Promise<OperationResult>;
}

export async function waitOutMinute(send: RefusedSend, error: ApiError): Promise<OperationResult> {
  const { clock, totalTimeoutMs, pacer, requestClient, ctx, turn, signal, call } = send;
  const remaining = async () => (await requestClient(ctx.settings).client.visits({ signal })).remaining;
  const wait = await minuteWait(error, pacer, remaining);
  if (wait === "monthly") throw monthlyQuotaError(error);
  if (wait === "unknown") throw error;
  if (wait > Math.min(MINUTE_WAIT_MS, totalTimeoutMs + WINDOW_SAFETY_MS)) throw minuteLimitError(error);
  pacer.holdFor(wait);
  // The query's budget starts again after the wait.
  turn.grantedAt = clock.now() + wait;
  await clock.sleep(wait, signal);
  return call().catch((again: unknown) => {
    throw isVisitMax(again) ? minuteLimitError(again) : again;
  });
}
