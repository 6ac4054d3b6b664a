/**
 * Number formats of an inserted table, one per column. The column model and the number-format rule are the
 * table module (src/table/columns.ts), so a table and a spilled formula of the same query look alike; a
 * table differs in two ways: dates show as `yyyy-mm-dd`, and every column whose cells are text (lists, objects,
 * undocumented shapes included) is formatted `@`, so API text such as "=SUM(...)" stays text.
 */
import type { Column } from "../../table/columns";
import { numberFormatOf } from "../../table/columns";

export const TABLE_DATE_FORMAT = "yyyy-mm-dd";
export const TEXT_FORMAT = "@";

const TEXT_TYPES = new Set(["string", "stringList", "numberList", "stringListMap", "object", "objectList", "unknown"]);

function tableFormatOf(column: Column): string {
  if (column.part) return numberFormatOf(column);
  if (column.spec.type === "epochMs") return TABLE_DATE_FORMAT;
  // Months and days sent as text are date serials (years plain numbers), like a spilled formula's.
  if (column.spec.type === "dateText") return numberFormatOf(column);
  if (TEXT_TYPES.has(column.spec.type)) return TEXT_FORMAT;
  return numberFormatOf(column);
}

export function columnFormats(columns: readonly Column[]): string[] {
  return columns.map(tableFormatOf);
}
