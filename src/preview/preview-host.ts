/**
 * The task pane's host adapter in the preview: the same HostAdapter interface the Office.js implementation
 * serves in Excel, writing into the preview grid. Tables keep their stored query here (Excel keeps it with the
 * table); formulas go through the grid's own formula evaluation.
 */
import type { CardNumbers } from "../table/data-type-support";
import { t } from "../i18n";
import {
  type AreaCheck,
  CellTarget,
  type DataTypeValue,
  type FormulaAtCell,
  type FormulaCell,
  type HostAdapter,
  type SelectedCells,
  type StoredQuery,
  type TableInfo,
  type TableSpec,
} from "../taskpane/host/host-adapter";
import { CellsInUseError } from "../taskpane/host/cells-in-use";
import type { CellValue, ColumnFormats, TableGrowth } from "../taskpane/report-model/cells";
import type { CreatedReportSheet, ReportSheetInfo, ReportSheetSpec } from "../taskpane/report-model/report-sheet-spec";
import type { WorkbookOptions } from "../taskpane/host/workbook-options";
import type {
  SnapshotAppend,
  SnapshotSourceRef,
  SnapshotState,
  SnapshotWritten,
} from "../taskpane/report-model/snapshot-spec";
import { PreviewSnapshots } from "./preview-snapshot-sheets";
import {
  CellPosition,
  CellRange,
  cellAddress,
  cellsOf,
  parseCellAddress,
  parseRangeAddress,
  rangeAddress,
  rangeOf,
  rangesIntersect,
} from "../table/a1";
import { BUSY, type EntityValue } from "./cell-types";
import { addReportSheet } from "./report-sheet";
import { Workbook } from "./workbook";

interface TableRecord {
  name: string;
  sheet: string;
  /** Header and rows. */
  range: CellRange;
  columnFormats: readonly string[];
  query: StoredQuery;
}

/** A cell of a named sheet. */
interface Located {
  readonly sheet: string;
  readonly pos: CellPosition;
}

/** An area check names at most this many cells in use. */
const MAX_OCCUPIED = 20;

export class PreviewHost implements HostAdapter {
  private readonly tables = new Map<string, TableRecord>();
  private readonly history: PreviewSnapshots;
  /** The workbook's own options (Excel keeps them in the document settings; here they live with the page). */
  private options: WorkbookOptions = { refreshOnOpen: false };

  constructor(
    private readonly workbook: Workbook,
    private readonly activeCell: () => CellPosition,
  ) {
    this.history = new PreviewSnapshots(workbook);
  }

  async listSnapshotSheets(): Promise<SnapshotState[]> {
    return this.history.listSnapshotSheets();
  }

  async setKeepSnapshots(source: SnapshotSourceRef, keep: boolean): Promise<void> {
    this.history.setKeepSnapshots(copyPlain(source), keep);
  }

  async appendSnapshot(append: SnapshotAppend): Promise<SnapshotWritten> {
    return this.history.appendSnapshot(copyPlain(append));
  }

  async readRecentSnapshots(source: SnapshotSourceRef, days: number): Promise<Record<string, CellValue[][]>> {
    return this.history.readRecentSnapshots(copyPlain(source), days);
  }

  async workbookOptions(): Promise<WorkbookOptions> {
    return { ...this.options };
  }

  async setWorkbookOptions(patch: Partial<WorkbookOptions>): Promise<void> {
    this.options = { ...this.options, ...copyPlain(patch) };
  }

  /** What the cells of a block hold now (values; a formula's cell what it shows). */
  async readRange(target: CellTarget): Promise<CellValue[][]> {
    const { sheet } = this.locate(target);
    const local = target.address.replace(/^.*!/, "");
    const range = parseRangeAddress(local) ?? rangeOf(this.locate(target).pos);
    return Array.from({ length: range.bottom - range.top + 1 }, (_, r) =>
      Array.from(
        { length: range.right - range.left + 1 },
        (_, c) => this.workbook.display({ row: range.top + r, col: range.left + c }, sheet).value ?? "",
      ),
    );
  }

  /** The preview grid selects one cell: its value (a list of ASINs in it reads as such). */
  async readSelection(): Promise<SelectedCells> {
    const target = await this.getActiveCell();
    return { ...target, values: await this.readRange(target) };
  }

