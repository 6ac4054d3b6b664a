/**
 * What the strict Excel stand-in learnt for issue 45, each rule as Microsoft documents it or a confirmed office-js
 * issue reports it (cited in test/support/strict-excel/): cell-edit mode and `delayForCellEdit`, calls cancelled and
 * made again when rows are inserted or on Ctrl+Alt+F9, whole-column and trimmed arguments, number format codes.
 */
import { StrictExcel } from "../support/strict-excel";
import { RichApiError } from "../support/strict-excel/errors";
import { numberFormatProblem } from "../support/strict-excel/number-format";

type Ctx = Excel.RequestContext;
const run = <T>(excel: StrictExcel, batch: (context: Ctx) => Promise<T>) => excel.run(batch as never) as Promise<T>;
const runDelayed = <T>(excel: StrictExcel, batch: (context: Ctx) => Promise<T>) =>
  excel.run({ delayForCellEdit: true }, batch as never) as Promise<T>;
const flush = () => new Promise((resolve) => setTimeout(resolve, 5));
const write = (excel: StrictExcel, address: string, values: unknown[][]) =>
  run(excel, async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange(address).values = values;
    await context.sync();
  });

describe.each(["desktop", "web"] as const)("the strict Excel stand-in (%s)", (platform) => {
  let excel: StrictExcel;
  beforeEach(() => {
    excel = new StrictExcel({ platform });
  });

  it("fails a batch while a cell is edited, and delays it with delayForCellEdit until the person leaves the cell", async () => {
    excel.editCell();
    await expect(write(excel, "A1", [["now"]])).rejects.toMatchObject({ code: "InvalidOperationInCellEditMode" });
    let done = false;
    const delayed = runDelayed(excel, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A2").values = [["later"]];
      await context.sync();
      done = true;
    });
    await flush();
    expect(done).toBe(false);
    expect(excel.shows("Sheet1", "A2")).toBe("");
    excel.leaveCellEdit();
    await delayed;
    expect(excel.shows("Sheet1", "A2")).toBe("later");
    await write(excel, "A1", [["now"]]);
    expect(excel.shows("Sheet1", "A1")).toBe("now");
  });

  it("cancels every running MAD call and calls again when sheet rows are inserted, and on Ctrl+Alt+F9", async () => {
    excel.type("Sheet1", "C1", '=MAD.PRODUCT("US","B07Z82895W")');
    await flush();
    const first = excel.manual.at("C1");
    await run(excel, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("1:1").insert("Down");
      await context.sync();
    });
    await flush();
    expect(first.cancelled).toBe(true);
    const again = excel.manual.at("C2"); // the formula moved down with its row
    expect(again).not.toBe(first);
    expect(again.args).toEqual(first.args);
    again.answer([["card"]]);
    await excel.idle();
    excel.calculateFull();
    await flush();
    expect(excel.manual.calls.filter((c) => c.address.endsWith("C2"))).toHaveLength(2);
  });

  it(`passes a whole column ${platform === "web" ? "as #CALC!, calling nothing" : "with every row of the sheet"}; trimmed references and TRIMRANGE as their used block`, async () => {
    await write(excel, "A1:A3", [["B07Z82895W"], ["B0DGVP84B5"], ["B0CX23V2ZK"]]);
    excel.type("Sheet1", "C1", '=MAD.PRODUCTS("US",A:A)');
    excel.type("Sheet1", "D1", '=MAD.PRODUCTS("US",A1:.A5000)');
    excel.type("Sheet1", "E1", '=MAD.PRODUCTS("US",TRIMRANGE(A:A))');
    excel.type("Sheet1", "F1", '=MAD.PRODUCTS("US",A:.A)');
    await flush();
    if (platform === "web") {
      expect(excel.cell("Sheet1", "C1")?.error).toBe("#CALC!");
      expect(excel.manual.calls.some((c) => c.address.endsWith("C1"))).toBe(false);
    } else {
      const rows = excel.manual.at("C1").args[1] as unknown[][];
      expect(rows).toHaveLength(1_048_576);
      expect(rows.slice(0, 4)).toEqual([["B07Z82895W"], ["B0DGVP84B5"], ["B0CX23V2ZK"], [0]]);
    }
    for (const address of ["D1", "E1", "F1"])
      expect(excel.manual.at(address).args[1]).toEqual([["B07Z82895W"], ["B0DGVP84B5"], ["B0CX23V2ZK"]]);
  });

  it("refuses a number format with unquoted text, as Range.numberFormat and as a formatted number", async () => {
    const format = (value: string) =>
      run(excel, async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").numberFormat = [[value]];
        await context.sync();
      });
    await expect(format("C$#,##0.00")).rejects.toBeInstanceOf(RichApiError);
    await expect(format("#,##0.00 AED")).rejects.toMatchObject({ code: "InvalidArgument" });
    expect(excel.cell("Sheet1", "A1")?.format ?? "General").toBe("General");
    await format('"C$"#,##0.00');
    expect(excel.cell("Sheet1", "A1")?.format).toBe('"C$"#,##0.00');
    const json = run(excel, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("B1").valuesAsJson = [
        [{ type: "FormattedNumber", basicValue: 3, numberFormat: "R$#,##0.00" } as never],
      ];
      await context.sync();
    });
    await expect(json).rejects.toMatchObject({ code: "InvalidArgument" });
  });
});

test("number format codes: the add-in's own and Excel's documented examples pass, unquoted text does not", () => {
  const valid = [
    "General",
    "@",
    "#,##0",
    "#,##0.00",
    "0.00%",
    "yyyy-mm-dd",
    "yyyy-mm-dd hh:mm",
    "[<10000]0;yyyy-mm-dd",
    "$#,##0.00",
    '"C$"#,##0.00',
    "[$AED] #,##0.00",
    "#,##0.00 €",
    "£#,##0.00",
    "¥#,##0",
    '[Blue]#,##0.00_);[Red](#,##0.00);0.00;"sales "@',
    '$0.00" Surplus";$-0.00" Shortage"',
    "0.00E+00",
    "# ?/4",
    "[h]:mm:ss",
    "h:mm AM/PM",
    "\\C$#,##0.00",
  ];
  for (const format of valid) expect([format, numberFormatProblem(format)]).toEqual([format, undefined]);
  const invalid = [
    "C$#,##0.00",
    "A$#,##0.00",
    "R$#,##0.00",
    "#,##0.00 AED",
    "₹#,##0.00",
    '"open',
    "0;0;0;0;0",
    "[Purple]0",
  ];
  for (const format of invalid) expect([format, numberFormatProblem(format)]).toEqual([format, expect.any(String)]);
});
