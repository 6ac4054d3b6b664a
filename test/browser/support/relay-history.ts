/**
 * The built preview served by a team relay that keeps history (its database embedded, its scheduler run on days the
 * caller sets), and the steps a member takes in the Reports tab to get there: a table kept with history, refreshed
 * (its first snapshot), scheduled on the relay with Keep history on the relay, and runs of the relay on the next
 * days while the workbook is closed. Labels are the catalog's words in the active language (`setLocale` in this
 * process), so the browser test (English) and the docs' pictures (both languages) take the same steps.
 */
import type { Browser, BrowserContext, FrameLocator, Page } from "playwright-core";
import { t } from "../../../src/i18n";
import { openDatabase } from "../../../src/server/history/database";
import { startSimulator, type RunningSimulator } from "../../../src/simulator";
import { PREVIEW_HOST_GLOBAL } from "../../../src/preview/stand-ins";
import type { StoredQuery } from "../../../src/taskpane/host/host-adapter";
import { newDataDir } from "../../server/support/databases";
import { startHistoryTeam, type HistoryTeam } from "../../taskpane/support/history-team";
import { DIST, ensureBuilt } from "./built-addin";
import { watchProblems } from "./preview";
import { paneOf } from "./taskpane";

/** How long a step may take on a machine whose cores are busy: a bound on hanging, not a measure of speed. */
export const SLOW_MS = 120_000;

export const TABLE_NAME = "MAD_Research";
const RESEARCH: StoredQuery = {
  operation: "product_research",
  params: { marketplace: "US", keyword: "yoga mat" },
  fields: ["asin", "title", "price", "bsr", "availableDate"],
  limit: 8,
};

export interface RelayHistoryStack {
  readonly simulator: RunningSimulator;
  readonly relay: HistoryTeam;
  /** The relay's address: the preview's origin. */
  readonly base: string;
  stop(): Promise<void>;
}

/** The stack; `upstream`: another service stand-in than the simulator behind the relay (the docs' pictures). */
export async function startRelayHistoryStack(secret: string, upstream?: string): Promise<RelayHistoryStack> {
  await ensureBuilt();
  const simulator = await startSimulator({ port: 0, secret, staticDir: false });
  const data = await newDataDir();
  const database = await openDatabase({ dataDir: data.dir });
  const relay = await startHistoryTeam({ upstream: upstream ?? simulator.url, secret, database, staticDir: DIST });
  return {
    simulator,
    relay,
    base: relay.base.replace(/\/$/, ""),
    async stop() {
      await relay.stop();
      await database.close();
      await simulator.stop();
      data.remove();
    },
  };
}

export interface SignedIn {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly pane: FrameLocator;
  readonly problems: string[];
}

/** The preview from the relay, its stored connection a member's token for it (as the Connection tab saves it). */
export async function openSignedIn(
  browser: Browser,
  stack: RelayHistoryStack,
  token: string,
  options: { language?: string; viewport?: { width: number; height: number } } = {},
): Promise<SignedIn> {
  const language = options.language ?? "en-US";
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1440, height: 900 },
    locale: language,
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.base });
  await context.addInitScript(
    ([base, secret]) => {
      localStorage.setItem("mad-preview:mad.baseUrl", base);
      localStorage.setItem("mad-preview:mad.secret", secret);
    },
    [stack.base, token],
  );
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${stack.base}/preview.html?lang=${encodeURIComponent(language)}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: SLOW_MS });
  return { context, page, pane: paneOf(page), problems };
}

/** The local calendar day `days` after today, at 09:00. */
const dayFromToday = (days: number): Date => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, 9, 0);
};

/** The table's name in the Reports tab ("Table MAD_Research"). */
export const tableItem = (): string => t("reports.table", { name: TABLE_NAME });

/**
 * A table made as Insert as table makes it, kept with history and refreshed (its first snapshot, today), then
 * scheduled on the relay daily with Keep history on the relay.
 */
export async function scheduledWithHistory({ page, pane }: SignedIn, query: StoredQuery = RESEARCH): Promise<void> {
  const frame = page.frame({ url: /^blob:/ }) ?? page.frames()[1];
  await frame.evaluate(
    async ([global, name, query]) => {
      const host = (globalThis as unknown as Record<string, { createTable: (...a: unknown[]) => Promise<unknown> }>)[
        global
      ];
      await host.createTable(
        { sheet: "Sheet1", address: "A1" },
        { name, header: ["asin"], rows: [["B000000001"]], columnFormats: ["@"], query },
      );
    },
    [PREVIEW_HOST_GLOBAL, TABLE_NAME, query] as const,
  );
  const name = tableItem();
  await pane.getByRole("tab", { name: t("tab.reports") }).click();
  await pane.getByRole("button", { name: t("reports.rescan") }).click();
  await pane.getByRole("checkbox", { name: t("snapshot.keepLabel", { name }) }).check();
  await pane.getByText(t("reports.keepOn", { name })).waitFor({ timeout: SLOW_MS });
  await pane.getByRole("button", { name: t("reports.refreshAll") }).click();
  await pane.getByText(t("reports.snapshotsKept", { snapshots: 1 }), { exact: false }).waitFor({ timeout: SLOW_MS });
  await pane.getByLabel(t("schedule.timeLabel", { name })).fill("08:00");
  await pane.getByRole("button", { name: t("schedule.set") }).click();
  const keep = pane.getByRole("switch", { name: t("relayHistory.keepLabel", { name }) });
  await keep.waitFor({ timeout: SLOW_MS });
  await keep.click(); // controlled: it shows on once the relay saved it
  await pane.getByText(t("relayHistory.keepOn", { name })).waitFor({ timeout: SLOW_MS });
  await pane.getByRole("switch", { name: t("relayHistory.keepLabel", { name }), checked: true }).waitFor();
}

/** The relay runs the schedule on each of these days from today (the workbook closed meanwhile). */
export async function relayRuns(stack: RelayHistoryStack, days: readonly number[]): Promise<void> {
  const [id] = await stack.relay.scheduleIds();
  for (const day of days) {
    stack.relay.setNow(dayFromToday(day));
    await stack.relay.scheduler.runNow({ id });
  }
}

/** As opening the saved workbook again: the add-in starts with it (the preview's Reopen). */
export async function reopen(page: Page): Promise<FrameLocator> {
  await page.locator("#reopen").click();
  await page.waitForSelector('body[data-ready="true"]', { timeout: SLOW_MS });
  const pane = paneOf(page);
  await pane.getByRole("tab", { name: t("tab.build") }).waitFor({ timeout: SLOW_MS });
  return pane;
}
