/**
 * History sheets in Excel, over Office.js (what they hold is decided by src/taskpane/reports/snapshot-sheet.ts):
 * - the first snapshot makes the sheet: title, note, one Excel table per summary and query side by side, and a
 *   line chart over the summary whose every series is added explicitly (report-charts.ts);
 * - each snapshot appends below each table, in row blocks under Excel on the web's 5 MB per request, then resizes
 *   it (Table.resize, ExcelApi 1.13); a snapshot of the same day replaces that day's rows; the chart's series are then
 *   pointed at the summary's columns as they are now (ChartSeries.setValues, ExcelApi 1.7), so it grows with them;
 * - new rows never land on a person's cells unasked: the cells below a table are checked first, and the person may
 *   have cells inserted there (Range.insert with shift Down, ExcelApi 1.1, moves only what is below that table) or
 *   written over;
 * - where each history lives is kept in the document settings under `mad.snapshots` (`mad.history` before; still read), by the report's sheet id (a
 *   renamed report keeps its history; a deleted one drops its entry) or the table's name; the history sheet is found
 *   by its id, so renaming it is fine, and deleting it starts a new one at the next snapshot.
 * Sources: Table.resize (https://learn.microsoft.com/javascript/api/excel/excel.table#excel-excel-table-resize-member(1)),
 * Range.insert (https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-insert-member(1)),
 * ChartSeries.setValues (https://learn.microsoft.com/javascript/api/excel/excel.chartseries#excel-excel-chartseries-setvalues-member(1)),
 * the 5 MB payload limit (https://learn.microsoft.com/office/dev/add-ins/excel/performance#payload-size-limit-best-practices).
 */
import { type HostAdapter } from "./host-adapter";
import { CellsInUseError } from "./cells-in-use";
import type { CellValue, TableGrowth } from "../report-model/cells";
import type {
  SnapshotAppend,
  SnapshotSheetSpec,
  SnapshotSourceRef,
  SnapshotState,
  SnapshotWritten,
} from "../report-model/snapshot-spec";
import { t } from "../../i18n";
import { blockAddress, offset, parseCell, type CellRange } from "../../table/a1";
import { uniqueSheetName } from "../../table/sheet-names";
import { addressOf, occupiedCells } from "./bounded-reads";
import { writeBlock, writeRowsInBlocks } from "./block-writer";
import {
  OLD_SNAPSHOT_SETTING,
  SNAPSHOT_SETTING,
  readRenamedSetting,
  saveSetting,
  type DocumentSettings,
} from "./document-settings";
import { MAX_OCCUPIED, tablesIn, uniqueTableName } from "./office-tables";
import { addChart, addSeries } from "./report-charts";
import type { Run } from "./excel-run";
import { addMissingTables, readRecentRows } from "./office-snapshot-read";

interface StoredSnapshotSheet {
  readonly source: SnapshotSourceRef;
  readonly keep: boolean;
  readonly sheetId?: string;
  /** Table key -> the table's name in the workbook. */
  readonly tables?: Readonly<Record<string, string>>;
  readonly chart?: string;
  readonly snapshots?: number;
  readonly lastDay?: string;
  /** Rows the last snapshot wrote per table: what a snapshot of the same day replaces. */
  readonly lastRows?: Readonly<Record<string, number>>;
}
type StoredSnapshotSheets = Record<string, StoredSnapshotSheet>;

type SnapshotMethods = Required<
  Pick<HostAdapter, "listSnapshotSheets" | "setKeepSnapshots" | "appendSnapshot" | "readRecentSnapshots">
>;

/** A table as found before writing: where it is and how many rows it holds. */
interface Found {
  readonly key: string;
  readonly name: string;
  readonly table: Excel.Table;
  readonly header: CellRange;
  readonly rows: number;
}

/** Makes the history sheet, its tables (header and one blank row each) and its chart. */
async function create(context: Excel.RequestContext, layout: SnapshotSheetSpec) {
  const sheets = context.workbook.worksheets;
  sheets.load("items/name");
  await context.sync();
  const tables: Record<string, string> = {};
  // A name the workbook has (a history made before, its sheet deleted) gets the next free `_2`, `_3`…
  for (const spec of layout.tables) tables[spec.key] = await uniqueTableName(context, spec.name);
  const name = uniqueSheetName(
    layout.name,
    sheets.items.map((s) => s.name),
  );
  const sheet = sheets.add(name);
  sheet.load("id");
  const title = sheet.getRange("A1");
  title.values = [[layout.title]];
  title.format.font.bold = true;
  const note = sheet.getRange("A2");
  note.values = [[layout.note]];
  note.format.font.italic = true;
  for (const spec of layout.tables) {
    const top = parseCell(spec.anchor);
    writeBlock(sheet.getRange(blockAddress(top, 1, spec.header.length)), [spec.header]);
    sheet.tables.add(blockAddress(top, 2, spec.header.length), true).name = tables[spec.key];
  }
  const chart = addChart(sheet, layout.chart);
  await context.sync();
  addSeries(sheet, chart, layout.chart);
  await context.sync();
  return { sheet, tables, chart: `${layout.chart.title} chart` };
}

