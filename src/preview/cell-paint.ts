/**
 * How one rendered cell looks and reads: its classes (number, error, spill outline), its accessible name (the
 * address, then what it shows), its tooltip and its error description; and the status line under the grid.
 */
import { t } from "../i18n/preview";
import { cellAddress, rangeAddress, type CellPosition, type CellRange } from "../table/a1";
import type { DisplayCell } from "./sheet";

export function cellClasses(shown: DisplayCell, spill: CellRange | undefined, pos: CellPosition): string {
  const classes = ["cell"];
  if (shown.error) classes.push("is-error");
  else if (typeof shown.value === "number") classes.push("is-number");
  else if (typeof shown.value === "boolean") classes.push("is-boolean");
  if (shown.style) classes.push(shown.style);
  if (spill) {
    classes.push("in-spill");
    if (pos.row === spill.top) classes.push("spill-top");
    if (pos.row === spill.bottom) classes.push("spill-bottom");
    if (pos.col === spill.left) classes.push("spill-left");
    if (pos.col === spill.right) classes.push("spill-right");
  }
  return classes.join(" ");
}

/** Paints one cell; `descriptions` holds the error descriptions its aria-describedby points at. */
export function paintCell(
  td: HTMLTableCellElement,
  cell: { pos: CellPosition; shown: DisplayCell; classes: string; isSelected: boolean },
  descriptions: HTMLElement,
): void {
  const { pos, shown, classes, isSelected } = cell;
  const address = cellAddress(pos);
  td.textContent = shown.text;
  td.className = classes;
  // The name starts with the address (how people and tests find a cell) and goes on with what it shows.
  td.setAttribute("aria-label", shown.text ? `${address} ${shown.text}` : address);
  td.tabIndex = isSelected ? 0 : -1;
  if (isSelected) td.setAttribute("aria-selected", "true");
  else td.removeAttribute("aria-selected");
  const descriptionId = `describe-${address}`;
  let description = document.getElementById(descriptionId);
  if (shown.error) {
    td.title = shown.error.message;
    if (!description) {
      description = document.createElement("span");
      description.id = descriptionId;
      descriptions.append(description);
    }
    description.textContent = shown.error.message;
    td.setAttribute("aria-describedby", descriptionId);
  } else {
    // Long text is cut off at the cell's edge; the tooltip shows all of it.
    if (shown.text.length > 12) td.title = shown.text;
    else td.removeAttribute("title");
    td.removeAttribute("aria-describedby");
    description?.remove();
  }
}

/** The status line: the selected cell's error or spill, and the formulas still calculating; else "Ready". */
export function statusText(selected: CellPosition, shown: DisplayCell, spill: CellRange | undefined, pending: number) {
  const address = cellAddress(selected);
  const parts: string[] = [];
  if (shown.error) parts.push(t("status.error", { address, code: shown.error.code, message: shown.error.message }));
  else if (spill && shown.anchor) {
    parts.push(t("status.spill", { address, range: rangeAddress(spill), anchor: cellAddress(shown.anchor) }));
  }
  if (pending > 0) parts.push(t("status.calculating", { count: pending }));
  return parts.join(" · ") || t("status.ready");
}
