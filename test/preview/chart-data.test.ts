import { parseCellAddress } from "../../src/table/a1";
import type { FunctionInvoker, FunctionOutcome } from "../../src/preview/cell-types";
import { chartData, chartSummary } from "../../src/preview/chart-data";
import { toOutcome } from "../../src/preview/function-runtime";
import { Workbook } from "../../src/preview/workbook";
import type { ChartSpec } from "../../src/taskpane/report-model/chart-spec";

const at = (address: string) => parseCellAddress(address)!;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Each call waits until the test settles it. */
function setup() {
  const settle: ((rows: unknown) => void)[] = [];
  const invoker: FunctionInvoker = {
    isRegistered: () => true,
    invoke: () => {
      let resolve!: (outcome: FunctionOutcome) => void;
      const outcome = new Promise<FunctionOutcome>((r) => (resolve = r));
      settle.push((rows) => resolve(toOutcome(rows)));
      return { outcome, cancel: () => undefined };
    },
  };
  const book = new Workbook(invoker, 40, 10);
  return { book, settle, sheet: book.activeSheet() };
}

const BRANDS: ChartSpec = {
  kind: "bar",
  title: "Brand share",
  categories: { cell: "B2", column: 0 },
  series: [{ name: "Share", values: { cell: "B2", column: 2 } }],
  categoryAxisTitle: "Brand",
  valueAxisTitle: "Share of sales",
  anchor: "H2",
  maxPoints: 3,
};

describe("chartData", () => {
  it("says the chart is calculating while its formula is busy", () => {
    const { book, sheet } = setup();
    book.setInput(at("B2"), '=MAD.BRANDS("US")');
    expect(chartData(sheet, BRANDS)).toEqual({ status: "calculating" });
    expect(chartSummary(BRANDS, chartData(sheet, BRANDS))).toBe("Brand share: calculating.");
  });

  it("reads the categories and values below the header, the first maxPoints rows, with gaps for text", async () => {
    const { book, sheet, settle } = setup();
    book.setInput(at("B2"), '=MAD.BRANDS("US")');
    settle[0]([
      ["brand", "sales", "share"],
      ["Gaiam", 900, 0.4],
      ["Manduka", 700, "n/a"],
      ["Liforme", 300, 0.1],
      ["Other", 100, 0.05],
    ]);
    await flush();
    const data = chartData(sheet, BRANDS);
    expect(data).toEqual({
      status: "ready",
      labels: ["Gaiam", "Manduka", "Liforme"],
      series: [{ name: "Share", values: [0.4, null, 0.1] }],
    });
    expect(chartSummary(BRANDS, data)).toBe(
      "Brand share, Brand by Share of sales. Share: Gaiam 0.4, Manduka no value, Liforme 0.1.",
    );
  });

  it("follows the spill when the formula's results change size, and explains errors", async () => {
    const { book, sheet, settle } = setup();
    book.setInput(at("A1"), "US");
    book.setInput(at("B2"), "=MAD.BRANDS(A1)");
    settle[0]([
      ["brand", "sales", "share"],
      ["Gaiam", 900, 0.4],
    ]);
    await flush();
    expect(chartData(sheet, { ...BRANDS, maxPoints: undefined })).toMatchObject({ labels: ["Gaiam"] });
    book.setInput(at("A1"), "DE");
    settle[1]([[{ code: "#N/A", message: "No brands for this market." }]]);
    await flush();
    expect(chartData(sheet, BRANDS)).toEqual({
      status: "unavailable",
      message: "B2 shows #N/A: No brands for this market.",
    });
    const wide = { ...BRANDS, series: [{ name: "Units", values: { cell: "B2", column: 5 } }] };
    book.setInput(at("A1"), "UK");
    settle[2]([
      ["brand", "sales", "share"],
      ["Gaiam", 900, 0.4],
    ]);
    await flush();
    expect(chartData(sheet, wide)).toEqual({
      status: "unavailable",
      message: "The results in B2 have 3 columns; the chart reads column 6.",
    });
  });
});
