/**
 * The operation catalog: one declarative row per operation of the service, kept by group beside its records
 * (./<group>.ts and ../records/<group>.ts) and assembled here. It is the single source of truth for the client's
 * validation, the simulator's routes, the MAD functions' arguments, the query builder's forms and the docs.
 * A new operation is a row in its group's file (and its record, if new); a new group is one row of GROUP_LABELS
 * (catalog-types.ts) and one group file, which the compiler then asks for below.
 */
import type { HttpMethod, OperationGroup } from "../catalog-types";
import type { Param } from "../params";
import { ABA_OPERATIONS } from "./aba";
import { ASIN_OPERATIONS } from "./asin";
import { KEYWORD_OPERATIONS } from "./keyword";
import { MARKET_OPERATIONS } from "./market";
import type { Operation } from "./operation";
import { LOOKUP_FUNCTIONS, PRODUCT_OPERATIONS } from "./product";
import { TRADEMARK_OPERATIONS } from "./trademark";
import { TRENDS_OPERATIONS } from "./trends";
import type { RecordName } from "../records";

export { ROW_CAP } from "./operation";
export { LOOKUP_FUNCTIONS } from "./product";
/** A function over an operation's answers per key (MAD.PRODUCT, MAD.PRODUCTS; see LOOKUP_FUNCTIONS). */
export type LookupFunction = (typeof LOOKUP_FUNCTIONS)[number];
export type LookupFunctionId = LookupFunction["fn"];

/** The lookup function named `fn` (`PRODUCT`), if there is one. */
export const lookupFunction = (fn: string): LookupFunction | undefined =>
  LOOKUP_FUNCTIONS.find((f) => f.fn === fn.toUpperCase());

/** Every group's rows, in the order of GROUP_LABELS (the order of the docs and the builder's picker). */
const BY_GROUP = {
  product: PRODUCT_OPERATIONS,
  asin: ASIN_OPERATIONS,
  keyword: KEYWORD_OPERATIONS,
  aba: ABA_OPERATIONS,
  market: MARKET_OPERATIONS,
  trends: TRENDS_OPERATIONS,
  trademark: TRADEMARK_OPERATIONS,
} as const satisfies { readonly [G in OperationGroup]: readonly Operation<string, readonly Param[], RecordName, G>[] };

export type AnyOperation = (typeof BY_GROUP)[OperationGroup][number];
export type OperationCode = AnyOperation["code"];
export type OperationOf<C extends OperationCode> = Extract<AnyOperation, { code: C }>;

export const OPERATIONS: readonly AnyOperation[] = Object.values(BY_GROUP).flat();

const BY_CODE = new Map<string, AnyOperation>(OPERATIONS.map((op) => [op.code, op]));
const BY_FN = new Map<string, AnyOperation>([
  ...OPERATIONS.map((op) => [op.fn, op] as const),
  // A lookup function reads its operation's answers another way: its formulas are that operation's queries.
  ...LOOKUP_FUNCTIONS.map((f) => [f.fn, BY_CODE.get(f.operation)!] as const),
]);

export function isOperationCode(code: string): code is OperationCode {
  return BY_CODE.has(code);
}

export function operation<C extends OperationCode>(code: C): OperationOf<C> {
  const op = BY_CODE.get(code);
  if (!op) throw new Error(`Unknown operation code: ${code}`);
  return op as OperationOf<C>;
}

/** Looks an operation up by its MAD function name (`KEYWORDTRENDS`), case-insensitively. */
export function operationByFunction(fn: string): AnyOperation | undefined {
  return BY_FN.get(fn.toUpperCase());
}

/** The HTTP method of an operation (POST unless its row says GET). */
export function methodOf(op: AnyOperation): HttpMethod {
  return (op as { method?: HttpMethod }).method ?? "POST";
}

/**
 * Whether an operation takes a marketplace: every one but the trademark group's (their scope is a trademark office),
 * which then has no `market` argument.
 */
export function takesMarket(op: AnyOperation): boolean {
  return (op.params as readonly Param[]).some((p) => p.kind === "marketplace");
}

/** The parameter with the given role (page, size, order), if the operation has one. */
export function paramWithRole(op: AnyOperation, role: NonNullable<Param["role"]>): Param | undefined {
  return (op.params as readonly Param[]).find((p) => p.role === role);
}