/** Each table's place and rows now (a table's one blank row after it was made counts as none). */
async function findTables(context: Excel.RequestContext, names: Readonly<Record<string, string>>) {
  const loaded = Object.entries(names).map(([key, name]) => {
    const table = context.workbook.tables.getItem(name);
    const header = table.getHeaderRowRange();
    header.load("address");
    const body = table.getDataBodyRange();
    body.load("rowCount");
    const first = body.getRow(0);
    first.load("values");
    return { key, name, table, header, body, first };
  });
  await context.sync();
  return loaded.map(({ key, name, table, header, body, first }): Found => {
    const blank = body.rowCount === 1 && first.values[0].every((v) => v === "" || v === null);
    const local = header.address.slice(header.address.lastIndexOf("!") + 1);
    const [from, to] = local.split(":");
    const a = parseCell(from);
    const b = parseCell(to ?? from);
    return {
      key,
      name,
      table,
      header: { top: a.row, left: a.col, bottom: a.row, right: b.col },
      rows: blank ? 0 : body.rowCount,
    };
  });
}

/** Room below each table for its new rows: cells in use are moved down when asked, else the append is refused. */
async function makeRoom(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  plans: readonly { name: string; header: CellRange; had: number; count: number }[],
  growth: TableGrowth | undefined,
): Promise<void> {
  for (const p of plans) {
    const bottom = p.header.top + Math.max(p.had, 1);
    const newBottom = p.header.top + Math.max(p.count, 1);
    if (newBottom <= bottom) continue;
    const below: CellRange = { top: bottom + 1, bottom: newBottom, left: p.header.left, right: p.header.right };
    // Another table in the way is refused whatever the person allowed (office-js #1199).
    const tables = await tablesIn(context, sheet, below, p.name);
    if (growth === "overwrite" && !tables.length) continue;
    const occupied = growth === "overwrite" ? [] : await occupiedCells(context, sheet, below, MAX_OCCUPIED);
    if (!occupied.length && !tables.length) continue;
    // Cells inserted in the table's columns cannot cut through a wider table: whole sheet rows move it down.
    if (growth === "insertRows")
      sheet.getRange(tables.length ? `${below.top + 1}:${below.bottom + 1}` : addressOf(below)).insert("Down");
    else
      throw new CellsInUseError(
        t("host.snapshotNeeds", {
          area: addressOf(below),
          table: p.name,
          cells: [...occupied, ...tables].join(", "),
          count: occupied.length + tables.length,
        }),
        sheet.name,
        addressOf(below),
        occupied,
        tables,
      );
  }
}

async function write(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  found: readonly Found[],
  append: SnapshotAppend,
  replacing: Readonly<Record<string, number>>,
) {
  const plans = found.map((f) => {
    const rows: readonly (readonly CellValue[])[] = append.rows[f.key] ?? [];
    // A table of the latest snapshot only (Changes) is written from its top each time.
    const latestOnly = append.layout.tables.find((spec) => spec.key === f.key)?.latestOnly;
    const start = latestOnly ? 0 : Math.max(0, f.rows - (replacing[f.key] ?? 0));
    return { ...f, rows, start, count: start + rows.length, had: f.rows };
  });
  // Every table's new rows are checked before anything is written: refused, nothing changes.
  await makeRoom(context, sheet, plans, append.growth);
  const placed = plans.map((p) => ({
    ...p,
    top: { row: p.header.top, col: p.header.left },
    cols: p.header.right - p.header.left + 1,
  }));
  for (const p of placed) {
    if (p.count < p.had)
      sheet.getRange(blockAddress(offset(p.top, 1 + p.count, 0), p.had - p.count, p.cols)).clear("Contents");
    p.table.resize(blockAddress(p.top, 1 + Math.max(p.count, 1), p.cols));
  }
  await context.sync();
  for (const p of placed) {
    const { top, cols } = p;
    const spec = append.layout.tables.find((t) => t.key === p.key);
    await writeRowsInBlocks(context, sheet, offset(top, 1 + p.start, 0), p.rows, cols, spec?.columnFormats, undefined);
  }
  return plans;
}

/** Points the chart's series at the summary table's columns as they are now. */
async function followSummary(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  stored: StoredSnapshotSheet,
  layout: SnapshotSheetSpec,
) {
  const chart = sheet.charts.getItemOrNullObject(stored.chart ?? "");
  await context.sync();
  if (chart.isNullObject || !stored.tables?.summary) return; // a chart deleted by hand is left alone
  chart.series.load("items/name");
  const body = context.workbook.tables.getItem(stored.tables.summary).getDataBodyRange();
  await context.sync();
  layout.chart.series.forEach((s, j) => {
    const series = chart.series.items[j];
    if (!series) return;
    series.setValues(body.getColumn(s.values.column));
    series.setXAxisValues(body.getColumn(layout.chart.categories.column));
  });
  await context.sync();
}

