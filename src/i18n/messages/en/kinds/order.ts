/** The English of the parameter kinds of src/api/kinds/order.ts: what cells and the function reference say of them. */
import { message } from "../../../message";

/** For the cells (messages/<locale>/cells.ts). */
export const orderCellsWords = {
  "kind.order.expected": message("an order '{field, desc}'"),
  "kind.orderText": message('expected a sort field and asc or desc, e.g. "{example} desc" (got {got})', {
    example: "text",
    got: "text",
  }),
  "kind.sortField": message("cannot sort by {got}; sort fields are {fields}", { got: "text", fields: "text" }),
};

/** For the function reference, read at build time only (messages/<locale>/reference.ts). */
export const orderReferenceWords = {
  "kind.order.docs": message("field asc/desc"),
};
