/**
 * Report sheets in the preview, created the way the task pane creates them: through the preview's host adapter,
 * which the page gives the task pane's frame (window.__madPreviewHost, see src/preview/stand-ins.ts).
 */
import type { Frame, Locator, Page } from "playwright-core";
import type { CreatedReportSheet, ReportSheetSpec } from "../../../src/taskpane/report-model/report-sheet-spec";
import { keywordReport } from "../../support/report-specs";

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
 * The Keyword opportunity template's report (test/support/report-specs.ts), with two more charts over its trends
 * spill that draw only its first months: a column chart of 6 points and a bar chart of 4.
 */
export function keywordTrendsReport(name?: string): ReportSheetSpec {
  const spec = keywordReport(name);
  const trends = spec.charts[0];
  const column = (index: number) => ({ name: trends.series[index].name, values: trends.series[index].values });
  return {
    ...spec,
    charts: [
      ...spec.charts,
      { ...trends, kind: "column", title: "Purchases, first months", series: [column(1)], anchor: "U6", maxPoints: 6 },
      { ...trends, kind: "bar", title: "Searches, first months", series: [column(0)], anchor: "U14", maxPoints: 4 },
    ],
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
