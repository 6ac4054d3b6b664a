/**
 * Insert as table's product cards: a table whose columns include an ASIN (`asin`, `asin.asin`, `asinInfo.asin`)
 * can show each ASIN as a product card, the data type MAD.PRODUCT returns (src/table/product-card.ts), built from
 * the row's own record: no call beyond the table's. Where cells cannot hold data types (Excel before ExcelApi
 * 1.16, or retail perpetual Office, which claims the set and refuses: office-js #4750) the option is not offered.
 * The cards go in a column of their own, `product`, right after the ASIN column, which stays text: a card cell's
 * Range.values reads "#VALUE!" (Excel.EntityCellValue.basicValue), so cards in the ASIN column itself would take
 * the ASIN from `[@asin]` in a person's formulas and from anything reading the table. The `product` column is
 * written with the ASINs as text first, then the cards over them; a card write Excel refuses leaves the table
 * complete with its ASINs as text: the outcome says so, never a failure. A refreshed table writes its cards again (the stored query says
 * so), or keeps its ASINs as text where this Excel has no cards.
 */
import { operation, type OperationCode } from "../../api/catalog";
import type { CardNumbers } from "../../table/data-type-support";
import { productCard, productFactsOf, type ProductCardValue } from "../../table/product-card";
import { selectColumns } from "./result-table";

/** The header of the column of cards, beside the ASIN column (a name no record field has). */
const CARD_COLUMN = "product";

/** The column that holds the ASIN, by its name's last segment. */
const isAsinColumn = (name: string) => name === "asin" || name.endsWith(".asin");

/** The ASIN column of the chosen columns (a history has none), or undefined. */
export function asinColumnOf(code: OperationCode, fields: readonly string[] = []): string | undefined {
  if (operation(code).history) return undefined;
  return selectColumns(code, fields)
    .map((c) => c.name)
    .find(isAsinColumn);
}

type Json = Record<string, unknown>;

/** The object the ASIN column reads from: the record itself, or `asinInfo` for `asinInfo.asin`. */
function sourceOf(record: unknown, column: string): unknown {
  const prefix = column.slice(0, -"asin".length).replace(/\.$/, "");
  if (!prefix || prefix === "asin") return record; // `asin.asin`: productFactsOf reads the nested `asin` itself
  return prefix
    .split(".")
    .reduce<unknown>((at, key) => (at && typeof at === "object" ? (at as Json)[key] : undefined), record);
}

/** A table with the `product` column right after its ASIN column, holding the ASINs as text until the cards land. */
export function withCardColumn<T>(
  table: {
    readonly header: readonly string[];
    readonly rows: readonly (readonly T[])[];
    readonly formats: readonly string[];
  },
  column: string,
): { header: string[]; rows: T[][]; formats: string[] } {
  const at = table.header.indexOf(column);
  const insert = <V>(list: readonly V[], value: V) => [...list.slice(0, at + 1), value, ...list.slice(at + 1)];
  if (at < 0) return { header: [...table.header], rows: table.rows.map((r) => [...r]), formats: [...table.formats] };
  return {
    header: insert(table.header, CARD_COLUMN),
    rows: table.rows.map((row) => insert(row, row[at])),
    formats: insert(table.formats, table.formats[at] ?? "@"),
  };
}

/**
 * One card per table row, by the row's ASIN (null where the row has none), for the `product` column (`index`):
 * the facts come from the answer's record of that ASIN.
 */
export function cardsFor(
  column: string,
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
  records: readonly unknown[],
  marketplace: string,
  numbers: CardNumbers,
): { index: number; cards: (ProductCardValue | null)[] } | undefined {
  const asinAt = header.indexOf(column);
  const index = header.indexOf(CARD_COLUMN);
  if (asinAt < 0 || index < 0) return undefined;
  const byAsin = new Map<string, ProductCardValue>();
  for (const record of records) {
    const facts = productFactsOf(sourceOf(record, column), marketplace);
    if (facts && !byAsin.has(facts.asin)) byAsin.set(facts.asin, productCard(facts, numbers));
  }
  const cards = rows.map((row) => {
    const asin = row[asinAt];
    return typeof asin === "string" ? (byAsin.get(asin) ?? null) : null;
  });
  return { index, cards };
}
