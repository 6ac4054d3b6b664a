/** The English of the parameter kinds of src/api/kinds/lists.ts: what cells and the function reference say of them. */
import { message } from "../../../message";

/** For the cells (messages/<locale>/cells.ts). */
export const listsCellsWords = {
  "kind.stringList.expected": message("a list of texts"),
  "kind.csv.expected": message("comma-separated values"),
};

/** For the function reference, read at build time only (messages/<locale>/reference.ts). */
export const listsReferenceWords = {
  "kind.stringList.docs": message("list"),
  "kind.stringList.help": message("{doc}. A range, or text separated by commas.", { doc: "text" }),
  "kind.csv.docs": message("list"),
};
