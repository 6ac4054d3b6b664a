import { parseCellAddress } from "../../src/table/a1";
import type { ArgumentValue, FunctionInvoker, FunctionOutcome, PendingCall } from "../../src/preview/cell-types";
import { toOutcome } from "../../src/preview/function-runtime";
import { Workbook } from "../../src/preview/workbook";

interface Call {
  name: string;
  args: readonly ArgumentValue[];
  address: string;
  parameterAddresses?: readonly (string | null)[];
  canceled: boolean;
  settle(result: unknown): void;
}

/** Records calls and lets each test decide when and how they settle. */
class FakeInvoker implements FunctionInvoker {
  calls: Call[] = [];
  isRegistered(name: string): boolean {
    return name.startsWith("MAD.");
  }
  invoke(
    name: string,
    args: readonly ArgumentValue[],
    address: string,
    parameterAddresses?: readonly (string | null)[],
  ): PendingCall {
    let resolve!: (o: FunctionOutcome) => void;
    const outcome = new Promise<FunctionOutcome>((r) => (resolve = r));
    const call: Call = {
      name,
      args,
      address,
      parameterAddresses,
      canceled: false,
      settle: (result) => resolve(toOutcome(result)),
    };
    this.calls.push(call);
    return { outcome, cancel: () => (call.canceled = true) };
  }
}

const at = (address: string) => parseCellAddress(address)!;
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  const invoker = new FakeInvoker();
  const book = new Workbook(invoker, 30, 10);
  const show = (address: string) => book.display(at(address));
  return { invoker, book, show };
}

