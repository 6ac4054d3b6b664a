/**
 * The grid and formula bar: a plain DOM table (role=grid) whose cells are named by their address and what they show
 * ("A1 yoga mat", or "A1" when blank), a formula bar labelled "Formula" that edits the selected cell, a name box
 * that jumps to a cell, and a status line that spells out the selected cell's error or spill.
 *
 * The sheet is large (thousands of rows), so only the cells in view plus a small overscan are in the DOM: spacer
 * rows and columns stand in for the rest, rows and cells carry aria-rowindex/aria-colindex, and the window is
 * rebuilt as the grid scrolls. Only changed cells are repainted on each render.
 */
import { t } from "../i18n/preview";
import { coalesced } from "../lib/coalesce";
import { CellPosition, CellRange, cellAddress, positionKey, rangeContains } from "../table/a1";
import { cellClasses, paintCell, statusText } from "./cell-paint";
import { openEntityCard } from "./entity-card";
import { gridKeyAction, nameBoxTarget, tabTarget } from "./grid-keys";
import {
  Alignment,
  buildWindow,
  HEADER_HEIGHT,
  isInView,
  ROW_HEADER_WIDTH,
  ROW_HEIGHT,
  COLUMN_WIDTH,
  scrollIntoView,
  visibleWindow,
} from "./grid-window";
import type { Sheet } from "./sheet";
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
  private window: CellRange | undefined;
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
      if ((event.target as HTMLElement).closest(".card-button")) this.openCard();
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
    const action = gridKeyAction(event, this.selected, {
      rowCount: this.workbook.rowCount,
      columnCount: this.workbook.columnCount,
      pageRows: this.pageRows(),
      lastUsedCell: () => this.workbook.lastUsedCell(),
    });
    switch (action.kind) {
      case "select":
        this.select(action.target);
        break;
      case "sheet":
        // Ctrl+PageDown / Ctrl+PageUp: the next or previous sheet, as in Excel.
        this.workbook.activateNext(action.step);
        this.focusSelected();
        break;
      case "edit":
        this.startEdit(action.replacement);
        break;
      case "clear":
        this.workbook.setInput(this.selected, "");
        this.elements.formulaInput.value = this.formulaBarText(this.selected);
        break;
      case "card":
        this.openCard();
        break;
      case "none":
        return;
      default: {
        const unhandled: never = action;
        throw new Error(`unhandled grid key action ${JSON.stringify(unhandled)}`);
      }
    }
    event.preventDefault();
  }

  /** The selected cell's data type card, when it holds one; focus comes back to the cell when it closes. */
  private openCard(): void {
    const entity = this.workbook.display(this.selected).entity;
    if (entity) openEntityCard(entity, this.cellElements.get(positionKey(this.selected)) ?? this.elements.table);
  }

  private tabTarget(backwards: boolean): CellPosition | undefined {
    return tabTarget(this.selected, backwards, this.workbook);
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
      const { sheetName, cell: target } = nameBoxTarget(box.value);
      const sheet = sheetName === undefined ? this.shownSheet : this.workbook.findSheet(sheetName);
      if (sheet && target && target.row < this.workbook.rowCount && target.col < this.workbook.columnCount) {
        this.workbook.activate(sheet.name);
        this.select(target, true, isInView(this.elements.scroller, target) ? "nearest" : "start");
      } else
        this.elements.status.textContent = t("status.notACell", {
          text: box.value,
          last: cellAddress({ row: this.workbook.rowCount - 1, col: this.workbook.columnCount - 1 }),
        });
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

  /** Coalesces the workbook's change notifications of one task into one render. */
  private readonly scheduleRender = coalesced(() => this.render());

  /** Updates the rendered cells whose look changed, the spill outline and the status line. */
  render(): void {
    if (!this.window) this.updateWindow();
    const win = this.window as CellRange;
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
        if (td) paintCell(td, { pos, shown, classes, isSelected }, this.elements.descriptions);
      }
    }
    this.renderStatus();
  }

  private selectedSpill() {
    const anchor = this.workbook.display(this.selected).anchor;
    return anchor ? this.workbook.spillRange(anchor) : undefined;
  }

  private renderStatus(): void {
    const shown = this.workbook.display(this.selected);
    const text = statusText(this.selected, shown, this.selectedSpill(), this.workbook.pendingCount());
    if (this.elements.status.textContent !== text) this.elements.status.textContent = text;
    if (!this.editing && document.activeElement !== this.elements.formulaInput) {
      this.elements.formulaInput.value = this.formulaBarText(this.selected);
    }
  }
}
