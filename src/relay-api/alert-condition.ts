/**
 * The `when` of an alert on the team relay: a small language over the columns of a query's answer.
 *
 *   condition := either ("or" either)*
 *   either    := single ("and" single)*
 *   single    := "(" condition ")" | "new" "rows" | "gone" "rows"
 *              | FIELD "change" COMPARISON NUMBER "%" | FIELD COMPARISON NUMBER
 *   COMPARISON := "<" | "<=" | ">" | ">=" | "=" | "!=" ("<>" is read as "!=", as in Excel)
 *   FIELD     := a column's name (`price`, `badge.bestSeller`, `bsr`) or label (`价格`), or either in double quotes
 *
 * Keywords are read in any case; full-width signs (`（`, `＞`, `％`, as a Chinese keyboard types them) as their
 * ASCII forms. Parsed by hand (recursive descent): the grammar is nine lines, and a hand parser gives what a
 * person needs from an error (the position and the tokens that could have come there) with no dependency; a
 * parser library (chevrotain, nearley, peggy) would add a grammar toolchain for no more than that. Which fields
 * exist, and whether they hold numbers, depends on the query: the relay checks that (src/server/team/alerts).
 * Pure and without words, so the task pane's condition picker can use it too.
 */

import type { Comparison } from "../lib/compare";

export type { Comparison };

export type Condition =
  | { readonly kind: "and" | "or"; readonly left: Condition; readonly right: Condition }
  | {
      readonly kind: "compare";
      readonly field: string;
      readonly at: number;
      readonly op: Comparison;
      readonly value: number;
    }
  | {
      readonly kind: "change";
      readonly field: string;
      readonly at: number;
      readonly op: Comparison;
      readonly percent: number;
    }
  | { readonly kind: "rows"; readonly which: "new" | "gone" };

/** What could have come where the text went wrong, as stable names (the relay words them in the alert's language). */
export type Expected =
  | "condition"
  | "field"
  | "comparison"
  | "changeOrComparison"
  | "number"
  | "percent"
  | "rows"
  | "andOr"
  | "closeParen"
  | "end";

export interface ConditionSyntaxError {
  /** 1-based character position in the text. */
  readonly position: number;
  readonly expected: readonly Expected[];
  /** The text found there ("" at the end). */
  readonly found: string;
}

/** Longest `when` text accepted. */
const MAX_CONDITION_LENGTH = 1_000;
/** Deepest nesting of parentheses accepted (a runaway text must not exhaust the stack). */
const MAX_DEPTH = 32;

type Token =
  | { type: "word"; text: string; at: number }
  | { type: "field"; text: string; at: number }
  | { type: "number"; value: number; text: string; at: number }
  | { type: "op"; op: Comparison; text: string; at: number }
  | { type: "sign"; text: "(" | ")" | "%"; at: number }
  | { type: "other"; text: string; at: number }
  | { type: "end"; text: ""; at: number };

class SyntaxFailure extends Error {
  constructor(readonly detail: ConditionSyntaxError) {
    super("syntax");
  }
}

/** Full-width forms as ASCII, one character for one, so positions stay those of the text as typed. */
const halfWidth = (text: string) =>
  [...text].map((ch) => (ch.normalize("NFKC").length === 1 ? ch.normalize("NFKC") : ch)).join("");

const OPS: readonly [string, Comparison][] = [
  ["<=", "<="],
  [">=", ">="],
  ["!=", "!="],
  ["<>", "!="],
  ["==", "="],
  ["<", "<"],
  [">", ">"],
  ["=", "="],
];

function quoted(source: string, start: number): { text: string; end: number } {
  let text = "";
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '"') {
      if (source[i + 1] !== '"') return { text, end: i + 1 };
      i++;
    }
    text += source[i];
  }
  throw new SyntaxFailure({ position: start + 1, expected: ["field"], found: source.slice(start) });
}

