/**
 * The `filters` argument's grammar: every optional parameter of an operation, plus reserved display options.
 * - As a range: one row per filter, the name in the first column and the value in the second (list values may
 *   continue in the cells to the right, or be comma-separated in one cell). Blank rows and blank values are skipped.
 * - As text: `name=value; name=value` (also one such text per cell of a one-column range).
 * Names are the service's parameter names (`minPrice`, `minAmzUnit`) or the spec's for the same parameter
 * (`minPlatformUnit`), case-insensitive; either way the request carries the service's name. `order` takes
 * `field [asc|desc]`; `orderField`/`orderDesc` set the parts. Reserved names (never parameters of the service):
 * headers, layout, stats, dates (see RESERVED_OPTIONS). A value is read by its parameter's kind, through the one
 * reader that positional arguments use too (src/api/kinds/read.ts, which also says when a 0 is a blank cell).
 */
import { t } from "../i18n/cells";
import type { ReferenceWordId } from "../i18n/reference";
import type { AnyOperation } from "../api/catalog";
import type { ParamSpec } from "../api/catalog-types";
import { didYouMean } from "../lib/did-you-mean";
import { isFilterParam, notAFilterBecause } from "./filter-params";
import { booleanValue, showValue } from "../api/kinds/cell-input";
import { isBlank } from "../api/kinds/list-items";
import { argumentError, type ReadContext } from "../api/kinds/kind";
import { readCells, rowsOf } from "../api/kinds/read";
import { bool, str } from "../api/params";
import { DEFAULT_DISPLAY, type DisplayOptions } from "../table/shape";

/**
 * Display options that go in `filters` under these names, with what each does (its words in
 * src/i18n/messages/<locale>/reference.ts); documented in docs/functions.md (generated).
 */
export const RESERVED_OPTIONS = {
  headers: "display.headers",
  layout: "display.layout",
  stats: "display.stats",
  dates: "display.dates",
} as const satisfies Readonly<Record<string, ReferenceWordId>>;
type ReservedOption = keyof typeof RESERVED_OPTIONS;
const RESERVED_NAMES = Object.keys(RESERVED_OPTIONS) as ReservedOption[];

/** How each display option's cells are read: by the kind of parameter it would be (their docs are never shown). */
const DISPLAY_SPECS: Readonly<Record<ReservedOption, ParamSpec>> = {
  headers: str("headers", "headers"),
  layout: str("layout", "layout"),
  stats: bool("stats", "stats"),
  dates: str("dates", "dates"),
};

/** Convenience names for the two parts of `order`. */
const ORDER_FIELD = "orderField";
const ORDER_DESC = "orderDesc";
const ORDER_DESC_SPEC: ParamSpec = bool(ORDER_DESC, "orderDesc");

export interface ParsedFilters {
  readonly params: Record<string, unknown>;
  readonly display: DisplayOptions;
}

interface RawFilter {
  readonly name: string;
  /** The row's cells after the name, as typed (blank cells included: the parameter's kind reads them). */
  readonly values: readonly unknown[];
}

const labelOf = (name: string) => t("inFilters", { name });

/** A cell that is blank, or a 0 where no value can be (a name, a row's structure): see src/api/kinds/read.ts. */
const isVacant = (cell: unknown) => isBlank(cell) || cell === 0;

