/**
 * Range, RangeAreas and their formats in the stand-in
 * (https://learn.microsoft.com/javascript/api/excel/excel.range). Reads are bounded as Excel bounds them: a get
 * over more than five million cells fails (platform.ts); the APIs the add-in uses carry their requirement set.
 * A data type (an entity value) reads as Excel documents it: `values` gives its basicValue "#VALUE!" and
 * `valueTypes` "Error" (https://learn.microsoft.com/javascript/api/excel/excel.entitycellvalue: basicValue is
 * "the value that would be returned by Range.values for a cell with this value", `"#VALUE!"`, basicType "Error");
 * `valuesAsJson` (ExcelApi 1.16) gives and takes the whole JSON, except where Excel refuses data types
 * (data-types.ts).
 */
import { parseRangeAddress, type CellRange } from "../../../src/table/a1";
import { ClientObject, Collection, type RequestContext, type Scalars } from "./client";
import { invalidArgument, invalidOperation, RichApiError } from "./errors";
import { apiNotFound } from "./errors";
import { internalError } from "./data-types";
import { keyCol, keyRow, type Cell, type RangeRef, type SheetModel } from "./model";
import { MAX_CELLS_PER_GET, SHEET_COLUMNS, SHEET_ROWS } from "./platform";

const cellCount = (r: CellRange) => (r.bottom - r.top + 1) * (r.right - r.left + 1);

/** `A1`, `B2:D9`, `5:10` (entire rows) or `C:D` (entire columns) within a sheet. */
export function parseAddress(address: string): CellRange {
  const local = address.includes("!") ? address.slice(address.lastIndexOf("!") + 1) : address;
  const rows = /^\$?(\d+):\$?(\d+)$/.exec(local);
  if (rows) return { top: Number(rows[1]) - 1, bottom: Number(rows[2]) - 1, left: 0, right: SHEET_COLUMNS - 1 };
  const columns = /^\$?([A-Z]{1,3}):\$?([A-Z]{1,3})$/i.exec(local);
  if (columns) {
    const a = parseRangeAddress(`${columns[1]}1:${columns[2]}1`)!;
    return { ...a, top: 0, bottom: SHEET_ROWS - 1 };
  }
  const range = parseRangeAddress(local.replace(/\$/g, ""));
  if (!range || range.bottom >= SHEET_ROWS || range.right >= SHEET_COLUMNS) throw invalidArgument(`address ${address}`);
  return range;
}

function valueOf(cell: Cell | undefined): unknown {
  if (cell?.entity) return "#VALUE!";
  return cell ? cell.value : "";
}

function valueType(cell: Cell | undefined): string {
  if (!cell || (cell.value === "" && cell.formula === undefined)) return "Empty";
  if (cell.error || cell.entity) return "Error";
  if (typeof cell.value === "number") return "Double";
  if (typeof cell.value === "boolean") return "Boolean";
  return "String";
}

/** A cell's value as Range.valuesAsJson gives it (https://learn.microsoft.com/javascript/api/excel/excel.cellvalue). */
function jsonOf(cell: Cell | undefined): unknown {
  if (cell?.entity) return { basicType: "Error", basicValue: "#VALUE!", ...cell.entity };
  const basicType = valueType(cell);
  const basicValue = valueOf(cell);
  if (basicType === "Error") return { type: "Error", basicType, basicValue };
  return { type: basicType, basicType, basicValue };
}

function matrix(ref: RangeRef, read: (cell: Cell | undefined) => unknown): unknown[][] {
  const { sheet, range } = ref;
  if (cellCount(range) > MAX_CELLS_PER_GET)
    throw new RichApiError("GeneralException", `A get of ${cellCount(range)} cells is over Excel's five million.`);
  const rows: unknown[][] = [];
  for (let row = range.top; row <= range.bottom; row++) {
    const values: unknown[] = [];
    for (let col = range.left; col <= range.right; col++) values.push(read(sheet.get(row, col)));
    rows.push(values);
  }
  return rows;
}

