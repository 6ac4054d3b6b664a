/**
 * The preview stack for browser tests: the built add-in (built once if stale) served by the simulator on a free
 * loopback port, and helpers that drive the preview page the way a person does (click a cell, type in the
 * formula bar, press Enter).
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { startSimulator, type RunningSimulator } from "../../../src/simulator";
import { OPERATIONS } from "../../../src/api/catalog";
import { DEMO_SECRET } from "../../../src/api/demo-secret";
import { cellAddress, parseCellAddress } from "../../../src/preview/address";
import { DIST, ensureBuilt } from "./built-addin";

export interface PreviewStack {
  readonly simulator: RunningSimulator;
  readonly previewUrl: string;
  stop(): Promise<void>;
}

export async function startPreviewStack(options: { latencyMs?: number } = {}): Promise<PreviewStack> {
  await ensureBuilt();
  const simulator = await startSimulator({
    port: 0,
    secret: DEMO_SECRET,
    staticDir: DIST,
    latencyMs: options.latencyMs,
  });
  return { simulator, previewUrl: `${simulator.url}/preview.html`, stop: () => simulator.stop() };
}

export interface PreviewPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Browser errors seen so far (uncaught exceptions, console errors). */
  readonly problems: string[];
}

/** A fresh browser context (empty storage) with the preview loaded and the add-in's functions registered. */
export async function openPreview(browser: Browser, stack: PreviewStack): Promise<PreviewPage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().includes("/v1/"))
      problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(stack.previewUrl);
  await page.waitForSelector("body[data-ready]", { timeout: 60_000 });
  const ready = await page.getAttribute("body", "data-ready");
  if (ready !== "true") throw new Error(`The preview did not start: ${await page.locator("#status").textContent()}`);
  await waitForFunctions(page);
  return { context, page, problems };
}

/** Waits until the preview has registered one custom function per catalog operation. */
export async function waitForFunctions(page: Page): Promise<void> {
  await page.waitForFunction(
    (count) => Number(document.getElementById("function-count")?.textContent) >= count,
    OPERATIONS.length,
    {
      timeout: 60_000,
    },
  );
}

export function cell(page: Page, address: string): Locator {
  return page.getByRole("gridcell", { name: address, exact: true });
}

/** Selects the cell, types into the formula bar and presses Enter, as a person would. */
export async function enter(page: Page, address: string, text: string): Promise<void> {
  await cell(page, address).click();
  const formula = page.getByRole("textbox", { name: "Formula" });
  await formula.fill(text);
  await formula.press("Enter");
}

/** Waits until the cell shows something other than #BUSY! (or nothing), and returns that text. */
export async function settledText(page: Page, address: string, timeout = 60_000): Promise<string> {
  // No named functions inside page callbacks: tsx's keepNames would reference a helper the page lacks.
  await page.waitForFunction(
    (label) => {
      const text = document.querySelector(`td[aria-label="${label}"]`)?.textContent ?? "";
      return text !== "" && text !== "#BUSY!";
    },
    address,
    { timeout },
  );
  return (await cell(page, address).textContent()) ?? "";
}

/** The texts of a rectangle of cells, row by row. */
export async function readRange(page: Page, topLeft: string, rows: number, columns: number): Promise<string[][]> {
  const start = parseCellAddress(topLeft);
  if (!start) throw new Error(`${topLeft} is not a cell address`);
  const labels = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => cellAddress({ row: start.row + r, col: start.col + c })),
  );
  return page.evaluate(
    (grid) =>
      grid.map((row) => row.map((label) => document.querySelector(`td[aria-label="${label}"]`)?.textContent ?? "")),
    labels,
  );
}

/** The accessible description of a cell (its error message), through aria-describedby. */
export async function describedBy(page: Page, address: string): Promise<string> {
  return cell(page, address).evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
}
