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

/**
 * Records the page's problems as they come (uncaught exceptions, console errors, failed loads of the add-in's
 * files) into whatever list `into()` returns at that moment: a reused page gives each test a list of its own.
 */
function recordProblems(page: Page, into: () => string[]): void {
  page.on("pageerror", (error) => into().push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") into().push(`console error: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().includes("/v1/"))
      into().push(`HTTP ${response.status()}: ${response.url()}`);
  });
}

/** The page's problems as they come: uncaught exceptions, console errors, failed loads of the add-in's files. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  recordProblems(page, () => problems);
  return problems;
}

const VIEWPORT = { width: 1440, height: 900 };

/** Loads the preview into `page` and waits until it started and registered the add-in's functions. */
async function loadPreview(page: Page, stack: PreviewStack, language: string): Promise<void> {
  await page.goto(`${stack.previewUrl}?lang=${encodeURIComponent(language)}`);
  await page.waitForSelector("body[data-ready]", { timeout: 60_000 });
  const ready = await page.getAttribute("body", "data-ready");
  if (ready !== "true") throw new Error(`The preview did not start: ${await page.locator("#status").textContent()}`);
  await waitForFunctions(page);
}

/**
 * A fresh browser context (empty storage) with the preview loaded and the add-in's functions registered. `language`
 * is the display language the preview plays Office's (and the browser's): English unless a test asks for another.
 */
export async function openPreview(browser: Browser, stack: PreviewStack, language = "en-US"): Promise<PreviewPage> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: language });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await loadPreview(page, stack, language);
  return { context, page, problems };
}

/** What one file's preview tests share: Chromium and the served build once per file, a fresh document per test. */
export interface PreviewSession {
  readonly browser: Browser;
  readonly stack: PreviewStack;
  /** This test's page: the preview freshly loaded on empty storage, the simulator's counts reset once it loaded. */
  readonly preview: PreviewPage;
  /**
   * For a test that changes what a reload keeps (Playwright's page.clock lives in the browser context): the next
   * test gets a new context.
   */
  replaceContextAfterThisTest(): void;
  /**
   * Called in a describe block whose tests each set up what they read (their own cells; isolation is not what they
   * test): the block's tests take turns in one load of the preview instead of a load each (~1 CPU-s of Chromium's
   * and the test's), in the order they are written; the simulator's counts and the page's problems still start
   * afresh for each.
   */
  sharePageInThisDescribe(): void;
}

/**
 * The motion tests see: "reduce" (prefers-reduced-motion, which Fluent UI honours) unless a test is about what
 * moves. Chromium draws every transition in software here; reduced, a file of pane tests spends about 40 % less CPU
 * and never waits for a panel to stop sliding before it can click.
 */
export type Motion = "reduce" | "no-preference";

/** A tab tests take turns in, and whether the next test must have a new one. */
export interface ReusedTab {
  readonly context: BrowserContext;
  readonly page: Page;
  /** This test's problems (see recordProblems). */
  problems: string[];
  replace: boolean;
  clearOrigin(origin: string): Promise<unknown>;
}

/** A new context with one tab in it, its problems recorded per test. */
export async function openReusableTab(
  browser: Browser,
  contextOptions: Parameters<Browser["newContext"]>[0],
): Promise<ReusedTab> {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const tab: ReusedTab = {
    context,
    page,
    problems: [],
    replace: false,
    clearOrigin: (origin) => cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" }),
  };
  recordProblems(page, () => tab.problems);
  return tab;
}

/**
 * Readies a used tab for the next test as a new context would be: what the last test left goes (tabs it opened, its
 * routes, its window size, its document, unloaded before `origin`'s storage is cleared so nothing of it writes there
 * afterwards). Reusing the tab saves a renderer process and a cold start: about 1.5 s of a 2 s start.
 */
async function clearTab(
  tab: ReusedTab,
  origin: string,
  viewport: { width: number; height: number },
  keepRoutes = false,
): Promise<void> {
  const { context, page } = tab;
  for (const other of context.pages()) if (other !== page) await other.close();
  if (!keepRoutes) await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.setViewportSize(viewport);
  await page.goto("about:blank");
  await tab.clearOrigin(origin);
  tab.problems = [];
}

/** The tab for the next test: `previous` readied (see clearTab) when it can be, else a new one from `open`. */
export async function nextTab<T extends ReusedTab>(
  previous: T | undefined,
  open: () => Promise<T>,
  origin: string,
  viewport: { width: number; height: number },
  keepRoutes = false,
): Promise<T> {
  if (previous && !previous.replace && !previous.page.isClosed()) {
    await clearTab(previous, origin, viewport, keepRoutes);
    return previous;
  }
  await previous?.context.close();
  return open();
}

/**
 * Registers the jest hooks of a file of preview tests and returns what they set up (`language`: see openPreview).
 * Each test gets the preview loaded afresh on empty storage, as a new context would give it, in the tab the file's
 * previous test used (see nextTab).
 */
export function previewPerTest(
  options: Parameters<typeof startPreviewStack>[0] & { language?: string; motion?: Motion } = {},
): PreviewSession {
  const language = options.language ?? "en-US";
  const reducedMotion = options.motion ?? "reduce";
  const state = {} as { browser: Browser; stack: PreviewStack; tab?: ReusedTab; shared?: { loaded: boolean } };
  beforeAll(async () => {
    // Chromium first: without it the file fails at once with how to install it, before any build.
    state.browser = await launchChromium();
    state.stack = await startPreviewStack(options);
  }, BUILD_TIMEOUT_MS + 60_000); // it may build (a busy machine builds slowly)
  afterAll(async () => {
    await state.browser?.close();
    await state.stack?.stop();
  });
  beforeEach(async () => {
    const { tab, shared } = state;
    if (shared?.loaded && tab && !tab.replace && !tab.page.isClosed()) {
      tab.problems = [];
      state.stack.simulator.resetStats();
      return;
    }
    const open = () => openReusableTab(state.browser, { viewport: VIEWPORT, locale: language, reducedMotion });
    state.tab = await nextTab(tab, open, state.stack.simulator.url, VIEWPORT);
    await loadPreview(state.tab.page, state.stack, language);
    state.stack.simulator.resetStats();
    if (shared) shared.loaded = true;
  });
  return {
    get browser() {
      return state.browser;
    },
    get stack() {
      return state.stack;
    },
    get preview() {
      const tab = state.tab!;
      return { context: tab.context, page: tab.page, problems: tab.problems };
    },
    replaceContextAfterThisTest() {
      if (state.tab) state.tab.replace = true;
    },
    sharePageInThisDescribe() {
      beforeAll(() => void (state.shared = { loaded: false }));
      afterAll(() => void (state.shared = undefined));
    },
  };
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
function cellName(address: string): RegExp {
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
