/**
 * What changed between two snapshots of a query, by the record's key (RECORD_KEYS, as the team relay's alerts and
 * history key rows): rows new and gone, and the numbers that changed in rows both hold, with their change as a
 * fraction (none from 0 or from a blank); a key twice is met by its occurrence, a blank key by the row's place.
 */
import { operation } from "../../src/api/catalog";
import { compareRows, KEY_SEPARATOR, keyColumnsOf, rowKey, type ComparedRows } from "../../src/table/row-changes";

type Row = Record<string, unknown>;
const side = (rows: Row[], keys: readonly string[]): ComparedRows<Row> => ({
  rows,
  key: (row) => rowKey(keys, (column) => row[column]),
  value: (row, field) => row[field],
});

test("rows are keyed by their record's key columns, joined when one is not enough", () => {
  expect(keyColumnsOf(operation("competitor_lookup"))).toEqual(["asin"]);
  expect(keyColumnsOf(operation("keyword_research"))).toEqual(["keywords"]);
  expect(rowKey(["asin", "keyword"], (c) => ({ asin: "B01", keyword: "mat" })[c])).toBe(`B01${KEY_SEPARATOR}mat`);
  expect(rowKey(["asin"], () => "")).toBe("");
  expect(rowKey([], () => "B01")).toBe("");
});

test("new, changed (numbers only, in the fields' order) and gone, in that order", () => {
  const before = [
    { asin: "B01", price: 10, bsr: 5, title: "Mat" },
    { asin: "B02", price: 0, bsr: 7, title: "Block" },
    { asin: "B03", price: 30, bsr: 9, title: "Strap" },
  ];
  const after = [
    { asin: "B04", price: 40, bsr: 1, title: "Towel" },
    { asin: "B01", price: 12.5, bsr: 5, title: "Mat, renamed" },
    { asin: "B02", price: 3, bsr: null, title: "Block" },
  ];
  expect(compareRows(side(before, ["asin"]), side(after, ["asin"]), ["price", "bsr"])).toEqual([
    { key: "B04", change: "new", field: null, before: null, after: null, changePct: null },
    { key: "B01", change: "changed", field: "price", before: 10, after: 12.5, changePct: 0.25 },
    { key: "B02", change: "changed", field: "price", before: 0, after: 3, changePct: null },
    { key: "B02", change: "changed", field: "bsr", before: 7, after: null, changePct: null },
    { key: "B03", change: "gone", field: null, before: null, after: null, changePct: null },
  ]);
});

test("a key shown twice meets its own occurrence; rows without a key are compared by their place", () => {
  const twice = compareRows(
    side(
      [
        { k: "a", n: 1 },
        { k: "a", n: 2 },
      ],
      ["k"],
    ),
    side(
      [
        { k: "a", n: 1 },
        { k: "a", n: 3 },
      ],
      ["k"],
    ),
    ["n"],
  );
  expect(twice).toEqual([{ key: "a", change: "changed", field: "n", before: 2, after: 3, changePct: 0.5 }]);
  const unkeyed = compareRows(side([{ n: 1 }, { n: 2 }], []), side([{ n: 1 }], []), ["n"]);
  expect(unkeyed).toEqual([{ key: "#2", change: "gone", field: null, before: null, after: null, changePct: null }]);
});

test("text where a number was is no change of numbers", () => {
  expect(compareRows(side([{ k: "a", n: 1 }], ["k"]), side([{ k: "a", n: "n/a" }], ["k"]), ["n"])).toEqual([]);
});
