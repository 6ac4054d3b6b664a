/**
 * A stand-in for Excel's CustomFunctions runtime: records associate() calls, provides CustomFunctions.Error and
 * ErrorCode, and invokes a registered function the way Excel does (arguments, then an invocation object with
 * address, isInValuePreview and an onCanceled slot the function may fill).
 */

export class ShimCellError {
  constructor(
    readonly code: string,
    readonly message?: string,
  ) {}
}

const SHIM_ERROR_CODES = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

type AnyFunction = (...args: never[]) => unknown;

export interface InvokeOptions {
  address?: string;
  preview?: boolean;
  /** Where each argument is, for functions with @requiresParameterAddresses (`Sheet1!D5:H20`). */
  parameterAddresses?: string[];
}

interface Invocation {
  functionName: string;
  address?: string;
  parameterAddresses?: string[];
  isInValuePreview: boolean;
  onCanceled?: () => void;
}

export interface RunningCall {
  /** Settles with the cells, or with the ShimCellError the function threw. */
  readonly outcome: Promise<{ value?: unknown[][]; error?: ShimCellError }>;
  /** What Excel does when the user edits the cell away or recalculation is interrupted. */
  cancel(): void;
}

export interface CustomFunctionsShim {
  readonly associations: Map<string, AnyFunction>;
  invoke(id: string, args: readonly unknown[], options?: InvokeOptions): RunningCall;
  uninstall(): void;
}

export function installCustomFunctionsShim(): CustomFunctionsShim {
  const associations = new Map<string, AnyFunction>();
  const runtime = {
    associate(idOrMap: string | Record<string, AnyFunction>, fn?: AnyFunction) {
      if (typeof idOrMap === "string") associations.set(idOrMap.toUpperCase(), fn!);
      else for (const [id, f] of Object.entries(idOrMap)) associations.set(id.toUpperCase(), f);
    },
    Error: ShimCellError,
    ErrorCode: SHIM_ERROR_CODES,
  };
  (globalThis as { CustomFunctions?: unknown }).CustomFunctions = runtime;

  return {
    associations,
    invoke(id, args, options = {}) {
      const fn = associations.get(id.toUpperCase());
      if (!fn) throw new Error(`no function associated with ${id}`);
      const invocation: Invocation = {
        functionName: id,
        address: options.address,
        isInValuePreview: options.preview === true,
        ...(options.parameterAddresses ? { parameterAddresses: options.parameterAddresses } : {}),
      };
      const outcome = Promise.resolve()
        .then(() => (fn as (...a: unknown[]) => unknown)(...args, invocation))
        .then(
          (value) => ({ value: value as unknown[][] }),
          (error: unknown) => {
            if (error instanceof ShimCellError) return { error };
            throw error; // anything else would be a bug: Excel shows #VALUE! without a message
          },
        );
      return { outcome, cancel: () => invocation.onCanceled?.() };
    },
    uninstall() {
      delete (globalThis as { CustomFunctions?: unknown }).CustomFunctions;
    },
  };
}
