/**
 * Everything that varies by parameter kind, in one table. The kind union is derived from it, so a new kind is one new
 * row here; every `switch` over kinds ends in a `never` check, so the compiler then lists each place that must handle
 * it (test/api/param-kinds.types.test.ts proves this).
 */

/** The text format a date kind takes: fixed, or chosen per call by its switch parameter (`formats`). */
export type KindDateFormat = "month" | "saturday" | "bySwitch";

/** How a parameter's cells become its value: one value, or a list sent as an array or as one comma-joined text. */
export type KindList = "single" | "array" | "csv";

/** The families of form controls; the task pane maps each to its components. */
export type KindControl =
  "marketplace" | "text" | "number" | "boolean" | "month" | "saturday" | "weekOrMonth" | "list" | "order";

export interface KindTraits {
  /** Words for messages: `expected <words>`. */
  readonly words: string;
  /** Short words for the function reference (docs). */
  readonly docWords: string;
  /** TypeScript type of a positional argument in the generated wrappers (custom-functions-metadata maps it). */
  readonly excelArgument: "string" | "unknown" | "unknown[][]";
  /** The date format, for date kinds. */
  readonly dateFormat?: KindDateFormat;
  readonly list: KindList;
  /** Whether a typed value is a number (a hand-typed value of an open numeric option list stays a number). */
  readonly numeric: boolean;
  readonly control: KindControl;
}

export const PARAM_KINDS = {
  marketplace: {
    words: "a marketplace code such as US",
    docWords: "market code",
    excelArgument: "string",
    list: "single",
    numeric: false,
    control: "marketplace",
  },
  string: {
    words: "text",
    docWords: "text",
    excelArgument: "string",
    list: "single",
    numeric: false,
    control: "text",
  },
  integer: {
    words: "a whole number",
    docWords: "whole number",
    excelArgument: "string",
    list: "single",
    numeric: true,
    control: "number",
  },
  number: {
    words: "a number",
    docWords: "number",
    excelArgument: "string",
    list: "single",
    numeric: true,
    control: "number",
  },
  boolean: {
    words: "TRUE or FALSE",
    docWords: "TRUE/FALSE",
    excelArgument: "string",
    list: "single",
    numeric: false,
    control: "boolean",
  },
  month: {
    words: "a month as yyyyMM",
    docWords: "yyyyMM",
    excelArgument: "unknown",
    dateFormat: "month",
    list: "single",
    numeric: false,
    control: "month",
  },
  saturday: {
    words: "a date as yyyyMMdd",
    docWords: "yyyyMMdd (Saturday)",
    excelArgument: "unknown",
    dateFormat: "saturday",
    list: "single",
    numeric: false,
    control: "saturday",
  },
  weekOrMonth: {
    words: "a date as yyyyMMdd or a month as yyyyMM",
    docWords: "yyyyMMdd or yyyyMM",
    excelArgument: "unknown",
    dateFormat: "bySwitch",
    list: "single",
    numeric: false,
    control: "weekOrMonth",
  },
  stringList: {
    words: "a list of texts",
    docWords: "list",
    excelArgument: "unknown[][]",
    list: "array",
    numeric: false,
    control: "list",
  },
  csv: {
    words: "comma-separated values",
    docWords: "list",
    excelArgument: "string",
    list: "csv",
    numeric: false,
    control: "list",
  },
  order: {
    words: "an order {field, desc}",
    docWords: "field asc/desc",
    excelArgument: "string",
    list: "single",
    numeric: false,
    control: "order",
  },
} as const satisfies Record<string, KindTraits>;

/** How a request parameter is typed and checked; one row of PARAM_KINDS each (see `ParamKind` in catalog-types). */
export type ParamKind = keyof typeof PARAM_KINDS;

/** The traits of a kind, typed as the interface (not the literal row) so optional traits read uniformly. */
export const traitsOf = (kind: ParamKind): KindTraits => PARAM_KINDS[kind];
