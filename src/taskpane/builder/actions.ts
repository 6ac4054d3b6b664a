/**
 * What the Build tab's buttons do, without React: preview, insert as formula, insert as table. Each
 * takes the engine and the host adapter it works with, so tests and the preview page can hand in their own.
 */
import { operation, type OperationCode } from "../../api/catalog";
import { AbortError } from "../../api/errors";
import type { Engine } from "../../engine";
import type { CellTarget, HostAdapter, StoredQuery, TableInfo } from "../host/host-adapter";
import { cellAddress, parseCell } from "../../table/a1";
import { buildFilterBlock, FORMULA_GAP } from "./filter-block";
import { previewOf, selectColumns, tableOf } from "../report-model/result-table";
import { CONFIRM_ABOVE_CALLS } from "../report-model/spend";
import type { Cell } from "../../table/cells";
import { t } from "../../i18n";
import type { HistoryRequest } from "../../api/history-form";
import { historyRowsAtMost } from "../../table/history";
import { asinColumnOf, withCardColumn } from "../report-model/table-cards";
import { writeTableCards, type CardOutcome } from "../shared/write-table-cards";

/** The pane never previews more than this many rows (one page of most operations). */
export const PREVIEW_LIMIT = 50;

export interface ValidQuery {
  readonly code: OperationCode;
  /** Validated parameters (the client's normalization); the picked columns are `fields`. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly fields: readonly string[];
  readonly limit?: number;
  /** A history function's range and interval (its table is dated rows, not the answer's records). */
  readonly history?: HistoryRequest;
  /** Insert as table: the ASIN column as product cards (data types), where the host can hold them. */
  readonly cards?: boolean;
}

export interface PreviewResult {
  readonly header: string[];
  readonly rows: Cell[][];
  readonly total: number | null;
  readonly callsSpent: number;
  readonly fromCache: boolean;
}

/** Long work can be cancelled (Cancel in the pane) and reports its pages ("page 7 of 20"). */
export interface LongWork {
  readonly signal?: AbortSignal;
  readonly onPage?: (done: number, total: number) => void;
}

const query = (
  engine: Engine,
  code: OperationCode,
  params: Readonly<Record<string, unknown>>,
  options: { limit?: number; bypassCache?: boolean } & LongWork,
) => engine.query(code, params, options);

/** After a cancel, nothing more is shown or written, even when the last page had already arrived. */
function stopIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError();
}

export async function runPreview(
  engine: Engine,
  q: ValidQuery,
  shownRows = 20,
  work: LongWork = {},
): Promise<PreviewResult> {
  const limit = Math.min(q.limit ?? PREVIEW_LIMIT, PREVIEW_LIMIT);
  const result = await query(engine, q.code, q.params, { limit, ...work });
  stopIfCancelled(work.signal);
  const { header, rows } = previewOf(
    q.code,
    { rows: result.rows, stats: result.stats, fetchedAt: result.fetchedAt },
    q.fields,
    shownRows,
    q.history,
  );
  return {
    header,
    rows,
    total: result.total ?? result.rows.length,
    callsSpent: result.callsSpent,
    fromCache: result.fromCache,
  };
}

/** Rows of one page when a formula has no limit (most operations' page size). */
const FORMULA_PAGE_ROWS = 50;

/** Where Insert as formula would write, and what is in the way there, found before anything is written. */
export interface FormulaPlace {
  readonly at: CellTarget;
  /** Non-empty cells in the filter block's or the result's area (the first few). */
  readonly occupied: readonly string[];
  /** Set when the block or the result runs past the sheet's edge. */
  readonly outside?: string;
  /** The first place to the right of `at`, on the same rows, where block and result fit on empty cells. */
  readonly nextFree: CellTarget | null;
}

/** The block's and the result's size: rows = limit (or one page) + header, columns = the chosen fields'. */
function formulaFootprint(q: ValidQuery, at: CellTarget) {
  const block = buildFilterBlock(q.code, q.params, {
    fields: q.fields,
    ...(q.limit === undefined ? {} : { limit: q.limit }),
    ...(q.history ? { history: q.history } : {}),
    at,
  });
  const history = operation(q.code).history;
  return {
    block,
    blockRows: block.values.length,
    resultRows: 1 + (history ? historyRowsAtMost(history, q.history) : (q.limit ?? FORMULA_PAGE_ROWS)),
    resultColumns: Math.max(selectColumns(q.code, q.fields).length, 1),
  };
}

