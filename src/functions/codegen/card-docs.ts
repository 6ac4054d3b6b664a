/**
 * The function reference's words for card functions (MAD.PRODUCT: a product as an Excel data type): what the card
 * holds, how `=A2.Price` reads it, what Excel needs for it, and the labelled row where Excel has no data types.
 */
import { GROUP_LABELS } from "../../api/catalog-types";
import { operation, type CardFunction } from "../../api/catalog";
import { CARD_PROPERTIES } from "../../table/product-card";

const code = (text: string) => `\`${text}\``;

export const cardAnchor = (card: CardFunction) => `mad${card.fn.toLowerCase()}`;

export function cardEntry(card: CardFunction): string {
  const op = operation(card.operation);
  return [
    `### MAD.${card.fn}`,
    "",
    `${card.title} (${GROUP_LABELS[op.group]}, from ${code(op.code)}: one call, shared with ${code(`MAD.${op.fn}`)} ` +
      `of the same product). ${card.description}`,
    "",
    `Syntax: ${code(`=MAD.${card.fn}(market, asin)`)}.`,
    "",
    `    =MAD.${card.fn}("US", "B07Z82895W")`,
    "",
    "In Excel with data types for custom functions (CustomFunctionsRuntime 1.4: Excel on the web, Microsoft 365 " +
      "from version 2208, Mac from 16.64) the cell holds a product card: click its icon (or press Ctrl+Shift+F5) " +
      `to open it, and read a property with ${code("=A2.Price")} or ${code("=A2.[Monthly units]")}; the field picker ` +
      "beside the cell lists them. The card refreshes with the workbook, like any formula. Elsewhere (perpetual " +
      "Office) the same facts spill as one labelled row: a header of the property names and one row of values. " +
      "The add-in asks Excel at run time which it can show.",
    "",
    `Properties: ${CARD_PROPERTIES.map(code).join(", ")}. ${code("Price")} and ${code("Monthly revenue")} are in ` +
      `the marketplace's currency, ${code("Monthly units")} and ${code("Monthly revenue")} are the last complete ` +
      `month's (this variant's), ${code("Listed on")} is the listing day (a date), ${code("Listing")} the product's ` +
      "link. A fact the service does not send is left out of the card (blank in the row), never shown as 0.",
    "",
  ].join("\n");
}
