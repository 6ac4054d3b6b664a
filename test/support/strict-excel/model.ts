/**
 * The workbook the strict stand-in keeps: sheets of sparse cells (a 30,000-cell sheet is 30,000 map entries, not a
 * grid), tables, workbook names, charts and document settings. The proxies (client.ts and the object files) read
 * and change it only inside context.sync(), as Excel applies a batch.
 *
 * Writes behave as Excel's do: text written as `values` into a cell not formatted as text is parsed ("=…" becomes a
 * formula, "-5" a number); a value written over a spilled cell blocks the spill (#SPILL!); and a write over a
 * person's data is silent in Excel, so the stand-in records it (`overwrites`) for a test to fail on.
 */
import { cellAddress, type CellRange } from "../../../src/table/a1";
import { sheetReference } from "../../../src/table/sheet-names";
import { invalidArgument } from "./errors";
import {
  cellValueRefused,
  internalError,
  keptEntity,
  keptValue,
  plainCellValue,
  webProblem,
  type DataTypeHost,
} from "./data-types";
import { cellValueFormatProblem, numberFormatProblem } from "./number-format";
import { SHEET_COLUMNS, SHEET_ROWS } from "./platform";

export type Scalar = string | number | boolean;

interface CellError {
  readonly code: string;
  readonly message: string;
}

/**
 * A data type in a cell: Microsoft's entity value JSON (`{type: "Entity", text, properties, layouts}`,
 * https://learn.microsoft.com/javascript/api/excel/excel.entitycellvalue, ExcelApi 1.16).
 */
export interface EntityJson {
  readonly type: "Entity";
  readonly text: string;
  readonly properties: Readonly<Record<string, { readonly type: string; readonly basicValue?: Scalar } & object>>;
  readonly [more: string]: unknown;
}

export const isEntityJson = (value: unknown): value is EntityJson =>
  typeof value === "object" &&
  value !== null &&
  (value as { type?: unknown }).type === "Entity" &&
  typeof (value as { text?: unknown }).text === "string" &&
  typeof (value as { properties?: unknown }).properties === "object";

export interface Cell {
  /** What the cell holds or shows: "" for blank, the error's code for an error, a data type's text. */
  value: Scalar;
  /** A data type (an entity value): its cell shows `value` (the entity's text), its card the properties. */
  entity?: EntityJson;
  formula?: string;
  format: string;
  error?: CellError;
  /** Typed by a person (tests put a person's data in with `type`): writing over it is recorded. */
  person?: boolean;
  bold?: boolean;
  italic?: boolean;
  /** On a formula's anchor: the size of its spilled result. */
  spill?: { rows: number; columns: number };
  /** On a cell a formula spilled into: that formula's anchor cell. */
  spilledFrom?: Cell;
}

export interface RangeRef {
  readonly sheet: SheetModel;
  readonly range: CellRange;
}

export interface TableModel {
  name: string;
  readonly sheet: SheetModel;
  /** Header row included. */
  range: CellRange;
}

export interface SeriesModel {
  name: string;
  values?: RangeRef;
  xValues?: RangeRef;
  axisGroup: "Primary" | "Secondary";
}

export interface AxisModel {
  title: string;
  numberFormat: string;
}

export interface ChartModel {
  name: string;
  readonly type: string;
  readonly sheet: SheetModel;
  series: SeriesModel[];
  title: string;
  readonly axes: { category: AxisModel; value: AxisModel; secondaryValue: AxisModel };
  legendVisible: boolean;
  position?: readonly [string, string];
}

/** A write over a person's data, which Excel makes without a word. */
export interface Overwrite {
  readonly sheet: string;
  readonly address: string;
  readonly before: string;
  readonly after: string;
  /** What wrote it: `values`, `formulas`, `clear`, `numberFormat`. */
  readonly via: string;
}

export type CalculatedHandler = (event: { type: string; worksheetId: string; address: string }) => unknown;

