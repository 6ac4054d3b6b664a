/**
 * A history sheet's newest snapshots read back in Excel, for the Changes table (src/taskpane/reports/
 * snapshot-changes.ts), and the tables a history made before a table was added to its layout gains. Reads go in
 * blocks of rows (bounded-reads.ts: Excel's payload limit,
 * https://learn.microsoft.com/office/dev/add-ins/excel/performance#payload-size-limit-best-practices), first each
 * table's Taken column (which rows belong to its last days), then those rows only: a year of daily snapshots is never
 * loaded whole.
 */
import { blockAddress, parseCell, type CellRange } from "../../table/a1";
import { writeBlock } from "./block-writer";
import { addressOf, CELLS_PER_READ, occupiedCells, rowBlocksOf } from "./bounded-reads";
import type { CellValue } from "../report-model/cells";
import type { SnapshotSheetSpec } from "../report-model/snapshot-spec";
import { tablesIn, uniqueTableName } from "./office-tables";
import { firstRowOfLastDays } from "./snapshot-days";

/** A history table as found: its header row and how many rows it holds. */
export interface FoundTable {
  readonly key: string;
  readonly name: string;
  readonly header: CellRange;
  readonly rows: number;
}

/** The values of `range`, read in blocks of rows. */
async function readBlocks(context: Excel.RequestContext, sheet: Excel.Worksheet, range: CellRange) {
  const blocks = rowBlocksOf(range, CELLS_PER_READ).map((block) => {
    const read = sheet.getRange(addressOf(block));
    read.load("values");
    return read;
  });
  await context.sync();
  return blocks.flatMap((block) => block.values as CellValue[][]);
}

/** Each table's rows taken on its last `days` days, by table key. */
export async function readRecentRows(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  found: readonly FoundTable[],
  days: number,
): Promise<Record<string, CellValue[][]>> {
  const out: Record<string, CellValue[][]> = {};
  for (const table of found) {
    if (!table.rows) {
      out[table.key] = [];
      continue;
    }
    const top = table.header.top + 1;
    const bottom = table.header.top + table.rows;
    const taken = await readBlocks(context, sheet, { ...table.header, top, bottom, right: table.header.left });
    const first = firstRowOfLastDays(
      taken.map((row) => row[0]),
      days,
    );
    out[table.key] =
      first < table.rows ? await readBlocks(context, sheet, { ...table.header, top: top + first, bottom }) : [];
  }
  return out;
}

/**
 * The layout's tables the sheet lacks (a history made before the Changes table), each made at its anchor when its
 * header and first row are free (no person's cell, no table); the names of all the sheet's tables, by key.
 */
export async function addMissingTables(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  tables: Readonly<Record<string, string>>,
  layout: SnapshotSheetSpec,
): Promise<Record<string, string>> {
  const names = { ...tables };
  for (const spec of layout.tables) {
    if (names[spec.key]) continue;
    const top = parseCell(spec.anchor);
    const area: CellRange = {
      top: top.row,
      left: top.col,
      bottom: top.row + 1,
      right: top.col + spec.header.length - 1,
    };
    const inUse = [...(await occupiedCells(context, sheet, area, 1)), ...(await tablesIn(context, sheet, area, ""))];
    if (inUse.length) continue; // the sheet goes on without it rather than over a person's cells
    const name = await uniqueTableName(context, spec.name);
    writeBlock(sheet.getRange(blockAddress(top, 1, spec.header.length)), [spec.header]);
    sheet.tables.add(blockAddress(top, 2, spec.header.length), true).name = name;
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one table at most (the Changes table)
    await context.sync();
    names[spec.key] = name;
  }
  return names;
}
