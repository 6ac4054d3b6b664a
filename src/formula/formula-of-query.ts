/**
 * A query (an operation and its parameters, as a schedule or a table keeps it) written as the MAD formula with values
 * that asks it: `=MAD.PRODUCTRESEARCH("US",{"minPrice",10;"maxPrice",50},,100)`. The text reads back, through
 * `readFormulaText` (./formula-text.ts) and the function's own argument reader (src/formula/arguments.ts), into the
 * same parameters, so a row kept on the relay names its query the way the workbook's cell does (the add-in matches
 * the relay's history to its own queries by this text).
 *
 * - The market, then the function's positional arguments, each value by its kind: text quoted, numbers as they are,
 *   TRUE/FALSE, a list as an array constant (`{"B0…","B0…"}`), an order as `field desc`, a moment as epoch ms.
 * - Every other parameter that is a filter (src/formula/filter-params.ts) as one row of an array constant
 *   `{"name",value;"name",value}`: a list continues in the cells to its right, shorter rows padded with blank
 *   cells (an array constant is a rectangle; the filters reader skips blank values). Paging is left out (`limit`).
 * - A lookup by list that asks nothing but its keys (a watch: competitor lookup by `asins`) as MAD.PRODUCTS, one
 *   row per listed key: `=MAD.PRODUCTS("US",{"B0…","B0…"})`.
 * - A history function (STOCKHISTORY's form) takes the market and its positional arguments only: it always reads the
 *   whole history.
 * Omitted arguments stay empty between commas; trailing ones are dropped.
 */
import { isLookup, batchOf, listedKeys } from "../api/lookups/batch";
import { isBlank } from "../api/kinds/list-items";
import { LOOKUP_FUNCTIONS, operation, paramWithRole, takesMarket, type OperationCode } from "../api/catalog";
import type { ParamSpec } from "../api/catalog-types";
import { isFilterParam } from "./filter-params";

type Literal = string;
/** One cell of an array constant or one scalar argument. */
type Scalar = string | number | boolean;

/** A scalar as formula text: text quoted (`""` for a quote), TRUE/FALSE, a finite number as JavaScript writes it. */
function literal(value: Scalar): Literal {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : '""';
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return `"${value.replace(/"/g, '""')}"`;
}

const arrayConstant = (rows: readonly (readonly Scalar[])[]): Literal => {
  const width = Math.max(...rows.map((row) => row.length));
  const padded = rows.map((row) => [...row, ...Array<Scalar>(width - row.length).fill("")]);
  return `{${padded.map((row) => row.map(literal).join(",")).join(";")}}`;
};

/** The cells a parameter's value is typed as (none when it is blank). */
function cellsOf(spec: ParamSpec, value: unknown): Scalar[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item) => cellsOf(spec, item));
  if (typeof value === "object") {
    // An order: `price desc`, `price asc`, `price`; a direction alone is written by `orderParts`.
    const { field, desc } = value as { field?: string; desc?: boolean };
    if (!field) return [];
    return [desc === undefined ? field : `${field} ${desc ? "desc" : "asc"}`];
  }
  if (typeof value === "string") return value.trim() === "" ? [] : [value];
  if (typeof value === "number" || typeof value === "boolean") return [value];
  return [String(value)];
}

/** One argument: a scalar, an array constant for a list, or empty when blank. */
function argumentOf(spec: ParamSpec, value: unknown): Literal {
  const cells = cellsOf(spec, value);
  if (!cells.length) return "";
  return Array.isArray(value) ? arrayConstant([cells]) : literal(cells[0]);
}

/** The `filters` rows: each filter parameter that is set, in the catalog's order (a switch before what it picks). */
function filterRows(
  specs: readonly ParamSpec[],
  params: Readonly<Record<string, unknown>>,
  isFilter: (spec: ParamSpec) => boolean,
) {
  const rows: Scalar[][] = [];
  for (const spec of specs) {
    if (!isFilter(spec)) continue;
    const value = params[spec.name];
    const cells = cellsOf(spec, value);
    if (cells.length) rows.push([spec.name, ...cells]);
    else if (spec.kind === "order" && typeof (value as { desc?: unknown } | undefined)?.desc === "boolean")
      // A direction without a field: the filters' own name for that part.
      rows.push(["orderDesc", (value as { desc: boolean }).desc]);
  }
  return rows;
}

const call = (fn: string, args: readonly Literal[]): string => {
  const kept = [...args];
  while (kept.length && kept[kept.length - 1] === "") kept.pop();
  return `=MAD.${fn}(${kept.join(",")})`;
};

/** The function that reads a lookup by list one row per key (MAD.PRODUCTS for competitor lookup), if any. */
const rowsFunctionOf = (code: OperationCode) =>
  LOOKUP_FUNCTIONS.find((f) => f.form === "rows" && f.operation === code)?.fn;

/**
 * Whether a lookup asks nothing but its keys (and the market): every other parameter blank, a page size, or the
 * lookup's own default. Such a lookup is the rows function's query; any other is the operation's own function's.
 */
function onlyKeys(code: OperationCode, params: Readonly<Record<string, unknown>>): boolean {
  const op = operation(code);
  const batch = batchOf(op);
  if (!batch) return false;
  const size = paramWithRole(op, "size")?.name;
  const defaults: Readonly<Record<string, unknown>> = batch.defaults ?? {};
  return Object.entries(params).every(
    ([name, value]) =>
      name === "marketplace" || name === batch.param || name === size || isBlank(value) || defaults[name] === value,
  );
}

/**
 * The MAD formula with values that asks this query: it reads back, through the function's own reader, into the
 * same parameters (after the catalog's validation) and the same `limit`.
 */
export function formulaOfQuery(code: OperationCode, params: Readonly<Record<string, unknown>>, limit?: number): string {
  const op = operation(code);
  const specs = op.params as readonly ParamSpec[];
  const specOf = (name: string) => specs.find((p) => p.name === name)!;
  const market = takesMarket(op) ? [argumentOf(specOf("marketplace"), params.marketplace)] : [];
  const rowsFn = rowsFunctionOf(code);
  if (rowsFn && isLookup(op, params) && onlyKeys(code, params)) {
    const batch = batchOf(op)!;
    return call(rowsFn, [...market, arrayConstant([listedKeys(batch, params[batch.param])])]);
  }
  const positional = op.positional.map(({ param }) => argumentOf(specOf(param), params[param]));
  if (op.history) return call(op.fn, [...market, ...positional]);
  const rows = filterRows(specs, params, (spec) => isFilterParam(op, spec));
  const filters = rows.length ? arrayConstant(rows) : "";
  return call(op.fn, [...market, ...positional, filters, "", limit === undefined ? "" : literal(limit)]);
}
