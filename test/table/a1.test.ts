/**
 * One A1 module for both faces: the task pane reads the addresses Excel reports and writes blocks (absolute
 * references in formulas); the preview grid parses what the user types in the name box and formulas.
 */
import {
  blockAddress,
  cellAddress,
  columnIndex,
  columnLetters,
  parseCell,
  parseCellAddress,
  parseRangeAddress,
  rangeAddress,
} from "../../src/table/a1";

test("column letters and indexes are inverse, past Z and ZZ", () => {
  for (const [col, letters] of [
    [0, "A"],
    [25, "Z"],
    [26, "AA"],
    [701, "ZZ"],
    [702, "AAA"],
    [16383, "XFD"],
  ] as const) {
    expect(columnLetters(col)).toBe(letters);
    expect(columnIndex(letters)).toBe(col);
  }
});

test("addresses as Excel reports them: sheet-qualified, absolute, a range's top-left", () => {
  expect(parseCell("Sheet1!$C$4:D9")).toEqual({ row: 3, col: 2 });
  expect(parseCell("'My sheet'!AB12")).toEqual({ row: 11, col: 27 });
  expect(() => parseCell("nothing")).toThrow(/Not a cell address/);
});

test("typed addresses are strict: a cell or a range, else nothing", () => {
  expect(parseCellAddress(" $b$7 ")).toEqual({ row: 6, col: 1 });
  expect(parseCellAddress("A0")).toBeUndefined();
  expect(parseCellAddress("Sheet1!A1")).toBeUndefined();
  expect(parseRangeAddress("C5:A1")).toEqual({ top: 0, left: 0, bottom: 4, right: 2 });
  expect(parseRangeAddress("A1:B2:C3")).toBeUndefined();
});

test("blocks and ranges read back as the same cells, absolute when a formula needs it", () => {
  const top = { row: 3, col: 1 };
  expect(blockAddress(top, 4, 2, true)).toBe("$B$4:$C$7");
  expect(blockAddress(top, 1, 1)).toBe("B4");
  expect(cellAddress(top, true)).toBe("$B$4");
  const range = parseRangeAddress(blockAddress(top, 4, 2))!;
  expect(rangeAddress(range)).toBe("B4:C7");
});
