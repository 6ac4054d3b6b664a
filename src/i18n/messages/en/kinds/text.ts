/** The English of the parameter kinds of src/api/kinds/text.ts: what cells and the function reference say of them. */
import { message } from "../../../message";

/** For the cells (messages/<locale>/cells.ts). */
export const textCellsWords = {
  "kind.marketplace.expected": message("a marketplace code such as US"),
  "kind.notAMarketplace": message(
    "{got} is not a marketplace{scope, select, operation { this operation takes} other {}}; use one of {codes}{aliases, select, none {} other { ({aliases})}}",
    { got: "text", scope: "text", codes: "text", aliases: "text" },
  ),
  "kind.string.expected": message("text"),
};

/** For the function reference, read at build time only (messages/<locale>/reference.ts). */
export const textReferenceWords = {
  "kind.marketplace.docs": message("market code"),
  "kind.string.docs": message("text"),
};
