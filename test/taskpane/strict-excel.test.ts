/**
 * The strict Excel stand-in's own rules (test/support/strict-excel), each as Microsoft documents it or a confirmed
 * office-js issue reports it: if the stand-in let one of these slip, the host tests built on it would prove nothing.
 */
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
