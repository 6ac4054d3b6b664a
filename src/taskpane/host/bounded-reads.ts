/**
 * Reading a sheet whatever its size: one sheet at a time, in blocks of rows whose request and response stay well
 * under the 5 MB Excel on the web accepts per sync
 * (https://learn.microsoft.com/office/dev/add-ins/excel/performance#payload-size-limit-best-practices) and under
 * the five million cells any get may cover. What is in use is found from `valueTypes` (a short word per cell,
 * whatever the cell holds), never from the values themselves.
 */
import { cellAddress, parseCell, type CellRange } from "../../table/a1";
import { splitSheetAddress } from "../../table/sheet-names";

/** Cells one read covers at most: `valueTypes` of this many cells is well under 1 MB. */
export const CELLS_PER_READ = 50_000;

/** Splits `Sheet1!B2:C3` or `'My sheet'!B2` into sheet and local address. */
export function splitAddress(address: string): { sheet: string; address: string } {
  const split = splitSheetAddress(address);
  return { sheet: split.sheet ?? "", address: split.address };
}

/** The rectangle of an address as Excel reports it (`'S'!B2:D9`, `B2`). */
export function rangeOfAddress(address: string): CellRange {
  const [from, to] = splitAddress(address).address.split(":");
  const a = parseCell(from);
  const b = to ? parseCell(to) : a;
  return { top: a.row, left: a.col, bottom: b.row, right: b.col };
}

export function addressOf(range: CellRange): string {
  const start = cellAddress({ row: range.top, col: range.left });
  const end = cellAddress({ row: range.bottom, col: range.right });
  return start === end ? start : `${start}:${end}`;
}

/** `range` cut into blocks of whole rows of at most `cells` cells each (one row at least). */
export function rowBlocksOf(range: CellRange, cells: number): CellRange[] {
  const width = range.right - range.left + 1;
  const rows = Math.max(1, Math.floor(cells / width));
  const blocks: CellRange[] = [];
  for (let top = range.top; top <= range.bottom; top += rows)
    blocks.push({ ...range, top, bottom: Math.min(range.bottom, top + rows - 1) });
  return blocks;
}

/** Whether an error is Excel refusing a sync for its size (so a smaller read may pass). */
export function isPayloadTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ResponsePayloadSizeLimitExceeded" || code === "RequestPayloadSizeLimitExceeded";
}

/** The used part of `block` (values and formulas only, not formats), or null when it is empty. */
export async function usedPart(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  block?: CellRange,
): Promise<CellRange | null> {
  const used = (block ? sheet.getRange(addressOf(block)) : sheet).getUsedRangeOrNullObject(true);
  used.load("address");
  await context.sync();
  return used.isNullObject ? null : rangeOfAddress(used.address);
}

/**
 * The cells of `block` that hold something (a value, a formula, a spilled result), row by row, at most `limit`.
 * Reads only the used part of the block, and that in bounded blocks.
 */
export async function occupiedCells(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  block: CellRange,
  limit: number,
): Promise<string[]> {
  const used = await usedPart(context, sheet, block);
  if (!used) return [];
  const found: string[] = [];
  for (const part of rowBlocksOf(used, CELLS_PER_READ)) {
    const range = sheet.getRange(addressOf(part));
    range.load("valueTypes");
    // One block per sync on purpose: a bounded response whatever the area's size.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    range.valueTypes.forEach((row, r) =>
      row.forEach((type, c) => {
        if (String(type) !== "Empty" && found.length < limit)
          found.push(cellAddress({ row: part.top + r, col: part.left + c }));
      }),
    );
    if (found.length >= limit) break;
  }
  return found;
}
