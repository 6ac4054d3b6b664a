/**
 * MAD.ASOF, the one function that is not an operation of the catalog: its wrapper (with the JSDoc functions.json is
 * built from), its entry in the function reference and its row in the README's table.
 */
import { HELP_BASE_URL } from "./help-base";

export const ASOF_ID = "ASOF";
const ANCHOR = "madasof";
const code = (text: string) => `\`${text}\``;

/** The wrapper: the argument is a matrix, so `D5#` (the whole spill) works as well as `D5`. */
export const ASOF_WRAPPER = `/**
 * When the data a MAD formula's results show was fetched, as an Excel date-time (format the cell as a date and time).
 * @customfunction ${ASOF_ID}
 * @helpurl ${HELP_BASE_URL}#${ANCHOR}
 * @param cell A MAD formula's cell or results, e.g. D5 or D5#.
 * @param invocation Supplied by Excel: the address of the cell argument.
 * @returns The date and time the data shown was fetched.
 * @requiresParameterAddresses
 */
export function asOf(cell: unknown[][], invocation: CustomFunctions.Invocation): Promise<number[][]> {
  return runAsOf(cell, invocation);
}`;

export const ASOF_IMPORT = 'import { runAsOf } from "../asof";';

/** The function reference's entry (docs/functions.md, help.html). */
export const ASOF_REFERENCE = `### MAD.ASOF

${code("=MAD.ASOF(cell)")}: when the data a MAD formula's results show was fetched from the service, as an Excel
date-time (a number: format the cell as a date and time, e.g. ${code("yyyy-mm-dd hh:mm")}, or use
${code('=TEXT(MAD.ASOF(D5),"d mmm, hh:mm")')}). ${code("cell")} is the formula's cell or any cell of its results
(${code("D5")}, ${code("D5#")}, ${code("F9")}). When the service could not answer and the formula shows its last
good answer, this is that answer's time. It spends no call and calculates again whenever the formula does (and after
a Refresh in the Reports tab). ${code("#N/A")} when the formula has not run in this session yet or shows an error;
${code("#VALUE!")} when the argument is not a reference.
`;

/** The README table's row. */
export const ASOF_README_ROW = `| [MAD.ASOF](docs/functions.md#${ANCHOR}) | When the data of a MAD result was fetched | ${code("cell")} |`;
