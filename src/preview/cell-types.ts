/** Values shared by the preview's evaluator, function runtime and grid. */
import { t } from "../i18n/preview";
import type { Scalar } from "./formula";
import type { EntityValue } from "./entity-value";

export type { EntityProperty, EntityValue } from "./entity-value";

/** An Excel error value with the message shown on hover and in the status line. */
export interface CellError {
  /** `#VALUE!`, `#N/A`, `#SPILL!`, `#BUSY!`, `#NAME?`, ... */
  readonly code: string;
  readonly message: string;
}

/** One cell of a function's result. */
export interface ResultCell {
  readonly value: Scalar;
  readonly error?: CellError;
  /** A number format the function attached (a formatted-number entity). */
  readonly format?: string;
  /** The data type the cell holds (its value is the entity's text). */
  readonly entity?: EntityValue;
}

export type FunctionOutcome =
  | { readonly kind: "rows"; readonly rows: readonly (readonly ResultCell[])[] }
  | { readonly kind: "error"; readonly error: CellError };

/**
 * One cell of an argument: a value, a blank `null`, or the data type a cell holds (Excel passes its JSON to a
 * parameter of type `any` where functions.json sets allowCustomDataForDataTypeAny:
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts).
 */
export type ArgumentCell = Scalar | null | EntityValue;

/** A function argument as the evaluator passes it: a cell, or a range's 2D cells. */
export type ArgumentValue = ArgumentCell | ArgumentCell[][];

export interface PendingCall {
  readonly outcome: Promise<FunctionOutcome>;
  /** Tells the function its call was canceled (invocation.onCanceled), as Excel does when a formula changes. */
  cancel(): void;
}

/** What the evaluator needs from the custom functions runtime. */
export interface FunctionInvoker {
  isRegistered(name: string): boolean;
  /** `parameterAddresses`: each argument's sheet-qualified address (null for a value typed in the formula). */
  invoke(
    name: string,
    args: readonly ArgumentValue[],
    address: string,
    parameterAddresses?: readonly (string | null)[],
  ): PendingCall;
}

/** A cell waiting for its formula (its message read in the active language each time it is shown). */
export const BUSY: CellError = {
  code: "#BUSY!",
  get message() {
    return t("cell.busy");
  },
};
