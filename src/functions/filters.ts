/**
 * The `filters` argument: every optional parameter of an operation, plus reserved display options.
 * - As a range: one row per filter, the name in the first column and the value in the second (list values may
 *   continue in the cells to the right, or be comma-separated in one cell). Rows with a blank value are skipped.
 * - As text: `name=value; name=value` (also one such text per cell of a one-column range).
 * Names are the service's parameter names (`minPrice`, `minAmzUnit`) or the spec's for the same parameter
 * (`minPlatformUnit`), case-insensitive; either way the request carries the service's name. Values are typed by
 * the parameter's kind: numbers from numeric cells or text, booleans from TRUE/FALSE (or yes/no, 1/0), months as
 * 202508 or a date, lists as above. `order` takes `field [asc|desc]`; `orderField`/`orderDesc` set the parts.
 * Reserved names (never parameters of the service): headers, layout, stats, dates (see RESERVED_OPTIONS).
 */
import type { AnyOperation } from "../api/catalog";
import { isFilterParam, notAFilterBecause } from "../api/filter-params";
import type { ParamSpec } from "../api/catalog-types";
import { didYouMean } from "../api/validate";
import {
  argumentError,
  booleanValue,
  dateFormatOf,
  dateParamValue,
  isBlankCell,
  listItems,
  numberValue,
  rowsOf,
  showValue,
  textValue,
} from "./cell-input";
import { DEFAULT_DISPLAY, type DisplayOptions } from "../table/shape";

/** Display options that go in `filters` under these names; documented in docs/functions.md (generated). */
export const RESERVED_OPTIONS = {
  headers:
    "TRUE (default: a header row of API column names, the names fields takes), FALSE (no header row) or labels " +
    "(plain English headers such as Share of units, Badges: Best-seller badge).",
  layout:
    "vertical (default: field/value rows) or horizontal (one wide row); single-record results (MAD.CATEGORYSTATS).",
  stats: "TRUE: spill the word-part stats table instead of the keywords (MAD.TRAFFICKEYWORDS).",
  dates:
    "serial (default: Excel date numbers, months as their first day; format the column as a date) or text " +
    "(yyyy-mm-dd; update times yyyy-mm-dd hh:mm, UTC).",
} as const;
export type ReservedOption = keyof typeof RESERVED_OPTIONS;
const RESERVED_NAMES = Object.keys(RESERVED_OPTIONS) as ReservedOption[];

/** Convenience names for the two parts of `order`. */
const ORDER_FIELD = "orderField";
const ORDER_DESC = "orderDesc";

export interface ParsedFilters {
  readonly params: Record<string, unknown>;
  readonly display: DisplayOptions;
}

interface RawFilter {
  readonly name: string;
  readonly values: readonly unknown[];
}

const labelOf = (name: string) => `${name} (in filters)`;

function textPairs(text: string): RawFilter[] {
  return text
    .split(/[;\r\n]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => {
      const eq = part.indexOf("=");
      if (eq <= 0) throw argumentError("filters", "filters", "format", `expected name=value, got ${showValue(part)}`);
      const value = part.slice(eq + 1).trim();
      // "minPrice=10, maxPrice=50": a comma where a semicolon was meant would make one filter of two.
      const glued = /,\s*([A-Za-z][A-Za-z0-9]*)\s*=/.exec(value);
      if (glued)
        throw argumentError(
          "filters",
          "filters",
          "format",
          `separate filters with ";", not ",": write ${showValue(`${part.slice(0, eq).trim()}=${value.slice(0, glued.index).trim()}; ${glued[1]}=...`)}`,
        );
      return { name: part.slice(0, eq).trim(), values: value === "" ? [] : [value] };
    });
}

const HEADER_NAMES = new Set(["name", "filter", "filters", "parameter"]);

/** A first row `name | value` (or `filter | value`) labels a filter block; it is not a filter. */
const isHeaderRow = (row: readonly unknown[]) =>
  row.length >= 2 &&
  HEADER_NAMES.has(String(row[0]).trim().toLowerCase()) &&
  String(row[1]).trim().toLowerCase() === "value";

