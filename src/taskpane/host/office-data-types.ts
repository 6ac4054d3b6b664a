/**
 * Data types (entity values, e.g. product cards) written into cells: Range.valuesAsJson, ExcelApi 1.16
 * (https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-valuesasjson-member), offered only
 * where Excel says it has that set, asked at run time. A card's JSON is a few kilobytes: cells go out in runs of
 * consecutive cards, each sync under BLOCK_BUDGET_BYTES, far below Excel on the web's 5 MB per request.
 */
import type { DataTypeValue, HostAdapter } from "./host-adapter";
import { blockAddress, parseCell } from "../../table/a1";
import { BLOCK_BUDGET_BYTES } from "./block-writer";
import { jsonTextBytes } from "../../table/result-size";

type Run = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;
type Requirements = () => Pick<Office.RequirementSetSupport, "isSetSupported"> | undefined;

export const DATA_TYPE_REQUIREMENT = { set: "ExcelApi", version: "1.16" } as const;

export function officeDataTypeMethods(
  run: Run,
  requirements: Requirements,
): Required<Pick<HostAdapter, "dataTypeSupport" | "writeDataTypes">> {
  return {
    dataTypeSupport: async () => {
      try {
        return requirements()?.isSetSupported(DATA_TYPE_REQUIREMENT.set, DATA_TYPE_REQUIREMENT.version) === true;
      } catch {
        return false;
      }
    },
    writeDataTypes: (target, column) =>
      run(async (context) => {
        const sheet = context.workbook.worksheets.getItem(target.sheet);
        const top = parseCell(target.address);
        let pending = 0; // bytes queued since the last sync
        let piece: { start: number; cells: DataTypeValue[][] } | null = null;
        const put = () => {
          if (!piece) return;
          const address = blockAddress({ row: top.row + piece.start, col: top.col }, piece.cells.length, 1);
          sheet.getRange(address).valuesAsJson = piece.cells as unknown as Excel.CellValue[][];
          piece = null;
        };
        for (let row = 0; row < column.length; row++) {
          const card = column[row];
          if (card === null) {
            put(); // a blank ASIN: the cell stays as the table wrote it
            continue;
          }
          const bytes = jsonTextBytes(JSON.stringify(card));
          if (pending + bytes > BLOCK_BUDGET_BYTES) {
            put();
            // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one bounded request at a time
            await context.sync();
            pending = 0;
          }
          piece ??= { start: row, cells: [] };
          piece.cells.push([card]);
          pending += bytes;
        }
        put();
        await context.sync();
      }),
  };
}
