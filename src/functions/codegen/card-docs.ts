/**
 * The function reference's entries for card functions (MAD.PRODUCT: a product as an Excel data type): what the card
 * holds, how `=A2.Price` reads it, what Excel needs for it, and the labelled row where Excel has no data types.
 * The words are the active language's (src/i18n/docs/product-words.ts).
 */
import { operation, type CardFunction } from "../../api/catalog";
import { groupLabel, operationDescription, operationTitle } from "../../api/localized";
import { code, docsWords } from "../../i18n/docs";
import { CARD_PROPERTIES } from "../../table/product-card";

export const cardAnchor = (card: CardFunction) => `mad${card.fn.toLowerCase()}`;

export function cardEntry(card: CardFunction): string {
  const op = operation(card.operation);
  const words = docsWords().product;
  return [
    `### MAD.${card.fn}`,
    "",
    words.cardHead(operationTitle(card), groupLabel(op.group), op.code, `MAD.${op.fn}`, operationDescription(card)),
    "",
    words.cardSyntax(`=MAD.${card.fn}(market, asin)`),
    "",
    `    =MAD.${card.fn}("US", "B07Z82895W")`,
    "",
    words.cardExcel,
    "",
    words.cardProperties(CARD_PROPERTIES.map(code).join(", ")),
    "",
  ].join("\n");
}
