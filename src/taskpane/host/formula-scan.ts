/**
 * Finding the workbook's MAD formulas for the Reports tab, whatever the workbook's size: one sheet at a time, only
 * its formula cells (Range.getSpecialCellsOrNullObject, ExcelApi 1.9:
 * https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-getspecialcellsornullobject-member(1)),
 * and their formulas read in blocks sized from what the formulas read so far weighed, so no response nears the
 * 5 MB Excel on the web accepts. A block Excel still refuses for its size is read again in smaller parts.
 */
import type { FormulaCell } from "./host-adapter";
import { cellAddress, type CellRange } from "../../table/a1";
import { addressOf, CELLS_PER_READ, isPayloadTooLarge, rangeOfAddress, rowBlocksOf, usedPart } from "./bounded-reads";

/** What one read of formulas may bring back, by its estimate. */
const RESPONSE_BUDGET_BYTES = 1_000_000;
/** What a formula is taken to weigh before any was read (most are far shorter; Excel allows 8,192 characters). */
const FIRST_GUESS_BYTES_PER_CELL = 256;

const cells = (r: CellRange) => (r.bottom - r.top + 1) * (r.right - r.left + 1);
const isMadFormula = (formula: unknown): formula is string =>
  typeof formula === "string" && formula.startsWith("=") && /\bMAD\./i.test(formula);

/** Where a sheet's formulas are: its used part, block by block, as the areas Excel finds. */
async function formulaAreas(context: Excel.RequestContext, sheet: Excel.Worksheet): Promise<CellRange[]> {
  const used = await usedPart(context, sheet);
  if (!used) return [];
  const areas: CellRange[] = [];
  for (const part of rowBlocksOf(used, CELLS_PER_READ)) {
    const special = sheet.getRange(addressOf(part)).getSpecialCellsOrNullObject("Formulas");
    special.load("areaCount");
    // Each block is its own request: bounded whatever the sheet's size.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    if (special.isNullObject) continue;
    special.areas.load("items/address");
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    areas.push(...special.areas.items.map((area) => rangeOfAddress(area.address)));
  }
  return areas;
}

/** The MAD formulas in `areas`, read in blocks whose responses stay within the budget. */
async function madFormulasIn(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  sheetName: string,
  areas: readonly CellRange[],
): Promise<FormulaCell[]> {
  const found: { row: number; col: number; cell: FormulaCell }[] = [];
  const queue = [...areas];
  let bytesPerCell = FIRST_GUESS_BYTES_PER_CELL;
  while (queue.length) {
    const budget = Math.max(1, Math.min(CELLS_PER_READ, Math.floor(RESPONSE_BUDGET_BYTES / bytesPerCell)));
    if (cells(queue[0]) > budget) queue.splice(0, 1, ...rowBlocksOf(queue[0], budget));
    const chunk: CellRange[] = [];
    let taken = 0;
    while (queue.length && taken + cells(queue[0]) <= budget) {
      taken += cells(queue[0]);
      chunk.push(queue.shift()!);
    }
    if (!chunk.length) {
      // A single row wider than the budget goes alone.
      const row = queue.shift()!;
      taken = cells(row);
      chunk.push(row);
    }
    const reads = chunk.map((part) => ({ part, range: sheet.getRange(addressOf(part)).load("formulas") }));
    try {
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one bounded block per request
      await context.sync();
    } catch (error) {
      if (!isPayloadTooLarge(error) || taken <= 1) throw error;
      queue.unshift(...chunk);
      bytesPerCell *= 4; // longer formulas than thought: smaller blocks from here on
      continue;
    }
    let bytes = 0;
    for (const { part, range } of reads)
      range.formulas.forEach((row, r) =>
        row.forEach((formula, c) => {
          bytes += typeof formula === "string" ? formula.length + 3 : 8;
          const at = { row: part.top + r, col: part.left + c };
          if (isMadFormula(formula))
            found.push({ ...at, cell: { sheet: sheetName, address: cellAddress(at), formula } });
        }),
      );
    // Twice the average seen so far leaves room for the longer formulas further down.
    bytesPerCell = Math.max(16, (2 * bytes) / Math.max(taken, 1));
  }
  // Top to bottom, left to right, whatever order Excel gave the areas in.
  return found.sort((a, b) => a.row - b.row || a.col - b.col).map((f) => f.cell);
}

/** Every sheet's MAD formulas, sheet by sheet, top to bottom. */
export async function scanMadFormulas(context: Excel.RequestContext): Promise<FormulaCell[]> {
  const sheets = context.workbook.worksheets;
  sheets.load("items/name");
  await context.sync();
  const found: FormulaCell[] = [];
  for (const sheet of sheets.items) {
    const areas = await formulaAreas(context, sheet);
    found.push(...(await madFormulasIn(context, sheet, sheet.name, areas)));
  }
  return found;
}
