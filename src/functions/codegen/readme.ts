/**
 * Renders the function reference from the catalog: docs/functions.md (the shared arguments, the display options,
 * the flattening rule, the errors, a table of all functions and one entry per function with syntax, examples,
 * filters and columns; help.html renders the same markdown) and the README's short `## Functions` section (the
 * table, linking into docs/functions.md). test/functions/metadata.test.ts checks both files hold exactly this text.
 */
import { OPERATIONS, ROW_CAP, paramWithRole, type AnyOperation } from "../../api/catalog";
import { isFilterParam } from "../../api/filter-params";
import { GROUP_LABELS, type ParamSpec } from "../../api/catalog-types";
import { PARAM_KINDS } from "../../api/kinds";
import { recordColumns } from "../../table/columns";
import { COMPACT_TEXT_LIMIT, compactItemPattern } from "../../table/cells";
import { RESERVED_OPTIONS } from "../filters";
import { NO_ROWS_TEXT } from "../../table/shape";
import { argumentNames, HELP_BASE_URL, helpAnchor } from "./wrappers";
import { ASOF_README_ROW, ASOF_REFERENCE } from "./asof-entry";

const EXAMPLE_VALUES: Readonly<Record<string, string>> = {
  keyword: '"phone stand"',
  asins: '"B07Z82895W, B0DGVP84B5"',
  asin: '"B07Z82895W"',
  nodeIdPath: '"172282:281407"',
  reverseType: '"W"',
  relations: '"vav, bab"',
  q: '"B07Z82895W"',
  month: "202507",
};

const code = (text: string) => `\`${text}\``;
const cellText = (text: string) => text.replace(/\|/g, "\\|");

/** Where the shared example would read oddly (a category search for "phone stand"). */
const EXAMPLE_VALUES_BY_OPERATION: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  product_node: { keyword: '"yoga"' },
};

function positionalExamples(op: AnyOperation): string[] {
  return op.positional.map((p) => EXAMPLE_VALUES_BY_OPERATION[op.code]?.[p.arg] ?? EXAMPLE_VALUES[p.arg] ?? '"..."');
}

function filterExample(op: AnyOperation): string | undefined {
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
  const base = ['"US"', ...positionalExamples(op)];
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
  return `${PARAM_KINDS[spec.kind].words.docs}${sortFields}${bounds}${options ? `: ${spec.openOptions ? "e.g. " : ""}${options}` : ""}`;
}

/** What `limit` does for an operation, from its paging parameters. */
export function limitSummary(op: AnyOperation): string {
  const size = paramWithRole(op, "size");
  const page = paramWithRole(op, "page");
  if (!size) return "`limit` keeps the first rows; blank = all rows.";
  const pageSize = size.fixed ?? size.max ?? size.default;
  if (!page) return `\`limit\` sets the rows of its one call (at most ${pageSize}); blank = ${size.default}.`;
  return `\`limit\` fetches pages of ${pageSize} rows, one call each; blank = one page of ${size.default}.`;
}

/** Filter rows of an operation; min/max pairs share one row. */
function filterRows(op: AnyOperation): string[] {
  const rows: string[] = [];
  for (const spec of op.params as readonly ParamSpec[]) {
    if (!isFilterParam(op, spec) || spec.role === "rangeMax") continue; // a maximum shares its minimum's row
    if (spec.role === "rangeMin" && spec.range) {
      const doc = spec.doc.replace(/^Minimum /, "").replace(/\.$/, "");
      rows.push(`| ${code(spec.name)}, ${code(`max${spec.range}`)} | ${valueWords(spec)} | ${cellText(doc)} (range) |`);
    } else {
      rows.push(`| ${code(spec.name)} | ${cellText(valueWords(spec))} | ${cellText(spec.doc)} |`);
    }
  }
  return rows;
}

function functionEntry(op: AnyOperation): string {
  const args = argumentNames(op).map((a) => (["filters", "fields", "limit"].includes(a) ? `[${a}]` : a));
  const filters = filterRows(op);
  const limitWords = limitSummary(op);
  return [
    `### MAD.${op.fn}`,
    "",
    `${op.title} (${GROUP_LABELS[op.group]}, ${code(op.code)}). ${op.description}`,
    "",
    `Syntax: ${code(`=MAD.${op.fn}(${args.join(", ")})`)}. ${limitWords}`,
    "",
    ...examples(op).map((e) => `    ${e}`),
    "",
    ...(filters.length
      ? ["| Filter | Value | Meaning |", "|---|---|---|", ...filters, ""]
      : ["No filters beyond the display options.", ""]),
    `Columns: ${recordColumns(op)
      .map((c) => code(c.name))
      .join(", ")}.`,
    "",
    ...dateAndRateNotes(op),
  ].join("\n");
}

