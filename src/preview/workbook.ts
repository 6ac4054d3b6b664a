/**
 * The preview's one sheet: what was typed or written into each cell, and what each cell shows. Formulas call the
 * custom functions runtime; results spill below and right of their cell unless the area holds something
 * (#SPILL!); a formula shows #BUSY! while its call is pending and is called again whenever the values it refers to
 * change, including values spilled by other formulas. No call is made while an argument is still #BUSY!, and an
 * argument's error is passed on without a call, so a recalculation never spends quota on half-known inputs.
 */
import {
  CellPosition,
  CellRange,
  cellAddress,
  cellsOf,
  positionKey,
  rangeAddress,
  rangeContains,
  rangeOf,
  rangesIntersect,
} from "../table/a1";
import { ArgumentValue, BUSY, CellError, FunctionInvoker, FunctionOutcome, PendingCall } from "./cell-types";
import { nodesInCycles } from "./cycles";
import { formatValue } from "./format";
import { CellInput, FunctionCall, inputTextOf, parseInput, Scalar } from "./formula";

export const SHEET_NAME = "Sheet1";

export interface DisplayCell {
  readonly value: Scalar | null;
  /** The value as shown, formatted. */
  readonly text: string;
  readonly error?: CellError;
  /** The formula cell this value comes from (the formula's own cell or a cell it spills into). */
  readonly anchor?: CellPosition;
  readonly style?: string;
}

interface StoredCell {
  readonly text: string;
  readonly input: CellInput;
}

interface FormulaState {
  readonly pos: CellPosition;
  readonly call: FunctionCall;
  readonly order: number;
  /** The arguments of the current call, as compared to decide whether to call again. */
  argsKey?: string;
  pending?: PendingCall;
  generation: number;
  outcome?: FunctionOutcome;
  /** Set while an argument is still #BUSY!: the formula waits without calling. */
  waiting: boolean;
  /** An argument's error passed on, or a circular reference. */
  argError?: CellError;
  /** Where the results last spilled: dependents wait while it is being recalculated; cycles are found with it. */
  lastSpill?: CellRange;
}

const MAX_PASSES = 50;
const CIRCULAR: CellError = {
  code: "#REF!",
  message: "Circular reference: this formula refers to its own cell or results, directly or through other formulas.",
};
const EMPTY: DisplayCell = { value: null, text: "" };