export const cellKey = (row: number, col: number) => row * SHEET_COLUMNS + col;
export const keyRow = (key: number) => Math.floor(key / SHEET_COLUMNS);
export const keyCol = (key: number) => key % SHEET_COLUMNS;

const isBlank = (cell: Cell | undefined) => !cell || (cell.value === "" && cell.formula === undefined);

/** Every format of a numberFormat write is valid, else the write fails before any cell changes (number-format.ts). */
function checkNumberFormats(range: CellRange, each: (row: number, col: number) => unknown): void {
  for (let row = range.top; row <= range.bottom; row++)
    for (let col = range.left; col <= range.right; col++) {
      const format = each(row, col);
      const problem = format === undefined ? undefined : numberFormatProblem(String(format));
      if (problem)
        throw invalidArgument(`numberFormat ${JSON.stringify(format)} at ${cellAddress({ row, col })}: ${problem}`);
    }
}

/** Excel's reading of text put into a cell that is not formatted as text. */
function parseTyped(text: string): { value: Scalar; formula?: string } {
  if (text.startsWith("=") && text.length > 1) return { value: 0, formula: text };
  if (/^[-+]?\d+(\.\d+)?$/.test(text.trim())) return { value: Number(text) };
  return { value: text };
}

export class SheetModel {
  readonly cells = new Map<number, Cell>();
  private readonly keys = new Map<Cell, number>();
  readonly charts: ChartModel[] = [];
  readonly calculatedHandlers: CalculatedHandler[] = [];

  constructor(
    readonly book: WorkbookModel,
    readonly id: string,
    public name: string,
  ) {}

  get(row: number, col: number): Cell | undefined {
    return this.cells.get(cellKey(row, col));
  }

  /** The cell, created blank when missing. */
  at(row: number, col: number): Cell {
    const key = cellKey(row, col);
    let cell = this.cells.get(key);
    if (!cell) {
      cell = { value: "", format: "General" };
      this.cells.set(key, cell);
      this.keys.set(cell, key);
    }
    return cell;
  }

  keyOf(cell: Cell): number | undefined {
    return this.keys.get(cell);
  }

  /** Drops a cell that holds nothing any more (the map stays sparse). */
  tidy(row: number, col: number): void {
    const key = cellKey(row, col);
    const cell = this.cells.get(key);
    if (cell && isBlank(cell) && cell.format === "General" && !cell.bold && !cell.italic && !cell.spill) {
      this.cells.delete(key);
      this.keys.delete(cell);
    }
  }

  /** Moves every cell at or below `row` down by `count` rows (inserted sheet rows; only in `columns` when given). */
  shiftRows(row: number, count: number, columns?: { left: number; right: number }): void {
    const inColumns = (key: number) => !columns || (keyCol(key) >= columns.left && keyCol(key) <= columns.right);
    const moved = [...this.cells].filter(([key]) => keyRow(key) >= row && inColumns(key));
    for (const [key] of moved) this.cells.delete(key);
    for (const [key, cell] of moved) {
      const next = cellKey(keyRow(key) + count, keyCol(key));
      this.cells.set(next, cell);
      this.keys.set(cell, next);
    }
  }

  /** The smallest range holding every used cell (values and formulas; also formats unless `valuesOnly`). */
  usedRange(valuesOnly: boolean, within?: CellRange): CellRange | null {
    let top = Infinity;
    let left = Infinity;
    let bottom = -1;
    let right = -1;
    for (const [key, cell] of this.cells) {
      const used = !isBlank(cell) || (!valuesOnly && (cell.format !== "General" || cell.bold || cell.italic));
      if (!used) continue;
      const row = keyRow(key);
      const col = keyCol(key);
      if (within && (row < within.top || row > within.bottom || col < within.left || col > within.right)) continue;
      top = Math.min(top, row);
      left = Math.min(left, col);
      bottom = Math.max(bottom, row);
      right = Math.max(right, col);
    }
    return bottom < 0 ? null : { top, left, bottom, right };
  }

