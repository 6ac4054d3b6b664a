/**
 * Insert as table with product cards: the ASIN column of a table shows each ASIN as the data type MAD.PRODUCT
 * returns, built from the row's own record (no call beyond the table's), in Excel (desktop and web, through
 * Range.valuesAsJson) and in the preview; a refresh writes them again; an Excel without ExcelApi 1.16 keeps the
 * ASINs as text and is never offered the option.
 */
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { type Engine } from "../../src/engine/types";
import { insertTable } from "../../src/taskpane/builder/actions";
import { asinColumnOf, cardsFor, withCardColumn } from "../../src/taskpane/report-model/table-cards";
import { createOfficeHost } from "../../src/taskpane/host/office-host";
import type { HostAdapter } from "../../src/taskpane/host/host-adapter";
import { executeRefresh } from "../../src/taskpane/reports/actions";
import { planRefresh } from "../../src/taskpane/reports/refresh-plan";
import { refreshTargets, reportRows } from "../../src/taskpane/reports/reports";
import { PreviewHost } from "../../src/preview/preview-host";
import { Workbook } from "../../src/preview/workbook";
import { parseCellAddress } from "../../src/table/a1";
import { fakeFetch, ok } from "../api/support/fake-fetch";
import { fixture } from "../api/support/fixtures";
import { StrictExcel, type StrictExcelOptions } from "../support/strict-excel";
import { dataTypesRefused, forgetDataTypeVerdict } from "../../src/table/data-type-support";

const SECRET = "0123456789abcdef0123456789abcdef";
const RESEARCH = fixture("product_research").data as { items: Record<string, unknown>[] };
/** A card's cell text: the title, cut at 100 characters. */
const cardText = (record: Record<string, unknown>) => String(record.title).slice(0, 100);

async function engineOverFixture(): Promise<{ engine: Engine; calls: () => number }> {
  const fake = fakeFetch(() => ok(RESEARCH));
  const engine = createEngine({ store: memoryStore(), fetch: fake.fetch, perMinute: 1000 });
  await engine.writeSettings({ secret: SECRET, baseUrl: "http://127.0.0.1:8787" });
  return { engine, calls: () => fake.calls.length };
}

interface CardHost {
  readonly host: HostAdapter;
  /** The data type a cell of Sheet1 holds, or undefined. */
  entity(address: string): { text: string; properties: Record<string, { basicValue?: unknown }> } | undefined;
  shows(address: string): unknown;
}

function officeHost(options: StrictExcelOptions): CardHost {
  return officeHostOver(new StrictExcel(options));
}

function officeHostOver(excel: StrictExcel): CardHost {
  const g = excel.globals();
  const host = createOfficeHost({
    run: excel.run as never,
    settings: () => g.Office.context.document.settings as never,
    requirements: () => g.Office.context.requirements as never,
    loadWithDocument: async () => undefined,
  });
  return {
    host,
    entity: (address) => excel.cell("Sheet1", address)?.entity as never,
    shows: (address) => excel.shows("Sheet1", address),
  };
}

function previewHost(): CardHost {
  const book = new Workbook({ isRegistered: () => false, invoke: () => Promise.reject() as never });
  const at = (address: string) => parseCellAddress(address)!;
  return {
    host: new PreviewHost(book, () => at("A1")),
    entity: (address) => book.display(at(address)).entity as never,
    shows: (address) => book.display(at(address)).value ?? "",
  };
}

const HOSTS: [string, () => CardHost][] = [
  ["Excel desktop", () => officeHost({ platform: "desktop" })],
  ["Excel on the web", () => officeHost({ platform: "web" })],
  ["preview", previewHost],
];

const QUERY = {
  code: "product_research" as const,
  params: { marketplace: "US" },
  fields: ["asin", "title", "price", "bsr"],
  cards: true,
};

test("the ASIN column is found by its name's last segment; a history has none", () => {
  expect(asinColumnOf("product_research", ["title", "asin"])).toBe("asin");
  expect(asinColumnOf("product_research", ["title"])).toBeUndefined();
  expect(asinColumnOf("traffic_source")).toBe("asinInfo.asin");
  expect(asinColumnOf("asin_detail_with_coupon_trend")).toBe("asin.asin");
  expect(asinColumnOf("keepa_info")).toBeUndefined();
});

test("cards follow each row's ASIN, from that ASIN's record; a row without one keeps its cell", () => {
  const a = RESEARCH.items[0];
  const b = { ...a, asin: "B0SECONDXX", title: "Second mat" };
  const table = withCardColumn(
    {
      header: ["title", "asin"],
      rows: [
        ["x", b.asin],
        ["y", ""],
        ["z", a.asin],
      ],
      formats: ["@", "@"],
    },
    "asin",
  );
  expect(table.header).toEqual(["title", "asin", "product"]);
  expect(table.rows[0]).toEqual(["x", b.asin, b.asin]);
  const found = cardsFor("asin", table.header, table.rows, [a, b], "US", "double")!;
  expect(found.index).toBe(2);
  expect(found.cards.map((c) => c && (c as unknown as { text: string }).text)).toEqual([
    cardText(b),
    null,
    cardText(a),
  ]);
});

