/**
 * Reports that keep history and refresh when opened, in the BUILT preview against the simulator, driven as a person
 * would from the Reports tab: a table kept with history gets a history sheet on refresh, with a chart over its
 * summary; Snapshot now the same day replaces the day's snapshot and, its data current, spends nothing; and a workbook
 * set to refresh when opened, reopened, spends nothing while its answers are current, and when they are past their
 * period asks above 20 calls and spends what it said.
 */
import type { FrameLocator, Page } from "playwright-core";
import type { StoredQuery } from "../../src/taskpane/host/host-adapter";
import { operationCalls, previewPerTest, readRange } from "./support/preview";
import { drawnChart } from "./support/report";
import { openTab, paneOf } from "./support/taskpane";

jest.setTimeout(600_000);
/** How long a step may take on a machine whose cores are busy: a bound on hanging, not a measure of speed. */
const SLOW_MS = 180_000;

const session = previewPerTest({ monthlyQuota: 5_000 });

/** Tables made as Insert as table makes them (through the preview's host), for the Reports tab to find. */
async function tables(page: Page, specs: { name: string; address: string; query: StoredQuery }[]): Promise<void> {
  const frame = page.frame({ url: /^blob:/ }) ?? page.frames()[1];
  await frame.evaluate(async (all) => {
    const host = (globalThis as unknown as Record<string, { createTable: (...a: unknown[]) => Promise<unknown> }>)
      .__madPreviewHost;
    for (const t of all)
      await host.createTable(
        { sheet: "Sheet1", address: t.address },
        {
          name: t.name,
          header: ["keywords", "searches"],
          rows: [["yoga", 1]],
          columnFormats: ["@", "#,##0"],
          query: t.query,
        },
      );
  }, specs);
}

async function reopen(page: Page): Promise<FrameLocator> {
  await page.getByRole("button", { name: "Reopen the workbook" }).click();
  await page.waitForSelector('body[data-ready="true"]', { timeout: SLOW_MS });
  const pane = paneOf(page);
  await pane.getByRole("tab", { name: "Build" }).waitFor({ timeout: SLOW_MS });
  return pane;
}

const KEYWORDS: StoredQuery = {
  operation: "keyword_research",
  params: { marketplace: "US" },
  fields: ["keywords", "searches"],
};

describe("history and refresh when opened in the preview", () => {
  it("a table keeping history: refresh adds a snapshot and its chart, Snapshot now replaces the day's for no call", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await tables(page, [{ name: "MAD_KeywordResearch", address: "A1", query: { ...KEYWORDS, limit: 30 } }]);
    await openTab(pane, "Reports");
    await pane.getByRole("button", { name: "Rescan" }).click();
    await pane.getByRole("checkbox", { name: "Keep history of Table MAD_KeywordResearch" }).check();
    await pane.getByText("Table MAD_KeywordResearch keeps history: each refresh adds a snapshot.").waitFor();
    await pane.getByRole("button", { name: "Refresh all" }).click();
    await pane.getByText("Refreshed 1 item with 2 calls. 1 snapshot added to history.").waitFor({ timeout: SLOW_MS });
    expect(operationCalls(session.stack)).toBe(2);

    await page.getByRole("tab", { name: "History MAD_KeywordResearch" }).click();
    expect((await readRange(page, "A1", 1, 1))[0][0]).toBe("History of table MAD_KeywordResearch");
    const summary = await readRange(page, "A20", 2, 3);
    expect(summary[0]).toEqual(["Taken", "Rows", "Average searches"]);
    expect(summary[1][1]).toBe("30");
    expect((await readRange(page, "E20", 2, 5))[0]).toEqual(["Taken", "Data as of", "Source", "keywords", "searches"]);
    expect(await drawnChart(page, "MAD_KeywordResearch by snapshot")).toMatchObject({ points: 1 });

    await pane.getByRole("button", { name: "Snapshot now of Table MAD_KeywordResearch" }).click();
    await pane
      .getByText(
        /^Snapshot replaced today's on History MAD_KeywordResearch \(1 snapshot\), with no call: its data was current\.$/,
      )
      .waitFor({ timeout: SLOW_MS });
    expect(operationCalls(session.stack)).toBe(2);
    await pane.getByText("1 snapshot on History MAD_KeywordResearch").waitFor();
    expect(await drawnChart(page, "MAD_KeywordResearch by snapshot")).toMatchObject({ points: 1 });
    expect(session.preview.problems).toEqual([]);
  });

  it("refresh when opened: nothing spent while answers are current; past their period it asks above 20 and spends that", async () => {
    const { page } = session.preview;
    let pane = paneOf(page);
    await tables(page, [
      { name: "MAD_Keywords", address: "A1", query: { ...KEYWORDS, limit: 300 } }, // 20 pages of 15
      { name: "MAD_Keywords_2", address: "C1", query: { ...KEYWORDS, params: { marketplace: "UK" }, limit: 45 } },
    ]);
    await openTab(pane, "Reports");
    await pane.getByRole("button", { name: "Rescan" }).click();
    await pane.getByText(/next refresh: up to 20 calls/).waitFor({ timeout: SLOW_MS });
    await pane.getByRole("button", { name: "Refresh all" }).click();
    await pane.getByRole("button", { name: "Refresh", exact: true }).click(); // it asked: up to 23 calls
    // 23 calls, and 23 more below: the add-in paces them at 40 a minute, so the second batch may wait for the first's.
    await pane.getByText(/^Refreshed 2 items with \d+ calls\.$/).waitFor({ timeout: SLOW_MS });
    await pane.getByRole("checkbox", { name: "Refresh when opened" }).check();
    await pane.getByText(/^This workbook refreshes when opened/).waitFor();

    session.stack.simulator.resetStats();
    pane = await reopen(page);
    await pane
      .getByText("Refreshed as the workbook opened: 2 items with no call (every answer was current).")
      .waitFor({ timeout: SLOW_MS });
    expect(operationCalls(session.stack)).toBe(0);

    // Every answer past the person's bound of an hour: the page's clock moves 3 hours on (Playwright's clock: Date
    // only, timers as they were), so all are due at the next opening however long anything took. (A bound of a
    // second and a real wait raced with the machine's speed.) The preview's OfficeRuntime.storage is localStorage
    // under the prefix mad-preview: (src/preview/stand-ins.ts).
    await page.evaluate(() => localStorage.setItem("mad-preview:mad.cacheTtlHours", "1"));
    session.replaceContextAfterThisTest(); // the clock stays with the browser context
    await page.clock.setSystemTime(Date.now() + 3 * 3_600_000);
    pane = await reopen(page);
    await pane.getByText("This refresh will spend 23 calls. 23 calls for 2 unique queries (2 tables).").waitFor({
      timeout: SLOW_MS,
    });
    expect(operationCalls(session.stack)).toBe(0);
    await pane.getByRole("button", { name: "Refresh now" }).click();
    await pane.getByText("Refreshed as the workbook opened: 2 items with 23 calls.").waitFor({ timeout: SLOW_MS });
    expect(operationCalls(session.stack)).toBe(23);
    expect(session.preview.problems).toEqual([]);
  });
});
