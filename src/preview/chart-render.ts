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
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Title,
  Tooltip,
} from "chart.js";
import type { ChartSpec } from "../taskpane/report-model/chart-spec";
import { chartConfig } from "./chart-config";
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

/** Draws the chart on the canvas, replacing what was drawn there before. */
export function drawChart(
  canvas: HTMLCanvasElement,
  spec: ChartSpec,
  data: Extract<ChartData, { status: "ready" }>,
  previous: Chart | undefined,
): Chart {
  previous?.destroy();
  return new Chart(canvas, chartConfig(spec, data));
}
