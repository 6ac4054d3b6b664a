/**
 * The grid's windowing: which rows and columns are in view (plus overscan), the DOM for just those with spacers
 * for the rest, and scrolling a cell into view under the sticky headers. Thousands of rows stay cheap because only
 * a screenful of cells exists at a time.
 */
import { t } from "../i18n/preview";
import { CellPosition, CellRange, columnLetters, positionKey } from "../table/a1";

/** Sizes in CSS pixels; preview.html's styles give rows and columns exactly these. */
export const ROW_HEIGHT = 22;
export const COLUMN_WIDTH = 96;
export const HEADER_HEIGHT = 22;
export const ROW_HEADER_WIDTH = 44;
/** Rows and columns rendered beyond the visible ones, so short scrolls show cells at once. */
const OVERSCAN_ROWS = 8;
const OVERSCAN_COLUMNS = 2;

export type Alignment = "nearest" | "start";

/** The block of cells the DOM holds: the rows and columns in view, plus overscan. */
export function visibleWindow(scroller: HTMLElement, rowCount: number, columnCount: number): CellRange {
  // Before layout (or in a hidden page) the size is 0: render a screenful anyway.
  const height = scroller.clientHeight || 40 * ROW_HEIGHT;
  const width = scroller.clientWidth || 16 * COLUMN_WIDTH;
  const clampRow = (row: number) => Math.min(Math.max(row, 0), rowCount - 1);
  const clampCol = (col: number) => Math.min(Math.max(col, 0), columnCount - 1);
  return {
    top: clampRow(Math.floor(scroller.scrollTop / ROW_HEIGHT) - OVERSCAN_ROWS),
    bottom: clampRow(Math.ceil((scroller.scrollTop + height) / ROW_HEIGHT) + OVERSCAN_ROWS),
    left: clampCol(Math.floor(scroller.scrollLeft / COLUMN_WIDTH) - OVERSCAN_COLUMNS),
    right: clampCol(Math.ceil((scroller.scrollLeft + width) / COLUMN_WIDTH) + OVERSCAN_COLUMNS),
  };
}

/** Scrolls the least needed (or, with "start", puts the cell at the top left) so the cell shows under the headers. */
export function scrollIntoView(scroller: HTMLElement, pos: CellPosition, align: Alignment): void {
  const top = pos.row * ROW_HEIGHT; // scrollTop that puts the row right under the sticky column headers
  const bottom = top + HEADER_HEIGHT + ROW_HEIGHT - scroller.clientHeight; // ... at the bottom edge
  if (align === "start" || scroller.scrollTop > top) scroller.scrollTop = top;
  else if (scroller.clientHeight > 0 && scroller.scrollTop < bottom) scroller.scrollTop = bottom;
  const left = pos.col * COLUMN_WIDTH;
  const right = left + ROW_HEADER_WIDTH + COLUMN_WIDTH - scroller.clientWidth;
  if (align === "start" || scroller.scrollLeft > left) scroller.scrollLeft = left;
  else if (scroller.clientWidth > 0 && scroller.scrollLeft < right) scroller.scrollLeft = right;
}

/** True when the whole cell shows, not under the sticky headers. */
export function isInView(scroller: HTMLElement, pos: CellPosition): boolean {
  const top = HEADER_HEIGHT + pos.row * ROW_HEIGHT;
  const left = ROW_HEADER_WIDTH + pos.col * COLUMN_WIDTH;
  return (
    top >= scroller.scrollTop + HEADER_HEIGHT &&
    top + ROW_HEIGHT <= scroller.scrollTop + scroller.clientHeight &&
    left >= scroller.scrollLeft + ROW_HEADER_WIDTH &&
    left + COLUMN_WIDTH <= scroller.scrollLeft + scroller.clientWidth
  );
}

/**
 * Replaces the table's header and body with the rows and columns of `win` and spacers for the rest; returns the
 * rendered cells by position key (blank: the grid view paints them).
 */
export function buildWindow(
  table: HTMLTableElement,
  win: CellRange,
  rowCount: number,
  columnCount: number,
): Map<string, HTMLTableCellElement> {
  const cells = new Map<string, HTMLTableCellElement>();
  const head = document.createElement("tr");
  head.setAttribute("role", "row");
  head.setAttribute("aria-rowindex", "1");
  const corner = document.createElement("th");
  corner.className = "corner";
  corner.setAttribute("role", "columnheader");
  corner.setAttribute("aria-label", t("grid.rowNumbers"));
  head.append(corner);
  const spacer = (tag: "th" | "td", columns: number): HTMLTableCellElement => {
    const element = document.createElement(tag);
    element.className = "spacer";
    element.setAttribute("aria-hidden", "true");
    element.setAttribute("role", "presentation");
    if (tag === "th") element.style.width = `${columns * COLUMN_WIDTH}px`;
    return element;
  };
  const before = win.left;
  const after = columnCount - 1 - win.right;
  if (before > 0) head.append(spacer("th", before));
  for (let col = win.left; col <= win.right; col++) {
    const th = document.createElement("th");
    th.textContent = columnLetters(col);
    th.setAttribute("role", "columnheader");
    th.setAttribute("aria-colindex", String(col + 2));
    th.scope = "col";
    head.append(th);
  }
  if (after > 0) head.append(spacer("th", after));
  table.tHead!.replaceChildren(head);

  const spacerRow = (rows: number): HTMLTableRowElement => {
    const tr = document.createElement("tr");
    tr.className = "spacer";
    tr.setAttribute("aria-hidden", "true");
    tr.setAttribute("role", "presentation");
    tr.style.height = `${rows * ROW_HEIGHT}px`;
    const td = document.createElement("td");
    td.colSpan = 1 + (before > 0 ? 1 : 0) + (win.right - win.left + 1) + (after > 0 ? 1 : 0);
    tr.append(td);
    return tr;
  };
  const rows: HTMLTableRowElement[] = [];
  if (win.top > 0) rows.push(spacerRow(win.top));
  for (let row = win.top; row <= win.bottom; row++) {
    const tr = document.createElement("tr");
    tr.setAttribute("role", "row");
    tr.setAttribute("aria-rowindex", String(row + 2));
    const th = document.createElement("th");
    th.textContent = String(row + 1);
    th.setAttribute("role", "rowheader");
    th.setAttribute("aria-colindex", "1");
    th.scope = "row";
    tr.append(th);
    if (before > 0) tr.append(spacer("td", before));
    for (let col = win.left; col <= win.right; col++) {
      const td = document.createElement("td");
      td.setAttribute("role", "gridcell");
      td.setAttribute("aria-colindex", String(col + 2));
      td.tabIndex = -1;
      td.dataset.row = String(row);
      td.dataset.col = String(col);
      tr.append(td);
      cells.set(positionKey({ row, col }), td);
    }
    if (after > 0) tr.append(spacer("td", after));
    rows.push(tr);
  }
  if (win.bottom < rowCount - 1) rows.push(spacerRow(rowCount - 1 - win.bottom));
  table.tBodies[0].replaceChildren(...rows);
  return cells;
}
