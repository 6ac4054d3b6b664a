/**
 * The function reference's words for history functions (STOCKHISTORY's form: an operation whose catalog row has a
 * history form): the shared rule, once, and each function's entry (syntax, examples, intervals, columns). Kept
 * apart from readme.ts, which renders every other function and calls in here.
 */
import type { AnyOperation } from "../../api/catalog";
import { GROUP_LABELS } from "../../api/catalog-types";
import type { HistoryForm } from "../../api/history-form";
import { intervalsOf } from "../../api/history-form";
import { DATE_COLUMN, NO_HISTORY_TEXT } from "../../table/history";
import { argumentNames } from "./wrappers";

const code = (text: string) => `\`${text}\``;

const HISTORY_SYNTAX = "=MAD.<NAME>(market, asin, [start], [end], [interval], [fields])";

/** The rule every history function follows, for the reference's introduction. */
export const HISTORY_RULE = `**History functions** (${code("MAD.PRICEHISTORY")}, ${code("MAD.SALESTREND")},
${code("MAD.SALESESTIMATE")}) work like Excel's STOCKHISTORY: ${code(HISTORY_SYNTAX)} spills one header row (${code(DATE_COLUMN)} and the figures) and one row per day, week or
month. ${code("start")} and ${code("end")} are dates (a date in a cell, or ${code("2025-08-02")} text); without
${code("start")} the table starts at the first data (at most a year back for days, two years for weeks and months),
without ${code("end")} it ends today. ${code("interval")} is ${code("daily")}, ${code("weekly")} or
${code("monthly")} (${code("d")}, ${code("w")}, ${code("m")}; STOCKHISTORY's ${code("1")} and ${code("2")} for
weekly and monthly; a 0 reads as a blank cell, Excel's way of passing one on some builds); blank = the function's
default. Dates are Excel dates: the period's first day (weeks start on Monday, days are UTC days). Several series
with different time points become one table by one rule:
- a level (price, Buy Box, list price, rank, rating, number of ratings, sellers) is the last value known by the end
  of the period. A history of changes (PRICEHISTORY's) is carried forward from earlier periods while it does not
  change: the service sends a point only when a value changes, so a price set in March is still the price in May;
  a point of -1 means "no data from here on" (out of stock, no rank) and shows blank until the next point. Daily or
  monthly figures (SALESTREND's, SALESESTIMATE's) give the period's last figure, never carried past them;
- a flow (units, revenue) is the sum of the period's figures, blank when it has none;
- a figure is read from the coarsest list the service sends that is not coarser than the interval (months from
  monthly figures, weeks from daily ones); a figure the service has no list for at that interval is blank;
- rows where every column is blank are left out; a range without data spills ${code(NO_HISTORY_TEXT)}.
A history function asks for the product's whole history in one call, whatever the range, so every range and
interval of one product shares one call and one cached answer.`;

const EXAMPLE_ASIN = '"B07Z82895W"';

export function historyEntry(op: AnyOperation, form: HistoryForm): string {
  const args = argumentNames(op).map((a) => (["start", "end", "interval", "fields"].includes(a) ? `[${a}]` : a));
  const intervals = intervalsOf(form);
  const other = intervals.find((i) => i !== form.defaultInterval);
  const figures = form.columns.slice(0, 2).map((c) => c.name);
  return [
    `### MAD.${op.fn}`,
    "",
    `${op.title} (${GROUP_LABELS[op.group]}, ${code(op.code)}). ${op.description}`,
    "",
    `Syntax: ${code(`=MAD.${op.fn}(${args.join(", ")})`)}, a history function (see above). Intervals: ` +
      `${intervals.map(code).join(", ")}; default ${code(form.defaultInterval)}.${form.note ? ` ${form.note}` : ""}`,
    "",
    `    =MAD.${op.fn}("US", ${EXAMPLE_ASIN})`,
    `    =MAD.${op.fn}("US", ${EXAMPLE_ASIN}, , , "${other ?? form.defaultInterval}", "${figures.join(", ")}")`,
    "",
    "| Column | Kind | Meaning |",
    "|---|---|---|",
    `| ${code(DATE_COLUMN)} | date | The period's first day |`,
    ...form.columns.map(
      (c) => `| ${code(c.name)} | ${c.aggregate === "last" ? "level (last known)" : "flow (sum)"} | ${c.doc} |`,
    ),
    "",
  ].join("\n");
}
