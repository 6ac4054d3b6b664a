/**
 * The words of the generated function reference (docs/functions.md and help.html, per language) and of the
 * functions' metadata (functions.json's descriptions and argument help), one module per language beside this
 * one. Build-time prose with markdown, not ICU messages: each part is a function of the facts the generator
 * (src/functions/codegen) hands it, and the compiler asks every language for every part.
 */

import type { ProductDocsWords } from "./product-words";

/** Markdown inline code. */
export const code = (text: string): string => `\`${text}\``;

/** The facts the reference's introduction states, from the code that decides them. */
export interface IntroFacts {
  /** `https://localhost:3000/help.html`: the help page of this language. */
  readonly helpUrl: string;
  readonly rowCap: number;
  readonly compactLimit: number;
  /** The single cell of an empty result (`No rows`). */
  readonly noRows: string;
  /** The display options' table rows (`| name | values |`). */
  readonly displayOptions: string;
  /** Messages cells show, quoted as examples. */
  readonly limitExample: string;
  readonly filterExample: string;
  readonly previewExample: string;
  readonly paramRefusedExample: string;
  /** After "the same shape of arguments": the history functions' exception, and their rule (product-words.ts). */
  readonly exceptHistory: string;
  readonly historyRule: string;
}

export interface DocsWords {
  /** The history functions' and the product card's words (./product-words.ts). */
  readonly product: ProductDocsWords;
  /** The language of the help page (`<html lang>`). */
  readonly lang: string;
  /** The heading of the functions section (README, reference). */
  readonly functionsHeading: string;
  readonly doNotEdit: string;
  readonly helpTitle: string;
  readonly helpHeader: string;
  readonly intro: (facts: IntroFacts) => string;
  /** The README's section above the table; `doc`: where the full reference is. */
  readonly readmeIntro: (doc: string, history: string) => string;
  readonly allFunctionsHeader: string;
  readonly readmeTableHeader: string;
  readonly entryHead: (title: string, group: string, operationCode: string, description: string) => string;
  readonly syntax: (syntax: string, limit: string) => string;
  readonly filtersHeader: string;
  readonly noFilters: string;
  readonly columns: (names: string) => string;
  readonly lists: (items: string) => string;
  readonly listItem: (name: string, pattern: string) => string;
  readonly dates: (items: string) => string;
  readonly rates: (parts: string) => string;
  readonly sentAsFractions: (names: string) => string;
  readonly sentAsPercentages: (names: string) => string;
  readonly sentPerMille: (names: string) => string;
  readonly limitAll: string;
  readonly limitSingle: (pageSize: number, def: number) => string;
  readonly limitPaged: (pageSize: number, def: number) => string;
  readonly mayBeBlank: string;
  readonly rangeRow: (doc: string) => string;
  readonly optionsExample: string;
  /** A filter's values: its kind's words, then the values it takes (`text: g, kg`). */
  readonly valueOptions: (kind: string, options: string) => string;
  /** A date column and what it holds. */
  readonly dateItem: (name: string, doc: string) => string;
  /** functions.json: the `filters`, `fields`, `limit` and invocation help, and the result's words. */
  readonly filtersHelp: (names: string, more: boolean, options: string) => string;
  readonly fieldsHelp: (names: string) => string;
  readonly limitHelpAll: (rowCap: number) => string;
  readonly limitHelpSingle: (pageSize: number, def: number) => string;
  readonly limitHelpPaged: (rowCap: number, def: number) => string;
  readonly invocationHelp: string;
  readonly returns: (title: string) => string;
  /** MAD.ASOF, the one function that is not an operation: its metadata, its reference entry and README row. */
  readonly asOf: {
    readonly title: string;
    readonly description: string;
    readonly cellHelp: string;
    readonly invocationHelp: string;
    readonly returns: string;
    /** The reference's entry below its heading (markdown). */
    readonly reference: string;
  };
}
