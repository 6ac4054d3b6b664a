/** The English of the parameter kinds of src/api/kinds/text-rules.ts: what cells and the function reference say of them. */
import { message } from "../../../message";

/** For the cells (messages/<locale>/cells.ts). */
export const textRulesCellsWords = {
  "kind.maxLength": message("at most {max} characters (got {count})", { max: "number", count: "number" }),
  "kind.pattern.asin": message("an ASIN of 10 letters and digits, e.g. B0DGVP84B5"),
  "kind.pattern.nodeIdPath": message("category node ids joined by ':', e.g. 172282:281407"),
  "kind.pattern.nodeId": message("a category node id, e.g. 172282"),
  "kind.pattern.office": message("a trademark office code of two letters, e.g. US, GB or EM"),
};
