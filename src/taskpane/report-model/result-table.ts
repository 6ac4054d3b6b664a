/**
 * Query results as header + rows for the pane's preview and for inserted tables, through the functions' shaping
 * (src/table/shape.ts), so the pane shows the same columns, in the same order, as a MAD formula would spill.
 */
import { operation, type OperationCode } from "../../api/catalog";
import type { HistoryRequest } from "../../api/history-form";
import { pickColumns, type Column } from "../../table/columns";
import { functionColumns } from "../../table/function-columns";
import { DATE_COLUMN, shapeHistory } from "../../table/history";
import { DEFAULT_DISPLAY, isNoRows, shapeResult, type ShapeInput } from "../../table/shape";
import { serialToIsoDate, type Cell } from "../../table/cells";
import { columnFormats } from "./table-formats";

/**
 * The columns the picked fields select, by the formula's rule (all when none): an operation's record's, or a
 * history's (`date` always first).
 */
export function selectColumns(code: OperationCode, fields: readonly string[] = []): readonly Column[] {
  const op = operation(code);
  const picked = pickColumns(functionColumns(op), fields).columns;
  if (!op.history || picked[0]?.name === DATE_COLUMN) return picked;
  return [functionColumns(op)[0], ...picked.filter((c) => c.name !== DATE_COLUMN)];
}

/**
 * A history's table (header first) of a result, as its MAD function spills it; "today" is when the answer was
 * fetched, so a refreshed table ends on the day it was refreshed.
 */
function historyCells(
  code: OperationCode,
  result: ShapeInput & { fetchedAt?: number },
  fields: readonly string[],
  request: HistoryRequest | undefined,
): Cell[][] {
  const form = operation(code).history!;
  const range = { ...(request ?? { interval: form.defaultInterval }), now: result.fetchedAt ?? Date.now() };
  return shapeHistory(form, result.rows[0], range, selectColumns(code, fields));
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
  result: ShapeInput & { fetchedAt?: number },
  fields: readonly string[] = [],
  limit?: number,
  history?: HistoryRequest,
): ResultTable {
  const columns = selectColumns(code, fields);
  const shaped = operation(code).history
    ? historyCells(code, result, fields, history)
    : shapeResult(operation(code), result, columns, { ...DEFAULT_DISPLAY, layout: "horizontal" }, limit);
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
  result: ShapeInput & { fetchedAt?: number },
  fields: readonly string[] = [],
  maxRows = 20,
  history?: HistoryRequest,
): { header: string[]; rows: Cell[][] } {
  const columns = selectColumns(code, fields);
  if (operation(code).history) {
    // The newest periods (a history's interest is its end), in date order, dates as text.
    const [header, ...rows] = historyCells(code, result, fields, history);
    if (!rows.length) return { header: [], rows: [] };
    const shown = rows.slice(-maxRows).map(([date, ...rest]) => [serialToIsoDate(date as number), ...rest]);
    return { header: header.map(String), rows: shown };
  }
  const shaped = shapeResult(operation(code), result, columns, { ...DEFAULT_DISPLAY, dates: "text" }, maxRows);
  if (isNoRows(shaped)) return { header: [], rows: [] };
  const [header, ...rows] = shaped;
  return { header: header.map(String), rows };
}
