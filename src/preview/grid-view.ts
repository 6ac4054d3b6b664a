/**
 * The grid and formula bar: a plain DOM table (role=grid) whose cells are named by their address and what they show
 * ("A1 yoga mat", or "A1" when blank), a formula bar labelled "Formula" that edits the selected cell, a name box
 * that jumps to a cell, and a status line that spells out the selected cell's error or spill.
 *
 * The sheet is large (thousands of rows), so only the cells in view plus a small overscan are in the DOM: spacer
 * rows and columns stand in for the rest, rows and cells carry aria-rowindex/aria-colindex, and the window is
 * rebuilt as the grid scrolls. Only changed cells are repainted on each render.
 */
import { CellPosition, cellAddress, parseCellAddress, positionKey, rangeAddress, rangeContains } from "../table/a1";
import {
  Alignment,
  buildWindow,
  HEADER_HEIGHT,
  isInView,
  RenderWindow,
  ROW_HEADER_WIDTH,
  ROW_HEIGHT,
  COLUMN_WIDTH,
  scrollIntoView,
  visibleWindow,
} from "./grid-window";
import type { DisplayCell, Sheet } from "./sheet";
import type { Workbook } from "./workbook";

export interface GridElements {
  readonly formulaInput: HTMLInputElement;
  /** Shows the selected cell's address; typing an address there and pressing Enter selects it. */
  readonly nameBox: HTMLInputElement;
  readonly table: HTMLTableElement;
  /** The scrolling container around the table: its scroll position decides which cells are rendered. */
  readonly scroller: HTMLElement;
  readonly status: HTMLElement;
  /** A hidden container for the cells' descriptions (aria-describedby targets). */
  readonly descriptions: HTMLElement;
}

export class GridView {
  private selected: CellPosition = { row: 0, col: 0 };
  /** The cell being edited in the formula bar, on the sheet it belongs to (the edit lands there on commit). */
  private editing: { pos: CellPosition; sheet: string; original: string } | undefined;
  /** The sheet the grid shows, and where each sheet's selection and scroll were left (as Excel keeps them). */
  private shownSheet: Sheet;
  private readonly sheetViews = new Map<Sheet, { selected: CellPosition; scrollTop: number; scrollLeft: number }>();
  private window: RenderWindow | undefined;
  private cellElements = new Map<string, HTMLTableCellElement>();
  private readonly rendered = new Map<string, string>();
  private scrollScheduled = false;

  constructor(
    private readonly workbook: Workbook,
    private readonly elements: GridElements,
  ) {
    this.shownSheet = workbook.activeSheet();
    this.buildTable();
    this.bindFormulaBar();
    this.bindNameBox();
    workbook.onChange(() => {
      if (workbook.activeSheet() !== this.shownSheet) this.showActiveSheet();
      this.scheduleRender();
    });
    elements.scroller.addEventListener("scroll", () => this.scheduleWindowUpdate());
    if (typeof ResizeObserver !== "undefined") {
      new ResizeObserver(() => this.scheduleWindowUpdate()).observe(elements.scroller);
    }
    this.select(this.selected, false);
  }

  selection(): CellPosition {
    return this.selected;
  }

  /** Selects a cell, scrolls it into view and (by default) focuses it. */
  select(pos: CellPosition, focus = true, align: Alignment = "nearest"): void {
    const row = Math.min(Math.max(pos.row, 0), this.workbook.rowCount - 1);
    const col = Math.min(Math.max(pos.col, 0), this.workbook.columnCount - 1);
    this.commitEdit();
    this.selected = { row, col };
    scrollIntoView(this.elements.scroller, this.selected, align);
    this.updateWindow();
    this.elements.nameBox.value = cellAddress(this.selected);
    this.elements.formulaInput.value = this.formulaBarText(this.selected);
    this.render();
    if (focus) this.focusSelected();
  }

  /** Focuses the selected cell (F6 into the grid), scrolling it into view first. */
  focusSelected(): void {
    scrollIntoView(this.elements.scroller, this.selected, "nearest");
    this.updateWindow();
    this.render();
    this.cellElements.get(positionKey(this.selected))?.focus({ preventScroll: true });
  }

