/**
 * Renders the function reference from the catalog, in the active language (English: docs/functions.md and the
 * README's `## Functions`; Chinese: docs/functions.zh-CN.md and README.zh-CN.md's `## 函数`; see REFERENCES):
 * the shared arguments, the display options, the flattening rule, the errors, a table of all functions and one
 * entry per function with syntax, examples, filters and columns (its help page renders the same markdown), and the
 * README's short section (the table, linking into the reference). The words are src/i18n/docs/<locale>.ts's and
 * the catalog's (src/api/words/localized.ts). test/functions/metadata.test.ts checks every file holds exactly this text.
 */
import {
  LOOKUP_FUNCTIONS,
  OPERATIONS,
  ROW_CAP,
  operation,
  paramWithRole,
  takesMarket,
  type AnyOperation,
  type LookupFunction,
} from "../../api/catalog";
import { isFilterParam } from "../../formula/filter-params";
import type { ParamSpec } from "../../api/catalog-types";
import { fieldDoc, groupLabel, operationTitle, paramDoc, rangeWords } from "../../api/words/localized";
import { checkLimit } from "../../api/row-limit";
import { catalogText } from "../../i18n/catalog-translations";
import { t } from "../../i18n/cells";
import { code, docsWords } from "../../i18n/docs";
import { t as reference } from "../../i18n/reference";
import { currentLocale } from "../../i18n/locale";
import { PARAM_KINDS } from "../../api/kinds";
import { recordColumns } from "../../table/columns";
import { COMPACT_TEXT_LIMIT, compactItemPattern } from "../../table/cells";
import { parseFilters, RESERVED_OPTIONS } from "../../formula/filters";
import { noRowsText } from "../../table/shape";
import { batchNote, lookupAnchor, lookupEntry } from "./lookup-docs";
import { entryTop, HISTORY_SYNTAX, historyEntry, historyRule, syntaxOf } from "./history-docs";
import { helpAnchor, helpBaseUrl, REFERENCES } from "./wrappers";
import { ASOF_ANCHOR, asOfReadmeRow, asOfReference } from "./asof-entry";

const EXAMPLE_VALUES: Readonly<Record<string, string>> = {
  keyword: '"phone stand"',
  asins: '"B07Z82895W, B0DGVP84B5"',
  asin: '"B07Z82895W"',
  nodeIdPath: '"172282:281407"',
  reverseType: '"W"',
  relations: '"vav, bab"',
  q: '"B07Z82895W"',
  month: "202507",
  bsr: "1024",
  categoryId: '"172282"',
  office: '"US"',
  text: '"anker"',
  brandId: '"US502022097612203"',
};

const cellText = (text: string) => text.replace(/\|/g, "\\|");

/** Where the shared example would read oddly (a category search for "phone stand"). */
const EXAMPLE_VALUES_BY_OPERATION: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  product_node: { keyword: '"yoga"' },
};

function positionalExamples(op: AnyOperation): string[] {
  return op.positional.map((p) => EXAMPLE_VALUES_BY_OPERATION[op.code]?.[p.arg] ?? EXAMPLE_VALUES[p.arg] ?? '"..."');
}

/** Where the first range would make a poor example (no niche sells 1,000 units a product): a screen a seller runs. */
const FILTER_EXAMPLES_BY_OPERATION: Readonly<Record<string, string>> = {
  market_research: "minAvgUnits=300; maxBrandCrn=60; minAvgPrice=15; maxAvgPrice=40",
};

function filterExample(op: AnyOperation): string | undefined {
  const chosen = FILTER_EXAMPLES_BY_OPERATION[op.code];
  if (chosen) return chosen;
  const specs = op.params as readonly ParamSpec[];
  const range = specs.find((p) => p.role === "rangeMin");
  const parts: string[] = [];
  // Rate filters take fractions (0.1 = 10 %), like the rate columns.
  if (range) parts.push(`${range.name}=${range.kind === "integer" ? 1000 : /Rate$/.test(range.name) ? 0.1 : 10}`);
  else if (specs.some((p) => p.name === "month" && !op.positional.some((x) => x.param === "month")))
    parts.push("month=202507");
  const order = specs.find((p) => p.kind === "order");
  if (order?.sortFields?.length) parts.push(`order=${order.sortFields[0]} desc`);
  if (op.shape === "object") parts.push("layout=horizontal");
  // No stats=TRUE here: this example also picks columns, and the stats table has its own (see Display options).
  return parts.length ? parts.join("; ") : undefined;
}

function examples(op: AnyOperation): string[] {
  const base = [...(takesMarket(op) ? ['"US"'] : []), ...positionalExamples(op)];
  const first = `=MAD.${op.fn}(${base.join(", ")})`;
  const filters = filterExample(op);
  const columns = recordColumns(op)
    .slice(0, 3)
    .map((c) => c.name)
    .join(", ");
  const hasSize = paramWithRole(op, "size") !== undefined;
  const second = `=MAD.${op.fn}(${[...base, filters ? `"${filters}"` : "", `"${columns}"`, hasSize ? "200" : ""].join(", ").replace(/, $/, "")})`;
  return [first, second];
}

