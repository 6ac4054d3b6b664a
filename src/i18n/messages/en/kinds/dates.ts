/** The English of the parameter kinds of src/api/kinds/dates.ts: what cells and the function reference say of them. */
import { message } from "../../../message";

/** For the cells (messages/<locale>/cells.ts). */
export const datesCellsWords = {
  "kind.month.expected": message("a month as yyyyMM"),
  "kind.saturday.expected": message("a date as yyyyMMdd"),
  "kind.weekOrMonth.expected": message("a date as yyyyMMdd or a month as yyyyMM"),
};

/** For the function reference, read at build time only (messages/<locale>/reference.ts). */
export const datesReferenceWords = {
  "kind.month.docs": message("yyyyMM"),
  "kind.month.help": message("{doc} (202508, text or a date).", { doc: "text" }),
  "kind.saturday.docs": message("yyyyMMdd (Saturday)"),
  "kind.weekOrMonth.docs": message("yyyyMMdd or yyyyMM"),
};
