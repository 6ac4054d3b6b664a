/**
 * What Chart.js is asked to draw for a report chart: kept apart from the drawing (chart-render.ts, which loads the
 * library) so the mapping from a ChartSpec (kinds, axes, formats) can be tested without a canvas.
 */
import type { ChartConfiguration } from "chart.js";
import type { AxisFormat, ChartKind, ChartSpec } from "../taskpane/report-model/chart-spec";
import type { ChartData } from "./chart-data";

/** Excel's default series colors (Office theme accents). */
const PALETTE = ["#4472c4", "#ed7d31", "#a5a5a5", "#ffc000", "#5b9bd5", "#70ad47"];

export type ReportChartConfig = ChartConfiguration<"bar" | "line", (number | null)[], string>;

function chartType(kind: ChartKind): { type: "bar" | "line"; indexAxis: "x" | "y" } {
  switch (kind) {
    case "bar":
      return { type: "bar", indexAxis: "y" }; // Excel's bar chart is horizontal
    case "column":
      return { type: "bar", indexAxis: "x" };
    case "line":
      return { type: "line", indexAxis: "x" };
    default: {
      const unknown: never = kind;
      throw new Error(`Unknown chart kind ${String(unknown)}`);
    }
  }
}

/** An axis label as Excel's `0%` or `#,##0` would show it. */
export function axisLabel(value: number, format: AxisFormat): string {
  switch (format) {
    case "percent":
      return `${Number((value * 100).toFixed(1))}%`;
    case "number":
      return value.toLocaleString("en-US", { maximumFractionDigits: 2 });
    default: {
      const unknown: never = format;
      throw new Error(`Unknown axis format ${String(unknown)}`);
    }
  }
}

export function chartConfig(spec: ChartSpec, data: Extract<ChartData, { status: "ready" }>): ReportChartConfig {
  const { type, indexAxis } = chartType(spec.kind);
  const valueAxis: "x" | "y" = indexAxis === "x" ? "y" : "x";
  // The second value axis sits opposite the first: on the right of a line or column chart, at the top of a bar chart.
  const secondAxis = `${valueAxis}2`;
  const secondary = spec.series.some((s) => s.axis === "secondary");
  const format = spec.valueAxisFormat ?? "number";
  const valueScale = (title: string, position?: "right" | "top") => ({
    type: "linear" as const,
    axis: valueAxis,
    beginAtZero: true,
    ...(position ? { position, grid: { drawOnChartArea: false } } : {}),
    title: { display: true, text: title },
    ticks: { callback: (value: number | string) => axisLabel(Number(value), format) },
  });
  return {
    type,
    data: {
      labels: [...data.labels],
      datasets: data.series.map((series, index) => ({
        label: series.name,
        data: [...series.values],
        backgroundColor: PALETTE[index % PALETTE.length],
        borderColor: PALETTE[index % PALETTE.length],
        borderWidth: type === "line" ? 2 : 0,
        pointRadius: type === "line" ? 2 : undefined,
        ...(spec.series[index]?.axis === "secondary"
          ? valueAxis === "y"
            ? { yAxisID: secondAxis }
            : { xAxisID: secondAxis }
          : {}),
      })),
    },
    options: {
      indexAxis,
      // Drawn once per change, without animation: the chart shows its data at once (and in screenshots).
      animation: false,
      responsive: false,
      plugins: {
        title: { display: true, text: spec.title, font: { size: 14, weight: "bold" }, color: "#242424" },
        legend: { display: data.series.length > 1, position: "bottom" },
      },
      scales: {
        [indexAxis]: { type: "category", title: { display: true, text: spec.categoryAxisTitle } },
        [valueAxis]: valueScale(spec.valueAxisTitle),
        ...(secondary
          ? {
              [secondAxis]: valueScale(
                spec.secondaryValueAxisTitle ?? spec.valueAxisTitle,
                valueAxis === "y" ? "right" : "top",
              ),
            }
          : {}),
      },
    },
  };
}
