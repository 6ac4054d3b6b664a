/**
 * The arguments of a history function, STOCKHISTORY's order: `=MAD.PRICEHISTORY(market, asin, [start], [end],
 * [interval], [fields], [headers])`. `start` and `end` are dates (Excel dates, `2025-08-02` text); `interval` is
 * daily, weekly or monthly (d, w, m; STOCKHISTORY's 1 and 2 for weekly and monthly), blank for the function's
 * default; `fields` picks the columns (`date` always comes first); `headers` is MAD.PRODUCTS' (`labels` heads the
 * columns in words, `names` or TRUE with their names, the default; FALSE spills no header row): last, where
 * STOCKHISTORY has it before its properties, so formulas written before it keep their meaning. Every value is read
 * by a parameter kind, through the one reader the other functions use, and checked by the one history check
 * (src/formula/history-dates.ts); bad input is a ValidationError naming the argument (#VALUE!, nothing sent).
 */
import type { AnyOperation } from "../api/catalog";
import type { ParamSpec } from "../api/catalog-types";
import { checkHistoryArgs } from "./history-dates";
import { HISTORY_ARGS, type HistoryForm, type HistoryRequest } from "../api/history-form";
import { readCells } from "../api/kinds/read";
import { historyColumns } from "../table/history";
import type { Column } from "../table/columns";
import type { DisplayOptions } from "../table/shape";
import { columnsNamed, fieldNames } from "./arguments";
import { headersArgument } from "./filters";

/** What a history function's cells say. */
export interface HistoryArgs {
  readonly market?: unknown;
  readonly positional: readonly unknown[];
  readonly start?: unknown;
  readonly end?: unknown;
  readonly interval?: unknown;
  readonly fields?: unknown;
  readonly headers?: unknown;
}

export interface ParsedHistory {
  /** Wire parameters: the market and the product (the whole history is asked for, one call per product). */
  readonly params: Record<string, unknown>;
  readonly range: HistoryRequest;
  readonly columns: readonly Column[];
  /** The header row: names (the default), labels (words in the active language) or none. */
  readonly display: DisplayOptions;
}

const context = (label: string) => ({ label, params: {} });

function specOf(op: AnyOperation, name: string): ParamSpec {
  const spec = (op.params as readonly ParamSpec[]).find((p) => p.name === name);
  if (!spec) throw new Error(`catalog: ${op.code} has no parameter ${name}`);
  return spec;
}

export function parseHistoryArgs(op: AnyOperation, form: HistoryForm, args: HistoryArgs): ParsedHistory {
  const params: Record<string, unknown> = {};
  const market = readCells(specOf(op, "marketplace"), args.market, context("market"));
  if (market !== undefined) params.marketplace = market;
  op.positional.forEach(({ arg, param }, i) => {
    const value = readCells(specOf(op, param), args.positional[i], context(arg));
    if (value !== undefined) params[param] = value;
  });
  const raw = {
    start: readCells(HISTORY_ARGS.start, args.start, context("start")),
    end: readCells(HISTORY_ARGS.end, args.end, context("end")),
    interval: readCells(HISTORY_ARGS.interval, args.interval, context("interval")),
  };

  const { request, errors } = checkHistoryArgs(op, form, raw);
  if (!request) throw errors[0];
  const columns = columnsNamed(op, historyColumns(form), fieldNames(args.fields));
  return { params, range: request, columns, display: headersArgument(args.headers) };
}
