/** The English of the parameter kinds of src/api/kinds/boolean.ts: what cells and the function reference say of them. */
import { message } from "../../../message";

/** For the cells (messages/<locale>/cells.ts). */
export const booleanCellsWords = {
  "kind.boolean.expected": message("TRUE or FALSE"),
};

/** For the function reference, read at build time only (messages/<locale>/reference.ts). */
export const booleanReferenceWords = {
  "kind.boolean.docs": message("TRUE/FALSE"),
};
