/**
 * Report templates in the BUILT session.preview, against the simulator, driven as a person would: fill a template's inputs
 * in the Templates tab (the category through its picker), Create, and the new sheet shows every section spilled
 * with no error cell; editing an input cell on the sheet reworks the report; the Reports tab shows it as one group.
 */
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import type { FrameLocator, Page } from "playwright-core";
import { reportSheetSpec } from "../../src/taskpane/report-model/report-layout";
import { selectColumns } from "../../src/taskpane/report-model/result-table";
import { columnLabels } from "../../src/table/columns";
import {
  reportSections,
  templateById,
  type TemplateId,
  type TemplateInputs,
} from "../../src/taskpane/report-model/templates";
import { cell, enter, goTo, readRange, settledText, previewPerTest, operationCalls } from "./support/preview";
import { drawnChart } from "./support/report";
import { openTab, paneOf } from "./support/taskpane";

jest.setTimeout(240_000);

const session = previewPerTest({ monthlyQuota: 1_000 });

const card = (pane: FrameLocator, title: string) => pane.getByRole("region", { name: title, exact: true });
const ERROR_CELL = /^#[A-Z0-9/!?]+[!?]?$/;

/** Creates the template's report from the pane and waits for the message naming its sheet. */
async function create(pane: FrameLocator, title: string, sheet: string): Promise<void> {
  const region = card(pane, title);
  await region.getByText(/^Creates a sheet and spends about \d+ calls?: /).waitFor();
  await region.getByRole("button", { name: `Create the ${title} report` }).click();
  await region.getByText(new RegExp(`^Created the sheet ${sheet} with`)).waitFor({ timeout: 120_000 });
}

/** Every section of the report shows its header row and data below it, and no cell of it shows an error. */
async function expectSectionsSpilled(page: Page, id: TemplateId, inputs: TemplateInputs): Promise<void> {
  const template = templateById(id);
  const spec = reportSheetSpec(template, readInputs(inputs), new Date());
  for (const [i, section] of reportSections(template, readInputs(inputs)).entries()) {
    const at = spec.formulas[i].address;
    const first = await settledText(page, at, 120_000);
    if (section.card) {
      // A product card: a data type whose text is the product's title.
      await expect(cell(page, at).getAttribute("aria-label")).resolves.toContain("a data type");
      expect(first).not.toMatch(ERROR_CELL);
      continue;
    }
    // Headed in words (issue 46: `headers=labels`, a filter block's `headers | labels` row, MAD.PRODUCTS' and a
    // history's `headers`).
    const names = columnLabels(selectColumns(section.operation, section.fields));
    expect([section.title, first]).toEqual([section.title, section.vertical ? "Field" : names[0]]);
    const width = section.vertical ? 2 : section.fields.length;
    const rows = await readRange(page, at, 1 + Math.min(section.limit ?? 10, 10), width);
    const header = section.vertical ? rows.slice(1).map((r) => r[0]) : rows[0];
    expect(header).toEqual(section.vertical ? names.slice(0, rows.length - 1) : names);
    expect(rows[1].some((text) => text !== "")).toBe(true);
    const errors = rows.flat().filter((text) => ERROR_CELL.test(text.trim()));
    expect([section.title, errors]).toEqual([section.title, []]);
  }
}

/** Every chart of the report is drawn (an image named "<title> chart") with points from its spill; their summaries. */
async function expectChartsDrawn(page: Page, id: TemplateId, inputs: TemplateInputs): Promise<string[]> {
  const spec = reportSheetSpec(templateById(id), readInputs(inputs), new Date());
  const summaries: string[] = [];
  for (const chart of spec.charts) {
    const drawn = await drawnChart(page, chart.title);
    expect([chart.title, drawn.points > 0]).toEqual([chart.title, true]);
    if (chart.maxPoints) expect(drawn.points).toBeLessThanOrEqual(chart.maxPoints);
    summaries.push(drawn.summary);
  }
  return summaries;
}

const sheetShown = (page: Page, name: string) => page.getByRole("grid", { name, exact: true }).waitFor();

