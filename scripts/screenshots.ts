/**
 * `npm run screenshots`: the README's pictures, taken from the preview page rather than by hand, so they show the
 * pane as it is. Starts the preview stack in-process (the simulator serving the built add-in; built first when
 * stale), opens it in Chromium, builds a product research in the task pane, inserts it as a formula so its result
 * spills, and writes docs/images/preview.png (the sheet with the spilled result and the pane) and
 * docs/images/builder.png (the Build tab); then creates a Category market report from the Templates tab and writes
 * docs/images/report.png (the report's sheet with its charts drawn).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { launchChromium } from "../test/browser/support/chromium";
import { fieldLabel } from "../test/browser/support/labels";
import { cell, openPreview, settledText, startPreviewStack } from "../test/browser/support/preview";
import { drawnChart } from "../test/browser/support/report";
import { openTab, paneOf, pick, searchMoreFilters } from "../test/browser/support/taskpane";

const IMAGES = path.resolve(__dirname, "..", "docs", "images");
/** Small enough to keep the PNGs light, large enough for the pane beside a few spilled columns. */
const VIEWPORT = { width: 1280, height: 800 };
const REPORT_VIEWPORT = { width: 1760, height: 860 };

async function main(): Promise<void> {
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
    await page.screenshot({ path: path.join(IMAGES, "preview.png") });

    // The Build tab as a user first sees it: common filters, More filters closed, a preview at the top.
    await pane.getByRole("searchbox", { name: "Search filters" }).fill("");
    await pane.getByRole("button", { name: /^More filters/ }).click();
    await pane.getByRole("button", { name: "Preview" }).click();
    await pane.getByText(/^Showing \d+ of/).waitFor({ timeout: 60_000 });
    await scrollPaneToTop();
    await page.locator("#task-pane").screenshot({ path: path.join(IMAGES, "builder.png") });

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
    await page.screenshot({ path: path.join(IMAGES, "report.png") });
    await context.close();
    console.log(`Wrote ${["preview.png", "builder.png", "report.png"].map((f) => path.join(IMAGES, f)).join(", ")}`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
