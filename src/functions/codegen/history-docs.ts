/**
 * The function reference's words for history functions (STOCKHISTORY's form: an operation whose catalog row has a
 * history form): the shared rule, once, and each function's entry (syntax, examples, intervals, columns), in the
 * active language (src/i18n/docs/product-words.ts). Kept apart from readme.ts, which renders every other function
 * and calls in here.
 */
import { OPERATIONS, type AnyOperation } from "../../api/catalog";
import type { HistoryForm } from "../../api/history-form";
import { intervalsOf } from "../../api/history-form";
import { catalogText } from "../../i18n/catalog-translations";
import { groupLabel, operationDescription, operationTitle } from "../../api/words/localized";
import { code, docsWords } from "../../i18n/docs";
import { DATE_COLUMN } from "../../table/history";
import { noRowsText } from "../../table/shape";
import { argumentNames, optionalArguments } from "./wrappers";

export const HISTORY_SYNTAX = "=MAD.<NAME>(market, asin, [start], [end], [interval], [fields], [headers])";

/** The rule every history function follows, for the reference's introduction. */
export const historyRule = (operations: readonly AnyOperation[] = OPERATIONS): string =>
  docsWords().product.historyRule({
    syntax: HISTORY_SYNTAX,
    functions: operations.filter((op) => op.history).map((op) => `MAD.${op.fn}`),
    dateColumn: DATE_COLUMN,
    noHistory: noRowsText(),
  });

const EXAMPLE_ASIN = '"B07Z82895W"';

/** A function's syntax: its argument names, the optional ones in brackets. */
export const syntaxOf = (op: AnyOperation): string =>
  `=MAD.${op.fn}(${argumentNames(op)
    .map((a) => (optionalArguments(op).includes(a) ? `[${a}]` : a))
    .join(", ")})`;

/** An entry's heading and first paragraph (title, group, operation, description), for every function's entry. */
export const entryTop = (op: AnyOperation): string[] => [
  `### MAD.${op.fn}`,
  "",
  docsWords().entryHead(operationTitle(op), groupLabel(op.group), op.code, operationDescription(op)),
  "",
];

export function historyEntry(op: AnyOperation, form: HistoryForm): string {
  const intervals = intervalsOf(form);
  const other = intervals.find((i) => i !== form.defaultInterval);
  const figures = form.columns.slice(0, 2).map((c) => c.name);
  const words = docsWords();
  return [
    ...entryTop(op),
    words.product.historySyntax(
      syntaxOf(op),
      intervals.map(code).join(", "),
      form.defaultInterval,
      form.note ? catalogText(form.note) : "",
    ),
    "",
    `    =MAD.${op.fn}("US", ${EXAMPLE_ASIN})`,
    `    =MAD.${op.fn}("US", ${EXAMPLE_ASIN}, , , "${other ?? form.defaultInterval}", "${figures.join(", ")}")`,
    "",
    words.product.historyColumnsHeader,
    `| ${code(DATE_COLUMN)} | ${words.product.dateKind} | ${words.product.periodStart} |`,
    ...form.columns.map(
      (c) =>
        `| ${code(c.name)} | ${c.aggregate === "last" ? words.product.levelKind : words.product.flowKind} | ${catalogText(c.doc)} |`,
    ),
    "",
  ].join("\n");
}
