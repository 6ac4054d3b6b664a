/**
 * The preview stack for browser tests: the built add-in (built once if stale) served by the simulator on a free
 * loopback port, and helpers that drive the preview page the way a person does (click a cell, type in the
 * formula bar, press Enter).
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { startSimulator, type RunningSimulator } from "../../../src/simulator";
import { OPERATIONS } from "../../../src/api/catalog";
import { DEMO_SECRET } from "../../../src/api/demo-secret";
import { cellAddress, parseCellAddress } from "../../../src/table/a1";
import { COLUMN_WIDTH, ROW_HEIGHT } from "../../../src/preview/grid-window";
import { BUILD_TIMEOUT_MS, DIST, ensureBuilt } from "./built-addin";
import { launchChromium } from "./chromium";

export interface PreviewStack {
  readonly simulator: RunningSimulator;
  readonly previewUrl: string;
  stop(): Promise<void>;
}

export async function startPreviewStack(
  options: { latencyMs?: number; monthlyQuota?: number } = {},
): Promise<PreviewStack> {
  await ensureBuilt();
  const simulator = await startSimulator({
    port: 0,
    secret: DEMO_SECRET,
    staticDir: DIST,
    latencyMs: options.latencyMs,
    ...(options.monthlyQuota === undefined ? {} : { monthlyQuota: options.monthlyQuota }),
  });
  return { simulator, previewUrl: `${simulator.url}/preview.html`, stop: () => simulator.stop() };
}

export interface PreviewPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Browser errors seen so far (uncaught exceptions, console errors). */
  readonly problems: string[];
}

/** The page's problems as they come: uncaught exceptions, console errors, failed loads of the add-in's files. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().includes("/v1/"))
      problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

/**
 * A fresh browser context (empty storage) with the preview loaded and the add-in's functions registered. `language`
 * is the display language the preview plays Office's (and the browser's): English unless a test asks for another.
 */