  /** True when focus is in the grid itself (a cell, or the table while its selected cell is scrolled away). */
  hasFocus(): boolean {
    return this.elements.table.contains(document.activeElement);
  }

  /** Leaving the formula bar without typing must not count as entering the formula again (which recalculates). */
  leaveFormulaBar(): void {
    if (this.editing && this.elements.formulaInput.value === this.editing.original) this.editing = undefined;
  }

  /** A spilled cell shows its formula, as in Excel (editing it there would block the spill). */
  private formulaBarText(pos: CellPosition): string {
    const own = this.workbook.inputText(pos);
    const anchor = this.workbook.display(pos).anchor;
    return own || !anchor ? own : this.workbook.inputText(anchor);
  }

  private editOfSelected(): { pos: CellPosition; sheet: string; original: string } {
    return { pos: this.selected, sheet: this.shownSheet.name, original: this.workbook.inputText(this.selected) };
  }

  /** After another sheet was activated: keeps where this one was left, and shows the other where it was left. */
  private showActiveSheet(): void {
    const { scroller, table } = this.elements;
    const previous = this.shownSheet;
    this.sheetViews.set(previous, {
      selected: this.selected,
      scrollTop: scroller.scrollTop,
      scrollLeft: scroller.scrollLeft,
    });
    this.shownSheet = this.workbook.activeSheet();
    // An edit in progress belongs to the sheet it started on (editing keeps its name).
    this.commitEdit();
    table.setAttribute("aria-label", this.shownSheet.name);
    const view = this.sheetViews.get(this.shownSheet) ?? { selected: { row: 0, col: 0 }, scrollTop: 0, scrollLeft: 0 };
    scroller.scrollTop = view.scrollTop;
    scroller.scrollLeft = view.scrollLeft;
    this.rendered.clear();
    this.select(view.selected, false);
  }

  private buildTable(): void {
    const { table } = this.elements;
    table.setAttribute("role", "grid");
    table.setAttribute("aria-label", this.shownSheet.name);
    table.setAttribute("aria-rowcount", String(this.workbook.rowCount + 1));
    table.setAttribute("aria-colcount", String(this.workbook.columnCount + 1));
    // The table is always as wide as all its columns: spacers stand in for the columns not rendered.
    table.style.width = `${ROW_HEADER_WIDTH + this.workbook.columnCount * COLUMN_WIDTH}px`;
    // Focus lands on the table itself when the focused cell scrolls out of the DOM, so keys keep working.
    table.tabIndex = -1;
    table.createTHead();
    table.createTBody();
    table.addEventListener("mousedown", (event) => {
      const td = (event.target as HTMLElement).closest("td");
      if (!td || td.dataset.row === undefined) return;
      event.preventDefault();
      this.select({ row: Number(td.dataset.row), col: Number(td.dataset.col) });
    });
    table.addEventListener("dblclick", () => this.startEdit());
    table.addEventListener("keydown", (event) => this.onGridKey(event));
  }

  /** Rows fully in view: how far PageUp/PageDown move. */
  private pageRows(): number {
    const height = this.elements.scroller.clientHeight - HEADER_HEIGHT;
    return Math.max(1, Math.floor(height / ROW_HEIGHT) || 20);
  }

  private scheduleWindowUpdate(): void {
    if (this.scrollScheduled) return;
    this.scrollScheduled = true;
    requestAnimationFrame(() => {
      this.scrollScheduled = false;
      if (this.updateWindow()) this.render();
    });
  }

  /** Rebuilds the rendered rows and columns when the window moved; true when it did. */
  private updateWindow(): boolean {
    const next = visibleWindow(this.elements.scroller, this.workbook.rowCount, this.workbook.columnCount);
    const current = this.window;
    if (
      current &&
      current.top === next.top &&
      current.bottom === next.bottom &&
      current.left === next.left &&
      current.right === next.right
    ) {
      return false;
    }
    const hadFocus = this.hasFocus();
    this.window = next;
    this.rendered.clear();
    this.cellElements = buildWindow(this.elements.table, next, this.workbook.rowCount, this.workbook.columnCount);
    if (hadFocus) {
      const selectedCell = this.cellElements.get(positionKey(this.selected));
      (selectedCell ?? this.elements.table).focus({ preventScroll: true });
    }
    return true;
  }

