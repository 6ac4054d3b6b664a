/**
 * Which rows of a history table belong to its last days, for both hosts: a history table's first column is when
 * each row was taken (an Excel date-time serial, this computer's clock), its rows in the order they were taken, so
 * a day's rows are together and the last days are at the bottom.
 */
import type { CellValue } from "../report-model/cells";

/** The day a Taken cell falls on (its whole serial), or null for a blank or a text. */
const dayOf = (taken: CellValue | undefined): number | null =>
  typeof taken === "number" && Number.isFinite(taken) ? Math.floor(taken) : null;

/**
 * The first row taken on the last `days` days of `taken` (the first column, top down): rows from there to the
 * end; `taken.length` when it holds none (a new table's blank row).
 */
export function firstRowOfLastDays(taken: readonly CellValue[], days: number): number {
  let seen = 0;
  let current: number | null = null;
  let first = taken.length;
  for (let i = taken.length - 1; i >= 0; i--) {
    const day = dayOf(taken[i]);
    if (day === null) continue;
    if (day !== current) {
      if (seen === days) break;
      seen++;
      current = day;
    }
    first = i;
  }
  return first;
}
