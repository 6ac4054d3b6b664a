/**
 * How the stand-in calculates MAD formulas, as Excel runs asynchronous custom functions:
 * - a formula written in a batch starts once the batch ran: its cell shows #BUSY! while the call runs, then the
 *   result fills the cells below and right of it (a spill) or shows #SPILL! when a cell there holds something;
 *   after the result lands the sheet raises onCalculated (ExcelApi 1.8), whose handlers run while the runtime that
 *   added them lives;
 * - arguments: a blank cell arrives as 0 or null depending on the Excel build (office-js #4702, #5262), an omitted
 *   argument as null (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-parameter-options);
 * - on the web a result whose JSON passes 5 MB never arrives: the cell stays #BUSY! (office-js #2222, #2786,
 *   #4654: "Excel limits custom-function payloads to 5 MB");
 * - a formula recalculates when a cell it references changes, on Range.calculate, and when entered again;
 * - a result cell may be a data type (an entity value) where Excel takes them from custom functions
 *   (CustomFunctionsRuntime 1.4, https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts);
 *   an Excel without that set, retail perpetual Office whatever it claims, and the web for JSON it refuses show
 *   #VALUE! for one (data-types.ts);
 * - a cell holding a data type, passed to a parameter of type `any` (the add-in's functions.json sets
 *   `allowCustomDataForDataTypeAny`), arrives as its JSON: "custom functions accept data types as both input and
 *   output values" (same page, "Input an entity value"). A typed parameter (`string`, `number`) is not documented
 *   for data types; the stand-in gives it the entity's basicValue, "#VALUE!" (Excel.EntityCellValue), an error,
 *   so the cell shows #VALUE! without a call. Without CustomFunctionsRuntime 1.4 ("integration with data types")
 *   the stand-in does the same for every parameter (our reading: nothing documents data types as arguments there);
 * - `=A2.Price` (`=A2.[Monthly units]`) reads a field of the data type in A2, #FIELD! when it has none and #VALUE!
 *   when A2 holds no data type (https://support.microsoft.com/excel/functions/fieldvalue-function), and follows A2
 *   when a result lands there.
 * - an argument may be a whole column (every row on desktop, #CALC! on the web) or trimmed of its blank edges
 *   (TRIMRANGE, `A2:.A5000`): references.ts;
 * - inserting sheet rows or cells recalculates the MAD formulas of the workbook: Excel cancels each call still running
 *   (invocation.onCanceled) and calls the function again at once (office-js #3332: inserting or deleting rows,
 *   columns or cells and expanding groups "trigger recalculation of non-volatile functions"; #3911: by design on the
 *   web, "entire sheet gets recalculated even when the user does something like insert a column"), and so does a full
 *   calculation, Ctrl+Alt+F9 (`calculateFull`). The stand-in cancels before it calls again, as the docs word it;
 *   office-js #6483 says the order is not guaranteed, so code may not rely on it.
 * F9 is not modelled: it does not rerun non-volatile custom functions (office-js #1462).
 */
import { FIELD_FUNCTION, fieldOutcome } from "../../../src/preview/field-reference";
import { parseInput, type FunctionCall } from "../../../src/preview/formula";
import type {
  ArgumentCell,
  ArgumentValue,
  FunctionInvoker,
  FunctionOutcome,
  PendingCall,
} from "../../../src/preview/cell-types";
import { cellAddress, type CellRange } from "../../../src/table/a1";
import { sheetReference } from "../../../src/table/sheet-names";
import { cellKey, keyCol, keyRow, type CalcHooks, type Cell, type SheetModel, type WorkbookModel } from "./model";
import { PAYLOAD_LIMIT_BYTES, SHEET_COLUMNS, SHEET_ROWS, utf8Bytes } from "./platform";
import { functionDataType, type DataTypeHost } from "./data-types";
import { readReferences, type ReferenceReading } from "./references";

/** What the calculation needs to know about this Excel. */
export type CalcHost = DataTypeHost & { readonly customFunctionDataTypes: boolean };

interface FormulaState {
  readonly sheet: SheetModel;
  readonly cell: Cell;
  call: FunctionCall | null;
  /** How each argument is read when it is a whole column or a trimmed reference (references.ts), by position. */
  readings: (ReferenceReading | undefined)[];
  generation: number;
  pending?: PendingCall;
  /** The last result, kept to spill again once the cells in its way are cleared. */
  outcome?: FunctionOutcome;
}

