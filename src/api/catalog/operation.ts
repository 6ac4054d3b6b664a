/**
 * What a catalog row is, and the builder each group file defines its rows with. The builder keeps the rows'
 * codes, parameter names and records literal, so request and record types derive from the rows themselves.
 */
import type { CrossRule, HttpMethod, OperationGroup, PositionalArg, ResponseShape } from "../catalog-types";
import type { DataPeriod } from "../data-period";
import type { HistoryForm } from "../history-form";
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
  /** The path; names in braces are parameters carried in it (`/v1/asin/{marketplace}/{asin}`, see ../paths.ts). */
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
  /**
   * The function is a dated history (STOCKHISTORY's form: market, asin, start, end, interval, fields) built from
   * the answer's series, instead of the answer's rows (filters, fields, limit). See ../history-form.ts.
   */
  readonly history?: HistoryForm;
  /**
   * The operation answers each key of a list on its own, so requests for single keys made together can share one
   * call of up to the list's `maxItems` keys (the engine, the team relay, the simulator and the docs read it; see
   * ../batch.ts). Only where every key's record comes back apart from the others: an operation whose answer merges
   * the listed keys (their keywords, their related products together) cannot answer per key and has no `batch`.
   */
  readonly batch?: BatchSpec;
}

/** How an operation answers a list of keys one by one (see Operation.batch). */
export interface BatchSpec {
  /** The list parameter; its `maxItems` is the most keys one call takes. */
  readonly param: string;
  /** The field of each answered record that names its key. */
  readonly key: string;
  /** Parameters a lookup sends unless the caller set them (why: beside the row). */
  readonly defaults?: Readonly<Record<string, unknown>>;
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