export async function openPreview(browser: Browser, stack: PreviewStack, language = "en-US"): Promise<PreviewPage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: language });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${stack.previewUrl}?lang=${encodeURIComponent(language)}`);
  await page.waitForSelector("body[data-ready]", { timeout: 60_000 });
  const ready = await page.getAttribute("body", "data-ready");
  if (ready !== "true") throw new Error(`The preview did not start: ${await page.locator("#status").textContent()}`);
  await waitForFunctions(page);
  return { context, page, problems };
}

/** What one file's preview tests share: Chromium and the served build once per file, a fresh page per test. */
export interface PreviewSession {
  readonly browser: Browser;
  readonly stack: PreviewStack;
  /** This test's page (a fresh browser context, empty storage), the simulator's counts reset once it loaded. */
  readonly preview: PreviewPage;
}

/** Registers the jest hooks of a file of preview tests and returns what they set up (`language`: see openPreview). */
export function previewPerTest(
  options: Parameters<typeof startPreviewStack>[0] & { language?: string } = {},
): PreviewSession {
  const session = {} as { browser: Browser; stack: PreviewStack; preview: PreviewPage };
  beforeAll(async () => {
    // Chromium first: without it the file fails at once with how to install it, before any build.
    session.browser = await launchChromium();
    session.stack = await startPreviewStack(options);
  }, BUILD_TIMEOUT_MS + 60_000); // it may build (a busy machine builds slowly)
  afterAll(async () => {
    await session.browser?.close();
    await session.stack?.stop();
  });
  beforeEach(async () => {
    session.preview = await openPreview(session.browser, session.stack, options.language);
    session.stack.simulator.resetStats();
  });
  afterEach(async () => {
    await session.preview?.context.close();
  });
  return session;
}

/** Calls per operation since the last reset: the calls meter's GET /v1/visits reads are free and come when it decides. */
export function spentByOperation(stack: PreviewStack): Record<string, number> {
  const { visits: _free, ...spent } = stack.simulator.stats().byOperation;
  return spent;
}

/** Calls the operations spent since the last reset (the meter's free /v1/visits reads aside). */
export const operationCalls = (stack: PreviewStack): number =>
  Object.values(spentByOperation(stack)).reduce((sum, count) => sum + count, 0);

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

/**
 * A cell's accessible name is its address followed by what it shows ("A1 yoga mat"), or the address alone when it
 * is blank: this matches the address as the name's first word.
 */
export function cellName(address: string): RegExp {
  return new RegExp(`^${address}(?: |$)`);
}

/** The CSS selector for a cell by its accessible name (see cellName). */
export function cellSelector(address: string): string {
  return `td[aria-label="${address}"], td[aria-label^="${address} "]`;
}

/**
 * A rendered cell, found by its accessible name. The grid renders only the cells in view: for one further away,
 * go there first (goTo) or let settledText/readRange scroll to it.
 */
export function cell(page: Page, address: string): Locator {
  return page.getByRole("gridcell", { name: cellName(address) });
}

/**
 * Types the address into the name box and presses Enter, as a person would: the grid scrolls there and selects it.
 * (By its id: its accessible name is in the page's language.)
 */
export async function goTo(page: Page, address: string): Promise<void> {
  const box = page.locator("#name-box");
  await box.fill(address);
  await box.press("Enter");
  await cell(page, address).waitFor();
}

/** Selects the cell (through the name box), types into the formula bar and presses Enter, as a person would. */
export async function enter(page: Page, address: string, text: string): Promise<void> {
  await goTo(page, address);
  const formula = page.locator("#formula-input");
  await formula.fill(text);
  await formula.press("Enter");
}

/** Scrolls the grid (without changing the selection) until each of these cells is rendered, and reads them. */
async function readCells(page: Page, addresses: string[][]): Promise<string[][]> {
  const positions = addresses.map((row) =>
    row.map((address) => {
      const pos = parseCellAddress(address);
      if (!pos) throw new Error(`${address} is not a cell address`);
      return pos;
    }),
  );
  // No named functions inside page callbacks: tsx's keepNames would reference a helper the page lacks.
  return page.evaluate(
    async ({ grid, at, rowHeight, columnWidth }) => {
      const scroller = document.getElementById("grid-scroll") as HTMLElement;
      const texts: (string | undefined)[][] = grid.map((row) => row.map(() => undefined));
      for (let attempt = 0; attempt < 10_000; attempt++) {
        let missing: { row: number; col: number } | undefined;
        grid.forEach((row, r) =>
          row.forEach((label, c) => {
            if (texts[r][c] !== undefined) return;
            const element = document.querySelector(`td[aria-label="${label}"], td[aria-label^="${label} "]`);
            if (element) texts[r][c] = element.textContent ?? "";
            else missing ??= at[r][c];
          }),
        );
        if (!missing) break;
        const target = missing as { row: number; col: number };
        scroller.scrollTop = target.row * rowHeight;
        scroller.scrollLeft = target.col * columnWidth;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }
      return texts.map((row) => row.map((text) => text ?? ""));
    },
    { grid: addresses, at: positions, rowHeight: ROW_HEIGHT, columnWidth: COLUMN_WIDTH },
  );
}

/** Waits until the cell shows something other than #BUSY! (or nothing), and returns that text. */
export async function settledText(page: Page, address: string, timeout = 60_000): Promise<string> {
  await readCells(page, [[address]]);
  await page.waitForFunction(
    (selector) => {
      const text = document.querySelector(selector)?.textContent ?? "";
      return text !== "" && text !== "#BUSY!";
    },
    cellSelector(address),
    { timeout },
  );
  return (await cell(page, address).textContent()) ?? "";
}

/** The texts of a rectangle of cells, row by row (scrolling the grid to the cells not rendered). */
export async function readRange(page: Page, topLeft: string, rows: number, columns: number): Promise<string[][]> {
  const start = parseCellAddress(topLeft);
  if (!start) throw new Error(`${topLeft} is not a cell address`);
  const labels = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => cellAddress({ row: start.row + r, col: start.col + c })),
  );
  return readCells(page, labels);
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