describe.each(HOSTS)("Insert as table with product cards (%s)", (_name, make) => {
  it("writes a card per ASIN below the header, keeps it with the query, and writes them again on refresh", async () => {
    const { engine, calls } = await engineOverFixture();
    const { host, entity, shows } = make();
    await expect(host.dataTypeSupport()).resolves.toBe(true);
    const { table, cards } = await insertTable(engine, host, QUERY);
    expect(cards).toBe("written");
    // The cards sit in a product column beside the ASIN column, which stays text for formulas.
    expect([shows("A1"), shows("B1"), shows("C1")]).toEqual(["asin", "product", "title"]);
    const first = RESEARCH.items[0];
    expect(shows("A2")).toBe(first.asin);
    expect(entity("A2")).toBeUndefined();
    expect(entity("B2")).toMatchObject({
      text: cardText(first),
      properties: { ASIN: { basicValue: first.asin }, Price: { basicValue: first.price } },
    });
    expect(shows("C2")).toBe(first.title);
    expect(calls()).toBe(1);
    const listed = await host.listTables();
    expect(listed.find((t) => t.name === table.name)?.query?.cards).toBe("beside");

    const rows = reportRows([], [], listed);
    const plan = await planRefresh(engine, refreshTargets(rows), { remainingThisMonth: null });
    await executeRefresh(engine, host, plan, rows);
    expect(calls()).toBe(2);
    expect(entity("B2")).toMatchObject({ text: cardText(first) });
    expect(shows("A2")).toBe(first.asin);
  });
});

test("an Excel without ExcelApi 1.16 is not offered cards: the table keeps its ASINs as text", async () => {
  const { engine } = await engineOverFixture();
  const { host, entity, shows } = officeHost({ platform: "desktop", requirementSets: { ExcelApi: "1.15" } });
  await expect(host.dataTypeSupport()).resolves.toBe(false);
  const { cards } = await insertTable(engine, host, QUERY);
  expect(cards).toBe("unavailable");
  expect(entity("A2")).toBeUndefined();
  expect(shows("A2")).toBe(RESEARCH.items[0].asin);
});

describe("retail perpetual Office: it claims ExcelApi 1.16 and refuses valuesAsJson (office-js #4750, #3504)", () => {
  afterEach(() => forgetDataTypeVerdict());

  it("is not offered cards; a table asked for them is complete with plain ASINs, and its refresh succeeds", async () => {
    const { engine, calls } = await engineOverFixture();
    const { host, entity, shows } = officeHost({ platform: "desktop", license: "retailPerpetual" });
    await expect(host.dataTypeSupport()).resolves.toBe(false);
    // Both faces learn it: MAD.PRODUCT spills its labelled row here from now on.
    expect(dataTypesRefused()).toBe(true);
    const { table, cards } = await insertTable(engine, host, QUERY);
    expect(cards).toBe("unavailable");
    const first = RESEARCH.items[0];
    expect([shows("A2"), shows("B2"), shows("C2"), entity("B2")]).toEqual([
      first.asin,
      first.asin,
      first.title,
      undefined,
    ]);
    expect(table.rowCount).toBe(RESEARCH.items.length);

    const listed = await host.listTables();
    const rows = reportRows([], [], listed);
    const plan = await planRefresh(engine, refreshTargets(rows), { remainingThisMonth: null });
    const outcome = await executeRefresh(engine, host, plan, rows);
    expect(outcome.failures).toEqual({});
    expect(calls()).toBe(2);
    expect(shows("A2")).toBe(first.asin);
  });

  it("keeps the table when Excel refuses the card write itself (a build that reads valuesAsJson but refuses cards)", async () => {
    const { engine } = await engineOverFixture();
    const excel = new StrictExcel({ platform: "desktop" });
    excel.failWhen = (wire) => JSON.stringify(wire).includes('"prop":"valuesAsJson"');
    const { host, shows, entity } = officeHostOver(excel);
    const { cards } = await insertTable(engine, host, QUERY);
    expect(cards).toBe("unavailable");
    expect([shows("A2"), shows("B2"), entity("B2")]).toEqual([
      RESEARCH.items[0].asin,
      RESEARCH.items[0].asin,
      undefined,
    ]);
  });
});

describe.each([
  ["1.16", "FormattedNumber"],
  ["1.18", "FormattedNumber"],
  ["1.19", "Double"],
])("cards at ExcelApi %s: prices and dates carry their formats as a %s", (level, form) => {
  it.each(["desktop", "web"] as const)("%s", async (platform) => {
    const { engine } = await engineOverFixture();
    const { host, entity } = officeHost({ platform, requirementSets: { ExcelApi: level } });
    const { cards } = await insertTable(engine, host, QUERY);
    expect(cards).toBe("written");
    const price = (entity("B2")?.properties as Record<string, { type: string; numberFormat?: string }>).Price;
    expect(price).toMatchObject({ type: form, numberFormat: "$#,##0.00" });
  });
});