function valueWords(spec: ParamSpec): string {
  const options = spec.options?.map((o) => String(o.value)).join(", ");
  const sortFields = spec.kind === "order" && spec.sortFields ? ` (${spec.sortFields.join(", ")})` : "";
  const bounds = spec.min !== undefined || spec.max !== undefined ? ` ${spec.min ?? ""}..${spec.max ?? ""}` : "";
  const example = spec.openOptions ? docsWords().optionsExample : "";
  const kind = `${reference(PARAM_KINDS[spec.kind].words.docs)}${sortFields}${bounds}`;
  return options ? docsWords().valueOptions(kind, `${example}${options}`) : kind;
}

/** What `limit` does for an operation, from its paging parameters. */
function limitSummary(op: AnyOperation): string {
  const size = paramWithRole(op, "size");
  const page = paramWithRole(op, "page");
  const words = docsWords();
  if (!size) return words.limitAll;
  const pageSize = Number(size.fixed ?? size.max ?? size.default);
  if (!page) return words.limitSingle(pageSize, Number(size.default));
  return words.limitPaged(pageSize, Number(size.default));
}

/** Filter rows of an operation; min/max pairs share one row. */
function filterRows(op: AnyOperation): string[] {
  const rows: string[] = [];
  for (const spec of op.params as readonly ParamSpec[]) {
    if (!isFilterParam(op, spec) || spec.role === "rangeMax") continue; // a maximum shares its minimum's row
    if (spec.role === "rangeMin" && spec.range) {
      const words = docsWords().rangeRow(catalogText(rangeWords(spec)));
      rows.push(`| ${code(spec.name)}, ${code(`max${spec.range}`)} | ${valueWords(spec)} | ${cellText(words)} |`);
    } else {
      rows.push(`| ${code(spec.name)} | ${cellText(valueWords(spec))} | ${cellText(paramDoc(spec))} |`);
    }
  }
  return rows;
}

function functionEntry(op: AnyOperation): string {
  if (op.history) return historyEntry(op, op.history);
  const filters = filterRows(op);
  const words = docsWords();
  return [
    ...entryTop(op),
    words.syntax(syntaxOf(op), limitSummary(op)),
    "",
    ...examples(op).map((e) => `    ${e}`),
    "",
    ...(filters.length ? [words.filtersHeader, ...filters, ""] : [words.noFilters, ""]),
    words.columns(
      recordColumns(op)
        .map((c) => code(c.name))
        .join(", "),
    ),
    "",
    ...batchNote(op),
    ...dateAndRateNotes(op),
  ].join("\n");
}

/** What each list column's items read as, what each date column holds, which rates came as fractions or percentages. */
function dateAndRateNotes(op: AnyOperation): string[] {
  const columns = recordColumns(op);
  const dates = columns.filter((c) => c.spec.type === "dateText" || c.spec.type === "epochMs");
  const sentAs = (format: "fraction" | "percent" | "perMille") =>
    columns
      .filter((c) => c.spec.format === format)
      .map((c) => code(c.name))
      .join(", ");
  const fractions = sentAs("fraction");
  const percents = sentAs("percent");
  const perMilles = sentAs("perMille");
  const lines: string[] = [];
  const words = docsWords();
  const lists = columns.filter((c) => c.spec.type === "objectList" && c.spec.fields?.length);
  if (lists.length)
    lines.push(
      words.lists(lists.map((c) => words.listItem(c.name, compactItemPattern(c.spec.fields ?? []))).join(", ")),
      "",
    );
  if (dates.length)
    lines.push(words.dates(dates.map((c) => words.dateItem(c.name, cellText(fieldDoc(c.spec)))).join(", ")), "");
  if (fractions || percents || perMilles) {
    const parts = [
      fractions ? words.sentAsFractions(fractions) : "",
      percents ? words.sentAsPercentages(percents) : "",
      perMilles ? words.sentPerMille(perMilles) : "",
    ].filter((p) => p !== "");
    lines.push(words.rates(parts.join("; ")), "");
  }
  return lines;
}

