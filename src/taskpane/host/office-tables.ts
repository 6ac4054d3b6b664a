/**
 * The add-in's tables in Excel: created at a cell, refreshed in place, listed with their stored queries.
 * - A table's query lives in the document settings under `mad.tables` (document-settings.ts); tables are found
 *   again by name, so a table renamed by hand loses its query and stays an ordinary table.
 * - Nothing is written over cells that hold something unless the person said so: Excel writes over them without a
 *   word, and Table.resize (ExcelApi 1.13) takes in whatever the new rows hold
 *   (https://learn.microsoft.com/javascript/api/excel/excel.table#excel-excel-table-resize-member(1)). A table that
 *   grows checks the rows below it first; the person may let it insert sheet rows there instead
 *   (Range.insert, ExcelApi 1.1), which moves what was there down.
 */
import { t } from "../../i18n";
import { type HostAdapter, type StoredQuery, type TableInfo, type TableSpec } from "./host-adapter";
import { CellsInUseError } from "./cells-in-use";
import type { CellValue, TableGrowth } from "../report-model/cells";
import { blockAddress, offset, parseCell, rangesIntersect, type CellRange } from "../../table/a1";
import { occupiedCells, splitAddress, addressOf, rangeOfAddress } from "./bounded-reads";
import { writeBlock, writeRowsInBlocks } from "./block-writer";
import { readSetting, saveSetting, TABLES_SETTING, type DocumentSettings } from "./document-settings";
import type { Run } from "./excel-run";

/** How many numbered variants of a table name are tried. */
const MAX_NAME_TRIES = 50;
/** A check names at most this many cells in use. */
export const MAX_OCCUPIED = 20;

interface StoredTable {
  readonly sheet: string;
  readonly query: StoredQuery;
  readonly formats: readonly string[];
}
type StoredTables = Record<string, StoredTable>;

const listed = (cells: readonly string[]) =>
  cells.length > 3
    ? t("host.cellsAndMore", { cells: cells.slice(0, 3).join(", "), more: cells.length - 3 })
    : cells.join(", ");

/**
 * The sheet's tables, other than `except`, that overlap `area`: a table never grows over another (office-js
 * #1199: "A table can't overlap another table"), whatever their cells hold.
 */
export async function tablesIn(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  area: CellRange,
  except: string,
): Promise<string[]> {
  const tables = sheet.tables;
  tables.load("items/name");
  await context.sync();
  const others = tables.items
    .filter((table) => table.name !== except)
    .map((table) => ({ name: table.name, range: table.getRange().load("address") }));
  if (!others.length) return [];
  await context.sync();
  return others
    .filter(({ range }) => rangesIntersect(rangeOfAddress(splitAddress(range.address).address), area))
    .map(({ name }) => name);
}

/** The proposed name, or the first free `<name>_2`, `<name>_3`...: candidates are checked in one round trip. */
export async function uniqueTableName(context: Excel.RequestContext, proposed: string): Promise<string> {
  const base = proposed.replace(/[^A-Za-z0-9_.]/g, "_").replace(/^[^A-Za-z_]/, "_") || "MAD_Table";
  const candidates = Array.from({ length: MAX_NAME_TRIES }, (_, i) => (i === 0 ? base : `${base}_${i + 1}`));
  const found = candidates.map((name) => context.workbook.tables.getItemOrNullObject(name));
  found.forEach((table) => table.load("name"));
  await context.sync();
  const free = candidates.find((_, i) => found[i].isNullObject);
  if (!free) throw new Error(t("host.tableNames", { first: base, last: `${base}_${MAX_NAME_TRIES}` }));
  return free;
}

/** Refuses a new table over cells that hold something (a person's), naming them. */
async function refuseCellsInUse(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  sheetName: string,
  area: CellRange,
) {
  const occupied = await occupiedCells(context, sheet, area, MAX_OCCUPIED);
  if (!occupied.length) return;
  const address = addressOf(area);
  throw new CellsInUseError(
    t("host.tableNeeds", { area: `${sheetName}!${address}`, cells: listed(occupied), count: occupied.length }),
    sheetName,
    address,
    occupied,
  );
}

/**
 * Rows below a table that grows: free, made free by inserting sheet rows when asked, else refused. Another table
 * there is refused even when overwriting is allowed (office-js #1199): only inserting rows helps.
 */
async function makeRoomBelow(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  grows: { table: string; sheetName: string; left: number; right: number; lastRow: number; newLastRow: number },
  growth: TableGrowth | undefined,
) {
  const { lastRow, newLastRow, sheetName } = grows;
  const below: CellRange = { top: lastRow + 1, bottom: newLastRow, left: grows.left, right: grows.right };
  const tables = await tablesIn(context, sheet, below, grows.table);
  const occupied = growth === "overwrite" ? [] : await occupiedCells(context, sheet, below, MAX_OCCUPIED);
  if (!occupied.length && !tables.length) return;
  // Whole sheet rows below the table: what was under it (another table too) moves down, out of the new rows' way.
  if (growth === "insertRows") return void sheet.getRange(`${lastRow + 2}:${newLastRow + 1}`).insert("Down");
  const values = { table: grows.table, rows: newLastRow - lastRow, area: `${sheetName}!${addressOf(below)}` };
  throw new CellsInUseError(
    tables.length
      ? t("host.refreshNeedsTable", { table: grows.table, tables: tables.join(", ") })
      : t("host.refreshNeeds", { ...values, cells: listed(occupied), count: occupied.length }),
    sheetName,
    addressOf(below),
    occupied,
    tables,
  );
}

