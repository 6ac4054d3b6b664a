/**
 * Report sheets in the BUILT preview: the host adapter adds a sheet with its tab, evaluates the report's formulas
 * against the simulator, draws its chart with Chart.js, and reworks both when an input cell changes.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./support/built-addin";
import {
  cell,
  enter,
  goTo,
  PreviewPage,
  readRange,
  settledText,
  waitForFunctions,
  previewPerTest,
} from "./support/preview";
import { chart, createReportSheet, drawnChart, keywordTrendsReport } from "./support/report";
import { CHART_SIZE } from "../../src/taskpane/report-model/chart-spec";
import { formulaOf, inputOf } from "../support/report-specs";
import { selectColumns } from "../../src/taskpane/report-model/result-table";
import { columnLabels } from "../../src/table/columns";

jest.setTimeout(240_000);

const session = previewPerTest();
const SPEC = keywordTrendsReport();
const TRENDS = formulaOf(SPEC, "MAD.KEYWORDTRENDS").address;
const MARKET = inputOf(SPEC, "Market");
const KEYWORD = inputOf(SPEC, "Keyword");
/** The trends section's header: its columns in words, as the template's formula asks (`headers=labels`). */
const HEADER = columnLabels(selectColumns("keyword_research_trends", ["time", "search", "purchase", "purchaseRate"]));

/** A count as a chart's summary reads it: the number without the cell's thousands separators. */
const plain = (shown: string) => shown.replace(/,/g, "");

/** The spill's rows below its header, up to the first blank row. */
async function spilledRows(page: PreviewPage["page"]): Promise<string[][]> {
  const [header, ...rows] = await readRange(page, TRENDS, 40, 4);
  expect(header).toEqual(HEADER);
  return rows.slice(
    0,
    rows.findIndex((row) => row[0] === ""),
  );
}

