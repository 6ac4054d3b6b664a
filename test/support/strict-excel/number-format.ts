/**
 * Excel's number format codes, as the stand-in holds every format it is given to them (Range.numberFormat, a chart
 * axis' numberFormat, a formatted number's or a card property's numberFormat). The rules, from Microsoft's pages:
 * - "Number format codes" (https://support.microsoft.com/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68)
 *   and "Review guidelines for customizing a number format"
 *   (https://support.microsoft.com/excel/review-guidelines-for-customizing-a-number-format): up to four sections
 *   separated by semicolons (positive; negative; zero; text); "to display both text and numbers in a cell, enclose
 *   the text characters in double quotation marks (" ") or precede a single character with a backslash (\)"; "the
 *   following characters are displayed without the use of quotation marks": $ + ( : ^ ' { < = - / ) ! & ~ } > and
 *   the space character; the currency symbols the page shows how to type (¢ £ ¥ €) go in as they are;
 * - the codes themselves: digit placeholders 0 # ?, the decimal point and thousands separator . and ,, %, E+ E- e+
 *   e- (scientific), / (fractions, a fixed denominator in digits), @ (text), _ and * followed by the character they
 *   space or repeat, date and time codes (y m d h s, AM/PM, A/P), `General`, and bracketed items: a colour
 *   ([Red], [Color10]), a condition ([<10000]), a currency and locale ([$€-x-euro2], [$AED]) and elapsed time ([h]).
 * Anything else outside quotes (a letter such as the C of `C$#,##0.00`, the `AED` of `#,##0.00 AED`, a ₹) is text
 * that was not quoted: the format is refused. Excel's code for an argument it cannot take is InvalidArgument
 * ("The argument is invalid or missing or has an incorrect format", which Range.numberFormat raises in office-js
 * #4452); that an invalid code raises it is the stand-in's reading.
 */

/** Characters Excel displays without quotation marks (the guidelines' table), and the currency symbols it types. */
const LITERALS = new Set([..."$+(:^'{<=-/)!&~}> ", ..."¢£¥€"]);
/** Characters that are codes. */
const CODES = new Set([..."0#?.,%@"]);
const COLORS = /^(black|green|white|blue|magenta|yellow|cyan|red|color([1-9]|[1-4]\d|5[0-6]))$/i;
const BRACKETED = [
  COLORS,
  /^(<|>|=|<=|>=|<>)-?\d+(\.\d+)?$/, // a condition
  /^\$[^\]-]*(-[0-9A-Za-z-]+)?$/, // a currency symbol and locale
  /^(h+|m+|s+)$/i, // elapsed time
  /^dbnum[1-4]$/i, // East Asian numerals
];
/** Date and time codes, AM/PM, and a scientific exponent's sign. */
const WORDS = [/^am\/pm/i, /^a\/p/i, /^general/i, /^e[+-]/i, /^[ymdhs]+/i];

/** Why Excel refuses this number format, or undefined when it takes it. */
export function numberFormatProblem(format: string): string | undefined {
  if (format === "") return undefined; // "" leaves a cell's format as it is
  let sections = 1;
  for (let i = 0; i < format.length;) {
    const ch = format[i];
    if (ch === '"') {
      const end = format.indexOf('"', i + 1);
      if (end < 0) return `an unclosed quotation mark at ${i + 1}`;
      i = end + 1;
    } else if (ch === "\\" || ch === "_" || ch === "*") {
      if (i + 1 >= format.length) return `"${ch}" at the end, without the character it applies to`;
      i += 2;
    } else if (ch === "[") {
      const end = format.indexOf("]", i);
      const inside = end < 0 ? "" : format.slice(i + 1, end);
      if (end < 0 || !BRACKETED.some((rule) => rule.test(inside)))
        return `"[${inside}]" is no colour, condition, currency or elapsed time`;
      i = end + 1;
    } else if (ch === ";") {
      if (++sections > 4) return "more than four sections";
      i++;
    } else if (CODES.has(ch) || LITERALS.has(ch) || /\d/.test(ch)) {
      i++;
    } else {
      const word = WORDS.map((rule) => rule.exec(format.slice(i))?.[0]).find((found) => found !== undefined);
      if (!word) return `"${ch}" at ${i + 1} is text without quotation marks (write "${ch}" or \\${ch})`;
      i += word.length;
    }
  }
  return undefined;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The first refused number format in a cell value's JSON (a formatted number, a card's properties), if any. */
export function cellValueFormatProblem(json: unknown): string | undefined {
  if (!isObject(json)) return undefined;
  if (typeof json.numberFormat === "string") {
    const problem = numberFormatProblem(json.numberFormat);
    if (problem) return `numberFormat ${JSON.stringify(json.numberFormat)}: ${problem}`;
  }
  for (const value of Object.values(isObject(json.properties) ? json.properties : {})) {
    const problem = cellValueFormatProblem(value);
    if (problem) return problem;
  }
  return undefined;
}
