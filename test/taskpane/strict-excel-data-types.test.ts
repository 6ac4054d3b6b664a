/**
 * The strict Excel stand-in's rules for data types, tables and opening a workbook, each behind the mode its source
 * describes (test/support/strict-excel/data-types.ts, sheet.ts, index.ts): retail perpetual Office (office-js #4750,
 * #3504), number formats by ExcelApi level (DoubleCellValue 1.19, FormattedNumberCellValue 1.16), the web's entity
 * validation (#5794, WebImageCellValue), data types passed to `any` parameters, tables that never overlap (#1199),
 * and the startup behaviour with its first-open rule (run-code-on-document-open, #3558). If the stand-in let one of
 * these slip, the add-in's tests built on it would prove nothing.
 */
import { FunctionRegistry } from "../../src/preview/stand-ins";
import { FunctionRuntime } from "../../src/preview/function-runtime";
import { StrictExcel, type StrictExcelOptions } from "../support/strict-excel";

type Ctx = Excel.RequestContext;
const run = <T>(excel: StrictExcel, batch: (context: Ctx) => Promise<T>) => excel.run(batch as never) as Promise<T>;
const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

/** An entity in Microsoft's shape (Excel.EntityCellValue), with a formatted price, a date and an image. */
function entity(patch: { layout?: string; image?: string; sectionProperties?: string[] } = {}) {
  return {
    type: "Entity",
    text: "Yoga Mat",
    properties: {
      ASIN: { type: "String", basicValue: "B0TESTASIN" },
      Price: { type: "Double", basicValue: 24.99, numberFormat: "$#,##0.00" },
      "Listed on": { type: "FormattedNumber", basicValue: 45123, numberFormat: "yyyy-mm-dd" },
      Image: { type: "WebImage", address: patch.image ?? "https://m.media-amazon.com/images/I/x.jpg" },
    },
    layouts: {
      card: {
        title: { property: "ASIN" },
        sections: [{ layout: patch.layout ?? "List", properties: patch.sectionProperties ?? ["Price", "Listed on"] }],
      },
    },
  };
}

const writeJson = (excel: StrictExcel, address: string, cells: unknown[][]) =>
  run(excel, async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange(address).valuesAsJson = cells as Excel.CellValue[][];
    await context.sync();
  });

/** A function's entity result in a cell: what the cell shows. */
async function functionResult(options: StrictExcelOptions, result: unknown) {
  const excel = new StrictExcel(options);
  excel.type("Sheet1", "A1", '=MAD.PRODUCT("US","B0TESTASIN")');
  excel.type("Sheet1", "B1", '=MAD.SALESTREND("US","B0TESTASIN")');
  await flush();
  excel.manual.at("A1").answer([[result]]);
  excel.manual.at("B1").answer([["month", "units"]]);
  await excel.idle();
  return excel;
}

describe("retail perpetual Office: it claims the sets and refuses data types (office-js #4750, #3504)", () => {
  const RETAIL: StrictExcelOptions = { platform: "desktop", license: "retailPerpetual" };

  it("answers isSetSupported for ExcelApi 1.16 and CustomFunctionsRuntime 1.4 with true", () => {
    const sets = new StrictExcel(RETAIL).globals().Office.context.requirements;
    expect([sets.isSetSupported("ExcelApi", "1.16"), sets.isSetSupported("CustomFunctionsRuntime", "1.4")]).toEqual([
      true,
      true,
    ]);
    const fixed = new StrictExcel({ ...RETAIL, requirementSets: { CustomFunctionsRuntime: "1.3" } });
    expect(fixed.globals().Office.context.requirements.isSetSupported("CustomFunctionsRuntime", "1.4")).toBe(false);
  });

  it("fails writing and reading valuesAsJson with #4750's GeneralException, writing nothing", async () => {
    const excel = new StrictExcel(RETAIL);
    const refusal = { code: "GeneralException", message: "There was an internal error while processing the request." };
    await expect(writeJson(excel, "A1", [[entity()]])).rejects.toMatchObject(refusal);
    await expect(writeJson(excel, "A1", [[{ type: "String", basicValue: "x" }]])).rejects.toMatchObject(refusal);
    expect(excel.cell("Sheet1", "A1")).toBeUndefined();
    const read = run(excel, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").load("valuesAsJson");
      await context.sync();
    });
    await expect(read).rejects.toMatchObject(refusal);
  });

  it("shows #VALUE! for a function's data type, and a plain result as usual", async () => {
    const excel = await functionResult(RETAIL, entity());
    expect(excel.cell("Sheet1", "A1")).toMatchObject({ value: "#VALUE!", error: "#VALUE!" });
    expect(excel.shows("Sheet1", "B1")).toBe("month");
  });
});

describe("number formats in data types, by ExcelApi level (DoubleCellValue.numberFormat is 1.19)", () => {
  it.each([
    ["1.16", undefined],
    ["1.18", undefined],
    ["1.19", "$#,##0.00"],
    ["1.20", "$#,##0.00"],
  ])("at ExcelApi %s a Double keeps format %s; a FormattedNumber keeps its format from 1.16", async (level, kept) => {
    const excel = new StrictExcel({ requirementSets: { ExcelApi: level } });
    await writeJson(excel, "A1:B1", [[entity(), { type: "FormattedNumber", basicValue: 0.5, numberFormat: "0%" }]]);
    const card = excel.cell("Sheet1", "A1")?.entity as unknown as { properties: Record<string, object> };
    expect(card.properties.Price).toEqual({
      type: "Double",
      basicValue: 24.99,
      ...(kept ? { numberFormat: kept } : {}),
    });
    expect(card.properties["Listed on"]).toMatchObject({ numberFormat: "yyyy-mm-dd" });
    expect(excel.cell("Sheet1", "B1")).toMatchObject({ value: 0.5, format: "0%" });
    // The same rule for a function's result.
    const fromFunction = await functionResult({ requirementSets: { ExcelApi: level } }, entity());
    const returned = fromFunction.cell("Sheet1", "A1")?.entity as unknown as { properties: Record<string, object> };
    expect(returned.properties.Price).toEqual(card.properties.Price);
  });
});