/** What a stuck call looked like (web, result over 5 MB). */
export interface StuckResult {
  readonly address: string;
  readonly bytes: number;
}

/** TRIMRANGE's block: the range without its blank leading and/or trailing rows and columns (references.ts). */
function trimmedRange(sheet: SheetModel, range: CellRange, trim: { rows: number; cols: number }): CellRange {
  const used = sheet.usedRange(true, range);
  if (!used) return { top: range.top, left: range.left, bottom: range.top, right: range.left };
  return {
    top: trim.rows & 1 ? used.top : range.top,
    bottom: trim.rows & 2 ? used.bottom : range.bottom,
    left: trim.cols & 1 ? used.left : range.left,
    right: trim.cols & 2 ? used.right : range.right,
  };
}

const overlaps = (a: CellRange, b: CellRange) =>
  a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;

export class Calc implements CalcHooks {
  private readonly states = new Map<Cell, FormulaState>();
  private readonly dirty = new Set<FormulaState>();
  private readonly inFlight = new Set<Promise<unknown>>();
  readonly stuck: StuckResult[] = [];

  constructor(
    private readonly book: WorkbookModel,
    private readonly host: CalcHost,
    private readonly blankArgument: "zero" | "null",
    public functions: FunctionInvoker,
  ) {}

  private state(sheet: SheetModel, cell: Cell): FormulaState {
    let state = this.states.get(cell);
    if (!state || state.sheet !== sheet) {
      state = { sheet, cell, call: null, readings: [], generation: 0 };
      this.states.set(cell, state);
    }
    return state;
  }

  private where(state: FormulaState): { row: number; col: number } | undefined {
    const key = state.sheet.keyOf(state.cell);
    return key === undefined ? undefined : { row: keyRow(key), col: keyCol(key) };
  }

  formulaWritten(sheet: SheetModel, cell: Cell): void {
    const state = this.state(sheet, cell);
    const { formula, readings } = readReferences(cell.formula ?? "");
    const input = parseInput(formula);
    state.call = input.kind === "formula" ? input.call : null;
    state.readings = readings;
    this.dirty.add(state);
  }

  formulaRemoved(sheet: SheetModel, cell: Cell): void {
    const state = this.states.get(cell);
    if (!state) return;
    state.pending?.cancel();
    state.generation++;
    this.clearSpill(state);
    this.states.delete(cell);
    this.dirty.delete(state);
  }

  valuesChanged(sheet: SheetModel, range: CellRange): void {
    for (const state of this.states.values()) {
      if (this.dirty.has(state)) continue;
      if (state.cell.error?.code === "#SPILL!" && state.outcome && this.spillArea(state, state.outcome, range)) {
        this.apply(state, state.outcome);
        continue;
      }
      const refs = state.call?.args.filter((a) => a.kind === "reference") ?? [];
      const reads = refs.some(
        (a) =>
          a.kind === "reference" && this.book.sheet(a.sheet ?? state.sheet.name) === sheet && overlaps(a.range, range),
      );
      if (reads) this.dirty.add(state);
    }
  }

  spillBlocked(sheet: SheetModel, anchor: Cell): void {
    const state = this.states.get(anchor);
    if (state) this.showError(state, "#SPILL!", "A cell in the way of the result holds something.");
  }

  calculate(sheet: SheetModel, range?: CellRange): void {
    for (const [key, cell] of sheet.cells) {
      if (cell.formula === undefined) continue;
      if (range && !overlaps(range, { top: keyRow(key), bottom: keyRow(key), left: keyCol(key), right: keyCol(key) }))
        continue;
      this.formulaWritten(sheet, cell);
    }
  }

  /** Rows or cells were inserted (or a full calculation asked for): every MAD formula runs again (see above). */
  rerunAll(): void {
    for (const state of this.states.values())
      if (state.call && state.call.name !== FIELD_FUNCTION) this.dirty.add(state);
  }

  /** After a batch ran: every formula it wrote or marked starts, all at once, as Excel calculates. */
  batchDone(): void {
    const states = [...this.dirty];
    this.dirty.clear();
    for (const state of states) this.start(state);
  }

