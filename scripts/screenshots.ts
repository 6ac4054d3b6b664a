/**
 * `npm run screenshots`: the README's pictures, taken from the preview page rather than by hand, so they show the
 * pane as it is. Starts the preview stack in-process (the simulator serving the built add-in; built first when
 * stale), opens it in Chromium, builds a product research in the task pane, inserts it as a formula so its result
 * spills, and writes docs/images/preview.png (the sheet with the spilled result and the pane) and
 * docs/images/builder.png (the Build tab); then creates a Category market report from the Templates tab and writes
 * docs/images/report.png (the report's sheet with its charts drawn); then sets that report to keep history in the
 * Reports tab, takes a snapshot (its data current: no call) and writes docs/images/history.png (the history sheet
 * with its summary and growing chart, beside the Reports tab saying as of when and what the next refresh costs). Then
 * the same in Chinese, as Office's display
 * language zh-CN shows it (rendered with the machine's CJK fonts, fonts-noto-cjk on Debian): preview.zh-CN.png and
 * builder.zh-CN.png for README.zh-CN.md; and it fails, naming them, when any text of any tab is clipped at the pane's
 * usual widths in either language (the browser test test/browser/chinese.test.ts holds the same rule).
 * Each picture carries a tEXt chunk with the fingerprint of the catalog it shows (scripts/catalog-fingerprint.ts):
 * test/docs/screenshots.test.ts fails when the catalog has changed since, so this one command is what to run again.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launchChromium } from "../test/browser/support/chromium";
import { fieldLabel } from "../test/browser/support/labels";
import { cell, openPreview, settledText, startPreviewStack } from "../test/browser/support/preview";
import { drawnChart } from "../test/browser/support/report";
import { openTab, paneOf, pick, searchMoreFilters } from "../test/browser/support/taskpane";
import { clippedTexts, setPaneWidth } from "../test/browser/support/fit";
import { setLocale } from "../src/i18n/locale";
import type { Browser } from "playwright-core";
import type { PreviewStack } from "../test/browser/support/preview";
import { CATALOG_STAMP, catalogFingerprint } from "./catalog-fingerprint";
import { withPngText } from "./png";

const IMAGES = path.resolve(__dirname, "..", "docs", "images");
/** Small enough to keep the PNGs light, large enough for the pane beside a few spilled columns. */
const VIEWPORT = { width: 1280, height: 800 };
const REPORT_VIEWPORT = { width: 2080, height: 900 };

/** Writes a picture stamped with the catalog it shows (test/docs/screenshots.test.ts fails on an older stamp). */
function save(name: string, png: Buffer): void {
  writeFileSync(path.join(IMAGES, name), withPngText(png, CATALOG_STAMP, catalogFingerprint()));
}

/** Chinese needs CJK fonts to render (and to measure) as people see it: refuse to take pictures of boxes. */
function requireCjkFonts(): void {
  let families = "";
  try {
    families = execFileSync("fc-list", [":lang=zh", "family"], { encoding: "utf8" });
  } catch {
    // no fontconfig: reported below
  }
  if (!families.trim())
    throw new Error(
      "No Chinese (CJK) font is installed: apt-get install fonts-noto-cjk, then run npm run screenshots again.",
    );
}

/** The pane in Chinese, as Office's display language zh-CN shows it: the Build tab and an inserted formula. */
async function chinesePictures(browser: Browser, stack: PreviewStack): Promise<string[]> {
  await setLocale("zh-CN");
  const { page, context } = await openPreview(browser, stack, "zh-CN");
  try {
    await page.setViewportSize(VIEWPORT);
    const pane = paneOf(page);
    const textbox = (name: string) => pane.getByRole("textbox", { name, exact: true });
    await cell(page, "A1").click();
    await pane.getByRole("tab", { name: "查询" }).click();
    await textbox(fieldLabel("product_research", "minPrice")).fill("20");
    await textbox(fieldLabel("product_research", "maxPrice")).fill("60");
    await pick(pane, "输出列（fields）", "asin", "title", "price", "ratings");
    await textbox("行数（limit）").fill("12");
    await pane.getByRole("button", { name: "插入公式" }).click();
    await pane.getByText(/^已写入筛选块/).waitFor({ timeout: 60_000 });
    await settledText(page, "D1");
    await cell(page, "D1").click();
    // No named functions inside page callbacks: tsx's keepNames would reference a helper the page lacks.
    const scrollPaneToTop = () =>
      pane.locator("html").evaluate((root) => {
        for (const element of [root, ...Array.from(root.querySelectorAll("*"))]) element.scrollTop = 0;
      });
    await scrollPaneToTop();
    save("preview.zh-CN.png", await page.screenshot());
    await pane.getByRole("button", { name: "预览" }).click();
    await pane.getByText(/^显示 \d+ 行/).waitFor({ timeout: 60_000 });
    await scrollPaneToTop();
    save("builder.zh-CN.png", await page.locator("#task-pane").screenshot());
    return ["preview.zh-CN.png", "builder.zh-CN.png"];
  } finally {
    await context.close();
    await setLocale("en");
  }
}