describe("Workbook", () => {
  it("hands each argument's address (as Excel's parameterAddresses) and reruns a reader of a recalculated formula", async () => {
    const { invoker, book } = setup();
    book.setInput(at("B2"), '=MAD.KEYWORDTRENDS("US","yoga mat")');
    invoker.calls[0].settle([["month"], ["2024-01"]]);
    await flush();
    book.setInput(at("E1"), '=MAD.ASOF(B2,"x")');
    expect(invoker.calls[1]).toMatchObject({ args: ["month", "x"], parameterAddresses: ["Sheet1!B2", null] });
    invoker.calls[1].settle([[45000]]);
    await flush();
    book.recalculate([at("B2")]);
    invoker.calls[2].settle([["month"], ["2024-02"]]);
    await flush();
    // The header it reads did not change, yet the formula that fills it ran again: its reader runs again too.
    expect(invoker.calls.map((c) => c.name)).toEqual([
      "MAD.KEYWORDTRENDS",
      "MAD.ASOF",
      "MAD.KEYWORDTRENDS",
      "MAD.ASOF",
    ]);
  });

  it("shows #BUSY! while pending, then spills the result below and right", async () => {
    const { invoker, book, show } = setup();
    book.setInput(at("B2"), '=MAD.KEYWORDTRENDS("US","yoga mat")');
    expect(show("B2").text).toBe("#BUSY!");
    expect(invoker.calls).toHaveLength(1);
    expect(invoker.calls[0]).toMatchObject({ args: ["US", "yoga mat"], address: "Sheet1!B2" });
    invoker.calls[0].settle([
      ["month", "searches"],
      ["2024-01", 1200],
    ]);
    await flush();
    expect([show("B2").text, show("C2").text, show("B3").text, show("C3").text]).toEqual([
      "month",
      "searches",
      "2024-01",
      "1200",
    ]);
    expect(book.spillRange(at("B2"))).toEqual({ top: 1, left: 1, bottom: 2, right: 2 });
  });

  it("shows #SPILL! when the area holds a value and spills once it is cleared, without calling again", async () => {
    const { invoker, book, show } = setup();
    book.setInput(at("A3"), "in the way");
    book.setInput(at("A1"), '=MAD.X("a")');
    invoker.calls[0].settle([[1], [2], [3]]);
    await flush();
    expect(show("A1").error).toMatchObject({ code: "#SPILL!", message: expect.stringContaining("A3") });
    book.setInput(at("A3"), "");
    expect(show("A3").text).toBe("3");
    expect(invoker.calls).toHaveLength(1);
  });

  it("recalculates when a referenced cell changes and cancels the outdated call", async () => {
    const { invoker, book, show } = setup();
    book.setInput(at("A1"), "limit");
    book.setInput(at("B1"), "5");
    book.setInput(at("D1"), "=MAD.X(A1:B1)");
    expect(invoker.calls[0].args).toEqual([[["limit", 5]]]);
    book.setInput(at("B1"), "7");
    expect(invoker.calls[0].canceled).toBe(true);
    expect(invoker.calls[1].args).toEqual([[["limit", 7]]]);
    invoker.calls[0].settle([["stale"]]);
    invoker.calls[1].settle([["fresh"]]);
    await flush();
    expect(show("D1").text).toBe("fresh");
  });

  it("waits for a referenced spill instead of calling with blanks, then follows its changes", async () => {
    const { invoker, book, show } = setup();
    book.setInput(at("A1"), '=MAD.SOURCE("x")');
    invoker.calls[0].settle([["k"], ["yoga"]]);
    await flush();
    book.setInput(at("C1"), "=MAD.USE(A2)");
    expect(invoker.calls[1].args).toEqual(["yoga"]);
    invoker.calls[1].settle([["used yoga"]]);
    await flush();
    book.recalculate([at("A1")]);
    expect(show("C1").text).toBe("#BUSY!");
    expect(invoker.calls).toHaveLength(3);
    invoker.calls[2].settle([["k"], ["mat"]]);
    await flush();
    expect(invoker.calls).toHaveLength(4);
    expect(invoker.calls[3].args).toEqual(["mat"]);
  });

  it("passes an argument's error on without calling, and reports circular references", async () => {
    const { invoker, book, show } = setup();
    book.setInput(at("A1"), '=MAD.X("bad")');
    invoker.calls[0].settle([[{ code: "#VALUE!", message: "market must be a marketplace code" }]]);
    await flush();
    book.setInput(at("B1"), "=MAD.Y(A1)");
    expect(show("B1").error).toEqual({
      code: "#VALUE!",
      message: "A1 shows #VALUE!: market must be a marketplace code",
    });
    expect(invoker.calls).toHaveLength(1);
    book.setInput(at("C1"), "=MAD.Z(C1)");
    expect(show("C1").error?.message).toMatch(/Circular reference/);
    expect(invoker.calls).toHaveLength(1);
  });

  it("shows #NAME? for unknown functions and formulas outside the preview's scope", () => {
    const { book, show } = setup();
    book.setInput(at("A1"), "=SUM(B1:B3)");
    expect(show("A1").error?.code).toBe("#NAME?");
    book.setInput(at("A2"), "=MAD.X(1+2)");
    expect(show("A2").error).toMatchObject({ code: "#NAME?", message: expect.stringContaining("not supported") });
  });

  it("passes an array constant as Excel does, rows of cells with no address, beside a reference's value", () => {
    const { invoker, book } = setup();
    book.setInput(at("A1"), "US");
    book.setInput(at("B2"), '=MAD.PRODUCTS(A1,{"B0A","B0B";"B0C",7},{"headers","labels"})');
    expect(invoker.calls[0]).toMatchObject({
      args: [
        "US",
        [
          ["B0A", "B0B"],
          ["B0C", 7],
        ],
        [["headers", "labels"]],
      ],
      parameterAddresses: ["Sheet1!A1", null, null],
    });
  });

  it("keeps written text as text, even when it looks like a formula", () => {
    const { invoker, book, show } = setup();
    book.setValues(at("A1"), [['=HYPERLINK("x")', 3]], ["@", "#,##0.00"]);
    expect(show("A1").text).toBe('=HYPERLINK("x")');
    expect(show("B1").text).toBe("3.00");
    expect(book.inputText(at("A1"))).toBe('\'=HYPERLINK("x")');
    expect(invoker.calls).toHaveLength(0);
  });

  it("knows the last cell in use (Ctrl+End), spilled results included", async () => {
    const { invoker, book } = setup();
    expect(book.lastUsedCell()).toEqual(at("A1"));
    book.setInput(at("B7"), "x");
    book.setInput(at("D2"), '=MAD.TRENDS("US")');
    invoker.calls[0].settle([
      ["a", "b"],
      [1, 2],
    ]);
    await flush();
    expect(book.lastUsedCell()).toEqual(at("E7"));
    book.setInput(at("B7"), "");
    expect(book.lastUsedCell()).toEqual(at("E3"));
  });
});