function textPairs(text: string): RawFilter[] {
  return text
    .split(/[;\r\n]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => {
      const eq = part.indexOf("=");
      if (eq <= 0)
        throw argumentError("filters", "filters", "format", t("filters.nameValue", { got: showValue(part) }));
      const value = part.slice(eq + 1).trim();
      // "minPrice=10, maxPrice=50": a comma where a semicolon was meant would make one filter of two.
      const glued = /,\s*([A-Za-z][A-Za-z0-9]*)\s*=/.exec(value);
      if (glued)
        throw argumentError(
          "filters",
          "filters",
          "format",
          t("filters.semicolons", {
            example: showValue(`${part.slice(0, eq).trim()}=${value.slice(0, glued.index).trim()}; ${glued[1]}=...`),
          }),
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

/** The filters a range or text names, in order; blank rows dropped, values kept as typed. */
function rawFilters(arg: unknown): RawFilter[] {
  const out: RawFilter[] = [];
  const rows = rowsOf(arg);
  for (const row of isHeaderRow(rows[0] ?? []) ? rows.slice(1) : rows) {
    const [first, ...rest] = row;
    const filled = rest.filter((cell) => !isVacant(cell));
    if (isVacant(first)) {
      if (filled.length)
        throw argumentError(
          "filters",
          "filters",
          "format",
          t("filters.valueWithoutName", { got: showValue(filled[0]) }),
        );
      continue;
    }
    // A card (a data type, passed as its JSON) where a name goes: its values are read by kind, never its name.
    if (typeof first === "object") throw argumentError("filters", "filters", "format", t("filters.nameIsDataType"));
    if (row.length === 1 || (!filled.length && typeof first === "string" && first.includes("="))) {
      out.push(...textPairs(String(first)));
    } else {
      out.push({ name: String(first).trim(), values: rest });
    }
  }
  return out;
}

/** Names users may not set in filters, with what to use instead. */
function movedName(op: AnyOperation, spec: ParamSpec): string | undefined {
  const reason = notAFilterBecause(op, spec);
  switch (reason) {
    case undefined:
      return undefined;
    case "market":
      return t("filters.useMarket");
    case "positional":
      return t("filters.useArgument", { arg: op.positional.find((p) => p.param === spec.name)?.arg ?? spec.name });
    case "paging":
      return t("filters.paging");
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

function choiceOf<T extends string>(name: string, text: string, choices: readonly [T, T]): T {
  const hit = choices.find((c) => c === text.toLowerCase());
  if (!hit) {
    const expected = t("filters.or", { first: choices[0], second: choices[1] });
    throw argumentError(name, labelOf(name), "enum", t("filters.choice", { choices: expected, got: showValue(text) }));
  }
  return hit;
}

/** `headers`: TRUE or `names` (the columns' API names), FALSE (none) or `labels` (their words). */
function withHeaders(value: unknown, label: string, display: DisplayOptions): DisplayOptions {
  const text = String(value);
  const word = text.toLowerCase();
  if (word === "labels") return { ...display, headers: true, headerLabels: true };
  if (word === "names") return { ...display, headers: true, headerLabels: false };
  const b = booleanValue(text);
  if (b === undefined) throw argumentError("headers", label, "type", t("filters.headers", { got: showValue(text) }));
  return { ...display, headers: b, headerLabels: false };
}

/**
 * A function's own `headers` argument (MAD.PRODUCTS, which has no `filters`), read as `headers` in `filters` is, as
 * STOCKHISTORY's `headers` is an argument of its own; blank = the default header.
 */
export function headersArgument(raw: unknown): DisplayOptions {
  const value = readCells(DISPLAY_SPECS.headers, raw, { label: "headers", params: {} });
  return value === undefined ? DEFAULT_DISPLAY : withHeaders(value, "headers", DEFAULT_DISPLAY);
}

/** A display option's effect, from its value as its kind reads it. */
function applyDisplay(op: AnyOperation, name: ReservedOption, value: unknown, display: DisplayOptions): DisplayOptions {
  const label = labelOf(name);
  switch (name) {
    case "headers":
      return withHeaders(value, label, display);
    case "dates":
      return { ...display, dates: choiceOf(name, String(value), ["serial", "text"]) };
    case "layout":
      if (op.shape !== "object") throw argumentError(name, label, "option", t("filters.layoutOnly", { fn: op.fn }));
      return { ...display, layout: choiceOf(name, String(value), ["vertical", "horizontal"]) };
    case "stats":
      if (op.shape !== "itemsWithStats")
        throw argumentError(name, label, "option", t("filters.statsOnly", { fn: op.fn }));
      return { ...display, stats: value === true };
    default: {
      const unhandled: never = name;
      return unhandled;
    }
  }
}

/** Parses `filters` into the operation's parameters and the display options; throws a ValidationError. */
export function parseFilters(op: AnyOperation, arg: unknown, fixed: Readonly<Record<string, unknown>>): ParsedFilters {
  const specs = op.params as readonly ParamSpec[];
  const params: Record<string, unknown> = {};
  const seen = new Set<string>();
  let display = DEFAULT_DISPLAY;
  let orderParts: { field?: string; desc?: boolean } | undefined;
  const orderSpec = specs.find((p) => p.kind === "order");
  const read = (spec: ParamSpec, f: RawFilter, name = spec.name) => {
    const context: ReadContext = { label: labelOf(name), params: { ...fixed, ...params } };
    return readCells(spec, f.values, context);
  };

  for (const f of rawFilters(arg)) {
    const lower = f.name.toLowerCase();
    const spec = specs.find((p) => [p.name, ...(p.aliases ?? [])].some((name) => name.toLowerCase() === lower));
    // Both spellings of one parameter (minAmzUnit and minPlatformUnit) are one filter.
    const key = spec ? spec.name.toLowerCase() : lower;
    if (seen.has(key)) throw argumentError(f.name, labelOf(f.name), "duplicate", t("filters.twice"));
    seen.add(key);
    const reserved = RESERVED_NAMES.find((n) => n === lower);
    const isOrderPart = orderSpec && (lower === ORDER_FIELD.toLowerCase() || lower === ORDER_DESC.toLowerCase());
    if (lower === "returnfields") throw argumentError(f.name, labelOf(f.name), "moved", t("filters.useFields"));
    if (!reserved && !spec && !isOrderPart) {
      const hint = didYouMean(f.name, filterNames(op));
      throw argumentError(
        f.name,
        "filters",
        "unknownParam",
        t("filters.unknown", { got: showValue(f.name), fn: op.fn, hint: hint ?? "none" }),
      );
    }
    const instead = spec && movedName(op, spec);
    if (spec && instead)
      throw argumentError(spec.name, labelOf(spec.name), "moved", t("filters.notAFilter", { instead }));
    if (reserved) {
      const value = read(DISPLAY_SPECS[reserved], f);
      if (value !== undefined) display = applyDisplay(op, reserved, value, display);
    } else if (isOrderPart && orderSpec) {
      const isDesc = lower === ORDER_DESC.toLowerCase();
      const value = isDesc ? read(ORDER_DESC_SPEC, f) : read(orderSpec, f, ORDER_FIELD);
      if (value === undefined) continue;
      orderParts ??= {};
      if (isDesc) orderParts.desc = value as boolean;
      else orderParts.field = (value as { field?: string }).field;
    } else if (spec) {
      // A cleared value means "not set".
      const value = read(spec, f);
      if (value !== undefined) params[spec.name] = value;
    }
  }

  if (orderParts) {
    if ("order" in params)
      throw argumentError(
        "order",
        labelOf("order"),
        "duplicate",
        t("filters.orderTwice", { field: ORDER_FIELD, desc: ORDER_DESC }),
      );
    params.order = orderParts;
  }
  return { params, display };
}
