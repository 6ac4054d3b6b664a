/**
 * MAD functions answered by the test, for unit tests without the built functions bundle: each call waits (its cell
 * shows #BUSY!) until the test answers it with rows or an error, as a slow service would; `auto` answers a
 * function at once.
 */
import type { ArgumentValue, FunctionInvoker, FunctionOutcome, PendingCall } from "../../../src/preview/cell-types";
import { toOutcome } from "../../../src/preview/function-runtime";

export interface ManualCall {
  readonly name: string;
  readonly args: readonly ArgumentValue[];
  /** `'Sheet name'!D39`, as Excel's invocation carries it. */
  readonly address: string;
  cancelled: boolean;
  answered: boolean;
  answer(rows: unknown): void;
  fail(code: string, message: string): void;
}

export class ManualFunctions implements FunctionInvoker {
  readonly calls: ManualCall[] = [];
  /** Function name (`MAD.BRANDCONCENTRATION`) -> its rows for these arguments, answered at once. */
  readonly auto = new Map<string, (args: readonly ArgumentValue[]) => unknown>();

  isRegistered(name: string): boolean {
    return name.toUpperCase().startsWith("MAD.");
  }

  invoke(name: string, args: readonly ArgumentValue[], address: string): PendingCall {
    let settle: (outcome: FunctionOutcome) => void = () => undefined;
    const outcome = new Promise<FunctionOutcome>((resolve) => (settle = resolve));
    const call: ManualCall = {
      name: name.toUpperCase(),
      args,
      address,
      cancelled: false,
      answered: false,
      answer: (rows) => {
        call.answered = true;
        settle(toOutcome(rows));
      },
      fail: (code, message) => {
        call.answered = true;
        settle({ kind: "error", error: { code, message } });
      },
    };
    this.calls.push(call);
    const auto = this.auto.get(call.name);
    if (auto) call.answer(auto(args));
    return { outcome, cancel: () => (call.cancelled = true) };
  }

  /** Calls still waiting for an answer (the latest of each cell). */
  pending(): ManualCall[] {
    const latest = new Map<string, ManualCall>();
    for (const call of this.calls) latest.set(call.address, call);
    return [...latest.values()].filter((call) => !call.answered && !call.cancelled);
  }

  /** The latest call of a cell (`D39` or `'Sheet'!D39`). */
  at(address: string): ManualCall {
    const found = [...this.calls].reverse().find((c) => c.address === address || c.address.endsWith(`!${address}`));
    if (!found) throw new Error(`no call from ${address}; calls: ${this.calls.map((c) => c.address).join(", ")}`);
    return found;
  }
}