  private onGridKey(event: KeyboardEvent): void {
    const { row, col } = this.selected;
    const lastRow = this.workbook.rowCount - 1;
    const lastCol = this.workbook.columnCount - 1;
    const control = event.ctrlKey || event.metaKey;
    if (control && (event.key === "PageDown" || event.key === "PageUp")) {
      // Ctrl+PageDown / Ctrl+PageUp: the next or previous sheet, as in Excel.
      this.workbook.activateNext(event.key === "PageDown" ? 1 : -1);
      this.focusSelected();
      event.preventDefault();
      return;
    }
    let target: CellPosition | undefined;
    switch (event.key) {
      case "ArrowUp":
        target = { row: row - 1, col };
        break;
      case "ArrowDown":
        target = { row: row + 1, col };
        break;
      case "ArrowLeft":
        target = { row, col: col - 1 };
        break;
      case "ArrowRight":
        target = { row, col: col + 1 };
        break;
      case "Tab":
        // Past the sheet's first or last cell Tab leaves the grid, so the keyboard is never trapped.
        target = this.tabTarget(event.shiftKey);
        if (!target) return;
        break;
      case "Home":
        target = control ? { row: 0, col: 0 } : { row, col: 0 };
        break;
      case "End":
        target = control ? this.workbook.lastUsedCell() : undefined;
        break;
      case "PageDown":
        target = { row: Math.min(row + this.pageRows(), lastRow), col };
        break;
      case "PageUp":
        target = { row: Math.max(row - this.pageRows(), 0), col };
        break;
    }
    if (target) {
      this.select({ row: Math.min(target.row, lastRow), col: Math.min(target.col, lastCol) });
    } else if (event.key === "Enter" || event.key === "F2") {
      this.startEdit();
    } else if (event.key === "Delete" || event.key === "Backspace") {
      this.workbook.setInput(this.selected, "");
      this.elements.formulaInput.value = this.formulaBarText(this.selected);
    } else if (event.key.length === 1 && !control && !event.altKey) {
      this.startEdit(event.key); // typing into a cell replaces its content, as in Excel
    } else {
      return;
    }
    event.preventDefault();
  }

  /** Tab moves right and wraps to the next row's first cell; Shift+Tab the other way. Undefined past the ends. */
  private tabTarget(backwards: boolean): CellPosition | undefined {
    const { row, col } = this.selected;
    const lastCol = this.workbook.columnCount - 1;
    if (backwards) {
      if (col > 0) return { row, col: col - 1 };
      return row > 0 ? { row: row - 1, col: lastCol } : undefined;
    }
    if (col < lastCol) return { row, col: col + 1 };
    return row < this.workbook.rowCount - 1 ? { row: row + 1, col: 0 } : undefined;
  }

  private startEdit(replacement?: string): void {
    const input = this.elements.formulaInput;
    this.editing = this.editOfSelected();
    if (replacement !== undefined) input.value = replacement;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }

  private bindFormulaBar(): void {
    const input = this.elements.formulaInput;
    input.addEventListener("focus", () => {
      this.editing ??= this.editOfSelected();
    });
    input.addEventListener("blur", () => this.commitEdit());
    input.addEventListener("keydown", (event) => {
      const { row, col } = this.selected;
      if (event.key === "Enter") this.select({ row: event.shiftKey ? row - 1 : row + 1, col });
      else if (event.key === "Tab") this.select(this.tabTarget(event.shiftKey) ?? this.selected);
      else if (event.key === "Escape") {
        this.editing = undefined;
        this.select(this.selected);
      } else return;
      event.preventDefault();
    });
  }

