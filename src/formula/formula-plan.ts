/** What a formula asks the engine for, and how the answer becomes its cells (runner.ts, product-plans.ts). */
import type { Engine, QueryOptions, QueryResult } from "../engine";
import type { Cell } from "../table/cells";

export interface FormulaPlan {
  readonly params: Record<string, unknown>;
  readonly limit?: number;
  /** Asks the engine itself (a card with its details: two queries); absent: one query of `params`. */
  readonly fetch?: (engine: Engine, options: QueryOptions) => Promise<QueryResult>;
  readonly shape: (result: QueryResult) => Cell[][];
  /** The cells show the catalog's words (`headers=labels`), which the functions bundle loads on demand. */
  readonly needsCatalogTexts?: boolean;
  /** The cells show labels the service sends in Chinese (src/i18n/labels.ts), whose English names load on demand. */
  readonly needsServiceLabels?: boolean;
  /** Rows shown, for the reports panel. */
  readonly rows: (result: QueryResult, cells: Cell[][]) => number;
}
