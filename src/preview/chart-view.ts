/**
 * The active sheet's report charts, drawn over the grid at their anchor cells as Excel places them. Each chart is an
 * element with role="img" named `${title} chart`, described (aria-describedby) by a hidden text summary of its data
 * for screen readers; `data-points` says how many categories the last drawing holds and `data-status` whether it shows the
 * spills' current values ("ready") or waits for them ("calculating", "unavailable"). Charts follow the workbook's
 * change notifications: edit an input cell, the formulas recalculate, the charts redraw from the new spills.
 * Chart.js is loaded on first use, as its own chunk.
 */
import { t } from "../i18n/preview";
import type { Chart } from "chart.js";
import { CHART_SIZE, type ChartSpec } from "../taskpane/report-model/chart-spec";
import { coalesced } from "../lib/coalesce";
import { parseCellAddress } from "../table/a1";
import { ChartData, chartData, chartSummary } from "./chart-data";
import { COLUMN_WIDTH, HEADER_HEIGHT, ROW_HEADER_WIDTH, ROW_HEIGHT } from "./grid-window";
import type { Workbook } from "./workbook";

/** The block of cells a chart covers from its anchor, as Excel places it (report-charts.ts), in the grid's pixels. */
const CHART_BOX = { width: CHART_SIZE.columns * COLUMN_WIDTH, height: CHART_SIZE.rows * ROW_HEIGHT };

interface ShownChart {
  readonly root: HTMLElement;
  readonly image: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  readonly state: HTMLElement;
  readonly summary: HTMLElement;
  /** The data last asked for, to skip redrawing what did not change. */
  signature?: string;
  chart?: Chart;
}

type Renderer = typeof import("./chart-render");

export class ChartView {
  private readonly shown = new Map<string, ShownChart>();
  private renderer: Promise<Renderer> | undefined;
  private readonly schedule = coalesced(() => this.update());

  constructor(
    private readonly workbook: Workbook,
    /** A layer inside the grid's scrolling container, so charts scroll with their cells. */
    private readonly layer: HTMLElement,
    /** Told when Chart.js cannot be loaded or a chart cannot be drawn. */
    private readonly report: (message: string) => void,
  ) {
    workbook.onChange(() => this.schedule());
    this.schedule();
  }

  private update(): void {
    const sheet = this.workbook.activeSheet();
    const charts = sheet.report?.charts ?? sheet.history?.charts ?? [];
    const key = (index: number) => `${sheet.id}:${index}`;
    const wanted = new Set(charts.map((_, index) => key(index)));
    for (const [shownKey, shown] of this.shown) {
      if (wanted.has(shownKey)) continue;
      shown.chart?.destroy();
      shown.root.remove();
      this.shown.delete(shownKey);
    }
    charts.forEach((spec, index) => {
      const shown = this.shown.get(key(index)) ?? this.create(key(index), spec);
      this.show(shown, spec, chartData(sheet, spec), sheet.chartsRevision);
    });
  }

  private show(shown: ShownChart, spec: ChartSpec, data: ChartData, revision: number): void {
    const signature = `${revision} ${JSON.stringify(data)}`;
    if (signature === shown.signature) return;
    shown.signature = signature;
    shown.summary.textContent = chartSummary(spec, data);
    if (data.status !== "ready") {
      shown.image.dataset.status = data.status;
      shown.state.textContent = data.status === "calculating" ? t("chart.calculating") : data.message;
      return;
    }
    this.renderer ??= import(/* webpackChunkName: "charts" */ "./chart-render");
    this.renderer
      .then(({ drawChart }) => {
        if (shown.signature !== signature || !shown.root.isConnected) return;
        shown.chart = drawChart(shown.canvas, spec, data, shown.chart);
        shown.image.dataset.points = String(data.labels.length);
        shown.image.dataset.status = "ready";
        shown.state.textContent = data.labels.length === 0 ? t("chart.noRows") : "";
      })
      .catch((error: unknown) => {
        // Loading is tried again on the next change (the chunk may have failed on a dropped connection).
        this.renderer = undefined;
        shown.signature = undefined;
        const message = t("chart.failed", { reason: error instanceof Error ? error.message : String(error) });
        shown.image.dataset.status = "unavailable";
        shown.state.textContent = message;
        shown.summary.textContent = `${spec.title}: ${message}`;
        this.report(`${spec.title}: ${message}`);
      });
  }

  private create(key: string, spec: ChartSpec): ShownChart {
    const anchor = parseCellAddress(spec.anchor) ?? { row: 0, col: 0 };
    const root = document.createElement("div");
    root.className = "report-chart";
    root.style.left = `${ROW_HEADER_WIDTH + anchor.col * COLUMN_WIDTH}px`;
    root.style.top = `${HEADER_HEIGHT + anchor.row * ROW_HEIGHT}px`;
    root.style.width = `${CHART_BOX.width}px`;
    root.style.height = `${CHART_BOX.height}px`;
    const image = document.createElement("div");
    image.setAttribute("role", "img");
    image.setAttribute("aria-label", t("chart.name", { title: spec.title }));
    image.dataset.status = "calculating";
    const canvas = document.createElement("canvas");
    canvas.width = CHART_BOX.width;
    canvas.height = CHART_BOX.height;
    image.append(canvas);
    const summaryId = `chart-summary-${key.replace(":", "-")}`;
    image.setAttribute("aria-describedby", summaryId);
    const summary = document.createElement("p");
    summary.id = summaryId;
    // Read as the image's description, not a second time in the page's flow.
    summary.hidden = true;
    const state = document.createElement("p");
    state.className = "chart-state";
    state.setAttribute("aria-hidden", "true"); // the summary says the same to screen readers
    root.append(image, state, summary);
    this.layer.append(root);
    const shown: ShownChart = { root, image, canvas, state, summary };
    this.shown.set(key, shown);
    return shown;
  }
}
