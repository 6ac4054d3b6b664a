/**
 * A MAD function's result past what Excel takes from a function (5 MB; the cell would stay #BUSY! on the web,
 * office-js #2222, #2786) is refused with a #N/A that says what to ask for instead; results under the bound spill
 * as before. The estimate is the JSON the result travels as.
 */
import { configureRunner, runFormula } from "../../src/functions/runner";
import { FormulaRegistry } from "../../src/engine/formula-registry";
import { checkResultSize, resultBytes, SAFE_RESULT_BYTES } from "../../src/table/result-size";
import { fixture } from "../api/support/fixtures";

const item = (fixture("product_research").data as { items: Record<string, unknown>[] }).items[0];

/** An engine that answers product research with `count` records whose titles are `title`. */
function engineWith(count: number, title: string) {
  const rows = Array.from({ length: count }, (_, i) => ({
    ...item,
    asin: `B0SIZE${String(i).padStart(4, "0")}`,
    title,
  }));
  return {
    query: async () => ({
      operation: "product_research",
      rows,
      total: count,
      pages: 20,
      callsSpent: 20,
      fetchedAt: 0,
      fromCache: false,
    }),
    cacheKey: () => "size-test",
    readSettings: async () => ({ secret: null, baseUrl: "http://127.0.0.1:1" }),
  };
}

afterEach(() => configureRunner());

it("estimates a result's JSON in UTF-8 bytes, as it travels (CJK text weighs three bytes a character)", () => {
  const rows = [
    ["asin", "title"],
    ["B0", "瑜伽垫"],
    [12, true],
  ];
  expect(resultBytes(rows)).toBe(Buffer.byteLength(JSON.stringify(rows)));
});

it("checks against a bound first: numbers at their longest, the exact size only when the bound is over the line", () => {
  const extremes = [[-1.2345678901234567e-308, Number.MAX_SAFE_INTEGER, -0.1, 5e-324, 1, false, "x"]];
  expect(resultBytes(extremes, "atMost")).toBeGreaterThanOrEqual(resultBytes(extremes));
  // 200,000 small numbers: about 0.55 MB as written, but 5 MB counted at their longest: measured, and let through.
  const small = Array.from({ length: 5_000 }, () => Array.from({ length: 40 }, (_, i) => i));
  expect(resultBytes(small, "atMost")).toBeGreaterThan(SAFE_RESULT_BYTES);
  expect(() => checkResultSize(small)).not.toThrow();
  // The same count of long numbers is over the line either way.
  const long = small.map((row) => row.map((i) => 1.2345678901234567 + i));
  expect(() => checkResultSize(long)).toThrow(/more than Excel takes from a function/);
});

it("refuses 2,000 rows of long titles with #N/A saying to ask for fewer fields or rows, or to insert a table", async () => {
  configureRunner({
    engine: () => engineWith(2000, "Extra thick yoga mat ".repeat(100)) as never,
    registry: () => new FormulaRegistry(),
  });
  const failed = runFormula("product_research", { market: "US", positional: [], limit: 2000 });
  await expect(failed).rejects.toMatchObject({
    code: "#N/A",
    message: expect.stringMatching(
      /^This result is about \d+\.\d MB \(2,001 rows × \d+ columns\), more than Excel takes from a function \(5 MB\)\. Ask for fewer fields or a lower limit, or use Insert as table in the task pane\.$/,
    ),
  });
});

it("spills 2,000 rows of ordinary titles with every field", async () => {
  configureRunner({
    engine: () => engineWith(2000, "Yoga mat, 6 mm, non-slip") as never,
    registry: () => new FormulaRegistry(),
  });
  const cells = await runFormula("product_research", { market: "US", positional: [], limit: 2000 });
  expect(cells).toHaveLength(2001);
  expect(resultBytes(cells)).toBeLessThan(SAFE_RESULT_BYTES);
  expect(() => checkResultSize(cells)).not.toThrow();
});
