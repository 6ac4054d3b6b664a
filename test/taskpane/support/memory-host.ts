/**
 * The one stand-in host of the actions' tests: every capability of HostAdapter, in memory, recording what the task
 * pane asks of the workbook. A test that needs a host to answer otherwise builds on it (`{ ...memoryHost(), … }`).
 */
import type {
  CellTarget,
  DataTypeValue,
  FormulaCell,
  HostAdapter,
  StoredQuery,
  TableInfo,
  TableSpec,
} from "../../../src/taskpane/host/host-adapter";
import type { SnapshotAppend, SnapshotState } from "../../../src/taskpane/report-model/snapshot-spec";
import type { WorkbookOptions } from "../../../src/taskpane/host/workbook-options";
import type { CellValue, ColumnFormats } from "../../../src/taskpane/report-model/cells";
import type { ReportSheetSpec } from "../../../src/taskpane/report-model/report-sheet-spec";
import { parseCell, blockAddress } from "../../../src/table/a1";

export interface MemoryHost extends HostAdapter {
  readonly values: { target: CellTarget; values: readonly (readonly CellValue[])[]; formats?: ColumnFormats }[];
  readonly formulas: { target: CellTarget; formula: string }[];
  readonly tables: Map<string, { info: TableInfo; spec: TableSpec; rows: readonly (readonly CellValue[])[] }>;
  readonly replaced: { name: string; rows: readonly (readonly CellValue[])[]; query: StoredQuery }[];
  readonly recalculated: (readonly CellTarget[])[];
  active: CellTarget;
  formulaCells: FormulaCell[];
  /** Cells of the active sheet that hold something, by address (`A3`): checkArea reports them. */
  readonly filled: Set<string>;
  /** What formula cells show once written, by address; readValue answers null for the rest. */
  readonly shows: Map<string, CellValue>;
  /** Report sheets created, by final name, with the spec they were made from. */
  readonly reports: Map<string, ReportSheetSpec>;
  /** Sheets whose report charts were re-pointed, in order. */
  readonly chartRefreshes: string[];
  /** What reportSupport answers (null: supported). */
  supportMessage: string | null;
  /** Whether cells hold data types here; the cards written, by their column's top cell. */
  dataTypes: boolean;
  readonly cards: { target: CellTarget; column: readonly (DataTypeValue | null)[] }[];
  /** The sources that keep snapshots, and the snapshots appended. */
  readonly snapshotStates: SnapshotState[];
  readonly snapshots: SnapshotAppend[];
  options: WorkbookOptions;
}