  /** The selected cell of the sheet shown in the grid. */
  async getActiveCell(): Promise<CellTarget> {
    return { sheet: this.workbook.activeSheet().name, address: cellAddress(this.activeCell()) };
  }

  async writeValues(
    target: CellTarget,
    values: readonly (readonly CellValue[])[],
    columnFormats?: ColumnFormats,
  ): Promise<CellTarget> {
    const { sheet, pos } = this.locate(target);
    const written = this.workbook.setValues(
      pos,
      copyRows(values),
      columnFormats ? [...columnFormats] : undefined,
      sheet,
    );
    return { sheet, address: rangeAddress(written) };
  }

  async checkArea(target: CellTarget, rows: number, columns: number): Promise<AreaCheck> {
    const { sheet, pos: topLeft } = this.locate(target);
    const wanted: CellRange = {
      top: topLeft.row,
      left: topLeft.col,
      bottom: topLeft.row + Math.max(rows, 1) - 1,
      right: topLeft.col + Math.max(columns, 1) - 1,
    };
    const fits = wanted.bottom < this.workbook.rowCount && wanted.right < this.workbook.columnCount;
    const area: CellRange = {
      ...wanted,
      bottom: Math.min(wanted.bottom, this.workbook.rowCount - 1),
      right: Math.min(wanted.right, this.workbook.columnCount - 1),
    };
    const occupied: string[] = [];
    for (let row = area.top; row <= area.bottom && occupied.length < MAX_OCCUPIED; row++) {
      for (let col = area.left; col <= area.right && occupied.length < MAX_OCCUPIED; col++) {
        if (this.workbook.display({ row, col }, sheet).text !== "") occupied.push(cellAddress({ row, col }));
      }
    }
    const edge = cellAddress({ row: this.workbook.rowCount - 1, col: this.workbook.columnCount - 1 });
    return {
      address: rangeAddress(area),
      ...(fits
        ? {}
        : {
            outside: `${rows} rows × ${columns} columns from ${cellAddress(topLeft)} run past the preview grid (A1:${edge}); pick a cell higher up or further left.`,
          }),
      occupied,
    };
  }

  /** What the cell shows once its formula settled (#BUSY! while its call runs; at most 60 s of waiting). */
  readValue(target: CellTarget): Promise<CellValue> {
    const { sheet, pos } = this.locate(target);
    const shown = () => this.workbook.display(pos, sheet).text;
    return new Promise((resolve) => {
      const settle = () => {
        if (shown() === BUSY.code) return;
        stop();
        clearTimeout(timer);
        resolve(shown());
      };
      const timer = setTimeout(() => {
        stop();
        resolve(shown());
      }, 60_000);
      const stop = this.workbook.onChange(settle);
      settle();
    });
  }

  async writeFormula(target: CellTarget, formula: string): Promise<void> {
    if (!formula.startsWith("=")) throw new Error(`A formula starts with "=": ${formula}`);
    const { sheet, pos } = this.locate(target);
    this.workbook.setInput(pos, formula, sheet);
  }

  /** Cells of the range that show something, at most the first MAX_OCCUPIED. */
  private occupied(range: CellRange, sheet: string): string[] {
    const found: string[] = [];
    for (const pos of cellsOf(range)) {
      if (found.length >= MAX_OCCUPIED) break;
      if (this.workbook.display(pos, sheet).text !== "") found.push(cellAddress(pos));
    }
    return found;
  }

  /** The preview's cells hold data types (its grid opens their cards). */
  async dataTypeSupport(): Promise<boolean> {
    return true;
  }

  /** The preview's card reads a Double's number format (as ExcelApi 1.19 does). */
  async cardNumbers(): Promise<CardNumbers> {
    return "double";
  }

  async writeDataTypes(target: CellTarget, column: readonly (DataTypeValue | null)[]): Promise<void> {
    const { sheet, pos } = this.locate(target);
    this.workbook.setDataTypes(pos, column as readonly (EntityValue | null)[], sheet);
  }

