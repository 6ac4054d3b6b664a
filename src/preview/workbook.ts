/**
 * The preview's workbook: its sheets (Sheet1 first), which one is shown, its defined names, and the evaluation of
 * every formula on every sheet. Formulas call the custom functions runtime; results spill below and right of their
 * cell unless the area holds something (#SPILL!); a formula shows #BUSY! while its call is pending and is called
 * again whenever the values it refers to change, including values spilled by other formulas and cells of other
 * sheets (`'Market 172282'!B3`). No call is made while an argument is still #BUSY!, and an argument's error is
 * passed on without a call, so a recalculation never spends quota on half-known inputs.
 */
import { t } from "../i18n/preview";
import {
  CellPosition,
  CellRange,
  cellAddress,
  cellsOf,
  rangeAddress,
  rangeContains,
  rangeOf,
  rangesIntersect,
} from "../table/a1";
import { ArgumentValue, CellError, EntityValue, FunctionInvoker } from "./cell-types";
import { nodesInCycles } from "./cycles";
import { FIELD_FUNCTION } from "./field-reference";
import { gatherArguments, readFieldInput } from "./formula-inputs";
import { Argument, CellInput, inputTextOf, parseInput, Scalar } from "./formula";
import { DisplayCell, FormulaState, Sheet } from "./sheet";
import { sheetReference, uniqueSheetName } from "../table/sheet-names";

/** The first sheet, there from the start. */
const FIRST_SHEET = "Sheet1";

/** A workbook name (Name Manager) over a column of a formula's spilled results, as a chart's data reads it. */
export interface DefinedName {
  readonly name: string;
  /** The sheet it belongs to (its id: names stay with their sheet). */
  readonly sheetId: number;
  /** What Excel's Name Manager would show, e.g. `=OFFSET('Market 1'!$A$6,1,1,ROWS('Market 1'!$A$6#)-1,1)`. */
  readonly refersTo: string;
}

const MAX_PASSES = 50;
const CIRCULAR: CellError = {
  code: "#REF!",
  get message() {
    return t("cell.circular");
  },
};

export class Workbook {
  private readonly sheetList: Sheet[] = [];
  private active: Sheet;
  private nextSheetId = 1;
  private readonly names = new Map<string, DefinedName>();
  private readonly listeners = new Set<() => void>();
  private formulaOrder = 0;
  private batchDepth = 0;
  private updateDue = false;

  constructor(
    private readonly invoker: FunctionInvoker,
    // Wide enough for the widest record (keyword conversion spills 55 columns), deep enough for the largest
    // `limit` (2,000 rows) below a header and a filter block. The grid renders only the cells in view.
    readonly rowCount = 2_500,
    readonly columnCount = 100,
  ) {
    this.active = this.createSheet(FIRST_SHEET);
  }

  /** The sheets in tab order. */
  sheets(): readonly Sheet[] {
    return [...this.sheetList];
  }

  /** The sheet shown in the grid. */
  activeSheet(): Sheet {
    return this.active;
  }

  /** The sheet of that name (ignoring case), or an error naming the sheets there are. */
  sheet(name: string): Sheet {
    const found = this.findSheet(name);
    if (!found) {
      const names = this.sheetList.map((sheet) => sheet.name).join(", ");
      throw new Error(`The workbook has no sheet named "${name}" (its sheets: ${names}).`);
    }
    return found;
  }

  /** Adds a sheet after the last one, named after the proposal (made valid and unique); it is not activated. */
  addSheet(proposedName: string): Sheet {
    const sheet = this.createSheet(
      uniqueSheetName(
        proposedName,
        this.sheetList.map((s) => s.name),
      ),
    );
    // Formulas that named this sheet before it existed now find it.
    this.update();
    return sheet;
  }

  /** Shows the sheet in the grid. */
  activate(name: string): void {
    const sheet = this.sheet(name);
    if (sheet === this.active) return;
    this.active = sheet;
    this.notify();
  }

  /** Shows the next (1) or previous (-1) sheet, if there is one (Ctrl+PageDown / Ctrl+PageUp). */
  activateNext(step: 1 | -1): void {
    const next = this.sheetList[this.sheetList.indexOf(this.active) + step];
    if (next) this.activate(next.name);
  }