/** The filters a range or text names, in order; blank rows dropped, blank values kept empty. */
function rawFilters(arg: unknown): RawFilter[] {
  const out: RawFilter[] = [];
  const rows = rowsOf(arg);
  for (const row of isHeaderRow(rows[0] ?? []) ? rows.slice(1) : rows) {
    const [first, ...rest] = row;
    const values = rest.filter((cell) => !isBlankCell(cell));
    if (isBlankCell(first)) {
      if (values.length)
        throw argumentError("filters", "filters", "format", `a row has the value ${showValue(values[0])} but no name`);
      continue;
    }
    if (row.length === 1 || (!values.length && typeof first === "string" && first.includes("="))) {
      out.push(...textPairs(String(first)));
    } else {
      out.push({ name: String(first).trim(), values });
    }
  }
  return out;
}

function oneValue(f: RawFilter, label: string): unknown {
  if (f.values.length > 1) throw argumentError(f.name, label, "type", "takes one value, not a list");
  return f.values[0];
}

function booleanOf(f: RawFilter, label: string): boolean {
  const value = oneValue(f, label);
  const b = booleanValue(value);
  if (b === undefined) throw argumentError(f.name, label, "type", `expected TRUE or FALSE (got ${showValue(value)})`);
  return b;
}

function choiceOf<T extends string>(f: RawFilter, label: string, choices: readonly T[]): T {
  const value = textValue(oneValue(f, label)).toLowerCase();
  const hit = choices.find((c) => c === value);
  if (!hit) throw argumentError(f.name, label, "enum", `expected ${choices.join(" or ")} (got ${showValue(value)})`);
  return hit;
}

/** A parameter's value from its cells, typed by kind; the validator checks bounds, options and date rules. */
function paramValue(spec: ParamSpec, f: RawFilter, params: Readonly<Record<string, unknown>>): unknown {
  const label = labelOf(spec.name);
  switch (spec.kind) {
    case "integer":
    case "number": {
      const value = oneValue(f, label);
      const n = numberValue(value);
      if (n === undefined) throw argumentError(spec.name, label, "type", `expected a number (got ${showValue(value)})`);
      return n;
    }
    case "boolean":
      return booleanOf(f, label);
    case "month":
    case "saturday":
    case "weekOrMonth":
      return dateParamValue(oneValue(f, label), dateFormatOf(spec, params));
    case "stringList":
      return listItems(f.values);
    case "csv":
      return listItems(f.values).join(",");
    case "order":
      return orderValue(spec, textValue(oneValue(f, label)), label);
    case "marketplace":
    case "string":
      return textValue(oneValue(f, label));
    default: {
      const unhandled: never = spec.kind;
      throw new Error(`no cell reading for parameter kind ${String(unhandled)}`);
    }
  }
}

/** `price desc`, `price asc` or `price` (the service's default direction); the field matched case-insensitively. */
function orderValue(spec: ParamSpec, text: string, label: string): { field?: string; desc?: boolean } {
  const parts = text.split(/\s+/).filter((p) => p !== "");
  const direction = parts.length > 1 ? parts.pop()!.toLowerCase() : undefined;
  if (parts.length !== 1 || (direction !== undefined && direction !== "asc" && direction !== "desc")) {
    throw argumentError(
      spec.name,
      label,
      "type",
      `expected a sort field and asc or desc, e.g. "${spec.sortFields?.[0] ?? "searches"} desc" (got ${showValue(text)})`,
    );
  }
  const field = spec.sortFields?.find((s) => s.toLowerCase() === parts[0].toLowerCase()) ?? parts[0];
  return direction === undefined ? { field } : { field, desc: direction === "desc" };
}

/** Names users may not set in filters, with what to use instead. */
function movedName(op: AnyOperation, spec: ParamSpec): string | undefined {
  const reason = notAFilterBecause(op, spec);
  switch (reason) {
    case undefined:
      return undefined;
    case "market":
      return "use the market argument";
    case "positional":
      return `use the ${op.positional.find((p) => p.param === spec.name)?.arg ?? spec.name} argument`;
    case "paging":
      return "paging follows the limit argument";
    default: {
      const unhandled: never = reason;
      return unhandled;
    }
  }
}

/** The names `filters` accepts for an operation: its filter parameters, then the reserved options. */
export function filterNames(op: AnyOperation): string[] {
  const specs = op.params as readonly ParamSpec[];
  const names = specs.filter((p) => isFilterParam(op, p)).map((p) => p.name);
  if (specs.some((p) => p.kind === "order")) names.push(ORDER_FIELD, ORDER_DESC);
  return [...names, ...RESERVED_NAMES];
}

