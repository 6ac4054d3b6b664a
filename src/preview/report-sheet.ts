/**
 * A report sheet from a template, laid out in the preview workbook the way the Office host lays it out in Excel:
 * a new sheet with a unique valid name, the inputs and titles as plain values (never formulas), the sections as MAD
 * formulas that reference the input cells, one workbook name per chart category and series over the spilled
 * column it reads (`MAD_Market_172282_1_x`), and the charts kept with the sheet for the chart view to draw.
 * Everything is checked before anything is written, so a bad spec leaves the workbook as it was.
 */
import type { ChartKind, ChartSpec, SpillColumn } from "../taskpane/report-model/chart-spec";
import type { CreatedReportSheet, ReportSheetSpec, ReportValueCell } from "../taskpane/report-model/report-sheet-spec";
import { CellPosition, parseCellAddress, parseRangeAddress, positionKey, rangeOf } from "../table/a1";
import { reportNamePrefix, spillColumnFormula } from "../table/report-names";
import type { Sheet } from "./sheet";
import type { Workbook } from "./workbook";

const CHART_KINDS: Readonly<Record<ChartKind, true>> = { bar: true, column: true, line: true };

/** Adds the sheet, makes it the active one, and says what was created. */
export function addReportSheet(workbook: Workbook, spec: ReportSheetSpec): CreatedReportSheet {
  const at = (address: string, what: string): CellPosition => {
    const pos = parseCellAddress(address);
    if (!pos) throw new Error(`${what}: "${address}" is not a cell address such as B3.`);
    workbook.assertInside(rangeOf(pos));
    return pos;
  };
  const values = spec.values.map((cell) => ({ cell, pos: at(cell.address, `The value "${String(cell.value)}"`) }));
  const formulas = spec.formulas.map((target) => {
    if (!target.formula.startsWith("=")) throw new Error(`The formula for ${target.address} does not start with "=".`);
    return { pos: at(target.address, `The formula ${target.formula}`), formula: target.formula };
  });
  const formats = (spec.formats ?? []).map((f) => {
    const range = parseRangeAddress(f.address);
    if (!range) throw new Error(`The number format ${f.format}: "${f.address}" is not a range such as D40:D60.`);
    workbook.assertInside(range);
    return { range, format: f.format };
  });
  const formulaCells = new Set(formulas.map((f) => positionKey(f.pos)));
  spec.charts.forEach((chart) => checkChart(chart, formulaCells, at));

  return workbook.batch(() => {
    const sheet = workbook.addSheet(spec.name);
    for (const { cell, pos } of values) {
      workbook.setValues(pos, [[cell.value]], cell.format ? [cell.format] : undefined, sheet.name);
      workbook.setStyle(rangeOf(pos), styleOf(cell.role), sheet.name);
    }
    for (const { range, format } of formats) workbook.setFormat(range, format, sheet.name);
    for (const { pos, formula } of formulas) workbook.setInput(pos, formula, sheet.name);
    const names = defineChartNames(workbook, sheet, spec.charts);
    sheet.report = { report: spec.report, charts: spec.charts };
    workbook.activate(sheet.name);
    return { sheet: sheet.name, names, charts: spec.charts.length };
  });
}

function checkChart(
  chart: ChartSpec,
  formulaCells: ReadonlySet<string>,
  at: (address: string, what: string) => CellPosition,
): void {
  const what = `The chart "${chart.title}"`;
  if (!CHART_KINDS[chart.kind])
    throw new Error(`${what}: "${String(chart.kind)}" is not a chart type (bar, column, line).`);
  if (chart.series.length === 0) throw new Error(`${what} has no series.`);
  at(chart.anchor, `${what}'s anchor`);
  for (const column of [chart.categories, ...chart.series.map((series) => series.values)]) {
    const pos = at(column.cell, what);
    if (!formulaCells.has(positionKey(pos)))
      throw new Error(`${what} reads ${column.cell}, which holds no formula of the report.`);
    if (!Number.isInteger(column.column) || column.column < 0)
      throw new Error(`${what}: the column ${column.column} of ${column.cell} is not a column index (0, 1, 2, …).`);
  }
  if (chart.maxPoints !== undefined && (!Number.isInteger(chart.maxPoints) || chart.maxPoints < 1))
    throw new Error(`${what}: maxPoints must be a whole number of at least 1, not ${chart.maxPoints}.`);
}

/** The grid's look for each kind of value a template writes. */
function styleOf(role: ReportValueCell["role"]): string {
  switch (role) {
    case "title":
      return "report-title";
    case "label":
      return "report-label";
    case "input":
      return "report-input";
    case "note":
      return "report-note";
    default: {
      const unknown: never = role;
      throw new Error(`Unknown report cell role ${String(unknown)}`);
    }
  }
}

/**
 * The names a chart reads, as the Office host defines them in Excel: the column below the spill's header, cut to
 * the first maxPoints rows, e.g. `=OFFSET('Market 1'!$A$6,1,1,MIN(ROWS('Market 1'!$A$6#)-1,10),1)`; `<prefix>_1_x`
 * for the first chart's categories, `<prefix>_1_s1` for its first series.
 */
function defineChartNames(workbook: Workbook, sheet: Sheet, charts: readonly ChartSpec[]): string[] {
  const prefix = reportNamePrefix(
    sheet.name,
    workbook.definedNames().map((name) => name.name),
  );
  return charts.flatMap((chart, index) => {
    const entries: [string, SpillColumn][] = [
      [`${prefix}_${index + 1}_x`, chart.categories],
      ...chart.series.map((series, s): [string, SpillColumn] => [`${prefix}_${index + 1}_s${s + 1}`, series.values]),
    ];
    for (const [name, column] of entries)
      workbook.defineName({
        name,
        sheetId: sheet.id,
        refersTo: spillColumnFormula(sheet.name, column, chart.maxPoints),
      });
    return entries.map(([name]) => name);
  });
}
