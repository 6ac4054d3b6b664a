/**
 * Report sheets in the preview, created the way the task pane creates them: through the preview's host adapter,
 * which the page gives the task pane's frame (window.__madPreviewHost, see src/preview/stand-ins.ts).
 */
import type { Frame, Locator, Page } from "playwright-core";
import type { CreatedReportSheet, ReportSheetSpec } from "../../../src/taskpane/host/host-adapter";

function paneFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error("the task pane frame is not loaded");
  return frame;
}

export async function createReportSheet(page: Page, spec: ReportSheetSpec): Promise<CreatedReportSheet> {
  return paneFrame(page).evaluate(async (given) => {
    const host = (
      window as unknown as { __madPreviewHost: import("../../../src/taskpane/host/host-adapter").HostAdapter }
    ).__madPreviewHost;
    if (!host.createReportSheet) throw new Error("the preview host cannot create report sheets");
    return host.createReportSheet(given);
  }, spec);
}

/**
 * A keyword report as a template lays it out: inputs in B2:B3, the trends at A6, a line chart over them and a column
 * and a bar chart of their first months.
 */
export function keywordTrendsReport(name = "Keyword yoga mat"): ReportSheetSpec {
  return {
    name,
    values: [
      { address: "A1", value: "Keyword opportunity", role: "title" },
      { address: "A2", value: "Market", role: "label" },
      { address: "B2", value: "US", role: "input", format: "@" },
      { address: "A3", value: "Keyword", role: "label" },
      { address: "B3", value: "yoga mat", role: "input", format: "@" },
      { address: "A5", value: "Searches and purchases by month", role: "title" },
    ],
    formulas: [{ address: "A6", formula: '=MAD.KEYWORDTRENDS($B$2,$B$3,"dates=text","time, search, purchase")' }],
    charts: [
      {
        kind: "line",
        title: "Searches and purchases",
        categories: { cell: "A6", column: 0 },
        series: [
          { name: "Searches", values: { cell: "A6", column: 1 } },
          { name: "Purchases", values: { cell: "A6", column: 2 } },
        ],
        categoryAxisTitle: "Month",
        valueAxisTitle: "Count",
        anchor: "E2",
      },
      {
        kind: "column",
        title: "Purchases, first months",
        categories: { cell: "A6", column: 0 },
        series: [{ name: "Purchases", values: { cell: "A6", column: 2 } }],
        categoryAxisTitle: "Month",
        valueAxisTitle: "Purchases",
        anchor: "E17",
        maxPoints: 6,
      },
      {
        kind: "bar",
        title: "Searches, first months",
        categories: { cell: "A6", column: 0 },
        series: [{ name: "Searches", values: { cell: "A6", column: 1 } }],
        categoryAxisTitle: "Month",
        valueAxisTitle: "Searches",
        anchor: "J17",
        maxPoints: 4,
      },
    ],
    report: {
      template: "keywordOpportunity",
      title: "Keyword opportunity",
      inputs: { market: "US", keyword: "yoga mat" },
      createdAt: Date.UTC(2026, 0, 1),
    },
  };
}

/** A chart of the active sheet, by its accessible name. */
export function chart(page: Page, title: string): Locator {
  return page.getByRole("img", { name: `${title} chart` });
}

/** Waits until the chart shows its spills' current data, and returns how many points it drew and its summary. */
export async function drawnChart(page: Page, title: string): Promise<{ points: number; summary: string }> {
  const image = chart(page, title);
  await image.and(page.locator('[data-status="ready"]')).waitFor({ timeout: 60_000 });
  return image.evaluate((element) => ({
    points: Number(element.getAttribute("data-points")),
    summary: document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent ?? "",
  }));
}