function applyDisplay(op: AnyOperation, name: ReservedOption, f: RawFilter, display: DisplayOptions): DisplayOptions {
  const label = labelOf(name);
  switch (name) {
    case "headers": {
      const value = oneValue(f, label);
      if (typeof value === "string" && value.trim().toLowerCase() === "labels")
        return { ...display, headers: true, headerLabels: true };
      const b = booleanValue(value);
      if (b === undefined)
        throw argumentError(f.name, label, "type", `expected TRUE, FALSE or labels (got ${showValue(value)})`);
      return { ...display, headers: b, headerLabels: false };
    }
    case "dates":
      return { ...display, dates: choiceOf(f, label, ["serial", "text"] as const) };
    case "layout":
      if (op.shape !== "object")
        throw argumentError(
          name,
          label,
          "option",
          `applies only to single-record results (MAD.CATEGORYSTATS), not MAD.${op.fn}`,
        );
      return { ...display, layout: choiceOf(f, label, ["vertical", "horizontal"] as const) };
    case "stats":
      if (op.shape !== "itemsWithStats")
        throw argumentError(name, label, "option", `applies only to MAD.TRAFFICKEYWORDS, not MAD.${op.fn}`);
      return { ...display, stats: booleanOf(f, label) };
  }
}

/** Parses `filters` into the operation's parameters and the display options; throws a ValidationError. */
export function parseFilters(op: AnyOperation, arg: unknown, fixed: Readonly<Record<string, unknown>>): ParsedFilters {
  const specs = op.params as readonly ParamSpec[];
  const params: Record<string, unknown> = {};
  const seen = new Set<string>();
  let display = DEFAULT_DISPLAY;
  let orderParts: { field?: string; desc?: boolean } | undefined;

  for (const f of rawFilters(arg)) {
    const lower = f.name.toLowerCase();
    const spec = specs.find((p) => [p.name, ...(p.aliases ?? [])].some((name) => name.toLowerCase() === lower));
    // Both spellings of one parameter (minAmzUnit and minPlatformUnit) are one filter.
    const key = spec ? spec.name.toLowerCase() : lower;
    if (seen.has(key)) throw argumentError(f.name, labelOf(f.name), "duplicate", "is set twice");
    seen.add(key);
    const reserved = RESERVED_NAMES.find((n) => n === lower);
    const orderSpec = specs.find((p) => p.kind === "order");
    const isOrderPart = orderSpec && (lower === ORDER_FIELD.toLowerCase() || lower === ORDER_DESC.toLowerCase());
    if (lower === "returnfields")
      throw argumentError(f.name, labelOf(f.name), "moved", "not a filter: use the fields argument");
    if (!reserved && !spec && !isOrderPart) {
      const hint = didYouMean(f.name, filterNames(op));
      throw argumentError(
        f.name,
        "filters",
        "unknownParam",
        `${showValue(f.name)} is not a filter of MAD.${op.fn}${hint ? `; did you mean ${hint}?` : ""}`,
      );
    }
    if (spec && movedName(op, spec))
      throw argumentError(spec.name, labelOf(spec.name), "moved", `not a filter: ${movedName(op, spec)}`);
    if (!f.values.length) continue; // a cleared value means "not set"
    if (reserved) {
      display = applyDisplay(op, reserved, f, display);
    } else if (isOrderPart && orderSpec) {
      orderParts ??= {};
      if (lower === ORDER_DESC.toLowerCase()) orderParts.desc = booleanOf(f, labelOf(ORDER_DESC));
      else
        orderParts.field = orderValue(
          orderSpec,
          textValue(oneValue(f, labelOf(ORDER_FIELD))),
          labelOf(ORDER_FIELD),
        ).field;
    } else if (spec) {
      params[spec.name] = paramValue(spec, f, { ...fixed, ...params });
    }
  }

  if (orderParts) {
    if ("order" in params)
      throw argumentError(
        "order",
        labelOf("order"),
        "duplicate",
        `set either order or ${ORDER_FIELD}/${ORDER_DESC}, not both`,
      );
    params.order = orderParts;
  }
  return { params, display };
}
