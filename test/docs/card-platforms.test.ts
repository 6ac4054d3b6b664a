/**
 * docs/excel-platform.md's "Product cards, by Excel" table, cell by cell: each column is an Excel the strict stand-in
 * models (its requirement sets, licence and platform), each row a card feature run there through the add-in's own
 * code (the functions' entity decision and card plan, the pane's host and Insert as table, the one argument reader),
 * and what the stand-in then shows must be what the page says.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { lookupFunction, operation } from "../../src/api/catalog";
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { parseFormulaArgs } from "../../src/formula/arguments";
import { entitiesSupported } from "../../src/functions/entity-support";
import { cardPlan } from "../../src/formula/product-plans";
import { forgetDataTypeVerdict } from "../../src/table/data-type-support";
import { insertTable } from "../../src/taskpane/builder/actions";
import { createOfficeHost } from "../../src/taskpane/host/office-host";
import { ROOT } from "../architecture/source-scan";
import { fakeFetch, ok } from "../api/support/fake-fetch";
import { fixture } from "../api/support/fixtures";
import { StrictExcel, type StrictExcelOptions } from "../support/strict-excel";

const doc = readFileSync(path.join(ROOT, "docs/excel-platform.md"), "utf8");
const start = doc.indexOf("### Product cards, by Excel");
const section = doc.slice(start, doc.indexOf("\n## ", start));
const table = section
  .split("\n")
  .filter((line) => line.startsWith("|") && !line.startsWith("|---"))
  .map((line) =>
    line
      .slice(1, -1)
      .split("|")
      .map((cell) => cell.trim()),
  );
const [header, ...features] = table;

/** Each column of the page as the stand-in models that Excel (requirement-set tables; office-js #4750, #3504). */
const EXCELS: Readonly<Record<string, StrictExcelOptions>> = {
  "Microsoft 365 (Version 2504 on)": { requirementSets: { ExcelApi: "1.20" } },
  "Microsoft 365 (Version 2208 to 2503)": { requirementSets: { ExcelApi: "1.18" } },
  "Excel on the web": { platform: "web" },
  "Office 2024 volume-licensed": { requirementSets: { ExcelApi: "1.17", CustomFunctionsRuntime: "1.3" } },
  "Excel 2021 volume-licensed": { requirementSets: { ExcelApi: "1.14", CustomFunctionsRuntime: "1.3" } },
  "Excel 2021 or 2024 retail": { license: "retailPerpetual" },
};

const RESEARCH = fixture("product_research").data as { items: Record<string, unknown>[] };
const RECORD = { asin: { ...RESEARCH.items[0], availableDate: 1_689_350_400_000 }, salesTrendPoints: [] };
const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

/** What each feature comes to in one Excel, worded as the page words it. */
async function featuresIn(options: StrictExcelOptions): Promise<Record<string, string>> {
  const excel = new StrictExcel(options);
  const g = excel.globals();
  (globalThis as { Office?: unknown }).Office = g.Office;
  const host = createOfficeHost({
    run: excel.run as never,
    settings: () => g.Office.context.document.settings as never,
    requirements: () => g.Office.context.requirements as never,
    loadWithDocument: async () => undefined,
  });
  const offered = (await host.dataTypeSupport()) === true; // the pane's start, as in Excel

  // MAD.PRODUCT, shaped by the functions' own plan with this Excel's answer, landing in the stand-in's cell.
  const plan = cardPlan(lookupFunction("PRODUCT")!, { market: "US", positional: ["B0TESTASIN"] }, entitiesSupported);
  excel.type("Sheet1", "A1", '=MAD.PRODUCT("US","B0TESTASIN")');
  await flush();
  excel.manual.at("A1").answer(plan.shape({ rows: [], byKey: new Map([["B0TESTASIN", RECORD]]) } as never));
  await excel.idle();
  const product = excel.cell("Sheet1", "A1");
  const price = (product?.entity?.properties as Record<string, { type: string; numberFormat?: string }> | undefined)
    ?.Price;
  // A Double shows its format only with its numberFormat (1.19); a FormattedNumber always carries one.
  const numbers = !price
    ? "—"
    : price.type === "Double"
      ? `Double ${price.numberFormat ? "with" : "without"} numberFormat`
      : price.type;

  // Insert as table with cards (from Sheet2's A1), where the pane offers them.
  excel.book.addSheet("Sheet2");
  excel.book.active = { sheet: "Sheet2", address: "A1" };
  const fake = fakeFetch(() => ok(fixture("product_research").data));
  const engine = createEngine({ store: memoryStore(), fetch: fake.fetch, perMinute: 1000 });
  await engine.writeSettings({ secret: "0123456789abcdef0123456789abcdef", baseUrl: "http://127.0.0.1:8787" });
  const query = { code: "product_research" as const, params: { marketplace: "US" }, fields: ["asin", "title"] };
  const inserted = offered ? (await insertTable(engine, host, { ...query, cards: true })).cards : undefined;
  const tableCards = !offered ? "not offered" : inserted === "written" ? "product column of cards" : `${inserted}`;

  // A card where an ASIN goes: the first card this Excel holds, passed to MAD.SALESTREND.
  const card = product?.entity ? "Sheet1!A1" : excel.cell("Sheet2", "B2")?.entity ? "Sheet2!B2" : undefined;
  let asArgument = "—";
  if (card) {
    excel.type("Sheet1", "D1", `=MAD.SALESTREND("US",${card})`);
    await flush();
    await excel.idle();
    const shown = excel.cell("Sheet1", "D1");
    if (shown?.error === "#VALUE!") asArgument = "#VALUE!";
    else {
      const args = excel.manual.at("D1").args;
      asArgument = `its ASIN${
        parseFormulaArgs(operation("asin_sales_trend"), { market: args[0], positional: [args[1]] }).params.asin ===
        (
          excel.cell(card.split("!")[0], card.split("!")[1])?.entity?.properties as unknown as Record<
            string,
            { basicValue: string }
          >
        ).ASIN.basicValue
          ? ""
          : " (a different one)"
      }`;
    }
  }
  return {
    "`MAD.PRODUCT`": product?.entity ? "card" : product?.value === "Title" ? "labelled row" : String(product?.value),
    'a card\'s price and "Listed on"': numbers,
    "Insert as table with product cards": tableCards,
    "a card where an ASIN goes": asArgument,
  };
}

afterEach(() => {
  delete (globalThis as { Office?: unknown }).Office;
  forgetDataTypeVerdict();
});

test("the page's table is read: a column per Excel the stand-in models, a row per card feature", () => {
  expect(header.slice(1)).toEqual(Object.keys(EXCELS));
  expect(features.map((row) => row[0])).toEqual([
    "`MAD.PRODUCT`",
    'a card\'s price and "Listed on"',
    "Insert as table with product cards",
    "a card where an ASIN goes",
  ]);
});

test.each(Object.keys(EXCELS))("%s: every card feature behaves as the page says", async (excel) => {
  const column = header.indexOf(excel);
  const said = Object.fromEntries(features.map((row) => [row[0], row[column]]));
  expect(await featuresIn(EXCELS[excel])).toEqual(said);
});

test("functions.json never sets allowErrorForDataTypeAny (with allowCustomDataForDataTypeAny it crashed Excel 2021 LTSC, office-js #4385)", () => {
  const metadata = readFileSync(path.join(ROOT, "src/functions/generated/functions-zh-CN.json"), "utf8");
  expect(metadata).toContain('"allowCustomDataForDataTypeAny": true');
  expect(metadata).not.toContain("allowErrorForDataTypeAny");
});
