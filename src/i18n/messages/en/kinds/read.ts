/** The English of the parameter kinds of src/api/kinds/read.ts: what cells and the function reference say of them. */
import { message } from "../../../message";

/** For the cells (messages/<locale>/cells.ts). */
export const readCellsWords = {
  "kind.oneValue": message("expects one value, got a range of {count} values", { count: "number" }),
};
