/**
 * The BUILT task pane in the preview page, against the simulator, driven as a person would: by the fields'
 * accessible names (each parameter's name), buttons and the grid's cells.
 */
import type { FrameLocator } from "playwright-core";
import { OPERATIONS } from "../../src/api/catalog";
import { DEMO_SECRET } from "../../src/api/demo-secret";
import { allFields, formModel, type FormField } from "../../src/taskpane/builder/form-model";
import { takesDepartmentCodes } from "../../src/taskpane/shared/department-search";
import { fieldLabel } from "./support/labels";
import {
  cell,
  enter,
  readRange,
  settledText,
  previewPerTest,
  spentByOperation,
  operationCalls,
} from "./support/preview";
import { openTab, paneOf, pick, searchMoreFilters } from "./support/taskpane";

jest.setTimeout(240_000);

const session = previewPerTest({ monthlyQuota: 1_000 });

const apiCalls = () => operationCalls(session.stack);
const spent = () => spentByOperation(session.stack);
const text = (pane: FrameLocator, name: string) => pane.getByRole("textbox", { name, exact: true });

/**
 * Operations that between them draw every kind of required field (its control, open to typed values or not, a
 * pattern's search such as a node path's, the departments' search), each operation adding one at least. That every
 * operation's form holds the catalog's parameters with their labels and required flags is test/taskpane/
 * form-model.test.ts's; here the built pane draws each kind with its label and announces it as required.
 */
function operationsDrawingEveryRequiredKind(): typeof OPERATIONS {
  const drawnAs = (field: FormField) => {
    const control: { type: string; open?: boolean; pattern?: string } = field.control;
    return JSON.stringify([control.type, control.open, control.pattern, takesDepartmentCodes(field.spec)]);
  };
  const drawn = new Set<string>();
  return OPERATIONS.filter((op) => {
    const kinds = allFields(formModel(op.code))
      .filter((field) => field.required)
      .map(drawnAs)
      .filter((kind) => !drawn.has(kind));
    for (const kind of kinds) drawn.add(kind);
    return kinds.length > 0;
  });
}

/** A product research with a price range, an enum and the columns asin, price, fulfillment. */
async function buildResearch(pane: FrameLocator) {
  await openTab(pane, "Build");
  await text(pane, fieldLabel("product_research", "minPrice")).fill("20");
  await text(pane, fieldLabel("product_research", "maxPrice")).fill("60");
  await searchMoreFilters(pane, "fulfillment");
  await pick(pane, fieldLabel("product_research", "fulfillment"), "FBA");
  await pick(pane, "fields", "asin", "price", "fulfillment");
  await text(pane, "limit").fill("5");
}

