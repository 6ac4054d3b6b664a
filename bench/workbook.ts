/**
 * The workbooks the benchmark evaluates: queries written as MAD formulas and evaluated the way Excel does it,
 * through the real wrappers and runner (src/functions) over an engine, and the naive path that sends one request
 * per cell with the bare client.
 */
import { operation, type AnyOperation, type OperationCode } from "../src/api/catalog";
import type { ParamSpec } from "../src/api/catalog-types";
import type { MadClient } from "../src/api/client";
import type { ParamsOf } from "../src/api/request-types";
import { MAD_FUNCTIONS } from "../src/functions/generated/functions";

/** One query as the service sees it. */
export interface Query {
  readonly code: OperationCode;
  readonly params: Readonly<Record<string, unknown>>;
  /** The formula's `limit` argument. */
  readonly limit?: number;
}

/** One cell holding a MAD formula. */
export interface FormulaCell {
  readonly address: string;
  readonly query: Query;
}

export interface Evaluation {
  readonly ok: number;
  /** Cell errors by message (a healthy run has none). */
  readonly errors: Map<string, number>;
  /** Data rows spilled, summed over the cells. */
  readonly rows: number;
}

const specOf = (op: AnyOperation, name: string) => (op.params as readonly ParamSpec[]).find((p) => p.name === name);

/**
 * A query as the arguments Excel passes: market, the required arguments (lists as a one-cell range of
 * comma-separated text), the other parameters as a 2-column filter range, no fields, the limit.
 */
function formulaArguments(query: Query): unknown[] {
  const op = operation(query.code);
  const positionalNames = new Set(op.positional.map((p) => p.param));
  const cellOf = (name: string, value: unknown) =>
    specOf(op, name)?.kind === "stringList" ? [[(value as readonly string[]).join(",")]] : value;
  const positional = op.positional.map(({ param }) => cellOf(param, query.params[param]));
  const filterRows = Object.entries(query.params)
    .filter(([name]) => name !== "marketplace" && !positionalNames.has(name))
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(",") : value]);
  return [query.params.marketplace, ...positional, filterRows.length ? filterRows : null, null, query.limit ?? null];
}

/** The workbook's cells: each query `copies` times (a report where many cells ask the same thing). */
export function cellsOf(queries: readonly Query[], copies: number): FormulaCell[] {
  const cells: FormulaCell[] = [];
  for (let copy = 0; copy < copies; copy++) {
    queries.forEach((query, i) => cells.push({ address: `Sheet1!${columnName(copy)}${i + 1}`, query }));
  }
  return cells;
}

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

type Wrapper = (...args: unknown[]) => Promise<unknown[][]>;

/**
 * Evaluates every cell at once, as a recalculation does: each wrapper gets its arguments and an invocation object;
 * the runner asks the engine it was configured with. Resolves when every cell has settled.
 */
export async function evaluateCells(cells: readonly FormulaCell[]): Promise<Evaluation> {
  const errors = new Map<string, number>();
  let ok = 0;
  let rows = 0;
  await Promise.all(
    cells.map(async (cell) => {
      const op = operation(cell.query.code);
      const wrapper = MAD_FUNCTIONS[op.fn] as unknown as Wrapper;
      const invocation = { address: cell.address, functionName: `MAD.${op.fn}`, isInValuePreview: false };
      try {
        const spilled = await wrapper(...formulaArguments(cell.query), invocation);
        ok++;
        rows += Math.max(0, spilled.length - 1);
      } catch (error) {
        const message = (error as { message?: string }).message ?? String(error);
        errors.set(message, (errors.get(message) ?? 0) + 1);
      }
    }),
  );
  return { ok, errors, rows };
}

/** The naive path: one client request per cell, `concurrency` at a time, no dedupe and no cache. */
export async function evaluateNaively(
  client: MadClient,
  cells: readonly FormulaCell[],
  concurrency: number,
): Promise<Evaluation> {
  const errors = new Map<string, number>();
  let ok = 0;
  let rows = 0;
  let next = 0;
  const worker = async () => {
    while (next < cells.length) {
      const { query } = cells[next++];
      try {
        const result = await client.call(query.code, query.params as ParamsOf<OperationCode>);
        ok++;
        rows += result.rows.length;
      } catch (error) {
        const message = (error as Error).message;
        errors.set(message, (errors.get(message) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { ok, errors, rows };
}

/** "3 cells: message" lines for the report, when a scenario did not go cleanly. */
export function describeErrors(evaluation: Evaluation): string {
  return [...evaluation.errors].map(([message, count]) => `${count} cell(s): ${message}`).join("; ");
}
