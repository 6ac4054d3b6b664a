/**
 * The arguments of a MAD function to the engine's query: `market`, the operation's required arguments (the
 * catalog's `positional`), then `filters` (filters.ts), `fields` and `limit`. Conversions only happen here (cells
 * to typed values); the rules (options, bounds, patterns, dates) are the client validator's, run by the engine
 * before anything is queued. Any problem is a ValidationError naming the argument: the cell shows #VALUE!.
 */
import type { AnyOperation } from "../api/catalog";
import type { ParamSpec } from "../api/catalog-types";
import { traitsOf } from "../api/param-kinds";
import { checkLimit } from "../api/row-limit";
import { didYouMean } from "../api/validate";
import {
  argumentError,
  cellsOf,
  dateFormatOf,
  dateParamValue,
  listItems,
  numberValue,
  showValue,
  textValue,
} from "./cell-input";
import { pickColumns, recordColumns, type Column } from "../table/columns";
import { parseFilters } from "./filters";
import type { DisplayOptions } from "../table/shape";

/** The arguments as Excel passed them (scalars, 2D arrays, null/undefined when omitted). */
export interface FormulaArgs {
  readonly market: unknown;
  readonly positional: readonly unknown[];
  readonly filters?: unknown;
  readonly fields?: unknown;
  readonly limit?: unknown;
}

export interface ParsedFormula {
  /** Wire parameters for the engine (unvalidated: the engine validates and normalizes). */
  readonly params: Record<string, unknown>;
  readonly limit?: number;
  readonly display: DisplayOptions;
  /** The columns to spill, in order. */
  readonly columns: readonly Column[];
}

function specOf(op: AnyOperation, name: string): ParamSpec {
  const spec = (op.params as readonly ParamSpec[]).find((p) => p.name === name);
  if (!spec) throw new Error(`catalog: ${op.code} has no parameter ${name}`);
  return spec;
}

/** One required argument: a list from a range or separated text, else one value typed by the parameter's kind. */
function positionalValue(
  spec: ParamSpec,
  arg: string,
  raw: unknown,
  params: Readonly<Record<string, unknown>>,
): unknown {
  const cells = cellsOf(raw);
  const traits = traitsOf(spec.kind);
  if (traits.list === "array") return listItems(cells);
  if (cells.length > 1)
    throw argumentError(spec.name, arg, "type", `expects one value, got a range of ${cells.length} values`);
  if (!cells.length) return undefined; // the validator reports it as required
  const value = cells[0];
  if (traits.dateFormat) return dateParamValue(value, dateFormatOf(spec, params));
  return textValue(value);
}

/** `fields`: column names (or a top-level object's name for all its columns), from text or a range. */
export function parseFields(op: AnyOperation, arg: unknown): { columns: readonly Column[] } {
  const all = recordColumns(op);
  const { columns, unknown } = pickColumns(all, listItems(cellsOf(arg)));
  if (unknown.length) {
    const name = unknown[0];
    const hint = didYouMean(
      name,
      all.map((c) => c.name),
    );
    throw argumentError(
      "fields",
      "fields",
      "unknownField",
      `${showValue(name)} is not a column of MAD.${op.fn}${hint ? `; did you mean ${hint}?` : ""}`,
    );
  }
  return { columns };
}

/** `limit`: rows wanted (checkLimit's rule, the service's 2,000-row cap); blank = one page. */
export function parseLimit(raw: unknown): number | undefined {
  const cells = cellsOf(raw);
  if (!cells.length) return undefined;
  if (cells.length > 1) return checkLimit(cells, "a range");
  return checkLimit(numberValue(cells[0]) ?? cells[0], showValue(cells[0]));
}

export function parseFormulaArgs(op: AnyOperation, args: FormulaArgs): ParsedFormula {
  const params: Record<string, unknown> = {};
  const market = cellsOf(args.market);
  if (market.length > 1)
    throw argumentError("marketplace", "market", "type", "expects one marketplace code, got a range");
  if (market.length) params.marketplace = textValue(market[0]);
  op.positional.forEach(({ arg, param }, i) => {
    const value = positionalValue(specOf(op, param), arg, args.positional[i], params);
    if (value !== undefined) params[param] = value;
  });
  const filters = parseFilters(op, args.filters, params);
  Object.assign(params, filters.params);
  const { columns } = parseFields(op, args.fields);
  const limit = parseLimit(args.limit);
  return { params, display: filters.display, columns, ...(limit === undefined ? {} : { limit }) };
}