  /** Resolves when no started call is still gathering its arguments and no onCalculated handler is running. */
  async idle(): Promise<void> {
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    await tick(); // answers given just now land first
    while (this.inFlight.size) {
      await Promise.all([...this.inFlight]);
      await tick();
    }
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  private start(state: FormulaState): void {
    state.pending?.cancel();
    const generation = ++state.generation;
    this.showError(state, "#BUSY!", "Waiting for the result.");
    this.track(
      new Promise<void>((resolve) => setTimeout(resolve, 0)).then(async () => {
        if (generation !== state.generation || !state.call) return;
        const address = this.where(state);
        if (!address) return;
        if (state.call.name === FIELD_FUNCTION) {
          this.readField(state);
          return;
        }
        const args = this.gather(state);
        if ("error" in args) {
          this.showError(state, args.error.code, args.error.message);
          return;
        }
        if (!this.functions.isRegistered(state.call.name)) {
          this.showError(state, "#NAME?", `${state.call.name} is not a function.`);
          return;
        }
        const pending = this.functions.invoke(
          state.call.name,
          args.values,
          `${sheetReference(state.sheet.name)}!${cellAddress(address)}`,
        );
        state.pending = pending;
        void pending.outcome.then((outcome) => {
          if (generation !== state.generation) return;
          state.pending = undefined;
          this.settle(state, outcome);
        });
      }),
    );
  }

  /** `=A2.Price`: the field of the data type in the referenced cell, without a call; waits while it is #BUSY!. */
  private readField(state: FormulaState): void {
    const [reference, field] = state.call!.args;
    if (reference?.kind !== "reference" || field?.kind !== "literal") return;
    const sheet = this.book.sheet(reference.sheet ?? state.sheet.name);
    if (!sheet) {
      this.showError(state, "#REF!", `No sheet ${reference.sheet}`);
      return;
    }
    const cell = sheet.get(reference.range.top, reference.range.left);
    if (cell?.error?.code === "#BUSY!") return; // it shows #BUSY! already; the result landing there calls again
    if (cell?.error) {
      this.showError(state, cell.error.code, cell.error.message);
      return;
    }
    const entity = cell?.entity as Parameters<typeof fieldOutcome>[0];
    this.settle(state, fieldOutcome(entity, String(field.value), reference.text));
  }

  /** Field formulas reading a cell of this area, started again (a data type landed there or left). */
  private refreshFields(sheet: SheetModel, area: CellRange): void {
    for (const state of this.states.values()) {
      const reference = state.call?.name === FIELD_FUNCTION ? state.call.args[0] : undefined;
      if (reference?.kind !== "reference") continue;
      if (this.book.sheet(reference.sheet ?? state.sheet.name) === sheet && overlaps(reference.range, area))
        this.start(state);
    }
  }

  private gather(state: FormulaState): { values: ArgumentValue[] } | { error: { code: string; message: string } } {
    const blank = this.blankArgument === "zero" ? 0 : null;
    const values: ArgumentValue[] = [];
    for (const [index, arg] of state.call!.args.entries()) {
      if (arg.kind === "omitted") values.push(null);
      else if (arg.kind === "literal") values.push(arg.value);
      else if (arg.kind === "array") values.push(arg.rows.map((row) => [...row]));
      else {
        const sheet = this.book.sheet(arg.sheet ?? state.sheet.name);
        if (!sheet) return { error: { code: "#REF!", message: `No sheet ${arg.sheet}` } };
        const reading = state.readings[index];
        if (reading?.kind === "wholeColumns" && this.host.platform === "web")
          return {
            error: { code: "#CALC!", message: "Excel on the web passes no whole column to a custom function." },
          };
        const range = reading?.kind === "trimmed" ? trimmedRange(sheet, arg.range, reading) : arg.range;
        const rows: ArgumentCell[][] = [];
        for (let row = range.top; row <= range.bottom; row++) {
          const line: ArgumentCell[] = [];
          for (let col = range.left; col <= range.right; col++) {
            const cell = sheet.get(row, col);
            if (cell?.error) return { error: cell.error };
            if (cell?.entity && !this.host.customFunctionDataTypes)
              return { error: { code: "#VALUE!", message: "This Excel passes no data types to custom functions." } };
            if (cell?.entity) line.push(cell.entity as unknown as ArgumentCell);
            else line.push(!cell || cell.value === "" ? blank : cell.value);
          }
          rows.push(line);
        }
        values.push(rows.length === 1 && rows[0].length === 1 ? rows[0][0] : rows);
      }
    }
    return { values };
  }

  private settle(state: FormulaState, outcome: FunctionOutcome): void {
    if (outcome.kind === "rows" && this.host.platform === "web") {
      const bytes = utf8Bytes(JSON.stringify(outcome.rows.map((row) => row.map((c) => c.value))));
      if (bytes > PAYLOAD_LIMIT_BYTES) {
        const at = this.where(state);
        this.stuck.push({ address: `${state.sheet.name}!${at ? cellAddress(at) : "?"}`, bytes });
        return; // stays #BUSY!
      }
    }
    state.outcome = outcome;
    this.apply(state, outcome);
  }

  /** The block a result takes, or undefined when it does not fit the sheet; with `within`, whether they meet. */
  private spillArea(state: FormulaState, outcome: FunctionOutcome, within?: CellRange): CellRange | undefined {
    const at = this.where(state);
    if (!at || outcome.kind !== "rows") return undefined;
    const area = {
      top: at.row,
      left: at.col,
      bottom: at.row + outcome.rows.length - 1,
      right: at.col + (outcome.rows[0]?.length ?? 1) - 1,
    };
    if (within && !overlaps(area, within)) return undefined;
    return area;
  }

  private apply(state: FormulaState, outcome: FunctionOutcome): void {
    this.clearSpill(state);
    if (outcome.kind === "error") {
      this.showError(state, outcome.error.code, outcome.error.message);
    } else {
      const area = this.spillArea(state, outcome)!;
      const { sheet, cell } = state;
      const fits = area.bottom < SHEET_ROWS && area.right < SHEET_COLUMNS;
      const inTable = this.book.tables.some((t) => t.sheet === sheet && overlaps(t.range, area));
      const blocked =
        !fits ||
        (inTable && (area.bottom > area.top || area.right > area.left)) ||
        [...this.cellsOf(area)].some(([row, col]) => {
          if (row === area.top && col === area.left) return false;
          const other = sheet.get(row, col);
          return !!other && (other.value !== "" || other.formula !== undefined || !!other.spilledFrom);
        });
      if (blocked) {
        this.showError(state, "#SPILL!", "Cells in the way of the result are not empty.");
      } else {
        for (const [row, col] of this.cellsOf(area)) {
          const result = outcome.rows[row - area.top][col - area.left];
          const target = row === area.top && col === area.left ? cell : sheet.at(row, col);
          target.value = result.value;
          target.error = result.error;
          target.entity = undefined;
          if (result.entity) {
            const kept = functionDataType(
              result.entity,
              this.host,
              sheet.address({ top: row, left: col, bottom: row, right: col }),
            );
            if ("refused" in kept) {
              target.value = "#VALUE!";
              target.error = { code: "#VALUE!", message: kept.refused };
            } else target.entity = kept.entity;
          }
          if (target !== cell) target.spilledFrom = cell;
        }
        cell.spill =
          area.bottom > area.top || area.right > area.left
            ? { rows: area.bottom - area.top + 1, columns: area.right - area.left + 1 }
            : undefined;
        this.refreshFields(sheet, area);
      }
    }
    this.raiseCalculated(state.sheet);
  }

  private *cellsOf(area: CellRange): Generator<[number, number]> {
    for (let row = area.top; row <= area.bottom; row++)
      for (let col = area.left; col <= area.right; col++) yield [row, col];
  }

  private clearSpill(state: FormulaState): void {
    const { sheet, cell } = state;
    const at = this.where(state);
    if (!cell.spill || !at) return;
    for (let row = at.row; row < at.row + cell.spill.rows; row++)
      for (let col = at.col; col < at.col + cell.spill.columns; col++) {
        const other = sheet.cells.get(cellKey(row, col));
        if (other && other !== cell && other.spilledFrom === cell) {
          other.spilledFrom = undefined;
          other.value = "";
          other.error = undefined;
          other.entity = undefined;
          sheet.tidy(row, col);
        }
      }
    cell.spill = undefined;
  }

  private showError(state: FormulaState, code: string, message: string): void {
    this.clearSpill(state);
    state.cell.value = code;
    state.cell.error = { code, message };
    state.cell.entity = undefined;
  }

  private raiseCalculated(sheet: SheetModel): void {
    for (const handler of sheet.calculatedHandlers) {
      this.track(
        Promise.resolve()
          .then(() =>
            handler({
              type: "WorksheetCalculated",
              worksheetId: sheet.id,
              address: sheet.address(sheet.usedRange(true) ?? { top: 0, left: 0, bottom: 0, right: 0 }),
            }),
          )
          .catch(() => undefined),
      );
    }
  }
}
