/**
 * What an alert is built from: a MAD formula in a cell (the active one, or one of the workbook's, a report's
 * sections included) and the columns its answer shows. The relay reads a query as a formula with values (a cell
 * reference has no value there), so each reference the formula makes is replaced by what its cells hold now, as
 * Excel would pass them to the function: one cell as its value, a block as an array constant, an empty cell as an
 * omitted argument. The references are found by the relay's own formula reader (src/formula/formula-text.ts), which
 * reports each with its place, so the pane and the relay cannot read a formula differently.
 */
import { operationByFunction, type AnyOperation } from "../../api/catalog";
import { columnLabels, recordColumns, type Column } from "../../table/columns";
import { readFormulaText, readReference } from "../../formula/formula-text";
import { rangeAddress } from "../../table/a1";
import type { CellTarget } from "../host/host-adapter";
import type { CellValue } from "../report-model/cells";

/** A column a condition may name: its wire name (what the `when` text uses), its header label, and its kind. */
export interface FieldChoice {
  readonly name: string;
  readonly label: string;
  /** Only columns of numbers can be compared (`price < 20`, `bsr change >= 100%`). */
  readonly numeric: boolean;
}

/** A reference the formula makes, read into a value or why it could not be. */
export type ReadCells = (target: CellTarget) => Promise<CellValue[][]>;

/** The most references a formula is read through (Excel allows 255 arguments; each is replaced once). */
const MAX_REFERENCES = 255;

/** `'My sheet'!$B$3:$U$4` → the sheet (the formula's own when it names none) and the local address. */
function targetOf(reference: string, ownSheet: string): CellTarget {
  const read = readReference(reference);
  if (!read) throw new UnreadableReference(reference);
  return { sheet: read.sheet ?? ownSheet, address: rangeAddress(read.range) };
}

/** A value as formula text: text quoted (`""` for a quote), TRUE/FALSE, a number as it is. */
function literal(value: CellValue): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : '""';
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return `"${String(value ?? "").replace(/"/g, '""')}"`;
}

const isEmpty = (value: CellValue) => value === null || value === "";

/** The cells' values as one argument: a value, an omitted argument for an empty cell, or an array constant. */
function argumentText(values: readonly (readonly CellValue[])[]): string {
  if (values.length === 1 && values[0].length === 1) return isEmpty(values[0][0]) ? "" : literal(values[0][0]);
  return `{${values.map((row) => row.map(literal).join(",")).join(";")}}`;
}

/** Why a formula cannot become an alert's query in the pane (the relay words everything else). */
export class UnreadableReference extends Error {
  constructor(readonly reference: string) {
    super(reference);
  }
}

/**
 * The formula with each cell reference replaced by the values it reads now: `=MAD.PRODUCTS($B$3,$B$4:$D$4)` →
 * `=MAD.PRODUCTS("US",{"B0…","B0…",""})`. A formula the reader finds no reference in comes back as it is (the relay
 * says what else is wrong with it); a reference whose cells cannot be read throws UnreadableReference.
 */
export async function formulaWithValues(formula: string, sheet: string, readCells: ReadCells): Promise<string> {
  let text = formula.trim();
  for (let i = 0; i < MAX_REFERENCES; i++) {
    const read = readFormulaText(text);
    if (!("problem" in read) || read.problem.kind !== "reference") return text;
    const { position, found } = read.problem;
    let values: CellValue[][];
    try {
      values = await readCells(targetOf(found, sheet));
    } catch {
      throw new UnreadableReference(found);
    }
    if (!values.length || !values[0].length) throw new UnreadableReference(found);
    text = `${text.slice(0, position - 1)}${argumentText(values)}${text.slice(position - 1 + found.length)}`;
  }
  return text;
}

/** The MAD function a formula calls, when it is one the catalog knows. */
function operationOfQuery(formula: string): AnyOperation | undefined {
  const read = readFormulaText(formula);
  if ("problem" in read || !read.call.name.startsWith("MAD.")) return undefined;
  return operationByFunction(read.call.name.slice("MAD.".length));
}

const isNumeric = (column: Column) =>
  column.part !== undefined || column.spec.type === "integer" || column.spec.type === "number";

/**
 * The columns a condition may name, as the formula's header shows them (its `fields` picked) when it spilled in
 * rows; else every column of the function's records (the relay then says which the answer has). A header cell is matched by
 * its wire name or its label in the pane's language (a header shown in words).
 */
export function fieldChoices(formula: string, header: readonly CellValue[]): FieldChoice[] {
  const op = operationOfQuery(formula);
  if (!op) return [];
  const columns = recordColumns(op);
  const labels = columnLabels(columns);
  const choice = (at: number): FieldChoice => ({
    name: columns[at].name,
    label: labels[at],
    numeric: isNumeric(columns[at]),
  });
  const shown = header
    .map((cell) =>
      String(cell ?? "")
        .trim()
        .toLowerCase(),
    )
    .filter(Boolean);
  const matched = shown.flatMap((text) => {
    const at = columns.findIndex((c, i) => c.name.toLowerCase() === text || labels[i].trim().toLowerCase() === text);
    return at < 0 ? [] : [choice(at)];
  });
  // No header names a column: nothing spilled yet, or one record shown as field | value rows (src/table/shape.ts).
  return matched.length ? matched : columns.map((_, at) => choice(at));
}

/** A name for a new alert: the function and its first values, `MAD.PRODUCTS US B07Z82895W` (at most 100 characters). */
export function suggestedName(query: string): string {
  const read = readFormulaText(query);
  if ("problem" in read) return "";
  const values = read.call.args
    .flatMap((arg) => (Array.isArray(arg) ? arg.flat() : arg === null ? [] : [arg]))
    .map(String)
    .filter(Boolean)
    .slice(0, 3);
  return [read.call.name, ...values].join(" ").slice(0, 100);
}