describe("the task pane in the preview", () => {
  it("connects with the simulator's secret and names a wrong one in plain words", async () => {
    const pane = paneOf(session.preview.page);
    await openTab(pane, "Connection");
    const secret = pane.getByLabel("API secret");
    await expect(secret.getAttribute("type")).resolves.toBe("password");
    await secret.fill("wrong0000000000000000000000000000");
    await pane.getByRole("radio", { name: /Local simulator/ }).check();
    await pane.getByRole("button", { name: "Test connection" }).click();
    await expect(pane.getByText("The secret is wrong").waitFor()).resolves.toBeUndefined();

    await secret.fill(DEMO_SECRET);
    await pane.getByRole("button", { name: "Show" }).click();
    await expect(secret.getAttribute("type")).resolves.toBe("text");
    await pane.getByRole("button", { name: "Test connection" }).click();
    await pane.getByText("Connected").waitFor();
    // Saved: the input is emptied and the pane shows only that a secret is set, with its last 4 characters.
    await expect(secret.inputValue()).resolves.toBe("");
    await pane.getByText(new RegExp(`Secret set: ••••${DEMO_SECRET.slice(-4)}`)).waitFor();
    // The simulator started here has a monthly quota of 1,000 (GET /v1/visits: remaining and quota).
    await pane.getByText(/\d calls left this month\./).waitFor();
    // The two tests, and at most one read of calls left when the pane opened.
    const visits = session.stack.simulator.stats().byOperation.visits ?? 0;
    expect(visits).toBeGreaterThanOrEqual(2);
    expect(visits).toBeLessThanOrEqual(3);
    // The secret lives in runtime storage, never in the workbook.
    const stored = await session.preview.page.evaluate(() => window.localStorage.getItem("mad-preview:mad.secret"));
    expect(stored).toBe(DEMO_SECRET);
    expect(session.preview.problems).toEqual([]);
  });

  it("inserts a formula with its filter block; editing a filter cell recomputes", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await cell(page, "A1").click();
    await buildResearch(pane);
    await pane.getByRole("button", { name: "Insert as formula" }).click();
    await pane.getByText(/Wrote the filter block/).waitFor();

    expect(await readRange(page, "A1", 7, 2)).toEqual([
      ["MAD filters — Product research", ""],
      ["marketplace", "US"],
      ["fulfillment", "FBA"],
      ["minPrice", "20"],
      ["maxPrice", "60"],
      ["fields", "asin,price,fulfillment"],
      ["limit", "5"],
    ]);
    await cell(page, "D1").click();
    await expect(page.getByRole("textbox", { name: "Formula" }).inputValue()).resolves.toBe(
      "=MAD.PRODUCTRESEARCH($B$2,$A$3:$B$5,$B$6,$B$7)",
    );
    expect(await settledText(page, "D1")).toBe("asin");
    const spilled = await readRange(page, "D1", 7, 3);
    expect(spilled[0]).toEqual(["asin", "price", "fulfillment"]);
    expect(
      spilled
        .slice(1, 6)
        .every(
          ([asin, price, fulfillment]) =>
            asin !== "" && Number(price) >= 20 && Number(price) <= 60 && fulfillment === "FBA",
        ),
    ).toBe(true);
    expect(spilled[6]).toEqual(["", "", ""]);

    await enter(page, "B5", "30");
    await page.waitForFunction(
      () =>
        [2, 3, 4, 5, 6].every((r) => {
          const price = Number(document.querySelector(`td[aria-label^="E${r} "]`)?.textContent);
          return price >= 20 && price <= 30;
        }),
      undefined,
      { timeout: 60_000 },
    );

    // The reports panel lists the formula with its rows; refreshing it answers from the cache (its data is current),
    // refreshing it from the service spends one call, asked first.
    await openTab(pane, "Reports");
    const item = pane.getByRole("checkbox", { name: "Sheet1!D1 · Product research" });
    await item.waitFor();
    await expect(pane.getByRole("listitem").filter({ has: item }).textContent()).resolves.toMatch(
      /ok.*5 rows · refreshed/,
    );
    const before = apiCalls();
    await item.check();
    await pane.getByRole("button", { name: "Refresh selected" }).click();
    await pane.getByText("Refreshed 1 item with no call.").waitFor({ timeout: 60_000 });
    expect(apiCalls()).toBe(before);
    await pane.getByRole("button", { name: /^Refresh from the service: fetch the selected item afresh/ }).click();
    await pane.getByRole("button", { name: "Refresh from the service (1 call)" }).click();
    await pane.getByText("Refreshed 1 item with 1 call.").waitFor({ timeout: 60_000 });
    expect(apiCalls()).toBe(before + 1);
    expect(await settledText(page, "D1")).toBe("asin");
    expect(session.preview.problems).toEqual([]);
  });

  it("inserts a table with its header and number formats, and refreshes it from the reports panel", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await cell(page, "A2").click();
    await openTab(pane, "Build");
    await text(pane, fieldLabel("product_research", "minPrice")).fill("20");
    await text(pane, fieldLabel("product_research", "maxPrice")).fill("60");
    await searchMoreFilters(pane, "fulfillment");
    await pick(pane, fieldLabel("product_research", "fulfillment"), "FBA", "FBM");
    await pick(pane, "fields", "asin", "price", "availableDate", "ratings", "profit");
    await text(pane, "limit").fill("8");
    await pane.getByRole("button", { name: "Insert as table" }).click();
    await pane.getByText(/Created table MAD_ProductResearch/).waitFor({ timeout: 60_000 });
    const callsForTable = apiCalls();
    expect(callsForTable).toBe(1);

    const table = await readRange(page, "A2", 10, 5);
    expect(table[0]).toEqual(["asin", "price", "availableDate", "ratings", "profit"]);
    for (const [asin, price, date, ratings, profit] of table.slice(1, 9)) {
      expect(asin).toMatch(/^[A-Z0-9]{10}$/);
      expect(price).toMatch(/^\d{1,3}(,\d{3})*\.\d\d$/);
      expect(date).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(ratings).toMatch(/^\d{1,3}(,\d{3})*$/);
      expect(profit).toMatch(/^-?\d+\.\d\d%$/);
    }
    expect(table[9]).toEqual(["", "", "", "", ""]);

    await openTab(pane, "Reports");
    const item = pane.getByRole("checkbox", { name: /Sheet1!A2 · Product research/ });
    await item.waitFor();
    // Refresh answers the table's current rows from the cache; from the service it fetches afresh, asked first.
    await pane.getByRole("button", { name: "Refresh all" }).click();
    await pane.getByText(/Refreshed 1 item with no call/).waitFor({ timeout: 60_000 });
    expect(apiCalls()).toBe(callsForTable);
    await pane.getByRole("button", { name: /^Refresh from the service: fetch every item afresh/ }).click();
    await pane.getByRole("button", { name: "Refresh from the service (1 call)" }).click();
    await pane.getByText(/Refreshed 1 item with 1 call/).waitFor({ timeout: 60_000 });
    expect(apiCalls()).toBe(callsForTable + 1); // the cache was bypassed for this query
  });

  it("renders every kind of required field, each named by its plain label and announced as required", async () => {
    const pane = paneOf(session.preview.page);
    await openTab(pane, "Build");
    for (const op of operationsDrawingEveryRequiredKind()) {
      await pick(pane, "Operation", `${op.title} (MAD.${op.fn})`);
      for (const p of op.params.filter((param) => param.required)) {
        const named = { name: fieldLabel(op.code, p.name), exact: true };
        const control = pane.getByRole("combobox", named).or(pane.getByRole("textbox", named));
        await expect(control.count()).resolves.toBe(1);
        // Announced as required: the native attribute on text boxes, aria-required on dropdowns.
        const required = await control.evaluate(
          (e) => (e as HTMLInputElement).required || e.getAttribute("aria-required") === "true",
        );
        expect([op.code, p.name, required]).toEqual([op.code, p.name, true]);
      }
      await expect(pane.getByRole("combobox", { name: "fields", exact: true }).count()).resolves.toBe(1);
    }
    expect(apiCalls()).toBe(0);
    expect(session.preview.problems).toEqual([]);
  });

  it("finds an operation among all of them by typing, and picks it by keyboard", async () => {
    const pane = paneOf(session.preview.page);
    await openTab(pane, "Build");
    const picker = pane.getByRole("combobox", { name: "Operation", exact: true });
    await picker.click();
    // Every operation is offered, in labelled groups.
    await expect(pane.getByRole("option").count()).resolves.toBe(OPERATIONS.length);
    await expect(pane.getByRole("group", { name: "Trademarks" }).count()).resolves.toBe(1);
    // Typed as a person types: the title shown is selected first, then replaced.
    await picker.press("Control+a");
    await picker.pressSequentially("price band");
    await pane.getByText(/^1 of \d+ operations matches\.$/).waitFor();
    await expect(pane.getByRole("option").allTextContents()).resolves.toEqual(["Price distribution (MAD.PRICEBANDS)"]);
    await picker.press("ArrowDown");
    await picker.press("Enter");
    await expect(picker.inputValue()).resolves.toBe("Price distribution");
    // The form is the price distribution's: its category field, and nothing was spent.
    await expect(
      pane.getByRole("combobox", { name: fieldLabel("market_price_distribution", "nodeIdPath"), exact: true }).count(),
    ).resolves.toBe(1);
    await picker.press("Control+a");
    await picker.pressSequentially("nothing like this");
    await pane.getByRole("option", { name: "No operation matches “nothing like this”." }).waitFor();
    await picker.press("Escape");
    await expect(picker.inputValue()).resolves.toBe("Price distribution");
    expect(apiCalls()).toBe(0);
    expect(session.preview.problems).toEqual([]);
  });

  it("finds a category by its words and fills nodeIdPath with its path; a typed path is kept", async () => {
    const pane = paneOf(session.preview.page);
    await openTab(pane, "Build");
    await pick(pane, "Operation", "Category statistics (MAD.CATEGORYSTATS)");
    const box = pane.getByRole("combobox", {
      name: fieldLabel("market_research_statistics", "nodeIdPath"),
      exact: true,
    });
    // Typed at once: on a busy machine keystrokes further apart than the search's pause would each search (as a
    // slow typist's do); the pause itself is tested with a fake clock (test/taskpane/category-search.test.ts).
    await box.fill("yoga");
    await pane
      .getByRole("status")
      .filter({ hasText: /categories match "yoga"/ })
      .waitFor({ timeout: 30_000 });
    await box.press("ArrowDown");
    await pane.getByRole("option", { name: /^Sports & Outdoors › Fitness & Exercise Equipment › Yoga › Mats/ }).click();
    await expect(box.inputValue()).resolves.toBe("3375251:3407731:3422251:3422301");
    expect(spent()).toEqual({ product_node: 1 });
    await box.fill("172282:281407");
    await expect(box.inputValue()).resolves.toBe("172282:281407");
    expect(spent()).toEqual({ product_node: 1 });
    expect(session.preview.problems).toEqual([]);
  });

  it("adds a found category as a line of nodeIdPaths", async () => {
    const pane = paneOf(session.preview.page);
    await openTab(pane, "Build");
    await pick(pane, "Operation", "Product research (MAD.PRODUCTRESEARCH)");
    await searchMoreFilters(pane, "nodeIdPaths");
    await text(pane, fieldLabel("product_research", "nodeIdPaths")).fill("172282:281407");
    const adder = pane.getByRole("combobox", {
      name: `Add a category to ${fieldLabel("product_research", "nodeIdPaths")}`,
      exact: true,
    });
    await adder.fill("bath rugs"); // at once, as above
    await pane
      .getByRole("status")
      .filter({ hasText: /(categories match|category matches) "bath rugs"/ })
      .waitFor({ timeout: 30_000 });
    await adder.press("ArrowDown");
    await pane.getByRole("option", { name: /^Home & Kitchen › Bath › Bath Rugs/ }).click();
    await expect(text(pane, fieldLabel("product_research", "nodeIdPaths")).inputValue()).resolves.toBe(
      "172282:281407\n1055398:1063236:1063242",
    );
    await expect(adder.inputValue()).resolves.toBe("");
    expect(spent()).toEqual({ product_node: 1 });
  });

  it("insert as formula over a note and a value asks first: Cancel keeps the data, the next free place writes there", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await enter(page, "A3", "my note");
    await enter(page, "B5", "42");
    await cell(page, "A1").click();
    await buildResearch(pane);
    await pane.getByRole("button", { name: "Insert as formula" }).click();
    await pane.getByText(/would overwrite A3, B5/).waitFor({ timeout: 60_000 });

    await pane.getByRole("button", { name: "Cancel" }).click();
    await pane.getByText("Nothing was written.").waitFor();
    expect(await settledText(page, "A3")).toBe("my note");
    expect(await settledText(page, "B5")).toBe("42");
    expect(await readRange(page, "A1", 1, 2)).toEqual([["", ""]]);
    expect(apiCalls()).toBe(0);

    await pane.getByRole("button", { name: "Insert as formula" }).click();
    const nextFree = pane.getByRole("button", { name: /Use the next free place \((\w+)\)/ });
    await nextFree.waitFor({ timeout: 60_000 });
    const address = /\((\w+)\)/.exec((await nextFree.textContent()) ?? "")![1];
    expect(address).toBe("C1");
    await nextFree.click();
    await pane.getByText(/Wrote the filter block and =MAD.PRODUCTRESEARCH/).waitFor({ timeout: 60_000 });
    expect(await settledText(page, "C1")).toBe("MAD filters — Product research");
    expect(await settledText(page, "F1")).toBe("asin");
    expect(await settledText(page, "A3")).toBe("my note");
    expect(await settledText(page, "B5")).toBe("42");
    expect(session.preview.problems).toEqual([]);
  });

  it("shows calls used / quota above the tabs and counts up as formulas spend", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    const meter = pane.getByRole("meter", { name: "Calls used this month" });
    await meter.waitFor({ timeout: 60_000 });
    const used = async () => Number(await meter.getAttribute("aria-valuenow"));
    expect(await meter.getAttribute("aria-valuemax")).toBe("1000");
    const before = await used();
    await cell(page, "A1").click();
    await buildResearch(pane);
    await pane.getByRole("button", { name: "Insert as formula" }).click();
    await pane.getByText(/Wrote the filter block/).waitFor({ timeout: 60_000 });
    expect(apiCalls()).toBeGreaterThan(0);
    await pane
      .getByRole("status", { name: "Calls left" })
      .getByText(new RegExp(`^${before + 1} / 1,000 calls used`))
      .waitFor({ timeout: 60_000 });
    expect(await used()).toBe(before + 1);
    for (const name of ["Connection", "Reports"] as const) {
      await openTab(pane, name);
      expect(await meter.isVisible()).toBe(true);
    }
  });

  it("keeps Preview and Insert in view while the long form scrolls", async () => {
    const pane = paneOf(session.preview.page);
    await openTab(pane, "Build");
    await pane.getByRole("button", { name: /^More filters/ }).click();
    // Scroll to the top of the (now long) More filters, far above the buttons' place in the form: they stay on screen.
    await pane.getByRole("searchbox", { name: "Search filters" }).scrollIntoViewIfNeeded();
    await pane.locator("html").evaluate(() => window.scrollBy(0, 200));
    const frame = pane.owner();
    const paneBox = await frame.boundingBox();
    for (const name of ["Preview", "Insert as formula", "Insert as table"]) {
      const box = await pane.getByRole("button", { name, exact: true }).boundingBox();
      expect(box && paneBox && box.y >= paneBox.y && box.y + box.height <= paneBox.y + paneBox.height).toBe(true);
    }
    await expect(pane.getByRole("button", { name: "Preview", exact: true }).isVisible()).resolves.toBe(true);
  });

  it("hides the uncommon filters under More filters and finds one by its label or API name", async () => {
    const pane = paneOf(session.preview.page);
    await openTab(pane, "Build");
    const label = fieldLabel("product_research", "sellerNation");
    const control = pane
      .getByRole("combobox", { name: label, exact: true })
      .or(pane.getByRole("textbox", { name: label, exact: true }));
    await expect(control.count()).resolves.toBe(0);
    await expect(pane.getByRole("button", { name: /^More filters/ }).getAttribute("aria-expanded")).resolves.toBe(
      "false",
    );
    await searchMoreFilters(pane, label.slice(0, 8));
    await expect(control.count()).resolves.toBe(1);
    // Another filter that does not match the search is hidden; the API name finds the field too.
    const other = fieldLabel("product_research", "fulfillment");
    await expect(pane.getByRole("combobox", { name: other, exact: true }).count()).resolves.toBe(0);
    await pane.getByRole("searchbox", { name: "Search filters" }).fill("sellerNation");
    await expect(control.count()).resolves.toBe(1);
    await pane.getByRole("searchbox", { name: "Search filters" }).fill("no such filter");
    await pane.getByText('No filter matches "no such filter".').waitFor();
    expect(apiCalls()).toBe(0);
  });

  it("shows an invalid input's message inline and sends nothing", async () => {
    const pane = paneOf(session.preview.page);
    await openTab(pane, "Build");
    await text(pane, fieldLabel("product_research", "minPrice")).fill("abc");
    await text(pane, fieldLabel("product_research", "minRating")).fill("4.5");
    await text(pane, fieldLabel("product_research", "maxRating")).fill("3");
    await pane.getByRole("button", { name: "Preview" }).click();
    await pane.getByText(/minPrice: expected a number \(got "abc"\)/).waitFor();
    await expect(pane.getByText(/Rating: minRating 4.5 is greater than maxRating 3/).count()).resolves.toBe(2);
    await pane.getByText(/nothing was sent/).waitFor();
    await expect(text(pane, fieldLabel("product_research", "minPrice")).getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );
    await pane.getByRole("button", { name: "Insert as table" }).click();
    await pane.getByRole("button", { name: "Insert as formula" }).click();
    expect(apiCalls()).toBe(0);
    expect(await cell(session.preview.page, "A1").textContent()).toBe("");
  });

  it("writes a product title starting with = as text, in the preview and in a table", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await cell(page, "A3").click();
    await openTab(pane, "Build");
    await pick(pane, "Operation", "Competitor lookup (MAD.COMPETITORS)");
    await text(pane, fieldLabel("competitor_lookup", "brand")).fill("=1+2");
    await pick(pane, "fields", "asin", "title", "brand");
    await text(pane, "limit").fill("3");
    await pane.getByRole("button", { name: "Preview" }).click();
    await pane.getByText(/This preview cost 1 call/).waitFor({ timeout: 60_000 });
    const previewTitle = await pane
      .getByRole("region", { name: "Preview rows" })
      .getByRole("cell")
      .nth(1)
      .textContent();
    expect(previewTitle).toMatch(/^=1\+2 /);

    await pane.getByRole("button", { name: "Insert as table" }).click();
    await pane.getByText(/Created table MAD_CompetitorLookup/).waitFor({ timeout: 60_000 });
    const rows = await readRange(page, "A3", 4, 3);
    expect(rows[0]).toEqual(["asin", "title", "brand"]);
    for (const [, title, brand] of rows.slice(1)) {
      expect(title).toMatch(/^=1\+2 /);
      expect(brand).toBe("=1+2");
    }
    await cell(page, "B4").click();
    await expect(page.getByRole("textbox", { name: "Formula" }).inputValue()).resolves.toMatch(/^'=1\+2 /);
    expect(session.preview.problems).toEqual([]);
  });

  it("shows the page count while Insert as table pages, and Cancel stops it with nothing written", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await cell(page, "A1").click();
    await openTab(pane, "Build");
    await pick(pane, "fields", "asin");
    // One table of 100 rows: its first page (100 rows) is then cached for the longer query below.
    await text(pane, "limit").fill("100");
    await pane.getByRole("button", { name: "Insert as table" }).click();
    await pane.getByText(/Created table MAD_ProductResearch/).waitFor({ timeout: 60_000 });

    // Every later page hangs, so the query stays on page 1 until cancelled.
    session.stack.simulator.injectFault({
      match: { operation: "product_research" },
      times: 19,
      fault: { type: "stall" },
    });
    try {
      await cell(page, "C1").click();
      await text(pane, "limit").fill("2000");
      await pane.getByRole("button", { name: "Insert as table" }).click();
      await pane.getByText(/Page 1 of 20\./).waitFor({ timeout: 60_000 });
      await pane.getByRole("button", { name: "Cancel", exact: true }).click();
      await pane.getByText("Cancelled: nothing was written or shown.").waitFor();
      expect(await readRange(page, "C1", 2, 1)).toEqual([[""], [""]]);
      await expect(pane.getByRole("button", { name: "Insert as table" }).isEnabled()).resolves.toBe(true);
    } finally {
      session.stack.simulator.clearFaults();
    }
    expect(session.preview.problems).toEqual([]);
  });

  it("in a small window the pane stays in view and a long message wraps instead of being cut", async () => {
    const { page } = session.preview;
    const pane = paneOf(page);
    await cell(page, "A1").click();
    await openTab(pane, "Build");
    await pane.getByRole("button", { name: "Insert as formula" }).click();
    const message = pane.getByText(/Wrote the filter block/);
    await message.waitFor({ timeout: 60_000 });
    for (const size of [
      { width: 1280, height: 600 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      const frame = await page.locator("#task-pane").boundingBox();
      // At least 250 px of the pane show without scrolling the page (the grid scrolls inside its own box).
      expect(frame!.y + 250).toBeLessThanOrEqual(size.height);
      expect(frame!.height).toBeGreaterThanOrEqual(300);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(size.height * 1.2);
      // The message's text fits its bar: nothing runs past the edge.
      const fits = await message.evaluate((element) => {
        const bar = element.closest("[role=group], .fui-MessageBar") ?? element.parentElement!;
        return element.scrollWidth <= element.clientWidth + 1 && bar.scrollWidth <= bar.clientWidth + 1;
      });
      expect(fits).toBe(true);
    }
  });
});
