/**
 * The BUILT task pane as Excel hosts it: taskpane.html opened at the top of a page (the add-in's shared runtime),
 * its office.js answered by the strict Excel stand-in (test/support/strict-excel/browser.ts, bundled here with
 * esbuild), desktop or web. The built functions.js registers the real MAD functions into it; the pane writes through
 * Office.js into its workbook; MAD formulas call the simulator. The test reads the workbook through the page.
 */
import path from "node:path";
import { build } from "esbuild";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { OPERATIONS } from "../../../src/api/catalog";
import { DEMO_SECRET } from "../../../src/api/demo-secret";
import type { ChartView, Platform, StrictExcelOptions } from "../../support/strict-excel";
import { ROOT } from "./built-addin";
import { launchChromium } from "./chromium";
import { nextTab, openReusableTab, startPreviewStack, type PreviewStack, type ReusedTab } from "./preview";

let bundle: Promise<string> | undefined;

/** The stand-in as one script for the page (built once per test file). */
export function standInScript(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(ROOT, "test/support/strict-excel/browser.ts")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2020",
    logLevel: "silent",
  }).then((result) => result.outputFiles[0].text);
  return bundle;
}

export interface ExcelPane {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly platform: Platform;
  /** Browser errors seen so far (uncaught exceptions, console errors, failed loads). */
  readonly problems: string[];
}

/** What the stand-in reads before the add-in's bundles run (test/support/strict-excel/browser.ts). */
type PaneOptions = StrictExcelOptions & { storage: Record<string, string> };

/** A task pane's window: about the width Excel gives a task pane. */
const PANE_VIEWPORT = { width: 420, height: 900 };

/** A tab whose office.js is the stand-in, configured with whatever `options` holds when the page loads it. */
interface PaneTab extends ReusedTab {
  options?: PaneOptions;
}

async function openPaneTab(browser: Browser): Promise<PaneTab> {
  const tab: PaneTab = await openReusableTab(browser, { viewport: PANE_VIEWPORT, reducedMotion: "reduce" });
  const script = await standInScript();
  // The options go first in the script itself: a tab reused by the next test loads them anew with the page.
  await tab.page.route("https://appsforoffice.microsoft.com/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/javascript",
      body: `window.__strictExcelOptions = ${JSON.stringify(tab.options ?? {})};\n${script}`,
    }),
  );
  return tab;
}

/** Loads the built task pane into the tab as `platform`'s Excel and waits until its functions are registered. */
async function loadPane(tab: PaneTab, stack: PreviewStack, options: PaneOptions): Promise<void> {
  tab.options = options;
  await tab.page.goto(`${stack.simulator.url}/taskpane.html`);
  await tab.page.getByRole("tab", { name: "Build" }).waitFor({ timeout: 60_000 });
  await tab.page.waitForFunction(
    (count) =>
      (window as unknown as { __strictExcel: { functions: { ids(): string[] } } }).__strictExcel.functions.ids()
        .length >= count,
    OPERATIONS.length,
  );
}

/**
 * One file's Excel-pane tests: Chromium and the served build once, a fresh pane (and workbook) per `open`, in a tab
 * an earlier test left (see nextTab). After each test: no sync past 5 MB (the web refused it already; desktop
 * records it) and no browser error.
 */
export function excelPaneSession() {
  const session = {} as { browser: Browser; stack: PreviewStack; panes: ExcelPane[]; free: PaneTab[] };
  const tabs = new Map<ExcelPane, PaneTab>();
  beforeAll(async () => {
    session.browser = await launchChromium();
    session.stack = await startPreviewStack({ monthlyQuota: 100_000 });
    session.panes = [];
    session.free = [];
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.stack?.stop();
  });
  afterEach(async () => {
    for (const pane of session.panes.splice(0)) {
      const tab = tabs.get(pane)!;
      tabs.delete(pane);
      session.free.push(tab);
      expect(await workbook(pane.page).oversized()).toEqual([]);
      expect(pane.problems).toEqual([]);
    }
  });
  return {
    get stack() {
      return session.stack;
    },
    async open(
      platform: Platform,
      /** The requirement sets this Excel has, when not a current Microsoft 365's (e.g. no data types). */
      requirementSets?: StrictExcelOptions["requirementSets"],
      /** Retail perpetual Office (claims the sets, refuses data types: office-js #4750, #3504). */
      license?: StrictExcelOptions["license"],
    ): Promise<ExcelPane> {
      const { simulator } = session.stack;
      const open = () => openPaneTab(session.browser);
      const tab = await nextTab(session.free.pop(), open, simulator.url, PANE_VIEWPORT, true);
      await loadPane(tab, session.stack, {
        platform,
        ...(requirementSets ? { requirementSets } : {}),
        ...(license ? { license } : {}),
        storage: { "mad.secret": DEMO_SECRET, "mad.baseUrl": simulator.url },
      });
      const pane: ExcelPane = {
        context: tab.context,
        page: tab.page,
        platform,
        get problems() {
          return tab.problems;
        },
      };
      tabs.set(pane, tab);
      session.panes.push(pane);
      simulator.resetStats();
      return pane;
    },
  };
}