  /** `'My sheet'!B3:C4` as Excel reports addresses. */
  address(range: CellRange): string {
    const start = cellAddress({ row: range.top, col: range.left });
    const local =
      range.top === range.bottom && range.left === range.right
        ? start
        : `${start}:${cellAddress({ row: range.bottom, col: range.right })}`;
    return `${sheetReference(this.name)}!${local}`;
  }
}

/** What the calculation engine needs to hear about writes (calc.ts). */
export interface CalcHooks {
  formulaWritten(sheet: SheetModel, cell: Cell): void;
  formulaRemoved(sheet: SheetModel, cell: Cell): void;
  valuesChanged(sheet: SheetModel, range: CellRange): void;
  /** A spilled cell got a value of its own: its formula's result is blocked (#SPILL!). */
  spillBlocked(sheet: SheetModel, anchor: Cell): void;
  /** Range.calculate / Worksheet.calculate: the formulas in the range run again. */
  calculate(sheet: SheetModel, range?: CellRange): void;
  /** Rows or cells inserted: every MAD formula is cancelled and called again (calc.ts). */
  rerunAll(): void;
}

export class WorkbookModel {
  readonly sheets: SheetModel[] = [];
  readonly tables: TableModel[] = [];
  /** Workbook names by lower-case name. */
  readonly names = new Map<string, { name: string; formula: string }>();
  /** Document settings as last saved (Office.context.document.settings after saveAsync). */
  readonly settings = new Map<string, unknown>();
  readonly overwrites: Overwrite[] = [];
  active = { sheet: "Sheet1", address: "A1" };
  /**
   * The selected cells, when more than the active cell: one area (`A2:A61`) or several (`A2:A5,C2:C5`), which
   * Workbook.getSelectedRange refuses.
   */
  selection: { sheet: string; address: string } | undefined;
  private sheetCount = 0;
  calc: CalcHooks | undefined;
  /** How this Excel takes data types (licence, ExcelApi level, platform); absent: as it is given. */
  dataTypes: DataTypeHost | undefined;

  constructor(sheetNames: readonly string[]) {
    for (const name of sheetNames) this.addSheet(name);
  }

  addSheet(name: string): SheetModel {
    if (this.sheets.some((s) => s.name.toLowerCase() === name.toLowerCase()))
      throw new Error(`A sheet named ${name} already exists`);
    if (!name || name.length > 31 || /[:\\/?*[\]]/.test(name)) throw new Error(`Not a valid sheet name: ${name}`);
    const sheet = new SheetModel(
      this,
      `{00000000-0001-0000-0000-${String(++this.sheetCount).padStart(12, "0")}}`,
      name,
    );
    this.sheets.push(sheet);
    return sheet;
  }

  /** By name (ignoring case) or id, as Worksheets.getItem finds a sheet. */
  sheet(key: string): SheetModel | undefined {
    return this.sheets.find((s) => s.id === key || s.name.toLowerCase() === key.toLowerCase());
  }

  renameSheet(sheet: SheetModel, name: string): void {
    if (this.sheets.some((s) => s !== sheet && s.name.toLowerCase() === name.toLowerCase()))
      throw new Error(`A sheet named ${name} already exists`);
    const before = sheetReference(sheet.name);
    // Excel rewrites references to the sheet in workbook names (and formulas) when it is renamed.
    for (const entry of this.names.values())
      entry.formula = entry.formula.split(`${before}!`).join(`${sheetReference(name)}!`);
    sheet.name = name;
  }

  deleteSheet(sheet: SheetModel): void {
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    for (const table of this.tables.filter((t) => t.sheet === sheet)) this.tables.splice(this.tables.indexOf(table), 1);
  }