export class Workbook {
  private readonly cells = new Map<string, StoredCell>();
  private readonly formats = new Map<string, string>();
  private readonly styles = new Map<string, string>();
  private readonly formulas = new Map<string, FormulaState>();
  private shown = new Map<string, DisplayCell>();
  private spills = new Map<string, CellRange>();
  /** Cells of spills being recalculated: they count as #BUSY! for dependents. */
  private busyArea = new Set<string>();
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
  ) {}

  /** The text the formula bar shows for a cell. */
  inputText(pos: CellPosition): string {
    return this.cells.get(positionKey(pos))?.text ?? "";
  }

  display(pos: CellPosition): DisplayCell {
    return this.shown.get(positionKey(pos)) ?? EMPTY;
  }

  /** The bottom-right corner of the cells that show something (where Ctrl+End goes); A1 on an empty sheet. */
  lastUsedCell(): CellPosition {
    let row = 0;
    let col = 0;
    for (const key of this.shown.keys()) {
      const [r, c] = key.split(",").map(Number);
      row = Math.max(row, r);
      col = Math.max(col, c);
    }
    return { row, col };
  }

  /** The area a formula's results occupy, when they spilled. */
  spillRange(anchor: CellPosition): CellRange | undefined {
    return this.spills.get(positionKey(anchor));
  }

  /** What a person typed: `=` starts a formula, `'` starts text, numbers and TRUE/FALSE are values. */
  setInput(pos: CellPosition, text: string): void {
    this.store(pos, text, parseInput(text, SHEET_NAME));
    this.update();
  }

  /** A value written by the add-in: text stays text, even when it starts with `=`. */
  setValues(
    topLeft: CellPosition,
    values: readonly (readonly (Scalar | null)[])[],
    columnFormats?: readonly string[],
  ): CellRange {
    const bottom = topLeft.row + Math.max(values.length, 1) - 1;
    const right = topLeft.col + Math.max(0, ...values.map((row) => row.length)) - 1;
    this.assertInside(rangeOf(topLeft, { row: bottom, col: Math.max(right, topLeft.col) }));
    values.forEach((row, r) =>
      row.forEach((value, c) => {
        const pos = { row: topLeft.row + r, col: topLeft.col + c };
        const input: CellInput = value === null || value === "" ? { kind: "empty" } : { kind: "value", value };
        this.store(pos, inputTextOf(value), input);
        const format = columnFormats?.[c];
        if (format) this.formats.set(positionKey(pos), format);
      }),
    );
    this.update();
    return rangeOf(topLeft, { row: bottom, col: Math.max(right, topLeft.col) });
  }

  clear(range: CellRange): void {
    for (const pos of cellsOf(range)) {
      this.store(pos, "", { kind: "empty" });
      this.formats.delete(positionKey(pos));
      this.styles.delete(positionKey(pos));
    }
    this.update();
  }

  /** A presentation class for the grid (table header, banded rows). */
  setStyle(range: CellRange, style: string | undefined): void {
    for (const pos of cellsOf(range)) {
      if (style) this.styles.set(positionKey(pos), style);
      else this.styles.delete(positionKey(pos));
    }
    this.update();
  }

  /** Formula cells, in the order they were entered. */
  formulaCells(): { pos: CellPosition; text: string; name: string }[] {
    return [...this.formulas.values()]
      .sort((a, b) => a.order - b.order)
      .map((f) => ({ pos: f.pos, text: this.inputText(f.pos), name: f.call.name }));
  }

  /** Calls these formulas again (a refresh), even though their arguments did not change. */
  recalculate(positions: readonly CellPosition[]): void {
    for (const pos of positions) {
      const formula = this.formulas.get(positionKey(pos));
      if (formula) formula.argsKey = undefined;
    }
    this.update();
  }

  /** Calls formulas that failed with #NAME? again, after functions were registered. */
  retryUnknownFunctions(): void {
    for (const formula of this.formulas.values()) {
      if (formula.outcome?.kind === "error" && formula.outcome.error.code === "#NAME?") formula.argsKey = undefined;
    }
    this.update();
  }

  pendingCount(): number {
    return [...this.formulas.values()].filter((f) => f.pending || f.waiting).length;
  }

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

  private store(pos: CellPosition, text: string, input: CellInput): void {
    this.assertInside(rangeOf(pos));
    const key = positionKey(pos);
    const previous = this.formulas.get(key);
    if (previous) {
      previous.pending?.cancel();
      this.formulas.delete(key);
    }
    if (input.kind === "empty") this.cells.delete(key);
    else this.cells.set(key, { text, input });
    if (input.kind === "formula") {
      this.formulas.set(key, { pos, call: input.call, order: this.formulaOrder++, generation: 0, waiting: false });
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

  private update(): void {
    if (this.batchDepth > 0) {
      this.updateDue = true;
      return;
    }
    this.updateDue = false;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      this.layout();
      if (!this.startDueCalls()) break;
    }
    this.listeners.forEach((listener) => listener());
  }

  /** Recomputes what every cell shows from the stored inputs and the formulas' latest outcomes. */
  private layout(): void {
    const shown = new Map<string, DisplayCell>();
    const spills = new Map<string, CellRange>();
    const busyArea = new Set<string>();
    const withStyle = (key: string, cell: DisplayCell): DisplayCell => {
      const style = this.styles.get(key);
      return style ? { ...cell, style } : cell;
    };
    for (const [key, stored] of this.cells) {
      if (stored.input.kind === "value") {
        shown.set(
          key,
          withStyle(key, { value: stored.input.value, text: formatValue(stored.input.value, this.formats.get(key)) }),
        );
      } else if (stored.input.kind === "invalidFormula") {
        shown.set(key, withStyle(key, errorCell({ code: "#NAME?", message: stored.input.message })));
      }
    }
    for (const key of this.styles.keys()) if (!shown.has(key)) shown.set(key, withStyle(key, EMPTY));
    for (const formula of [...this.formulas.values()].sort((a, b) => a.order - b.order)) {
      const key = positionKey(formula.pos);
      const anchor = formula.pos;
      const fail = (error: CellError) => shown.set(key, withStyle(key, { ...errorCell(error), anchor }));
      const busy = formula.pending !== undefined || formula.waiting || (!formula.outcome && !formula.argError);
      if (busy) {
        for (const pos of formula.lastSpill ? cellsOf(formula.lastSpill) : []) {
          if (!this.cells.has(positionKey(pos))) busyArea.add(positionKey(pos));
        }
        fail(BUSY);
        continue;
      }
      if (formula.argError) {
        fail(formula.argError);
        continue;
      }
      const outcome = formula.outcome as FunctionOutcome;
      if (outcome.kind === "error") {
        fail(outcome.error);
        continue;
      }
      const rows = outcome.rows;
      const area = rangeOf(anchor, { row: anchor.row + rows.length - 1, col: anchor.col + rows[0].length - 1 });
      if (area.bottom >= this.rowCount || area.right >= this.columnCount) {
        fail({
          code: "#SPILL!",
          message: `The results (${rows.length} rows × ${rows[0].length} columns) extend beyond the edge of the preview grid.`,
        });
        continue;
      }
      const blocker = cellsOf(area).find((pos) => {
        const cellKey = positionKey(pos);
        return (
          cellKey !== key &&
          (this.cells.has(cellKey) || [...spills.values()].some((range) => rangeContains(range, pos)))
        );
      });
      if (blocker) {
        const message = `The spill range ${rangeAddress(area)} isn't blank: ${cellAddress(blocker)} holds a value. Clear it to see the results.`;
        fail({ code: "#SPILL!", message });
        continue;
      }
      spills.set(key, area);
      formula.lastSpill = area;
      rows.forEach((row, r) =>
        row.forEach((cell, c) => {
          const pos = { row: anchor.row + r, col: anchor.col + c };
          const cellKey = positionKey(pos);
          const text = cell.error ? cell.error.code : formatValue(cell.value, cell.format ?? this.formats.get(cellKey));
          shown.set(cellKey, withStyle(cellKey, { value: cell.value, text, error: cell.error, anchor }));
        }),
      );
    }
    this.shown = shown;
    this.spills = spills;
    this.busyArea = busyArea;
  }

  /** Starts the calls whose arguments changed; true when any formula changed state. */
  private startDueCalls(): boolean {
    let changed = false;
    const circular = this.circularFormulas();
    for (const formula of this.formulas.values()) {
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
          error: { code: "#NAME?", message: `${formula.call.name} is not a function of this add-in.` },
        };
      } else {
        this.startCall(formula, gathered.args);
      }
    }
    return changed;
  }

  private startCall(formula: FormulaState, args: ArgumentValue[]): void {
    const generation = formula.generation;
    const pending = this.invoker.invoke(formula.call.name, args, `${SHEET_NAME}!${cellAddress(formula.pos)}`);
    formula.pending = pending;
    void pending.outcome.then((outcome) => {
      if (formula.generation !== generation || this.formulas.get(positionKey(formula.pos)) !== formula) return;
      formula.pending = undefined;
      formula.outcome = outcome;
      this.update();
    });
  }

  private gatherArguments(formula: FormulaState): { args: ArgumentValue[] } | { error: CellError } | { waiting: true } {
    const args: ArgumentValue[] = [];
    for (const arg of formula.call.args) {
      if (arg.kind === "omitted") args.push(null);
      else if (arg.kind === "literal") args.push(arg.value);
      else {
        const matrix: (Scalar | null)[][] = [];
        for (let row = arg.range.top; row <= arg.range.bottom; row++) {
          const values: (Scalar | null)[] = [];
          for (let col = arg.range.left; col <= arg.range.right; col++) {
            const pos = { row, col };
            const cell = this.display(pos);
            if (cell.error?.code === BUSY.code || this.busyArea.has(positionKey(pos))) return { waiting: true };
            if (cell.error) {
              return {
                error: {
                  code: cell.error.code,
                  message: `${cellAddress(pos)} shows ${cell.error.code}: ${cell.error.message}`,
                },
              };
            }
            values.push(cell.value);
          }
          matrix.push(values);
        }
        args.push(matrix.length === 1 && matrix[0].length === 1 ? matrix[0][0] : matrix);
      }
    }
    return { args };
  }

  /** Formulas that depend on themselves through their own cell, their results or other formulas' results. */
  private circularFormulas(): Set<FormulaState> {
    const all = [...this.formulas.values()];
    const references = (f: FormulaState) => f.call.args.flatMap((arg) => (arg.kind === "reference" ? [arg.range] : []));
    const feeds = (source: FormulaState, target: FormulaState) =>
      references(target).some(
        (range) =>
          rangeContains(range, source.pos) ||
          (source.lastSpill !== undefined && rangesIntersect(range, source.lastSpill)),
      );
    return nodesInCycles(all, feeds);
  }
}

function errorCell(error: CellError): DisplayCell {
  return { value: error.code, text: error.code, error };
}
