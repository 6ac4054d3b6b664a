/**
 * Draws a report chart with Chart.js. Loaded on demand as its own chunk (see chart-view.ts), so the preview's first
 * load does not carry the charting library; only the controllers, elements, scales and plugins used are
 * registered, which keeps the chunk small.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Title,
  Tooltip,
} from "chart.js";
import type { ChartKind, ChartSpec } from "../taskpane/host/host-adapter";
import type { ChartData } from "./chart-data";

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Title,
  Legend,
  Tooltip,
);

/** Excel's default series colors (Office theme accents). */
const PALETTE = ["#4472c4", "#ed7d31", "#a5a5a5", "#ffc000", "#5b9bd5", "#70ad47"];

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

/** Draws the chart on the canvas, replacing what was drawn there before. */
export function drawChart(
  canvas: HTMLCanvasElement,
  spec: ChartSpec,
  data: Extract<ChartData, { status: "ready" }>,
  previous: Chart | undefined,
): Chart {
  previous?.destroy();
  const { type, indexAxis } = chartType(spec.kind);
  const categoryAxis = indexAxis;
  const valueAxis = indexAxis === "x" ? "y" : "x";
  const config: ChartConfiguration<"bar" | "line", (number | null)[], string> = {
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
        [categoryAxis]: { type: "category", title: { display: true, text: spec.categoryAxisTitle } },
        [valueAxis]: { type: "linear", beginAtZero: true, title: { display: true, text: spec.valueAxisTitle } },
      },
    },
  };
  return new Chart(canvas, config);
}
