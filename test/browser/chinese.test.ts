/**
 * The BUILT add-in for a Chinese reader (Office's display language zh-CN): the pane and the page read in Chinese
 * with no English left but API names, codes and units; Insert as formula writes a Chinese filter block whose
 * formula spills, and a bad argument's cell says why in Chinese; switching the language in the pane changes the
 * pane, the page's words and cells computed from then on, and is stored in runtime storage, never the workbook; the
 * page's own switch restarts the add-in in the chosen language; Chinese text fits the pane at its usual widths (the
 * Alerts tab: as a workbook without a team relay shows it).
 */
import type { FrameLocator } from "playwright-core";
import { cell, describedBy, enter, previewPerTest, readRange, settledText } from "./support/preview";
import { paneOf, pick } from "./support/taskpane";
import { clippedTexts, setPaneWidth } from "./support/fit";

jest.setTimeout(240_000);

const session = previewPerTest({ language: "zh-CN" });

const TABS = ["连接", "查询", "模板", "报表", "提醒"] as const;

/**
 * Terms Chinese seller tools keep in English (badge names, the product's name, an example keyword), and commands
 * (the Alerts tab's steps to a team relay).
 */
const KEPT_IN_ENGLISH =
  /Marketplace Analytics Data|Best Seller|New Release|Amazon's Choice|Buy Box|yoga mat|npm run (serve -- --team|team -- add)/g;