/** Each stored source as it is now (a report found by its sheet's id, renamed or not), and those whose sheet is gone. */
async function statesOf(context: Excel.RequestContext, entries: readonly [string, StoredSnapshotSheet][]) {
  const sheets = context.workbook.worksheets;
  sheets.load("items/id,items/name");
  await context.sync();
  const byId = new Map(sheets.items.map((s) => [s.id, s.name]));
  const gone: string[] = [];
  const states: SnapshotState[] = [];
  for (const [key, entry] of entries) {
    let source = entry.source;
    if (key.startsWith("report:")) {
      const name = byId.get(key.slice("report:".length));
      if (name === undefined) {
        gone.push(key); // the report's sheet was deleted: its entry goes (its history sheet stays, a person's data)
        continue;
      }
      source = { kind: "report", sheet: name };
    }
    const sheet = entry.sheetId ? (byId.get(entry.sheetId) ?? null) : null;
    states.push({
      source,
      keep: entry.keep,
      sheet,
      snapshots: sheet ? (entry.snapshots ?? 0) : 0,
      lastDay: sheet ? (entry.lastDay ?? null) : null,
    });
  }
  return { states, gone };
}

/** The source's history sheet, made (with its tables and chart) where it has none or it was deleted. */
async function historySheet(context: Excel.RequestContext, stored: StoredSnapshotSheet, layout: SnapshotSheetSpec) {
  const kept = stored.sheetId ? context.workbook.worksheets.getItemOrNullObject(stored.sheetId) : undefined;
  kept?.load("name");
  await context.sync();
  if (kept && !kept.isNullObject) return { sheet: kept, stored };
  const made = await create(context, layout);
  made.sheet.load("name");
  await context.sync();
  // A new history: the last snapshot's day and rows belonged to the sheet that is gone.
  const { source, keep } = stored;
  return {
    sheet: made.sheet,
    stored: { source, keep, sheetId: made.sheet.id, tables: made.tables, chart: made.chart },
  };
}

export function officeSnapshotMethods(run: Run, settings: DocumentSettings): SnapshotMethods {
  const readStored = () => readRenamedSetting<StoredSnapshotSheets>(settings, SNAPSHOT_SETTING, OLD_SNAPSHOT_SETTING);
  const save = (all: StoredSnapshotSheets) => saveSetting(settings, SNAPSHOT_SETTING, all, "the history's place");

  /** The key a source is kept under: its report sheet's id, or its table's name. */
  const keyOf = async (context: Excel.RequestContext, source: SnapshotSourceRef): Promise<string> => {
    if (source.kind === "table") return `table:${source.table}`;
    const sheet = context.workbook.worksheets.getItem(source.sheet);
    sheet.load("id");
    await context.sync();
    return `report:${sheet.id}`;
  };

  return {
    listSnapshotSheets: async (): Promise<SnapshotState[]> => {
      const entries = Object.entries(readStored());
      if (!entries.length) return [];
      const { states, gone } = await run((context) => statesOf(context, entries));
      if (gone.length) {
        const kept = readStored();
        for (const key of gone) delete kept[key];
        await save(kept);
      }
      return states;
    },

    setKeepSnapshots: async (source, keep) => {
      const key = await run((context) => keyOf(context, source));
      const all = readStored();
      await save({ ...all, [key]: { ...all[key], source, keep } });
    },

    appendSnapshot: async (append: SnapshotAppend): Promise<SnapshotWritten> => {
      const outcome = await run(async (context) => {
        const key = await keyOf(context, append.source);
        const before: StoredSnapshotSheet = readStored()[key] ?? { source: append.source, keep: false };
        const made = await historySheet(context, before, append.layout);
        const { sheet } = made;
        const stored = {
          ...made.stored,
          tables: await addMissingTables(context, sheet, made.stored.tables ?? {}, append.layout),
        };
        const found = await findTables(context, stored.tables);
        const replaced = stored.lastDay === append.day;
        const plans = await write(context, sheet, found, append, replaced ? (stored.lastRows ?? {}) : {});
        await followSummary(context, sheet, stored, append.layout);
        const next: StoredSnapshotSheet = {
          ...stored,
          snapshots: (stored.snapshots ?? 0) + (replaced ? 0 : 1),
          lastDay: append.day,
          lastRows: Object.fromEntries(plans.map((p) => [p.key, p.rows.length])),
        };
        return { key, next, sheet: sheet.name, replaced };
      });
      await save({ ...readStored(), [outcome.key]: outcome.next });
      return { sheet: outcome.sheet, snapshots: outcome.next.snapshots ?? 0, replaced: outcome.replaced };
    },

    readRecentSnapshots: (source, days) =>
      run(async (context) => {
        const stored = readStored()[await keyOf(context, source)];
        const sheet = stored?.sheetId ? context.workbook.worksheets.getItemOrNullObject(stored.sheetId) : undefined;
        await context.sync();
        if (!sheet || sheet.isNullObject || !stored?.tables) return {};
        return readRecentRows(context, sheet, await findTables(context, stored.tables), days);
      }),
  };
}