  /** Writes `values`, `formulas` or `numberFormat` over a range: one value for all cells, or one per cell. */
  write(sheet: SheetModel, range: CellRange, kind: "values" | "formulas" | "numberFormat", given: unknown): void {
    const each = (r: number, c: number): unknown =>
      Array.isArray(given) ? (given as unknown[][])[r - range.top]?.[c - range.left] : given;
    if (kind === "numberFormat") checkNumberFormats(range, each);
    for (let row = range.top; row <= range.bottom; row++) {
      for (let col = range.left; col <= range.right; col++) {
        const value = each(row, col);
        if (value === undefined) continue;
        if (kind === "numberFormat") {
          sheet.at(row, col).format = String(value);
          continue;
        }
        this.put(sheet, row, col, value as Scalar | null, kind);
      }
    }
    if (kind !== "numberFormat") this.calc?.valuesChanged(sheet, range);
  }

  private put(sheet: SheetModel, row: number, col: number, given: Scalar | null, via: "values" | "formulas"): void {
    const cell = sheet.at(row, col);
    const before = this.shown(cell);
    const text = typeof given === "string" ? given : null;
    let next: { value: Scalar; formula?: string };
    if (given === null || given === "") next = { value: "" };
    // A cell formatted as text keeps what is written as text, a formula's text included, as Excel does.
    else if (text !== null && cell.format === "@") next = { value: text };
    else if (text !== null) next = parseTyped(text);
    else next = { value: given };
    if (cell.spilledFrom && next.value === "" && next.formula === undefined) return; // clearing a spilled cell: no-op
    if (cell.spilledFrom) {
      const anchor = cell.spilledFrom;
      cell.spilledFrom = undefined;
      cell.value = "";
      this.calc?.spillBlocked(sheet, anchor);
    }
    if (cell.formula !== undefined) this.calc?.formulaRemoved(sheet, cell);
    cell.value = next.value;
    cell.formula = next.formula;
    cell.error = undefined;
    cell.entity = undefined;
    this.noteOverwrite(sheet, row, col, cell, before, via);
    cell.person = false;
    if (cell.formula !== undefined) this.calc?.formulaWritten(sheet, cell);
    sheet.tidy(row, col);
  }

  clear(sheet: SheetModel, range: CellRange, applyTo: string): void {
    for (const [key, cell] of [...sheet.cells]) {
      const row = keyRow(key);
      const col = keyCol(key);
      if (row < range.top || row > range.bottom || col < range.left || col > range.right) continue;
      // A spilled cell belongs to its formula: clearing it alone changes nothing (its anchor's clear removes it).
      if (cell.spilledFrom) continue;
      if (applyTo !== "Formats") {
        const before = this.shown(cell);
        if (cell.formula !== undefined) this.calc?.formulaRemoved(sheet, cell);
        cell.value = "";
        cell.formula = undefined;
        cell.error = undefined;
        cell.entity = undefined;
        this.noteOverwrite(sheet, row, col, cell, before, "clear");
        cell.person = false;
      }
      if (applyTo !== "Contents") {
        cell.format = "General";
        cell.bold = cell.italic = false;
      }
      sheet.tidy(row, col);
    }
    this.calc?.valuesChanged(sheet, range);
  }

  /**
   * Range.valuesAsJson = … (ExcelApi 1.16): each cell value JSON into its cell. An entity value goes in as a data
   * type (its cell shows its text); a String, Double, FormattedNumber or Boolean value as its basicValue (a
   * formatted number with its format); anything else is refused. What this Excel refuses (retail perpetual Office,
   * the web's validation) fails the whole write before any cell changes (data-types.ts).
   * https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-valuesasjson-member
   */
  writeJson(sheet: SheetModel, range: CellRange, given: unknown): void {
    if (!Array.isArray(given)) throw invalidArgument("valuesAsJson takes a 2D array of cell values");
    const host = this.dataTypes;
    if (host?.license === "retailPerpetual") throw internalError();
    const at = (row: number, col: number) =>
      (given as unknown[][])[row - range.top]?.[col - range.left] as Record<string, unknown> | undefined;
    for (let row = range.top; row <= range.bottom; row++)
      for (let col = range.left; col <= range.right; col++) {
        const problem = host && webProblem(at(row, col), host, cellAddress({ row, col }));
        if (problem) throw cellValueRefused(problem);
        const format = cellValueFormatProblem(at(row, col));
        if (format) throw invalidArgument(`Cell ${cellAddress({ row, col })}: ${format}`);
      }
    for (let row = range.top; row <= range.bottom; row++) {
      for (let col = range.left; col <= range.right; col++) {
        const json = at(row, col);
        if (json === undefined) continue;
        this.putJson(sheet, row, col, json);
      }
    }
    this.calc?.valuesChanged(sheet, range);
  }

