/**
 * The one reader of a parameter's value from what a person typed: cells (a formula's positional argument, a row of
 * its `filters`, its `fields` and `limit`, a display option) and the task pane's form. Both go through the
 * parameter's kind (kinds/index.ts), so a value reads the same wherever it is typed.
 *
 * Blank cells as 0: on some Excel builds a blank cell, referenced alone or inside a range, and an omitted optional
 * argument arrive as the number 0 (office-js #4702: 0 on desktop and null on the web; office-js #5262: the blank
 * cells of a range as 0). Where that happens, a blank and a typed 0 cannot be told apart, so the rule is per kind:
 * - a number 0 is a blank wherever 0 is not a value a person would mean: text, dates, lists (each item), an
 *   order, a boolean (FALSE is typed as FALSE, "no" or the text "0"), a marketplace; and a number parameter whose
 *   own rules refuse 0 (`topN` from 1, `limit` from 1, `matchType` 1 to 3);
 * - a number parameter that accepts 0 reads it as 0 (`minPrice` 0, `queryType` 0 = all variants): a typed 0 is
 *   meant, and on the builds that pass blanks as 0 a cleared value then reads as 0 too (delete the row, or its
 *   name, to unset a filter there);
 * - text "0" is always what was typed.
 * null, "", whitespace and undefined are blank everywhere; a range of blanks ([[0, 0], [0, 0]]) is a blank.
 *
 * Data types in cells: every argument of the MAD functions is of type `any` and functions.json sets
 * allowCustomDataForDataTypeAny, so a cell holding a data type arrives as its JSON
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts: custom functions "take
 * existing data types as function arguments"): a product card (an entity, MAD.PRODUCT's or Insert as table's) where
 * an ASIN is expected gives its ASIN field, the way STOCKHISTORY takes a Stocks card, in a positional argument, a
 * filter's row or a range of cards; given to any other parameter it is refused, naming the card's field that would
 * fit (`=A2.Marketplace` for a marketplace) or saying it has none. A formatted number or text data type (`=A2.Price`)
 * gives its basicValue.
 */
import { t } from "../../i18n/cells";
import type { AnyParamSpec } from "../param-spec";
import type { FieldControl, FormValue } from "./form-types";
import { readError, type ReadContext } from "./kind";
import { isBlank } from "./list-items";
import { kindOf, schemaOf } from "./index";

/**
 * Rows without their trailing blank rows and trailing blank columns. A whole column (`A:A`) reaches a custom function
 * on Excel for Windows and Mac as every row of the sheet, 1,048,576 of them, blanks as null or 0 by build (office-js
 * #4702, #5262; Excel on the web answers #CALC! instead, office-js #4613): what is below the last value, or right of
 * it, is not part of the list, so a list's limit counts what remains. Blanks inside the list stay (a blank row of
 * MAD.PRODUCTS is a blank row of its result). `vacant`: what counts as blank for this parameter.
 */
function withoutTrailingBlanks(
  rows: readonly (readonly unknown[])[],
  vacant: (cell: unknown) => boolean = isBlank,
): unknown[][] {
  let bottom = rows.length;
  while (bottom > 0 && rows[bottom - 1].every(vacant)) bottom--;
  const kept = rows.slice(0, bottom);
  let right = kept.reduce((most, row) => Math.max(most, row.length), 0);
  while (right > 0 && kept.every((row) => right > row.length || vacant(row[right - 1]))) right--;
  return kept.map((row) => (row.length > right ? row.slice(0, right) : [...row]));
}

/**
 * Rows of a range argument, without its trailing blank rows and columns (a whole column, `A:A`, is every row of the
 * sheet on desktop: above); a single value is one row of one cell. `vacant`: what is blank for the parameter.
 */
export function rowsOf(arg: unknown, vacant: (cell: unknown) => boolean = isBlank): unknown[][] {
  if (isBlank(arg)) return [];
  if (!Array.isArray(arg)) return [[arg]];
  return withoutTrailingBlanks(
    arg.map((row: unknown) => (Array.isArray(row) ? row : [row])),
    vacant,
  );
}

