/**
 * The function reference's entries for the lookup functions (the catalog's LOOKUP_FUNCTIONS: answers per ASIN,
 * batched): MAD.PRODUCT, a product as an Excel data type (what the card holds, how `=A2.Price` reads it, what Excel
 * needs for it, the labelled row where Excel has no data types, the details it adds on demand), and MAD.PRODUCTS, a
 * row per listed ASIN. The words are the active language's (src/i18n/docs/product-words.ts).
 */
import { batchOf } from "../../api/lookups/batch";
import { LOOKUP_FUNCTIONS, operation, type AnyOperation, type LookupFunction } from "../../api/catalog";
import { groupLabel, operationDescription, operationTitle } from "../../api/words/localized";
import { code, docsWords } from "../../i18n/docs";
import { t } from "../../i18n/lookups";
import { recordColumns } from "../../table/columns";
import { CARD_PROPERTIES, cardLabel, DETAIL_FACTS } from "../../table/product-card";

export const lookupAnchor = (f: LookupFunction) => `mad${f.fn.toLowerCase()}`;

/** The syntax of a lookup function: market, its key, then `details` (a card) or `fields` and `headers` (rows). */
const lookupSyntax = (f: LookupFunction) =>
  `=MAD.${f.fn}(market, ${f.form === "card" ? "asin, [details]" : "asins, [fields], [headers]"})`;

/** How many ASINs one call takes. */
const perCall = (f: LookupFunction) => batchOf(operation(f.operation))?.max ?? 1;

function cardEntry(f: Extract<LookupFunction, { form: "card" }>): string {
  const words = docsWords().product;
  return [
    words.cardSyntax(lookupSyntax(f)),
    "",
    `    =MAD.${f.fn}("US", "B07Z82895W")`,
    `    =MAD.${f.fn}("US", "B07Z82895W", "Bullet points, Variants")`,
    "",
    words.cardExcel,
    "",
    // Named in the reference's language, as a card made in it names them (cardLabel).
    words.cardProperties(CARD_PROPERTIES.map((name) => code(cardLabel(name))).join(", ")),
    "",
    words.cardDetails(DETAIL_FACTS.map(code).join(", "), f.details, `MAD.${operation(f.details).fn}`),
  ].join("\n");
}

function rowsEntry(f: Extract<LookupFunction, { form: "rows" }>): string {
  const op = operation(f.operation);
  const words = docsWords().product;
  const columns = recordColumns(op).map((c) => code(c.name));
  return [
    words.cardSyntax(lookupSyntax(f)),
    "",
    `    =MAD.${f.fn}("US", "B07Z82895W, B0DGVP84B5")`,
    `    =MAD.${f.fn}("US", "B07Z82895W, B0DGVP84B5", "asin, price, bsr, units")`,
    `    =MAD.${f.fn}("US", "B07Z82895W, B0DGVP84B5", "asin, price, bsr", "labels")`,
    "",
    words.rowsRules({
      max: 2000,
      perCall: perCall(f),
      notFound: t("error.notFound.summary", { key: "B0…", market: "US" }),
      columns: columns.join(", "),
    }),
    "",
    words.rowsHeaders,
  ].join("\n");
}

export function lookupEntry(f: LookupFunction): string {
  const op = operation(f.operation);
  const head = docsWords().product.lookupHead(
    operationTitle(f),
    groupLabel(f.group),
    op.code,
    perCall(f),
    operationDescription(f),
  );
  return [`### MAD.${f.fn}`, "", head, "", f.form === "card" ? cardEntry(f) : rowsEntry(f), ""].join("\n");
}

/** The note of an operation's own entry where it answers per ASIN too (competitor lookup with `asins`). */
export function batchNote(op: AnyOperation): string[] {
  const batch = batchOf(op);
  if (!batch) return [];
  const functions = LOOKUP_FUNCTIONS.filter((f) => f.operation === op.code).map((f) => code(`MAD.${f.fn}`));
  return [docsWords().product.batchNote(batch.param, batch.max, functions.join(", ")), ""];
}