describe("Workbook with several sheets", () => {
  it("starts with Sheet1 active and adds sheets with unique names, without activating them", () => {
    const { book } = setup();
    expect(book.sheets().map((s) => s.name)).toEqual(["Sheet1"]);
    const report = book.addSheet("Market 172282");
    const again = book.addSheet("market 172282");
    expect(book.sheets().map((s) => s.name)).toEqual(["Sheet1", "Market 172282", "market 172282 (2)"]);
    expect(new Set([report.id, again.id, book.sheets()[0].id]).size).toBe(3);
    expect(book.activeSheet().name).toBe("Sheet1");
    book.activate("MARKET 172282");
    expect(book.activeSheet()).toBe(report);
    expect(() => book.activate("Nope")).toThrow(/no sheet named "Nope" \(its sheets: Sheet1, Market 172282/);
  });

  it("keeps each sheet's cells, spills and #SPILL! apart, and calls with the sheet in the address", async () => {
    const { invoker, book } = setup();
    book.addSheet("Report");
    book.setInput(at("A3"), "in the way on Sheet1");
    book.setInput(at("A1"), '=MAD.X("a")', "Report");
    book.setInput(at("A1"), '=MAD.X("b")', "Sheet1");
    expect(invoker.calls.map((c) => c.address)).toEqual(["Report!A1", "Sheet1!A1"]);
    invoker.calls[0].settle([[1], [2], [3]]);
    invoker.calls[1].settle([[1], [2], [3]]);
    await flush();
    expect(book.display(at("A3"), "Report").text).toBe("3");
    expect(book.spillRange(at("A1"), "Report")).toEqual({ top: 0, left: 0, bottom: 2, right: 0 });
    expect(book.display(at("A1"), "Sheet1").error?.code).toBe("#SPILL!");
    expect(book.display(at("A1")).error?.code).toBe("#SPILL!"); // the active sheet: Sheet1
    expect(book.formulaCells().map((f) => [f.sheet, f.text])).toEqual([
      ["Report", '=MAD.X("a")'],
      ["Sheet1", '=MAD.X("b")'],
    ]);
  });

  it("recalculates a report's formula when its input cell on that sheet is edited", async () => {
    const { invoker, book } = setup();
    const report = book.addSheet("Keyword yoga mat");
    book.setValues(at("B2"), [["US"], ["yoga mat"]], ["@"], report.name);
    book.setInput(at("A6"), "=MAD.KEYWORDTRENDS($B$2,$B$3)", report.name);
    expect(invoker.calls[0]).toMatchObject({ args: ["US", "yoga mat"], address: "'Keyword yoga mat'!A6" });
    invoker.calls[0].settle([["month"], ["2024-01"]]);
    await flush();
    book.setInput(at("B3"), "yoga block", report.name);
    expect(invoker.calls[0].canceled).toBe(false);
    expect(invoker.calls[1].args).toEqual(["US", "yoga block"]);
    expect(book.display(at("A6"), report.name).text).toBe("#BUSY!");
    // Sheet1 has its own B3: editing it changes nothing on the report.
    book.setInput(at("B3"), "elsewhere", "Sheet1");
    expect(invoker.calls).toHaveLength(2);
  });

  it("keeps what is typed into a text-formatted cell as text (a category path, a number)", () => {
    const { book } = setup();
    book.setValues(at("B4"), [["172282:281407"]], ["@"]);
    book.setInput(at("B4"), "12345");
    expect(book.display(at("B4")).value).toBe("12345");
    book.setInput(at("B4"), "=MAD.X(A1)");
    expect(book.display(at("B4"))).toMatchObject({ value: "=MAD.X(A1)", text: "=MAD.X(A1)" });
  });

  it("reads references to other sheets, and says #REF! until the sheet exists", async () => {
    const { invoker, book, show } = setup();
    book.setInput(at("A1"), "=MAD.Y('Market 1'!B2)");
    expect(show("A1").error).toEqual({
      code: "#REF!",
      message: `'MARKET 1'!B2: the workbook has no sheet "Market 1".`,
    });
    expect(invoker.calls).toHaveLength(0);
    const market = book.addSheet("Market 1");
    expect(invoker.calls.map((call) => call.args)).toEqual([[null]]); // a blank cell, as in Excel
    book.setValues(at("B2"), [["US"]], undefined, market.name);
    book.setValues(at("B2"), [["DE"]], undefined, market.name);
    expect(invoker.calls.map((call) => call.args)).toEqual([[null], ["US"], ["DE"]]);
    expect(invoker.calls.map((call) => call.canceled)).toEqual([true, true, false]);
  });

  it("finds circular references across sheets and calls neither formula", () => {
    const { invoker, book } = setup();
    book.addSheet("Other");
    book.setInput(at("A1"), "=MAD.X(Other!A1)", "Sheet1");
    book.setInput(at("A1"), "=MAD.Y(Sheet1!A1)", "Other");
    expect(book.display(at("A1"), "Sheet1").error?.message).toMatch(/Circular reference/);
    expect(book.display(at("A1"), "Other").error?.message).toMatch(/Circular reference/);
    expect(invoker.calls.filter((call) => !call.canceled)).toHaveLength(0);
  });
});

describe("Workbook with data types", () => {
  const card = {
    type: "Entity",
    text: "Yoga Mat",
    properties: {
      Title: { type: "String", basicValue: "Yoga Mat" },
      Price: { type: "Double", basicValue: 24.99, numberFormat: "$#,##0.00" },
      "Monthly units": { type: "Double", basicValue: 1520, numberFormat: "#,##0" },
      Image: { type: "WebImage", address: "https://example.com/a.jpg", altText: "Yoga Mat" },
    },
  };

  it("shows an entity's text and keeps the entity for its card", async () => {
    const { invoker, book, show } = setup();
    book.setInput(at("A2"), '=MAD.PRODUCT("US","B0TESTASIN")');
    invoker.calls[0].settle([[card]]);
    await flush();
    expect(show("A2")).toMatchObject({ text: "Yoga Mat", value: "Yoga Mat", entity: { type: "Entity" } });
  });

  it("passes a card to a function as itself, as Excel passes a data type to an `any` parameter", async () => {
    const { invoker, book } = setup();
    book.setInput(at("A2"), '=MAD.PRODUCT("US","B0TESTASIN")');
    invoker.calls[0].settle([[card]]);
    await flush();
    book.setInput(at("C2"), '=MAD.SALESTREND("US",A2)');
    await flush();
    expect(invoker.calls[1].args).toEqual(["US", card]);
  });

  it("reads a field with =A2.Price and =A2.[Monthly units], formatted, without a call, and follows the card", async () => {
    const { invoker, book, show } = setup();
    book.setInput(at("B2"), "=A2.Price");
    book.setInput(at("C2"), "=A2.[Monthly units]");
    book.setInput(at("D2"), "=A2.Colour");
    expect(show("B2").error?.code).toBe("#VALUE!");
    book.setInput(at("A2"), '=MAD.PRODUCT("US","B0TESTASIN")');
    expect(show("B2").text).toBe("#BUSY!");
    invoker.calls[0].settle([[card]]);
    await flush();
    expect([show("B2").text, show("B2").value, show("C2").text, show("D2").error?.code]).toEqual([
      "$24.99",
      24.99,
      "1,520",
      "#FIELD!",
    ]);
    expect(invoker.calls).toHaveLength(1);
    book.setInput(at("A2"), "plain text");
    expect(show("B2").error?.code).toBe("#VALUE!");
  });

  it("passes on the error of the cell it reads", () => {
    const { book, show } = setup();
    book.setInput(at("A1"), "=OTHER.FN()");
    book.setInput(at("B1"), "=A1.Price");
    expect(show("A1").error?.code).toBe("#NAME?");
    expect(show("B1").error?.code).toBe("#NAME?");
  });
});
