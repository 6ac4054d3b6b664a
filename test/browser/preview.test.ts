/**
 * The preview page runs the BUILT add-in (functions.js and taskpane.html from dist/) against the simulator, in
 * Debian's chromium. These tests type formulas as a person would and read the grid through its accessible names.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { createClient } from "../../src/api";
import { OPERATIONS } from "../../src/api/catalog";
import { RECORD_FIELDS } from "../../src/api/records";
import { exampleRequests } from "../../src/simulator/examples";
import { columnsOf } from "../../src/table/columns";
import { DEMO_SECRET } from "../../src/api/demo-secret";
import { ROOT } from "./support/built-addin";
import { launchChromium } from "./support/chromium";
import {
  cell,
  describedBy,
  enter,
  openPreview,
  PreviewPage,
  PreviewStack,
  readRange,
  settledText,
  startPreviewStack,
} from "./support/preview";

jest.setTimeout(240_000);

let stack: PreviewStack;
let browser: Browser;
let preview: PreviewPage;

beforeAll(async () => {
  // Chromium first: without it the file fails at once with how to install it, before any build.
  browser = await launchChromium();
  stack = await startPreviewStack();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

beforeEach(async () => {
  stack.simulator.resetStats();
  preview = await openPreview(browser, stack);
});

afterEach(async () => {
  await preview?.context.close();
});

const apiCalls = () => stack.simulator.stats().total;

describe("formulas with the live service's names and values spill", () => {
  const byColumn = (check: (values: string[]) => boolean) => check;
  const formulas: [string, string, (values: string[]) => boolean][] = [
    ['=MAD.PRODUCTRESEARCH("US","minAmzUnit=20")', "platformUnit", byColumn((v) => v.every((x) => Number(x) >= 20))],
    ['=MAD.PRODUCTRESEARCH("UK","dimensionType=SB")', "dimensionsType", byColumn((v) => v.every((x) => x === "SB"))],
    [
      '=MAD.KEYWORDMINER("US","yoga mat","amazonChoice=TRUE")',
      "platformChoice",
      byColumn((v) => v.every((x) => x === "TRUE")),
    ],
    [
      '=MAD.TRAFFICEXTEND("US","B07Z82895W","order=searches desc")',
      "searches",
      byColumn((v) => v.map(Number).every((n, i, all) => i === 0 || all[i - 1] >= n)),
    ],
  ];

  it.each(formulas)("%s", async (formula, columnName, check) => {
    const { page } = preview;
    await enter(page, "A1", formula);
    await settledText(page, "A1");
    const [header, ...rows] = await readRange(page, "A1", 11, 60);
    const at = header.indexOf(columnName);
    expect(at).toBeGreaterThanOrEqual(0);
    const values = rows.map((row) => row[at]).filter((text) => text !== "");
    expect(values.length).toBeGreaterThan(0);
    expect(check(values)).toBe(true);
    expect(preview.problems).toEqual([]);
  });

  it('=MAD.KEYWORDCONVERSION("US","yoga mat",,,250) spills 250 rows from 3 calls', async () => {
    const { page } = preview;
    await enter(page, "A1", '=MAD.KEYWORDCONVERSION("US","yoga mat",,,250)');
    expect(await settledText(page, "A1")).toBe("keyword");
    const column = await readRange(page, "A250", 3, 1);
    expect(column.map((row) => row[0] !== "")).toEqual([true, true, false]); // header + 250 rows end at A251
    expect(stack.simulator.stats().byOperation.keyword_conversion).toBe(3);
  });
});

describe("the preview page", () => {
  it("spills a formula's header and rows from the simulator, for one call", async () => {
    const { page } = preview;
    await enter(page, "A1", '=MAD.KEYWORDTRENDS("US","yoga mat")');
    expect(await settledText(page, "A1")).toBe("time");

    const client = createClient({ baseUrl: stack.simulator.url, secret: DEMO_SECRET });
    const expected = await client.call("keyword_research_trends", { marketplace: "US", keyword: "yoga mat" });
    const header = columnsOf(RECORD_FIELDS.keywordTrend).map((column) => column.name);
    const shown = await readRange(page, "A1", expected.rows.length + 2, header.length + 1);

    expect(shown[0]).toEqual([...header, ""]);
    const searchColumn = header.indexOf("search");
    expect(shown.slice(1, -1).map((row) => row[searchColumn])).toEqual(expected.rows.map((row) => String(row.search)));
    expect(shown.slice(1, -1).map((row) => row[header.indexOf("keywrod")])).toEqual(
      expected.rows.map(() => "yoga mat"),
    );
    expect(shown[shown.length - 1].every((text) => text === "")).toBe(true);
    expect(stack.simulator.stats().byOperation).toEqual({ keyword_research_trends: 2 }); // the page's call + ours

    await cell(page, "C3").click();
    await expect(page.getByRole("textbox", { name: "Formula" }).inputValue()).resolves.toBe(
      '=MAD.KEYWORDTRENDS("US","yoga mat")',
    );
    expect(preview.problems).toEqual([]);
  });

  it("runs every function of the catalog typed in the formula bar, each spilling its header", async () => {
    const { page } = preview;
    const examples = exampleRequests();
    for (const op of OPERATIONS) {
      const params = examples[op.code] as Record<string, unknown>;
      const args = [`"${params.marketplace}"`, ...op.positional.map((p) => `"${[params[p.param]].flat().join(",")}"`)];
      await enter(page, "A1", `=MAD.${op.fn}(${args.join(",")})`);
      const first = await settledText(page, "A1");
      const header = op.shape === "object" ? "field" : columnsOf(RECORD_FIELDS[op.record])[0].name;
      expect({ fn: op.fn, first }).toEqual({ fn: op.fn, first: header });
    }
    expect(preview.problems).toEqual([]);
  });

  it('spills categories with their nodeIdPath for =MAD.CATEGORIES("US","yoga"), from one GET', async () => {
    const { page } = preview;
    await enter(page, "A1", '=MAD.CATEGORIES("US","yoga")');
    expect(await settledText(page, "A1")).toBe("nodeIdPath");
    const rows = await readRange(page, "A1", 5, 2);
    expect(rows[0]).toEqual(["nodeIdPath", "nodeLabelPath"]);
    expect(rows).toContainEqual([
      "3375251:3407731:3422251:3422301",
      "Sports & Outdoors:Fitness & Exercise Equipment:Yoga:Mats",
    ]);
    expect(stack.simulator.stats().byOperation).toEqual({ product_node: 1 });
    expect(preview.problems).toEqual([]);
  });

  it("shows #VALUE! with the argument's message for a bad argument, and spends no call", async () => {
    const { page } = preview;
    await enter(page, "B2", '=MAD.KEYWORDTRENDS("XX","yoga mat")');
    expect(await settledText(page, "B2")).toBe("#VALUE!");
    const message = await cell(page, "B2").getAttribute("title");
    expect(message).toMatch(/market/);
    expect(message).toMatch(/"XX"/);
    expect(await describedBy(page, "B2")).toBe(message);
    await cell(page, "B2").click();
    await expect(page.getByRole("status").textContent()).resolves.toContain(`B2: #VALUE! ${message}`);
    expect(apiCalls()).toBe(0);
  });

  it("shows #SPILL! while the spill area holds a value, and spills when it is cleared", async () => {
    const { page } = preview;
    await enter(page, "A6", "in the way");
    await enter(page, "A1", '=MAD.KEYWORDTRENDS("US","yoga mat")');
    expect(await settledText(page, "A1")).toBe("#SPILL!");
    expect(await describedBy(page, "A1")).toMatch(/isn't blank: A6 holds a value/);
    expect(await cell(page, "A2").textContent()).toBe("");

    await cell(page, "A6").click();
    await page.keyboard.press("Delete");
    await expect(settledText(page, "A1")).resolves.toBe("time");
    expect(await cell(page, "A6").textContent()).toMatch(/^\d{4}/);
    expect(apiCalls()).toBe(1);
  });

  it("recalculates a formula entered again, as Excel does: the retry after a service failure", async () => {
    const { page } = preview;
    stack.simulator.injectFault({
      match: { operation: "aba_research_trend" },
      times: 1,
      fault: { type: "envelope", code: "ERROR_SECRET_KEY" },
    });
    await enter(page, "A1", '=MAD.ABATREND("US","desk lamp")');
    expect(await settledText(page, "A1")).toBe("#N/A");
    expect(await describedBy(page, "A1")).toMatch(/secret/i);

    await enter(page, "A1", '=MAD.ABATREND("US","desk lamp")');
    await expect(settledText(page, "A1")).resolves.toBe(columnsOf(RECORD_FIELDS.abaTrend)[0].name);
    expect(apiCalls()).toBe(2);
  });

  it("recalculates when a referenced filter or limit cell changes", async () => {
    const { page } = preview;
    await enter(page, "H1", "minPrice");
    await enter(page, "I1", "20");
    await enter(page, "H2", "maxPrice");
    await enter(page, "I2", "40");
    await enter(page, "J1", "4");
    await enter(page, "A1", '=MAD.PRODUCTRESEARCH("US",H1:I2,"asin,price",J1)');
    expect(await settledText(page, "A1")).toBe("asin");
    const first = await readRange(page, "A1", 6, 3);
    expect(first[0]).toEqual(["asin", "price", ""]);
    expect(first.slice(1, 5).every(([asin, price]) => asin !== "" && Number(price) >= 20 && Number(price) <= 40)).toBe(
      true,
    );
    expect(first[5]).toEqual(["", "", ""]);
    const callsBefore = apiCalls();

    await enter(page, "I1", "100");
    await enter(page, "I2", "200");
    await page.waitForFunction(
      () => Number(document.querySelector('td[aria-label="B2"]')?.textContent) >= 100,
      undefined,
      { timeout: 60_000 },
    );
    const second = await readRange(page, "A1", 5, 2);
    expect(second.slice(1).every(([, price]) => Number(price) >= 100 && Number(price) <= 200)).toBe(true);

    await enter(page, "J1", "2");
    await page.waitForFunction(() => document.querySelector('td[aria-label="A4"]')?.textContent === "", undefined, {
      timeout: 60_000,
    });
    expect((await readRange(page, "A1", 4, 1)).map(([text]) => text !== "")).toEqual([true, true, true, false]);
    expect(apiCalls()).toBeGreaterThan(callsBefore);
  });

  it("gives the task pane the preview host adapter, which writes text as text", async () => {
    const { page } = preview;
    const frame = page.frameLocator("#task-pane");
    await expect(frame.locator("body").textContent()).resolves.toContain("Marketplace Analytics Data");
    const pane = page.frames().find((f) => f !== page.mainFrame())!;
    const written = await pane.evaluate(async () => {
      const host = (
        window as unknown as { __madPreviewHost: import("../../src/taskpane/host/host-adapter").HostAdapter }
      ).__madPreviewHost;
      return host.writeValues(
        { sheet: "Sheet1", address: "C3" },
        [['=HYPERLINK("x")', 12.5, true]],
        ["@", "0.00", "General"],
      );
    });
    expect(written).toEqual({ sheet: "Sheet1", address: "C3:E3" });
    expect(await readRange(page, "C3", 1, 3)).toEqual([['=HYPERLINK("x")', "12.50", "TRUE"]]);
    await cell(page, "C3").click();
    await expect(page.getByRole("textbox", { name: "Formula" }).inputValue()).resolves.toBe('\'=HYPERLINK("x")');
    expect(apiCalls()).toBe(0);
  });

  it("keeps a screenshot of the preview as a test artifact", async () => {
    const { page } = preview;
    await enter(page, "A1", '=MAD.KEYWORDTRENDS("US","yoga mat",,,12)');
    await enter(page, "B16", '=MAD.KEYWORDTRENDS("XX","yoga mat")');
    await settledText(page, "A1");
    await settledText(page, "B16");
    await cell(page, "B16").click();
    const file = path.join(ROOT, "test-results", "preview.png");
    mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file });
    expect(await cell(page, "A13").textContent()).not.toBe("");
  });
});