/** The stored tables that still exist: where each is and how many rows it holds. */
async function liveTables(context: Excel.RequestContext, stored: StoredTables): Promise<TableInfo[]> {
  const found = Object.keys(stored).map((name) => ({ name, table: context.workbook.tables.getItemOrNullObject(name) }));
  found.forEach((f) => f.table.load("name"));
  await context.sync();
  const live = found.filter((f) => !f.table.isNullObject);
  const ranges = live.map((f) => {
    const range = f.table.getRange();
    range.load("address");
    const body = f.table.getDataBodyRange();
    body.load("rowCount");
    // A table without data still shows one blank body row; its first row tells the two apart.
    const firstRow = body.getRow(0);
    firstRow.load("values");
    return { ...f, range, body, firstRow };
  });
  await context.sync();
  return ranges.map(({ name, range, body, firstRow }): TableInfo => {
    const { sheet, address } = splitAddress(range.address);
    const emptyBody = body.rowCount === 1 && firstRow.values[0].every((v) => v === "" || v === null);
    return { name, sheet, address, rowCount: emptyBody ? 0 : body.rowCount, query: stored[name].query };
  });
}

type TableMethods = Pick<HostAdapter, "createTable" | "replaceTableRows" | "listTables">;

export function officeTableMethods(run: Run, settings: DocumentSettings): TableMethods {
  const readStored = () => readSetting<StoredTables>(settings, TABLES_SETTING);
  const keep = (name: string, table: StoredTable) =>
    saveSetting(settings, TABLES_SETTING, { ...readStored(), [name]: table }, t("host.what.table"));

  return {
    createTable: async (target, spec: TableSpec, onProgress, placement) => {
      const info = await run(async (context) => {
        const cols = spec.header.length;
        const top = parseCell(target.address);
        const area: CellRange = {
          top: top.row,
          left: top.col,
          bottom: top.row + Math.max(spec.rows.length, 1),
          right: top.col + cols - 1,
        };
        const address = addressOf(area);
        const sheet = context.workbook.worksheets.getItem(target.sheet);
        if (placement !== "overwrite") await refuseCellsInUse(context, sheet, target.sheet, area);
        const name = await uniqueTableName(context, spec.name);
        writeBlock(sheet.getRange(blockAddress(top, 1, cols)), [spec.header]);
        await writeRowsInBlocks(context, sheet, offset(top, 1, 0), spec.rows, cols, spec.columnFormats, onProgress);
        const table = sheet.tables.add(address, true);
        table.name = name;
        await context.sync();
        return { name, sheet: target.sheet, address, rowCount: spec.rows.length, query: spec.query };
      });
      await keep(info.name, { sheet: info.sheet, query: spec.query, formats: [...spec.columnFormats] });
      return info;
    },

    replaceTableRows: async (tableName, rows: readonly (readonly CellValue[])[], query, onProgress, growth) => {
      const stored = readStored();
      const info = await run(async (context) => {
        const table = context.workbook.tables.getItem(tableName);
        const header = table.getHeaderRowRange();
        header.load("address,columnCount");
        const body = table.getDataBodyRange();
        body.load("rowCount");
        table.load("worksheet/name");
        await context.sync();
        const sheetName = table.worksheet.name;
        const sheet = context.workbook.worksheets.getItem(sheetName);
        const cols = header.columnCount;
        const top = parseCell(splitAddress(header.address).address);
        const lastRow = top.row + body.rowCount; // the body's last row now, 0-based
        const newLastRow = top.row + Math.max(rows.length, 1);
        const grows = { table: tableName, sheetName, left: top.col, right: top.col + cols - 1, lastRow, newLastRow };
        if (newLastRow > lastRow) await makeRoomBelow(context, sheet, grows, growth);
        body.clear("Contents");
        const address = blockAddress(top, 1 + Math.max(rows.length, 1), cols);
        table.resize(address);
        await context.sync();
        const formats = stored[tableName]?.formats;
        await writeRowsInBlocks(context, sheet, offset(top, 1, 0), rows, cols, formats, onProgress);
        return { name: tableName, sheet: sheetName, address, rowCount: rows.length, query };
      });
      await keep(tableName, { sheet: info.sheet, query, formats: stored[tableName]?.formats ?? [] });
      return info;
    },

    listTables: async () => {
      const stored = readStored();
      const names = Object.keys(stored);
      if (!names.length) return [];
      return run((context) => liveTables(context, stored));
    },
  };
}
