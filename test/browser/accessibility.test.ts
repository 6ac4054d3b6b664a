/**
 * axe-core on the BUILT preview page and task pane, in English and in Chinese: no serious or critical violation on
 * the preview grid, on a report sheet with its chart, or on any tab of the task pane (Connection, Build with More
 * filters open, Templates, Reports, Alerts without a team relay).
 */
import type { Frame, Page } from "playwright-core";
import { cell, enter, goTo, previewPerTest, settledText } from "./support/preview";
import { createReportSheet, drawnChart, keywordTrendsReport } from "./support/report";
import { openTab, paneOf } from "./support/taskpane";
import { seriousViolations } from "./support/axe";

jest.setTimeout(240_000);

const paneFrame = (page: Page): Frame => {
  const frame = page.frames().find((f) => f.name() === "task-pane" || f.url().includes("taskpane"));
  if (!frame) throw new Error("the task pane frame is not loaded");
  return frame;
};

/** Each language's names of what the tests open: the pane's tabs (in their order) and More filters. */
const LANGUAGES = [
  { language: "en-US", tabs: ["Connection", "Build", "Templates", "Reports", "Alerts"], more: /^More filters/ },
  { language: "zh-CN", tabs: ["连接", "查询", "模板", "报表", "提醒"], more: /^更多筛选条件/ },
] as const;

describe.each(LANGUAGES)("accessibility (axe-core), $language", ({ language, tabs, more }) => {
  const session = previewPerTest({ language, motion: "no-preference" }); // colours as drawn while things move
  session.sharePageInThisDescribe(); // the grid is checked before the pane's tabs are visited

  it("finds no serious or critical violation on the preview grid", async () => {
    await expect(seriousViolations(session.preview.page, ["#task-pane"])).resolves.toEqual([]);
  });

  it(`finds no serious or critical violation on any tab of the task pane (${tabs.join(", ")})`, async () => {
    // One page visits every tab as a person would; each tab's violations are reported under its name.
    const pane = paneOf(session.preview.page);
    const found: Record<string, unknown[]> = {};
    for (const [index, tab] of tabs.entries()) {
      await pane.getByRole("tab", { name: tab }).click();
      if (index === 1) await pane.getByRole("button", { name: more }).click();
      found[tab] = await seriousViolations(paneFrame(session.preview.page));
    }
    expect(found).toEqual(Object.fromEntries(tabs.map((tab) => [tab, []])));
  });
});

describe("accessibility (axe-core) of report sheets and keyboard use", () => {
  const session = previewPerTest({ motion: "no-preference" });

  it("finds no serious or critical violation on a report sheet with its chart and sheet tabs", async () => {
    await createReportSheet(session.preview.page, keywordTrendsReport());
    await drawnChart(session.preview.page, "Searches and purchases");
    await expect(seriousViolations(session.preview.page, ["#task-pane"])).resolves.toEqual([]);
  });

  it("finds no serious or critical violation on a product's data type card", async () => {
    const { page } = session.preview;
    await page.route("https://m.media-amazon.com/**", (route) =>
      route.fulfill({
        contentType: "image/gif",
        body: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
      }),
    );
    await enter(page, "A1", '=MAD.PRODUCT("US","B07Z82895W")');
    await settledText(page, "A1");
    await goTo(page, "A1");
    await cell(page, "A1").focus();
    await page.keyboard.press("Control+Shift+F5");
    await page.getByRole("dialog").waitFor();
    await expect(seriousViolations(page, ["#task-pane"])).resolves.toEqual([]);
  });

  it("moves between the pane's tabs with the arrow keys, Home and End, with one tab in the Tab order", async () => {
    const pane = paneOf(session.preview.page);
    await openTab(pane, "Connection");
    const tab = (name: string) => pane.getByRole("tab", { name });
    await tab("Connection").focus();
    await session.preview.page.keyboard.press("ArrowRight");
    await expect(tab("Build").getAttribute("aria-selected")).resolves.toBe("true");
    await expect(tab("Build").evaluate((e) => e === document.activeElement)).resolves.toBe(true);
    await expect(pane.getByRole("tabpanel", { name: "Build" }).isVisible()).resolves.toBe(true);
    await session.preview.page.keyboard.press("End");
    await expect(tab("Alerts").getAttribute("aria-selected")).resolves.toBe("true");
    await session.preview.page.keyboard.press("ArrowRight");
    await expect(tab("Connection").getAttribute("aria-selected")).resolves.toBe("true");
    const tabStops = await pane.getByRole("tab").evaluateAll((tabs) => tabs.map((t) => t.getAttribute("tabindex")));
    expect(tabStops.filter((t) => t === "0")).toHaveLength(1);
  });
});