/** Cells of `range` that pass `test`, as rectangles (runs along rows, merged down while they line up). */
function areasOf(sheet: SheetModel, range: CellRange, test: (cell: Cell) => boolean): CellRange[] {
  const byRow = new Map<number, number[]>();
  for (const [key, cell] of sheet.cells) {
    const row = keyRow(key);
    const col = keyCol(key);
    if (row < range.top || row > range.bottom || col < range.left || col > range.right || !test(cell)) continue;
    byRow.set(row, [...(byRow.get(row) ?? []), col]);
  }
  const areas: CellRange[] = [];
  const open = new Map<string, CellRange>();
  for (const row of [...byRow.keys()].sort((a, b) => a - b)) {
    const cols = byRow.get(row)!.sort((a, b) => a - b);
    const runs: [number, number][] = [];
    for (const col of cols) {
      const last = runs[runs.length - 1];
      if (last && last[1] === col - 1) last[1] = col;
      else runs.push([col, col]);
    }
    const next = new Map<string, CellRange>();
    for (const [left, right] of runs) {
      const id = `${left}:${right}`;
      const above = open.get(id);
      if (above && above.bottom === row - 1) {
        const grown = { ...above, bottom: row };
        areas[areas.indexOf(above)] = grown;
        next.set(id, grown);
      } else {
        const area = { top: row, bottom: row, left, right };
        areas.push(area);
        next.set(id, area);
      }
    }
    open.clear();
    for (const [id, area] of next) open.set(id, area);
  }
  return areas;
}

export class RangeFont extends ClientObject<RangeRef> {
  constructor(
    context: RequestContext,
    private readonly owner: Range,
  ) {
    super(context, () => owner.resolve(), `${owner.path}.format.font`);
  }
  protected scalars(): Scalars<RangeRef> {
    return {};
  }
  private each(apply: (cell: Cell) => void) {
    return (ref: RangeRef) => {
      for (let row = ref.range.top; row <= ref.range.bottom; row++)
        for (let col = ref.range.left; col <= ref.range.right; col++) apply(ref.sheet.at(row, col));
    };
  }
  set bold(value: boolean) {
    this.set(
      "bold",
      value,
      this.each((cell) => (cell.bold = value)),
    );
  }
  set italic(value: boolean) {
    this.set(
      "italic",
      value,
      this.each((cell) => (cell.italic = value)),
    );
  }
}

export class RangeFormat extends ClientObject<RangeRef> {
  readonly font: RangeFont;
  constructor(context: RequestContext, owner: Range) {
    super(context, () => owner.resolve(), `${owner.path}.format`);
    this.font = new RangeFont(context, owner);
  }
  protected scalars(): Scalars<RangeRef> {
    return {};
  }
}

export class Range extends ClientObject<RangeRef> {
  readonly format: RangeFormat;

  constructor(context: RequestContext, locate: () => RangeRef | null, path: string, nullable = false) {
    super(context, locate, path, nullable);
    this.format = new RangeFormat(context, this);
  }

  protected scalars(): Scalars<RangeRef> {
    return {
      address: (r) => r.sheet.address(r.range),
      addressLocal: (r) => r.sheet.address(r.range),
      rowIndex: (r) => r.range.top,
      columnIndex: (r) => r.range.left,
      rowCount: (r) => r.range.bottom - r.range.top + 1,
      columnCount: (r) => r.range.right - r.range.left + 1,
      cellCount: (r) => cellCount(r.range),
      values: (r) => matrix(r, valueOf),
      formulas: (r) => matrix(r, (cell) => cell?.formula ?? valueOf(cell)),
      numberFormat: (r) => matrix(r, (cell) => cell?.format ?? "General"),
      valueTypes: (r) => matrix(r, valueType),
      // ExcelApi 1.16; left out of a load of everything where Excel lacks it (loadNow refuses it by name).
      ...(this.context.runtime.supports("ExcelApi", "1.16")
        ? { valuesAsJson: (r: RangeRef) => matrix(r, jsonOf) }
        : {}),
    };
  }

  override loadNow(props: readonly string[], commits: Parameters<ClientObject<RangeRef>["loadNow"]>[1]): unknown {
    if (props.includes("valuesAsJson") && !this.context.runtime.supports("ExcelApi", "1.16"))
      throw apiNotFound("Range.valuesAsJson", "ExcelApi 1.16");
    // Retail perpetual Office claims ExcelApi 1.16 and fails reading valuesAsJson (office-js #4750).
    if (props.includes("valuesAsJson") && this.context.runtime.book.dataTypes?.license === "retailPerpetual")
      throw internalError();
    return super.loadNow(props, commits);
  }