async function checkFormulaAt(host: HostAdapter, q: ValidQuery, at: CellTarget) {
  const f = formulaFootprint(q, at);
  const blockArea = await host.checkArea(f.block.block, f.blockRows, 2 + FORMULA_GAP);
  const resultArea = await host.checkArea(f.block.formulaCell, f.resultRows, f.resultColumns);
  const outside = blockArea.outside ?? resultArea.outside;
  return {
    occupied: [...blockArea.occupied, ...resultArea.occupied],
    ...(outside === undefined ? {} : { outside }),
    width: 2 + FORMULA_GAP + f.resultColumns,
  };
}

/** An area check at a candidate place: what is in the way, and whether it runs past the sheet's edge. */
type PlaceCheck = (at: CellTarget) => Promise<{ occupied: readonly string[]; outside?: string }>;

/**
 * Checks a place and, when it is taken, looks to the right, one column at a time past the last taken cell, for
 * the first place on the same rows where everything fits on empty cells.
 */
async function findPlace(start: CellTarget, check: PlaceCheck): Promise<FormulaPlace> {
  const here = await check(start);
  if (!here.occupied.length && !here.outside) return { at: start, occupied: [], nextFree: null };
  const top = parseCell(start.address);
  let nextFree: CellTarget | null = null;
  for (let col = top.col + 1, tries = 0; tries < 200; tries++) {
    const candidate = { sheet: start.sheet, address: cellAddress({ row: top.row, col }) };
    const found = await check(candidate);
    if (found.outside) break;
    if (!found.occupied.length) {
      nextFree = candidate;
      break;
    }
    const rightmost = Math.max(...found.occupied.map((a) => parseCell(a).col));
    col = Math.max(col + 1, rightmost + 1);
  }
  return {
    at: start,
    occupied: here.occupied,
    ...(here.outside === undefined ? {} : { outside: here.outside }),
    nextFree,
  };
}

/** Checks the active cell's place for Insert as formula and, when it is taken, finds the next free one. */
export async function planFormula(host: HostAdapter, q: ValidQuery, at?: CellTarget): Promise<FormulaPlace> {
  return findPlace(at ?? (await host.getActiveCell()), (candidate) => checkFormulaAt(host, q, candidate));
}

/** The columns Insert as table writes: the chosen ones, and the product column of cards beside the ASIN. */
const tableWidth = (q: ValidQuery) =>
  selectColumns(q.code, q.fields).length + (q.cards && asinColumnOf(q.code, q.fields) ? 1 : 0);

/**
 * Checks the active cell's place for Insert as table before any call is spent: its header and rows (the `limit`,
 * or one page when there is none) by the chosen columns; when taken, finds the next free place.
 */
export async function planTable(host: HostAdapter, q: ValidQuery, at?: CellTarget): Promise<FormulaPlace> {
  const rows = 1 + (q.limit ?? FORMULA_PAGE_ROWS);
  const columns = Math.max(tableWidth(q), 1);
  return findPlace(at ?? (await host.getActiveCell()), (candidate) => host.checkArea(candidate, rows, columns));
}

export interface WrittenFormula {
  readonly formula: string;
  readonly sheet: string;
  readonly address: string;
  /** What the formula's cell shows once written, when the host can tell (`#SPILL!`, a value, …). */
  readonly shows?: string;
  /** Set when the cell shows an Excel error. */
  readonly error?: string;
}

/**
 * Writes the filter block at `at` (the active cell by default) and the formula beside it; returns where the
 * formula went and what it shows. Callers check the place first with planFormula: this writes over what is there.
 */