/** Whether a number 0 in this parameter's cells stands for a blank cell (see the rule above). */
function zeroIsBlank(spec: AnyParamSpec): boolean {
  return kindOf(spec).traits.zero === "blank" || !schemaOf(spec).safeParse(0).success;
}

/** The cells that carry a value: blanks left out, and zeros where they stand for a blank. */
function valueCells(spec: AnyParamSpec, cells: readonly unknown[]): unknown[] {
  const zeroBlank = zeroIsBlank(spec);
  return cells.filter((cell) => !isBlank(cell) && !(cell === 0 && zeroBlank));
}

type Json = Record<string, unknown>;
const isDataType = (cell: unknown): cell is Json => typeof cell === "object" && cell !== null && !Array.isArray(cell);
/** A name as a card's fields and parameters compare: `Marketplace` ~ `marketplace`, `Listed on` ~ `listedOn`. */
const fieldKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The entity's field whose name is this parameter's (its basicValue and its name), if it has one. */
function fieldFor(entity: Json, name: string): { name: string; value: unknown } | undefined {
  const properties = isDataType(entity.properties) ? entity.properties : {};
  const found = Object.keys(properties).find((key) => fieldKey(key) === fieldKey(name));
  if (found === undefined) return undefined;
  const property = properties[found];
  return { name: found, value: isDataType(property) ? property.basicValue : undefined };
}

/** A cell's value, a data type read as this parameter takes it (see the rule above). */
function plainCell(spec: AnyParamSpec, cell: unknown, context: ReadContext): unknown {
  if (!isDataType(cell)) return cell;
  if (cell.type === "Entity") {
    if (spec.pattern === "asin") {
      const asin = fieldFor(cell, "ASIN");
      if (typeof asin?.value === "string") return asin.value;
      throw readError(spec, context, "dataType", t("kind.cardWithoutAsin"));
    }
    const field = fieldFor(cell, spec.name)?.name;
    const expected = kindOf(spec).words.expected();
    throw readError(
      spec,
      context,
      "dataType",
      field === undefined ? t("kind.cardNoField", { expected }) : t("kind.cardField", { expected, field }),
    );
  }
  if ("basicValue" in cell && cell.type !== "Error") return cell.basicValue;
  throw readError(spec, context, "dataType", t("kind.dataTypeNotAValue", { type: String(cell.type) }));
}

/**
 * A parameter's value from its cells (a scalar, a range, or the value cells of a filter row); undefined when they
 * are blank. A single-valued kind refuses several values; the value is reshaped only, its rules are the validator's.
 */
export function readCells(spec: AnyParamSpec, raw: unknown, context: ReadContext): unknown {
  const zeroBlank = zeroIsBlank(spec);
  const given = rowsOf(raw, (cell) => isBlank(cell) || (cell === 0 && zeroBlank))
    .flat()
    .map((cell) => plainCell(spec, cell, context));
  const cells = valueCells(spec, given);
  if (!cells.length) return undefined;
  const kind = kindOf(spec);
  if (kind.traits.list === "single" && cells.length > 1)
    throw readError(spec, context, "type", t("kind.oneValue", { count: cells.length }));
  return kind.fromCells(cells, spec, context);
}

/** The form control that edits a parameter. */
export const formControl = (spec: AnyParamSpec): FieldControl => kindOf(spec).control(spec);

/** A parameter's request value from what its form control holds; undefined when it is not set. */
export function readFormValue(spec: AnyParamSpec, control: FieldControl, value: FormValue | undefined): unknown {
  if (value === undefined || value === null || value === "") return undefined;
  return kindOf(spec).fromForm(value, control, spec);
}

/**
 * A GET query as the service reads it: each value by its parameter's kind (`bsr=1024` a number, `dailyLatest=true`
 * a boolean, a list comma-separated), through the reader a cell's text goes through; a value its reader refuses,
 * and a name that is no parameter, stay text for the validator to name.
 */
export function readQuery(
  specs: readonly AnyParamSpec[],
  query: Iterable<readonly [string, string]>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, text] of query) {
    const spec = specs.find((p) => p.name === name);
    try {
      out[name] = spec ? readCells(spec, text, { label: name, params: out }) : text;
    } catch {
      out[name] = text;
    }
  }
  return out;
}