export function memoryHost(): MemoryHost {
  const host: MemoryHost = {
    values: [],
    formulas: [],
    tables: new Map(),
    replaced: [],
    recalculated: [],
    active: { sheet: "Sheet1", address: "B3" },
    formulaCells: [],
    filled: new Set(),
    shows: new Map(),
    reports: new Map(),
    chartRefreshes: [],
    supportMessage: null,
    dataTypes: false,
    cards: [],
    snapshotStates: [],
    snapshots: [],
    options: { refreshOnOpen: false },
    getActiveCell: async () => host.active,
    readSelection: async () => ({ ...host.active, values: [] }),
    writeValues: async (target, values, formats) => {
      host.values.push({ target, values, ...(formats ? { formats } : {}) });
      return target;
    },
    checkArea: async (target, rows, columns) => {
      const top = parseCell(target.address);
      const occupied = [...host.filled].filter((address) => {
        const cell = parseCell(address);
        return cell.row >= top.row && cell.row < top.row + rows && cell.col >= top.col && cell.col < top.col + columns;
      });
      return { address: blockAddress(top, rows, columns), occupied };
    },
    readValue: async (target) => host.shows.get(target.address) ?? null,
    readRange: async () => [],
    writeFormula: async (target, formula) => void host.formulas.push({ target, formula }),
    createTable: async (target, spec) => {
      const info: TableInfo = {
        name: spec.name,
        sheet: target.sheet,
        address: target.address,
        rowCount: spec.rows.length,
        query: spec.query,
      };
      host.tables.set(spec.name, { info, spec, rows: spec.rows });
      return info;
    },
    replaceTableRows: async (name, rows, query) => {
      const table = host.tables.get(name);
      if (!table) throw new Error(`No table ${name}`);
      host.replaced.push({ name, rows, query });
      const info = { ...table.info, rowCount: rows.length, query };
      host.tables.set(name, { ...table, info, rows });
      return info;
    },
    listTables: async () => [...host.tables.values()].map((t) => t.info),
    listMadFormulas: async () => host.formulaCells,
    readFormulaAt: async (target) => ({
      address: target.address,
      formula: host.formulaCells.find((c) => c.sheet === target.sheet && c.address === target.address)?.formula ?? null,
      header: [],
    }),
    recalculate: async (cells) => void host.recalculated.push(cells),
    reportSupport: async () => host.supportMessage,
    createReportSheet: async (spec) => {
      let sheet = spec.name;
      for (let n = 2; host.reports.has(sheet); n++) sheet = `${spec.name} (${n})`;
      host.reports.set(sheet, spec);
      for (const f of spec.formulas) host.formulaCells.push({ sheet, address: f.address, formula: f.formula });
      const names = spec.charts.flatMap((c, i) => [
        `chart${i + 1}_x`,
        ...c.series.map((_, j) => `chart${i + 1}_s${j + 1}`),
      ]);
      return { sheet, names, charts: spec.charts.length };
    },
    listReportSheets: async () => [...host.reports].map(([sheet, spec]) => ({ sheet, report: spec.report })),
    refreshReportCharts: async (sheet) => {
      if (!host.reports.has(sheet)) throw new Error(`${sheet} was not made from a template`);
      host.chartRefreshes.push(sheet);
    },
    dataTypeSupport: async () => host.dataTypes,
    // The form ExcelApi 1.16 to 1.18 reads (FormattedNumber), the oldest Excel that takes cards.
    cardNumbers: async () => "formattedNumber",
    writeDataTypes: async (target, column) => void host.cards.push({ target, column }),
    listSnapshotSheets: async () => host.snapshotStates,
    setKeepSnapshots: async (source, keep) => {
      const at = host.snapshotStates.findIndex((s) => JSON.stringify(s.source) === JSON.stringify(source));
      const state = { source, keep, sheet: null, snapshots: 0, lastDay: null };
      if (at < 0) host.snapshotStates.push(state);
      else host.snapshotStates[at] = { ...host.snapshotStates[at], keep };
    },
    appendSnapshot: async (append) => {
      host.snapshots.push(append);
      // The source's state follows (its sheet, its snapshots, its last day), as both hosts keep it.
      const at = host.snapshotStates.findIndex((s) => JSON.stringify(s.source) === JSON.stringify(append.source));
      const state = host.snapshotStates[at];
      if (state) {
        const snapshots = state.snapshots + (state.lastDay === append.day ? 0 : 1);
        host.snapshotStates[at] = { ...state, sheet: append.layout.name, snapshots, lastDay: append.day };
      }
      return { sheet: append.layout.name, snapshots: host.snapshots.length, replaced: false };
    },
    // The appended snapshots of the source, a day's last one standing for it (as a same-day snapshot replaces).
    readRecentSnapshots: async (source, days) => {
      const byDay = new Map<string, SnapshotAppend>();
      for (const append of host.snapshots.filter((s) => JSON.stringify(s.source) === JSON.stringify(source))) {
        byDay.delete(append.day);
        byDay.set(append.day, append);
      }
      const out: Record<string, CellValue[][]> = {};
      for (const append of [...byDay.values()].slice(-days))
        for (const [key, rows] of Object.entries(append.rows)) {
          const latestOnly = append.layout.tables.find((t) => t.key === key)?.latestOnly;
          out[key] = [...(latestOnly ? [] : (out[key] ?? [])), ...rows.map((row) => [...row])];
        }
      return out;
    },
    workbookOptions: async () => host.options,
    setWorkbookOptions: async (patch) => void (host.options = { ...host.options, ...patch }),
  };
  return host;
}