  async createTable(
    target: CellTarget,
    table: TableSpec,
    _onProgress?: unknown,
    placement?: "overwrite",
  ): Promise<TableInfo> {
    const { sheet, pos: topLeft } = this.locate(target);
    const width = table.header.length;
    if (width === 0) throw new Error("A table needs at least one column.");
    const range: CellRange = {
      top: topLeft.row,
      left: topLeft.col,
      bottom: topLeft.row + table.rows.length,
      right: topLeft.col + width - 1,
    };
    this.workbook.assertInside(range);
    for (const other of this.tables.values()) {
      if (other.sheet === sheet && rangesIntersect(other.range, range))
        throw new Error(`The table would overlap the table ${other.name} (${rangeAddress(other.range)}).`);
    }
    const inUse = placement === "overwrite" ? [] : this.occupied(range, sheet);
    if (inUse.length)
      throw new CellsInUseError(
        t("host.tableNeeds", { area: `${sheet}!${rangeAddress(range)}`, cells: inUse.join(", "), count: inUse.length }),
        sheet,
        rangeAddress(range),
        inUse,
      );
    const record: TableRecord = {
      name: this.uniqueName(table.name),
      sheet,
      range,
      columnFormats: [...table.columnFormats],
      query: copyPlain(table.query),
    };
    this.tables.set(record.name.toLowerCase(), record);
    this.paint(record, [table.header.map(String), ...copyRows(table.rows)]);
    return this.info(record);
  }

  async replaceTableRows(
    tableName: string,
    rows: readonly (readonly CellValue[])[],
    query: StoredQuery,
    _onProgress?: unknown,
    growth?: TableGrowth,
  ): Promise<TableInfo> {
    const record = this.tables.get(tableName.toLowerCase());
    if (!record) throw new Error(`There is no table named ${tableName}.`);
    const newBottom = record.range.top + Math.max(rows.length, 1);
    if (newBottom > record.range.bottom && growth !== "overwrite") {
      const below: CellRange = { ...record.range, top: record.range.bottom + 1, bottom: newBottom };
      this.workbook.assertInside(below);
      const inUse = this.occupied(below, record.sheet);
      if (inUse.length && growth === "insertRows") this.insertRowsBelow(record, newBottom - record.range.bottom);
      else if (inUse.length)
        throw new CellsInUseError(
          t("host.refreshNeeds", {
            table: record.name,
            rows: newBottom - record.range.bottom,
            area: `${record.sheet}!${rangeAddress(below)}`,
            cells: inUse.join(", "),
            count: inUse.length,
          }),
          record.sheet,
          rangeAddress(below),
          inUse,
        );
    }
    const header = Array.from(
      { length: record.range.right - record.range.left + 1 },
      (_, c) => this.workbook.display({ row: record.range.top, col: record.range.left + c }, record.sheet).value,
    );
    this.workbook.batch(() => this.replaceRows(record, header, rows, query));
    return this.info(record);
  }

  private replaceRows(
    record: TableRecord,
    header: CellValue[],
    rows: readonly (readonly CellValue[])[],
    query: StoredQuery,
  ): void {
    this.workbook.clear(record.range, record.sheet);
    record.range = { ...record.range, bottom: record.range.top + rows.length };
    this.workbook.assertInside(record.range);
    record.query = { ...copyPlain(query), refreshedAt: query.refreshedAt ?? Date.now() };
    this.paintRows(record, [header, ...copyRows(rows)]);
  }

  /** Sheet rows under the table, as Excel inserts them: what was below moves down, tables below it too. */
  private insertRowsBelow(record: TableRecord, count: number): void {
    const row = record.range.bottom + 1;
    this.workbook.insertRows(row, count, record.sheet);
    for (const other of this.tables.values())
      if (other.sheet === record.sheet && other.range.top >= row)
        other.range = { ...other.range, top: other.range.top + count, bottom: other.range.bottom + count };
  }

  async listTables(): Promise<TableInfo[]> {
    return [...this.tables.values()].map((record) => this.info(record));
  }

  async listMadFormulas(): Promise<FormulaCell[]> {
    return this.workbook
      .formulaCells()
      .filter((cell) => cell.name.startsWith("MAD."))
      .map((cell) => ({ sheet: cell.sheet, address: cellAddress(cell.pos), formula: cell.text }));
  }

