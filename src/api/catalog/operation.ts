/**
 * What a catalog row is, and the builder each group file defines its rows with. The builder keeps the rows'
 * codes, parameter names and records literal, so request and record types derive from the rows themselves.
 */
import type { CrossRule, HttpMethod, OperationGroup, PositionalArg, ResponseShape } from "../catalog-types";
import type { DataPeriod } from "../data-period";
import type { Param } from "../params";
import type { RecordName } from "../records";

/** A catalog row; `Ps` keeps the parameters' literal names so request types derive from the row. */
export interface Operation<
  C extends string = string,
  Ps extends readonly Param[] = readonly Param[],
  R extends RecordName = RecordName,
  G extends OperationGroup = OperationGroup,
> {
  readonly code: C;
  readonly path: `/v1/${string}`;
  /** Absent = POST (every operation but the category lookup). */
  readonly method?: HttpMethod;
  readonly fn: string;
  readonly group: G;
  readonly title: string;
  readonly description: string;
  readonly params: Ps;
  readonly positional: readonly PositionalArg[];
  readonly shape: ResponseShape;
  readonly record: R;
  readonly rowCap?: number;
  readonly rules?: readonly CrossRule[];
  /** How long its answer stays the same (the service's update cycle): how long a cache may keep it. */
  readonly dataPeriod: DataPeriod;
}

/**
 * The row builder of one group: `const define = operationsOf("market")`, then `define({ code, path, ... })`.
 * Parameters are the live service's official table (the spec's own names are aliases). The spec's `returnFields`
 * belongs to its MCP tools, not to the HTTP service (no official table lists it), so it is not a parameter: the
 * add-in picks columns itself, and queries that differ only in their columns share one call.
 */
export const operationsOf =
  <G extends OperationGroup>(group: G) =>
  <const C extends string, const Ps extends readonly Param[], const R extends RecordName>(
    row: Omit<Operation<C, Ps, R, G>, "group">,
  ): Operation<C, Ps, R, G> => ({ ...row, group });

/** The service keeps only the top 2,000 rows of any query (reference-values.md, "Row cap"). */
export const ROW_CAP = 2000;
