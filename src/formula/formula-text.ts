/**
 * A formula's text as a person types it (`=MAD.PRODUCTDETAILS("US", "B07Z82895W")`), read into its function's name
 * and its arguments as written: text, numbers, TRUE/FALSE, an array constant `{"a","b";"c","d"}` (rows of cells), an
 * omitted argument, and, where the caller has cells to read (the preview page), a cell reference (`B2`, `$B$2:C6`,
 * `'My sheet'!A1`). The one reader of a formula's text: the preview's cells, the team relay's alerts (a query's
 * text) and the task pane (a formula from a cell) read formulas here, so a formula means the same to each. Names,
 * nested calls and operators, and references where the caller has no cells, are reported as problems, with where
 * they are, for the caller to word. `readFormulaText` gives the arguments as Excel would pass them to the function,
 * for its own reader (src/formula/arguments.ts).
 */
import { parseRangeAddress, type CellRange } from "../table/a1";
import { splitSheetAddress } from "../table/sheet-names";

/** A cell's value as Excel passes it. */
export type FormulaScalar = string | number | boolean;
type FormulaArgument = FormulaScalar | FormulaScalar[][] | null;

interface FormulaTextCall {
  /** Upper-case, namespace included: `MAD.PRODUCTDETAILS`. */
  readonly name: string;
  readonly args: readonly FormulaArgument[];
}

/** A cell reference: the cells it names, on its sheet (absent: the formula's own sheet). */
interface CellReference {
  readonly range: CellRange;
  readonly sheet?: string;
}

/** An argument as written in the formula. */
export type WrittenArgument =
  | { readonly kind: "literal"; readonly value: FormulaScalar }
  /** `{"a","b";"c","d"}`: rows split by `;`, cells by `,`, as Excel passes an array constant. */
  | { readonly kind: "array"; readonly rows: readonly (readonly FormulaScalar[])[] }
  /** `text` as typed, in upper case (`'MY SHEET'!$B$2:C6`), as messages name it. */
  | ({ readonly kind: "reference"; readonly text: string } & CellReference)
  | { readonly kind: "omitted" };

export interface WrittenCall {
  /** Upper-case, namespace included: `MAD.PRODUCTDETAILS`. */
  readonly name: string;
  readonly args: readonly WrittenArgument[];
}

interface ReadOptions {
  /**
   * Cell references are arguments (the caller reads their cells); without, each is a `reference` problem. A name
   * or an address that does not parse is a `reference` problem either way, and so is a reference inside an array
   * constant, which takes values only, as in Excel.
   */
  readonly references?: boolean;
}

/** Why a text is not a call with values, and where (1-based character position in the text). */
export type FormulaTextProblemKind =
  | "empty"
  | "notACall"
  | "unclosedText"
  | "unclosedCall"
  | "unclosedArray"
  | "reference"
  | "nested"
  | "unexpected"
  | "trailing";

export interface FormulaTextProblem {
  readonly kind: FormulaTextProblemKind;
  readonly position: number;
  /** The text found there ("" at the end). */
  readonly found: string;
}

type Token =
  | { type: "text"; value: string; at: number }
  | { type: "number"; value: number; at: number; text: string }
  | { type: "word"; value: string; at: number }
  | { type: "punct"; value: "(" | ")" | "," | ";" | "{" | "}"; at: number }
  | { type: "other"; value: string; at: number }
  | { type: "end"; at: number };

class Problem extends Error {
  constructor(readonly problem: FormulaTextProblem) {
    super(problem.kind);
  }
}

const fail = (kind: FormulaTextProblemKind, at: number, found: string): never => {
  throw new Problem({ kind, position: at + 1, found });
};

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i;
/** A name, a reference (A1, $B$2:C3, Sheet1!A1) or TRUE/FALSE. */
const WORD = /^('(?:[^']|'')+'!|[A-Za-z0-9_.$!:\\])+/;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '"') {
      const start = i;
      let value = "";
      for (i++; ; i++) {
        if (i >= source.length) fail("unclosedText", start, source.slice(start));
        if (source[i] === '"') {
          if (source[i + 1] !== '"') break;
          i++; // "" inside text is one quote, as in Excel
        }
        value += source[i];
      }
      i++;
      tokens.push({ type: "text", value, at: start });
      continue;
    }
    if ("(),;{}".includes(ch)) {
      tokens.push({ type: "punct", value: ch as "(", at: i++ });
      continue;
    }
    const number = /[0-9.+-]/.test(ch) ? NUMBER.exec(source.slice(i)) : null;
    if (number && !/[A-Za-z_]/.test(source[i + number[0].length] ?? "")) {
      tokens.push({ type: "number", value: Number(number[0]), at: i, text: number[0] });
      i += number[0].length;
      continue;
    }
    const word = WORD.exec(source.slice(i));
    if (word) {
      tokens.push({ type: "word", value: word[0], at: i });
      i += word[0].length;
      continue;
    }
    tokens.push({ type: "other", value: ch, at: i++ });
  }
  tokens.push({ type: "end", at: source.length });
  return tokens;
}

const foundOf = (token: Token) =>
  token.type === "end" ? "" : token.type === "number" ? token.text : String(token.value);

/** A function's name: a letter, `_` or `\` first, then letters, digits, `_` and `.` (`MAD.PRODUCTS`, `_xlfn.X`). */
const FUNCTION_NAME = /^[A-Za-z_\\][A-Za-z0-9_.]*$/;

