/**
 * One cell's formula and the header row of what it spills, for the Alerts tab (an alert is built from a MAD formula
 * and the columns its answer shows). Two small requests: the cell's formula (Range.formulas, ExcelApi 1.1:
 * https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-formulas-member) with whether it
 * spills (Range.getSpillingToRangeOrNullObject, ExcelApi 1.12:
 * https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-getspillingtorangeornullobject-member(1)),
 * then only the spill's first row (Range.getRow), never the whole result (up to 2,000 rows).
 */
import type { CellTarget, CellValue, FormulaAtCell } from "./host-adapter";
import type { Run } from "./excel-run";
import { cellAddress, parseCell } from "../../table/a1";

export const readFormulaAt = (run: Run, target: CellTarget) =>
  run(async (context): Promise<FormulaAtCell> => {
    const cell = context.workbook.worksheets.getItem(target.sheet).getRange(cellAddress(parseCell(target.address)));
    cell.load("formulas");
    // A formula whose result is an error (#BUSY!, #SPILL!) spills nothing: its spill is a null object.
    const spill = cell.getSpillingToRangeOrNullObject();
    spill.load("address");
    await context.sync();
    const typed = cell.formulas[0]?.[0];
    const formula = typeof typed === "string" && typed.startsWith("=") ? typed : null;
    if (!formula || spill.isNullObject) return { formula, header: [] };
    const header = spill.getRow(0);
    header.load("values");
    await context.sync();
    return { formula, header: (header.values[0] ?? []) as CellValue[] };
  });