  get address(): string {
    return this.read("address");
  }
  get rowCount(): number {
    return this.read("rowCount");
  }
  get columnCount(): number {
    return this.read("columnCount");
  }
  get cellCount(): number {
    return this.read("cellCount");
  }
  get rowIndex(): number {
    return this.read("rowIndex");
  }
  get values(): unknown[][] {
    return this.read("values");
  }
  set values(values: unknown) {
    this.set("values", values, (r) => r.sheet.book.write(r.sheet, r.range, "values", values));
  }
  get formulas(): unknown[][] {
    return this.read("formulas");
  }
  set formulas(formulas: unknown) {
    this.set("formulas", formulas, (r) => r.sheet.book.write(r.sheet, r.range, "formulas", formulas));
  }
  get numberFormat(): unknown[][] {
    return this.read("numberFormat");
  }
  set numberFormat(formats: unknown) {
    this.set("numberFormat", formats, (r) => r.sheet.book.write(r.sheet, r.range, "numberFormat", formats));
  }
  get valueTypes(): string[][] {
    return this.read("valueTypes");
  }
  get valuesAsJson(): unknown[][] {
    return this.read("valuesAsJson");
  }
  set valuesAsJson(values: unknown) {
    this.context.requires("ExcelApi", "1.16", "Range.valuesAsJson");
    this.set("valuesAsJson", values, (r) => r.sheet.book.writeJson(r.sheet, r.range, values));
  }

  /** A range derived from this one when the batch runs. */
  private derive(what: string, find: (r: RangeRef) => RangeRef | null, nullable = false): Range {
    return new Range(
      this.context,
      () => {
        const base = this.resolve();
        return base === null ? null : find(base);
      },
      `${this.path}.${what}`,
      nullable,
    );
  }

  getCell(row: number, column: number): Range {
    return this.derive(`getCell(${row},${column})`, (r) => ({
      sheet: r.sheet,
      range: {
        top: r.range.top + row,
        bottom: r.range.top + row,
        left: r.range.left + column,
        right: r.range.left + column,
      },
    }));
  }

  getRow(row: number): Range {
    return this.derive(`getRow(${row})`, (r) => ({
      sheet: r.sheet,
      range: { ...r.range, top: r.range.top + row, bottom: r.range.top + row },
    }));
  }

  getColumn(column: number): Range {
    return this.derive(`getColumn(${column})`, (r) => ({
      sheet: r.sheet,
      range: { ...r.range, left: r.range.left + column, right: r.range.left + column },
    }));
  }

  getUsedRangeOrNullObject(valuesOnly = false): Range {
    return this.derive(
      `getUsedRangeOrNullObject(${valuesOnly})`,
      (r) => {
        const used = r.sheet.usedRange(valuesOnly, r.range);
        return used ? { sheet: r.sheet, range: used } : null;
      },
      true,
    );
  }

  getSpillingToRangeOrNullObject(): Range {
    this.context.requires("ExcelApi", "1.12", "Range.getSpillingToRangeOrNullObject");
    return this.derive(
      "getSpillingToRangeOrNullObject()",
      (r) => {
        const anchor = r.sheet.get(r.range.top, r.range.left);
        if (!anchor?.spill) return null;
        const { rows, columns } = anchor.spill;
        const range = {
          top: r.range.top,
          left: r.range.left,
          bottom: r.range.top + rows - 1,
          right: r.range.left + columns - 1,
        };
        return { sheet: r.sheet, range };
      },
      true,
    );
  }

  /**
   * The formula's cell of the spill this one cell is in (ExcelApi 1.12): a null object for a cell no formula spilled
   * into, and for a range of more than one cell ("getSpillParent works only when the range object is a single cell";
   * https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-ranges-dynamic-arrays#range-spilling). What it
   * gives for the formula's own cell the page does not say: the stand-in gives a null object, and no code may rely on it.
   */
  getSpillParentOrNullObject(): Range {
    this.context.requires("ExcelApi", "1.12", "Range.getSpillParentOrNullObject");
    return this.derive(
      "getSpillParentOrNullObject()",
      (r) => {
        if (r.range.top !== r.range.bottom || r.range.left !== r.range.right) return null;
        const anchor = r.sheet.get(r.range.top, r.range.left)?.spilledFrom;
        const key = anchor && r.sheet.keyOf(anchor);
        if (key === undefined) return null;
        const at = { top: keyRow(key), left: keyCol(key) };
        return { sheet: r.sheet, range: { ...at, bottom: at.top, right: at.left } };
      },
      true,
    );
  }

