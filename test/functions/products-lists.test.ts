/**
 * MAD.PRODUCTS over the lists Excel really passes (issue 45): a whole column is every row of the sheet on desktop and
 * #CALC! on the web (the strict stand-in, test/support/strict-excel/references.ts), so trailing blanks are dropped
 * before the 2,000-value limit; a row whose ASIN is unknown, malformed or failed carries an error value in its first
 * cell (a CustomFunctions.Error in the matrix), which the stand-in and the preview's runtime show as #N/A / #VALUE!.
 * The real wrapper and runner over the engine and the fake service; the stand-in's cells answered with its result.
 */
import { shim } from "./helpers/install-shim";
import { ShimCellError } from "./helpers/custom-functions-shim";
import "../../src/functions/generated/functions";
import { FormulaRegistry } from "../../src/engine/formula-registry";
import { configureRunner } from "../../src/functions/runner";
import { toOutcome } from "../../src/preview/function-runtime";
import { StrictExcel } from "../support/strict-excel";
import { VirtualClock } from "../support/virtual-clock";
import { setup } from "../engine/setup";

const ASINS = ["B000000001", "B000000002", "B000000003"];
const UNKNOWN = "B0ZZZZ0001";
const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeEach(() => {
  configureRunner();
  const { engine } = setup({ clock: new VirtualClock() });
  configureRunner({ engine: () => engine, registry: () => new FormulaRegistry(), entities: () => null });
});
afterAll(() => {
  configureRunner();
  shim.uninstall();
});

/** Every declared argument, as Excel passes them (a trailing one left out as null: `headers`). */
const products = (asins: unknown) => shim.invoke("PRODUCTS", ["US", asins, "asin, title", null]).outcome;

test("a whole column as desktop passes it (1,048,576 rows, blanks as 0) gives a row per ASIN above its last one", async () => {
  const column: unknown[][] = Array.from({ length: 1_048_576 }, () => [0]);
  ASINS.forEach((asin, i) => (column[i] = [asin]));
  const { value, error } = await products(column);
  expect(error).toBeUndefined();
  expect(value!.map((row) => row[0])).toEqual(["asin", ...ASINS]);
  // The limit counts values: 2,001 of them is still refused, wherever the column ends.
  Array.from({ length: 2_001 }, (_, i) => (column[i] = [`B0${String(i).padStart(8, "0")}`]));
  expect((await products(column)).error).toMatchObject({ code: "#VALUE!", message: expect.stringMatching(/2000/) });
});

test("unknown, malformed and failed ASINs: an error value in the row's first cell, the rest blank", async () => {
  const { value } = await products([["B000000001"], [UNKNOWN], ["not-an-asin"], [null], ["B000000002"]]);
  const [, found, unknown, malformed, blank, other] = value!;
  expect(found[0]).toBe("B000000001");
  expect(unknown[0]).toBeInstanceOf(ShimCellError);
  expect(unknown[0]).toMatchObject({ code: "#N/A", message: expect.stringContaining(UNKNOWN) });
  expect(unknown.slice(1)).toEqual([""]);
  expect(malformed[0]).toMatchObject({ code: "#VALUE!", message: expect.stringContaining("not-an-asin") });
  expect(blank).toEqual(["", ""]);
  expect(other[0]).toBe("B000000002");
  // The preview's runtime shows them as error cells with their messages.
  const shown = toOutcome(value);
  expect(shown.kind === "rows" && shown.rows.map((row) => row[0].error?.code)).toEqual([
    undefined,
    undefined,
    "#N/A",
    "#VALUE!",
    undefined,
    undefined,
  ]);
});

test("headers: labels heads the columns in words, names or TRUE with their names, FALSE with none (issue 46)", async () => {
  const listed = [["B000000001"], [UNKNOWN], [null]];
  const headed = (headers: unknown) => shim.invoke("PRODUCTS", ["US", listed, "asin, price", headers]).outcome;
  const labelled = (await headed("labels")).value!;
  expect(labelled[0]).toEqual(["Product id", "Price"]);
  for (const headers of ["names", true, null]) expect((await headed(headers)).value![0]).toEqual(["asin", "price"]);
  // No header row: each listed value's row is still its own, the unknown one's error in its first cell.
  const bare = (await headed(false)).value!;
  expect(bare).toHaveLength(2);
  expect(bare[0][0]).toBe("B000000001");
  expect(bare[1][0]).toMatchObject({ code: "#N/A" });
  expect((await headed("words")).error).toMatchObject({
    code: "#VALUE!",
    message: expect.stringContaining('expected TRUE, FALSE, labels or names (got "words")'),
  });
});

describe.each(["desktop", "web"] as const)("in the strict stand-in (%s)", (platform) => {
  /** The stand-in's call of a cell answered with what the real function returns for those arguments. */
  async function calculate(excel: StrictExcel, address: string): Promise<void> {
    await flush();
    const call = excel.manual.calls.find((c) => c.address.endsWith(`!${address}`));
    if (!call) return; // Excel called nothing (#CALC!)
    const args = [...call.args, null, null].slice(0, 4);
    const { value, error } = await shim.invoke("PRODUCTS", args).outcome;
    if (error) call.fail(error.code, error.message ?? "");
    else call.answer(value);
    await excel.idle();
  }

  test("A:A, A1:.A5000 and TRIMRANGE(A:A) over a column of ASINs with an unknown one", async () => {
    const excel = new StrictExcel({ platform });
    excel.seed(
      "Sheet1",
      [...ASINS, UNKNOWN].map((asin, row) => [row, 0, asin]),
    );
    excel.type("Sheet1", "C1", '=MAD.PRODUCTS("US",A:A,"asin, title")');
    excel.type("Sheet1", "F1", '=MAD.PRODUCTS("US",A1:.A5000,"asin, title")');
    excel.type("Sheet1", "I1", '=MAD.PRODUCTS("US",TRIMRANGE(A:A),"asin, title")');
    for (const address of ["C1", "F1", "I1"]) await calculate(excel, address);
    if (platform === "web") expect(excel.cell("Sheet1", "C1")?.error).toBe("#CALC!");
    for (const [anchor, column] of (platform === "web"
      ? [
          ["F1", "F"],
          ["I1", "I"],
        ]
      : [
          ["C1", "C"],
          ["F1", "F"],
          ["I1", "I"],
        ]) as [string, string][]) {
      expect([anchor, excel.shows("Sheet1", `${column}2`), excel.shows("Sheet1", `${column}4`)]).toEqual([
        anchor,
        ASINS[0],
        ASINS[2],
      ]);
      expect(excel.cell("Sheet1", `${column}5`)).toMatchObject({ error: "#N/A", value: "#N/A" });
      expect(excel.shows("Sheet1", `${column}6`)).toBe(""); // nothing below the list
    }
  });
});