/** What each list column's items read as, what each date column holds, which rates came as fractions or percentages. */
function dateAndRateNotes(op: AnyOperation): string[] {
  const columns = recordColumns(op);
  const dates = columns.filter((c) => c.spec.type === "dateText" || c.spec.type === "epochMs");
  const sentAs = (format: "fraction" | "percent") =>
    columns
      .filter((c) => c.spec.format === format)
      .map((c) => code(c.name))
      .join(", ");
  const fractions = sentAs("fraction");
  const percents = sentAs("percent");
  const lines: string[] = [];
  const lists = columns.filter((c) => c.spec.type === "objectList" && c.spec.fields?.length);
  if (lists.length)
    lines.push(
      `Lists, one item each, joined by ${code("; ")}: ${lists
        .map((c) => `${code(c.name)} as ${code(compactItemPattern(c.spec.fields ?? []))}`)
        .join(", ")}.`,
      "",
    );
  if (dates.length)
    lines.push(`Dates: ${dates.map((c) => `${code(c.name)} (${cellText(c.spec.doc)})`).join(", ")}.`, "");
  if (fractions || percents) {
    const parts = [
      fractions ? `sent as fractions: ${fractions}` : "",
      percents ? `sent as percentages (8.31), divided by 100: ${percents}` : "",
    ].filter((p) => p !== "");
    lines.push(`Rates, spilled as fractions (format ${code("0.00%")}): ${parts.join("; ")}.`, "");
  }
  return lines;
}

const INTRO = `## Functions

Every operation of the service is a formula in the ${code("MAD")} namespace that spills a table. All functions
take the same shape of arguments: ${code("=MAD.<NAME>(market, required..., [filters], [fields], [limit])")}.
A function's help link (${code(`${HELP_BASE_URL}#mad<name>`)}) opens this reference as a page, help.html, served
with the add-in. This reference and the page are generated from the operation catalog by ${code("npm run gen:functions")}.

**Arguments**

- ${code("market")}: marketplace code US, JP, UK (or GB), DE, FR, IT, ES, CA or IN, in any case.
- Required arguments follow, as listed per function. Lists (ASINs, relations) are a range (one per cell) or text
  separated by commas. Months are ${code("202508")} (number or text), ${code("2025-08")} or a real date in a cell.
- ${code("filters")}: every other parameter of the operation, by its name in the specification (range filters as
  ${code("minPrice")} / ${code("maxPrice")}), as the live service spells them; where the spec names a parameter or a
  value otherwise, its name is accepted too and sent under the service's (${code("minPlatformUnit")} as
  ${code("minAmzUnit")}, ${code("platformChoice")} as ${code("amazonChoice")}, fulfillment ${code("PLT")} as
  ${code("AMZ")}). Either a range of name/value rows (name in the first column, value in
  the second; list values comma-separated in the cell or continued in the cells to the right; a first row
  ${code("name | value")} or ${code("filter | value")} is a header and skipped; rows with a blank value are
  skipped), or text ${code("name=value; name=value")}. Names are case-insensitive. Booleans are TRUE/FALSE (or
  yes/no, 1, the text 0); Y/N codes such as ${code("badgeBS=Y")} stay text. Sort with ${code("order=price desc")} (or
  ${code("orderField")} and ${code("orderDesc")}). ${code("page")} and ${code("size")} are not filters: paging
  follows ${code("limit")}. An unknown name is a #VALUE! error with a did-you-mean.
- ${code("fields")}: the columns to spill, by the header names below (text separated by commas, or a range), in the
  order given; the name of an object (${code("badge")}) or of a min/max/value (${code("phrasePpc")}) takes all
  its columns. Columns are picked in the add-in, not by the service, so formulas that differ only in their
  ${code("fields")} share one call and one cached page.
