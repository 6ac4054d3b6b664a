/**
 * What a key pressed in the grid does, as Excel does it: arrows, Tab (wrapping, leaving the grid past the sheet's
 * ends so the keyboard is never trapped), Home, Ctrl+Home, Ctrl+End, PageUp/PageDown by a screenful,
 * Ctrl+PageUp/PageDown to the previous or next sheet, Enter/F2 to edit, Delete to clear, and typing to replace.
 * Pure: the grid view applies the action.
 */
import { parseCellAddress, type CellPosition } from "../table/a1";

export interface GridKey {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

export interface GridBounds {
  readonly rowCount: number;
  readonly columnCount: number;
  /** Rows fully in view: how far PageUp/PageDown move. */
  readonly pageRows: number;
  readonly lastUsedCell: () => CellPosition;
}

export type GridKeyAction =
  | { readonly kind: "select"; readonly target: CellPosition }
  | { readonly kind: "sheet"; readonly step: 1 | -1 }
  | { readonly kind: "edit"; readonly replacement?: string }
  | { readonly kind: "clear" }
  /** Ctrl+Shift+F5: open the selected data type's card, as in Excel. */
  | { readonly kind: "card" }
  /** Not the grid's key (or Tab past the sheet's ends): the browser handles it. */
  | { readonly kind: "none" };

/** Tab moves right and wraps to the next row's first cell; Shift+Tab the other way. Undefined past the ends. */
export function tabTarget(
  selected: CellPosition,
  backwards: boolean,
  bounds: Pick<GridBounds, "rowCount" | "columnCount">,
): CellPosition | undefined {
  const { row, col } = selected;
  const lastCol = bounds.columnCount - 1;
  if (backwards) {
    if (col > 0) return { row, col: col - 1 };
    return row > 0 ? { row: row - 1, col: lastCol } : undefined;
  }
  if (col < lastCol) return { row, col: col + 1 };
  return row < bounds.rowCount - 1 ? { row: row + 1, col: 0 } : undefined;
}

function moveTarget(event: GridKey, selected: CellPosition, bounds: GridBounds): CellPosition | undefined {
  const { row, col } = selected;
  const control = event.ctrlKey || event.metaKey;
  switch (event.key) {
    case "ArrowUp":
      return { row: row - 1, col };
    case "ArrowDown":
      return { row: row + 1, col };
    case "ArrowLeft":
      return { row, col: col - 1 };
    case "ArrowRight":
      return { row, col: col + 1 };
    case "Tab":
      return tabTarget(selected, event.shiftKey, bounds);
    case "Home":
      return control ? { row: 0, col: 0 } : { row, col: 0 };
    case "End":
      return control ? bounds.lastUsedCell() : undefined;
    case "PageDown":
      return { row: Math.min(row + bounds.pageRows, bounds.rowCount - 1), col };
    case "PageUp":
      return { row: Math.max(row - bounds.pageRows, 0), col };
    default:
      return undefined;
  }
}

export function gridKeyAction(event: GridKey, selected: CellPosition, bounds: GridBounds): GridKeyAction {
  const control = event.ctrlKey || event.metaKey;
  if (control && (event.key === "PageDown" || event.key === "PageUp"))
    return { kind: "sheet", step: event.key === "PageDown" ? 1 : -1 };
  if (control && event.shiftKey && event.key === "F5") return { kind: "card" };
  const target = moveTarget(event, selected, bounds);
  if (target) {
    const row = Math.min(target.row, bounds.rowCount - 1);
    const col = Math.min(target.col, bounds.columnCount - 1);
    return { kind: "select", target: { row, col } };
  }
  if (event.key === "Tab") return { kind: "none" };
  if (event.key === "Enter" || event.key === "F2") return { kind: "edit" };
  if (event.key === "Delete" || event.key === "Backspace") return { kind: "clear" };
  // Typing into a cell replaces its content, as in Excel.
  if (event.key.length === 1 && !control && !event.altKey) return { kind: "edit", replacement: event.key };
  return { kind: "none" };
}

/** Where the name box's text points: `B3`, or `Market 1!B3` / `'Market 1'!B3` on another sheet. */
export function nameBoxTarget(text: string): { sheetName: string | undefined; cell: CellPosition | undefined } {
  const bang = text.lastIndexOf("!");
  const sheetName =
    bang < 0
      ? undefined
      : text
          .slice(0, bang)
          .replace(/^'(.*)'$/, "$1")
          .replace(/''/g, "'");
  return { sheetName, cell: parseCellAddress(text.slice(bang + 1)) };
}
