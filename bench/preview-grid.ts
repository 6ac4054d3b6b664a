/**
 * Scenario 9: time to first paint of a large spill in the preview grid (windowed: only the cells in view are in
 * the DOM). Chromium opens the built preview page served by an in-process simulator (no latency); the formula is
 * entered once to fill the page's cache, cleared, then entered again and timed from pressing Enter in the formula
 * bar until the spill's anchor shows its header and the next frame has painted. The second entry is answered from
 * the cache, so the figure is evaluation, shaping and the grid's render, not the network. Baseline: a 50-row spill
 * measured the same way in the same browser and run. Medians of a few fresh browser contexts.
 */
import { performance } from "node:perf_hooks";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { DEMO_SECRET } from "../src/api/demo-secret";
import { startSimulator, type RunningSimulator } from "../src/simulator";
import { launchChromium } from "../test/browser/support/chromium";
import { cellSelector, enter, goTo, openPreview, settledText } from "../test/browser/support/preview";
import type { ScenarioResult } from "./scenarios";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const formulaFor = (rows: number) => `=MAD.PRODUCTRESEARCH("US",,,${rows})`;

/** Enter the formula into A1 from a warm cache and wait until the header is painted; returns ms and API calls. */
async function timedSpill(page: Page, rows: number, sim: RunningSimulator): Promise<{ ms: number; calls: number }> {
  await enter(page, "A1", formulaFor(rows));
  expectHeader(await settledText(page, "A1", 180_000));
  await goTo(page, "A1");
  await page.keyboard.press("Delete");
  await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === "", cellSelector("A1"), {
    timeout: 60_000,
  });
  const formula = page.getByRole("textbox", { name: "Formula" });
  await formula.fill(formulaFor(rows));
  sim.resetStats();
  const started = performance.now();
  await formula.press("Enter");
  await page.waitForFunction(
    (selector) => document.querySelector(selector)?.textContent === "asin",
    cellSelector("A1"),
    { polling: "raf", timeout: 60_000 },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const ms = performance.now() - started;
  const { visits: _visits, ...byOperation } = sim.stats().byOperation;
  return { ms, calls: Object.values(byOperation).reduce((sum, n) => sum + n, 0) };
}

function expectHeader(text: string): void {
  if (text !== "asin") throw new Error(`the spill's anchor shows "${text}", not its header`);
}

export async function previewGridPaint(root: string, distDir: string, runs = 3): Promise<ScenarioResult> {
  const notes: string[] = [];
  const sim = await startSimulator({ port: 0, secret: DEMO_SECRET, staticDir: path.join(root, distDir) });
  const stack = { simulator: sim, previewUrl: `${sim.url}/preview.html`, stop: () => sim.stop() };
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const large: number[] = [];
    const small: number[] = [];
    for (let i = -1; i < runs; i++) {
      for (const [rows, into] of [
        [2000, large],
        [50, small],
      ] as const) {
        const preview = await openPreview(browser, stack);
        try {
          const { ms, calls } = await timedSpill(preview.page, rows, sim);
          if (calls) notes.push(`preview grid (${rows} rows): the timed entry sent ${calls} API calls`);
          if (i >= 0) into.push(ms); // the first round warms the browser up
          if (preview.problems.length) notes.push(`preview grid (${rows} rows): ${preview.problems[0]}`);
        } finally {
          await preview.context.close();
        }
      }
    }
    const scenario = `9. Spill in the preview grid (${distDir}, Chromium, answered from the page's cache), median of ${runs}`;
    return {
      notes,
      measures: [
        {
          scenario,
          measure: "time to first paint of a 2,000 × 52 spill",
          unit: "ms",
          value: median(large),
          baselineLabel: "a 50-row spill",
          baseline: median(small),
        },
      ],
    };
  } catch (error) {
    notes.push(`preview grid paint not measured: ${(error as Error).message.split("\n")[0]}`);
    return { notes, measures: [] };
  } finally {
    await browser?.close();
    await sim.stop();
  }
}
