/**
 * Scenario 8: time to interactive of the task pane in Chromium (the browser tests' build, through playwright-core, the
 * launch of the browser tests). The built taskpane.html runs in the preview page's frame (the preview stands in
 * for Excel: the page and its bundles run unchanged, office.js aside), served by the in-process simulator from
 * the measured build. Interactive = the pane's tabs are shown and enabled. Baseline: a blank page served by the
 * same server, loaded in the same browser in the same run. Medians of a few fresh browser contexts each.
 */
import { performance } from "node:perf_hooks";
import path from "node:path";
import type { Browser } from "playwright-core";
import { startSimulator } from "../src/simulator";
import { launchChromium } from "../test/browser/support/chromium";
import type { ScenarioResult } from "./scenarios";
import { BENCH_SECRET } from "./scenarios";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timeLoad(browser: Browser, url: string, ready: (page: import("playwright-core").Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(url);
    await ready(page);
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

export async function taskPaneInteractive(root: string, distDir: string, runs = 5): Promise<ScenarioResult> {
  const notes: string[] = [];
  const sim = await startSimulator({ port: 0, secret: BENCH_SECRET, staticDir: path.join(root, distDir) });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const pane: number[] = [];
    const blank: number[] = [];
    for (let i = -1; i < runs; i++) {
      const paneMs = await timeLoad(browser, `${sim.url}/preview.html`, async (page) => {
        const tab = page.frameLocator("#task-pane").getByRole("tab", { name: "Build" });
        await tab.waitFor({ state: "visible", timeout: 60_000 });
      });
      // The blank page: an empty 404 body from the same server (no markup, no script).
      const blankMs = await timeLoad(browser, `${sim.url}/blank-page-for-bench`, async () => undefined);
      if (i < 0) continue; // warm-up (browser caches, first process)
      pane.push(paneMs);
      blank.push(blankMs);
    }
    const scenario = `8. Task pane in Chromium (${distDir}, in the preview's frame), median of ${runs}`;
    return {
      notes,
      measures: [
        {
          scenario,
          measure: "time to interactive (tabs shown)",
          unit: "ms",
          value: median(pane),
          baselineLabel: "a blank page from the same server",
          baseline: median(blank),
        },
      ],
    };
  } catch (error) {
    notes.push(`task pane time to interactive not measured: ${(error as Error).message.split("\n")[0]}`);
    return { notes, measures: [] };
  } finally {
    await browser?.close();
    await sim.stop();
  }
}
