/**
 * Writing many rows into Excel: in row blocks, one `context.sync()` each, because Excel on the web refuses a
 * request over 5 MB ("Excel on the web limits requests and responses to 5 MB",
 * https://learn.microsoft.com/office/dev/add-ins/excel/performance#payload-size-limit-best-practices). Blocks are
 * cut from the estimated JSON size of their values and number formats, well under that limit.
 * Text stays text: every string cell gets the number format `@` before its value, in the same block, so API text
 * starting with `=`, `+`, `-` or `@` is stored as that text, never parsed as a formula or a number.
 */
import type { OnWriteProgress } from "./host-adapter";
import type { CellValue, ColumnFormats } from "../report-model/cells";
import { blockAddress, offset, type CellPosition } from "../../table/a1";
import { jsonTextBytes } from "../../table/result-size";

const TEXT = "@";
const GENERAL = "General";

/** Excel on the web refuses a request over 5 MB. */
/** Rows are packed into blocks up to this estimate: room for the request's own envelope and for misestimates. */
export const BLOCK_BUDGET_BYTES = 3 * 1024 * 1024;

/** Number formats cell by cell: text cells `@`, other cells their column's format. */
function cellFormats(values: readonly (readonly CellValue[])[], columnFormats?: ColumnFormats): string[][] {
  return values.map((row) =>
    row.map((value, col) => (typeof value === "string" ? TEXT : (columnFormats?.[col] ?? GENERAL))),
  );
}

const excelValues = (values: readonly (readonly CellValue[])[]) =>
  values.map((row) => row.map((v) => (v === null ? "" : v)));
export const width = (values: readonly (readonly CellValue[])[]) =>
  values.reduce((w, row) => Math.max(w, row.length), 0);
const padRows = (values: readonly (readonly CellValue[])[], cols: number): CellValue[][] =>
  values.map((row) => [...row, ...Array<CellValue>(cols - row.length).fill(null)]);

/** Formats first, then values, in one batch: the order is what keeps text from becoming formulas. */
export function writeBlock(
  range: Excel.Range,
  values: readonly (readonly CellValue[])[],
  columnFormats?: ColumnFormats,
): void {
  range.numberFormat = cellFormats(values, columnFormats);
  range.values = excelValues(values) as (string | number | boolean)[][];
}

/** Estimated JSON bytes one row adds to a request: its values and its number formats. */
function estimateRowBytes(row: readonly CellValue[], columnFormats?: ColumnFormats): number {
  let bytes = 4; // the row's brackets, in the values and in the formats
  row.forEach((value, col) => {
    if (typeof value === "string")
      bytes += jsonTextBytes(value) + 4; // `"@"` + separators
    else {
      bytes += (value === null ? 2 : String(value).length) + 2;
      bytes += jsonTextBytes(columnFormats?.[col] ?? GENERAL);
    }
  });
  return bytes;
}

/** Rows cut into [start, end) blocks whose estimated request stays under `budget` (at least one row a block). */
function rowBlocks(
  rows: readonly (readonly CellValue[])[],
  columnFormats?: ColumnFormats,
  budget = BLOCK_BUDGET_BYTES,
): { start: number; end: number; bytes: number }[] {
  const blocks: { start: number; end: number; bytes: number }[] = [];
  let start = 0;
  let bytes = 0;
  rows.forEach((row, i) => {
    const rowBytes = estimateRowBytes(row, columnFormats);
    if (i > start && bytes + rowBytes > budget) {
      blocks.push({ start, end: i, bytes });
      start = i;
      bytes = 0;
    }
    bytes += rowBytes;
  });
  if (rows.length) blocks.push({ start, end: rows.length, bytes });
  return blocks;
}

/**
 * Writes `rows` below `top` in row blocks, one sync each (formats before values in every block), reporting each
 * block. The caller's later actions (a table over the range) go in its own final sync.
 */
export async function writeRowsInBlocks(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  top: CellPosition,
  rows: readonly (readonly CellValue[])[],
  cols: number,
  columnFormats: ColumnFormats | undefined,
  onProgress: OnWriteProgress | undefined,
): Promise<void> {
  const padded = padRows(rows, cols);
  for (const block of rowBlocks(padded, columnFormats)) {
    const range = sheet.getRange(blockAddress(offset(top, block.start, 0), block.end - block.start, cols));
    writeBlock(range, padded.slice(block.start, block.end), columnFormats);
    // One sync per block on purpose: each sync is one request, and a request must stay under Excel's 5 MB.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    onProgress?.({
      rowsWritten: block.end,
      totalRows: rows.length,
      blockStart: block.start,
      blockEnd: block.end,
      estimatedBytes: block.bytes,
    });
  }
}
