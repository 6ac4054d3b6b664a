/**
 * The workbook as the Reports tab and refresh when opened see it: its MAD formulas (MAD.ASOF cells apart: they ask
 * nothing, and are calculated again after what they read), its add-in tables, its report sheets, and the rows the
 * Reports tab lists, grouped by report.
 */
import type { FormulaRegistry } from "../../engine";
import type { FormulaCell, HostAdapter, TableInfo } from "../host/host-adapter";
import type { ReportSheetInfo } from "../report-model/report-sheet-spec";
import { groupReports, reportRows, staleEntries, type ReportGroup, type ReportRow } from "./reports";

const isAsOf = (cell: FormulaCell) => /\bMAD\.ASOF\s*\(/i.test(cell.formula);

export interface WorkbookScan {
  readonly cells: readonly FormulaCell[];
  /** MAD.ASOF cells, calculated again after a refresh. */
  readonly asOf: readonly FormulaCell[];
  readonly tables: readonly TableInfo[];
  readonly sheets: readonly ReportSheetInfo[];
}

/** Reads the workbook; registry entries whose cell no longer holds a MAD formula are forgotten. */
export async function scanWorkbook(host: HostAdapter, registry: FormulaRegistry): Promise<WorkbookScan> {
  const [cells, tables, sheets] = await Promise.all([
    host.listMadFormulas(),
    host.listTables(),
    host.listReportSheets(),
  ]);
  for (const id of staleEntries(cells, registry.list())) registry.remove(id);
  return { cells: cells.filter((c) => !isAsOf(c)), asOf: cells.filter(isAsOf), tables, sheets };
}

/** The rows of a scan, and its reports as groups. */
export function rowsOf(
  scan: WorkbookScan,
  registry: FormulaRegistry,
  tableFailures: Readonly<Record<string, string>> = {},
): { rows: ReportRow[]; groups: ReportGroup[]; others: ReportRow[] } {
  const rows = reportRows(scan.cells, registry.list(), scan.tables, tableFailures);
  return { rows, ...groupReports(rows, scan.sheets) };
}
