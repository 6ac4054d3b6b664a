/**
 * A client per request: settings changes apply to the next request, and its attempts are metered and paced as its
 * own. The first attempt sends on the slot pacer.run granted; each retry takes a new slot in the client's
 * beforeRetry hook (after the backoff wait, before the attempt; the caller's hooks run first). An attempt without a
 * slot is still recorded in the window. Each attempt's slot is told when its exchange ended (the fetch settled:
 * answered, failed or aborted), so its minute counts from then (./pacer.ts).
 */
import { createClient, VISITS_OPERATION } from "../api/client";
import type { Clock } from "../lib/clock";
import type { BeforeRetryHook } from "../api/retry";
import type { Pacer, SendSlot } from "./pacer";
import type { EngineOptions } from "./types";
import type { UsageMeter } from "./usage-meter";

interface SlotState {
  attempts: number;
  /** The slot the first attempt sends on (set by whoever ran it through the pacer). */
  firstSlot: SendSlot | null;
  retrySlot: SendSlot | null;
  /** The slot of the attempt about to call fetch (taken by the fetch it sends). */
  sending: SendSlot | null;
}

export type RequestClient = (settings: { baseUrl: string; secret: string }) => {
  client: ReturnType<typeof createClient>;
  state: SlotState;
};

export function meteredClients(
  options: Pick<EngineOptions, "client" | "fetch">,
  clock: Clock,
  pacer: Pacer,
  meter: UsageMeter,
  savePacing: () => void,
): RequestClient {
  return (settings) => {
    const state: SlotState = { attempts: 0, firstSlot: null, retrySlot: null, sending: null };
    const inner: typeof fetch =
      options.fetch ?? options.client?.fetch ?? ((input, init) => globalThis.fetch(input, init));
    /** The exchange of one attempt: its slot's minute starts when it ends (whatever its outcome). */
    const pacedFetch: typeof fetch = async (input, init) => {
      const slot = state.sending;
      state.sending = null;
      try {
        return await inner(input, init);
      } finally {
        if (slot) {
          slot.ended();
          savePacing();
        }
      }
    };
    const takeRetrySlot: BeforeRetryHook = async ({ signal }) =>
      void (state.retrySlot = await pacer.acquireRetrySlot(signal));
    const client = createClient({
      ...options.client,
      baseUrl: settings.baseUrl,
      secret: settings.secret,
      fetch: pacedFetch,
      clock,
      hooks: { beforeRetry: [...(options.client?.hooks?.beforeRetry ?? []), takeRetrySlot] },
      onAttempt: (info) => {
        state.attempts++;
        // An attempt that never reached fetch (it failed before sending) has ended.
        state.sending?.ended();
        const slot = (info.attempt === 1 ? state.firstSlot : state.retrySlot) ?? pacer.recordUnplannedSend();
        slot.markSent();
        state.sending = slot;
        if (info.attempt === 1) state.firstSlot = null;
        else state.retrySlot = null;
        options.client?.onAttempt?.(info);
        savePacing();
        meter.changed();
      },
      onAnswer: (info) => {
        // Only calls the service answered are counted: one that failed on the network or timed out never reached it.
        // The /v1/visits read is free: it is not a call spent, and it sets calls left itself.
        const { counters } = meter;
        if (info.operation !== VISITS_OPERATION) {
          counters.callsThisSession++;
          // Counted down as answers come, so calls left stays current between reads of /v1/visits. Not through a
          // team relay (its answer names the team's calls): the team's shared cache may answer for nothing, which
          // only the relay knows, so its calls left are the relay's own, read again after spending (CallsMeter).
          if (counters.remainingThisMonth !== null && counters.teamThisMonth === null)
            counters.remainingThisMonth = Math.max(0, counters.remainingThisMonth - 1);
        }
        options.client?.onAnswer?.(info);
        meter.changed();
      },
    });
    return { client, state };
  };
}
