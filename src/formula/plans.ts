/**
 * The plan of a MAD formula: what it asks the engine for and how the answer becomes its cells, chosen by the kind of
 * function (a table of an operation's rows, its history form, a lookup's rows or card). The functions' runner asks
 * for it; a plan's arguments are read here, below every face, so a formula means one thing wherever it is read.
 */
import { lookupFunction, type AnyOperation, type LookupFunctionId } from "../api/catalog";
import type { CardNumbers } from "../table/data-type-support";
import { tablePlan } from "./arguments";
import type { FormulaPlan } from "./formula-plan";
import { currentLocale, loadLocale } from "../i18n/locale";

/**
 * The arguments of a wrapper, in order after `market` (absent where the operation takes no marketplace): a table
 * function's filters, fields and limit, or a history function's start, end, interval, fields and headers.
 */
export interface WrapperArgs {
  readonly market?: unknown;
  readonly positional: readonly unknown[];
  readonly filters?: unknown;
  readonly fields?: unknown;
  readonly limit?: unknown;
  readonly start?: unknown;
  readonly end?: unknown;
  readonly interval?: unknown;
  /** MAD.PRODUCT's facts to add from the product's details. */
  readonly details?: unknown;
  /** MAD.PRODUCTS' and a history's header: `labels` (words), `names`, TRUE or FALSE, as `filters` reads `headers`. */
  readonly headers?: unknown;
}

/**
 * A history's or a lookup function's plans, loaded on demand (a chunk of their own): Excel loads the functions bundle
 * when a workbook opens, and most workbooks have neither. Their words (i18n/lookups: a card's field names, a key not
 * found) come with the chunk: in a language other than English they are loaded before a plan speaks.
 */
const productPlans = () => import(/* webpackChunkName: "product-functions" */ "./product-plans");

/** The chunk loaded with its words in the reader's language (registered as it loads, so loaded after it). */
async function productPlansSpeaking(): Promise<void> {
  await productPlans();
  await loadLocale(currentLocale());
}

/** What a plan asks of the runtime: whether Excel takes a card here (and its numbers' form), and the calendar. */
export interface PlanRuntime {
  readonly entities: () => CardNumbers | null;
  readonly now: () => number;
}

/** The plan of a formula: a lookup function's, its operation's history form, or a table of the answer's rows. */
export async function planOf(
  op: AnyOperation,
  args: WrapperArgs,
  fn: LookupFunctionId | undefined,
  runtime: PlanRuntime,
): Promise<FormulaPlan> {
  const lookup = fn ? lookupFunction(fn) : undefined;
  if (lookup || op.history) await productPlansSpeaking();
  if (lookup?.form === "card") return (await productPlans()).cardPlan(lookup, args, runtime.entities);
  if (lookup?.form === "rows") return (await productPlans()).rowsPlan(args);
  if (op.history) return (await productPlans()).historyPlan(op, op.history, args, runtime.now);
  return tablePlan(op, args);
}