describe("report templates in the preview", () => {
  it("creates a Category market report from a category found by its words", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await openTab(pane, "Templates");
    const region = card(pane, "Category market");
    const category = region.getByRole("combobox", { name: "Category", exact: true });
    await category.pressSequentially("yoga");
    await region
      .getByRole("status")
      .filter({ hasText: /categories match "yoga"/ })
      .waitFor({ timeout: 30_000 });
    await category.press("ArrowDown");
    await pane.getByRole("option", { name: /^Sports & Outdoors › Fitness & Exercise Equipment › Yoga › Mats/ }).click();
    await expect(category.inputValue()).resolves.toBe("3375251:3407731:3422251:3422301");
    const inputs = { market: "US", nodeIdPath: "3375251:3407731:3422251:3422301" };
    session.stack.simulator.resetStats();
    await create(pane, "Category market", "Market 3422301");
    await sheetShown(page, "Market 3422301");
    expect(await readRange(page, "A3", 2, 2)).toEqual([
      ["Market", "US"],
      ["Category", "3375251:3407731:3422251:3422301"],
    ]);
    await expectSectionsSpilled(page, "categoryMarket", inputs);
    expect(await expectChartsDrawn(page, "categoryMarket", inputs)).toHaveLength(4);
    // One call per section, as the pane said.
    expect(operationCalls(session.stack)).toBe(8);
    expect(session.preview.problems).toEqual([]);
  });

  it("creates a Keyword opportunity report, and editing its keyword cell reworks every section", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await openTab(pane, "Templates");
    await card(pane, "Keyword opportunity").getByRole("textbox", { name: "Keyword", exact: true }).fill("yoga mat");
    await create(pane, "Keyword opportunity", "Keywords yoga mat");
    await sheetShown(page, "Keywords yoga mat");
    await expectSectionsSpilled(page, "keywordOpportunity", { market: "US", keyword: "yoga mat" });
    const charts = await expectChartsDrawn(page, "keywordOpportunity", { market: "US", keyword: "yoga mat" });

    const spec = reportSheetSpec(
      templateById("keywordOpportunity"),
      readInputs({ market: "US", keyword: "yoga mat" }),
      new Date(),
    );
    const mined = spec.formulas[2].address; // keyword mining: its keywords follow the seed keyword
    const before = await readRange(page, mined, 4, 1);
    session.stack.simulator.resetStats();
    await enter(page, "B4", "phone stand");
    await page.waitForFunction(
      ([address, old]) =>
        document.querySelector(`td[aria-label^="${address} "]`)?.textContent !== old &&
        document.querySelector(`td[aria-label^="${address} "]`)?.textContent !== "#BUSY!",
      [mined.replace(/\d+$/, (r) => String(Number(r) + 1)), before[1][0]] as const,
      { timeout: 60_000 },
    );
    await expectSectionsSpilled(page, "keywordOpportunity", { market: "US", keyword: "phone stand" });
    // The charts follow: drawn again from the new spills.
    const redrawn = await expectChartsDrawn(page, "keywordOpportunity", { market: "US", keyword: "phone stand" });
    expect(redrawn).not.toEqual(charts);
    // Every section asked again for the new keyword.
    expect(operationCalls(session.stack)).toBe(4);
    expect(session.preview.problems).toEqual([]);
  });

  it("creates a Competitor watch report, one ASIN a cell, and lists it in the Reports tab as one report", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await openTab(pane, "Templates");
    const inputs = { market: "US", asins: "B07Z82895W, B0DGVP84B5" };
    await card(pane, "Competitor watch").getByRole("textbox", { name: "ASINs", exact: true }).fill(inputs.asins);
    await create(pane, "Competitor watch", "Competitors B07Z82895W");
    await sheetShown(page, "Competitors B07Z82895W");
    expect(await readRange(page, "A4", 1, 3)).toEqual([["ASINs", "B07Z82895W", "B0DGVP84B5"]]);
    await expectSectionsSpilled(page, "competitorWatch", inputs);
    await expectChartsDrawn(page, "competitorWatch", inputs);
    // The same report again would read every page from the cache: the pane says so, and would spend nothing.
    await openTab(pane, "Templates");
    await card(pane, "Competitor watch")
      .getByText("Creates a sheet and spends no call: 4 unique queries, 4 pages, all of them already fetched.")
      .waitFor();

    await openTab(pane, "Reports");
    const report = pane.getByRole("region", { name: "Report Competitors B07Z82895W" });
    await report.getByText("Market US · ASINs B07Z82895W, B0DGVP84B5").waitFor();
    await report.getByText(/^4 formulas: 4 ok$/).waitFor({ timeout: 60_000 });
    // Refresh report answers current data from the cache: no call (issue 46).
    await report.getByText("next refresh: no call").waitFor({ timeout: 60_000 });
    session.stack.simulator.resetStats();
    await report.getByRole("button", { name: "Refresh report Competitors B07Z82895W" }).click();
    await pane.getByText(/^Refreshed 4 items with no call\.$/).waitFor({ timeout: 60_000 });
    expect(operationCalls(session.stack)).toBe(0);
    // Refresh from the service fetches afresh: asked first, with its cost, and it spends exactly that.
    await pane.getByRole("button", { name: /^Refresh from the service: fetch every item afresh/ }).click();
    await pane.getByText(/Fetches every query afresh from the service, even what is still current/).waitFor();
    expect(operationCalls(session.stack)).toBe(0);
    await pane.getByRole("button", { name: /^Refresh from the service \(\d+ calls?\)$/ }).click();
    await pane.getByText(/^Refreshed \d+ items with 4 calls\.$/).waitFor({ timeout: 60_000 });
    expect(operationCalls(session.stack)).toBe(4);
    expect(session.preview.problems).toEqual([]);
  });

  it("watches 60 pasted ASINs in one table, charts the 2 picked, and a snapshot keeps all 60 for no call more", async () => {
    const { page } = session.preview;
    await page.route("https://m.media-amazon.com/**", (route) =>
      route.fulfill({
        contentType: "image/gif",
        body: Buffer.from("R0lGODlhAQABAIAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
      }),
    );
    const pane = paneOf(page);
    await openTab(pane, "Templates");
    const region = card(pane, "Product watch");
    // 60 ASINs, the 11th and the 31st two whose price history and sales the simulator has.
    const asins = Array.from({ length: 60 }, (_, i) => `B0${String(3_000_000 + i).padStart(8, "0")}`);
    [asins[10], asins[30]] = ["B07Z82895W", "B0DGVP84B5"];
    const textbox = region.getByRole("textbox", { name: "ASINs", exact: true });
    // Taken from a cell selected on the sheet (the preview's grid selects one cell): its ASINs, the rest passed over.
    await enter(page, "A1", "B07Z82895W; B0DGVP84B5; price");
    await goTo(page, "A1");
    await region.getByRole("button", { name: "Take from selected cells" }).click();
    await region.getByText("2 ASINs. Took 2 ASINs from A1, passing over 1 value that is not one.").waitFor();
    await expect(textbox.inputValue()).resolves.toBe("B07Z82895W\nB0DGVP84B5");
    // More than 200: said at once, naming the limit.
    const many = Array.from({ length: 201 }, (_, i) => `B0${String(9_000_000 + i).padStart(8, "0")}`);
    await textbox.fill(many.join(" "));
    await region.getByText("ASINs: 201 ASINs, more than the 200 this report takes.").waitFor();
    // Pasted as a column copied from a sheet, one repeated.
    await textbox.fill(`${asins.join("\n")}\n${asins[0]}`);
    await region.getByText("60 ASINs (1 repeat left out).").waitFor();
    // The first five are charted until the person picks: they pick two others.
    const picker = region.getByRole("combobox", { name: "Charted products", exact: true });
    await expect(picker.textContent()).resolves.toContain(asins.slice(0, 5).join(", "));
    await picker.click();
    for (const asin of [...asins.slice(0, 5), asins[10], asins[30]])
      // Fluent's multiple-choice dropdown lists its options as a menu of checkboxes.
      await pane.getByRole("menuitemcheckbox", { name: asin, exact: true }).click();
    await page.keyboard.press("Escape");
    await expect(picker.textContent()).resolves.toContain(`${asins[10]}, ${asins[30]}`);
    // Two calls for the table (40 a call), three for each picked product; their cards come with the table.
    await region.getByText("Creates a sheet and spends about 8 calls: 7 unique queries, 8 pages.").waitFor();
    session.stack.simulator.resetStats();
    const sheet = `Products ${asins[0]}`;
    await create(pane, "Product watch", sheet);
    await sheetShown(page, sheet);
    const inputs = { market: "US", asins: asins.join("\n"), picked: `${asins[10]}, ${asins[30]}` };
    expect(await readRange(page, "A5", 1, 3)).toEqual([["Charted products", asins[10], asins[30]]]);
    await expectSectionsSpilled(page, "productWatch", inputs);
    expect(await expectChartsDrawn(page, "productWatch", inputs)).toHaveLength(4);
    // The whole table: each ASIN of column A beside its own product's row.
    const table = await readRange(page, "A8", 61, 5);
    // Headed in words: MAD.PRODUCTS' `headers` argument (issue 46).
    expect(table[0]).toEqual(["ASINs", "Product id", "Title", "Brand", "Price"]);
    expect(table.slice(1).map((row) => [row[0], row[1]])).toEqual(asins.map((asin) => [asin, asin]));
    expect(table.slice(1).every((row) => row[4] !== "")).toBe(true);
    expect(operationCalls(session.stack)).toBe(8);

    // The first picked product's card opens from its cell and reads its figures.
    const spec = reportSheetSpec(templateById("productWatch"), readInputs(inputs), new Date());
    const first = spec.formulas.find((f) => f.formula.startsWith("=MAD.PRODUCT("))!.address;
    await goTo(page, first);
    await cell(page, first).focus();
    await page.keyboard.press("Control+Shift+F5");
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator("dt").allTextContents()).resolves.toEqual(
      expect.arrayContaining(["Price", "BSR", "Monthly units", "ASIN"]),
    );
    await expect(dialog.getByText(asins[10], { exact: true }).count()).resolves.toBe(1);
    await page.keyboard.press("Escape");

    // Its snapshot keeps a row per watched product, from the table's answers of today: no call.
    await openTab(pane, "Reports");
    await pane.getByRole("button", { name: new RegExp(`^Snapshot now of .*${sheet}`) }).click();
    await pane
      .getByText(/^Snapshot added on History Products \S+ \(1 snapshot\), with no call: its data was current\.$/)
      .waitFor({ timeout: 120_000 });
    expect(operationCalls(session.stack)).toBe(8);
    await page.getByRole("tab", { name: `History ${sheet}` }).click();
    expect((await readRange(page, "J20", 1, 1))[0]).toEqual(["asin"]);
    expect((await readRange(page, "J21", 60, 1)).flat()).toEqual(asins);
    expect((await readRange(page, "J81", 1, 1)).flat()).toEqual([""]);
    expect(session.preview.problems).toEqual([]);
  });

  it("creates a Niche screener report: ranked niches, the top one's distributions, and a pasted niche redraws them", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await openTab(pane, "Templates");
    const region = card(pane, "Niche screener");
    // The screen the pane proposes, as a person sees it.
    await expect(
      region.getByRole("textbox", { name: "Demand: average units a month, at least", exact: true }).inputValue(),
    ).resolves.toBe("300");
    await expect(
      region.getByRole("textbox", { name: "Brand concentration, at most (0 to 100)", exact: true }).inputValue(),
    ).resolves.toBe("60");
    session.stack.simulator.resetStats();
    await create(pane, "Niche screener", "Niches US");
    await sheetShown(page, "Niches US");
    const spec = reportSheetSpec(templateById("nicheScreener"), readInputs({ market: "US" }), new Date());
    const niches = spec.formulas[0].address;
    await settledText(page, niches, 120_000);
    // The niche cell holds the first ranked niche's node path, and the screen sits above it as a filter block,
    // closed by the row that heads the ranked niches in words.
    const [, top] = await readRange(page, niches, 2, 2);
    expect(await readRange(page, "A4", 7, 2)).toEqual([
      ["minAvgUnits", "300"],
      ["maxAvgRatings", "500"],
      ["maxBrandCrn", "60"],
      ["minAvgPrice", "15"],
      ["maxAvgPrice", "50"],
      ["headers", "labels"],
      ["Niche to break down", top[1]],
    ]);
    expect(top[1]).toMatch(/^\d+(:\d+)*$/);
    const inputs = { market: "US", niche: top[1] };
    await expectSectionsSpilled(page, "nicheScreener", inputs);
    const charts = await expectChartsDrawn(page, "nicheScreener", inputs);
    expect(charts).toHaveLength(4);
    // Finding the top niche spent the ranking's own call: one call per section, as the pane said.
    expect(operationCalls(session.stack)).toBe(4);

    // Another niche pasted into its cell: the three distributions and their charts follow it.
    const second = (await readRange(page, niches, 3, 2))[2][1];
    expect(second).not.toBe(top[1]);
    session.stack.simulator.resetStats();
    await enter(page, "B10", second);
    // The three distributions ask again, for the pasted niche (the ranking's formula does not read that cell).
    for (const deadline = Date.now() + 60_000; operationCalls(session.stack) < 3 && Date.now() < deadline;)
      await page.waitForTimeout(200);
    await expectSectionsSpilled(page, "nicheScreener", { market: "US", niche: second });
    expect(operationCalls(session.stack)).toBe(3);
    expect(session.preview.problems).toEqual([]);
  });

  it("names a bad input and the rule, and creates nothing", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await openTab(pane, "Templates");
    const region = card(pane, "Competitor watch");
    await region.getByRole("textbox", { name: "ASINs", exact: true }).fill("B07Z82895W, nope");
    await region.getByRole("button", { name: "Create the Competitor watch report" }).click();
    await region.getByText(/^ASINs: "NOPE" is not an ASIN of 10 letters and digits/).waitFor();
    await region.getByText("Correct the marked input first; nothing was sent.").waitFor();
    expect(operationCalls(session.stack)).toBe(0);
    await sheetShown(page, "Sheet1");
  });
});