describe("report sheets in the preview", () => {
  it("adds a selected sheet tab whose formulas spill and whose chart draws them, reworked when an input changes", async () => {
    const { page } = session.preview;
    const created = await createReportSheet(page, keywordTrendsReport());
    expect(created.sheet).toBe(SPEC.name);
    expect(created.charts).toBe(SPEC.charts.length);
    // A name for each chart's categories and each series, numbered by chart.
    expect(created.names).toHaveLength(SPEC.charts.reduce((sum, c) => sum + 1 + c.series.length, 0));

    const tabs = page.getByRole("tablist", { name: "Sheets" });
    await expect(tabs.getByRole("tab").allTextContents()).resolves.toEqual(["Sheet1", SPEC.name]);
    await expect(tabs.getByRole("tab", { name: SPEC.name }).getAttribute("aria-selected")).resolves.toBe("true");
    await expect(tabs.getByRole("tab", { name: "Sheet1" }).getAttribute("aria-selected")).resolves.toBe("false");
    await page.getByRole("grid", { name: SPEC.name }).waitFor();

    expect(await settledText(page, TRENDS)).toBe(HEADER[0]);
    const rows = await spilledRows(page);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.flat().filter((text) => text.startsWith("#"))).toEqual([]);
    expect(await readRange(page, MARKET.replace(/^B/, "A"), 2, 2)).toEqual([
      ["Market", "US"],
      ["Keyword", "yoga mat"],
    ]);

    const before = await drawnChart(page, "Searches and purchases");
    expect(before.points).toBe(rows.length);
    for (const [month, searches] of rows) expect(before.summary).toContain(`${month} ${plain(searches)}`);
    const column = await drawnChart(page, "Purchases, first months");
    expect(column.points).toBe(6);
    expect(column.summary).toContain(`${rows[5][0]} ${plain(rows[5][2])}`);
    expect(column.summary).not.toContain(rows[6][0]);
    expect((await drawnChart(page, "Searches, first months")).points).toBe(4);
    const file = path.join(ROOT, "test-results", "report-sheet.png");
    mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file });
    // Over the block of cells Excel places it on (Chart.setPosition from its anchor), which the report lays out around.
    await goTo(page, SPEC.charts[0].anchor);
    const anchorCell = await cell(page, SPEC.charts[0].anchor).boundingBox();
    const drawnOver = await chart(page, "Searches and purchases").boundingBox();
    expect(drawnOver).toEqual({
      x: anchorCell?.x,
      y: anchorCell?.y,
      width: CHART_SIZE.columns * (anchorCell?.width ?? 0),
      height: CHART_SIZE.rows * (anchorCell?.height ?? 0),
    });

    await enter(page, KEYWORD, "yoga block");
    await page.waitForFunction(
      (old) => {
        const image = document.querySelector('[role="img"][aria-label="Searches and purchases chart"]');
        const summary = document.getElementById(image?.getAttribute("aria-describedby") ?? "")?.textContent;
        return image?.getAttribute("data-status") === "ready" && summary !== old;
      },
      before.summary,
      { timeout: 60_000 },
    );
    expect(await settledText(page, TRENDS)).toBe(HEADER[0]);
    const reworked = await spilledRows(page);
    expect(reworked).not.toEqual(rows);
    const after = await drawnChart(page, "Searches and purchases");
    expect(after.points).toBe(reworked.length);
    for (const [month, searches] of reworked) expect(after.summary).toContain(`${month} ${plain(searches)}`);
    expect(session.preview.problems).toEqual([]);
  });

  it("loads Chart.js only when a chart is first shown, as its own chunks", async () => {
    const { page } = session.preview;
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.frame() === page.mainFrame() && request.resourceType() === "script") scripts.push(request.url());
    });
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    await waitForFunctions(page);
    expect(scripts.map((url) => new URL(url).pathname)).toEqual(["/preview.js"]);
    await createReportSheet(page, keywordTrendsReport());
    await drawnChart(page, "Searches and purchases");
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.slice(1).every((url) => /\/[\w.-]+\.[0-9a-f]{8}\.js$/.test(url))).toBe(true);
  });

  it("switches sheets with the tabs by mouse and keyboard, each sheet keeping its cells and charts", async () => {
    const { page } = session.preview;
    await enter(page, "A1", "on Sheet1");
    await createReportSheet(page, keywordTrendsReport());
    await drawnChart(page, "Searches and purchases");

    await page.getByRole("tab", { name: "Sheet1" }).click();
    await page.getByRole("grid", { name: "Sheet1" }).waitFor();
    expect(await settledText(page, "A1")).toBe("on Sheet1");
    await expect(chart(page, "Searches and purchases").count()).resolves.toBe(0);
    // Where the selection was left on Sheet1 (Enter moved it below A1), as Excel keeps it per sheet.
    await expect(page.getByRole("textbox", { name: "Name box" }).inputValue()).resolves.toBe("A2");

    await page.getByRole("tab", { name: "Sheet1" }).press("ArrowRight");
    await expect(
      page.getByRole("tab", { name: SPEC.name }).evaluate((tab) => tab === document.activeElement),
    ).resolves.toBe(true);
    await page.getByRole("grid", { name: SPEC.name }).waitFor();
    expect(await settledText(page, "A1")).toBe(SPEC.values[0].value);
    expect((await drawnChart(page, "Searches and purchases")).points).toBeGreaterThan(3);

    // Ctrl+PageUp / Ctrl+PageDown from the grid, as in Excel.
    await goTo(page, "C4");
    await page.keyboard.press("Control+PageUp");
    await page.getByRole("grid", { name: "Sheet1" }).waitFor();
    await expect(page.getByRole("tab", { name: "Sheet1" }).getAttribute("aria-selected")).resolves.toBe("true");
    await page.keyboard.press("Control+PageDown");
    await page.getByRole("grid", { name: SPEC.name }).waitFor();
    await expect(page.getByRole("textbox", { name: "Name box" }).inputValue()).resolves.toBe("C4");

    // The name box reaches a cell of another sheet.
    const nameBox = page.getByRole("textbox", { name: "Name box" });
    await nameBox.fill("sheet1!B2");
    await nameBox.press("Enter");
    await page.getByRole("grid", { name: "Sheet1" }).waitFor();
    await expect(nameBox.inputValue()).resolves.toBe("B2");
    await nameBox.fill(`'${SPEC.name}'!${KEYWORD}`);
    await nameBox.press("Enter");
    await page.getByRole("grid", { name: SPEC.name }).waitFor();
    await expect(page.getByRole("textbox", { name: "Formula" }).inputValue()).resolves.toBe("yoga mat");

    // A second report of the same input gets its own sheet, numbered as Excel numbers copies.
    const second = await createReportSheet(page, keywordTrendsReport());
    expect(second.sheet).toBe(`${SPEC.name} (2)`);
    await expect(page.getByRole("tab", { name: `${SPEC.name} (2)` }).getAttribute("aria-selected")).resolves.toBe(
      "true",
    );
    expect(session.preview.problems).toEqual([]);
  });
});