export async function insertFormula(host: HostAdapter, q: ValidQuery, at?: CellTarget): Promise<WrittenFormula> {
  const start = at ?? (await host.getActiveCell());
  const block = buildFilterBlock(q.code, q.params, {
    fields: q.fields,
    ...(q.limit === undefined ? {} : { limit: q.limit }),
    ...(q.history ? { history: q.history } : {}),
    at: start,
  });
  await host.writeValues(block.block, block.values);
  await host.writeFormula(block.formulaCell, block.formula);
  const shows = await host.readValue(block.formulaCell);
  const error = typeof shows === "string" && /^#[A-Z0-9/!?]+[!?]?$/.test(shows.trim()) ? shows.trim() : undefined;
  return {
    formula: block.formula,
    ...block.formulaCell,
    ...(shows === undefined || shows === null ? {} : { shows: String(shows) }),
    ...(error ? { error } : {}),
  };
}

/** A table name from the operation: `MAD_ProductResearch`. */
export function tableNameFor(code: OperationCode): string {
  return `MAD_${operation(code).title.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`;
}

/**
 * Asks before Insert as table spends more than CONFIRM_ABOVE_CALLS calls or more than are left this month:
 * the question with the count, or null when it can go ahead without asking.
 */
export async function tableSpendQuestion(engine: Engine, q: ValidQuery): Promise<string | null> {
  const plan = await engine.plan(q.code, q.params, q.limit === undefined ? {} : { limit: q.limit });
  const calls = plan.pages;
  const remaining = engine.usage().remainingThisMonth;
  if (remaining !== null && calls > remaining) return t("spend.table.tooMany", { calls, left: remaining });
  if (calls > CONFIRM_ABOVE_CALLS) return t("spend.table.many", { calls });
  return null;
}

/** Where Insert as table writes, and whether the person let it write over cells in use there. */
export interface TablePlace {
  readonly at: CellTarget;
  readonly overwrite?: boolean;
}

/**
 * Fetches the rows and writes the table at `place.at` (checked with planTable first). Cells in use there are
 * written over only when the person chose to (`place.overwrite`); otherwise the host refuses, writing nothing.
 */
export async function insertTable(
  engine: Engine,
  host: HostAdapter,
  q: ValidQuery,
  work: LongWork = {},
  place?: TablePlace,
): Promise<{ table: TableInfo; callsSpent: number; cards?: CardOutcome }> {
  const at = place?.at ?? (await host.getActiveCell());
  if (!place) {
    // The sheet's edge is checked before any call is spent (a limit-2,000 table spends 20 calls).
    const history = operation(q.code).history;
    const rows = history ? historyRowsAtMost(history, q.history) : (q.limit ?? 1);
    const area = await host.checkArea(at, 1 + rows, tableWidth(q));
    if (area.outside) throw new Error(t("build.table.doesNotFit", { why: area.outside }));
  }
  const result = await query(engine, q.code, q.params, {
    ...(q.limit === undefined ? {} : { limit: q.limit }),
    ...work,
  });
  stopIfCancelled(work.signal);
  const cardColumn = q.cards ? asinColumnOf(q.code, q.fields) : undefined;
  const table0 = tableOf(
    q.code,
    { rows: result.rows, stats: result.stats, fetchedAt: result.fetchedAt },
    q.fields,
    q.limit,
    q.history,
  );
  // Cards go beside the ASIN column, which stays text (table-cards.ts).
  const shaped = cardColumn ? withCardColumn(table0, cardColumn) : table0;
  const stored: StoredQuery = {
    operation: q.code,
    params: q.params,
    ...(q.fields.length ? { fields: q.fields } : {}),
    ...(q.limit === undefined ? {} : { limit: q.limit }),
    ...(q.history ? { history: q.history } : {}),
    ...(cardColumn ? { cards: "beside" as const } : {}),
    refreshedAt: result.fetchedAt,
  };
  const spec = {
    name: tableNameFor(q.code),
    header: shaped.header,
    rows: shaped.rows,
    columnFormats: shaped.formats,
    query: stored,
  };
  const table = await host.createTable(at, spec, undefined, place?.overwrite ? "overwrite" : undefined);
  const market = String(q.params.marketplace ?? "");
  const cards =
    cardColumn === undefined
      ? undefined
      : await writeTableCards(host, table, cardColumn, shaped.header, shaped.rows, result.rows, market);
  return { table, callsSpent: result.callsSpent, ...(cards === undefined ? {} : { cards }) };
}
