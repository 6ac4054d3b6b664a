/**
 * What a person types into a preview cell: nothing, a plain value, or a formula that calls one function with
 * literal and cell-reference arguments (`=MAD.KEYWORDTRENDS("US", A2, B2:C6)`). Operators and nested calls are
 * outside the preview's scope; such formulas parse to a message that says so.
 */
import { t } from "../i18n/preview";
import { CellRange, parseRangeAddress } from "../table/a1";

export type Scalar = string | number | boolean;

export type Argument =
  | { readonly kind: "literal"; readonly value: Scalar }
  | {
      readonly kind: "reference";
      readonly range: CellRange;
      readonly text: string;
      /** The sheet the reference names (`'Market 172282'!B3`); absent: the formula's own sheet. */
      readonly sheet?: string;
    }
  | { readonly kind: "omitted" };

export interface FunctionCall {
  /** Upper-case, with namespace: `MAD.KEYWORDTRENDS`. */
  readonly name: string;
  readonly args: readonly Argument[];
}

export type CellInput =
  | { readonly kind: "empty" }
  | { readonly kind: "value"; readonly value: Scalar }
  | { readonly kind: "formula"; readonly call: FunctionCall }
  | { readonly kind: "invalidFormula"; readonly message: string };

const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Parses a cell's typed text. References may name a sheet (`Sheet2!A1`, `'My sheet'!A1`); whether it exists is
 * decided when the formula is evaluated, as sheets come and go.
 */
export function parseInput(text: string): CellInput {
  if (text === "") return { kind: "empty" };
  if (text.startsWith("'")) return { kind: "value", value: text.slice(1) };
  if (text.startsWith("=") && text.length > 1) {
    try {
      return { kind: "formula", call: new FormulaParser(text.slice(1)).parseFormula() };
    } catch (error) {
      if (error instanceof FormulaSyntaxError) return { kind: "invalidFormula", message: error.message };
      throw error;
    }
  }
  return { kind: "value", value: parsePlainValue(text) };
}

/** A typed value: numbers and TRUE/FALSE become numbers and booleans, everything else stays text. */
export function parsePlainValue(text: string): Scalar {
  const trimmed = text.trim();
  if (NUMBER_PATTERN.test(trimmed)) return Number(trimmed);
  if (/^true$/i.test(trimmed)) return true;
  if (/^false$/i.test(trimmed)) return false;
  return text;
}

/** How a value is shown in the formula bar so that committing it again gives the same value. */
export function inputTextOf(value: Scalar | null): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return String(value);
  const wouldChange = value.startsWith("=") || value.startsWith("'") || parsePlainValue(value) !== value;
  return wouldChange ? `'${value}` : value;
}

class FormulaSyntaxError extends Error {}

type Token =
  | { type: "string"; text: string }
  | { type: "number"; value: number }
  | { type: "word"; text: string }
  | { type: "punct"; text: "(" | ")" | "," }
  | { type: "end" };

const scope = () => t("formula.scope");

class FormulaParser {
  private readonly tokens: Token[];
  private index = 0;

  constructor(source: string) {
    this.tokens = tokenize(source);
  }

  parseFormula(): FunctionCall {
    const head = this.next();
    if (head.type !== "word" || this.peek().type !== "punct" || (this.peek() as { text: string }).text !== "(") {
      throw new FormulaSyntaxError(t("formula.onlyCalls", { scope: scope() }));
    }
    const call = this.parseCallAfterName(head.text);
    if (this.peek().type !== "end") throw new FormulaSyntaxError(t("formula.afterParen", { scope: scope() }));
    return call;
  }

  private parseCallAfterName(name: string): FunctionCall {
    if (!/^[A-Z_][A-Z0-9_.]*$/i.test(name)) throw new FormulaSyntaxError(t("formula.notAName", { name }));
    this.next(); // "("
    const args: Argument[] = [];
    if (this.isPunct(")")) {
      this.next();
      return { name: name.toUpperCase(), args };
    }
    for (;;) {
      args.push(this.parseArgument());
      const separator = this.next();
      if (separator.type === "punct" && separator.text === ")") return { name: name.toUpperCase(), args };
      if (separator.type !== "punct" || separator.text !== ",") {
        throw new FormulaSyntaxError(
          separator.type === "end" ? t("formula.closing") : t("formula.commas", { scope: scope() }),
        );
      }
    }
  }

  private parseArgument(): Argument {
    if (this.isPunct(",") || this.isPunct(")")) return { kind: "omitted" };
    const token = this.next();
    if (token.type === "string") return { kind: "literal", value: token.text };
    if (token.type === "number") return { kind: "literal", value: token.value };
    if (token.type === "word") {
      if (this.isPunct("(")) throw new FormulaSyntaxError(t("formula.nested", { name: token.text, scope: scope() }));
      if (/^(true|false)$/i.test(token.text)) return { kind: "literal", value: token.text.toUpperCase() === "TRUE" };
      return { kind: "reference", ...this.reference(token.text), text: token.text.toUpperCase() };
    }
    throw new FormulaSyntaxError(
      token.type === "end"
        ? t("formula.closing")
        : t("formula.missingArgument", { text: (token as { text: string }).text }),
    );
  }

  private reference(text: string): { range: CellRange; sheet?: string } {
    const bang = text.lastIndexOf("!");
    const range = parseRangeAddress(text.slice(bang + 1));
    if (!range) throw new FormulaSyntaxError(t("formula.notAddress", { text }));
    if (bang < 0) return { range };
    const sheet = text
      .slice(0, bang)
      .replace(/^'(.*)'$/, "$1")
      .replace(/''/g, "'");
    if (sheet === "") throw new FormulaSyntaxError(t("formula.noSheet", { text }));
    return { range, sheet };
  }

  private isPunct(text: string): boolean {
    const token = this.peek();
    return token.type === "punct" && token.text === text;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (token.type !== "end") this.index++;
    return token;
  }
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '"') {
      let text = "";
      for (i++; ; i++) {
        if (i >= source.length) throw new FormulaSyntaxError(t("formula.quote"));
        if (source[i] === '"') {
          if (source[i + 1] !== '"') break;
          i++; // "" inside text is one quote, as in Excel
        }
        text += source[i];
      }
      i++;
      tokens.push({ type: "string", text });
    } else if (ch === "(" || ch === ")" || ch === ",") {
      tokens.push({ type: "punct", text: ch });
      i++;
    } else if (/[0-9.]/.test(ch) || (ch === "-" && /[0-9.]/.test(source[i + 1] ?? ""))) {
      const match = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i.exec(source.slice(i));
      if (!match) throw new FormulaSyntaxError(t("formula.notNumber", { text: source.slice(i) }));
      tokens.push({ type: "number", value: Number(match[0]) });
      i += match[0].length;
    } else {
      const match = /^('(?:[^']|'')+'!|[A-Za-z0-9_.$!:])+/.exec(source.slice(i));
      if (!match) throw new FormulaSyntaxError(t("formula.unsupported", { text: ch, scope: scope() }));
      tokens.push({ type: "word", text: match[0] });
      i += match[0].length;
    }
  }
  tokens.push({ type: "end" });
  return tokens;
}
