/**
 * The references a MAD formula's arguments may take beyond a block of cells, as Excel reads them:
 * - a whole column (`A:A`, `Sheet2!$B:$C`): Excel on Windows and Mac passes a custom function every row of it, all
 *   1,048,576 (a blank cell as 0 or null by build, calc.ts); Excel on the web answers `#CALC!` without calling the
 *   function (office-js #4613: "It works fine on the desktop and gets (A:A) as a parameter but when I try the same
 *   thing in Excel online it returns #CALC!");
 * - TRIMRANGE(range, [trim_rows], [trim_cols]) and the trim references `A2:.A5000` (trailing), `A2.:A5000`
 *   (leading) and `A2.:.A5000` (both), which "exclude all empty rows and/or columns from the outer edges of a range"
 *   and apply to whole columns too (`A:.A`) (https://support.microsoft.com/excel/functions/trimrange-function):
 *   the function gets the trimmed block, on every platform. What TRIMRANGE gives for a range with nothing in it the
 *   page does not say; the stand-in passes its first cell (our reading).
 * The preview's parser (src/preview/formula.ts) reads one call of literals and plain blocks; each argument written
 * in one of the forms above is rewritten to its block for it, and its reading kept beside it by position.
 */
import { SHEET_ROWS } from "./platform";

/** How the argument at that position is read: every row of whole columns, or a block trimmed of its blank edges. */
export type ReferenceReading =
  | { readonly kind: "wholeColumns" }
  /** 0 none, 1 leading, 2 trailing, 3 both (TRIMRANGE's trim_rows and trim_cols). */
  | { readonly kind: "trimmed"; readonly rows: number; readonly cols: number };

const CELL = String.raw`\$?[A-Za-z]{1,3}\$?\d+`;
const COLUMN = String.raw`\$?[A-Za-z]{1,3}`;
const SHEET = String.raw`(?:'(?:[^']|'')+'!|[A-Za-z0-9_.]+!)?`;
const WHOLE = new RegExp(`^(${SHEET})(${COLUMN}):(${COLUMN})$`);
const TRIM_REF = new RegExp(`^(${SHEET})(${CELL}|${COLUMN})(\\.?):(\\.?)(${CELL}|${COLUMN})$`);

/** The arguments of `=NAME(a, b, …)` as typed, split at the commas outside quotes, parentheses and braces. */
function splitCall(formula: string): { name: string; args: string[] } | undefined {
  const open = formula.indexOf("(");
  if (!formula.startsWith("=") || open < 0 || !formula.trimEnd().endsWith(")")) return undefined;
  const inner = formula.slice(open + 1, formula.trimEnd().length - 1);
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === "(" || ch === "{") depth++;
    else if (ch === ")" || ch === "}") depth--;
    else if (ch === "," && depth === 0) {
      args.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  args.push(inner.slice(start));
  return { name: formula.slice(1, open), args: inner.trim() === "" ? [] : args };
}

/** `A` (a column) or `A5` (a cell) as a cell: a column reads from its first row or down to its last. */
const edge = (ref: string, end: "top" | "bottom") =>
  /\d$/.test(ref) ? ref.replace(/\$/g, "") : `${ref.replace(/\$/g, "")}${end === "top" ? 1 : SHEET_ROWS}`;

/** One argument as the preview's parser reads it, and how it is read when it is one of the forms above. */
function readArgument(text: string): { text: string; reading?: ReferenceReading } {
  const trimmed = text.trim();
  const trimRange = /^TRIMRANGE\((.*)\)$/i.exec(trimmed);
  if (trimRange) {
    const [range, rows = "3", cols = "3"] = splitCall(`=T(${trimRange[1]})`)!.args.map((a) => a.trim());
    const inner = readArgument(range);
    return { text: inner.text, reading: { kind: "trimmed", rows: Number(rows || 3), cols: Number(cols || 3) } };
  }
  const whole = WHOLE.exec(trimmed);
  if (whole) {
    const [, sheet, from, to] = whole;
    return { text: `${sheet}${edge(from, "top")}:${edge(to, "bottom")}`, reading: { kind: "wholeColumns" } };
  }
  const trim = TRIM_REF.exec(trimmed);
  if (trim && (trim[3] || trim[4])) {
    const [, sheet, from, leading, trailing, to] = trim;
    const side = (leading ? 1 : 0) + (trailing ? 2 : 0);
    return {
      text: `${sheet}${edge(from, "top")}:${edge(to, "bottom")}`,
      reading: { kind: "trimmed", rows: side, cols: side },
    };
  }
  return { text };
}

/** The formula as the preview's parser reads it, and each argument's reading by position. */
export function readReferences(formula: string): { formula: string; readings: (ReferenceReading | undefined)[] } {
  const call = splitCall(formula);
  if (!call) return { formula, readings: [] };
  const args = call.args.map(readArgument);
  return { formula: `=${call.name}(${args.map((a) => a.text).join(",")})`, readings: args.map((a) => a.reading) };
}
