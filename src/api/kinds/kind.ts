/**
 * What a parameter kind is: one table entry (kinds/index.ts) with every part the add-in needs of it. Each part is
 * required, so a kind that lacks one does not compile (test/api/param-kinds.types.test.ts proves it).
 */
import type * as z from "zod/mini";
import { t } from "../../i18n/cells";
import { ValidationError } from "../errors";
import type { AnyParamSpec } from "../param-spec";
import type { FieldControl, SetFormValue } from "./form-types";
import type { ReferenceHelpId, ReferenceWordId } from "../../i18n/reference";

export interface KindTraits {
  /** One value, or a list sent as an array or as one comma-joined text. */
  readonly list: "single" | "array" | "csv";
  /** The date format, for date kinds: fixed, or chosen per call by the switch parameter (`formats`). */
  readonly dateFormat?: "month" | "saturday" | "bySwitch";
  /**
   * What a number 0 in a cell is (some Excel builds pass a blank cell as 0, see kinds/read.ts): always a blank, or
   * the parameter's value wherever its own rules accept 0 (`minPrice` 0 is a price; `topN` 0 is a blank).
   */
  readonly zero: "blank" | "valueWhereValid";
  /**
   * TypeScript type of a positional argument in the generated wrappers (custom-functions-metadata maps it): one value
   * (`unknown`, Excel's `any`) or a range (`unknown[][]`). Never a typed `string` or `number`: a cell may hold a
   * number, a boolean or a date the reader converts itself, and a data type (a product card) reaches only an `any`
   * parameter as itself, for the reader to take its ASIN or name the field to give (kinds/read.ts).
   */
  readonly excelArgument: "unknown" | "unknown[][]";
}

/**
 * A kind's words: for cells in the active language (src/i18n/messages/<locale>/cells.ts), for the function
 * reference by id (src/i18n/messages/<locale>/reference.ts, read at build time only).
 */
export interface KindWords {
  /** For messages: `expected <expected>`. */
  readonly expected: () => string;
  /** For the function reference's filter tables (docs/functions.md). */
  readonly docs: ReferenceWordId;
  /** A positional argument's help in the wrappers, around the catalog's doc line; null: the doc line as it is. */
  readonly argumentHelp: ReferenceHelpId | null;
}

/** Where cells are read: what the person typed them as, and what has been read before them. */
export interface ReadContext {
  /** An argument (`keyword`) or a filter (`minPrice (in filters)`): how messages name it. */
  readonly label: string;
  /** The parameters read so far (a weekOrMonth date follows its switch parameter). */
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * Limits no real query needs to exceed, so one formula cannot send a huge paid request; the catalog's parameter
 * builders (src/api/params.ts) give every parameter of the kind these unless its row says otherwise.
 */
interface KindCaps {
  readonly maxLength?: number;
  readonly maxItems?: number;
}

/** A text, and each item of a list, at most 500 characters; a list at most 200 items. */
export const TEXT_CAPS = { maxLength: 500, maxItems: 200 } as const;

/**
 * A kind, typed by the value its schema gives (what a request holds for a parameter of it: `ParamsOf` reads it from
 * here, request-types.ts).
 */
export interface KindDefinition<Value = unknown> {
  readonly traits: KindTraits;
  /** Validation: the schema a value of this kind must pass (types, bounds, options, patterns) and its normal form. */
  readonly schema: (spec: AnyParamSpec) => z.ZodMiniType<Value>;
  /** The caps every parameter of the kind gets (a list's length, a text's). */
  readonly caps: KindCaps;
  /**
   * A value a careful person would type in a cell for a parameter of this kind, valid on `now` (a US one where
   * options differ per market): what the tests read in every way the add-in reads a value.
   */
  readonly sample: (spec: AnyParamSpec, now: Date) => string | number | boolean;
  /**
   * The reader from cells: the value of the parameter's cells, blanks already left out (one cell for a single
   * kind; one or more for a list). Reshapes only (text to numbers, ranges to lists); the schema judges.
   */
  readonly fromCells: (cells: readonly unknown[], spec: AnyParamSpec, context: ReadContext) => unknown;
  /** The form control that edits a parameter of this kind. */
  readonly control: (spec: AnyParamSpec) => FieldControl;
  /** The reader from the form: the request value of what its control holds (undefined: not set). */
  readonly fromForm: (value: SetFormValue, control: FieldControl, spec: AnyParamSpec) => unknown;
  readonly words: KindWords;
}

/** The first option a US reader may pick, if the parameter has options. */
export const firstOption = (spec: AnyParamSpec) =>
  spec.options?.find((o) => !o.markets || o.markets.includes("US"))?.value;

/** A text a person would type for the parameter: an ASIN, a node path or a word, by its pattern. */
export const sampleText = (spec: AnyParamSpec): string =>
  spec.pattern === "asin" ? "B07Z82895W" : spec.pattern?.startsWith("nodeId") ? "172282:281407" : "yoga";

/** An error about an argument; `label` names what the user typed (an argument, or a filter in `filters`). */
export function argumentError(param: string, label: string, rule: string, problem: string): ValidationError {
  return new ValidationError(param, rule, problem, [param], label);
}

/** An error about a parameter's cells, named as the person typed it (`context.label`). */
export const readError = (spec: Pick<AnyParamSpec, "name">, context: ReadContext, rule: string, detail: string) =>
  argumentError(spec.name, context.label, rule, detail);

/** A cell of the wrong type for the parameter: "expected `expected`, got …". */
export const cellTypeError = (
  spec: Pick<AnyParamSpec, "name">,
  context: ReadContext,
  expected: string,
  cell: unknown,
): ValidationError => readError(spec, context, "type", t("v.expected", { expected, got: show(cell) }));

/**
 * The words of a message's `(got ...)`: text quoted, lists and objects named. Never `String()` of an object: a
 * member's JSON `{"toString": "x"}` would throw inside the message meant to refuse it.
 */
export const show = (value: unknown) =>
  typeof value === "string"
    ? `"${value}"`
    : Array.isArray(value)
      ? t("aList")
      : typeof value === "object" && value !== null
        ? t("anObject")
        : String(value);
