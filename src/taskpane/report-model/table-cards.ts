/**
 * Insert as table's product cards: a table whose columns include an ASIN (`asin`, `asin.asin`, `asinInfo.asin`)
 * can show each ASIN as a product card, the data type MAD.PRODUCT returns (src/table/product-card.ts), built from
 * the row's own record: no call beyond the table's. Where cells cannot hold data types (Excel before ExcelApi
 * 1.16) the option is not offered. A refreshed table writes its cards again (the stored query says so).
 */
import { operation, type OperationCode } from "../../api/catalog";
import { productCard, productFactsOf } from "../../table/product-card";
import { parseRangeAddress, cellAddress } from "../../table/a1";
import type { DataTypeValue, HostAdapter, TableInfo } from "../host/host-adapter";
import { selectColumns } from "./result-table";

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

/**
 * One card per table row, by the row's ASIN (null where the row has none): the facts come from the answer's
 * record of that ASIN.
 */
export function cardsFor(
  column: string,
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
  records: readonly unknown[],
  marketplace: string,
): { index: number; cards: (DataTypeValue | null)[] } | undefined {
  const index = header.indexOf(column);
  if (index < 0) return undefined;
  const byAsin = new Map<string, DataTypeValue>();
  for (const record of records) {
    const facts = productFactsOf(sourceOf(record, column), marketplace);
    if (facts && !byAsin.has(facts.asin)) byAsin.set(facts.asin, productCard(facts) as DataTypeValue);
  }
  const cards = rows.map((row) => {
    const asin = row[index];
    return typeof asin === "string" ? (byAsin.get(asin) ?? null) : null;
  });
  return { index, cards };
}

/** Writes the cards into the table's ASIN column, below its header; false when the host cannot hold them. */
export async function writeTableCards(
  host: HostAdapter,
  table: TableInfo,
  column: string,
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
  records: readonly unknown[],
  marketplace: string,
): Promise<boolean> {
  if (!(await host.dataTypeSupport())) return false;
  const found = cardsFor(column, header, rows, records, marketplace);
  const area = parseRangeAddress(table.address.replace(/^.*!/, ""));
  if (!found || !area || !rows.length) return false;
  const top = cellAddress({ row: area.top + 1, col: area.left + found.index });
  await host.writeDataTypes({ sheet: table.sheet, address: top }, found.cards);
  return true;
}
