/**
 * An alert's query and condition, read as the formula's own function reads them: the text by src/table's reader,
 * the arguments by the function's argument reader (src/formula/arguments.ts: the same messages a cell shows, in
 * the alert's language), the parameters by the catalog's validator; the condition's fields are the columns of the
 * answer as the function's header shows them (or their labels), rows keyed by the record's RECORD_KEYS.
 */
import type { AlertCost, AlertEvery, AlertProblem } from "../../../relay-api/alerts";
import {
  conditionFields,
  parseCondition,
  type Comparison,
  type Condition,
  type Expected,
} from "../../../relay-api/alert-condition";
import { isLookup, type Lookup } from "../../../api/lookups/batch";
import {
  lookupFunction,
  operation,
  operationByFunction,
  OPERATIONS,
  takesMarket,
  type AnyOperation,
} from "../../../api/catalog";
import type { DataPeriod } from "../../../api/data-period";
import { didYouMean } from "../../../lib/did-you-mean";
import { planPaging } from "../../../api/paging";
import { RECORD_KEYS } from "../../../api/records";
import { checkParams } from "../../../api/validate";
import { parseFields, parseFormulaArgs } from "../../../formula/arguments";
import { rowsPlan } from "../../../formula/lookup-plans";
import { checkLookup } from "../../../api/lookups/calls";
import { t, type AlertMessageId } from "../../../i18n/alerts";
import { inLocale, type Locale } from "../../../i18n/locale";
import { columnLabels, readColumn, recordColumns, type Column } from "../../../table/columns";
import { readFormulaText, type FormulaTextProblemKind } from "../../../formula/formula-text";
import type { Refusal as RouteRefusal } from "../routes/member-answers";

/** A refusal of an alert: its stable name (`data.problem`), its words, and what else a face may use. */
export type Refusal = RouteRefusal<AlertProblem>;
/** What a reader of an alert's text gives: what it read, or the refusal that says why it could not. */
type OrRefused<T> = T | { refused: Refusal };

export interface CompiledQuery {
  readonly op: AnyOperation;
  /** The parameters as the catalog normalized them (what the relay's requests carry). */
  readonly params: Record<string, unknown>;
  readonly limit?: number;
  /** The answer's columns, as the formula's header shows them (its `fields` picked). */
  readonly columns: readonly Column[];
  readonly keyColumns: readonly Column[];
}

/** A condition whose fields are columns of the answer. */
export type ResolvedCondition =
  | { readonly kind: "and" | "or"; readonly left: ResolvedCondition; readonly right: ResolvedCondition }
  | { readonly kind: "compare"; readonly column: Column; readonly op: Comparison; readonly value: number }
  | { readonly kind: "change"; readonly column: Column; readonly op: Comparison; readonly percent: number }
  | { readonly kind: "rows"; readonly which: "new" | "gone" };

const QUERY_PROBLEMS: Readonly<Record<FormulaTextProblemKind, AlertMessageId>> = {
  empty: "query.empty",
  notACall: "query.notACall",
  unclosedText: "query.unclosedText",
  unclosedCall: "query.unclosedCall",
  unclosedArray: "query.unclosedArray",
  reference: "query.reference",
  nested: "query.nested",
  unexpected: "query.unexpected",
  trailing: "query.trailing",
};

const EXPECTED_WORDS: Readonly<Record<Expected, AlertMessageId>> = {
  condition: "expected.condition",
  field: "expected.field",
  comparison: "expected.comparison",
  changeOrComparison: "expected.changeOrComparison",
  number: "expected.number",
  percent: "expected.percent",
  rows: "expected.rows",
  andOr: "expected.andOr",
  closeParen: "expected.closeParen",
  end: "expected.end",
};

const queryRefusal = (locale: Locale, problem: string, detail?: Record<string, unknown>): Refusal => ({
  problem: detail?.argument ? "query-arguments" : "query",
  message: t.in(locale)("error.query", { problem }),
  ...(detail ? { detail } : {}),
});

/**
 * The MAD function a name calls: an operation (`rows`: MAD.PRODUCTS, a row per listed ASIN of its lookup), or why
 * not (a card, a history, no such function).
 */