describe("Excel on the web validates entity JSON that desktop takes (office-js #5794)", () => {
  const BAD: [string, ReturnType<typeof entity>, RegExp][] = [
    ["a TwoColumn section", entity({ layout: "TwoColumn" }), /property `layout` with an unexpected value "TwoColumn"/],
    ["an image over http", entity({ image: "http://example.com/x.jpg" }), /image address that is not https/],
    ["a section with no properties", entity({ sectionProperties: [] }), /section with no `properties`/],
  ];

  it.each(BAD)("refuses %s through valuesAsJson and from a function; desktop takes it", async (_what, bad, words) => {
    const web = new StrictExcel({ platform: "web" });
    await expect(writeJson(web, "A1:B1", [[entity(), bad]])).rejects.toMatchObject({
      code: "GeneralException",
      message: expect.stringMatching(words),
    });
    expect(web.cell("Sheet1", "A1")).toBeUndefined(); // the whole write refused, its good cell too
    const returned = await functionResult({ platform: "web" }, bad);
    expect(returned.cell("Sheet1", "A1")).toMatchObject({ value: "#VALUE!", error: "#VALUE!" });

    const desktop = new StrictExcel({ platform: "desktop" });
    await writeJson(desktop, "A1", [[bad]]);
    expect(desktop.cell("Sheet1", "A1")?.entity).toMatchObject({ text: "Yoga Mat" });
  });

  it("takes a valid entity on the web", async () => {
    const web = new StrictExcel({ platform: "web" });
    await writeJson(web, "A1", [[entity()]]);
    expect(web.cell("Sheet1", "A1")?.entity).toMatchObject({ text: "Yoga Mat" });
  });
});

describe("a data type passed to a custom function", () => {
  it("arrives as its JSON, alone or in a range, where the parameter is `any`", async () => {
    const excel = new StrictExcel();
    await writeJson(excel, "A1:A2", [[entity()], [entity()]]);
    excel.type("Sheet1", "C1", "=MAD.SALESTREND(A1)");
    excel.type("Sheet1", "C2", "=MAD.PRODUCTS(A1:A2)");
    await flush();
    expect(excel.manual.at("C1").args[0]).toMatchObject({ type: "Entity", text: "Yoga Mat" });
    expect(excel.manual.at("C2").args[0]).toEqual([
      [expect.objectContaining({ type: "Entity" })],
      [expect.objectContaining({ type: "Entity" })],
    ]);
  });

  it("reaches `any` as itself and gives a typed parameter #VALUE! without a call", async () => {
    const registry = new FunctionRegistry();
    const seen: unknown[] = [];
    registry.associate("ECHO", (value: unknown) => (seen.push(value), "called"));
    const runtime = new FunctionRuntime(registry, "MAD");
    const parameter = (type: string) => ({
      functions: [{ id: "ECHO", name: "ECHO", parameters: [{ name: "value", type }] }],
    });
    const card = entity() as never;
    runtime.setMetadata(parameter("any"));
    await expect(runtime.invoke("MAD.ECHO", [card], "Sheet1!A1").outcome).resolves.toMatchObject({ kind: "rows" });
    expect(seen).toEqual([card]);
    runtime.setMetadata(parameter("string"));
    await expect(runtime.invoke("MAD.ECHO", [card], "Sheet1!A1").outcome).resolves.toMatchObject({
      kind: "error",
      error: { code: "#VALUE!" },
    });
    expect(seen).toHaveLength(1);
  });
});

describe("tables never overlap (office-js #1199)", () => {
  it("refuses tables.add and Table.resize over another table with InvalidArgument", async () => {
    const excel = new StrictExcel();
    const overlap = { code: "InvalidArgument", message: "A table can't overlap another table." };
    await run(excel, async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.tables.add("A1:B3", true);
      sheet.tables.add("A6:B8", true);
      await context.sync();
    });
    const add = run(excel, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").tables.add("B2:C4", true);
      await context.sync();
    });
    await expect(add).rejects.toMatchObject(overlap);
    const grow = run(excel, async (context) => {
      context.workbook.tables.getItem("Table1").resize("A1:B7");
      await context.sync();
    });
    await expect(grow).rejects.toMatchObject(overlap);
    expect(excel.book.tables.map((t) => t.name)).toEqual(["Table1", "Table2"]);
  });
});

describe("opening the saved workbook (run-code-on-document-open, office-js #3558)", () => {
  it("runs nothing the first time; loads with Load; shows ADD-IN ERROR to someone without the add-in", async () => {
    const excel = new StrictExcel();
    const office = excel.globals().Office;
    expect(excel.open({ hasAddIn: true })).toBe("nothingRuns");
    await office.addin.setStartupBehavior("Load");
    await expect(office.addin.getStartupBehavior()).resolves.toBe("Load");
    expect(excel.open({ hasAddIn: true })).toBe("runtimeLoads");
    expect(excel.open({ hasAddIn: false })).toBe("addInError");
    await office.addin.setStartupBehavior("None");
    expect(excel.open({ hasAddIn: false })).toBe("nothingRuns");
  });
});
