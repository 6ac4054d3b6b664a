/**
 * How a cached page is written to storage. A page's rows are the service's records, and records of one answer
 * share their field names: written as objects, the names take about as many bytes as the values (a product
 * research record names 52 fields). Where every row is a plain object with the same fields in the same order,
 * the page is written as columns (the names once) and rows of values, which lets about twice as many answers
 * survive a restart within the cache's bytes (./page-cache.ts). Anything else is written as it is, so reading
 * back always gives exactly the rows that were written, and pages written by earlier versions still read.
 */

/** What one page of an answer leaves in the cache. */
export interface PageData {
  rows: unknown[];
  total: number | null;
  stats?: unknown;
}

/** As written: `k` page key, `t` fetched at, `e` current until; then the rows as records (`r`) or as columns. */
export type StoredPage = StoredHead &
  ({ r: PageData } | { c: string[]; v: unknown[][]; n: number | null; s?: unknown });

interface StoredHead {
  k: string;
  t: number;
  e?: number;
}

type Row = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Row =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** The field names every row has, in the same order; undefined when the rows differ (or are not records). */
function sharedColumns(rows: readonly unknown[]): string[] | undefined {
  if (rows.length < 2 || !rows.every(isPlainObject)) return undefined;
  const columns = Object.keys(rows[0] as Row);
  const signature = columns.join("\u0000");
  // A value JSON would drop (undefined, a function) must keep its key absent, as writing the record would.
  const writable = (row: Row) => columns.every((c) => row[c] !== undefined && typeof row[c] !== "function");
  return rows.every((row) => Object.keys(row as Row).join("\u0000") === signature && writable(row as Row))
    ? columns
    : undefined;
}

export function toStored(head: StoredHead, data: PageData): StoredPage {
  const columns = sharedColumns(data.rows);
  if (!columns) return { ...head, r: data };
  const stored: StoredPage = {
    ...head,
    c: columns,
    v: data.rows.map((row) => columns.map((c) => (row as Row)[c])),
    n: data.total,
  };
  if (data.stats !== undefined) stored.s = data.stats;
  return stored;
}

export function dataOf(stored: StoredPage): PageData {
  if ("r" in stored) return stored.r;
  const rows = stored.v.map((values) => Object.fromEntries(stored.c.map((c, i) => [c, values[i]])));
  return stored.s === undefined ? { rows, total: stored.n } : { rows, total: stored.n, stats: stored.s };
}

/** A stored text read back, or undefined when it is not a page this module wrote (or an earlier version did). */
export function parseStored(text: string): StoredPage | undefined {
  const stored = JSON.parse(text) as Partial<StoredHead> & Record<string, unknown>;
  if (typeof stored?.k !== "string" || typeof stored.t !== "number") return undefined;
  const asRecords = Array.isArray((stored.r as PageData | undefined)?.rows);
  const asColumns =
    Array.isArray(stored.c) &&
    Array.isArray(stored.v) &&
    stored.v.every((values) => Array.isArray(values) && values.length === (stored.c as unknown[]).length);
  return asRecords || asColumns ? (stored as unknown as StoredPage) : undefined;
}
