/**
 * The arguments of a history function, STOCKHISTORY's order: `=MAD.PRICEHISTORY(market, asin, [start], [end],
 * [interval], [fields])`. `start` and `end` are dates (Excel dates, `2025-08-02` text); `interval` is daily,
 * weekly or monthly (d, w, m; STOCKHISTORY's 1 and 2 for weekly and monthly), blank for the function's default;
 * `fields` picks the columns (`date` always comes first). Every value is read by a parameter kind, through the one
 * reader the other functions use; bad input is a ValidationError naming the argument (#VALUE!, nothing sent).
 */
import type { AnyOperation } from "../api/catalog";
import type { ParamSpec } from "../api/catalog-types";
import { didYouMean } from "../api/did-you-mean";
import type { HistoryForm, Interval } from "../api/history-form";
import { showValue } from "../api/kinds/cell-input";
import { argumentError } from "../api/kinds/kind";
import { readCells } from "../api/kinds/read";
import { PARAM_KINDS, schemaOf } from "../api/kinds";
import { list, str, timestamp } from "../api/params";
import { historyColumns, intervalsOf, type HistoryRange } from "../table/history";
import type { Column } from "../table/columns";
import { pickColumns } from "../table/columns";

/** STOCKHISTORY's interval codes (0 daily, 1 weekly, 2 monthly) and plain words; 0 reads as a blank cell. */
export const INTERVAL_ARG: ParamSpec = str("interval", "daily, weekly or monthly (or d, w, m; 1 weekly, 2 monthly).", {
  options: [
    { value: "daily", label: "Daily", aliases: ["d", "day"] },
    { value: "weekly", label: "Weekly", aliases: ["w", "week", "1"] },
    { value: "monthly", label: "Monthly", aliases: ["m", "month", "2"] },
  ],
});
export const START_ARG: ParamSpec = timestamp(
  "start",
  "First day (a date); blank = the first data, up to a year back.",
);
export const END_ARG: ParamSpec = timestamp("end", "Last day (a date); blank = today.");
const FIELDS_ARG: ParamSpec = list("fields", "Columns to spill.");

/** What a history function's cells say. */
export interface HistoryArgs {
  readonly market: unknown;
  readonly positional: readonly unknown[];
  readonly start?: unknown;
  readonly end?: unknown;
  readonly interval?: unknown;
  readonly fields?: unknown;
}

export interface ParsedHistory {
  /** Wire parameters: the market and the product (the whole history is asked for, one call per product). */
  readonly params: Record<string, unknown>;
  readonly range: Omit<HistoryRange, "now">;
  readonly columns: readonly Column[];
}

const context = (label: string) => ({ label, params: {} });

/** One argument read by its kind and checked by its kind's rules (#VALUE! naming the argument when they fail). */
function readArg(spec: ParamSpec, raw: unknown): unknown {
  const value = readCells(spec, raw, context(spec.name));
  if (value === undefined) return undefined;
  const parsed = schemaOf(spec).safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const rule = issue.code === "custom" ? String(issue.params?.rule ?? "type") : "type";
  const detail =
    issue.code === "custom"
      ? issue.message
      : `expected ${PARAM_KINDS[spec.kind].words.expected} (got ${showValue(value)})`;
  throw argumentError(spec.name, spec.name, rule, detail.replace(new RegExp(`^${spec.name}: `), ""));
}

/** The picked columns of a history (`date` first whatever the order). */
export function historyFields(op: AnyOperation, form: HistoryForm, arg: unknown): readonly Column[] {
  const all = historyColumns(form);
  const names = (readCells(FIELDS_ARG, arg, context("fields")) as string[] | undefined) ?? [];
  const { columns, unknown } = pickColumns(all, names);
  if (unknown.length) {
    const hint = didYouMean(
      unknown[0],
      all.map((c) => c.name),
    );
    throw argumentError(
      "fields",
      "fields",
      "unknownField",
      `${showValue(unknown[0])} is not a column of MAD.${op.fn}${hint ? `; did you mean ${hint}?` : ""}`,
    );
  }
  return columns;
}

export function parseHistoryArgs(op: AnyOperation, form: HistoryForm, args: HistoryArgs): ParsedHistory {
  const params: Record<string, unknown> = {};
  const market = readCells(specOf(op, "marketplace"), args.market, context("market"));
  if (market !== undefined) params.marketplace = market;
  op.positional.forEach(({ arg, param }, i) => {
    const value = readCells(specOf(op, param), args.positional[i], context(arg));
    if (value !== undefined) params[param] = value;
  });
  const start = readArg(START_ARG, args.start) as number | undefined;
  const end = readArg(END_ARG, args.end) as number | undefined;
  if (start !== undefined && end !== undefined && start > end)
    throw argumentError("start", "start", "range", "the start is after the end");
  const interval = (readArg(INTERVAL_ARG, args.interval) as Interval | undefined) ?? form.defaultInterval;
  const allowed = intervalsOf(form);
  if (!allowed.includes(interval))
    throw argumentError(
      "interval",
      "interval",
      "enum",
      `MAD.${op.fn} has ${allowed.join(" and ")} figures only (got ${interval})`,
    );
  return {
    params,
    range: { ...(start === undefined ? {} : { start }), ...(end === undefined ? {} : { end }), interval },
    columns: historyFields(op, form, args.fields),
  };
}

function specOf(op: AnyOperation, name: string): ParamSpec {
  const spec = (op.params as readonly ParamSpec[]).find((p) => p.name === name);
  if (!spec) throw new Error(`catalog: ${op.code} has no parameter ${name}`);
  return spec;
}