/**
 * `B2`, `$B$2:C6`, `Sheet2!A1` or `'My sheet'!A1` (`''` a quote in a quoted name) as the cells it names; undefined
 * when the text is no cell or range address, or names no sheet before its `!`.
 */
export function readReference(text: string): CellReference | undefined {
  const { sheet, address } = splitSheetAddress(text);
  const range = parseRangeAddress(address);
  if (!range || sheet === "") return undefined;
  return sheet === null ? { range } : { range, sheet };
}

class Reader {
  private index = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly options: ReadOptions,
  ) {}

  peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (token.type !== "end") this.index++;
    return token;
  }

  private isPunct(value: string): boolean {
    const token = this.peek();
    return token.type === "punct" && token.value === value;
  }

  call(): WrittenCall {
    const head = this.next();
    if (head.type !== "word" || !this.isPunct("(") || !FUNCTION_NAME.test(head.value))
      return fail("notACall", head.at, foundOf(head));
    const open = this.next();
    const name = head.value.toUpperCase();
    const args: WrittenArgument[] = [];
    if (this.isPunct(")")) {
      this.next();
      return { name, args };
    }
    for (;;) {
      args.push(this.argument());
      const separator = this.next();
      if (separator.type === "punct" && separator.value === ")") return { name, args };
      if (separator.type === "end") return fail("unclosedCall", open.at, "");
      if (separator.type !== "punct" || separator.value !== ",")
        return fail("unexpected", separator.at, foundOf(separator));
    }
  }

  private argument(): WrittenArgument {
    if (this.isPunct(",") || this.isPunct(")")) return { kind: "omitted" };
    if (this.isPunct("{")) return { kind: "array", rows: this.array() };
    const token = this.peek();
    if (token.type === "word" && this.options.references && !/^(true|false)$/i.test(token.value)) {
      this.next();
      if (this.isPunct("(")) return fail("nested", token.at, token.value);
      const reference = readReference(token.value);
      if (!reference) return fail("reference", token.at, token.value);
      return { kind: "reference", text: token.value.toUpperCase(), ...reference };
    }
    return { kind: "literal", value: this.scalar() };
  }

  private scalar(): FormulaScalar {
    const token = this.next();
    if (token.type === "text" || token.type === "number") return token.value;
    if (token.type === "word") {
      if (this.isPunct("(")) return fail("nested", token.at, token.value);
      if (/^true$/i.test(token.value)) return true;
      if (/^false$/i.test(token.value)) return false;
      return fail("reference", token.at, token.value);
    }
    if (token.type === "end") return fail("unclosedCall", token.at, "");
    return fail("unexpected", token.at, foundOf(token));
  }

  /** `{1,2;3,4}`: rows split by `;`, cells by `,`, as Excel's array constants in en-US formulas. */
  private array(): FormulaScalar[][] {
    const open = this.next();
    const rows: FormulaScalar[][] = [[]];
    for (;;) {
      rows[rows.length - 1].push(this.scalar());
      const separator = this.next();
      if (separator.type === "punct" && separator.value === "}") return rows;
      if (separator.type === "punct" && separator.value === ";") rows.push([]);
      else if (separator.type === "end") return fail("unclosedArray", open.at, "");
      else if (separator.type !== "punct" || separator.value !== ",")
        return fail("unexpected", separator.at, foundOf(separator));
    }
  }
}

/**
 * Reads `=NAME(arg, ...)` (the `=` is optional) into its arguments as written. Whitespace between tokens is ignored;
 * `""` inside text is a quote; array constants take values only, as in Excel.
 */
export function readFormula(
  text: string,
  options: ReadOptions = {},
): { call: WrittenCall } | { problem: FormulaTextProblem } {
  const offset = text.match(/^\s*=?/)![0].length;
  const body = text.slice(offset);
  const shifted = (problem: FormulaTextProblem): FormulaTextProblem => ({
    ...problem,
    position: problem.position + offset,
  });
  if (body.trim() === "") return { problem: { kind: "empty", position: offset + 1, found: "" } };
  try {
    const reader = new Reader(tokenize(body), options);
    const call = reader.call();
    const rest = reader.peek();
    if (rest.type !== "end") fail("trailing", rest.at, foundOf(rest));
    return { call };
  } catch (error) {
    if (error instanceof Problem) return { problem: shifted(error.problem) };
    throw error;
  }
}

/** An argument as Excel passes it to the function: a value, rows of values, null when omitted. */
function valueOf(arg: WrittenArgument): FormulaArgument {
  switch (arg.kind) {
    case "literal":
      return arg.value;
    case "array":
      return arg.rows.map((row) => [...row]);
    case "omitted":
      return null;
    case "reference":
      throw new Error("a formula read without references has none");
    default: {
      const never: never = arg;
      return never;
    }
  }
}

/**
 * Reads `=NAME(arg, ...)` into the values Excel would pass the function, where there are no cells to read: a cell
 * reference is a `reference` problem at its place.
 */
export function readFormulaText(text: string): { call: FormulaTextCall } | { problem: FormulaTextProblem } {
  const read = readFormula(text);
  if ("problem" in read) return read;
  return { call: { name: read.call.name, args: read.call.args.map(valueOf) } };
}