/** The introduction: the shared arguments, display options, layout rules and errors, in the active language. */
function intro(): string {
  const words = docsWords();
  return `${words.functionsHeading}\n${words.intro({
    helpUrl: helpBaseUrl(),
    rowCap: ROW_CAP,
    compactLimit: COMPACT_TEXT_LIMIT,
    noRows: noRowsText(),
    displayOptions: Object.entries(RESERVED_OPTIONS)
      .map(([name, what]) => `| ${code(name)} | ${cellText(reference(what))} |`)
      .join("\n"),
    limitExample: withoutGot(failureOf(() => checkLimit(0))),
    filterExample: withoutGot(failureOf(() => parseFilters(operation("product_research"), "minPrice=x", {}))),
    previewExample: t("cell.preview"),
    exceptHistory: words.product.exceptHistory,
    historyRule: historyRule(),
    paramRefusedExample: `${t("error.param.summary", { detail: "nodeIdPath" })} ... ${t("error.param.advice", { detail: "nodeIdPath" }).split(/ \(|（/)[0]}`,
  })}${words.allFunctionsHeader}\n`;
}

/** The message a rule gives (the reference quotes the cells' own words). */
function failureOf(check: () => unknown): string {
  try {
    check();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the example broke no rule");
}

/** A message without its `(got ...)` part. */
const withoutGot = (message: string) => message.replace(/ \(got [^)]*\)|（实际为 [^）]*）/, "");

/** The positional arguments; an optional one says it may be left blank. */
function positionalList(op: AnyOperation): string {
  const specs = op.params as readonly ParamSpec[];
  return op.positional
    .map((p) => `${code(p.arg)}${specs.find((s) => s.name === p.param)?.required ? "" : docsWords().mayBeBlank}`)
    .join(", ");
}

/** The reference in the active language: the introduction, the table of all functions and one entry each. */
export function renderReadmeSection(
  operations: readonly AnyOperation[] = OPERATIONS,
  lookups: readonly LookupFunction[] = LOOKUP_FUNCTIONS,
): string {
  const table = [
    ...operations.map(
      (op) => `| [MAD.${op.fn}](#${helpAnchor(op)}) | ${operationTitle(op)} | ${positionalList(op) || "–"} |`,
    ),
    ...lookups.map(
      (f) =>
        `| [MAD.${f.fn}](#${lookupAnchor(f)}) | ${operationTitle(f)} | ${code(f.form === "card" ? "asin" : "asins")} |`,
    ),
    asOfReadmeRow(""),
  ].join("\n");
  const entries = [...operations.map(functionEntry), ...lookups.map(lookupEntry)];
  return `${intro()}${table}\n\n${entries.join("\n")}\n${asOfReference()}`;
}

/** Where the full reference of the active language is written, relative to the repository root. */
const functionsDoc = (): string => REFERENCES[currentLocale()].doc;

/** docs/functions.md (docs/functions.zh-CN.md): the whole function reference under a do-not-edit header. */
export function renderFunctionsDoc(operations: readonly AnyOperation[] = OPERATIONS): string {
  return `${docsWords().doNotEdit}\n\n${renderReadmeSection(operations)}`;
}

/** The README's functions section: how the functions are called, and a table linking into the reference. */
export function renderReadmeSummary(operations: readonly AnyOperation[] = OPERATIONS): string {
  const doc = functionsDoc();
  const words = docsWords();
  // One row per group, its functions by name (the reference has each one's arguments): the README stays short
  // however many operations the catalog holds. A lookup function sits in the group its catalog entry names.
  const groups = [...new Set(operations.map((op) => op.group))];
  const table = groups
    .map((group) => {
      const links = [
        ...operations.filter((op) => op.group === group).map((op) => `[MAD.${op.fn}](${doc}#${helpAnchor(op)})`),
        ...LOOKUP_FUNCTIONS.filter((f) => f.group === group).map((f) => `[MAD.${f.fn}](${doc}#${lookupAnchor(f)})`),
      ];
      return `| ${groupLabel(group)} | ${links.join(", ")} |`;
    })
    .join("\n");
  const history = words.product.readmeHistory(HISTORY_SYNTAX.replace(/^=MAD\.<NAME>/, ""));
  // MAD.ASOF belongs to no group: its row says what it does, in the table's two columns.
  const asOf = `| ${words.asOf.title} | [MAD.ASOF](${doc}#${ASOF_ANCHOR}) |`;
  return `${words.functionsHeading}\n\n${words.readmeIntro(doc, history)}\n${words.readmeTableHeader}\n${table}\n${asOf}\n`;
}

/** Replaces (or appends) the functions section (`heading`) of a README text, up to the next level-2 heading. */
export function withFunctionsSection(readme: string, section: string, heading = docsWords().functionsHeading): string {
  const lines = readme.split("\n");
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) return `${readme.replace(/\n*$/, "")}\n\n${section.replace(/\n*$/, "\n")}`;
  const rest = lines.slice(start + 1).findIndex((l) => /^## /.test(l));
  const end = rest < 0 ? lines.length : start + 1 + rest;
  const after = lines.slice(end).join("\n");
  return `${lines.slice(0, start).join("\n")}${start ? "\n" : ""}${section.replace(/\n*$/, "\n")}${after ? `\n${after}` : ""}`;
}
