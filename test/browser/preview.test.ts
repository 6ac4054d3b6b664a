/**
 * The preview page runs the BUILT add-in (functions.js and taskpane.html from dist/) against the simulator, in
 * Debian's chromium. These tests type formulas as a person would and read the grid through its accessible names.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { createTypedClient as createClient } from "../support/operation-methods";
import { OPERATIONS, takesMarket } from "../../src/api/catalog";
import { RECORD_FIELDS } from "../../src/api/records";
import { exampleRequests } from "../support/example-requests";
import { columnsOf } from "../../src/table/columns";
import { functionColumns } from "../../src/table/function-columns";
import { DEMO_SECRET } from "../../src/api/demo-secret";
import { ROOT } from "./support/built-addin";
import {
  cell,
  describedBy,
  enter,
  goTo,
  PreviewPage,
  readRange,
  settledText,
  previewPerTest,
  spentByOperation,
  operationCalls,
} from "./support/preview";

jest.setTimeout(240_000);

const session = previewPerTest();

const byOperation = () => spentByOperation(session.stack);
const apiCalls = () => operationCalls(session.stack);

describe("formulas with the live service's names and values spill", () => {
  session.sharePageInThisDescribe(); // each formula in A1 replaces the one before
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
    const { page } = session.preview;
    await enter(page, "A1", formula);
    await settledText(page, "A1");
    const [header, ...rows] = await readRange(page, "A1", 11, 60);
    const at = header.indexOf(columnName);
    expect(at).toBeGreaterThanOrEqual(0);
    const values = rows.map((row) => row[at]).filter((text) => text !== "");
    expect(values.length).toBeGreaterThan(0);
    expect(check(values)).toBe(true);
    expect(session.preview.problems).toEqual([]);
  });

  it('=MAD.KEYWORDCONVERSION("US","yoga mat",,,250) spills 250 rows from 3 calls', async () => {
    const { page } = session.preview;
    await enter(page, "A1", '=MAD.KEYWORDCONVERSION("US","yoga mat",,,250)');
    expect(await settledText(page, "A1")).toBe("keyword");
    const column = await readRange(page, "A250", 3, 1);
    expect(column.map((row) => row[0] !== "")).toEqual([true, true, false]); // header + 250 rows end at A251
    expect(session.stack.simulator.stats().byOperation.keyword_conversion).toBe(3);
  });
});

describe("the preview page", () => {
  it("spills a formula's header and rows from the simulator, for one call", async () => {
    const { page } = session.preview;
    await enter(page, "A1", '=MAD.KEYWORDTRENDS("US","yoga mat")');
    expect(await settledText(page, "A1")).toBe("time");

    const client = createClient({ baseUrl: session.stack.simulator.url, secret: DEMO_SECRET });
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
    expect(byOperation()).toEqual({ keyword_research_trends: 2 }); // the page's call + ours

    await cell(page, "C3").click();
    await expect(page.getByRole("textbox", { name: "Formula" }).inputValue()).resolves.toBe(
      '=MAD.KEYWORDTRENDS("US","yoga mat")',
    );
    expect(session.preview.problems).toEqual([]);
  });

  /**
   * One function of each way a formula is written and spills (its market argument, how many positional arguments,
   * its answer's shape, a history's): that every function spills its own table from the simulator is
   * test/functions/simulator.test.ts's, and every preview load waits for all of them to be registered
   * (waitForFunctions). Fewer than 15: one page's calls stay under the 40-a-minute pacer.
   */
  const kind = (op: (typeof OPERATIONS)[number]) =>
    JSON.stringify([takesMarket(op), op.positional.length, op.shape, Boolean(op.history)]);
  const oneOfEachKind = OPERATIONS.filter((op, i) => OPERATIONS.findIndex((other) => kind(other) === kind(op)) === i);
  it("runs a function of each kind typed in the formula bar, each spilling its header", async () => {
    const { page } = session.preview;
    const examples = exampleRequests();
    for (const op of oneOfEachKind) {
      const params = examples[op.code] as Record<string, unknown>;
      const args = [
        ...(takesMarket(op) ? [`"${params.marketplace}"`] : []),
        ...op.positional.map((p) => `"${[params[p.param]].flat().join(",")}"`),
      ];
      await enter(page, "A1", `=MAD.${op.fn}(${args.join(",")})`);
      const first = await settledText(page, "A1");
      const header = op.shape === "object" && !op.history ? "field" : functionColumns(op)[0].name;
      expect({ fn: op.fn, first }).toEqual({ fn: op.fn, first: header });
    }
    expect(session.preview.problems).toEqual([]);
  });

  it('spills categories with their nodeIdPath for =MAD.CATEGORIES("US","yoga"), from one GET', async () => {
    const { page } = session.preview;
    await enter(page, "A1", '=MAD.CATEGORIES("US","yoga")');
    expect(await settledText(page, "A1")).toBe("nodeIdPath");
    const rows = await readRange(page, "A1", 5, 2);
    expect(rows[0]).toEqual(["nodeIdPath", "nodeLabelPath"]);
    expect(rows).toContainEqual([
      "3375251:3407731:3422251:3422301",
      "Sports & Outdoors:Fitness & Exercise Equipment:Yoga:Mats",
    ]);
    expect(byOperation()).toEqual({ product_node: 1 });
    expect(session.preview.problems).toEqual([]);
  });

  it("shows #VALUE! with the argument's message for a bad argument, and spends no call", async () => {
    const { page } = session.preview;
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
    const { page } = session.preview;
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
    const { page } = session.preview;
    session.stack.simulator.injectFault({
      match: { operation: "aba_research_trend" },
      times: 1,
      fault: { type: "envelope", code: "ERROR_SECRET_KEY" },
    });
    await enter(page, "A1", '=MAD.ABATREND("US","desk lamp")');
    expect(await settledText(page, "A1")).toBe("#N/A");
    expect(await describedBy(page, "A1")).toMatch(/secret/i);

    // A refused secret holds every formula back until the settings change or a connection test passes.
    const pane = page.frameLocator("#task-pane");
    await pane.getByRole("tab", { name: "Connection" }).click();
    await pane.getByRole("button", { name: "Test connection" }).click();
    await pane.getByText("Connected").waitFor({ timeout: 60_000 });
    await enter(page, "A1", '=MAD.ABATREND("US","desk lamp")');
    await expect(settledText(page, "A1")).resolves.toBe(columnsOf(RECORD_FIELDS.abaTrend)[0].name);
    expect(session.stack.simulator.stats().byOperation.aba_research_trend).toBe(2);
  });

  it("recalculates when a referenced filter or limit cell changes", async () => {
    const { page } = session.preview;
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
      () => Number(document.querySelector('td[aria-label^="B2 "]')?.textContent) >= 100,
      undefined,
      { timeout: 60_000 },
    );
    const second = await readRange(page, "A1", 5, 2);
    expect(second.slice(1).every(([, price]) => Number(price) >= 100 && Number(price) <= 200)).toBe(true);

    await enter(page, "J1", "2");
    await page.waitForFunction(() => document.querySelector('td[aria-label="A4"]')?.textContent === "", undefined, {
      timeout: 60_000,
    }); // a blank cell's name is its address alone
    expect((await readRange(page, "A1", 4, 1)).map(([text]) => text !== "")).toEqual([true, true, true, false]);
    expect(apiCalls()).toBeGreaterThan(callsBefore);
  });

  it("gives the task pane the preview host adapter, which writes text as text", async () => {
    const { page } = session.preview;
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
    const { page } = session.preview;
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

describe("the preview grid at full size", () => {
  session.sharePageInThisDescribe(); // A1's spill is replaced by what the next test types there
  const nameBox = (page: PreviewPage["page"]) => page.getByRole("textbox", { name: "Name box" });
  const focusedName = (page: PreviewPage["page"]) =>
    page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName);

  it("jumps to B2000 from the name box, rendering only the cells in view", async () => {
    const { page } = session.preview;
    await goTo(page, "B2000");
    await expect(nameBox(page).inputValue()).resolves.toBe("B2000");
    expect(await focusedName(page)).toBe("B2000");
    await expect(cell(page, "B2000").getAttribute("aria-selected")).resolves.toBe("true");
    await expect(cell(page, "B2000").isVisible()).resolves.toBe(true);
    expect(await cell(page, "A1").count()).toBe(0); // scrolled out of the DOM
    expect(await page.locator("td[role=gridcell]").count()).toBeLessThan(2_000);

    await nameBox(page).fill("ZZZ99999");
    await nameBox(page).press("Enter");
    await expect(page.getByRole("status").textContent()).resolves.toMatch(/"ZZZ99999" is not a cell of this workbook/);
  });

  it('spills =MAD.PRODUCTRESEARCH("US",,,2000) to row 2001, and the last rows read back', async () => {
    const { page } = session.preview;
    await enter(page, "A1", '=MAD.PRODUCTRESEARCH("US",,,2000)');
    expect(await settledText(page, "A1", 180_000)).toBe("asin");
    const tail = await readRange(page, "A1999", 4, 1);
    expect(tail.map(([text]) => text !== "")).toEqual([true, true, true, false]);
    expect(tail[3][0]).toBe("");
    await goTo(page, "A2001");
    await expect(page.getByRole("status").textContent()).resolves.toContain("A1:");
    expect(session.preview.problems).toEqual([]);
  });

  it("names each cell by its address and then what it shows", async () => {
    const { page } = session.preview;
    await enter(page, "A1", "yoga mat");
    await enter(page, "B1", "12.5");
    await expect(page.getByRole("gridcell", { name: "A1 yoga mat", exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole("gridcell", { name: "B1 12.5", exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole("gridcell", { name: "C1", exact: true }).count()).resolves.toBe(1);
  });
});

describe("a product as a data type in the preview", () => {
  // The simulator's image addresses are made up: a stand-in picture, so the card loads no outside address.
  const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

  it("shows the card's text, reads =A1.Price without a call, and opens an accessible card with Ctrl+Shift+F5", async () => {
    const { page } = session.preview;
    await page.route("https://m.media-amazon.com/**", (route) =>
      route.fulfill({ contentType: "image/gif", body: PIXEL }),
    );
    await enter(page, "A1", '=MAD.PRODUCT("US","B07Z82895W")');
    const title = await settledText(page, "A1");
    expect(title).not.toMatch(/^#/);
    const calls = apiCalls();
    await enter(page, "B1", "=A1.Price");
    await enter(page, "C1", "=A1.[Monthly units]");
    await enter(page, "D1", "=A1.Colour");
    expect(await settledText(page, "B1")).toMatch(/^\$\d[\d,]*\.\d\d$/);
    expect(await settledText(page, "C1")).toMatch(/^\d[\d,]*$/);
    expect(await settledText(page, "D1")).toBe("#FIELD!");
    expect(apiCalls()).toBe(calls);
    await expect(cell(page, "A1").getAttribute("aria-label")).resolves.toContain("a data type");

    await goTo(page, "A1");
    await cell(page, "A1").focus();
    await page.keyboard.press("Control+Shift+F5");
    const card = page.getByRole("dialog", { name: title });
    await expect(card.isVisible()).resolves.toBe(true);
    const terms = await card.locator("dt").allTextContents();
    expect(terms).toEqual(expect.arrayContaining(["Price", "BSR", "Category", "Rating", "Monthly units", "Listing"]));
    await expect(card.getByRole("img").getAttribute("alt")).resolves.toBe(title);
    await expect(card.getByRole("link").getAttribute("href")).resolves.toMatch(/^https:\/\/www\.amazon\.com\/dp\//);
    await expect(
      card.getByRole("button", { name: "Close" }).evaluate((b) => b === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press("Escape");
    await expect(card.count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toMatch(/^A1 /);
    expect(session.preview.problems).toEqual([]);
  });
});

describe("the preview grid's keys", () => {
  session.sharePageInThisDescribe(); // only Ctrl+End's test fills cells
  const nameBox = (page: PreviewPage["page"]) => page.getByRole("textbox", { name: "Name box" });
  const focusedName = (page: PreviewPage["page"]) =>
    page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName);

  it("Tab and Shift+Tab wrap to the next and previous row instead of stopping at the edge", async () => {
    const { page } = session.preview;
    await goTo(page, "CU1");
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("CV1");
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("A2");
    await expect(nameBox(page).inputValue()).resolves.toBe("A2");
    await page.keyboard.press("Shift+Tab");
    expect(await focusedName(page)).toBe("CV1");
    await page.keyboard.press("Shift+Tab");
    expect(await focusedName(page)).toBe("CU1");

    // Past the sheet's first cell Shift+Tab leaves the grid: the keyboard is never trapped.
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("Shift+Tab");
    expect(await focusedName(page)).toBe("Formula");
  });

  it("keeps keys working after the selected cell scrolls out of the DOM, bringing the selection back", async () => {
    const { page } = session.preview;
    await goTo(page, "B2");
    await page.locator("#grid-scroll").evaluate((scroller) => (scroller.scrollTop = 1_000 * 22));
    await cell(page, "B1000").waitFor();
    expect(await cell(page, "B2").count()).toBe(0);
    await page.keyboard.press("ArrowDown");
    expect(await focusedName(page)).toBe("B3");
    await expect(cell(page, "B3").isVisible()).resolves.toBe(true);
  });

  it("Ctrl+Home goes to A1, Ctrl+End to the last used cell, PageDown and PageUp move a screenful", async () => {
    const { page } = session.preview;
    await enter(page, "C40", "x");
    await enter(page, "E3", "y");
    await goTo(page, "B2");
    await page.keyboard.press("Control+End");
    expect(await focusedName(page)).toBe("E40");
    await page.keyboard.press("Control+Home");
    expect(await focusedName(page)).toBe("A1");

    await page.keyboard.press("PageDown");
    const down = await nameBox(page).inputValue();
    expect(down).toMatch(/^A\d+$/);
    const rows = Number(down.slice(1)) - 1;
    expect(rows).toBeGreaterThan(10);
    expect(await focusedName(page)).toBe(down);
    await expect(cell(page, down).isVisible()).resolves.toBe(true);
    await page.keyboard.press("PageDown");
    await expect(nameBox(page).inputValue()).resolves.toBe(`A${1 + 2 * rows}`);
    await page.keyboard.press("PageUp");
    await page.keyboard.press("PageUp");
    expect(await focusedName(page)).toBe("A1");
  });

  it("F6 and Shift+F6 cycle grid → formula bar → sheet tabs → task pane → grid", async () => {
    const { page } = session.preview;
    await goTo(page, "C3");
    const where = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (active instanceof HTMLIFrameElement) {
          const inner = active.contentDocument?.activeElement;
          return inner && inner !== active.contentDocument?.body ? "task pane control" : "task pane frame only";
        }
        if (active?.getAttribute("role") === "tab") return `${active.textContent} tab`;
        return active?.getAttribute("aria-label") ?? active?.tagName ?? "";
      });
    const cycle = ["Formula", "Sheet1 tab", "task pane control", "C3"];
    for (const expected of cycle) {
      await page.keyboard.press("F6");
      expect(await where()).toBe(expected);
    }
    for (const expected of [...cycle.slice(0, -1)].reverse().concat("C3")) {
      await page.keyboard.press("Shift+F6");
      expect(await where()).toBe(expected);
    }
    expect(apiCalls()).toBe(0);
  });
});

describe("the task pane on the preview grid", () => {
  it("refuses a table that would run past the grid's edge before spending a call, and inserts one that fits", async () => {
    const { page } = session.preview;
    const pane = page.frameLocator("#task-pane");
    await goTo(page, "A2450");
    await pane.getByRole("tab", { name: "Build" }).click();
    await pane.getByRole("textbox", { name: "limit", exact: true }).fill("100");
    await pane.getByRole("button", { name: "Insert as table" }).click();
    const bar = pane.getByRole("group", { name: "Cells in use" }).or(pane.getByLabel("Cells in use"));
    await pane.getByText("The table does not fit here.").waitFor({ timeout: 60_000 });
    await pane.getByText(/101 rows × \d+ columns from A2450 run past the preview grid/).waitFor();
    // Nowhere to the right fits either: only Cancel is offered.
    expect(await pane.getByRole("button", { name: /^Use the next free place/ }).count()).toBe(0);
    await pane.getByRole("button", { name: "Cancel" }).click();
    await pane.getByText("Nothing was fetched.").waitFor();
    expect(await bar.count()).toBe(0);
    expect(apiCalls()).toBe(0);

    await goTo(page, "A2390");
    await pane.getByRole("button", { name: "Insert as table" }).click();
    await pane.getByText(/Created table/).waitFor({ timeout: 60_000 });
    const tail = await readRange(page, "A2490", 2, 1);
    expect(tail.map(([text]) => text !== "")).toEqual([true, false]);
    expect(session.preview.problems).toEqual([]);
  });
});
