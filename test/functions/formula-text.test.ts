/**
 * What the task pane writes for "Insert as formula" reads back to the same query: a filter block round-trips
 * through `filters`, and the formula text has the arguments in the function's order.
 */
import { operation } from "../../src/api/catalog";
import { validateParams } from "../../src/api/validate";
import { parseFormulaArgs } from "../../src/functions/arguments";
import { filterBlock, formulaText } from "../../src/functions/formula-text";

test("a filter block reads back to the same validated parameters", () => {
  const params = {
    marketplace: "US",
    minPrice: 10,
    maxPrice: 80.5,
    fulfillment: "FBA,FBM",
    nodeIdPaths: ["172282:281407", "1055398:1063236"],
    nodeIdPathEqual: true,
    badgeBS: "Y",
    order: { field: "price", desc: false },
    page: 3,
    size: 100,
    returnFields: "asin",
  };
  const block = filterBlock("product_research", params, { headers: false });
  expect(block[0]).toEqual(["name", "value"]);
  expect(block).toContainEqual(["nodeIdPaths", "172282:281407, 1055398:1063236"]);
  expect(block).toContainEqual(["order", "price asc"]);
  expect(block.map((row) => row[0])).not.toEqual(
    expect.arrayContaining(["marketplace", "page", "size", "returnFields"]),
  );
  const parsed = parseFormulaArgs(operation("product_research"), { market: "US", positional: [], filters: block });
  expect(parsed.display.headers).toBe(false);
  const rest = Object.fromEntries(
    Object.entries(params).filter(([name]) => !["page", "size", "returnFields"].includes(name)),
  );
  expect(validateParams("product_research", parsed.params)).toEqual(validateParams("product_research", rest));
});

test("formula text: market, required arguments, then filters, fields and limit", () => {
  expect(
    formulaText("keyword_order", {
      market: "US",
      required: { asins: ["B07Z82895W", "B0DGVP84B5"], reverseType: "W" },
      filtersRef: "Sheet1!$H$2:$I$5",
      limit: 100,
    }),
  ).toBe('=MAD.ORDERWORDS("US", "B07Z82895W, B0DGVP84B5", "W", Sheet1!$H$2:$I$5, , 100)');
  expect(formulaText("traffic_source", { market: "UK", required: { q: 'say "hi"', month: 202507 } })).toBe(
    '=MAD.TRAFFICSOURCE("UK", "say ""hi""", 202507)',
  );
  expect(formulaText("product_research", { market: "US", fields: ["asin", "price"] })).toBe(
    '=MAD.PRODUCTRESEARCH("US", , "asin, price")',
  );
});
