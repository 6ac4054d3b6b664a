/**
 * The parameter kinds: one table entry per kind, each with every part the add-in needs of it (kind.ts): its traits,
 * its validation schema, its reader from cells, its form control, its reader from the form and its words. The
 * `ParamKind` union is this table's keys, so a new kind is one entry here (its parts in its own file beside the
 * others), and the compiler refuses an entry that lacks a part (test/api/param-kinds.types.test.ts).
 */
import type * as z from "zod/mini";
import type { AnyParamSpec } from "../param-spec";
import { BOOLEAN_KIND } from "./boolean";
import { MONTH_KIND, SATURDAY_KIND, WEEK_OR_MONTH_KIND } from "./dates";
import type { KindDefinition, KindTraits } from "./kind";
import { INTEGER_LIST_KIND } from "./integer-list";
import { CSV_KIND, STRING_LIST_KIND } from "./lists";
import { INTEGER_KIND, NUMBER_KIND } from "./number";
import { ORDER_KIND } from "./order";
import { MARKETPLACE_KIND, STRING_KIND } from "./text";
import { TIMESTAMP_KIND } from "./timestamp";

export const PARAM_KINDS = {
  /** One of MARKETPLACES (case-insensitive, aliases accepted). */
  marketplace: MARKETPLACE_KIND,
  string: STRING_KIND,
  integer: INTEGER_KIND,
  number: NUMBER_KIND,
  boolean: BOOLEAN_KIND,
  /** `yyyyMM`, not in the future, at most `maxMonthsBack` months back when set. */
  month: MONTH_KIND,
  /** `yyyyMMdd` that falls on a Saturday, not in the future. */
  saturday: SATURDAY_KIND,
  /** `yyyyMMdd` Saturday or `yyyyMM`, chosen by the value of `switchParam` (see `formats`). */
  weekOrMonth: WEEK_OR_MONTH_KIND,
  /** A JSON array of strings (`maxItems`, `pattern`, `options` apply per item). */
  stringList: STRING_LIST_KIND,
  /** One string of comma-separated values (`options` apply per value). */
  csv: CSV_KIND,
  /** A JSON array of whole numbers (`maxItems`; `options`, `min` and `max` apply per item). */
  integerList: INTEGER_LIST_KIND,
  /** A moment sent as epoch milliseconds, typed as a date. */
  timestamp: TIMESTAMP_KIND,
  /** `{field, desc}`; `sortFields` lists the allowed fields when the service's set is known. */
  order: ORDER_KIND,
} as const satisfies Readonly<Record<string, KindDefinition>>;

/** How a request parameter is typed, checked, read and edited: one entry of PARAM_KINDS each. */
export type ParamKind = keyof typeof PARAM_KINDS;

/** The kind of a parameter. */
export const kindOf = (spec: { readonly kind: string }): KindDefinition => {
  const kind = (PARAM_KINDS as Readonly<Record<string, KindDefinition>>)[spec.kind];
  if (!kind) throw new Error(`no parameter kind ${spec.kind}`);
  return kind;
};

export const traitsOf = (kind: ParamKind): KindTraits => PARAM_KINDS[kind].traits;

const SCHEMAS = new WeakMap<AnyParamSpec, z.ZodMiniType<unknown>>();

/** The validation schema of a parameter, built once per spec. */
export function schemaOf(spec: AnyParamSpec): z.ZodMiniType<unknown> {
  let schema = SCHEMAS.get(spec);
  if (!schema) SCHEMAS.set(spec, (schema = kindOf(spec).schema(spec)));
  return schema;
}
