/**
 * What a formula's cell shows once Excel has its result. A custom function's cell shows #BUSY! while its call runs
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-overview), so the cell is read again a
 * number of times, a pause apart, before reporting what it shows. Pauses run on the injected clock (the one-clock
 * rule of ARCHITECTURE.md), so tests wait in simulated time.
 */
import type { Clock } from "../../lib/clock";
import type { CellTarget } from "./host-adapter";
import type { CellValue } from "../report-model/cells";
import { cellAddress, parseCell } from "../../table/a1";
import type { Run } from "./excel-run";

/** How often and how far apart the cell is read again while it shows #BUSY! (about 30 s in all). */
const READ_ATTEMPTS = 60;
const READ_PAUSE_MS = 500;

export async function readSettledValue(run: Run, clock: Clock, target: CellTarget): Promise<CellValue> {
  let shown: CellValue = null;
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    // One small read per attempt, a pause apart: polling a #BUSY! cell.
    shown = await run(async (context) => {
      const range = context.workbook.worksheets.getItem(target.sheet).getRange(cellAddress(parseCell(target.address)));
      range.load("values");
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- polls a #BUSY! cell, one read per pause
      await context.sync();
      return (range.values[0]?.[0] ?? null) as CellValue;
    });
    if (shown !== "#BUSY!") return shown;
    await clock.sleep(READ_PAUSE_MS);
  }
  return shown;
}
