/** The preview grid's keys, as Excel has them, and the name box's addresses. */
import { gridKeyAction, nameBoxTarget, type GridKey } from "../../src/preview/grid-keys";

const bounds = { rowCount: 100, columnCount: 10, pageRows: 20, lastUsedCell: () => ({ row: 41, col: 6 }) };
const key = (k: string, mods: Partial<GridKey> = {}): GridKey => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

test("arrows and PageDown move the selection, never past the sheet's last row", () => {
  expect(gridKeyAction(key("ArrowRight"), { row: 2, col: 3 }, bounds)).toEqual({
    kind: "select",
    target: { row: 2, col: 4 },
  });
  expect(gridKeyAction(key("PageDown"), { row: 90, col: 0 }, bounds)).toEqual({
    kind: "select",
    target: { row: 99, col: 0 },
  });
  expect(gridKeyAction(key("PageUp"), { row: 5, col: 1 }, bounds)).toEqual({
    kind: "select",
    target: { row: 0, col: 1 },
  });
});

test("Tab wraps to the next row and leaves the grid past the sheet's last cell (the keyboard is never trapped)", () => {
  expect(gridKeyAction(key("Tab"), { row: 0, col: 9 }, bounds)).toEqual({ kind: "select", target: { row: 1, col: 0 } });
  expect(gridKeyAction(key("Tab", { shiftKey: true }), { row: 1, col: 0 }, bounds)).toEqual({
    kind: "select",
    target: { row: 0, col: 9 },
  });
  expect(gridKeyAction(key("Tab"), { row: 99, col: 9 }, bounds)).toEqual({ kind: "none" });
  expect(gridKeyAction(key("Tab", { shiftKey: true }), { row: 0, col: 0 }, bounds)).toEqual({ kind: "none" });
});

test("Ctrl+Home, Ctrl+End, Ctrl+PageDown, typing, Enter and Delete do what they do in Excel", () => {
  expect(gridKeyAction(key("Home", { ctrlKey: true }), { row: 7, col: 7 }, bounds)).toEqual({
    kind: "select",
    target: { row: 0, col: 0 },
  });
  expect(gridKeyAction(key("End", { metaKey: true }), { row: 0, col: 0 }, bounds)).toEqual({
    kind: "select",
    target: { row: 41, col: 6 },
  });
  expect(gridKeyAction(key("End"), { row: 0, col: 0 }, bounds)).toEqual({ kind: "none" });
  expect(gridKeyAction(key("PageUp", { ctrlKey: true }), { row: 0, col: 0 }, bounds)).toEqual({
    kind: "sheet",
    step: -1,
  });
  expect(gridKeyAction(key("y"), { row: 0, col: 0 }, bounds)).toEqual({ kind: "edit", replacement: "y" });
  expect(gridKeyAction(key("c", { ctrlKey: true }), { row: 0, col: 0 }, bounds)).toEqual({ kind: "none" });
  expect(gridKeyAction(key("F2"), { row: 0, col: 0 }, bounds)).toEqual({ kind: "edit" });
  expect(gridKeyAction(key("Delete"), { row: 0, col: 0 }, bounds)).toEqual({ kind: "clear" });
});

test("the name box reads a cell, or a cell on a named sheet (quoted or not)", () => {
  expect(nameBoxTarget("B3")).toEqual({ sheetName: undefined, cell: { row: 2, col: 1 } });
  expect(nameBoxTarget("Market 1!B3")).toEqual({ sheetName: "Market 1", cell: { row: 2, col: 1 } });
  expect(nameBoxTarget("'Bob''s sheet'!A1")).toEqual({ sheetName: "Bob's sheet", cell: { row: 0, col: 0 } });
  expect(nameBoxTarget("nowhere").cell).toBeUndefined();
});

test("Ctrl+Shift+F5 opens the selected data type's card, as in Excel", () => {
  expect(gridKeyAction(key("F5", { ctrlKey: true, shiftKey: true }), { row: 0, col: 0 }, bounds)).toEqual({
    kind: "card",
  });
});
