/**
 * The workbook's cells as the report model and both hosts speak of them: what a cell holds, how a column's numbers
 * look, and what a table that grows may do with the cells below it. The hosts' capabilities (host/host-adapter.ts)
 * take and return these.
 */

/** A cell value as written: text from the API is always written as a value, never as a formula. */
export type CellValue = string | number | boolean | null;

/** Number format per column, in Excel format-code syntax (`yyyy-mm-dd`, `#,##0`, `0.00%`, `@` for text). */
export type ColumnFormats = readonly string[];

/**
 * What a refreshed table may do when its new rows need more room than it has and the cells below hold something:
 * insert sheet rows below it (what was there moves down), or write over those cells. Without one, it refuses.
 */
export type TableGrowth = "insertRows" | "overwrite";