  /** The typed formula of the cell (or of the formula that spilled into it) and its spill's first row, as shown. */
  async readFormulaAt(target: CellTarget): Promise<FormulaAtCell> {
    const located = this.locate(target);
    const { sheet } = located;
    const pos = this.workbook.display(located.pos, sheet).anchor ?? located.pos;
    const address = cellAddress(pos);
    const text = this.workbook.inputText(pos, sheet);
    if (!text.startsWith("=")) return { address, formula: null, header: [] };
    const spill = this.workbook.spillRange(pos, sheet);
    const header = spill
      ? Array.from(
          { length: spill.right - spill.left + 1 },
          (_, c) => this.workbook.display({ row: spill.top, col: spill.left + c }, sheet).value ?? "",
        )
      : [];
    return { address, formula: text, header };
  }

  async recalculate(cells: readonly CellTarget[]): Promise<void> {
    const located = cells.map((cell) => this.locate(cell));
    this.workbook.batch(() => {
      for (const { sheet, pos } of located) this.workbook.recalculate([pos], sheet);
    });
  }

  /** Nothing is missing: the preview draws charts with Chart.js. */
  async reportSupport(): Promise<string | null> {
    return null;
  }

  async createReportSheet(spec: ReportSheetSpec): Promise<CreatedReportSheet> {
    return addReportSheet(this.workbook, copyPlain(spec));
  }

  async listReportSheets(): Promise<ReportSheetInfo[]> {
    return this.workbook
      .sheets()
      .flatMap((sheet) => (sheet.report ? [{ sheet: sheet.name, report: copyPlain(sheet.report.report) }] : []));
  }

  /** Charts follow their spills on every change anyway; this draws the sheet's charts again now, from the spills. */
  async refreshReportCharts(sheet: string): Promise<void> {
    const target = this.workbook.sheet(sheet);
    if (!target.report) throw new Error(`The sheet "${target.name}" was not made from a report template.`);
    target.chartsRevision++;
    this.workbook.notify();
  }

  private paint(record: TableRecord, rows: (CellValue | null)[][]): void {
    this.workbook.batch(() => this.paintRows(record, rows));
  }

  private paintRows(record: TableRecord, rows: (CellValue | null)[][]): void {
    const { top, left, right, bottom } = record.range;
    const { sheet } = record;
    this.workbook.setValues({ row: top, col: left }, rows.slice(0, 1), undefined, sheet);
    if (rows.length > 1)
      this.workbook.setValues({ row: top + 1, col: left }, rows.slice(1), record.columnFormats, sheet);
    this.workbook.setStyle({ top, left, bottom: top, right }, "table-header", sheet);
    for (let row = top + 1; row <= bottom; row++) {
      this.workbook.setStyle(
        { top: row, left, bottom: row, right },
        (row - top) % 2 === 0 ? "table-row table-band" : "table-row",
        sheet,
      );
    }
  }

  private info(record: TableRecord): TableInfo {
    return {
      name: record.name,
      sheet: record.sheet,
      address: rangeAddress(record.range),
      rowCount: record.range.bottom - record.range.top,
      query: copyPlain(record.query),
    };
  }

  /** The target's sheet (the active one when it names none) and top-left cell. */
  private locate(target: CellTarget): Located {
    const sheet = target.sheet ? this.workbook.sheet(target.sheet).name : this.workbook.activeSheet().name;
    const local = target.address.replace(/^.*!/, "");
    const range = parseRangeAddress(local);
    const pos = range ? { row: range.top, col: range.left } : parseCellAddress(local);
    if (!pos) throw new Error(`"${target.address}" is not a cell address.`);
    return { sheet, pos };
  }

  /** Excel table names: letters, digits, underscores and dots, starting with a letter or underscore, unique. */
  private uniqueName(proposed: string): string {
    const base = proposed.replace(/[^A-Za-z0-9_.]/g, "_").replace(/^([^A-Za-z_])/, "_$1") || "Table";
    let name = base;
    for (let n = 2; this.tables.has(name.toLowerCase()); n++) name = `${base}${n}`;
    return name;
  }
}

/** Copies plain data the task pane frame created (queries, specs), so the workbook never holds its objects. */
function copyPlain<T>(data: T): T {
  return JSON.parse(JSON.stringify(data)) as T;
}

/** Copies values the task pane frame created, so the grid never holds objects of another window. */
function copyRows(rows: readonly (readonly CellValue[])[]): (CellValue | null)[][] {
  return Array.from(rows, (row) => Array.from(row, (value) => (value === undefined ? null : value)));
}