  private putJson(sheet: SheetModel, row: number, col: number, json: Record<string, unknown>): void {
    if (isEntityJson(json)) {
      // An entity goes in as itself: its text is never parsed as a formula or a number.
      this.put(sheet, row, col, null, "values");
      const entity = this.dataTypes ? keptEntity(json, this.dataTypes) : json;
      Object.assign(sheet.at(row, col), { value: json.text, entity });
      return;
    }
    const plain = plainCellValue((this.dataTypes ? keptValue(json, this.dataTypes) : json) as Record<string, unknown>);
    if (!plain) throw invalidArgument(`the stand-in writes no ${String(json.type)} cell value`);
    if (json.type === "String") {
      this.put(sheet, row, col, null, "values");
      sheet.at(row, col).value = String(plain.value ?? "");
      return;
    }
    this.put(sheet, row, col, plain.value, "values");
    if (plain.format) sheet.at(row, col).format = plain.format;
  }

  /** Inserts `count` entire sheet rows before 0-based `row`: cells, tables and chart ranges below move down. */
  insertRows(sheet: SheetModel, row: number, count: number): void {
    const last = sheet.usedRange(false)?.bottom ?? -1;
    if (last + count >= SHEET_ROWS) throw new Error("The rows would push data off the end of the sheet");
    sheet.shiftRows(row, count);
    this.calc?.rerunAll();
    const move = (range: CellRange): CellRange =>
      range.top >= row
        ? { ...range, top: range.top + count, bottom: range.bottom + count }
        : range.bottom >= row
          ? { ...range, bottom: range.bottom + count }
          : range;
    for (const table of this.tables) if (table.sheet === sheet) table.range = move(table.range);
    for (const chart of sheet.charts)
      for (const series of chart.series) {
        if (series.values?.sheet === sheet) series.values = { sheet, range: move(series.values.range) };
        if (series.xValues?.sheet === sheet) series.xValues = { sheet, range: move(series.xValues.range) };
      }
  }

  /** Cells inserted in place of `range` (shift Down): what is below it in its columns moves down. */
  insertCells(sheet: SheetModel, range: CellRange): void {
    const count = range.bottom - range.top + 1;
    const columns = { left: range.left, right: range.right };
    const cut = this.tables.find(
      (t) =>
        t.sheet === sheet &&
        t.range.bottom >= range.top &&
        t.range.left <= range.right &&
        t.range.right >= range.left &&
        (t.range.left < range.left || t.range.right > range.right || t.range.top < range.top),
    );
    if (cut) throw new Error(`This operation is not allowed: it would shift cells in the table ${cut.name}`);
    sheet.shiftRows(range.top, count, columns);
    this.calc?.rerunAll();
    for (const table of this.tables)
      if (
        table.sheet === sheet &&
        table.range.top >= range.top &&
        table.range.left >= range.left &&
        table.range.right <= range.right
      )
        table.range = { ...table.range, top: table.range.top + count, bottom: table.range.bottom + count };
  }

  /** The text a cell shows (for overwrite records and tests). */
  shown(cell: Cell | undefined): string {
    if (!cell) return "";
    if (cell.formula !== undefined) return cell.formula;
    return String(cell.value);
  }

  private noteOverwrite(sheet: SheetModel, row: number, col: number, cell: Cell, before: string, via: string) {
    if (!cell.person || before === "") return;
    const after = this.shown(cell);
    if (after === before) return;
    this.overwrites.push({ sheet: sheet.name, address: cellAddress({ row, col }), before, after, via });
  }
}
