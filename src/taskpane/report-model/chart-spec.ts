/**
 * A report's native charts, as a template lays them out and both hosts draw them: each reads columns of a MAD
 * formula's spilled result, so it follows the spill as it grows or shrinks.
 */

/** The native chart types report templates use. */
export type ChartKind = "bar" | "column" | "line";

/**
 * One column of a MAD formula's spilled result, below its header row: what a chart's categories or one series read.
 * Hosts point the chart at the spill's current rows whenever it changes size (Excel charts read ranges, not names).
 */
export interface SpillColumn {
  /** The cell on the report's sheet that holds the MAD formula (A1, e.g. `D5`). */
  readonly cell: string;
  /** 0-based column within the spill (templates pass explicit `fields`, so they know each column's place). */
  readonly column: number;
}

interface ChartSeriesSpec {
  /** Legend entry, e.g. "Searches". */
  readonly name: string;
  readonly values: SpillColumn;
  /**
   * "secondary": read against a second value axis on the right, for a series of another size or unit (revenue
   * beside units, purchases beside searches), which would otherwise lie flat along the bottom.
   */
  readonly axis?: "secondary";
}

/** How a value axis labels its numbers: "percent" for fractions (0.05 shows as 5%). */
export type AxisFormat = "number" | "percent";

/** A chart's size in cells (hosts place a chart over this block from its anchor; reports lay out around it). */
export const CHART_SIZE = { columns: 8, rows: 15 } as const;

export interface ChartSpec {
  readonly kind: ChartKind;
  /** The chart's title; the preview's accessible name is `${title} chart` (e.g. "Brand share chart"). */
  readonly title: string;
  readonly categories: SpillColumn;
  readonly series: readonly ChartSeriesSpec[];
  readonly categoryAxisTitle: string;
  readonly valueAxisTitle: string;
  /** Labels of the value axis; "number" when absent. */
  readonly valueAxisFormat?: AxisFormat;
  /** Title of the second value axis, when a series is drawn against it. */
  readonly secondaryValueAxisTitle?: string;
  /** Top-left cell the chart is placed at, on the report's sheet. */
  readonly anchor: string;
  /** Only the first N rows are charted (e.g. the top 10 brands); every row stays in the sheet. */
  readonly maxPoints?: number;
}
