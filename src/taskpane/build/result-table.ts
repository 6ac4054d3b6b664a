/**
 * Query results as header + rows for the pane's preview and for inserted tables, through the functions' shaping
 * (src/table/shape.ts), so the pane shows the same columns, in the same order, as a MAD formula would spill.
 */
import { operation, type OperationCode } from "../../api/catalog";
import { pickColumns, recordColumns, type Column } from "../../table/columns";
import { DEFAULT_DISPLAY, isNoRows, shapeResult, type ShapeInput } from "../../table/shape";
import type { Cell } from "../../table/cells";
import { columnFormats } from "./table-formats";

/** The columns of an operation's record the picked fields select, by the formula's rule (all when none). */
export function selectColumns(code: OperationCode, fields: readonly string[] = []): readonly Column[] {
  return pickColumns(recordColumns(operation(code)), fields).columns;
}

export interface ResultTable {
  readonly header: string[];
  readonly rows: Cell[][];
  /** One number format per column (tables only). */
  readonly formats: string[];
}

/**
 * A result as a table: one row per record, a header of column names. A single record (category statistics) is
 * one wide row, so every column keeps its own format; dates are Excel serial numbers (formatted as dates).
 */
export function tableOf(
  code: OperationCode,
  result: ShapeInput,
  fields: readonly string[] = [],
  limit?: number,
): ResultTable {
  const columns = selectColumns(code, fields);
  const shaped = shapeResult(operation(code), result, columns, { ...DEFAULT_DISPLAY, layout: "horizontal" }, limit);
  if (isNoRows(shaped)) return { header: columns.map((c) => c.name), rows: [], formats: columnFormats(columns) };
  const [header, ...rows] = shaped;
  return { header: header.map(String), rows, formats: columnFormats(columns) };
}

/**
 * The pane's preview: the first `maxRows` rows with dates as text (the pane does not format serial numbers);
 * a single record reads as field/value rows, which fits a narrow pane.
 */
export function previewOf(
  code: OperationCode,
  result: ShapeInput,
  fields: readonly string[] = [],
  maxRows = 20,
): { header: string[]; rows: Cell[][] } {
  const columns = selectColumns(code, fields);
  const shaped = shapeResult(operation(code), result, columns, { ...DEFAULT_DISPLAY, dates: "text" }, maxRows);
  if (isNoRows(shaped)) return { header: [], rows: [] };
  const [header, ...rows] = shaped;
  return { header: header.map(String), rows };
}
