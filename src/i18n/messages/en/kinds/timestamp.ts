/** The English of the parameter kinds of src/api/kinds/timestamp.ts: what cells and the function reference say of them. */
import { message } from "../../../message";

/** For the cells (messages/<locale>/cells.ts). */
export const timestampCellsWords = {
  "kind.timestamp.expected": message("a date (an Excel date, yyyy-mm-dd, or epoch milliseconds)"),
};

/** For the function reference, read at build time only (messages/<locale>/reference.ts). */
export const timestampReferenceWords = {
  "kind.timestamp.docs": message("date"),
  "kind.timestamp.help": message("{doc} (a date, or yyyy-mm-dd text).", { doc: "text" }),
};