function functionOf(name: string, locale: Locale): OrRefused<{ op: AnyOperation; rows?: true }> {
  const say = t.in(locale);
  const fn = name.replace(/^MAD\./i, "");
  const mad = name.toUpperCase().startsWith("MAD.");
  const lookup = mad ? lookupFunction(fn) : undefined;
  if (lookup?.form === "card") return { refused: queryRefusal(locale, say("query.card", { fn: lookup.fn })) };
  if (lookup?.form === "rows") return { op: operation(lookup.operation), rows: true };
  const op = mad ? operationByFunction(fn) : undefined;
  if (!op) {
    const names = OPERATIONS.map((o) => `MAD.${o.fn}`);
    const hint = didYouMean(name, names) ?? "none";
    return { refused: queryRefusal(locale, say("query.notMad", { name, hint })) };
  }
  if (op.history) return { refused: queryRefusal(locale, say("query.history", { fn: op.fn })) };
  return { op };
}

/** The arguments in the order the function takes them: market, its own, then filters, fields and limit. */
function formulaArgs(op: AnyOperation, args: readonly unknown[]) {
  let at = 0;
  const market = takesMarket(op) ? args[at++] : undefined;
  const positional = op.positional.map(() => args[at++]);
  const [filters, fields, limit] = [args[at++], args[at++], args[at++]];
  return { ...(takesMarket(op) ? { market } : {}), positional, filters, fields, limit };
}

/** Reads an alert's query; the function's own message when its arguments are wrong. Nothing is sent. */
export function compileQuery(text: unknown, locale: Locale, now: Date): OrRefused<{ query: CompiledQuery }> {
  const say = t.in(locale);
  if (typeof text !== "string" || text.length > 2_000)
    return { refused: { problem: "query", message: say("error.query.notText") } };
  const read = readFormulaText(text);
  if ("problem" in read) {
    const { kind, position, found } = read.problem;
    // Each problem's message takes some of these values; the others are ignored.
    const word = say as (id: AlertMessageId, values: Record<string, string | number>) => string;
    return { refused: queryRefusal(locale, word(QUERY_PROBLEMS[kind], { position, found }), { position }) };
  }
  const found = functionOf(read.call.name, locale);
  if ("refused" in found) return found;
  const { op } = found;
  // MAD.PRODUCTS(market, asins, [fields], [headers]); any other function: market, its own, filters, fields, limit.
  const max = found.rows ? 4 : (takesMarket(op) ? 1 : 0) + op.positional.length + 3;
  if (read.call.args.length > max)
    return {
      refused: queryRefusal(locale, say("query.tooManyArguments", { fn: op.fn, max, got: read.call.args.length })),
    };
  const wrong = (error: unknown) =>
    queryRefusal(locale, say("query.arguments", { fn: op.fn, problem: (error as Error).message }), {
      argument: (error as { param?: string }).param ?? true,
    });
  try {
    return inLocale(locale, () => {
      if (found.rows) return { query: productsQuery(op, read.call.args, now) };
      const parsed = parseFormulaArgs(op, formulaArgs(op, read.call.args));
      const checked = checkParams(op.code, parsed.params, { now });
      if (!checked.params) return { refused: wrong(checked.errors[0]) };
      const params = checked.params as Record<string, unknown>;
      const limit = parsed.limit ? { limit: parsed.limit } : {};
      return { query: { op, params, columns: parsed.columns, keyColumns: keyColumnsOf(op), ...limit } };
    });
  } catch (error) {
    if (error instanceof Error && "param" in error) return { refused: wrong(error) };
    throw error;
  }
}

/** MAD.PRODUCTS' query: its lookup's listed ASINs (checked by the lookup's rules) and the columns `fields` picks. */
function productsQuery(op: AnyOperation, args: readonly unknown[], now: Date): CompiledQuery {
  // `headers` is read (a wrong one is named) but heads nothing: an alert compares values, never a header row.
  const [market, asins, fields, headers] = args;
  const { params } = rowsPlan({ market, positional: [asins], fields, headers });
  const lookup = checkLookup(op.code, params, { now });
  return {
    op,
    params: { ...lookup.shared, [lookup.batch.param]: [...lookup.keys] },
    columns: parseFields(op, fields).columns,
    keyColumns: keyColumnsOf(op),
  };
}

/** The columns that key the operation's rows (its record's RECORD_KEYS): how a run finds a row of the last one. */
function keyColumnsOf(op: AnyOperation): Column[] {
  return RECORD_KEYS[op.record].map((name) => recordColumns(op).find((c) => c.name === name)!);
}

const isNumeric = (column: Column) =>
  column.part !== undefined || column.spec.type === "integer" || column.spec.type === "number";

