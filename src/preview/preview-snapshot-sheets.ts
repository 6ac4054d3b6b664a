/**
 * History sheets in the preview, laid out as the Office host lays them out in Excel (the task pane's model decides
 * what goes where): the first snapshot makes the sheet with its title, note, tables (header rows) and chart; each
 * snapshot appends below each table, replacing the rows of a snapshot taken the same day, and never writes over a
 * cell that holds something unless the person chose to insert cells there (what is below that table moves down)
 * or to write over them. The chart reads the summary table as it is now, so it grows with it.
 */
import { CellsInUseError } from "../taskpane/host/cells-in-use";
import type { CellValue } from "../taskpane/report-model/cells";
import type {
  SnapshotAppend,
  SnapshotSourceRef,
  SnapshotState,
  SnapshotWritten,
} from "../taskpane/report-model/snapshot-spec";
import { t } from "../i18n";
import { cellAddress, parseCellAddress, rangeAddress, rangesIntersect, type CellRange } from "../table/a1";
import { firstRowOfLastDays } from "../taskpane/host/snapshot-days";
import type { Sheet } from "./sheet";
import type { Workbook } from "./workbook";

interface Entry {
  source: SnapshotSourceRef;
  keep: boolean;
  sheetId?: number;
  /** Table key -> its header and rows now. */
  tables?: Record<string, CellRange>;
  snapshots: number;
  lastDay?: string;
  lastRows?: Record<string, number>;
}

const MAX_OCCUPIED = 20;
const copy = <T>(data: T): T => JSON.parse(JSON.stringify(data)) as T;

