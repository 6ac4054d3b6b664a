/**
 * The strict Excel stand-in's own rules (test/support/strict-excel), each as Microsoft documents it or a confirmed
 * office-js issue reports it: if the stand-in let one of these slip, the host tests built on it would prove nothing.
 */
import { productCard } from "../../src/table/product-card";
import { StrictExcel } from "../support/strict-excel";

type Ctx = Excel.RequestContext;
const run = <T>(excel: StrictExcel, batch: (context: Ctx) => Promise<T>) => excel.run(batch as never) as Promise<T>;
const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

describe.each(["desktop", "web"] as const)("the strict Excel stand-in (%s)", (platform) => {
  let excel: StrictExcel;
  beforeEach(() => {
    excel = new StrictExcel({ platform });
  });

  it("throws PropertyNotLoaded for a property read before load and sync, and queues writes until sync", async () => {
    await run(excel, async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      range.values = [["queued"]];
      expect(excel.shows("Sheet1", "A1")).toBe("");
      // The mistakes the linter warns about, made on purpose: the stand-in must refuse them as office.js does.
      /* eslint-disable office-addins/call-sync-before-read, office-addins/load-object-before-read, office-addins/call-sync-after-load */
      expect(() => range.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      range.load("values");
      expect(() => range.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      /* eslint-enable office-addins/call-sync-before-read, office-addins/load-object-before-read, office-addins/call-sync-after-load */
      await context.sync();
      expect(range.values).toEqual([["queued"]]);
    });
  });

  it("knows isNullObject only after a sync, and fails a batch at sync on a missing item", async () => {
    await run(excel, async (context) => {
      const missing = context.workbook.worksheets.getItemOrNullObject("Nope");
      // eslint-disable-next-line office-addins/call-sync-before-read -- the mistake the stand-in must refuse
      expect(() => missing.isNullObject).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      await context.sync();
      expect(missing.isNullObject).toBe(true);
      context.workbook.worksheets.getItem("Nope").getRange("A1").values = [["x"]];
      await expect(context.sync()).rejects.toMatchObject({ code: "ItemNotFound" });
    });
  });

  it(`${platform === "web" ? "refuses" : "records"} a sync whose request passes 5 MB`, async () => {
    const big = Array.from({ length: 2000 }, () => ["x".repeat(2600)]);
    const write = run(excel, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:A2000").values = big;
      await context.sync();
    });
    if (platform === "web") {
      await expect(write).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
      expect(excel.shows("Sheet1", "A1")).toBe("");
    } else {
      await write;
      expect(excel.oversized).toEqual([{ kind: "request", bytes: expect.any(Number) }]);
    }
  });

  it(`${platform === "desktop" ? "cannot" : "can"} read the range of a name over a spill (office-js #4321)`, async () => {
    excel.book.names.set("spilled", {
      name: "Spilled",
      formula: "=OFFSET('Sheet1'!$A$1,1,0,ROWS('Sheet1'!$A$1#)-1,1)",
    });
    const read = run(excel, async (context) => {
      const range = context.workbook.names.getItemOrNullObject("Spilled").getRangeOrNullObject();
      range.load("address");
      await context.sync();
      return range.isNullObject;
    });
    if (platform === "desktop") await expect(read).rejects.toMatchObject({ code: "InvalidOperation" });
    else expect(await read).toBe(true); // nothing spilled yet
  });

  it("makes a chart over blank cells with no series: getItemAt(0) fails", async () => {
    const failed = run(excel, async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      const chart = sheet.charts.add("Line", sheet.getRange("B2:B11"), "Columns");
      chart.series.getItemAt(0).name = "first";
      await context.sync();
    });
    await expect(failed).rejects.toMatchObject({ code: "ItemNotFound", message: /requested resource doesn't exist/ });
    expect(excel.charts("Sheet1")).toEqual([expect.objectContaining({ series: [] })]);
  });

  it("passes a blank cell to a custom function as this build does, and spills its answer later, then onCalculated", async () => {
    const calculated: string[] = [];
    await run(excel, async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.onCalculated.add(async (event) => void calculated.push(event.worksheetId));
      sheet.getRange("C1").formulas = [["=MAD.KEYWORDTRENDS(A1,B1)"]];
      await context.sync();
    });
    expect(excel.shows("Sheet1", "C1")).toBe("#BUSY!");
    await flush();
    const call = excel.manual.at("C1");
    expect(call.args).toEqual(platform === "desktop" ? [0, 0] : [null, null]);
    call.answer([
      ["month", "searches"],
      [45000, 12],
      [45031, 14],
    ]);
    await excel.idle();
    expect([excel.shows("Sheet1", "C1"), excel.shows("Sheet1", "D3")]).toEqual(["month", 14]);
    expect(calculated).toHaveLength(1);
  });

  it("shows #SPILL! when the result's cells hold something, and records a write over a person's cell", async () => {
    excel.type("Sheet1", "C3", "my note");
    await run(excel, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("C1").formulas = [['=MAD.KEYWORDTRENDS("US","x")']];
      await context.sync();
    });
    await flush();
    excel.manual.at("C1").answer([["a"], [1], [2]]);
    await excel.idle();
    expect(excel.shows("Sheet1", "C1")).toBe("#SPILL!");
    expect(excel.overwrites).toEqual([]);
    await run(excel, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("C3").values = [["mine now"]];
      await context.sync();
    });
    expect(excel.overwrites).toEqual([
      { sheet: "Sheet1", address: "C3", before: "my note", after: "mine now", via: "values" },
    ]);
  });

  it("answers requirement sets up to the chosen version and fails an API past it with ApiNotFound", async () => {
    const old = new StrictExcel({ platform, requirementSets: { ExcelApi: "1.11" } });
    const { Office } = old.globals();
    expect(Office.context.requirements.isSetSupported("ExcelApi", "1.11")).toBe(true);
    expect(Office.context.requirements.isSetSupported("ExcelApi", "1.12")).toBe(false);
    const spill = run(old, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").getSpillingToRangeOrNullObject().load("address");
      await context.sync();
    });
    await expect(spill).rejects.toMatchObject({ code: "ApiNotFound" });
  });
});

