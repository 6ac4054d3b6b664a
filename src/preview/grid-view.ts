/**
 * The grid and formula bar: a plain DOM table (role=grid) whose cells are named by their address ("A1"), a
 * formula bar labelled "Formula" that edits the selected cell, and a status line that spells out the selected
 * cell's error or spill. Only changed cells are touched on each render.
 */
import {
  CellPosition,
  cellAddress,
  columnLetters,
  parseCellAddress,
  positionKey,
  rangeAddress,
  rangeContains,
} from "./address";
import type { DisplayCell, Workbook } from "./workbook";

export interface GridElements {
  readonly formulaInput: HTMLInputElement;
  /** Shows the selected cell's address; typing an address there and pressing Enter selects it. */
  readonly nameBox: HTMLInputElement;
  readonly table: HTMLTableElement;
  readonly status: HTMLElement;
  /** A hidden container for the cells' descriptions (aria-describedby targets). */
  readonly descriptions: HTMLElement;
}

interface Rendered {
  signature: string;
}

export class GridView {
  private selected: CellPosition = { row: 0, col: 0 };
  private editing: { pos: CellPosition; original: string } | undefined;
  private readonly cellElements: HTMLTableCellElement[][] = [];
  private readonly rendered = new Map<string, Rendered>();

  constructor(
    private readonly workbook: Workbook,
    private readonly elements: GridElements,
  ) {
    this.buildTable();
    this.bindFormulaBar();
    this.bindNameBox();
    workbook.onChange(() => this.scheduleRender());
    this.select(this.selected, false);
    this.render();
  }

  selection(): CellPosition {
    return this.selected;
  }

  select(pos: CellPosition, focus = true): void {
    const row = Math.min(Math.max(pos.row, 0), this.workbook.rowCount - 1);
    const col = Math.min(Math.max(pos.col, 0), this.workbook.columnCount - 1);
    this.commitEdit();
    this.cellAt(this.selected).tabIndex = -1;
    this.cellAt(this.selected).removeAttribute("aria-selected");
    this.selected = { row, col };
    const cell = this.cellAt(this.selected);
    cell.tabIndex = 0;
    cell.setAttribute("aria-selected", "true");
    if (focus) cell.focus();
    this.elements.nameBox.value = cellAddress(this.selected);
    this.elements.formulaInput.value = this.formulaBarText(this.selected);
    this.render();
  }

  private cellAt(pos: CellPosition): HTMLTableCellElement {
    return this.cellElements[pos.row][pos.col];
  }

  /** A spilled cell shows its formula, as in Excel (editing it there would block the spill). */
  private formulaBarText(pos: CellPosition): string {
    const own = this.workbook.inputText(pos);
    const anchor = this.workbook.display(pos).anchor;
    return own || !anchor ? own : this.workbook.inputText(anchor);
  }

  private buildTable(): void {
    const { table } = this.elements;
    table.setAttribute("role", "grid");
    table.setAttribute("aria-rowcount", String(this.workbook.rowCount + 1));
    table.setAttribute("aria-colcount", String(this.workbook.columnCount + 1));
    const head = table.createTHead().insertRow();
    head.setAttribute("role", "row");
    const corner = document.createElement("th");
    corner.className = "corner";
    corner.setAttribute("role", "columnheader");
    corner.setAttribute("aria-label", "Row numbers");
    head.append(corner);
    for (let col = 0; col < this.workbook.columnCount; col++) {
      const th = document.createElement("th");
      th.textContent = columnLetters(col);
      th.setAttribute("role", "columnheader");
      th.scope = "col";
      head.append(th);
    }
    const body = table.createTBody();
    for (let row = 0; row < this.workbook.rowCount; row++) {
      const tr = body.insertRow();
      tr.setAttribute("role", "row");
      const th = document.createElement("th");
      th.textContent = String(row + 1);
      th.setAttribute("role", "rowheader");
      th.scope = "row";
      tr.append(th);
      const cells: HTMLTableCellElement[] = [];
      for (let col = 0; col < this.workbook.columnCount; col++) {
        const td = tr.insertCell();
        td.setAttribute("role", "gridcell");
        td.setAttribute("aria-label", cellAddress({ row, col }));
        td.tabIndex = -1;
        td.dataset.row = String(row);
        td.dataset.col = String(col);
        cells.push(td);
      }
      this.cellElements.push(cells);
    }
    table.addEventListener("mousedown", (event) => {
      const td = (event.target as HTMLElement).closest("td");
      if (!td) return;
      event.preventDefault();
      this.select({ row: Number(td.dataset.row), col: Number(td.dataset.col) });
    });
    table.addEventListener("dblclick", () => this.startEdit());
    table.addEventListener("keydown", (event) => this.onGridKey(event));
  }

