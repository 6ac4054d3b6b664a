/**
 * "Insert as formula": the filter block and the formula, as golden text, and proof that they work: the formula's
 * arguments, resolved against the block as Excel would, parse (with the functions' own parser) back into the
 * same query, and editing a value in the block changes the query.
 */
import { operation, type OperationCode } from "../../src/api/catalog";
import { validateParams } from "../../src/api/validate";
import { parseFormulaArgs } from "../../src/formula/arguments";
import type { CellValue } from "../../src/taskpane/report-model/cells";
import { parseCell } from "../../src/table/a1";
import { buildFilterBlock, type FilterBlock } from "../../src/taskpane/builder/filter-block";

const NOW = new Date(Date.UTC(2025, 7, 14, 12));

/** The block as a sheet: A1-addressed cells, so formula arguments can be resolved like Excel does. */
function sheetOf(block: FilterBlock): Map<string, CellValue> {
  const top = parseCell(block.block.address);
  const cells = new Map<string, CellValue>();
  block.values.forEach((row, r) => row.forEach((v, c) => cells.set(`${top.col + c},${top.row + r}`, v)));
  return cells;
}

/** Resolves `$B$2`, `$A$4:$B$9` or `""` against the sheet: a scalar, or a 2D array for a range. */
function resolve(arg: string, cells: Map<string, CellValue>): unknown {
  if (arg === '""') return "";
  const [from, to] = arg.split(":").map((a) => parseCell(a.replace(/\$/g, "")));
  const at = (col: number, row: number) => cells.get(`${col},${row}`) ?? null;
  if (!to) return at(from.col, from.row);
  const rows: unknown[][] = [];
  for (let r = from.row; r <= to.row; r++) {
    const row: unknown[] = [];
    for (let c = from.col; c <= to.col; c++) row.push(at(c, r));
    rows.push(row);
  }
  return rows;
}

/** What a MAD function would query when Excel evaluates the block's formula. */
function evaluate(code: OperationCode, block: FilterBlock, cells = sheetOf(block)) {
  const args = /^=MAD\.[A-Z]+\((.*)\)$/
    .exec(block.formula)![1]
    .split(",")
    .map((a) => resolve(a, cells));
  const op = operation(code);
  const [market, ...rest] = args;
  const positional = rest.slice(0, op.positional.length);
  const [filters, fields, limit] = rest.slice(op.positional.length);
  return parseFormulaArgs(op, { market, positional, filters, fields, limit });
}

describe("product research with filters", () => {
  const params = validateParams(
    "product_research",
    {
      marketplace: "us",
      keyword: "yoga mat",
      minPrice: 10,
      maxPrice: 50,
      badgeBS: "Y",
      fulfillment: "FBA,FBM",
      nodeIdPaths: ["172282:281407"],
      nodeIdPathEqual: false,
      order: { field: "price", desc: true },
    },
    { now: NOW },
  );
  const block = buildFilterBlock("product_research", params, {
    fields: ["asin", "title", "price"],
    limit: 100,
    at: { sheet: "Sheet1", address: "B3" },
  });

  it("writes a labelled block and a formula two columns to its right (golden)", () => {
    expect(block.block).toEqual({ sheet: "Sheet1", address: "B3" });
    expect(block.values).toEqual([
      ["MAD filters — Product research", null],
      ["marketplace", "US"],
      ["keyword", "yoga mat"],
      ["nodeIdPaths", "172282:281407"],
      ["nodeIdPathEqual", false],
      ["badgeBS", "Y"],
      ["fulfillment", "FBA,FBM"],
      ["minPrice", 10],
      ["maxPrice", 50],
      ["order", "price desc"],
      ["fields", "asin,title,price"],
      ["limit", 100],
    ]);
    expect(block.formulaCell).toEqual({ sheet: "Sheet1", address: "E3" });
    expect(block.formula).toBe("=MAD.PRODUCTRESEARCH($C$4,$B$5:$C$12,$C$13,$C$14)");
    expect(block.filtersRange).toBe("$B$5:$C$12");
  });

  it("gives the functions back the same query", () => {
    const parsed = evaluate("product_research", block);
    expect(validateParams("product_research", parsed.params, { now: NOW })).toEqual(params);
    expect(parsed.columns.map((c) => c.name)).toEqual(["asin", "title", "price"]);
    expect(parsed.limit).toBe(100);
    expect(parsed.columns.map((c) => c.name)).toEqual(["asin", "title", "price"]);
  });

  it("follows an edit of a value in the block", () => {
    const cells = sheetOf(block);
    cells.set(`${parseCell("C11").col},${parseCell("C11").row}`, 25); // maxPrice 50 -> 25
    expect(evaluate("product_research", block, cells).params.maxPrice).toBe(25);
  });
});

describe("operations with required arguments", () => {
  it("references each positional argument in the block; lists comma-joined", () => {
    const params = validateParams(
      "keyword_order",
      { marketplace: "US", asins: ["B0DGVP84B5", "B0DGVP84B6"], reverseType: "M", date: "202507" },
      { now: NOW },
    );
    const block = buildFilterBlock("keyword_order", params, { at: { sheet: "Data", address: "A1" } });
    expect(block.values).toEqual([
      ["MAD filters — Order-word reverse lookup", null],
      ["marketplace", "US"],
      ["asins", "B0DGVP84B5,B0DGVP84B6"],
      ["reverseType", "M"],
      ["date", "202507"],
      ["fields", null],
      ["limit", null],
    ]);
    expect(block.formula).toBe("=MAD.ORDERWORDS($B$2,$B$3,$B$4,$A$5:$B$5,$B$6,$B$7)");
    const parsed = evaluate("keyword_order", block);
    expect(validateParams("keyword_order", parsed.params, { now: NOW })).toEqual(params);
    expect(parsed.limit).toBeUndefined();
  });

  it("passes empty filters when no optional parameter is set", () => {
    const params = validateParams(
      "market_research_statistics",
      { marketplace: "DE", nodeIdPath: "172282:281407" },
      { now: NOW },
    );
    const block = buildFilterBlock("market_research_statistics", params, { at: { sheet: "Sheet1", address: "A1" } });
    expect(block.filtersRange).toBeNull();
    expect(block.formula).toBe('=MAD.CATEGORYSTATS($B$2,$B$3,"",$B$4,$B$5)');
    expect(evaluate("market_research_statistics", block).params).toEqual({
      marketplace: "DE",
      nodeIdPath: "172282:281407",
    });
  });
});