/** Runs of two or more Latin words (English left in the text), but for terms kept in English. */
const englishRuns = (text: string): string[] =>
  [...text.replace(KEPT_IN_ENGLISH, "").matchAll(/[A-Za-z][a-z]+(?:[ ,'-]+[A-Za-z][a-z]+)+/g)].map((m) => m[0]);

/** The words a person sees in the pane (text of the rendered page, inputs' placeholders and labels included). */
const visibleWords = (pane: FrameLocator) =>
  pane.locator("body").evaluate((body) => {
    // What is shown or announced: hidden parts (a dropdown's unused clear button) are neither.
    const attributes = [...body.querySelectorAll<HTMLElement>("[placeholder], [aria-label], [title]")]
      .filter((e) => e.checkVisibility())
      .flatMap((e) => ["placeholder", "aria-label", "title"].map((a) => e.getAttribute(a) ?? ""));
    return [(body as HTMLElement).innerText, ...attributes].join("\n");
  });

async function openTab(pane: FrameLocator, name: string): Promise<void> {
  await pane.getByRole("tab", { name, exact: true }).click();
}

describe("for a Chinese reader", () => {
  it("the pane and the page read in Chinese, with no English words left on any tab but kept terms", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("zh-CN");
    await expect(pane.locator("html").getAttribute("lang")).resolves.toBe("zh-CN");
    await expect(pane.getByRole("tab").allTextContents()).resolves.toEqual([...TABS]);
    await expect(pane.getByRole("combobox", { name: "语言" }).textContent()).resolves.toContain(
      "跟随 Office（简体中文）",
    );
    for (const tab of TABS) {
      await openTab(pane, tab);
      if (tab === "查询") await pane.getByRole("button", { name: /^更多筛选条件/ }).click();
      expect({ tab, english: englishRuns(await visibleWords(pane)) }).toEqual({ tab, english: [] });
    }
    const chrome = await Promise.all(["header", ".sheet-footer"].map((part) => page.locator(part).innerText()));
    expect(englishRuns(chrome.join("\n"))).toEqual([]);
    await expect(page.getByRole("textbox", { name: "名称框" }).inputValue()).resolves.toBe("A1");
    expect(session.preview.problems).toEqual([]);
  });

  it("Insert as formula writes a Chinese filter block whose formula spills; a bad argument's cell says why in Chinese", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await cell(page, "A1").click();
    await openTab(pane, "查询");
    await pane.getByRole("textbox", { name: "行数（limit）", exact: true }).fill("3");
    await pane.getByRole("button", { name: "插入公式" }).click();
    await pane.getByText(/^已写入筛选块/).waitFor({ timeout: 60_000 });
    expect(await settledText(page, "D1")).toBe("asin");
    expect((await readRange(page, "A1", 2, 2))[0]).toEqual(["MAD 筛选条件 — 选产品", ""]);
    expect((await readRange(page, "D2", 3, 1)).every(([asin]) => /^B0/.test(asin))).toBe(true);

    await enter(page, "A20", '=MAD.KEYWORDTRENDS("XX","yoga mat")');
    expect(await settledText(page, "A20")).toBe("#VALUE!");
    expect(await describedBy(page, "A20")).toMatch(/^market："XX" 不是站点；可用 US, JP/);
    await cell(page, "A20").click();
    await expect(page.locator("#status").textContent()).resolves.toMatch(/^A20：#VALUE! market："XX" 不是站点/);
    expect(session.preview.problems).toEqual([]);
  });

  it("the pane's title, the dropdowns' clear buttons and the preview's own argument messages are in Chinese", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await expect(pane.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Marketplace Analytics Data 市场数据分析",
    );
    await openTab(pane, "查询");
    // Hidden until a value can be cleared, but named all the same (Fluent's own name is English only).
    const clearNames = await pane
      .locator("body")
      .evaluate((body) =>
        [...body.querySelectorAll(".fui-Dropdown__clearButton")].map((b) => b.getAttribute("aria-label")),
      );
    expect(clearNames.length).toBeGreaterThan(0);
    expect(new Set(clearNames)).toEqual(new Set(["清除选择"]));
    await enter(page, "A22", "=MAD.KEYWORDTRENDS()");
    expect(await settledText(page, "A22")).toBe("#VALUE!");
    expect(await describedBy(page, "A22")).toBe("MAD.KEYWORDTRENDS：参数“market”是必需的。");
    await enter(page, "A23", `=MAD.KEYWORDTRENDS(${Array(30).fill('"US"').join(",")})`);
    expect(await settledText(page, "A23")).toBe("#VALUE!");
    expect(await describedBy(page, "A23")).toMatch(/^MAD\.KEYWORDTRENDS 最多接受 \d+ 个参数，但给出了 30 个。$/);
    expect(session.preview.problems).toEqual([]);
  });

  it("switching to English in the pane changes the pane, the page and new cells, and stores the choice", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    // Every tab shown once in Chinese first: what a tab made then must speak English after the switch.
    for (const tab of TABS) await openTab(pane, tab);
    await pane.getByRole("combobox", { name: "语言" }).click();
    await pane.getByRole("option", { name: "English", exact: true }).click();
    await expect(pane.getByRole("tab").allTextContents()).resolves.toEqual([
      "Connection",
      "Build",
      "Templates",
      "Reports",
      "Alerts",
    ]);
    await pane.getByText("Cells already calculated keep their language until they calculate again.").waitFor();
    for (const tab of ["Connection", "Build", "Templates", "Reports", "Alerts"]) {
      await openTab(pane, tab);
      if (tab === "Build") await pane.getByRole("button", { name: /^More filters/ }).click();
      const chinese = (await visibleWords(pane)).match(/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+/g) ?? [];
      expect({ tab, chinese }).toEqual({ tab, chinese: [] });
    }
    // The Build tab, made before the switch, offers its operations in English too.
    await openTab(pane, "Build");
    await pick(pane, "Operation", "Product research (MAD.PRODUCTRESEARCH)");
    await expect(pane.locator("html").getAttribute("lang")).resolves.toBe("en");
    await page.locator("header .badge", { hasText: "Preview" }).waitFor();
    await expect(page.evaluate(() => window.localStorage.getItem("mad-preview:mad.language"))).resolves.toBe("en");

    await enter(page, "A20", '=MAD.KEYWORDTRENDS("XX","yoga mat")');
    expect(await settledText(page, "A20")).toBe("#VALUE!");
    expect(await describedBy(page, "A20")).toMatch(/^market: "XX" is not a marketplace/);
    expect(session.preview.problems).toEqual([]);
  });

  it("the page's own switch restarts the add-in in the chosen language, as Office does", async () => {
    const { page } = session.preview;
    await page.getByRole("combobox", { name: "语言" }).selectOption("en");
    await page.waitForFunction(() => document.documentElement.lang === "en" && document.body.dataset.ready === "true");
    await expect(paneOf(page).getByRole("tab").first().textContent()).resolves.toBe("Connection");
    await page.getByRole("combobox", { name: "Language" }).selectOption("office");
    await page.waitForFunction(
      () => document.documentElement.lang === "zh-CN" && document.body.dataset.ready === "true",
    );
    await expect(paneOf(page).getByRole("tab").first().textContent()).resolves.toBe("连接");
    await expect(page.evaluate(() => window.localStorage.getItem("mad-preview:mad.language"))).resolves.toBeNull();
  });

  it.each([320, 360])(
    "Chinese and English text fit the pane at %i px: nothing clipped, no sideways scroll",
    async (width) => {
      const { page } = session.preview;
      const pane = paneOf(page);
      await setPaneWidth(page, width);
      const check = async (tabs: readonly string[], more: RegExp) => {
        for (const tab of tabs) {
          await openTab(pane, tab);
          const moreButton = pane.getByRole("button", { name: more });
          if (tab === tabs[1] && (await moreButton.getAttribute("aria-expanded")) !== "true") await moreButton.click();
          expect({ width, tab, clipped: await clippedTexts(pane) }).toEqual({ width, tab, clipped: [] });
        }
      };
      await check(TABS, /^更多筛选条件/);
      await pane.getByRole("combobox", { name: "语言" }).click();
      await pane.getByRole("option", { name: "English", exact: true }).click();
      await check(["Connection", "Build", "Templates", "Reports", "Alerts"], /^More filters/);
    },
  );
});
