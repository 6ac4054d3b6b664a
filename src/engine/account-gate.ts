/**
 * Stops a recalculation storm from spending requests on a refused account. Until an account (base URL + secret)
 * has had an answer, its first request goes alone, as a probe, and the others wait for it; once the service
 * refuses the account itself (a wrong, expired or disabled secret, a plan whose monthly quota is used up; not
 * ERROR_UNAUTHORIZED, which refuses one operation the plan does not include while others still work) every other request of that account fails at once with the same error and sends nothing,
 * until the settings change or a connection test succeeds (`reset`/`accepted`).
 */
import { AbortError, isMadError, type MadError } from "../api/errors";

/** The refusals that concern the whole account, not one request. */
function isAccountRefusal(error: unknown): error is MadError {
  if (!isMadError(error)) return false;
  switch (error.kind) {
    case "secretKey":
    case "secretKeyOverdue":
    case "secretKeyInvalid":
      return true;
    case "visitMax":
      // Set by the engine once the refusal is known to be the monthly quota, not the per-minute limit.
      return (error as { monthly?: unknown }).monthly === true;
    default:
      return false;
  }
}

interface AccountState {
  /** The service has answered this account at least once with something other than a refusal. */
  confirmed: boolean;
  refusal: MadError | null;
  /** The request probing an unconfirmed account; the others wait for it to settle. */
  probe: Promise<void> | null;
}

export class AccountGate {
  private readonly accounts = new Map<string, AccountState>();

  private state(account: string): AccountState {
    let state = this.accounts.get(account);
    if (!state) {
      state = { confirmed: false, refusal: null, probe: null };
      this.accounts.set(account, state);
    }
    return state;
  }

  /** The refusal that stops this account's requests, if any. */
  refusal(account: string): MadError | null {
    return this.accounts.get(account)?.refusal ?? null;
  }

  /**
   * Runs `send` for the account: throws the account's refusal without sending, waits for a probe in flight, or
   * becomes the probe. A refusal `send` throws closes the gate for everyone else.
   */
  async pass<T>(account: string, signal: AbortSignal, send: () => Promise<T>): Promise<T> {
    const state = this.state(account);
    for (;;) {
      if (state.refusal) throw state.refusal;
      if (state.confirmed || !state.probe) break;
      await waitOrAbort(state.probe, signal);
    }
    let release: () => void = () => undefined;
    if (!state.confirmed) state.probe = new Promise<void>((resolve) => (release = resolve));
    try {
      const result = await send();
      state.confirmed = true;
      return result;
    } catch (error) {
      if (isAccountRefusal(error)) state.refusal = error;
      // Any other answer from the service also shows the account is accepted.
      else if (isMadError(error) && (error as { status?: unknown }).status !== undefined) state.confirmed = true;
      throw error;
    } finally {
      if (state.probe) {
        state.probe = null;
        release();
      }
    }
  }

  /** Records a refusal as soon as it is known (before the pacer hands the freed slot to the next request). */
  noteFailure(account: string, error: unknown): void {
    if (isAccountRefusal(error)) this.state(account).refusal = error;
  }

  /** Settings changed: every account starts over. */
  reset(): void {
    this.accounts.clear();
  }

  /** A connection test succeeded for this account. */
  accepted(account: string): void {
    this.accounts.set(account, { confirmed: true, refusal: null, probe: null });
  }
}

function waitOrAbort(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason ?? new AbortError());
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new AbortError());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}
