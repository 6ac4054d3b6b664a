/** The English of the parameter kinds of src/api/kinds/number.ts: what cells and the function reference say of them. */
import { message } from "../../../message";

/** For the cells (messages/<locale>/cells.ts). */
export const numberCellsWords = {
  "kind.number.expected": message("a number"),
  "kind.bounds": message(
    "{words}{bounds, select, both { from {min} to {max}} min { of at least {min}} max { of at most {max}} other {}}",
    { words: "text", bounds: "text", min: "text", max: "text" },
  ),
  "kind.mustBe": message("must be {fixed} (got {got})", { fixed: "text", got: "text" }),
};

/** For the function reference, read at build time only (messages/<locale>/reference.ts). */
export const numberReferenceWords = {
  "kind.integer.docs": message("whole number"),
  "kind.number.docs": message("number"),
};
