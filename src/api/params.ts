/**
 * Small builders for catalog rows. The spec repeats the same parameter shapes (paging, order, min/max pairs,
 * category-market parameters) across operations, so each shape is written once here. The builders keep
 * parameter names and kinds as literal types, so request types are derived from the catalog rows themselves.
 */
import { type EnumOption, type Marketplace, type ParamKind, type ParamSpec, type ScalarValue } from "./catalog-types";
import { PARAM_KINDS } from "./kinds";

/** A ParamSpec whose name, kind and required flag are known to the type system. */
export type Param<
  N extends string = string,
  K extends ParamKind = ParamKind,
  R extends boolean = boolean,
> = ParamSpec & {
  readonly name: N;
  readonly kind: K;
  readonly required?: R;
};

type Extra = Partial<Omit<ParamSpec, "name" | "kind" | "doc" | "required">>;

/**
 * A parameter of a kind, with the caps its kind gives (kinds/kind.ts: no real query needs to exceed them, so one
 * formula cannot send a huge paid request) unless the row says otherwise (a smaller documented maximum).
 */
export const param =
  <K extends ParamKind>(kind: K) =>
  <const N extends string>(name: N, doc: string, extra: Extra = {}): Param<N, K, false> => ({
    name,
    kind,
    doc,
    section: "filters",
    ...PARAM_KINDS[kind].caps,
    ...extra,
  });

export const str = param("string");
export const int = param("integer");
export const num = param("number");
export const bool = param("boolean");
export const month = param("month");
export const list = param("stringList");
export const csv = param("csv");
export const intList = param("integerList");
export const saturday = param("saturday");
export const timestamp = param("timestamp");

/** A date whose format follows another parameter: `formats` maps that parameter's values to a format. */
export const weekOrMonth = <const N extends string>(
  name: N,
  doc: string,
  switchParam: string,
  formats: Readonly<Record<string, "saturday" | "month">>,
): Param<N, "weekOrMonth", false> => ({
  name,
  kind: "weekOrMonth",
  doc,
  section: "filters",
  switchParam,
  formats,
  maxMonthsBack: 24,
});

export const opts = (...pairs: readonly (readonly [string | number, string])[]): readonly EnumOption[] =>
  pairs.map(([value, label]) => ({ value, label }));

/** Options that only some marketplaces have: `forMarkets(["UK", "DE"], opts(...))`. */
export const forMarkets = (markets: readonly Marketplace[], options: readonly EnumOption[]): readonly EnumOption[] =>
  options.map((o) => ({ ...o, markets }));

/** `month=nearly`: the last 30 days, where the official table points `month` to table 1.1. */
export const NEARLY = opts(["nearly", "Last 30 days"]);

/** Marks a parameter required; required parameters are the main fields of the builder. */
export const required = <N extends string, K extends ParamKind>(p: Param<N, K>): Param<N, K, true> => ({
  ...p,
  required: true,
  section: "main",
});

/** The marketplace, any of the 13 codes the service accepts (param-spec.ts: MARKETPLACES). */
export const marketplace: Param<"marketplace", "marketplace", true> = {
  name: "marketplace",
  kind: "marketplace",
  doc: "Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.",
  required: true,
  section: "main",
};

export const page = () => int("page", "Page number, from 1.", { min: 1, default: 1, role: "page", section: "paging" });

/** Page size; `max` undefined where the spec gives no maximum (the engine then pages with the default). */
export const size = (def: number, max: number | undefined) =>
  int("size", `Rows per page (default ${def}${max ? `, at most ${max}` : ""}).`, {
    min: 1,
    ...(max === undefined ? {} : { max }),
    default: def,
    role: "size",
    section: "paging",
  });

export const fixedSize = (value: number) =>
  int("size", `Rows per page; the service accepts only ${value}.`, {
    fixed: value,
    default: value,
    role: "size",
    section: "paging",
  });

/**
 * The order object. `sortFields` closed = the service's set is known (reference-values.md) and enforced;
 * `open` = the fields are suggestions only.
 */
export const order = (
  orderDefault: { field?: string; desc: boolean },
  sortFields?: readonly string[],
  open = false,
): Param<"order", "order", false> => ({
  name: "order",
  kind: "order",
  doc: "Sort order: a field and whether to sort descending.",
  role: "order",
  section: "paging",
  orderDefault,
  ...(sortFields ? { sortFields } : {}),
  ...(open ? { openOptions: true } : {}),
});

type RangeParams<B extends string, K extends "integer" | "number"> = Param<`min${B}` | `max${B}`, K, false>;

/**
 * A range pair: the base name as the live service spells it, its words, and optionally the spec's neutral base
 * name, which users may type too (`["AmzUnit", "monthly child units", "PlatformUnit"]`).
 */
type RangeRow = readonly [base: string, doc: string, specBase?: string];

/** min<Name>/max<Name> pairs of one numeric kind: `ranges("integer", ["Searches", "searches"], ...)`. */
export const ranges = <K extends "integer" | "number", const T extends readonly RangeRow[]>(
  kind: K,
  ...pairs: T
): RangeParams<T[number][0], K>[] =>
  pairs.flatMap(([base, doc, specBase]) =>
    (["min", "max"] as const).map((side) => ({
      name: `${side}${base}` as `min${T[number][0]}`,
      kind,
      doc: `${side === "min" ? "Minimum" : "Maximum"} ${doc}.`,
      ...(specBase ? { aliases: [`${side}${specBase}`] } : {}),
      role: side === "min" ? ("rangeMin" as const) : ("rangeMax" as const),
      range: base,
      section: "ranges" as const,
    })),
  );

/** Bounds for both sides of a pair already built by `ranges` (relevancy 0..100). */
export const bounded = <P extends ParamSpec>(params: P[], base: string, min: number, max: number): P[] =>
  params.map((p) => (p.range === base ? { ...p, min, max } : p));

export const matchType = (def: ScalarValue, options: readonly EnumOption[], doc = "How the keyword is matched.") =>
  int("matchType", doc, { options, default: def });

export const PHRASE_FUZZY_EXACT = opts([1, "Phrase"], [2, "Fuzzy"], [3, "Exact"]);
export const YES_NO_VARIANTS = opts(["N", "Include variants"], ["Y", "Exclude variants"]);

export const nodeIdPath = () =>
  str("nodeIdPath", "Category node ids joined by ':' from root to leaf, e.g. 172282:281407.", {
    pattern: "nodeIdPath",
  });

export const asinList = <const N extends string>(name: N, maxItems: number | undefined, doc: string) =>
  list(name, doc, { pattern: "asin", ...(maxItems === undefined ? {} : { maxItems }) });

/** yyyyMM within the 24 months the service keeps. */
export const yearMonth = <const N extends string>(name: N, doc: string, extra: Extra = {}) =>
  month(name, doc, { maxMonthsBack: 24, ...extra });

/** The parameters every category-market operation shares; nodeIdPath is what the operation is about. */
export const marketParams = () =>
  [
    marketplace,
    required(nodeIdPath()),
    yearMonth("month", "Month yyyyMM; omitted = the last 30 days."),
    int("topN", "Number of top listings the figures are computed over.", { min: 1 }),
    int("newProduct", "Definition of a new product (listing age counted as new).", { min: 1 }),
  ] as const;
