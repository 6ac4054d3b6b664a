/**
 * What a preview formula reads from the cells it references: the arguments of a call (a cell still #BUSY! makes it
 * wait; an error there is passed on without a call), and for `=A2.Price` the field of the data type in A2
 * (field-reference.ts), read without a call.
 */
import { t } from "../i18n/preview";
import { cellAddress, rangeAddress } from "../table/a1";
import { sheetReference } from "../table/sheet-names";
import { ArgumentCell, ArgumentValue, BUSY, CellError, FunctionOutcome } from "./cell-types";
import { fieldOutcome } from "./field-reference";
import type { Argument } from "./formula";
import type { FormulaState, Sheet } from "./sheet";

/** The sheet a reference reads (undefined: no sheet of that name). */
type SheetOf = (arg: Argument & { kind: "reference" }) => Sheet | undefined;

export function gatherArguments(
  formula: FormulaState,
  sheetOf: SheetOf,
): { args: ArgumentValue[]; addresses: (string | null)[] } | { error: CellError } | { waiting: true } {
  const args: ArgumentValue[] = [];
  // Each argument's range (`Sheet1!A1:B2`), or null for a value: MAD.ASOF reads the result at that address.
  const addresses: (string | null)[] = [];
  for (const arg of formula.call.args) {
    if (arg.kind !== "reference") {
      // An array constant goes as its rows of cells, as Excel passes `{"a","b";"c","d"}`.
      args.push(arg.kind === "literal" ? arg.value : arg.kind === "array" ? arg.rows.map((row) => [...row]) : null);
      addresses.push(null);
      continue;
    }
    const sheet = sheetOf(arg);
    if (!sheet)
      return { error: { code: "#REF!", message: t("cell.noSheet", { ref: arg.text, sheet: arg.sheet ?? "" }) } };
    const prefix = sheet === formula.sheet ? "" : `${sheetReference(sheet.name)}!`;
    const matrix: ArgumentCell[][] = [];
    for (let row = arg.range.top; row <= arg.range.bottom; row++) {
      const values: ArgumentCell[] = [];
      for (let col = arg.range.left; col <= arg.range.right; col++) {
        const pos = { row, col };
        const cell = sheet.display(pos);
        if (cell.error?.code === BUSY.code || sheet.isRecalculating(pos)) return { waiting: true };
        if (cell.error) {
          const message = t("cell.argumentShows", {
            address: `${prefix}${cellAddress(pos)}`,
            code: cell.error.code,
            message: cell.error.message,
          });
          return { error: { code: cell.error.code, message } };
        }
        // A data type goes to the function as itself, as Excel passes it to an `any` parameter (cell-types.ts).
        values.push(cell.entity ?? cell.value);
      }
      matrix.push(values);
    }
    args.push(matrix.length === 1 && matrix[0].length === 1 ? matrix[0][0] : matrix);
    addresses.push(`${sheetReference(sheet.name)}!${rangeAddress(arg.range)}`);
  }
  return { args, addresses };
}

/** `=A2.Price`: the field's outcome, or waiting while the cell it reads is being calculated. */
export function readFieldInput(
  formula: FormulaState,
  sheetOf: SheetOf,
): { waiting: true } | { outcome: FunctionOutcome } {
  const [reference, field] = formula.call.args;
  if (reference?.kind !== "reference" || field?.kind !== "literal")
    return { outcome: { kind: "error", error: { code: "#VALUE!", message: t("field.notAReference") } } };
  const sheet = sheetOf(reference);
  if (!sheet) {
    const message = t("cell.noSheet", { ref: reference.text, sheet: reference.sheet ?? "" });
    return { outcome: { kind: "error", error: { code: "#REF!", message } } };
  }
  const pos = { row: reference.range.top, col: reference.range.left };
  const cell = sheet.display(pos);
  if (cell.error?.code === BUSY.code || sheet.isRecalculating(pos)) return { waiting: true };
  if (cell.error) return { outcome: { kind: "error", error: cell.error } };
  return { outcome: fieldOutcome(cell.entity, String(field.value), reference.text) };
}