  private onGridKey(event: KeyboardEvent): void {
    const { row, col } = this.selected;
    const moves: Record<string, CellPosition> = {
      ArrowUp: { row: row - 1, col },
      ArrowDown: { row: row + 1, col },
      ArrowLeft: { row, col: col - 1 },
      ArrowRight: { row, col: col + 1 },
      Tab: { row, col: event.shiftKey ? col - 1 : col + 1 },
      Home: { row, col: 0 },
    };
    if (event.key in moves) {
      this.select(moves[event.key]);
    } else if (event.key === "Enter" || event.key === "F2") {
      this.startEdit();
    } else if (event.key === "Delete" || event.key === "Backspace") {
      this.workbook.setInput(this.selected, "");
      this.elements.formulaInput.value = this.formulaBarText(this.selected);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      this.startEdit(event.key); // typing into a cell replaces its content, as in Excel
    } else {
      return;
    }
    event.preventDefault();
  }

  private startEdit(replacement?: string): void {
    const input = this.elements.formulaInput;
    this.editing = { pos: this.selected, original: this.workbook.inputText(this.selected) };
    if (replacement !== undefined) input.value = replacement;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }

  private bindFormulaBar(): void {
    const input = this.elements.formulaInput;
    input.addEventListener("focus", () => {
      this.editing ??= { pos: this.selected, original: this.workbook.inputText(this.selected) };
    });
    input.addEventListener("blur", () => this.commitEdit());
    input.addEventListener("keydown", (event) => {
      const { row, col } = this.selected;
      if (event.key === "Enter") this.select({ row: event.shiftKey ? row - 1 : row + 1, col });
      else if (event.key === "Tab") this.select({ row, col: event.shiftKey ? col - 1 : col + 1 });
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
      const target = parseCellAddress(box.value);
      if (target && target.row < this.workbook.rowCount && target.col < this.workbook.columnCount) this.select(target);
      else
        this.elements.status.textContent = `"${box.value}" is not a cell of this grid (A1 to ${cellAddress({ row: this.workbook.rowCount - 1, col: this.workbook.columnCount - 1 })}).`;
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
      if (text.startsWith("=")) this.workbook.recalculate([editing.pos]);
      return;
    }
    try {
      this.workbook.setInput(editing.pos, text);
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

  /** Updates the cells whose look changed, the spill outline and the status line. */
  render(): void {
    const spill = this.selectedSpill();
    for (let row = 0; row < this.workbook.rowCount; row++) {
      for (let col = 0; col < this.workbook.columnCount; col++) {
        const pos = { row, col };
        const shown = this.workbook.display(pos);
        const classes = cellClasses(shown, spill && rangeContains(spill, pos) ? spill : undefined, pos);
        const signature = `${shown.text}\u0000${shown.error?.message ?? ""}\u0000${classes}`;
        const key = positionKey(pos);
        if (this.rendered.get(key)?.signature === signature) continue;
        this.rendered.set(key, { signature });
        this.paintCell(this.cellAt(pos), pos, shown, classes);
      }
    }
    this.renderStatus();
  }

  private paintCell(td: HTMLTableCellElement, pos: CellPosition, shown: DisplayCell, classes: string): void {
    td.textContent = shown.text;
    td.className = classes;
    const descriptionId = `describe-${cellAddress(pos)}`;
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