/** Every tab's text, in each language, at the pane's usual widths: what is clipped (nothing, when all is well). */
async function clippedAnywhere(browser: Browser, stack: PreviewStack): Promise<string[]> {
  const found: string[] = [];
  for (const [language, tabs] of [
    ["zh-CN", ["连接", "查询", "模板", "报表"]],
    ["en-US", ["Connection", "Build", "Templates", "Reports"]],
  ] as const) {
    const { page, context } = await openPreview(browser, stack, language);
    try {
      const pane = paneOf(page);
      for (const width of [320, 360]) {
        await setPaneWidth(page, width);
        for (const tab of tabs) {
          await pane.getByRole("tab", { name: tab, exact: true }).click();
          for (const clipped of await clippedTexts(pane)) found.push(`${language}, ${width} px, ${tab}: ${clipped}`);
        }
      }
    } finally {
      await context.close();
    }
  }
  return found;
}

async function main(): Promise<void> {
  requireCjkFonts();
  mkdirSync(IMAGES, { recursive: true });
  const stack = await startPreviewStack({ monthlyQuota: 1_000 });
  const browser = await launchChromium();
  try {
    const { page, context } = await openPreview(browser, stack);
    await page.setViewportSize(VIEWPORT);
    const pane = paneOf(page);
    // No named functions inside page callbacks: tsx's keepNames would reference a helper the page lacks.
    const scrollPaneToTop = () =>
      pane.locator("html").evaluate((root) => {
        for (const element of [root, ...Array.from(root.querySelectorAll("*"))]) element.scrollTop = 0;
      });
    const textbox = (name: string) => pane.getByRole("textbox", { name, exact: true });

    await cell(page, "A1").click();
    await openTab(pane, "Build");
    await textbox(fieldLabel("product_research", "minPrice")).fill("20");
    await textbox(fieldLabel("product_research", "maxPrice")).fill("60");
    await searchMoreFilters(pane, "fulfillment");
    await pick(pane, fieldLabel("product_research", "fulfillment"), "FBA");
    await pick(pane, "fields", "asin", "title", "price", "ratings");
    await textbox("limit").fill("12");
    await pane.getByRole("button", { name: "Insert as formula" }).click();
    await pane.getByText(/Wrote the filter block/).waitFor({ timeout: 60_000 });
    await settledText(page, "D1");
    await cell(page, "D1").click();
    await scrollPaneToTop();
    save("preview.png", await page.screenshot());

    // The Build tab as a user first sees it: common filters, More filters closed, a preview at the top.
    await pane.getByRole("searchbox", { name: "Search filters" }).fill("");
    await pane.getByRole("button", { name: /^More filters/ }).click();
    await pane.getByRole("button", { name: "Preview" }).click();
    await pane.getByText(/^Showing \d+ of/).waitFor({ timeout: 60_000 });
    await scrollPaneToTop();
    save("builder.png", await page.locator("#task-pane").screenshot());

    // A Category market report for the yoga mats category, found by its words in the Templates tab.
    await openTab(pane, "Templates");
    const card = pane.getByRole("region", { name: "Category market", exact: true });
    const category = card.getByRole("combobox", { name: "Category", exact: true });
    await category.pressSequentially("yoga mats");
    await card
      .getByRole("status")
      .filter({ hasText: /(categories match|category matches) "yoga mats"/ })
      .waitFor({ timeout: 30_000 });
    await category.press("ArrowDown");
    await pane
      .getByRole("option", { name: /› Yoga › Mats/ })
      .first()
      .click();
    await card.getByRole("button", { name: "Create the Category market report" }).click();
    await card.getByText(/^Created the sheet Market /).waitFor({ timeout: 120_000 });
    for (const title of ["Brand share", "Seller countries", "Rating-count distribution", "Listing-date trend"])
      await drawnChart(page, title);
    // Wide enough for two charts side by side (Excel's columns are narrower than the preview's) beside the pane.
    await page.setViewportSize(REPORT_VIEWPORT);
    save("report.png", await page.screenshot());

    // Reports that keep history: Keep history of the report, Snapshot now (its answers are current: no call).
    await openTab(pane, "Reports");
    await pane.getByRole("button", { name: "Rescan" }).click();
    await pane.getByRole("checkbox", { name: /^Keep history of Report Market / }).check();
    await pane.getByText(/keeps history: each refresh adds a snapshot\.$/).waitFor({ timeout: 30_000 });
    await pane.getByRole("button", { name: /^Snapshot now of Report Market / }).click();
    await pane.getByText(/^Snapshot added on History .*with no call/).waitFor({ timeout: 120_000 });
    await page.getByRole("tab", { name: /^History Market / }).click();
    await drawnChart(page, "Category sales");
    await cell(page, "A1").click();
    await scrollPaneToTop();
    save("history.png", await page.screenshot());
    await context.close();
    const chinese = await chinesePictures(browser, stack);
    console.log(
      `Wrote ${["preview.png", "builder.png", "report.png", "history.png", ...chinese].map((f) => path.join(IMAGES, f)).join(", ")}`,
    );
    const clipped = await clippedAnywhere(browser, stack);
    if (clipped.length) throw new Error(`Text is clipped in the task pane:\n${clipped.join("\n")}`);
    console.log("Every tab's text fits the pane at 320 and 360 px, in Chinese and in English.");
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