export class PreviewSnapshots {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly workbook: Workbook) {}

  private keyOf(source: SnapshotSourceRef): string {
    return source.kind === "table" ? `table:${source.table}` : `report:${this.workbook.sheet(source.sheet).id}`;
  }

  private sheetById(id: number | undefined): Sheet | undefined {
    return this.workbook.sheets().find((s) => s.id === id);
  }

  listSnapshotSheets(): SnapshotState[] {
    const states: SnapshotState[] = [];
    for (const [key, entry] of [...this.entries]) {
      let source = entry.source;
      if (key.startsWith("report:")) {
        const report = this.sheetById(Number(key.slice("report:".length)));
        if (!report) {
          this.entries.delete(key); // the report's sheet was deleted: its entry goes
          continue;
        }
        source = { kind: "report", sheet: report.name };
      }
      const sheet = this.sheetById(entry.sheetId);
      states.push({
        source: copy(source),
        keep: entry.keep,
        sheet: sheet?.name ?? null,
        snapshots: sheet ? entry.snapshots : 0,
        lastDay: sheet ? (entry.lastDay ?? null) : null,
      });
    }
    return states;
  }

  setKeepSnapshots(source: SnapshotSourceRef, keep: boolean): void {
    const key = this.keyOf(source);
    const entry = this.entries.get(key) ?? { source: copy(source), snapshots: 0, keep };
    this.entries.set(key, { ...entry, keep });
  }

  /** The cells of `range` that show something, at most MAX_OCCUPIED. */
  private occupied(sheet: Sheet, range: CellRange): string[] {
    const found: string[] = [];
    for (let row = range.top; row <= range.bottom && found.length < MAX_OCCUPIED; row++)
      for (let col = range.left; col <= range.right && found.length < MAX_OCCUPIED; col++)
        if (this.workbook.display({ row, col }, sheet.name).text !== "") found.push(cellAddress({ row, col }));
    return found;
  }

  private create(append: SnapshotAppend): { sheet: Sheet; tables: Record<string, CellRange> } {
    const { layout } = append;
    const sheet = this.workbook.addSheet(layout.name);
    this.workbook.setValues({ row: 0, col: 0 }, [[layout.title], [layout.note]], ["@"], sheet.name);
    this.workbook.setStyle({ top: 0, left: 0, bottom: 0, right: 0 }, "report-title", sheet.name);
    this.workbook.setStyle({ top: 1, left: 0, bottom: 1, right: 0 }, "report-note", sheet.name);
    const tables = this.addTables(sheet, {}, append);
    sheet.history = { charts: [copy(layout.chart)], table: tables.summary };
    return { sheet, tables };
  }

  /**
   * The layout's tables the sheet lacks (all of a new one's; a history made before the Changes table gains it), each
   * made at its anchor where its header and first row are free.
   */
  private addTables(sheet: Sheet, had: Record<string, CellRange>, append: SnapshotAppend): Record<string, CellRange> {
    const tables = { ...had };
    for (const spec of append.layout.tables) {
      if (tables[spec.key]) continue;
      const top = parseCellAddress(spec.anchor);
      if (!top) throw new Error(`The history table ${spec.name}: "${spec.anchor}" is not a cell address.`);
      const range = { top: top.row, left: top.col, bottom: top.row, right: top.col + spec.header.length - 1 };
      const taken = Object.values(tables).some((other) => rangesIntersect(other, { ...range, bottom: top.row + 1 }));
      if (taken || this.occupied(sheet, { ...range, bottom: top.row + 1 }).length) continue;
      this.workbook.setValues(top, [[...spec.header]], undefined, sheet.name);
      this.workbook.setStyle(range, "table-header", sheet.name);
      tables[spec.key] = range;
    }
    return tables;
  }

  /** Each table's rows taken on its last `days` days, by table key (src/taskpane/host/snapshot-days.ts). */
  readRecentSnapshots(source: SnapshotSourceRef, days: number): Record<string, CellValue[][]> {
    const entry = this.entries.get(this.keyOf(source));
    const sheet = this.sheetById(entry?.sheetId);
    if (!entry?.tables || !sheet) return {};
    const out: Record<string, CellValue[][]> = {};
    for (const [key, range] of Object.entries(entry.tables)) {
      const rows = Array.from({ length: range.bottom - range.top }, (_, r) =>
        Array.from(
          { length: range.right - range.left + 1 },
          (_, c): CellValue =>
            this.workbook.display({ row: range.top + 1 + r, col: range.left + c }, sheet.name).value ?? "",
        ),
      );
      out[key] = rows.slice(
        firstRowOfLastDays(
          rows.map((row) => row[0]),
          days,
        ),
      );
    }
    return out;
  }

  appendSnapshot(append: SnapshotAppend): SnapshotWritten {
    const key = this.keyOf(append.source);
    let entry: Entry = this.entries.get(key) ?? { source: copy(append.source), keep: false, snapshots: 0 };
    let sheet = this.sheetById(entry.sheetId);
    if (!sheet || !entry.tables) {
      const made = this.workbook.batch(() => this.create(append));
      sheet = made.sheet;
      entry = { source: entry.source, keep: entry.keep, sheetId: sheet.id, tables: made.tables, snapshots: 0 };
    } else {
      const had = entry.tables;
      const tables = this.workbook.batch(() => this.addTables(sheet!, had, append));
      entry = { ...entry, tables };
    }
    const target = sheet;
    const latestOnly = new Set(append.layout.tables.filter((spec) => spec.latestOnly).map((spec) => spec.key));
    const replaced = entry.lastDay === append.day;
    const plans = Object.entries(entry.tables!).map(([tableKey, range]) => {
      const had = range.bottom - range.top;
      const start = latestOnly.has(tableKey)
        ? 0
        : Math.max(0, had - (replaced ? (entry.lastRows?.[tableKey] ?? 0) : 0));
      const rows = append.rows[tableKey] ?? [];
      return { key: tableKey, range, had, start, rows, count: start + rows.length };
    });
    // Every table's new rows are checked first: refused, nothing is written.
    for (const p of plans) {
      if (p.count <= p.had || append.growth === "overwrite") continue;
      const below = { ...p.range, top: p.range.bottom + 1, bottom: p.range.top + p.count };
      this.workbook.assertInside(below);
      const inUse = this.occupied(target, below);
      if (!inUse.length) continue;
      if (append.growth === "insertRows")
        this.workbook.insertRows(below.top, below.bottom - below.top + 1, target.name, p.range);
      else
        throw new CellsInUseError(
          t("host.snapshotNeeds", {
            area: rangeAddress(below),
            table: rangeAddress(p.range),
            cells: inUse.join(", "),
            count: inUse.length,
          }),
          target.name,
          rangeAddress(below),
          inUse,
        );
    }
    const formats = new Map(append.layout.tables.map((t) => [t.key, t.columnFormats]));
    this.workbook.batch(() => {
      for (const p of plans) {
        const { range } = p;
        if (p.count < p.had) this.workbook.clear({ ...range, top: range.top + 1 + p.count }, target.name);
        const rows = p.rows.map((row) => row.map((v: CellValue) => (v === undefined ? null : v)));
        if (rows.length)
          this.workbook.setValues(
            { row: range.top + 1 + p.start, col: range.left },
            rows,
            [...(formats.get(p.key) ?? [])],
            target.name,
          );
        const next = { ...range, bottom: range.top + p.count };
        for (let row = range.top + 1; row <= next.bottom; row++)
          this.workbook.setStyle(
            { ...next, top: row, bottom: row },
            (row - range.top) % 2 === 0 ? "table-row table-band" : "table-row",
            target.name,
          );
        entry.tables![p.key] = next;
      }
    });
    target.history = { charts: target.history?.charts ?? [copy(append.layout.chart)], table: entry.tables!.summary };
    target.chartsRevision++;
    entry = {
      ...entry,
      snapshots: entry.snapshots + (replaced ? 0 : 1),
      lastDay: append.day,
      lastRows: Object.fromEntries(plans.map((p) => [p.key, p.rows.length])),
    };
    this.entries.set(key, entry);
    this.workbook.notify();
    return { sheet: target.name, snapshots: entry.snapshots, replaced };
  }
}
