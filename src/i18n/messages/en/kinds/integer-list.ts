/** The English of the parameter kinds of src/api/kinds/integer-list.ts: what cells and the function reference say of them. */
import { message } from "../../../message";

/** For the cells (messages/<locale>/cells.ts). */
export const integerListCellsWords = {
  "kind.integerList.expected": message("a list of whole numbers"),
};

/** For the function reference, read at build time only (messages/<locale>/reference.ts). */
export const integerListReferenceWords = {
  "kind.integerList.docs": message("list of whole numbers"),
  "kind.integerList.help": message("{doc}. A range, or numbers separated by commas.", { doc: "text" }),
};
