/**
 * The arguments of a MAD function to the engine's query: `market`, the operation's required arguments (the
 * catalog's `positional`), then `filters` (filters.ts), `fields` and `limit`. Every value is read by its
 * parameter's kind through the one reader (src/api/kinds/read.ts: cells to typed values, and when a 0 is a blank
 * cell); the rules (options, bounds, patterns, dates) are the client validator's, run by the engine before anything
 * is queued. Any problem is a ValidationError naming the argument: the cell shows #VALUE!.
 */
import { t } from "../i18n/cells";
import { ROW_CAP, takesMarket, type AnyOperation } from "../api/catalog";
import type { ParamSpec } from "../api/catalog-types";
import { didYouMean } from "../lib/did-you-mean";
import { argumentError, type ReadContext } from "../api/kinds/kind";
import { readCells } from "../api/kinds/read";
import { int, list } from "../api/params";
import { checkLimit } from "../api/row-limit";
import { showValue } from "../api/kinds/cell-input";
import { pickColumns, recordColumns, type Column } from "../table/columns";
import { parseFilters } from "./filters";
import { shapeResult, type DisplayOptions } from "../table/shape";
import { carriesServiceLabels } from "../i18n/labels";
import type { FormulaPlan } from "./formula-plan";

/** The arguments as Excel passed them (scalars, 2D arrays, null/undefined when omitted). */
export interface FormulaArgs {
  /** Absent where the operation takes no marketplace (the trademark group). */
  readonly market?: unknown;
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

/** `fields` and `limit` are read as the kinds of parameter they would be: a list of names, a row count. */
const FIELDS_ARG: ParamSpec = list("fields", "Columns to spill.");
const LIMIT_ARG: ParamSpec = int("limit", "Rows wanted.", { min: 1, max: ROW_CAP });

const argument = (label: string, params: Readonly<Record<string, unknown>> = {}): ReadContext => ({ label, params });

function specOf(op: AnyOperation, name: string): ParamSpec {
  const spec = (op.params as readonly ParamSpec[]).find((p) => p.name === name);
  if (!spec) throw new Error(`catalog: ${op.code} has no parameter ${name}`);
  return spec;
}

/**
 * The columns `fields` names (read already: a list of names, or a top-level object's name for all its columns), in
 * the order named; a name that is none of `all` is a #VALUE! with the nearest column name. History functions pick
 * their columns here too.
 */
export function columnsNamed(
  op: AnyOperation,
  all: readonly Column[],
  names: readonly string[] = [],
): readonly Column[] {
  const { columns, unknown } = pickColumns(all, names);
  if (!unknown.length) return columns;
  const name = unknown[0];
  const hint = didYouMean(
    name,
    all.map((c) => c.name),
  );
  throw argumentError(
    "fields",
    "fields",
    "unknownField",
    t("cell.notAColumn", { got: showValue(name), fn: op.fn, hint: hint ?? "none" }),
  );
}

/** The names a `fields` argument lists, from text or a range. */
export const fieldNames = (arg: unknown): string[] | undefined =>
  readCells(FIELDS_ARG, arg, argument("fields")) as string[] | undefined;

/** `fields`: column names (or a top-level object's name for all its columns), from text or a range. */
export function parseFields(op: AnyOperation, arg: unknown): { columns: readonly Column[] } {
  return { columns: columnsNamed(op, recordColumns(op), fieldNames(arg)) };
}

/** `limit` as read: rows wanted (checkLimit's rule, the service's 2,000-row cap); blank = one page. */
const checkedLimit = (limit: unknown): number | undefined =>
  limit === undefined ? undefined : checkLimit(limit, showValue(limit));

export function parseFormulaArgs(op: AnyOperation, args: FormulaArgs): ParsedFormula {
  const params: Record<string, unknown> = {};
  const read = (name: string, raw: unknown, label: string) => {
    const value = readCells(specOf(op, name), raw, argument(label, params));
    if (value !== undefined) params[name] = value;
  };
  if (takesMarket(op)) read("marketplace", args.market, "market");
  op.positional.forEach(({ arg, param }, i) => read(param, args.positional[i], arg));
  const filters = parseFilters(op, args.filters, params);
  Object.assign(params, filters.params);
  // `fields` and `limit` are read here, once, as the kinds of parameter they would be.
  const columns = columnsNamed(op, recordColumns(op), fieldNames(args.fields));
  const limit = checkedLimit(readCells(LIMIT_ARG, args.limit, argument("limit")));
  return { params, display: filters.display, columns, ...(limit === undefined ? {} : { limit }) };
}

/** A table function's plan: its arguments read, the answer's rows shaped into the spill. */
export function tablePlan(op: AnyOperation, args: FormulaArgs): FormulaPlan {
  const parsed = parseFormulaArgs(op, args);
  return {
    params: parsed.params,
    ...(parsed.limit === undefined ? {} : { limit: parsed.limit }),
    shape: (result) =>
      shapeResult(op, { rows: result.rows, stats: result.stats }, parsed.columns, parsed.display, parsed.limit),
    needsCatalogTexts: parsed.display.headerLabels,
    needsServiceLabels: carriesServiceLabels(parsed.columns.map((c) => c.spec)),
    rows: (result) =>
      parsed.display.stats
        ? Array.isArray(result.stats)
          ? result.stats.length
          : 0
        : Math.min(result.rows.length, parsed.limit ?? Infinity),
  };
}
