/**
 * "Insert as formula": a labelled filter block in the sheet and a MAD formula next to it that reads the block,
 * so editing a value in the block recomputes the formula.
 *
 * Layout at the active cell (A1 here), two columns wide:
 *   A1 "MAD filters — <operation title>"  (in the language of the person who inserts it: "MAD 筛选条件 — 选产品")
 *   A2 marketplace | US                 <- the formula's `market` argument ($B$2)
 *   A3 <required>  | value              <- one row per positional argument, referenced one by one
 *   A4 <filter>    | value  ...         <- every optional parameter that is set: the `filters` range ($A$4:$B$n)
 *   .. fields      | asin,title,price   <- the `fields` argument (blank = all columns)
 *   .. limit       | 100                <- the `limit` argument (blank = one page)
 * The formula goes in the header row, one empty column to the right of the block (D1), and spills from there.
 * Every argument is a cell reference into the block, never a literal, so any edit recomputes.
 */
import type { CellTarget } from "../host/host-adapter";
import type { CellValue } from "../report-model/cells";
import { operation, type AnyOperation, type OperationCode } from "../../api/catalog";
import { operationTitle } from "../../api/words/localized";
import { t } from "../../i18n";
import type { HistoryRequest } from "../../api/history-form";
import { isFilterParam } from "../../formula/filter-params";
import type { ParamSpec } from "../../api/catalog-types";
import { cellAddress, offset, parseCell, blockAddress } from "../../table/a1";

/** The block's title row in the active language: `MAD filters — Product research`. */
const blockTitle = (op: AnyOperation): string => t("block.title", { operation: operationTitle(op) });

const FIELDS_ROW = "fields";
const LIMIT_ROW = "limit";
/** Columns between the block's value column and the formula: one empty column keeps the spill apart. */
export const FORMULA_GAP = 1;

export interface FilterBlock {
  /** Where the block goes (its top-left cell) and its 2-column values. */
  readonly block: CellTarget;
  readonly values: CellValue[][];
  /** The formula's cell and text. */
  readonly formulaCell: CellTarget;
  readonly formula: string;
  /** The `filters` range inside the block, or null when no optional parameter is set. */
  readonly filtersRange: string | null;
}

/** How a parameter value reads in one cell: lists comma-joined, an order as `field desc|asc`. */
function cellValueOf(value: unknown): CellValue {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(String).join(",");
  if (typeof value === "object") {
    const order = value as { field?: string; desc?: boolean };
    return [order.field ?? "", order.desc === undefined ? "" : order.desc ? "desc" : "asc"].filter(Boolean).join(" ");
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return String(value);
}

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The block and formula for validated parameters. `params` holds every parameter (marketplace and positional
 * ones included); paging and returnFields are left out of the filters (fields and limit have their own rows).
 */
export function buildFilterBlock(
  code: OperationCode,
  params: Readonly<Record<string, unknown>>,
  options: { fields?: readonly string[]; limit?: number; history?: HistoryRequest; at: CellTarget },
): FilterBlock {
  const op = operation(code);
  if (op.history) return historyBlock(op, params, options);
  const specs = op.params as readonly ParamSpec[];
  const top = parseCell(options.at.address);
  const rows: CellValue[][] = [[blockTitle(op), null]];
  const refOfRow = (index: number) => cellAddress(offset(top, index, 1), true);

  rows.push(["marketplace", cellValueOf(params.marketplace)]);
  const marketRef = refOfRow(rows.length - 1);
  const positionalRefs = op.positional.map((arg) => {
    rows.push([arg.param, cellValueOf(params[arg.param])]);
    return refOfRow(rows.length - 1);
  });

  const filterStart = rows.length;
  for (const spec of specs) {
    if (!isFilterParam(op, spec)) continue;
    const value = cellValueOf(params[spec.name]);
    if (value === null || value === "") continue;
    rows.push([spec.name, value]);
  }
  const filterRows = rows.length - filterStart;
  const filtersRange = filterRows > 0 ? blockAddress(offset(top, filterStart, 0), filterRows, 2, true) : null;

  rows.push([FIELDS_ROW, options.fields?.length ? options.fields.join(",") : null]);
  const fieldsRef = refOfRow(rows.length - 1);
  rows.push([LIMIT_ROW, options.limit ?? null]);
  const limitRef = refOfRow(rows.length - 1);

  const args = [marketRef, ...positionalRefs, filtersRange ?? quote(""), fieldsRef, limitRef];
  return {
    block: { sheet: options.at.sheet, address: cellAddress(top) },
    values: rows,
    formulaCell: { sheet: options.at.sheet, address: cellAddress(offset(top, 0, 2 + FORMULA_GAP)) },
    formula: `=MAD.${op.fn}(${args.join(",")})`,
    filtersRange,
  };
}

/** `2025-08-02`: a day as a person reads and types it (and as a history function reads it back). */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A history function's block: market, the required arguments, start, end, interval and fields, one row each, and
 * `=MAD.PRICEHISTORY($B$2,$B$3,$B$4,$B$5,$B$6,$B$7)` beside it (STOCKHISTORY's order). Blank rows mean the defaults.
 */
function historyBlock(
  op: AnyOperation,
  params: Readonly<Record<string, unknown>>,
  options: { fields?: readonly string[]; history?: HistoryRequest; at: CellTarget },
): FilterBlock {
  const top = parseCell(options.at.address);
  const rows: CellValue[][] = [[blockTitle(op), null]];
  const refs: string[] = [];
  const add = (name: string, value: CellValue) => {
    rows.push([name, value]);
    refs.push(cellAddress(offset(top, rows.length - 1, 1), true));
  };
  add("marketplace", cellValueOf(params.marketplace));
  for (const arg of op.positional) add(arg.param, cellValueOf(params[arg.param]));
  const history = options.history;
  add("start", history?.start === undefined ? null : isoDay(history.start));
  add("end", history?.end === undefined ? null : isoDay(history.end));
  add("interval", history?.interval ?? null);
  add(FIELDS_ROW, options.fields?.length ? options.fields.join(",") : null);
  return {
    block: { sheet: options.at.sheet, address: cellAddress(top) },
    values: rows,
    formulaCell: { sheet: options.at.sheet, address: cellAddress(offset(top, 0, 2 + FORMULA_GAP)) },
    formula: `=MAD.${op.fn}(${refs.join(",")})`,
    filtersRange: null,
  };
}
