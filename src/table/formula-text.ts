/**
 * A formula's text as a person types it (`=MAD.PRODUCTDETAILS("US", "B07Z82895W")`), read into its function's name
 * and its arguments as Excel would pass them to the function: text, numbers, TRUE/FALSE, an array constant
 * `{"a","b";"c","d"}` as rows of cells, an omitted argument as null. The arguments are then read by the function's
 * own reader (src/functions/arguments.ts), so a formula means here what it means in a cell. Cell references, names,
 * nested calls and operators have no value outside the workbook: they are reported, with where they are, for the
 * caller to word (the team relay's alerts read a query's text; the task pane builds one from a cell).
 */

/** A cell's value as Excel passes it. */
export type FormulaScalar = string | number | boolean;
export type FormulaArgument = FormulaScalar | FormulaScalar[][] | null;

export interface FormulaTextCall {
  /** Upper-case, namespace included: `MAD.PRODUCTDETAILS`. */
  readonly name: string;
  readonly args: readonly FormulaArgument[];
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

class Reader {
  private index = 0;

  constructor(private readonly tokens: Token[]) {}

  peek(): Token {
    return this.tokens[this.index];
  }

  next(): Token {
    const token = this.tokens[this.index];
    if (token.type !== "end") this.index++;
    return token;
  }

  isPunct(value: string): boolean {
    const token = this.peek();
    return token.type === "punct" && token.value === value;
  }

  call(): FormulaTextCall {
    const head = this.next();
    if (head.type !== "word" || !this.isPunct("(") || /[!:$]/.test(head.value))
      return fail("notACall", head.at, foundOf(head));
    const open = this.next();
    const args: FormulaArgument[] = [];
    if (this.isPunct(")")) {
      this.next();
      return { name: head.value.toUpperCase(), args };
    }
    for (;;) {
      args.push(this.argument());
      const separator = this.next();
      if (separator.type === "punct" && separator.value === ")") return { name: head.value.toUpperCase(), args };
      if (separator.type === "end") return fail("unclosedCall", open.at, "");
      if (separator.type !== "punct" || separator.value !== ",")
        return fail("unexpected", separator.at, foundOf(separator));
    }
  }

  private argument(): FormulaArgument {
    if (this.isPunct(",") || this.isPunct(")")) return null;
    if (this.isPunct("{")) return this.array();
    return this.scalar();
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
 * Reads `=NAME(arg, ...)` (the `=` is optional). Whitespace between tokens is ignored; `""` inside text is a quote;
 * array constants take values only, as in Excel.
 */
export function readFormulaText(text: string): { call: FormulaTextCall } | { problem: FormulaTextProblem } {
  const offset = text.match(/^\s*=?/)![0].length;
  const body = text.slice(offset);
  const shifted = (problem: FormulaTextProblem): FormulaTextProblem => ({
    ...problem,
    position: problem.position + offset,
  });
  if (body.trim() === "") return { problem: { kind: "empty", position: offset + 1, found: "" } };
  try {
    const reader = new Reader(tokenize(body));
    const call = reader.call();
    const rest = reader.peek();
    if (rest.type !== "end") fail("trailing", rest.at, foundOf(rest));
    return { call };
  } catch (error) {
    if (error instanceof Problem) return { problem: shifted(error.problem) };
    throw error;
  }
}
