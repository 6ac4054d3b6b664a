/**
 * The vocabulary of the operation catalog. Everything that knows about an operation (client validation,
 * simulator routes, custom-function wrappers, query-builder forms, docs) reads these shapes; nothing else
 * describes an operation a second time.
 */

/** Marketplace codes of the live service (reference-values.md). `GB` is accepted as an alias of `UK`. */
export const MARKETPLACES = [
  { code: "US", currency: "USD", label: "United States" },
  { code: "JP", currency: "JPY", label: "Japan" },
  { code: "UK", currency: "GBP", label: "United Kingdom" },
  { code: "DE", currency: "EUR", label: "Germany" },
  { code: "FR", currency: "EUR", label: "France" },
  { code: "IT", currency: "EUR", label: "Italy" },
  { code: "ES", currency: "EUR", label: "Spain" },
  { code: "CA", currency: "CAD", label: "Canada" },
  { code: "IN", currency: "INR", label: "India" },
] as const;
export type Marketplace = (typeof MARKETPLACES)[number]["code"];
export const MARKETPLACE_ALIASES: Readonly<Record<string, Marketplace>> = { GB: "UK" };

/** The marketplace a typed code names (`gb` -> `UK`), or undefined. */
export function marketplaceOf(code: unknown): Marketplace | undefined {
  const text = String(code ?? "")
    .trim()
    .toUpperCase();
  const hit = MARKETPLACE_ALIASES[text] ?? MARKETPLACES.find((m) => m.code === text)?.code;
  return hit;
}

/** The options that belong to a marketplace (all of them when none is chosen yet). */
export function optionsForMarket(options: readonly EnumOption[], market: unknown): readonly EnumOption[] {
  const chosen = marketplaceOf(market);
  return chosen ? options.filter((o) => !o.markets || o.markets.includes(chosen)) : options;
}

/**
 * How a request parameter is typed and checked.
 * - `marketplace`: one of MARKETPLACES (case-insensitive, aliases accepted).
 * - `month`: `yyyyMM`, not in the future, at most `maxMonthsBack` months back when set.
 * - `saturday`: `yyyyMMdd` that falls on a Saturday, not in the future.
 * - `weekOrMonth`: `yyyyMMdd` Saturday or `yyyyMM`, chosen by the value of `switchParam` (see `formats`).
 * - `stringList`: JSON array of strings (`maxItems`, `itemPattern`, `options` apply per item).
 * - `csv`: one string of comma-separated values (`options` apply per value).
 * - `order`: `{field, desc}`; `sortFields` lists the allowed fields when the service's set is known.
 */
export type { ParamKind } from "./param-kinds";
import type { ParamKind } from "./param-kinds";

export type ScalarValue = string | number | boolean;

export interface EnumOption {
  /** The value as the live service spells it; what goes on the wire. */
  readonly value: string | number;
  readonly label: string;
  /** Other spellings users may type (the spec's neutral `PLT` for the service's `AMZ`); always sent as `value`. */
  readonly aliases?: readonly string[];
  /**
   * The marketplaces this value belongs to (size tiers differ per market); absent = every marketplace. The builder
   * offers the chosen market's values; validation accepts every listed value, since the service is the judge.
   */
  readonly markets?: readonly Marketplace[];
}

/** Text patterns a string (or each list item) must match. */
export type TextPattern = "asin" | "nodeIdPath";

/** Why a parameter is there; the engine, the builder and the functions treat these roles specially. */
export type ParamRole = "page" | "size" | "order" | "rangeMin" | "rangeMax";

