/**
 * The plans of the product group's own kinds of formula: a history (MAD.PRICEHISTORY, STOCKHISTORY's form) and the
 * lookups by ASIN (MAD.PRODUCT, an Excel data type; MAD.PRODUCTS, a row per ASIN: ./lookup-plans.ts). The runner
 * loads this module on demand, a chunk of its own, the first time such a formula runs: Excel loads the functions
 * bundle when a workbook opens, and most workbooks have none.
 */
import type { AnyOperation } from "../api/catalog";
import type { HistoryForm } from "../api/history-form";
import { shapeHistory } from "../table/history";
import { isNoRows } from "../table/shape";
import type { FormulaPlan } from "./formula-plan";
import { parseHistoryArgs, type HistoryArgs } from "./history-args";

/**
 * A history function's plan: the whole history asked for once, cut to the range and interval asked, under the header
 * its `headers` asks for (its words are the catalog's, which the functions bundle loads on demand).
 */
export function historyPlan(op: AnyOperation, form: HistoryForm, args: HistoryArgs, now: () => number): FormulaPlan {
  const parsed = parseHistoryArgs(op, form, args);
  const { display } = parsed;
  return {
    params: parsed.params,
    needsCatalogTexts: display.headerLabels,
    shape: (result) => shapeHistory(form, result.rows[0], { ...parsed.range, now: now() }, parsed.columns, display),
    rows: (_result, cells) => (isNoRows(cells) ? 0 : cells.length - (display.headers ? 1 : 0)),
  };
}

export { cardPlan, rowsPlan } from "./lookup-plans";