  getSpecialCellsOrNullObject(cellType: string): RangeAreas {
    this.context.requires("ExcelApi", "1.9", "Range.getSpecialCellsOrNullObject");
    const tests: Record<string, (cell: Cell) => boolean> = {
      Formulas: (cell) => cell.formula !== undefined,
      Constants: (cell) => cell.formula === undefined && !cell.spilledFrom && cell.value !== "",
    };
    const test = tests[cellType];
    if (!test) throw invalidArgument(`the stand-in knows special cells ${Object.keys(tests).join(", ")}`);
    return new RangeAreas(
      this.context,
      () => {
        const base = this.resolve();
        if (base === null) return null;
        const areas = areasOf(base.sheet, base.range, test);
        return areas.length ? { sheet: base.sheet, areas } : null;
      },
      `${this.path}.getSpecialCellsOrNullObject(${cellType})`,
    );
  }

  /**
   * Shift Down only. Entire sheet rows ("5:10"): cells, tables and charts below move down. A block of columns: only
   * what is below it in those columns moves down ("inserts a cell or a range of cells into the worksheet in place
   * of this range, and shifts the other cells to make space":
   * https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-insert-member(1)); as in Excel, a
   * table that those columns would cut through refuses it.
   */
  insert(shift: string): Range {
    this.call("insert", [shift], (r) => {
      if (shift !== "Down") throw invalidOperation("the stand-in inserts with shift Down only");
      const count = r.range.bottom - r.range.top + 1;
      if (r.range.left === 0 && r.range.right === SHEET_COLUMNS - 1)
        r.sheet.book.insertRows(r.sheet, r.range.top, count);
      else r.sheet.book.insertCells(r.sheet, r.range);
    });
    return this.derive("inserted", (r) => r);
  }

  clear(applyTo = "All"): void {
    this.call("clear", [applyTo], (r) => r.sheet.book.clear(r.sheet, r.range, applyTo));
  }

  calculate(): void {
    this.context.requires("ExcelApi", "1.6", "Range.calculate");
    this.call("calculate", [], (r) => r.sheet.book.calc?.calculate(r.sheet, r.range));
  }

  get worksheet(): unknown {
    throw invalidArgument("the stand-in's Range.worksheet is not implemented; use the sheet the range came from");
  }
}

/** One or more ranges of a sheet (getSpecialCells' answer), ExcelApi 1.9. */
interface AreasRef {
  readonly sheet: SheetModel;
  readonly areas: CellRange[];
}

export class RangeAreas extends ClientObject<AreasRef> {
  readonly areas: RangeCollection;

  constructor(context: RequestContext, locate: () => AreasRef | null, path: string) {
    super(context, locate, path, true);
    this.areas = new RangeCollection(context, this);
  }
  protected scalars(): Scalars<AreasRef> {
    return {
      address: (a) => a.areas.map((r) => a.sheet.address(r)).join(","),
      areaCount: (a) => a.areas.length,
      cellCount: (a) => a.areas.reduce((n, r) => n + cellCount(r), 0),
    };
  }
  protected override child(name: string) {
    return name === "areas" ? this.areas : undefined;
  }
  get address(): string {
    return this.read("address");
  }
  get areaCount(): number {
    return this.read("areaCount");
  }
  get cellCount(): number {
    return this.read("cellCount");
  }
}

export class RangeCollection extends Collection<RangeRef, Range> {
  constructor(context: RequestContext, owner: RangeAreas) {
    super(
      context,
      () => {
        const a = owner.resolve();
        return a === null ? [] : a.areas.map((range) => ({ sheet: a.sheet, range }));
      },
      `${owner.path}.areas`,
    );
  }
  protected item(target: RangeRef, path: string): Range {
    return new Range(this.context, () => target, path);
  }
}

/** A sheet's range by address, found when the batch runs. */
export function sheetRange(context: RequestContext, sheet: () => SheetModel | null, address: string, path: string) {
  return new Range(
    context,
    () => {
      const found = sheet();
      return found === null ? null : { sheet: found, range: parseAddress(address) };
    },
    `${path}.getRange(${JSON.stringify(address)})`,
  );
}
