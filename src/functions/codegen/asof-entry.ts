/**
 * MAD.ASOF, the one function that is not an operation of the catalog: its wrapper (with the JSDoc functions.json is
 * built from), its entry in the function reference and its row in the README's table, in the active language
 * (src/i18n/docs). The help page's address is handed in, so this module needs nothing of wrappers.ts.
 */
import { code, docsWords } from "../../i18n/docs";

export const ASOF_ID = "ASOF";
export const ASOF_ANCHOR = "madasof";

/** The wrapper: the argument is a matrix, so `D5#` (the whole spill) works as well as `D5`. */
export function asOfWrapper(helpBaseUrl: string): string {
  const words = docsWords().asOf;
  return `/**
 * ${words.description}
 * @customfunction ${ASOF_ID}
 * @helpurl ${helpBaseUrl}#${ASOF_ANCHOR}
 * @param cell ${words.cellHelp}
 * @param invocation ${words.invocationHelp}
 * @returns ${words.returns}
 * @requiresParameterAddresses
 */
export function asOf(cell: unknown[][], invocation: CustomFunctions.Invocation): Promise<number[][]> {
  return runAsOf(cell, invocation);
}`;
}

export const ASOF_IMPORT = 'import { runAsOf } from "../asof";';

/** The function reference's entry (docs/functions*.md, the help pages). */
export const asOfReference = (): string => `### MAD.ASOF\n\n${docsWords().asOf.reference}`;

/** The table row of the README (`doc`: the reference of the active language) or of the reference itself (`doc` empty). */
export const asOfReadmeRow = (doc: string): string =>
  `| [MAD.ASOF](${doc}#${ASOF_ANCHOR}) | ${docsWords().asOf.title} | ${code("cell")} |`;