- ${code("limit")}: rows wanted, 1 to ${ROW_CAP} (the service's row cap). Paged operations fetch pages of the largest page
  size until the limit or the total is reached; each page is one call, cached. Once the first page tells the
  total, the remaining pages are fetched together (up to twenty at a time, within the per-minute pacing), never past
  the total; rows stay in page order. If one page fails the query fails, but the pages already fetched stay
  cached. Blank = one page.
- Blank cells: a blank cell, a blank range and an omitted argument mean "not given" wherever a value may be left
  out. Some Excel builds pass a blank cell as the number 0, so a 0 means blank too wherever it cannot be the value:
  ${code("market")}, ${code("fields")}, ${code("limit")}, display options, texts, dates, each item of a list, orders,
  booleans (type FALSE) and numbers that cannot be 0 (${code("topN")}, ${code("matchType")}). A number filter that can
  be 0 (${code("minPrice")}, ${code("queryType")}) takes a 0 as 0, so on those builds a cleared value cell sets it to 0:
  delete the row, or its name, to drop the filter. Text typed as ${code("0")} (${code("minPrice=0")}) is always 0.

**Display options** (reserved names in ${code("filters")}; never sent to the service)

| Name | Values |
|---|---|
${Object.entries(RESERVED_OPTIONS)
  .map(([name, words]) => `| ${code(name)} | ${cellText(words)} |`)
  .join("\n")}

**How results are laid out**

- One row per record (items of paged results, elements of arrays), a header row of column names first. Columns
  come in the record's field order as listed per function (or in the order of ${code("fields")}).
- Objects become dotted columns (${code("badge.bestSeller")}, ${code("rankPosition.page")}); {min, max, value}
  objects three columns (${code("phrasePpc.min")}, ${code("phrasePpc.max")}, ${code("phrasePpc.value")}).
- Lists of texts become comma-joined text; label-to-list maps ${code("KEY: a, b; KEY2: c")}; lists of objects
  compact text, one ${code("identity[: label] (figure / figure)")} per item joined by ${code("; ")}: the first text
  field that is not a link, its ${code("label")} when it has one, and its first two numbers, rates as percentages
  (${code("B09CSSP9C1 (6.79% / 3.35%)")}, ${code("hpc: Health, Household & Baby Care")}); at most
  ${COMPACT_TEXT_LIMIT} characters.
- Null, absent fields and the -1 "none" price (${code("primePrice")}, ${code("deliveryPrice")}) are blank cells,
  never 0. Texts from the service are values, never formulas.
- Dates follow one rule in every function: a date is an Excel date number. Months the service sends as text
  (${code("2026.10")}, ${code("202508")}, ${code("2024年11月")}) are the month's first day, days (${code("20261121")},
  ${code("2024-06-22")}) that day, years (${code("2012")}) plain numbers. Calendar days the service stamps in epoch
  milliseconds (trend periods, listing dates: midnight China time) are that day in the service's calendar, never the
  day before; update times are date-times in UTC. Each function below says what its date columns hold. A custom
  function cannot format its cells, so dates show as numbers until the column is formatted as a date; Excel keeps
  that format when the formula recalculates. ${code("dates=text")} spills ${code("yyyy-mm-dd")} text instead
  (${code("yyyy-mm-dd hh:mm")} for update times).
- Rates are fractions in every function (${code("0.0831")} = 8.31 %), so one ${code("0.00%")} number format fits every
  rate column: rates the service sends as percentages (${code("8.31")}) are divided by 100. Each function below lists
  its rate columns and how the service sent them. Filters keep the service's own units (see each filter).
- Category statistics (one record) spill ${code("field | value")} rows; ${code("layout=horizontal")} spills one wide
  row. Traffic keywords of a product spill the keywords; ${code("stats=TRUE")} spills the word-part counts.
- No matching rows: the single cell ${code(NO_ROWS_TEXT)} (not an error).

**Errors in cells**

- ${code("#VALUE!")}: a bad argument, named with the rule (${code("limit: expected a whole number from 1 to 2000")},
  ${code("minPrice (in filters): expected a number")}). Nothing is sent, no call is spent.
- ${code("#N/A")}: no secret set, a wrong or expired secret, the plan's quota reached, the network or the service
  failing, a timeout; the message says what happened and what to do. While Excel previews a formula being typed
  the cell shows ${code("#N/A")} "Preview: press Enter..." unless the result is cached: previews never spend a call.
  A result too large for Excel to take from a function (past about 3.5 MB; Excel's limit is 5 MB, and on the web a
  larger one would leave the cell at ${code("#BUSY!")}) is ${code("#N/A")} saying to ask for fewer fields or a lower limit,
  or to use Insert as table. To run a formula again, use Refresh in the task pane's Reports tab or press
  ${code("Ctrl+Alt+F9")}: ${code("F9")} alone does not rerun custom functions.
  When the service refuses a parameter and names it (${code("ERROR_PARAM")} with ${code('data: "nodeIdPath"')}), the message names it
  too: "The service refused the parameter nodeIdPath ... Check the value of nodeIdPath". A secret whose plan does not
  cover the operation (${code("ERROR_UNAUTHORIZED")}) and any error code the add-in does not know are reported as permanent
  refusals (the code in plain words), never as "try again later".
