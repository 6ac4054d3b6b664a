/**
 * The one place that builds CustomFunctions.Error objects. In Excel the runtime provides the class; in Node tests a
 * shim installed on globalThis.CustomFunctions stands in, so no test needs Excel.
 */

export type CellErrorCode = "#VALUE!" | "#N/A";

/** What a custom function throws to show an error with a message in its cell. */
export interface CellError {
  readonly code: string;
  readonly message?: string;
}

interface CustomFunctionsLike {
  Error: new (code: string, message?: string) => CellError;
  ErrorCode: { invalidValue: string; notAvailable: string };
}

function runtime(): CustomFunctionsLike | undefined {
  const cf = (globalThis as { CustomFunctions?: Partial<CustomFunctionsLike> }).CustomFunctions;
  return cf?.Error && cf.ErrorCode ? (cf as CustomFunctionsLike) : undefined;
}

export function makeCellError(code: CellErrorCode, message: string): CellError {
  const cf = runtime();
  if (cf) {
    const errorCode = code === "#VALUE!" ? cf.ErrorCode.invalidValue : cf.ErrorCode.notAvailable;
    return new cf.Error(errorCode, message);
  }
  // Outside Excel and without a shim: a plain Error that still carries the code.
  return Object.assign(new Error(message), { code });
}
