/**
 * What a person types into a preview cell: nothing, a plain value, or a formula that calls one function with
 * literal, array-constant and cell-reference arguments (`=MAD.KEYWORDTRENDS("US", A2, {"headers","labels"})`), read
 * by the one reader of a formula's text (src/formula/formula-text.ts), its problems in the preview's words; and
 * `=A2.Price`, a field of the data type in A2. Operators and nested calls are outside the preview's scope; such
 * formulas parse to a message that says so.
 */
import { t } from "../i18n/preview";
import { splitSheetAddress } from "../table/sheet-names";
import {
  readFormula,
  readReference,
  type FormulaScalar,
  type FormulaTextProblem,
  type WrittenArgument,
  type WrittenCall,
} from "../formula/formula-text";
import type { EntityValue } from "./entity-value";

export type Scalar = FormulaScalar;
export type Argument = WrittenArgument;
export type FunctionCall = WrittenCall;

export type CellInput =
  | { readonly kind: "empty" }
  /** A value; `entity` when it is a data type written by the add-in (its value is the entity's text). */
  | { readonly kind: "value"; readonly value: Scalar; readonly entity?: EntityValue }
  | { readonly kind: "formula"; readonly call: FunctionCall }
  | { readonly kind: "invalidFormula"; readonly message: string };

const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Parses a cell's typed text. References may name a sheet (`Sheet2!A1`, `'My sheet'!A1`); whether it exists is
 * decided when the formula is evaluated, as sheets come and go.
 */
export function parseInput(text: string): CellInput {
  if (text === "") return { kind: "empty" };
  if (text.startsWith("'")) return { kind: "value", value: text.slice(1) };
  if (text.startsWith("=") && text.length > 1) {
    const field = parseFieldReference(text);
    if (field) return { kind: "formula", call: field };
    const read = readFormula(text, { references: true });
    if ("problem" in read) return { kind: "invalidFormula", message: problemMessage(read.problem, text) };
    return { kind: "formula", call: read.call };
  }
  return { kind: "value", value: parsePlainValue(text) };
}

/** A typed value: numbers and TRUE/FALSE become numbers and booleans, everything else stays text. */
function parsePlainValue(text: string): Scalar {
  const trimmed = text.trim();
  if (NUMBER_PATTERN.test(trimmed)) return Number(trimmed);
  if (/^true$/i.test(trimmed)) return true;
  if (/^false$/i.test(trimmed)) return false;
  return text;
}

/** How a value is shown in the formula bar so that committing it again gives the same value. */
export function inputTextOf(value: Scalar | null): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return String(value);
  const wouldChange = value.startsWith("=") || value.startsWith("'") || parsePlainValue(value) !== value;
  return wouldChange ? `'${value}` : value;
}

const scope = () => t("formula.scope");

/** The preview's words for why a formula's text cannot be evaluated. */
function problemMessage({ kind, position, found }: FormulaTextProblem, text: string): string {
  switch (kind) {
    case "empty":
      return t("formula.onlyCalls", { scope: scope() });
    case "notACall":
      // `=A1:B2(1)`: a call of what is no function's name.
      return found &&
        text
          .slice(position - 1 + found.length)
          .trimStart()
          .startsWith("(")
        ? t("formula.notAName", { name: found })
        : t("formula.onlyCalls", { scope: scope() });
    case "unclosedText":
      return t("formula.quote");
    case "unclosedCall":
      return t("formula.closing");
    case "unclosedArray":
      return t("formula.closingBrace");
    case "reference":
      return referenceMessage(found);
    case "nested":
      return t("formula.nested", { name: found, scope: scope() });
    case "unexpected":
      // What could start an argument stands where a comma was due; anything else is an operator or such.
      return /^[\w"'$.{;]/.test(found)
        ? t("formula.commas", { scope: scope() })
        : t("formula.unsupported", { text: found.charAt(0), scope: scope() });
    case "trailing":
      return t("formula.afterParen", { scope: scope() });
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** Read with references, a reference is a problem when it names no cells, or stands in an array constant. */
function referenceMessage(found: string): string {
  if (readReference(found)) return t("formula.arrayValues", { text: found });
  if (splitSheetAddress(found).sheet === "") return t("formula.noSheet", { text: found });
  return t("formula.notAddress", { text: found });
}

// `=A2.Price`: a field of the data type in A2 (field-reference.ts evaluates it).
/** The internal function a field reference calls (`=` cannot start a registered function's name). */
export const FIELD_FUNCTION = "=FIELD";

const FIELD_FORMULA =
  /^=((?:'(?:[^']|'')+'|[^'!:\\/?*[\]]+)!)?(\$?[A-Za-z]{1,3}\$?\d+)\.(?:\[([^\]]+)\]|([A-Za-z][\w]*))$/;

/** The call a field reference stands for, or undefined when the text is no field reference. */
function parseFieldReference(text: string): FunctionCall | undefined {
  const match = FIELD_FORMULA.exec(text.trim());
  if (!match) return undefined;
  const [, sheetPart, cell, bracketed, plain] = match;
  const address = `${sheetPart ?? ""}${cell}`;
  const reference = readReference(address);
  if (!reference) return undefined;
  return {
    name: FIELD_FUNCTION,
    args: [
      { kind: "reference", text: address, ...reference },
      { kind: "literal", value: (bracketed ?? plain).trim() },
    ],
  };
}