  defineName(name: DefinedName): void {
    if (this.names.has(name.name.toLowerCase())) throw new Error(`The workbook already has a name ${name.name}.`);
    this.names.set(name.name.toLowerCase(), { ...name });
  }

  definedNames(): DefinedName[] {
    return [...this.names.values()];
  }

  /** The text the formula bar shows for a cell (of the active sheet unless another is named). */
  inputText(pos: CellPosition, sheet?: string): string {
    return this.on(sheet).inputText(pos);
  }

  display(pos: CellPosition, sheet?: string): DisplayCell {
    return this.on(sheet).display(pos);
  }

  /** The bottom-right corner of the cells that show something (where Ctrl+End goes); A1 on an empty sheet. */
  lastUsedCell(sheet?: string): CellPosition {
    return this.on(sheet).lastUsedCell();
  }

  /** The area a formula's results occupy, when they spilled. */
  spillRange(anchor: CellPosition, sheet?: string): CellRange | undefined {
    return this.on(sheet).spillRange(anchor);
  }

  /**
   * What a person typed: `=` starts a formula, `'` starts text, numbers and TRUE/FALSE are values. In a cell
   * formatted as text (`@`) everything typed stays text, as in Excel.
   */
  setInput(pos: CellPosition, text: string, sheet?: string): void {
    const target = this.on(sheet);
    const asText = target.format(pos) === "@" && text !== "";
    this.store(target, pos, text, asText ? { kind: "value", value: text.replace(/^'/, "") } : parseInput(text));
    this.update();
  }

  /** A value written by the add-in: text stays text, even when it starts with `=`. */
  setValues(
    topLeft: CellPosition,
    values: readonly (readonly (Scalar | null)[])[],
    columnFormats?: readonly string[],
    sheet?: string,
  ): CellRange {
    const target = this.on(sheet);
    const bottom = topLeft.row + Math.max(values.length, 1) - 1;
    const right = topLeft.col + Math.max(0, ...values.map((row) => row.length)) - 1;
    const area = rangeOf(topLeft, { row: bottom, col: Math.max(right, topLeft.col) });
    this.assertInside(area);
    values.forEach((row, r) =>
      row.forEach((value, c) => {
        const pos = { row: topLeft.row + r, col: topLeft.col + c };
        const input: CellInput = value === null || value === "" ? { kind: "empty" } : { kind: "value", value };
        const format = columnFormats?.[c];
        this.store(target, pos, inputTextOf(value), input);
        if (format) target.setFormat(pos, format);
      }),
    );
    this.update();
    return area;
  }

  /** Data types (product cards) written by the add-in down a column from `top`; null leaves a cell as it is. */
  setDataTypes(top: CellPosition, column: readonly (EntityValue | null)[], sheet?: string): void {
    const target = this.on(sheet);
    this.assertInside(rangeOf(top, { row: top.row + Math.max(column.length, 1) - 1, col: top.col }));
    this.batch(() =>
      column.forEach((entity, i) => {
        if (entity)
          this.store(target, { row: top.row + i, col: top.col }, entity.text, {
            kind: "value",
            value: entity.text,
            entity,
          });
      }),
    );
    this.update();
  }

  clear(range: CellRange, sheet?: string): void {
    const target = this.on(sheet);
    for (const pos of cellsOf(range)) {
      this.store(target, pos, "", { kind: "empty" });
      target.setFormat(pos, undefined);
      target.setStyle(pos, undefined);
    }
    this.update();
  }

  /** A number format over a range, kept by cells a formula's result spills into later (as Excel keeps it). */
  setFormat(range: CellRange, format: string, sheet?: string): void {
    const target = this.on(sheet);
    this.assertInside(range);
    for (const pos of cellsOf(range)) target.setFormat(pos, format);
    this.update();
  }

  /**
   * Inserts `count` sheet rows before 0-based `row` (or cells, in `columns` only): every cell below moves down with
   * its input, format and style (formulas move; their references are not rewritten, the preview's scope).
   */
  insertRows(row: number, count: number, sheet?: string, columns?: { left: number; right: number }): void {
    const target = this.on(sheet);
    const moved = target
      .contentFrom(row)
      .filter((cell) => !columns || (cell.pos.col >= columns.left && cell.pos.col <= columns.right));
    if (moved.some((cell) => cell.pos.row + count >= this.rowCount))
      throw new RangeError(t("grid.insertPastEnd", { count }));
    this.batch(() => {
      for (const { pos } of moved) {
        this.store(target, pos, "", { kind: "empty" });
        target.setFormat(pos, undefined);
        target.setStyle(pos, undefined);
      }
      for (const cell of moved) {
        const pos = { row: cell.pos.row + count, col: cell.pos.col };
        target.setFormat(pos, cell.format);
        target.setStyle(pos, cell.style);
        if (cell.text) this.setInput(pos, cell.text, target.name);
      }
    });
  }

  /** A presentation class for the grid (table header, banded rows, a report's title). */
  setStyle(range: CellRange, style: string | undefined, sheet?: string): void {
    const target = this.on(sheet);
    for (const pos of cellsOf(range)) target.setStyle(pos, style);
    this.update();
  }

  /** Formula cells of every sheet, in the order they were entered. */
  formulaCells(): { sheet: string; pos: CellPosition; text: string; name: string }[] {
    return this.allFormulas()
      .sort((a, b) => a.order - b.order)
      .map((f) => ({ sheet: f.sheet.name, pos: f.pos, text: f.sheet.inputText(f.pos), name: f.call.name }));
  }

  /** Calls these formulas again (a refresh), even though their arguments did not change. */
  recalculate(positions: readonly CellPosition[], sheet?: string): void {
    const target = this.on(sheet);
    for (const pos of positions) {
      const formula = target.formulas.get(`${pos.row},${pos.col}`);
      if (formula) formula.argsKey = undefined;
    }
    this.update();
  }

  /** Calls formulas that failed with #NAME? again, after functions were registered. */
  retryUnknownFunctions(): void {
    for (const formula of this.allFormulas()) {
      if (formula.outcome?.kind === "error" && formula.outcome.error.code === "#NAME?") formula.argsKey = undefined;
    }
    this.update();
  }

  pendingCount(): number {
    return this.allFormulas().filter((f) => f.pending || f.waiting).length;
  }

  /** Told after every change: cells, results, sheets added, the active sheet. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  assertInside(range: CellRange): void {
    if (range.top < 0 || range.left < 0 || range.bottom >= this.rowCount || range.right >= this.columnCount) {
      throw new RangeError(
        `${rangeAddress(range)} is outside the preview grid (A1:${cellAddress({ row: this.rowCount - 1, col: this.columnCount - 1 })}).`,
      );
    }
  }

  /** Runs several changes as one: dependents are called and listeners told once, at the end. */
  batch<T>(change: () => T): T {
    this.batchDepth++;
    try {
      return change();
    } finally {
      this.batchDepth--;
      if (this.batchDepth === 0 && this.updateDue) this.update();
    }
  }

  /** Tells the listeners without a change of cells (e.g. charts asked to redraw). */
  notify(): void {
    if (this.batchDepth > 0) this.updateDue = true;
    else this.listeners.forEach((listener) => listener());
  }

  private createSheet(name: string): Sheet {
    const sheet = new Sheet(this.nextSheetId++, name, this.rowCount, this.columnCount);
    this.sheetList.push(sheet);
    return sheet;
  }

  /** The sheet of that name, ignoring case, if there is one. */
  findSheet(name: string): Sheet | undefined {
    const wanted = name.toLowerCase();
    return this.sheetList.find((sheet) => sheet.name.toLowerCase() === wanted);
  }

  private on(sheet: string | undefined): Sheet {
    return sheet === undefined ? this.active : this.sheet(sheet);
  }

  private allFormulas(): FormulaState[] {
    return this.sheetList.flatMap((sheet) => [...sheet.formulas.values()]);
  }

  private store(sheet: Sheet, pos: CellPosition, text: string, input: CellInput): void {
    this.assertInside(rangeOf(pos));
    sheet.store(pos, text, input, this.formulaOrder++);
  }

  private update(): void {
    if (this.batchDepth > 0) {
      this.updateDue = true;
      return;
    }
    this.updateDue = false;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      this.sheetList.forEach((sheet) => sheet.layout());
      if (!this.startDueCalls()) break;
    }
    this.listeners.forEach((listener) => listener());
  }

  /** Starts the calls whose arguments changed; true when any formula changed state. */
  private startDueCalls(): boolean {
    let changed = false;
    const circular = this.circularFormulas();
    for (const formula of this.allFormulas()) {
      if (formula.call.name === FIELD_FUNCTION && !circular.has(formula)) {
        changed = this.readField(formula) || changed;
        continue;
      }
      const gathered = circular.has(formula) ? { error: CIRCULAR } : this.gatherArguments(formula);
      if ("waiting" in gathered) {
        if (!formula.waiting) {
          formula.pending?.cancel();
          Object.assign(formula, { waiting: true, pending: undefined, argsKey: undefined, argError: undefined });
          changed = true;
        }
        continue;
      }
      const argsKey = JSON.stringify("error" in gathered ? gathered.error : [formula.call.name, gathered.args]);
      if (argsKey === formula.argsKey) continue;
      changed = true;
      formula.pending?.cancel();
      Object.assign(formula, { argsKey, waiting: false, pending: undefined, argError: undefined });
      formula.generation++;
      if ("error" in gathered) {
        formula.argError = gathered.error;
      } else if (!this.invoker.isRegistered(formula.call.name)) {
        formula.outcome = {
          kind: "error",
          error: { code: "#NAME?", message: t("cell.notAFunction", { name: formula.call.name }) },
        };
      } else {
        this.startCall(formula, gathered.args, gathered.addresses);
      }
    }
    return changed;
  }

  private startCall(formula: FormulaState, args: ArgumentValue[], addresses: (string | null)[]): void {
    const generation = formula.generation;
    const address = `${sheetReference(formula.sheet.name)}!${cellAddress(formula.pos)}`;
    const pending = this.invoker.invoke(formula.call.name, args, address, addresses);
    formula.pending = pending;
    void pending.outcome.then((outcome) => {
      const current = formula.sheet.formulas.get(`${formula.pos.row},${formula.pos.col}`);
      if (formula.generation !== generation || current !== formula) return;
      formula.pending = undefined;
      formula.outcome = outcome;
      this.update();
    });
  }

  /**
   * `=A2.Price`: evaluated here, without a call, from the data type the referenced cell shows; waits while that
   * cell is busy. True when what the formula shows changed.
   */
  private readField(formula: FormulaState): boolean {
    const read = readFieldInput(formula, (arg) => this.referencedSheet(formula, arg));
    if ("waiting" in read) {
      if (formula.waiting) return false;
      Object.assign(formula, { waiting: true, argsKey: undefined, outcome: undefined });
      return true;
    }
    const argsKey = JSON.stringify([FIELD_FUNCTION, read.outcome]);
    if (argsKey === formula.argsKey) return false;
    Object.assign(formula, { argsKey, waiting: false, pending: undefined, argError: undefined, outcome: read.outcome });
    formula.generation++;
    return true;
  }

  /** The sheet a reference reads: the one it names, else the formula's own. */
  private referencedSheet(formula: FormulaState, arg: Argument & { kind: "reference" }): Sheet | undefined {
    return arg.sheet === undefined ? formula.sheet : this.findSheet(arg.sheet);
  }

  private gatherArguments(formula: FormulaState): ReturnType<typeof gatherArguments> {
    return gatherArguments(formula, (arg) => this.referencedSheet(formula, arg));
  }

  /** Formulas that depend on themselves through their own cell, their results or other formulas' results. */
  private circularFormulas(): Set<FormulaState> {
    const all = this.allFormulas();
    const references = (f: FormulaState) =>
      f.call.args.flatMap((arg) =>
        arg.kind === "reference" ? [{ sheet: this.referencedSheet(f, arg), range: arg.range }] : [],
      );
    const feeds = (source: FormulaState, target: FormulaState) =>
      references(target).some(
        ({ sheet, range }) =>
          sheet === source.sheet &&
          (rangeContains(range, source.pos) ||
            (source.lastSpill !== undefined && rangesIntersect(range, source.lastSpill))),
      );
    return nodesInCycles(all, feeds);
  }
}