  private bindNameBox(): void {
    const box = this.elements.nameBox;
    box.addEventListener("keydown", (event) => {
      if (event.key === "Escape") box.value = cellAddress(this.selected);
      if (event.key !== "Enter") return;
      event.preventDefault();
      // `B3`, or `Market 1!B3` / `'Market 1'!B3` on another sheet.
      const bang = box.value.lastIndexOf("!");
      const sheetName = box.value
        .slice(0, Math.max(bang, 0))
        .replace(/^'(.*)'$/, "$1")
        .replace(/''/g, "'");
      const sheet = bang < 0 ? this.shownSheet : this.workbook.findSheet(sheetName);
      const target = parseCellAddress(box.value.slice(bang + 1));
      if (sheet && target && target.row < this.workbook.rowCount && target.col < this.workbook.columnCount) {
        this.workbook.activate(sheet.name);
        this.select(target, true, isInView(this.elements.scroller, target) ? "nearest" : "start");
      } else
        this.elements.status.textContent = `"${box.value}" is not a cell of this workbook (A1 to ${cellAddress({ row: this.workbook.rowCount - 1, col: this.workbook.columnCount - 1 })} of a sheet: B3, Sheet1!B3).`;
    });
    box.addEventListener("blur", () => (box.value = cellAddress(this.selected)));
  }

  private commitEdit(): void {
    const editing = this.editing;
    this.editing = undefined;
    if (!editing) return;
    const text = this.elements.formulaInput.value;
    if (text === editing.original) {
      // Like Excel, entering a formula again (F2, Enter) recalculates it: the way to retry after fixing the secret.
      if (text.startsWith("=")) this.workbook.recalculate([editing.pos], editing.sheet);
      return;
    }
    try {
      this.workbook.setInput(editing.pos, text, editing.sheet);
    } catch (error) {
      this.elements.status.textContent = error instanceof Error ? error.message : String(error);
    }
  }

  private renderScheduled = false;

  /** Coalesces the workbook's change notifications of one task into one render. */
  private scheduleRender(): void {
    if (this.renderScheduled) return;
    this.renderScheduled = true;
    queueMicrotask(() => {
      this.renderScheduled = false;
      this.render();
    });
  }

  /** Updates the rendered cells whose look changed, the spill outline and the status line. */
  render(): void {
    if (!this.window) this.updateWindow();
    const win = this.window as RenderWindow;
    const spill = this.selectedSpill();
    const selectedKey = positionKey(this.selected);
    for (let row = win.top; row <= win.bottom; row++) {
      for (let col = win.left; col <= win.right; col++) {
        const pos = { row, col };
        const key = positionKey(pos);
        const shown = this.workbook.display(pos);
        const classes = cellClasses(shown, spill && rangeContains(spill, pos) ? spill : undefined, pos);
        const isSelected = key === selectedKey;
        const signature = `${shown.text}\u0000${shown.error?.message ?? ""}\u0000${classes}\u0000${isSelected}`;
        if (this.rendered.get(key) === signature) continue;
        this.rendered.set(key, signature);
        const td = this.cellElements.get(key);
        if (td) this.paintCell(td, pos, shown, classes, isSelected);
      }
    }
    this.renderStatus();
  }

  private paintCell(
    td: HTMLTableCellElement,
    pos: CellPosition,
    shown: DisplayCell,
    classes: string,
    isSelected: boolean,
  ): void {
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
        this.elements.descriptions.append(description);
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

  private selectedSpill() {
    const anchor = this.workbook.display(this.selected).anchor;
    return anchor ? this.workbook.spillRange(anchor) : undefined;
  }

  private renderStatus(): void {
    const address = cellAddress(this.selected);
    const shown = this.workbook.display(this.selected);
    const spill = this.selectedSpill();
    const pending = this.workbook.pendingCount();
    const parts: string[] = [];
    if (shown.error) parts.push(`${address}: ${shown.error.code} ${shown.error.message}`);
    else if (spill && shown.anchor) {
      parts.push(`${address}: ${rangeAddress(spill)} holds the results of the formula in ${cellAddress(shown.anchor)}`);
    }
    if (pending > 0) parts.push(`${pending} formula${pending === 1 ? "" : "s"} calculating`);
    const text = parts.join(" · ") || "Ready";
    if (this.elements.status.textContent !== text) this.elements.status.textContent = text;
    if (!this.editing && document.activeElement !== this.elements.formulaInput) {
      this.elements.formulaInput.value = this.formulaBarText(this.selected);
    }
  }
}

function cellClasses(
  shown: DisplayCell,
  spill: { top: number; left: number; bottom: number; right: number } | undefined,
  pos: CellPosition,
): string {
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
