/**
 * The vocabulary of the operation catalog. Everything that knows about an operation (client validation,
 * simulator routes, custom-function wrappers, query-builder forms, docs) reads these shapes; nothing else
 * describes an operation a second time.
 */

export * from "./param-spec";
import type { ParamSpecOf } from "./param-spec";
import type { ParamKind } from "./kinds";
export type { ParamKind } from "./kinds";

/**
 * How a request parameter is typed and checked: its kind (one row of PARAM_KINDS in kinds/index.ts, which says how
 * each kind is validated, read from cells and from the form, and worded) and the rules its row sets.
 */
export type ParamSpec = ParamSpecOf<ParamKind>;

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
  /** a list of numbers (trademark Nice classes [5, 9]); spilled comma-joined like a list of texts */
  | "numberList"
  /** {min, max, value} */
  | "valueItem"
  /** map of label -> list of strings */
  | "stringListMap"
  | "object"
  | "objectList"
  /** documented but of unknown shape (e.g. `trends`, `topAsins`); passed through */
  | "unknown";

const NON_SCALAR_TYPES = [
  "stringList",
  "numberList",
  "valueItem",
  "stringListMap",
  "object",
  "objectList",
  "unknown",
] as const satisfies readonly FieldType[];

/** The field types whose values are lists, objects or of unknown shape: not one number, date, yes/no or text. */
type NonScalarFieldType = (typeof NON_SCALAR_TYPES)[number];

export function isNonScalarType(type: FieldType): type is NonScalarFieldType {
  return (NON_SCALAR_TYPES as readonly FieldType[]).includes(type);
}

/**
 * Display hint for number columns; drives table number formats. Rates come in three scales and all spill as
 * fractions with a `0.00%` format: `fraction` (0.0831), `percent` (8.31, divided by 100), `perMille` (3.18 ‰, a
 * search-to-purchase ratio, divided by 1000).
 */
export type NumberFormatHint = "integer" | "decimal" | "currency" | "percent" | "perMille" | "fraction";

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
  /**
   * A number the service sends as text (`"22187"`, `"1.38"`: the demand trend's docs type them String). Spilled as
   * the number it holds; a text that is not a number stays text.
   */
  readonly numberAsText?: true;
  /**
   * A label from a known set the service sends in Chinese (countries, buckets): shown as sent to a Chinese reader,
   * in English to others (src/i18n/labels.ts), wherever it is shown (cells, tables, the pane's preview).
   */
  readonly serviceLabel?: true;
  /**
   * An epochMs field holding midnight of a calendar day: in the service's calendar (`true`: China time, UTC+8), or
   * `"utc"` (Google Trends points). Spilled as that day (202411 stays 2024-11-01, not 2024-10-31 16:00 UTC).
   */
  readonly epochDay?: true | "utc";
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
  | "itemsWithStats"
  /**
   * One object whose `items` are the rows (a trend): the object's other fields are the same for every row and are
   * carried into each (google trend: {marketplace, keyword, link, items}).
   */
  | "series"
  /** One object of counts by facet, each a list of {key, count, label?}: one row per facet and key (trademark stats) */
  | "facets";

/**
 * The groups of operations, with their names for people; the group union is this table's keys. Each group's
 * operations are in catalog/<group>.ts, its records in records/<group>.ts; the catalog's index lists each group.
 */
export const GROUP_LABELS = {
  product: "Product data",
  asin: "One product (ASIN)",
  keyword: "Keyword data",
  aba: "Search frequency (ABA)",
  market: "Category market",
  trends: "Search trends (Google)",
  trademark: "Trademarks",
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