type Cell = { value: unknown; formula?: string; format: string; error?: string; entity?: object } | undefined;
// What the page's `window.__strictExcel` offers the test (test/support/strict-excel/index.ts).
type Excel = {
  cell(sheet: string, address: string): Cell;
  charts(sheet: string): ChartView[];
  type(sheet: string, address: string, text: string): void;
  seed(sheet: string, cells: [number, number, string | number, string?][]): void;
  overwrites: unknown[];
  oversized: unknown[];
  largest: { request: number; response: number; syncs: number };
  calc: { stuck: unknown[] };
  book: {
    active: { sheet: string; address: string };
    sheets: { name: string; cells: Map<number, { formula?: string; value: unknown }> }[];
    tables: { name: string; range: { top: number; bottom: number } }[];
    settings: Map<string, unknown>;
  };
};

/** The stand-in's workbook, read and changed from the test (outside any batch of the add-in). */
export function workbook(page: Page) {
  // Each callback runs in the page: it reaches the stand-in through the global, never through this file's scope.
  return {
    cell: (sheet: string, address: string) =>
      page.evaluate(
        ([s, a]) => (window as unknown as { __strictExcel: Excel }).__strictExcel.cell(s, a),
        [sheet, address],
      ),
    charts: (sheet: string) =>
      page.evaluate((s) => (window as unknown as { __strictExcel: Excel }).__strictExcel.charts(s), sheet),
    tables: () =>
      page.evaluate(() =>
        (window as unknown as { __strictExcel: Excel }).__strictExcel.book.tables.map((t) => ({
          name: t.name,
          rows: t.range.bottom - t.range.top,
        })),
      ),
    overwrites: () => page.evaluate(() => (window as unknown as { __strictExcel: Excel }).__strictExcel.overwrites),
    oversized: () => page.evaluate(() => (window as unknown as { __strictExcel: Excel }).__strictExcel.oversized),
    largest: () => page.evaluate(() => (window as unknown as { __strictExcel: Excel }).__strictExcel.largest),
    stuck: () => page.evaluate(() => (window as unknown as { __strictExcel: Excel }).__strictExcel.calc.stuck),
    /** A person types into a cell. */
    type: (sheet: string, address: string, text: string) =>
      page.evaluate(
        ([s, a, t]) => (window as unknown as { __strictExcel: Excel }).__strictExcel.type(s, a, t),
        [sheet, address, text],
      ),
    /** The cell a person selected (where the pane inserts). */
    select: (sheet: string, address: string) =>
      page.evaluate(
        ([s, a]) =>
          void ((window as unknown as { __strictExcel: Excel }).__strictExcel.book.active = { sheet: s, address: a }),
        [sheet, address],
      ),
    /** How many rows a formula's result spilled (0 when it has not spilled). */
    spillRows: (sheet: string, address: string) =>
      page.evaluate(
        ([s, a]) => {
          const book = (window as unknown as { __strictExcel: Excel }).__strictExcel.book;
          const m = /^([A-Z]+)(\d+)$/.exec(a)!;
          const col = [...m[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
          const sheetModel = book.sheets.find((x) => x.name === s) as unknown as {
            get(r: number, c: number): { spill?: { rows: number } } | undefined;
          };
          return sheetModel.get(Number(m[2]) - 1, col)?.spill?.rows ?? 0;
        },
        [sheet, address],
      ),
    /** A workbook opened from a file: sheets of `rows` × `columns` texts, a MAD formula every `every` rows. */
    seed: (sheets: number, rows: number, columns: number, every: number) =>
      page.evaluate(
        ([n, r, c, e]) => {
          const excel = (window as unknown as { __strictExcel: Excel }).__strictExcel;
          for (let s = 0; s < n; s++) {
            const cells: [number, number, string | number, string?][] = [];
            for (let row = 0; row < r; row++)
              for (let col = 0; col < c; col++)
                cells.push(
                  row % e === 4 && col === 2
                    ? [row, col, "#N/A", `=MAD.KEYWORDTRENDS("US","word ${s} ${row}")`]
                    : [row, col, `Seller note ${s}-${row}-${col}: restock before Prime Day`],
                );
            excel.seed(`Data ${s + 1}`, cells);
          }
        },
        [sheets, rows, columns, every],
      ),
    /**
     * A person made a table of the add-in shorter (Table Design > Resize Table) and wrote in the rows it gave
     * back: the cells below it now hold their note.
     */
    shortenTable: (name: string, rows: number) =>
      page.evaluate(
        ([n, r]) => {
          type Range = { top: number; bottom: number; left: number; right: number };
          const book = (
            window as unknown as {
              __strictExcel: {
                book: {
                  tables: { name: string; sheet: unknown; range: Range }[];
                  clear(sheet: unknown, range: Range, applyTo: string): void;
                };
              };
            }
          ).__strictExcel.book;
          const table = book.tables.find((t) => t.name === n)!;
          const given = { ...table.range, top: table.range.top + r + 1 };
          table.range = { ...table.range, bottom: table.range.top + r };
          book.clear(table.sheet, given, "Contents");
        },
        [name, rows] as [string, number],
      ),
    /** Waits until no MAD formula's cell shows #BUSY! (every call answered). */
    settled: (timeout = 120_000) =>
      page.waitForFunction(
        () =>
          (window as unknown as { __strictExcel: Excel }).__strictExcel.book.sheets.every((s) =>
            [...s.cells.values()].every((c) => c.formula === undefined || c.value !== "#BUSY!"),
          ),
        undefined,
        { timeout, polling: 200 },
      ),
  };
}
