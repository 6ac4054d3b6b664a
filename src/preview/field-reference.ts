/**
 * `=A2.Price`: a cell that reads one property of the data type in another cell, as Excel's dot notation does
 * (`=A2.[Monthly units]` for a name with spaces; FIELDVALUE's page, https://support.microsoft.com/excel/functions/fieldvalue-function,
 * describes both and the #FIELD! error). The preview parses it into a call of an internal function (a name no add-in can
 * register) whose arguments are the reference and the property's name, and evaluates it itself: the property's
 * value with its number format; #VALUE! when the cell holds no data type; #FIELD! when the card has no such field.
 */
import type { EntityValue, FunctionOutcome } from "./cell-types";
import type { FunctionCall } from "./formula";
import { parseRangeAddress } from "../table/a1";

/** The internal function a field reference calls (`=` cannot start a registered function's name). */
export const FIELD_FUNCTION = "=FIELD";

const FIELD_FORMULA =
  /^=((?:'(?:[^']|'')+'|[^'!:\\/?*[\]]+)!)?(\$?[A-Za-z]{1,3}\$?\d+)\.(?:\[([^\]]+)\]|([A-Za-z][\w]*))$/;

/** The call a field reference stands for, or undefined when the text is no field reference. */
export function parseFieldReference(text: string): FunctionCall | undefined {
  const match = FIELD_FORMULA.exec(text.trim());
  if (!match) return undefined;
  const [, sheetPart, cell, bracketed, plain] = match;
  const range = parseRangeAddress(cell.replace(/\$/g, ""));
  if (!range) return undefined;
  const sheet = sheetPart
    ?.slice(0, -1)
    .replace(/^'(.*)'$/, "$1")
    .replace(/''/g, "'");
  return {
    name: FIELD_FUNCTION,
    args: [
      { kind: "reference", range, text: `${sheetPart ?? ""}${cell}`, ...(sheet ? { sheet } : {}) },
      { kind: "literal", value: (bracketed ?? plain).trim() },
    ],
  };
}

/** What a field reference shows, from the data type in the cell it reads (undefined: no data type there). */
export function fieldOutcome(entity: EntityValue | undefined, field: string, where: string): FunctionOutcome {
  if (!entity)
    return { kind: "error", error: { code: "#VALUE!", message: `${where} holds no data type to read ${field} from.` } };
  const name = Object.keys(entity.properties).find((key) => key.toLowerCase() === field.toLowerCase());
  const property = name === undefined ? undefined : entity.properties[name];
  if (!property)
    return { kind: "error", error: { code: "#FIELD!", message: `The data type in ${where} has no field ${field}.` } };
  const value = property.type === "WebImage" ? (property.altText ?? "") : (property.basicValue ?? "");
  return { kind: "rows", rows: [[{ value, ...(property.numberFormat ? { format: property.numberFormat } : {}) }]] };
}
