/**
 * A query result to the rectangular 2D array a MAD function spills: numbers, texts and booleans only, a header
 * row of column names (the names `fields` accepts) unless `headers=FALSE`; `headers=labels` spills the fields'
 * labels in the active language instead.
 * - Paged results spill their items, plain arrays their rows, one row per record, columns in the record's order
 *   (or in the order `fields` lists them).
 * - A single record (category statistics) spills field/value rows (`field`, `value` header; `Field`, `Value` in the
 *   active language under `headers=labels`); `layout=horizontal` spills one header row and one value row instead.
 * - Traffic keywords of a product spill their items; `stats=TRUE` spills the word-part stats table instead.
 * - An empty result spills the single text cell "No rows" ("无数据"; Excel cannot spill an array of zero rows).
 */
import { t } from "../i18n/cells";
import type { AnyOperation } from "../api/catalog";
import { TRAFFIC_KEYWORD_STATS_FIELDS } from "../api/records";
import { compileColumn, type Cell, type CellReader, type DateDisplay } from "./cells";
import { columnLabels, columnsOf, type Column } from "./columns";

type Layout = "vertical" | "horizontal";

/** How a result is laid out in the cells; set through reserved names in `filters`. */
export interface DisplayOptions {
  readonly headers: boolean;
  readonly layout: Layout;
  readonly stats: boolean;
  readonly dates: DateDisplay;
  /** `headers=labels`: the fields' labels (from their docs, in the active language) instead of API names. */
  readonly headerLabels?: boolean;
}

export const DEFAULT_DISPLAY: DisplayOptions = { headers: true, layout: "vertical", stats: false, dates: "serial" };

/** The single cell of an empty result, in the active language. */
export const noRowsText = (): string => t("cell.noRows");

/** Whether a spilled array, shaped just now, is the empty result's single cell. */
export const isNoRows = (shaped: readonly (readonly unknown[])[]): boolean =>
  shaped.length === 1 && shaped[0].length === 1 && shaped[0][0] === noRowsText();
/** Header of the field/value layout of a single record: its API words, or words in the active language. */
const VERTICAL_HEADER: readonly Cell[] = ["field", "value"];
const verticalHeader = (display: DisplayOptions): Cell[] =>
  display.headerLabels ? [t("cell.fieldHeader"), t("cell.valueHeader")] : [...VERTICAL_HEADER];

export interface ShapeInput {
  readonly rows: readonly unknown[];
  readonly stats?: unknown;
}

/** The compiled readers of a column list, made once per list and date display (lists come from a cache). */
const READERS = {
  serial: new WeakMap<readonly Column[], CellReader[]>(),
  text: new WeakMap<readonly Column[], CellReader[]>(),
};

function readersOf(columns: readonly Column[], dates: DateDisplay): CellReader[] {
  let readers = READERS[dates].get(columns);
  if (!readers) READERS[dates].set(columns, (readers = columns.map((c) => compileColumn(c, dates))));
  return readers;
}

function rowOf(record: unknown, readers: readonly CellReader[]): Cell[] {
  const row = new Array<Cell>(readers.length);
  for (let c = 0; c < readers.length; c++) row[c] = readers[c](record);
  return row;
}

function table(records: readonly unknown[], columns: readonly Column[], display: DisplayOptions): Cell[][] {
  if (!records.length || !columns.length) return [[noRowsText()]];
  const readers = readersOf(columns, display.dates);
  const offset = display.headers ? 1 : 0;
  // One preallocated outer array, filled in place (no intermediate body array and no spread copy).
  const out = new Array<Cell[]>(records.length + offset);
  if (display.headers) out[0] = headerRow(columns, display);
  for (let r = 0; r < records.length; r++) out[r + offset] = rowOf(records[r], readers);
  return out;
}

function headerRow(columns: readonly Column[], display: DisplayOptions): Cell[] {
  return display.headerLabels ? [...columnLabels(columns)] : columns.map((c) => c.name);
}

function singleRecord(record: unknown, columns: readonly Column[], display: DisplayOptions): Cell[][] {
  if (display.layout === "horizontal") return table([record], columns, display);
  const values = rowOf(record, readersOf(columns, display.dates));
  const names = headerRow(columns, display);
  const body = columns.map((_, i): Cell[] => [names[i], values[i]]);
  return display.headers ? [verticalHeader(display), ...body] : body;
}

const STATS_COLUMNS = columnsOf(TRAFFIC_KEYWORD_STATS_FIELDS);

/**
 * The spilled array for a result. `columns` are the selected columns of the operation's record; `limit` cuts
 * results the service does not page (plain arrays).
 */
export function shapeResult(
  op: AnyOperation,
  result: ShapeInput,
  columns: readonly Column[],
  display: DisplayOptions,
  limit?: number,
): Cell[][] {
  if (display.stats) return table(Array.isArray(result.stats) ? result.stats : [], STATS_COLUMNS, display);
  const records = limit === undefined ? result.rows : result.rows.slice(0, limit);
  if (op.shape === "object") return records.length ? singleRecord(records[0], columns, display) : [[noRowsText()]];
  return table(records, columns, display);
}