- Last good answers: when the service cannot be reached, fails (5xx), or refuses for the per-minute limit or a spent
  month, a formula it answered before shows that earlier answer instead of ${code("#N/A")}, and says so: the task
  pane's message bar, the formula's status in the Reports tab ("as of 24 Nov, 09:10: the service did not answer")
  and ${code("MAD.ASOF")}. Never for a refused secret, a bad argument or a query never answered before; the Reports
  tab's *Show last good answers when the service fails* turns it off (${code("mad.lastGoodValues")}).

**All functions**

| Function | Operation | Arguments after market |
|---|---|---|
`;

/** The positional arguments; an optional one says it may be left blank. */
function positionalList(op: AnyOperation): string {
  const specs = op.params as readonly ParamSpec[];
  return op.positional
    .map((p) => `${code(p.arg)}${specs.find((s) => s.name === p.param)?.required ? "" : " (may be blank)"}`)
    .join(", ");
}

export function renderReadmeSection(operations: readonly AnyOperation[] = OPERATIONS): string {
  const table = operations
    .map((op) => `| [MAD.${op.fn}](#${helpAnchor(op)}) | ${op.title} | ${positionalList(op) || "–"} |`)
    .join("\n");
  return `${INTRO}${table}\n\n${operations.map(functionEntry).join("\n")}\n${ASOF_REFERENCE}`;
}

/** Where the full reference is written, relative to the repository root. */
export const FUNCTIONS_DOC = "docs/functions.md";

const DO_NOT_EDIT =
  "<!-- Generated from the operation catalog (src/api/catalog.ts) by `npm run gen:functions`: do not edit by hand. -->";

/** docs/functions.md: the whole function reference under a do-not-edit header. */
export function renderFunctionsDoc(operations: readonly AnyOperation[] = OPERATIONS): string {
  return `${DO_NOT_EDIT}\n\n${renderReadmeSection(operations)}`;
}

/** The README's `## Functions` section: how the functions are called, and a table linking into the reference. */
export function renderReadmeSummary(operations: readonly AnyOperation[] = OPERATIONS): string {
  const table = operations
    .map(
      (op) =>
        `| [MAD.${op.fn}](${FUNCTIONS_DOC}#${helpAnchor(op)}) | ${op.title} | ${op.positional.map((p) => code(p.arg)).join(", ") || "–"} |`,
    )
    .join("\n");
  return `## Functions

Every operation of the service is a formula in the ${code("MAD")} namespace that spills a table:
${code("=MAD.<NAME>(market, required..., [filters], [fields], [limit])")}. The full reference (arguments, filters,
display options, how results are laid out, errors in cells, and each function's filters and columns) is
[${FUNCTIONS_DOC}](${FUNCTIONS_DOC}), generated from the operation catalog by ${code("npm run gen:functions")}
and served with the add-in as help.html (each function's help link).

| Function | Operation | Required after market |
|---|---|---|
${table}
${ASOF_README_ROW}
`;
}

/** Replaces (or appends) the `## Functions` section of a README text, up to the next level-2 heading. */
export function withFunctionsSection(readme: string, section: string): string {
  const lines = readme.split("\n");
  const start = lines.findIndex((l) => l.trim() === "## Functions");
  if (start < 0) return `${readme.replace(/\n*$/, "")}\n\n${section.replace(/\n*$/, "\n")}`;
  const rest = lines.slice(start + 1).findIndex((l) => /^## /.test(l));
  const end = rest < 0 ? lines.length : start + 1 + rest;
  const after = lines.slice(end).join("\n");
  return `${lines.slice(0, start).join("\n")}${start ? "\n" : ""}${section.replace(/\n*$/, "\n")}${after ? `\n${after}` : ""}`;
}

/** The `## Functions` section of a README text, or undefined. */
export function functionsSectionOf(readme: string): string | undefined {
  const lines = readme.split("\n");
  const start = lines.findIndex((l) => l.trim() === "## Functions");
  if (start < 0) return undefined;
  const rest = lines.slice(start + 1).findIndex((l) => /^## /.test(l));
  return lines
    .slice(start, rest < 0 ? lines.length : start + 1 + rest)
    .join("\n")
    .replace(/\n*$/, "\n");
}
