/** A formula's arguments read as the runner reads them (market US unless given), and the error they give. */
import { operation, type OperationCode } from "../../../src/api/catalog";
import { ValidationError } from "../../../src/api/errors";
import { parseFormulaArgs, type FormulaArgs } from "../../../src/formula/arguments";

export const parse = (code: OperationCode, args: Partial<FormulaArgs>) =>
  parseFormulaArgs(operation(code), { market: "US", positional: [], ...args });

/** The ValidationError the arguments give; fails the test when they give none. */
export function failure(code: OperationCode, args: Partial<FormulaArgs>): ValidationError {
  try {
    parse(code, args);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error("expected a ValidationError");
}