/** A product's data type as MAD.PRODUCT builds it (src/table/product-card.ts), Microsoft's entity value shape. */
const CARD = productCard(
  {
    asin: "B0TESTASIN",
    marketplace: "US",
    title: "Yoga Mat",
    brand: "Acme",
    imageUrl: "https://m.media-amazon.com/images/I/x.jpg",
    url: "https://www.amazon.com/dp/B0TESTASIN",
    price: 24.99,
    bsr: 1520,
    category: "Sports & Outdoors",
    categoryPath: "Sports & Outdoors:Yoga",
    rating: 4.5,
    ratings: 812,
    monthlyUnits: 3100,
    monthlyRevenue: 77469,
    listedAt: null,
  },
  "double",
);

describe.each(["desktop", "web"] as const)("data types in the strict Excel stand-in (%s)", (platform) => {
  it("holds a function's entity value: the cell shows its text, values gives #VALUE!, valuesAsJson the entity", async () => {
    const excel = new StrictExcel({ platform });
    excel.type("Sheet1", "A1", '=MAD.PRODUCT("US","B0TESTASIN")');
    excel.type("Sheet1", "B1", "=A1.Price");
    excel.type("Sheet1", "C1", "=A1.[Monthly units]");
    excel.type("Sheet1", "D1", "=A1.Colour");
    await flush();
    expect(excel.shows("Sheet1", "B1")).toBe("#BUSY!");
    excel.manual.at("A1").answer([[CARD]]);
    await excel.idle();
    expect(excel.cell("Sheet1", "A1")).toMatchObject({
      value: "Yoga Mat",
      entity: { type: "Entity", text: "Yoga Mat" },
    });
    expect(["B1", "C1", "D1"].map((a) => excel.shows("Sheet1", a))).toEqual([24.99, 3100, "#FIELD!"]);
    await run(excel, async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
      // valuesAsJson is a scalar property (ExcelApi 1.16) the linter's list does not know yet.
      // eslint-disable-next-line office-addins/no-navigational-load
      range.load(["values", "valueTypes", "valuesAsJson"]);
      await context.sync();
      expect(range.values).toEqual([["#VALUE!", 24.99]]);
      expect(range.valueTypes).toEqual([["Error", "Double"]]);
      expect(range.valuesAsJson[0][0]).toMatchObject({ type: "Entity", text: "Yoga Mat", basicValue: "#VALUE!" });
      expect(range.valuesAsJson[0][1]).toEqual({ type: "Double", basicType: "Double", basicValue: 24.99 });
    });
    excel.type("Sheet1", "A1", "plain text");
    await excel.idle();
    expect(excel.shows("Sheet1", "B1")).toBe("#VALUE!");
    expect(excel.manual.calls).toHaveLength(1); // a field is read, never called
  });

  it("shows #VALUE! for an entity from a function where CustomFunctionsRuntime 1.4 is missing", async () => {
    const excel = new StrictExcel({ platform, requirementSets: { CustomFunctionsRuntime: "1.3" } });
    expect(excel.globals().Office.context.requirements.isSetSupported("CustomFunctionsRuntime", "1.4")).toBe(false);
    excel.type("Sheet1", "A1", '=MAD.PRODUCT("US","B0TESTASIN")');
    await flush();
    excel.manual.at("A1").answer([[CARD]]);
    await excel.idle();
    expect(excel.cell("Sheet1", "A1")).toMatchObject({ value: "#VALUE!", error: "#VALUE!" });
  });

  it("writes entities with valuesAsJson (ExcelApi 1.16), text as text, and refuses it on an older Excel", async () => {
    const excel = new StrictExcel({ platform });
    await run(excel, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1").valuesAsJson = [
        [CARD, { type: "String", basicValue: "=not a formula" }],
      ];
      await context.sync();
    });
    expect(excel.cell("Sheet1", "A1")).toMatchObject({ value: "Yoga Mat", entity: { text: "Yoga Mat" } });
    expect(excel.cell("Sheet1", "B1")).toEqual({ value: "=not a formula", format: "General" });

    const old = new StrictExcel({ platform, requirementSets: { ExcelApi: "1.15" } });
    const write = run(old, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").valuesAsJson = [[CARD]];
      await context.sync();
    });
    await expect(write).rejects.toMatchObject({ code: "ApiNotFound" });
    const read = run(old, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").load("valuesAsJson");
      await context.sync();
    });
    await expect(read).rejects.toMatchObject({ code: "ApiNotFound" });
  });
});
