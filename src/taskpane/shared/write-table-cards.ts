/**
 * Writing an add-in table's product cards (report-model/table-cards.ts builds them from the table's own records):
 * what the builder's Insert as table and the Reports tab's refresh both do once the table is written.
 */
import { cellAddress, parseRangeAddress } from "../../table/a1";
import type { HostAdapter, TableInfo } from "../host/host-adapter";
import { cardsFor } from "../report-model/table-cards";

/**
 * What became of a table's cards: written; not available in this Excel (it has no data types, or says it has and
 * refuses them); or nothing to write (no rows, no ASIN column).
 */
export type CardOutcome = "written" | "unavailable" | "none";

/** Writes the cards into the table's `product` column, below its header. Never rejects: the table is complete anyway. */
export async function writeTableCards(
  host: HostAdapter,
  table: TableInfo,
  column: string,
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
  records: readonly unknown[],
  marketplace: string,
): Promise<CardOutcome> {
  try {
    if (!(await host.dataTypeSupport())) return "unavailable";
    const found = cardsFor(column, header, rows, records, marketplace, await host.cardNumbers());
    const area = parseRangeAddress(table.address.replace(/^.*!/, ""));
    if (!found || !area || !rows.length) return "none";
    const top = cellAddress({ row: area.top + 1, col: area.left + found.index });
    await host.writeDataTypes({ sheet: table.sheet, address: top }, found.cards);
    return "written";
  } catch {
    // Excel refused the cards (a GeneralException from valuesAsJson, office-js #4750): the ASINs stay as written.
    return "unavailable";
  }
}
