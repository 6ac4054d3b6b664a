/**
 * Data types (entity values, e.g. product cards) written into cells: Range.valuesAsJson, ExcelApi 1.16
 * (https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-valuesasjson-member), offered only
 * where Excel says it has that set, asked at run time, and where a read of valuesAsJson works: retail perpetual
 * Office claims ExcelApi 1.16 and fails valuesAsJson with GeneralException (office-js #4750; Microsoft does not
 * deliver data types to non-subscription Office, #3504). That read runs at the pane's start, when the person may be
 * typing in a cell: it asks Excel to wait for them (`delayForCellEdit`, Excel.RunOptions; without it the batch
 * "automatically fails" in cell-edit mode). Only the documented refusals settle it as "no data types" for both faces
 * (src/table/data-type-support.ts: MAD.PRODUCT then spills its labelled row): GeneralException (#4750) and the API
 * missing (ApiNotFound); any other failure (a busy Excel, a batch that timed out) is asked again, a few times now
 * and at the next ask after that, never taken for a refusal. A card's numbers take the
 * form this ExcelApi level reads (DoubleCellValue.numberFormat from 1.19, FormattedNumber below). A card's JSON is a
 * few kilobytes: cells go out in runs of consecutive cards, each sync under BLOCK_BUDGET_BYTES, far below Excel on
 * the web's 5 MB per request.
 */
import type { Clock } from "../../lib/clock";
import type { DataTypeHost, DataTypeValue } from "./host-adapter";
import { blockAddress, parseCell } from "../../table/a1";
import { BLOCK_BUDGET_BYTES } from "./block-writer";
import { jsonTextBytes } from "../../table/result-size";
import { cardNumbersFor, dataTypesRefused, noteDataTypesRefused } from "../../table/data-type-support";

type Run = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;
type Requirements = () => Pick<Office.RequirementSetSupport, "isSetSupported"> | undefined;

const DATA_TYPE_REQUIREMENT = { set: "ExcelApi", version: "1.16" } as const;

const hasSet = (requirements: Requirements, set: string, version: string) => {
  try {
    return requirements()?.isSetSupported(set, version) === true;
  } catch {
    return false;
  }
};

/** The refusals the documentation and office-js name for data types: anything else may pass on a second try. */
const REFUSALS: ReadonlySet<string> = new Set(["GeneralException", "ApiNotFound"]);
/** Tries of the start's read before the answer is left open, and the pause between them. */
const PROBE_TRIES = 3;
const PROBE_PAUSE_MS = 1_000;

type Verdict = "works" | "refused" | "unknown";

/** Whether this Excel reads a cell's valuesAsJson, waiting for a person who edits a cell. */
async function valuesAsJsonVerdict(run: Run, clock: Clock): Promise<Verdict> {
  for (let attempt = 1; ; attempt++) {
    try {
      await run(async (context) => {
        context.workbook.getActiveCell().load("valuesAsJson");
        // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one read per try, at most PROBE_TRIES
        await context.sync();
      });
      return "works";
    } catch (error) {
      if (REFUSALS.has(String((error as { code?: unknown } | null)?.code))) return "refused";
      if (attempt >= PROBE_TRIES) return "unknown";
      await clock.sleep(PROBE_PAUSE_MS);
    }
  }
}

interface DataTypeProbeDeps {
  /** Excel.run({ delayForCellEdit: true }, …). */
  readonly runAfterCellEdit: Run;
  readonly clock: Clock;
}

export function officeDataTypeMethods(run: Run, requirements: Requirements, probe: DataTypeProbeDeps): DataTypeHost {
  let probed: Promise<Verdict> | undefined;
  return {
    dataTypeSupport: async () => {
      if (!hasSet(requirements, DATA_TYPE_REQUIREMENT.set, DATA_TYPE_REQUIREMENT.version)) return false;
      probed ??= valuesAsJsonVerdict(probe.runAfterCellEdit, probe.clock);
      const verdict = await probed;
      if (verdict === "refused") noteDataTypesRefused();
      // Not known yet: asked again the next time (a card is not offered meanwhile).
      if (verdict === "unknown") probed = undefined;
      return verdict === "works" && !dataTypesRefused();
    },
    cardNumbers: async () => cardNumbersFor(hasSet(requirements, "ExcelApi", "1.19")),
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