function tokenize(raw: string): Token[] {
  const source = halfWidth(raw);
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    const op = OPS.find(([text]) => rest.startsWith(text));
    const number = /^-?(\d+(\.\d+)?|\.\d+)(?![\p{L}\p{N}_.])/u.exec(rest);
    const word = /^[\p{L}\p{N}_][\p{L}\p{N}\p{M}_.]*/u.exec(rest);
    if (space) i += space[0].length;
    else if (source[i] === '"') {
      const { text, end } = quoted(source, i);
      tokens.push({ type: "field", text, at: i });
      i = end;
    } else if (op) {
      tokens.push({ type: "op", op: op[1], text: op[0], at: i });
      i += op[0].length;
    } else if ("()%".includes(source[i])) tokens.push({ type: "sign", text: source[i] as "(", at: i++ });
    else if (number) {
      tokens.push({ type: "number", value: Number(number[0]), text: number[0], at: i });
      i += number[0].length;
    } else if (word) {
      tokens.push({ type: "word", text: word[0], at: i });
      i += word[0].length;
    } else tokens.push({ type: "other", text: [...rest][0], at: i++ });
  }
  tokens.push({ type: "end", text: "", at: source.length });
  return tokens;
}

const isWord = (token: Token, word: string) => token.type === "word" && token.text.toLowerCase() === word;

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (token.type !== "end") this.index++;
    return token;
  }

  private fail(token: Token, expected: Expected[]): never {
    throw new SyntaxFailure({ position: token.at + 1, expected, found: token.text });
  }

  whole(): Condition {
    const condition = this.condition();
    const rest = this.peek();
    if (rest.type !== "end") this.fail(rest, ["andOr", "end"]);
    return condition;
  }

  private condition(): Condition {
    return this.joined("or", () => this.either());
  }

  private either(): Condition {
    return this.joined("and", () => this.single());
  }

  /** `part (word part)*`, joined from the left. */
  private joined(word: "and" | "or", part: () => Condition): Condition {
    let left = part();
    while (isWord(this.peek(), word)) {
      this.next();
      left = { kind: word, left, right: part() };
    }
    return left;
  }

  private single(): Condition {
    const token = this.next();
    if (token.type === "sign" && token.text === "(") return this.group(token);
    if (isWord(token, "new") || isWord(token, "gone")) {
      if (!isWord(this.peek(), "rows")) this.fail(this.peek(), ["rows"]);
      this.next();
      return { kind: "rows", which: token.text.toLowerCase() as "new" | "gone" };
    }
    if (token.type !== "word" && token.type !== "field") return this.fail(token, ["condition"]);
    const field = token.text;
    if (isWord(this.peek(), "change")) {
      this.next();
      const op = this.comparison(["comparison"]);
      const percent = this.number();
      const sign = this.next();
      if (sign.type !== "sign" || sign.text !== "%") this.fail(sign, ["percent"]);
      return { kind: "change", field, at: token.at + 1, op, percent };
    }
    const op = this.comparison(["changeOrComparison"]);
    return { kind: "compare", field, at: token.at + 1, op, value: this.number() };
  }

  private group(open: Token): Condition {
    if (++this.depth > MAX_DEPTH) this.fail(open, ["condition"]);
    const inner = this.condition();
    const close = this.next();
    if (close.type !== "sign" || close.text !== ")") this.fail(close, ["andOr", "closeParen"]);
    this.depth--;
    return inner;
  }

  private comparison(expected: Expected[]): Comparison {
    const token = this.next();
    return token.type === "op" ? token.op : this.fail(token, expected);
  }

  private number(): number {
    const token = this.next();
    return token.type === "number" ? token.value : this.fail(token, ["number"]);
  }
}

/** Parses a `when` text; a syntax error says where (1-based) and what could have come there. */
export function parseCondition(text: string): { condition: Condition } | { error: ConditionSyntaxError } {
  try {
    if (text.length > MAX_CONDITION_LENGTH)
      return {
        error: { position: MAX_CONDITION_LENGTH + 1, expected: ["end"], found: text.slice(MAX_CONDITION_LENGTH) },
      };
    return { condition: new Parser(tokenize(text)).whole() };
  } catch (error) {
    if (error instanceof SyntaxFailure) return { error: error.detail };
    throw error;
  }
}

/** Every field a condition names, in order, with where (1-based). */
export function conditionFields(condition: Condition): { field: string; at: number }[] {
  switch (condition.kind) {
    case "and":
    case "or":
      return [...conditionFields(condition.left), ...conditionFields(condition.right)];
    case "compare":
    case "change":
      return [{ field: condition.field, at: condition.at }];
    case "rows":
      return [];
    default: {
      const unhandled: never = condition;
      return unhandled;
    }
  }
}
