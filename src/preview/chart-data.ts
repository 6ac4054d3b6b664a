/**
 * What a report chart draws, read from the spills on its sheet: the categories are one column of a formula's
 * results below its header row, each series another column (numbers; text or blanks are gaps), the first maxPoints
 * rows when given. Kept apart from the drawing so it can be tested and shown as text to screen readers.
 */
import { t } from "../i18n/preview";
import type { ChartSpec, SpillColumn } from "../taskpane/report-model/chart-spec";
import { parseCellAddress } from "../table/a1";
import { BUSY } from "./cell-types";
import type { Sheet } from "./sheet";

interface ChartSeriesData {
  readonly name: string;
  readonly values: readonly (number | null)[];
}

export type ChartData =
  | { readonly status: "ready"; readonly labels: readonly string[]; readonly series: readonly ChartSeriesData[] }
  /** A formula it reads is still calculating. */
  | { readonly status: "calculating" }
  /** A formula it reads shows an error, or has no column there: the message says which. */
  | { readonly status: "unavailable"; readonly message: string };

type ColumnRead = { texts: string[]; values: (number | null)[] } | Exclude<ChartData, { status: "ready" }>;

function readColumn(sheet: Sheet, column: SpillColumn, maxPoints: number | undefined): ColumnRead {
  const anchor = parseCellAddress(column.cell);
  if (!anchor) return { status: "unavailable", message: t("chart.notAddress", { cell: column.cell }) };
  const shown = sheet.display(anchor);
  if (shown.error?.code === BUSY.code) return { status: "calculating" };
  if (shown.error)
    return {
      status: "unavailable",
      message: t("chart.shows", { cell: column.cell, code: shown.error.code, message: shown.error.message }),
    };
  // A report reads a formula's spill; a history sheet its summary table, whose header is at the same cell.
  const table = sheet.history?.table;
  const spill =
    sheet.spillRange(anchor) ?? (table && table.top === anchor.row && table.left === anchor.col ? table : undefined);
  if (!spill) return { status: "unavailable", message: t("chart.noResults", { cell: column.cell }) };
  const width = spill.right - spill.left + 1;
  if (column.column >= width)
    return {
      status: "unavailable",
      message: t("chart.narrow", { cell: column.cell, width, column: column.column + 1 }),
    };
  const rows = Math.min(spill.bottom - spill.top, maxPoints ?? Infinity);
  const texts: string[] = [];
  const values: (number | null)[] = [];
  for (let r = 1; r <= rows; r++) {
    const cell = sheet.display({ row: spill.top + r, col: spill.left + column.column });
    texts.push(cell.text);
    values.push(typeof cell.value === "number" && !cell.error ? cell.value : null);
  }
  return { texts, values };
}

export function chartData(sheet: Sheet, chart: ChartSpec): ChartData {
  const categories = readColumn(sheet, chart.categories, chart.maxPoints);
  if ("status" in categories) return categories;
  const series: ChartSeriesData[] = [];
  for (const spec of chart.series) {
    const column = readColumn(sheet, spec.values, chart.maxPoints);
    if ("status" in column) return column;
    const values = categories.texts.map((_, i) => column.values[i] ?? null);
    series.push({ name: spec.name, values });
  }
  return { status: "ready", labels: categories.texts, series };
}

/** A short text of the chart's data for screen readers: "Searches: 2024-01 1200, 2024-02 1350; …". */
export function chartSummary(chart: ChartSpec, data: ChartData): string {
  switch (data.status) {
    case "calculating":
      return t("chart.summary.calculating", { title: chart.title });
    case "unavailable":
      return t("chart.summary.unavailable", { title: chart.title, why: data.message });
    case "ready": {
      if (data.labels.length === 0) return t("chart.summary.empty", { title: chart.title });
      const noValue = t("chart.summary.noValue");
      const series = data.series.map(
        (s) => `${s.name}: ${data.labels.map((label, i) => `${label} ${s.values[i] ?? noValue}`).join(", ")}`,
      );
      return t("chart.summary.ready", {
        title: chart.title,
        categories: chart.categoryAxisTitle,
        values: chart.valueAxisTitle,
        series: series.join("; "),
      });
    }
    default: {
      const unknown: never = data;
      throw new Error(`Unknown chart data ${JSON.stringify(unknown)}`);
    }
  }
}
