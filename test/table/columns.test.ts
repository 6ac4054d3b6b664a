/**
 * One rule picks the columns of `fields`, for the formula and for the task pane's table insert: a column's name
 * or a name above it (a top-level field, an object) ignoring case, in pick order, each column once.
 */
import { operation } from "../../src/api/catalog";
import { parseFormulaArgs } from "../../src/formula/arguments";
import { pickColumns, recordColumns } from "../../src/table/columns";
import { selectColumns } from "../../src/taskpane/report-model/result-table";

const research = operation("product_research");
const names = (columns: readonly { name: string }[]) => columns.map((c) => c.name);
const formulaColumns = (fields: string) =>
  names(parseFormulaArgs(research, { market: "US", positional: [], fields }).columns);

test("the formula and the table insert pick the same columns for the same names", () => {
  const picks = [["asin", "price"], ["ASIN", "Price"], ["badge"], ["price", "asin", "price"], []];
  for (const fields of picks) {
    expect(names(selectColumns("product_research", fields))).toEqual(formulaColumns(fields.join(",")));
  }
});

test("a name above nested columns picks all of them, in the record's order, once", () => {
  const all = recordColumns(research);
  const badge = all.filter((c) => c.name.startsWith("badge."));
  expect(badge.length).toBeGreaterThan(1);
  expect(names(pickColumns(all, ["Badge", badge[0].name]).columns)).toEqual(names(badge));
});

test("names that pick nothing are reported, not dropped silently", () => {
  const { columns, unknown } = pickColumns(recordColumns(research), ["asin", "nonsense"]);
  expect(names(columns)).toEqual(["asin"]);
  expect(unknown).toEqual(["nonsense"]);
  expect(() => formulaColumns("asin,nonsense")).toThrow(/"nonsense" is not a column of MAD\./);
});
