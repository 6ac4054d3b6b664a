/**
 * One sheet of the preview workbook: what was typed or written into each cell, the formulas among them, and what
 * each cell shows once laid out (values, spilled results, #SPILL! and #BUSY!). Calls and recalculation across
 * sheets are the workbook's business (workbook.ts); a sheet only lays out its own cells.
 */
import { t } from "../i18n/preview";
import type { ChartSpec } from "../taskpane/report-model/chart-spec";
import type { ReportGroupInfo } from "../taskpane/report-model/report-sheet-spec";
import {
  CellPosition,
  CellRange,
  cellAddress,
  cellsOf,
  positionKey,
  rangeAddress,
  rangeContains,
  rangeOf,
} from "../table/a1";
import { BUSY, CellError, EntityValue, FunctionOutcome, PendingCall } from "./cell-types";
import { formatValue } from "./format";
import type { CellInput, FunctionCall, Scalar } from "./formula";

export interface DisplayCell {
  readonly value: Scalar | null;
  /** The value as shown, formatted. */
  readonly text: string;
  readonly error?: CellError;
  /** The formula cell this value comes from (the formula's own cell or a cell it spills into). */
  readonly anchor?: CellPosition;
  readonly style?: string;
  /** A data type (a product card): the cell shows its text; the card opens from the cell. */
  readonly entity?: EntityValue;
}

interface StoredCell {
  readonly text: string;
  readonly input: CellInput;
}

export interface FormulaState {
  readonly sheet: Sheet;
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

/** What a sheet made from a report template keeps besides its cells. */
export interface ReportAttachment {
  readonly report: ReportGroupInfo;
  readonly charts: readonly ChartSpec[];
}

const EMPTY: DisplayCell = { value: null, text: "" };

export class Sheet {
  private readonly cells = new Map<string, StoredCell>();
  private readonly formats = new Map<string, string>();
  private readonly styles = new Map<string, string>();
  readonly formulas = new Map<string, FormulaState>();
  private shown = new Map<string, DisplayCell>();
  private spills = new Map<string, CellRange>();
  /** Cells of spills being recalculated: they count as #BUSY! for dependents. */
  private busyArea = new Set<string>();
  /** Set on sheets made from a report template. */
  report?: ReportAttachment;
  /** Set on a history sheet: its chart, over the summary table (`table`: header and rows, as it is now). */
  history?: { readonly charts: readonly ChartSpec[]; table: CellRange };
  /** Counts requests to redraw the sheet's charts (refreshReportCharts), so even unchanged data is drawn again. */
  chartsRevision = 0;

  constructor(
    /** Stable for the sheet's life; never reused. */
    readonly id: number,
    readonly name: string,
    private readonly rowCount: number,
    private readonly columnCount: number,
  ) {}

  /** The text the formula bar shows for a cell. */
  inputText(pos: CellPosition): string {
    return this.cells.get(positionKey(pos))?.text ?? "";
  }

  display(pos: CellPosition): DisplayCell {
    return this.shown.get(positionKey(pos)) ?? EMPTY;
  }

  /** True while the cell belongs to a spill whose formula is being recalculated. */
  isRecalculating(pos: CellPosition): boolean {
    return this.busyArea.has(positionKey(pos));
  }

  /** The cell's number format (`@` keeps what is typed there as text). */
  format(pos: CellPosition): string | undefined {
    return this.formats.get(positionKey(pos));
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

  /** Stores a cell's input; a formula there is replaced (its pending call canceled). */
  store(pos: CellPosition, text: string, input: CellInput, order: number): void {
    const key = positionKey(pos);
    const previous = this.formulas.get(key);
    if (previous) {
      previous.pending?.cancel();
      this.formulas.delete(key);
    }
    if (input.kind === "empty") this.cells.delete(key);
    else this.cells.set(key, { text, input });
    if (input.kind === "formula") {
      this.formulas.set(key, { sheet: this, pos, call: input.call, order, generation: 0, waiting: false });
    }
  }

  /** Every cell at or below `row` that holds an input, a format or a style (to move them down). */
  contentFrom(row: number): { pos: CellPosition; text: string; format?: string; style?: string }[] {
    const keys = new Set([...this.cells.keys(), ...this.formats.keys(), ...this.styles.keys()]);
    return [...keys]
      .map((key) => {
        const [r, c] = key.split(",").map(Number);
        return {
          pos: { row: r, col: c },
          text: this.cells.get(key)?.text ?? "",
          format: this.formats.get(key),
          style: this.styles.get(key),
        };
      })
      .filter((cell) => cell.pos.row >= row);
  }

  setFormat(pos: CellPosition, format: string | undefined): void {
    if (format) this.formats.set(positionKey(pos), format);
    else this.formats.delete(positionKey(pos));
  }

  setStyle(pos: CellPosition, style: string | undefined): void {
    if (style) this.styles.set(positionKey(pos), style);
    else this.styles.delete(positionKey(pos));
  }

  /** Recomputes what every cell shows from the stored inputs and the formulas' latest outcomes. */
  layout(): void {
    const shown = new Map<string, DisplayCell>();
    const spills = new Map<string, CellRange>();
    const busyArea = new Set<string>();
    const withStyle = (key: string, cell: DisplayCell): DisplayCell => {
      const style = this.styles.get(key);
      return style ? { ...cell, style } : cell;
    };
    for (const [key, stored] of this.cells) {
      if (stored.input.kind === "value") {
        const { value, entity } = stored.input;
        const text = entity ? entity.text : formatValue(value, this.formats.get(key));
        shown.set(key, withStyle(key, { value, text, ...(entity ? { entity } : {}) }));
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
          message: t("cell.spillEdge", { rows: rows.length, columns: rows[0].length }),
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
        const message = t("cell.spillBlocked", { range: rangeAddress(area), blocker: cellAddress(blocker) });
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
          const entity = cell.entity ? { entity: cell.entity } : {};
          shown.set(cellKey, withStyle(cellKey, { value: cell.value, text, error: cell.error, anchor, ...entity }));
        }),
      );
    }
    this.shown = shown;
    this.spills = spills;
    this.busyArea = busyArea;
  }
}

function errorCell(error: CellError): DisplayCell {
  return { value: error.code, text: error.code, error };
}
