/**
 * Which parameters are filters: the formula face's policy over the catalog, kept apart from the operation data.
 * The marketplace and the positional parameters are arguments of their own, and paging follows `limit`; every other
 * parameter is a filter. The one rule for the `filters` argument, the filter block, the form and the docs.
 */
import type { AnyOperation } from "../api/catalog";
import type { ParamSpec } from "../api/catalog-types";

/** Why a parameter is not a filter of its MAD function. */
export type NotAFilter = "market" | "positional" | "paging";
type FilterCandidate = Pick<ParamSpec, "name" | "kind" | "role">;

export function notAFilterBecause(op: AnyOperation, spec: FilterCandidate): NotAFilter | undefined {
  if (spec.kind === "marketplace") return "market";
  if (op.positional.some((p) => p.param === spec.name)) return "positional";
  if (spec.role === "page" || spec.role === "size") return "paging";
  return undefined;
}

/** Whether users set this parameter in the `filters` argument (or the filter block's rows). */
export function isFilterParam(op: AnyOperation, spec: FilterCandidate): boolean {
  return notAFilterBecause(op, spec) === undefined;
}
