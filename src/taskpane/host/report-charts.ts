/**
 * A report's native charts in Excel, and keeping them on their spills:
 * - every series is added explicitly: a chart added over cells its formula has not filled yet may have no series
 *   at all (the first series Excel makes from its source range cannot be counted on);
 * - a series reads a Range (ChartSeries.setValues / setXAxisValues, ExcelApi 1.7:
 *   https://learn.microsoft.com/javascript/api/excel/excel.chartseries#excel-excel-chartseries-setvalues-member(1)),
 *   never a workbook name, so after every calculation each series is pointed at its formula's spill as it is now,
 *   found from the formula's cell (Range.getSpillingToRangeOrNullObject, ExcelApi 1.12). The range of a workbook
 *   name over a spill is never read: Excel on Windows refuses it for a dynamic name (office-js #4321);
 * - axis number formats and a series' axis group are ExcelApi 1.8, ChartAxes.getItem 1.7.
 */
import { CHART_SIZE, type AxisFormat, type ChartKind, type ChartSpec } from "../report-model/chart-spec";
import { blockAddress, cellAddress, offset, parseCell } from "../../table/a1";
import { rangeOfAddress } from "./bounded-reads";

/** Rows a chart's series covers before its formula has spilled (then it follows the spill). */
const FIRST_POINTS = 10;

const CHART_TYPES: Readonly<Record<ChartKind, "BarClustered" | "ColumnClustered" | "Line">> = {
  bar: "BarClustered",
  column: "ColumnClustered",
  line: "Line",
};

/** Value axis labels in Excel's number-format codes. */
const AXIS_NUMBER_FORMATS: Readonly<Record<AxisFormat, string>> = { number: "#,##0", percent: "0%" };

/** A charted column as kept with the report: the formula's cell and the column within its spill. */
interface StoredColumn {
  readonly cell: string;
  readonly column: number;
  /** The workbook name over the column (reports made before names were kept at the report's level). */
  readonly name?: string;
}
interface StoredSeries extends StoredColumn {
  /** The legend entry (absent in reports made by earlier versions: such a series is re-pointed, never re-added). */
  readonly legend?: string;
  readonly axis?: "secondary";
}
export interface StoredChart {
  readonly chart: string;
  readonly categories: StoredColumn;
  readonly series: readonly StoredSeries[];
  readonly maxPoints?: number;
}

/** The first rows below a column's header: what a series covers before its formula has answered. */
const firstRows = (column: StoredColumn, maxPoints?: number) =>
  blockAddress(offset(parseCell(column.cell), 1, column.column), Math.min(maxPoints ?? FIRST_POINTS, FIRST_POINTS), 1);

/** The column's cells below the header in a spill (`D39:I49`), at most `maxPoints`; null for a header only. */
function columnOfSpill(spillAddress: string, column: StoredColumn, maxPoints?: number): string | null {
  const spill = rangeOfAddress(spillAddress);
  const rows = spill.bottom - spill.top;
  if (rows < 1) return null;
  return blockAddress(
    offset({ row: spill.top, col: spill.left }, 1, column.column),
    Math.min(rows, maxPoints ?? rows),
    1,
  );
}

const chartEnd = (anchor: string) =>
  cellAddress(offset(parseCell(anchor), CHART_SIZE.rows - 1, CHART_SIZE.columns - 1));

/** What the report keeps of a chart spec. */
export function storedChart(spec: ChartSpec): StoredChart {
  return {
    chart: `${spec.title} chart`,
    categories: { cell: spec.categories.cell, column: spec.categories.column },
    series: spec.series.map((s) => ({
      cell: s.values.cell,
      column: s.values.column,
      legend: s.name,
      ...(s.axis ? { axis: s.axis } : {}),
    })),
    ...(spec.maxPoints === undefined ? {} : { maxPoints: spec.maxPoints }),
  };
}

/**
 * Queues a chart with its titles, axes and place; its own series (if Excel made any) are loaded so the next step
 * can replace them with the spec's. Returns the chart for `addSeries` after the sync.
 */
