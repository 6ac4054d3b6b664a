/**
 * The reverse of arguments.ts, for the task pane's "Insert as formula": a query's parameters as a filter block
 * (the `name | value` rows `filters` reads back to the same parameters) and the text of the MAD formula.
 */
import { operation, type OperationCode } from "../api/catalog";
import type { ParamSpec } from "../api/catalog-types";
import type { Cell } from "../table/cells";

export const FILTER_BLOCK_HEADER: readonly Cell[] = ["name", "value"];

function blockValue(spec: ParamSpec, value: unknown): Cell | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (Array.isArray(value)) return value.length ? value.map(String).join(", ") : undefined;
  if (spec.kind === "order" && typeof value === "object") {
    const { field, desc } = value as { field?: string; desc?: boolean };
    if (!field) return undefined;
    return desc === undefined ? field : `${field} ${desc ? "desc" : "asc"}`;
  }
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  return undefined;
}

/**
 * Filter rows for the parameters of a query: a header row, then one row per set filter in catalog order. The
 * market, the required arguments, returnFields and paging are not filters and are left out; so are empty values.
 */
export function filterBlock(
  code: OperationCode,
  params: Readonly<Record<string, unknown>>,
  options: Readonly<Record<string, Cell>> = {},
): Cell[][] {
  const op = operation(code);
  const rows: Cell[][] = [[...FILTER_BLOCK_HEADER]];
  const positional = new Set(op.positional.map((p) => p.param));
  for (const spec of op.params as readonly ParamSpec[]) {
    if (
      spec.kind === "marketplace" ||
      positional.has(spec.name) ||
      spec.role === "returnFields" ||
      spec.role === "page" ||
      spec.role === "size"
    )
      continue;
    const value = blockValue(spec, params[spec.name]);
    if (value !== undefined) rows.push([spec.name, value]);
  }
  for (const [name, value] of Object.entries(options)) rows.push([name, value]);
  return rows;
}

/** A string literal of an Excel formula. */
export const excelString = (text: string) => `"${text.replace(/"/g, '""')}"`;

function literal(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean") return String(value).toUpperCase();
  if (Array.isArray(value)) return excelString(value.map(String).join(", "));
  return excelString(String(value ?? ""));
}

export interface FormulaParts {
  readonly market: string;
  /** The required arguments by their argument name (`asins`) or wire name (`asinList`); lists as arrays. */
  readonly required?: Readonly<Record<string, unknown>>;
  /** An A1 reference to a filter block (`Sheet1!$H$2:$I$9`), used as is; or text `name=value; ...`. */
  readonly filtersRef?: string;
  readonly filtersText?: string;
  readonly fields?: readonly string[];
  readonly limit?: number;
}

/** `=MAD.PRODUCTRESEARCH("US", Sheet1!$H$2:$I$9, "asin, price", 200)`; trailing omitted arguments dropped. */
export function formulaText(code: OperationCode, parts: FormulaParts): string {
  const op = operation(code);
  const required = parts.required ?? {};
  const args = [
    excelString(parts.market),
    ...op.positional.map((p) => literal(required[p.arg] ?? required[p.param])),
    parts.filtersRef ?? (parts.filtersText ? excelString(parts.filtersText) : ""),
    parts.fields?.length ? excelString(parts.fields.join(", ")) : "",
    parts.limit === undefined ? "" : String(parts.limit),
  ];
  while (args.length > 1 + op.positional.length && args[args.length - 1] === "") args.pop();
  return `=MAD.${op.fn}(${args.join(", ")})`;
}