export interface ParamSpec {
  /** Wire name, exactly as the live service spells it (its official parameter table). */
  readonly name: string;
  /** Other names users may type (the spec's neutral names, e.g. `minPlatformUnit`); always sent as `name`. */
  readonly aliases?: readonly string[];
  readonly kind: ParamKind;
  /** One line for tooltips, builder help and docs. */
  readonly doc: string;
  readonly required?: boolean;
  /** The service's documented default. Informational: the client never sends a default it was not given. */
  readonly default?: ScalarValue;
  /** Allowed values. With `openOptions`, they are suggestions only (the service's set is not fully known). */
  readonly options?: readonly EnumOption[];
  readonly openOptions?: boolean;
  /** Numeric bounds (inclusive) for integer and number kinds. */
  readonly min?: number;
  readonly max?: number;
  /** The only value the service accepts (size of order-word lookup). */
  readonly fixed?: number;
  /** List length limit for stringList and csv. */
  readonly maxItems?: number;
  /** Length limit (characters) of a text, or of each item of a stringList or csv. */
  readonly maxLength?: number;
  /** Pattern for a string, or for each item of a stringList. */
  readonly pattern?: TextPattern;
  /** Words a date parameter takes besides its format (month `nearly`: the last 30 days, table 1.1). */
  readonly words?: readonly EnumOption[];
  /** For month kinds: how far back the service has data. */
  readonly maxMonthsBack?: number;
  /** For weekOrMonth: the parameter whose value picks the format, and the format per value. */
  readonly switchParam?: string;
  readonly formats?: Readonly<Record<string, "saturday" | "month">>;
  /** For order: sort fields and the documented default. */
  readonly sortFields?: readonly string[];
  readonly orderDefault?: { readonly field?: string; readonly desc: boolean };
  readonly role?: ParamRole;
  /** For rangeMin/rangeMax: the shared base name (`Price` for minPrice/maxPrice). */
  readonly range?: string;
  /** Where the builder puts the field. */
  readonly section?: "main" | "filters" | "ranges" | "paging";
}

/** Field types of response records. */
export type FieldType =
  | "string"
  | "integer"
  | "number"
  | "boolean"
  /** epoch milliseconds; shown as an Excel date-time (UTC), or as a calendar day with `epochDay` */
  | "epochMs"
  /**
   * a date string: months (`yyyy.MM`, `yyyyMM`, `2017年01月`) spill as the first day of the month, days
   * (`yyyyMMdd`, `yyyy-MM-dd`) as that day, years (`yyyy`) as numbers; anything else stays text
   */
  | "dateText"
  | "stringList"
  /** {min, max, value} */
  | "valueItem"
  /** map of label -> list of strings */
  | "stringListMap"
  | "object"
  | "objectList"
  /** documented but of unknown shape (e.g. `trends`, `topAsins`); passed through */
  | "unknown";

/** Display hint for number columns; drives table number formats. */
export type NumberFormatHint = "integer" | "decimal" | "currency" | "percent" | "fraction";

export interface FieldSpec {
  readonly name: string;
  readonly type: FieldType;
  readonly doc: string;
  /** Nested fields for object and objectList. */
  readonly fields?: readonly FieldSpec[];
  /** Names the live service uses for this field (normalized to `name` on parse). */
  readonly aliases?: readonly string[];
  /** A number meaning "none" (price -1); shown blank. */
  readonly noneSentinel?: number;
  readonly format?: NumberFormatHint;
  /** A label from a known set the service sends in Chinese (countries, buckets): read in English. */
  readonly englishLabel?: true;
  /**
   * An epochMs field holding midnight of a calendar day in the service's calendar (China time, UTC+8): spilled as
   * that day (202411 stays 2024-11-01, not 2024-10-31 16:00 UTC).
   */
  readonly epochDay?: true;
}

/** How `data` is shaped in a successful response. */
export type ResponseShape =
  /** {page, pages, size, total, items, ...} */
  | "paged"
  /** a bare array of records */
  | "array"
  /** one record object */
  | "object"
  /** {marketplace, asin, total, items, stats} (traffic keywords of a product) */
  | "itemsWithStats";

/**
 * The groups of operations, with their names for people; the group union is this table's keys. Each group's
 * operations are in catalog/<group>.ts, its records in records/<group>.ts; the catalog's index lists each group.
 */
export const GROUP_LABELS = {
  product: "Product data",
  keyword: "Keyword data",
  aba: "Search frequency (ABA)",
  market: "Category market",
} as const;
export type OperationGroup = keyof typeof GROUP_LABELS;

/** A positional argument of the MAD function: `arg` is what users see, `param` the wire name it fills. */
export interface PositionalArg {
  readonly arg: string;
  readonly param: string;
}

/**
 * A rule that spans parameters (min <= max pairs are implied by `range` and need no entry here).
 * - noOrderWithFilters: ordering by `field` is refused while any filter parameter is set (keyword mining).
 */
export type CrossRule = {
  readonly kind: "noOrderWithFilters";
  readonly field: string;
  readonly filterParams: readonly string[];
};

/** How an operation goes on the wire: POST with a JSON body (most), or GET with the parameters in the query. */
export type HttpMethod = "GET" | "POST";
