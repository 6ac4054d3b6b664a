/**
 * The reference's and the metadata's words for the functions of one product that are not tables: the history
 * functions (STOCKHISTORY's form) and the lookups by ASIN (MAD.PRODUCT, a data type; MAD.PRODUCTS, a row per ASIN).
 * One module per language beside this one.
 */

/** The facts the history rule states, from the code that decides them. */
interface HistoryFacts {
  /** `=MAD.<NAME>(market, asin, [start], [end], [interval], [fields])`. */
  readonly syntax: string;
  /** The history functions, as `MAD.<NAME>`. */
  readonly functions: readonly string[];
  /** The date column's header. */
  readonly dateColumn: string;
  /** The single cell of a range without data. */
  readonly noHistory: string;
}

export interface ProductDocsWords {
  /** After the introduction's "same shape of arguments": the history functions differ. */
  readonly exceptHistory: string;
  readonly readmeHistory: (syntax: string) => string;
  /** The rule every history function follows (the reference's introduction). */
  readonly historyRule: (facts: HistoryFacts) => string;
  readonly historySyntax: (syntax: string, intervals: string, defaultInterval: string, note: string) => string;
  readonly historyColumnsHeader: string;
  readonly dateKind: string;
  readonly periodStart: string;
  readonly levelKind: string;
  readonly flowKind: string;
  /** A lookup function's first line: what it is, where its facts come from (per ASIN, 40 a call). */
  readonly lookupHead: (
    title: string,
    group: string,
    operationCode: string,
    perCall: number,
    description: string,
  ) => string;
  readonly cardSyntax: (syntax: string) => string;
  /** MAD.PRODUCT's `details`: facts only the product's details hold, one more call per product. */
  readonly cardDetails: (names: string, operationCode: string, sharedWith: string) => string;
  /** MAD.PRODUCTS: one row per listed value, and what each kind of value gives. */
  readonly rowsRules: (facts: { max: number; perCall: number; notFound: string; columns: string }) => string;
  /** A table function that also answers per ASIN (competitor lookup with `asins`): how it batches. */
  readonly batchNote: (param: string, perCall: number, functions: string) => string;
  readonly cardExcel: string;
  readonly cardProperties: (names: string) => string;
  /** functions.json: the history and card arguments and results. */
  readonly startHelp: (doc: string) => string;
  readonly intervalHelp: (intervals: string, defaultInterval: string) => string;
  readonly historyReturns: (title: string) => string;
  readonly cardReturns: (title: string) => string;
  readonly rowsReturns: (title: string) => string;
  readonly detailsHelp: string;
  readonly asinsHelp: string;
  /** MAD.PRODUCTS' `headers` argument (functions.json), and its paragraph in the reference. */
  readonly headersHelp: string;
  readonly rowsHeaders: string;
}
