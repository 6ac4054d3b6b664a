/**
 * Builders for record field lists and the types derived from them. A list is written once with these builders
 * (`as const`), and `RecordFrom<typeof LIST>` gives the record type, so a field is described once.
 */
import type { FieldSpec, FieldType } from "../catalog-types";

type F<N extends string, T extends FieldType> = FieldSpec & { readonly name: N; readonly type: T };
type Obj<N extends string, T extends "object" | "objectList", Fs extends readonly FieldSpec[]> = Omit<
  FieldSpec,
  "fields"
> & {
  readonly name: N;
  readonly type: T;
  readonly fields: Fs;
};
type Extra = Partial<
  Pick<FieldSpec, "aliases" | "noneSentinel" | "format" | "serviceLabel" | "epochDay" | "numberAsText">
>;

const field =
  <T extends Exclude<FieldType, "object" | "objectList">>(type: T) =>
  <const N extends string>(name: N, doc: string, extra: Extra = {}): F<N, T> => ({ name, type, doc, ...extra });

export const s = field("string");
export const i = field("integer");
export const n = field("number");
export const b = field("boolean");
export const ms = field("epochMs");
export const dt = field("dateText");
export const sl = field("stringList");
export const nl = field("numberList");
export const vi = field("valueItem");
export const slm = field("stringListMap");
export const u = field("unknown");
export const obj = <const N extends string, const Fs extends readonly FieldSpec[]>(
  name: N,
  doc: string,
  fields: Fs,
  extra: Extra = {},
): Obj<N, "object", Fs> => ({
  name,
  type: "object",
  doc,
  fields,
  ...extra,
});
export const objList = <const N extends string, const Fs extends readonly FieldSpec[]>(
  name: N,
  doc: string,
  fields: Fs,
  extra: Extra = {},
): Obj<N, "objectList", Fs> => ({ name, type: "objectList", doc, fields, ...extra });

/** {min, max, value} as the service sends it (keyword conversion bids, CPA, budget, ACoS). */
interface ValueItem {
  min: number | null;
  max: number | null;
  value: number | null;
}

type ScalarOf<T extends FieldType> = T extends "string" | "dateText"
  ? string
  : T extends "integer" | "number" | "epochMs"
    ? number
    : T extends "boolean"
      ? boolean
      : T extends "stringList"
        ? string[]
        : T extends "numberList"
          ? number[]
          : T extends "valueItem"
            ? ValueItem
            : T extends "stringListMap"
              ? Record<string, string[]>
              : unknown;

type ValueOf<X extends FieldSpec> = X extends { type: "object"; fields: infer Fs extends readonly FieldSpec[] }
  ? RecordFrom<Fs>
  : X extends { type: "objectList"; fields: infer Fs extends readonly FieldSpec[] }
    ? RecordFrom<Fs>[]
    : ScalarOf<X["type"]>;

/** The record type a field list describes; every documented field may be null (unavailable). */
export type RecordFrom<Fs extends readonly FieldSpec[]> = { [X in Fs[number] as X["name"]]: ValueOf<X> | null };
