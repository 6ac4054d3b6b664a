/**
 * The plans of the product group's own kinds of formula: a history (MAD.PRICEHISTORY, STOCKHISTORY's form) and a
 * card (MAD.PRODUCT, an Excel data type). The runner loads this module on demand, a chunk of its own, the first
 * time such a formula runs: Excel loads the functions bundle when a workbook opens, and most workbooks have none.
 */
import type { AnyOperation } from "../api/catalog";
import type { HistoryForm } from "../api/history-form";
import type { Cell } from "../table/cells";
import { shapeHistory } from "../table/history";
import type { CardNumbers } from "../table/data-type-support";
import { productCard, productFactsOf, productRow } from "../table/product-card";
import { noRowsText } from "../table/shape";
import { parseFormulaArgs } from "./arguments";
import type { FormulaPlan } from "./formula-plan";
import { parseHistoryArgs, type HistoryArgs } from "./history-args";

/** A history function's plan: the whole history asked for once, cut to the range and interval asked. */
export function historyPlan(op: AnyOperation, form: HistoryForm, args: HistoryArgs, now: () => number): FormulaPlan {
  const parsed = parseHistoryArgs(op, form, args);
  return {
    params: parsed.params,
    shape: (result) => shapeHistory(form, result.rows[0], { ...parsed.range, now: now() }, parsed.columns),
    rows: (_result, cells) => (cells.length > 1 ? cells.length - 1 : 0),
  };
}

/**
 * A card function's plan (MAD.PRODUCT): the product as an entity value where Excel takes one (`entities`, checked
 * at run time when the answer is shaped: the form of its numbers, or null), else its facts as one labelled row.
 */
export function cardPlan(
  op: AnyOperation,
  args: { readonly market?: unknown; readonly positional: readonly unknown[] },
  entities: () => CardNumbers | null,
): FormulaPlan {
  const parsed = parseFormulaArgs(op, { market: args.market, positional: args.positional });
  return {
    params: parsed.params,
    shape: (result) => {
      const facts = productFactsOf(result.rows[0], String(parsed.params.marketplace ?? ""));
      if (!facts) return [[noRowsText()]];
      const numbers = entities();
      return numbers ? [[productCard(facts, numbers) as unknown as Cell]] : productRow(facts);
    },
    rows: (result) => (productFactsOf(result.rows[0], "") ? 1 : 0),
  };
}
