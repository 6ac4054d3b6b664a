/**
 * Request and result types derived from the catalog rows: `ParamsOf<"product_research">` has `marketplace`
 * required and `minPrice?: number`, because the row says so. No operation's parameters are typed by hand.
 */
import type { OperationCode, OperationOf } from "./catalog";
import type { ParamKind } from "./catalog-types";
import type { PARAM_KINDS } from "./kinds";
import type { KindDefinition } from "./kinds/kind";
import type { Param } from "./params";
import type { RECORD_FIELDS, RecordFrom } from "./records";

/** The TypeScript type of a kind's value: what its schema gives (kinds/index.ts), never typed by hand. */
type ValueOfKind<K extends ParamKind> = (typeof PARAM_KINDS)[K] extends KindDefinition<infer V> ? V : never;

type ParamsFromList<Ps extends readonly Param[]> = {
  [X in Ps[number] as NonNullable<X["required"]> extends true ? X["name"] : never]: ValueOfKind<X["kind"]>;
} & {
  [X in Ps[number] as NonNullable<X["required"]> extends true ? never : X["name"]]?: ValueOfKind<X["kind"]>;
};

/**
 * Parameters as the faces hold them (read from cells or a form): not typed at compile time. The client and the
 * engine take them as they are and check them at run time (validateParams: a ValidationError, nothing sent).
 */
export type UntypedParams = Readonly<Record<string, unknown>>;

/** The request body of an operation, typed from its catalog row. */
export type ParamsOf<C extends OperationCode> = ParamsFromList<OperationOf<C>["params"]>;

type RecordNameOf<C extends OperationCode> = OperationOf<C>["record"];

/** One row of an operation's result (an item, an array element or the single object). */
export type RecordOf<C extends OperationCode> =
  RecordNameOf<C> extends infer K extends keyof typeof RECORD_FIELDS ? RecordFrom<(typeof RECORD_FIELDS)[K]> : never;
