/**
 * One cell's formula and the header row of what it spills, for the Alerts tab (an alert is built from a MAD formula
 * and the columns its answer shows). The cell's formula (Range.formulas, ExcelApi 1.1:
 * https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-formulas-member) with whether it
 * spills (Range.getSpillingToRangeOrNullObject, ExcelApi 1.12) and, for a cell of a result rather than its formula's,
 * the formula's cell (Range.getSpillParentOrNullObject, ExcelApi 1.12: one cell only; "Handle dynamic arrays and
 * spilling", https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-ranges-dynamic-arrays); then only the
 * spill's first row (Range.getRow), never the whole result (up to 2,000 rows).
 */
import type { CellTarget, FormulaAtCell } from "./host-adapter";
import type { CellValue } from "../report-model/cells";
import type { Run } from "./excel-run";
import { cellAddress, parseCell } from "../../table/a1";
import { splitAddress } from "./bounded-reads";

type Context = Excel.RequestContext;

/** The cell's formula, its spill and the formula's cell of the spill it is in, in one request. */
async function readCell(context: Context, sheet: string, address: string) {
  const cell = context.workbook.worksheets.getItem(sheet).getRange(address);
  cell.load("formulas");
  // A formula whose result is an error (#BUSY!, #SPILL!) spills nothing: its spill is a null object.
  const spill = cell.getSpillingToRangeOrNullObject();
  spill.load("address");
  const parent = cell.getSpillParentOrNullObject();
  parent.load("address");
  await context.sync();
  const typed = cell.formulas[0]?.[0];
  const formula = typeof typed === "string" && typed.startsWith("=") ? typed : null;
  return { formula, spill, parent: parent.isNullObject ? null : splitAddress(parent.address).address };
}

export const readFormulaAt = (run: Run, target: CellTarget) =>
  run(async (context): Promise<FormulaAtCell> => {
    let address = cellAddress(parseCell(target.address));
    let read = await readCell(context, target.sheet, address);
    if (!read.formula && read.parent) {
      address = read.parent;
      read = await readCell(context, target.sheet, address);
    }
    if (!read.formula || read.spill.isNullObject) return { address, formula: read.formula, header: [] };
    const header = read.spill.getRow(0);
    header.load("values");
    await context.sync();
    return { address, formula: read.formula, header: (header.values[0] ?? []) as CellValue[] };
  });
