/**
 * The reference's and the metadata's words for the functions of one product that are not tables: the history
 * functions (STOCKHISTORY's form) and the card (MAD.PRODUCT, a data type). One module per language beside this one.
 */

/** The facts the history rule states, from the code that decides them. */
export interface HistoryFacts {
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
  readonly cardHead: (
    title: string,
    group: string,
    operationCode: string,
    sharedWith: string,
    description: string,
  ) => string;
  readonly cardSyntax: (syntax: string) => string;
  readonly cardExcel: string;
  readonly cardProperties: (names: string) => string;
  /** functions.json: the history and card arguments and results. */
  readonly startHelp: (doc: string) => string;
  readonly intervalHelp: (intervals: string, defaultInterval: string) => string;
  readonly historyReturns: (title: string) => string;
  readonly cardReturns: (title: string) => string;
}
