/** The English of the parameter kinds of src/api/kinds/read.ts: what cells and the function reference say of them. */
import { message } from "../../../message";

/** For the cells (messages/<locale>/cells.ts). */
export const readCellsWords = {
  "kind.oneValue": message("expects one value, got a range of {count} values", { count: "number" }),
  "kind.cardWithoutAsin": message("this data type has no ASIN field; give a product card or an ASIN"),
  "kind.cardField": message(
    "takes {expected}, not a product card; give its {field} field instead, e.g. =A2.{field} where A2 holds the card",
    { expected: "text", field: "text" },
  ),
  "kind.cardNoField": message("takes {expected}, not a product card, and a card has no field for it", {
    expected: "text",
  }),
  "kind.dataTypeNotAValue": message("a {type} data type is not a value this argument takes", { type: "text" }),
};