export function addChart(sheet: Excel.Worksheet, spec: ChartSpec): Excel.Chart {
  const source = sheet.getRange(firstRows(spec.series[0].values, spec.maxPoints));
  const added = sheet.charts.add(CHART_TYPES[spec.kind], source, "Columns");
  added.name = `${spec.title} chart`;
  added.title.text = spec.title;
  added.axes.categoryAxis.title.text = spec.categoryAxisTitle;
  added.axes.valueAxis.title.text = spec.valueAxisTitle;
  if (spec.valueAxisFormat) added.axes.valueAxis.numberFormat = AXIS_NUMBER_FORMATS[spec.valueAxisFormat];
  added.legend.visible = spec.series.length > 1;
  added.setPosition(spec.anchor, chartEnd(spec.anchor));
  added.series.load("items");
  return added;
}

/** Replaces whatever series Excel made with the spec's, each named, on its axis, over its first rows. */
export function addSeries(sheet: Excel.Worksheet, added: Excel.Chart, spec: ChartSpec): void {
  for (const existing of added.series.items) existing.delete();
  const stored = storedChart(spec);
  stored.series.forEach((s, j) => {
    const series = added.series.add(spec.series[j].name);
    if (s.axis === "secondary") series.axisGroup = "Secondary";
    series.setValues(sheet.getRange(firstRows(s, spec.maxPoints)));
    series.setXAxisValues(sheet.getRange(firstRows(stored.categories, spec.maxPoints)));
  });
  if (spec.series.some((s) => s.axis === "secondary")) {
    const second = added.axes.getItem("Value", "Secondary");
    second.title.text = spec.secondaryValueAxisTitle ?? spec.valueAxisTitle;
    if (spec.valueAxisFormat) second.numberFormat = AXIS_NUMBER_FORMATS[spec.valueAxisFormat];
  }
}

/**
 * Points every series of the sheet's report charts at its formula's spill as it is now (at most the chart's
 * points). A series missing from a chart (a chart Excel made without one) is added back; a chart deleted by hand is
 * left alone; before a formula has spilled, its series stay where they are. Three bounded syncs whatever the chart count.
 */
export async function pointChartsAtSpills(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  charts: readonly StoredChart[],
): Promise<void> {
  const spills = new Map<string, Excel.Range>();
  const spillOf = (cell: string) => {
    let spill = spills.get(cell);
    // A spill not asked for yet (the linter's isNullObject rule misreads this Map lookup).
    // eslint-disable-next-line office-addins/test-for-null-using-isNullObject
    if (!spill) {
      spill = sheet.getRange(cell).getSpillingToRangeOrNullObject();
      spill.load("address");
      spills.set(cell, spill);
    }
    return spill;
  };
  const found = charts.map((stored) => {
    const chart = sheet.charts.getItemOrNullObject(stored.chart);
    for (const column of [stored.categories, ...stored.series]) spillOf(column.cell);
    return { stored, chart };
  });
  await context.sync();
  // A null object's series are not asked for: only charts that are there.
  const live = found.filter((f) => !f.chart.isNullObject);
  for (const { chart } of live) chart.series.load("items");
  await context.sync();
  const current = (column: StoredColumn, maxPoints?: number) => {
    const spill = spills.get(column.cell)!;
    if (spill.isNullObject) return null;
    const address = columnOfSpill(spill.address, column, maxPoints);
    return address ? sheet.getRange(address) : null;
  };
  for (const { stored, chart } of live) {
    const categories = current(stored.categories, stored.maxPoints);
    stored.series.forEach((s, j) => {
      const values = current(s, stored.maxPoints);
      let series = chart.series.items[j];
      if (!series) {
        if (!s.legend) return;
        series = chart.series.add(s.legend);
        if (s.axis === "secondary") series.axisGroup = "Secondary";
      }
      if (!values || !categories) return;
      series.setValues(values);
      series.setXAxisValues(categories);
    });
  }
  await context.sync();
}