/** The column a condition names: by wire name (any case), or by its header label in either language. */
function columnNamed(name: string, columns: readonly Column[]): Column | undefined {
  const lower = name.trim().toLowerCase();
  const byName = columns.find((c) => c.name.toLowerCase() === lower);
  if (byName) return byName;
  for (const locale of ["zh-CN", "en"] as const) {
    const labels = inLocale(locale, () => columnLabels(columns));
    const at = labels.findIndex((label) => label.trim().toLowerCase() === lower);
    if (at >= 0) return columns[at];
  }
  return undefined;
}

function resolve(condition: Condition, columns: readonly Column[]): ResolvedCondition {
  switch (condition.kind) {
    case "and":
    case "or":
      return { kind: condition.kind, left: resolve(condition.left, columns), right: resolve(condition.right, columns) };
    case "compare":
    case "change": {
      // The same condition with its column in place of the field's name and position (checked by the caller).
      const { field, at: _at, ...rest } = condition;
      return { ...rest, column: columnNamed(field, columns)! };
    }
    case "rows":
      return condition;
    default: {
      const unhandled: never = condition;
      return unhandled;
    }
  }
}

/** Reads `when` against the query's columns: a syntax error with its position, or an unknown or non-number field. */
export function compileCondition(
  text: unknown,
  query: CompiledQuery,
  locale: Locale,
): OrRefused<{ condition: ResolvedCondition }> {
  const say = t.in(locale);
  if (typeof text !== "string") return { refused: { problem: "when-syntax", message: say("error.when.notText") } };
  const parsed = parseCondition(text);
  if ("error" in parsed) {
    const { position, expected, found } = parsed.error;
    const words = new Intl.ListFormat(locale, { type: "disjunction" }).format(
      expected.map((e) => say(EXPECTED_WORDS[e])),
    );
    return {
      refused: {
        problem: "when-syntax",
        message: say("error.when.syntax", { position, expected: words, found: found === "" ? "none" : found }),
        detail: { position, expected },
      },
    };
  }
  for (const { field, at } of conditionFields(parsed.condition)) {
    const column = columnNamed(field, query.columns);
    const fields = query.columns.filter(isNumeric).map((c) => c.name);
    if (!column) {
      const message = say("error.when.field", { field, position: at, fn: query.op.fn, fields: fields.join(", ") });
      return { refused: { problem: "when-field", message, detail: { field, position: at, fields } } };
    }
    if (!isNumeric(column))
      return {
        refused: {
          problem: "when-not-number",
          message: say("error.when.notNumber", { field, position: at }),
          detail: { field, position: at, fields },
        },
      };
  }
  return { condition: resolve(parsed.condition, query.columns) };
}

/** A row's value of a number column: null when blank, a sentinel for "none", or not a number. */
export function numberOf(record: unknown, column: Column): number | null {
  const raw = readColumn(record, column);
  const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  return column.spec.noneSentinel !== undefined && value === column.spec.noneSentinel ? null : value;
}

/** A row's key: its key columns' values, joined. */
export const keyOf = (record: unknown, query: CompiledQuery): string =>
  query.keyColumns.map((c) => String(readColumn(record, c) ?? "")).join(" · ");

const lookupCalls = (lookup: Lookup) => Math.ceil(lookup.keys.length / lookup.batch.max);

const RUNS_PER_MONTH: Readonly<Record<AlertEvery, number>> = { hourly: 720, daily: 30, weekly: 5 };
/** The most times a month an operation's data changes: the team's cache answers the runs in between. */
const PERIODS_PER_MONTH: Readonly<Record<DataPeriod, number>> = { day: 30, week: 5, month: 1 };

/** What the alert costs a month: runs × pages a run reads, of which at most one run per data period is paid. */
export function costOf(query: CompiledQuery, every: AlertEvery): AlertCost {
  // A lookup by list (MAD.PRODUCTS) is sent in batches: a call per 40 ASINs (src/api/lookups/batch.ts).
  const callsPerRun = isLookup(query.op, query.params)
    ? lookupCalls(checkLookup(query.op.code, query.params))
    : planPaging(query.op.code, query.params, query.limit).maxPages;
  const runsPerMonth = RUNS_PER_MONTH[every];
  const paidRunsPerMonth = Math.min(runsPerMonth, PERIODS_PER_MONTH[query.op.dataPeriod]);
  return { runsPerMonth, callsPerRun, paidRunsPerMonth, callsPerMonth: paidRunsPerMonth * callsPerRun };
}
