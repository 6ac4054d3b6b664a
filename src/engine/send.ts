/**
 * One call of the service, as every request of the engine makes it (a page, a batch of keys): through the account
 * gate (a refused account sends nothing more, ./account-gate), on a pacing slot (./pacer), with a metered client of
 * its own (./metered-client). A per-minute refusal (ERROR_VISIT_MAX) is waited out and sent again when the minute
 * allows it; a spent month stops every other request of the account. What the caller keeps of the answer (a cached
 * page, each key's record) is made inside the slot, before the next request is granted it.
 */
import type { OperationResult } from "../api/parse";
import type { Turn } from "../lib/batcher";
import { isVisitMax } from "./minute-limit";
import type { SendContext, SendParts } from "./send-context";

export type { SendContext, SendParts } from "./send-context";

/** Past the end of the data, a waiting request is dismissed with this value instead of being sent (./pages). */
interface Dismissal<T> {
  when: () => boolean;
  value: () => T;
}

/** Sends `params` once; `keep` makes the caller's value of the answer and the HTTP attempts it took. */
export type Sender = <T>(
  ctx: SendContext,
  params: Record<string, unknown>,
  signal: AbortSignal,
  turn: Turn,
  keep: (result: OperationResult, attempts: number) => T,
  dismissal?: Dismissal<T>,
) => Promise<T>;

export function sender(parts: SendParts): Sender {
  const { clock, pacer, gate, requestClient } = parts;
  return (ctx, params, signal, turn, keep, dismissal) => {
    const { client, state } = requestClient(ctx.settings);
    const call = () => client.call(ctx.code, params, { signal });
    /** A per-minute refusal is waited out (./minute-retry.ts, loaded the first time one comes); any other stands. */
    const afterMinute = async (error: unknown) => {
      if (!isVisitMax(error)) throw error;
      const retry = await import(/* webpackChunkName: "engine-on-demand" */ "./minute-retry");
      return retry.waitOutMinute({ ...parts, ctx, turn, signal, call }, error);
    };
    return gate.pass(ctx.account, signal, () =>
      pacer.run<ReturnType<typeof keep>>(
        async (sendSlot) => {
          // The account may have been refused while this request waited for its slot.
          const refused = gate.refusal(ctx.account);
          if (refused) throw refused;
          state.firstSlot = sendSlot;
          turn.grantedAt = clock.now();
          const result = await call()
            .catch(afterMinute)
            .catch((error: unknown) => {
              gate.noteFailure(ctx.account, error);
              throw error;
            });
          return keep(result, state.attempts);
        },
        signal,
        dismissal,
      ),
    );
  };
}
