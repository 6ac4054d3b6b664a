/**
 * The English catalog's messages of reports that remember (issue 24): MAD.ASOF's cell texts, last good answers,
 * refresh when opened, history and schedules. Kept beside en.ts, which spreads them in, so each file stays short.
 */
import { message } from "./message";

export const REPORT_MESSAGES = {
  // MAD.ASOF in cells
  "asof.needsReference": message(
    "MAD.ASOF takes a reference to a MAD formula's cell or results, such as D5 or D5#.",
  ),
  "asof.noResult": message(
    "{cell} shows no MAD results in this session yet. Refresh it in the task pane's Reports tab, or enter its formula again.",
    { cell: "text" },
  ),
  "asof.failed": message("{cell} shows an error: {message}", { cell: "text", message: "text" }),
};
