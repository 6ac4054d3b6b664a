/**
 * The function reference and the functions' metadata in English (./words.ts says what each part is).
 */
import { code, type DocsWords, type IntroFacts } from "./words";
import { productEn } from "./product-en";

/** The reference's introduction, first part: the shape of every function's arguments, and the display options. */
const introArguments = (f: IntroFacts) => `
Every operation of the service is a formula in the ${code("MAD")} namespace that spills a table. All functions
take the same shape of arguments: ${code("=MAD.<NAME>(market, required..., [filters], [fields], [limit])")}${f.exceptHistory}; the
trademark functions, which search trademark offices rather than a marketplace, have no ${code("market")} and start
with the office (${code("=MAD.TRADEMARKS(office, text, ...)")}).
A function's help link (${code(`${f.helpUrl}#mad<name>`)}) opens this reference as a page, help.html, served
with the add-in. This reference and the page are generated from the operation catalog by ${code("npm run gen:functions")}.

**Arguments**

- ${code("market")}: marketplace code US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE (the 13 the service
  accepts), in any case; sent upper-case, as the service's codes are case-sensitive. A day where a month is expected
  reads as its month (${code("20260425")} is ${code("202604")}).
- ${code("office")} (trademark functions): trademark office codes such as US, GB, EM (the EU office) or WO (WIPO),
  in any case; UK reads as GB, the office's own code. ${code("MAD.TRADEMARKOFFICES()")} lists them.
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
- ${code("limit")}: rows wanted, 1 to ${f.rowCap} (the service's row cap). Paged operations fetch pages of the largest page
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

${f.historyRule}

**Display options** (reserved names in ${code("filters")}; never sent to the service)

| Name | Values |
|---|---|
${f.displayOptions}

`;

/** The introduction, second part: how results are laid out, and what a cell shows when something fails. */
const introResults = (f: IntroFacts) => `**How results are laid out**

- One row per record (items of paged results, elements of arrays), a header row of column names first. Columns
  come in the record's field order as listed per function (or in the order of ${code("fields")}).
- Objects become dotted columns (${code("badge.bestSeller")}, ${code("rankPosition.page")}); {min, max, value}
  objects three columns (${code("phrasePpc.min")}, ${code("phrasePpc.max")}, ${code("phrasePpc.value")}).
- Lists of texts become comma-joined text; label-to-list maps ${code("KEY: a, b; KEY2: c")}; lists of objects
  compact text, one ${code("identity[: label] (figure / figure)")} per item joined by ${code("; ")}: the first text
  field that is not a link, its ${code("label")} when it has one, and its first two numbers, rates as percentages
  (${code("B09CSSP9C1 (6.79% / 3.35%)")}, ${code("hpc: Health, Household & Baby Care")}); at most
  ${f.compactLimit} characters.
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
- No matching rows: the single cell ${code(f.noRows)} (not an error).

**Errors in cells**

- ${code("#VALUE!")}: a bad argument, named with the rule (${code(f.limitExample)},
  ${code(f.filterExample)}). Nothing is sent, no call is spent.
- ${code("#N/A")}: no secret set, a wrong or expired secret, the plan's quota reached, the network or the service
  failing, a timeout; the message says what happened and what to do. While Excel previews a formula being typed
  the cell shows ${code("#N/A")} "${f.previewExample}" unless the result is cached: previews never spend a call.
  A result too large for Excel to take from a function (past about 3.5 MB; Excel's limit is 5 MB, and on the web a
  larger one would leave the cell at ${code("#BUSY!")}) is ${code("#N/A")} saying to ask for fewer fields or a lower limit,
  or to use Insert as table. To run a formula again, use Refresh in the task pane's Reports tab or press
  ${code("Ctrl+Alt+F9")}: ${code("F9")} alone does not rerun custom functions.
  When the service refuses a parameter and names it (${code("ERROR_PARAM")} with ${code('data: "nodeIdPath"')}), the message names it
  too: "${f.paramRefusedExample}". A secret whose plan does not
  cover the operation (${code("ERROR_UNAUTHORIZED")}) and any error code the add-in does not know are reported as permanent
  refusals (the code in plain words), never as "try again later".
- Last good answers: when the service cannot be reached, fails (5xx), or refuses for the per-minute limit or a spent
  month, a formula it answered before shows that earlier answer instead of ${code("#N/A")}, and says so: the task
  pane's message bar, the formula's status in the Reports tab ("as of 24 Nov, 09:10: the service did not answer")
  and ${code("MAD.ASOF")}. Never for a refused secret, a bad argument or a query never answered before; the Reports
  tab's *Show last good answers when the service fails* turns it off (${code("mad.lastGoodValues")}).

`;

export const en: DocsWords = {
  product: productEn,
  lang: "en",
  functionsHeading: "## Functions",
  doNotEdit:
    "<!-- Generated from the operation catalog (src/api/catalog.ts) by `npm run gen:functions`: do not edit by hand. -->",
  helpTitle: "MAD functions: help",
  helpHeader: "Marketplace Analytics Data for Excel",
  intro: (f) => introArguments(f) + introResults(f),
  readmeIntro: (
    doc,
    history,
  ) => `Every operation of the service is a formula in the ${code("MAD")} namespace that spills a table:
${code("=MAD.<NAME>(market, required..., [filters], [fields], [limit])")}${history}. The full reference (arguments, filters,
display options, how results are laid out, errors in cells, and each function's filters and columns) is
[${doc}](${doc}), generated from the operation catalog by ${code("npm run gen:functions")}
and served with the add-in as help.html (each function's help link).
`,
  allFunctionsHeader: "**All functions**\n\n| Function | Operation | Arguments after market |\n|---|---|---|",
  readmeTableHeader: "| Group | Functions |\n|---|---|",
  entryHead: (title, group, operationCode, description) =>
    `${title} (${group}, ${code(operationCode)}). ${description}`,
  syntax: (syntax, limit) => `Syntax: ${code(syntax)}. ${limit}`,
  filtersHeader: "| Filter | Value | Meaning |\n|---|---|---|",
  noFilters: "No filters beyond the display options.",
  columns: (names) => `Columns: ${names}.`,
  lists: (items) => `Lists, one item each, joined by ${code("; ")}: ${items}.`,
  listItem: (name, pattern) => `${code(name)} as ${code(pattern)}`,
  dates: (items) => `Dates: ${items}.`,
  rates: (parts) => `Rates, spilled as fractions (format ${code("0.00%")}): ${parts}.`,
  sentAsFractions: (names) => `sent as fractions: ${names}`,
  sentAsPercentages: (names) => `sent as percentages (8.31), divided by 100: ${names}`,
  sentPerMille: (names) => `sent per mille (3.18), divided by 1000: ${names}`,
  limitAll: "`limit` keeps the first rows; blank = all rows.",
  limitSingle: (pageSize, def) => `\`limit\` sets the rows of its one call (at most ${pageSize}); blank = ${def}.`,
  limitPaged: (pageSize, def) =>
    `\`limit\` fetches pages of ${pageSize} rows, one call each; blank = one page of ${def}.`,
  mayBeBlank: " (may be blank)",
  rangeRow: (doc) => `${doc} (range)`,
  optionsExample: "e.g. ",
  valueOptions: (kind, options) => `${kind}: ${options}`,
  dateItem: (name, doc) => `${code(name)} (${doc})`,
  filtersHelp: (names, more, options) =>
    `Other parameters: name/value rows, or text "name=value; name=value". Names: ${names}${more ? " and more" : ""}. Display options: ${options}.`,
  fieldsHelp: (names) => `Columns to spill, e.g. "${names}" (text or a range); blank = all.`,
  limitHelpAll: (rowCap) => `Rows to show, 1 to ${rowCap}; blank = all rows returned.`,
  limitHelpSingle: (pageSize, def) => `Rows wanted, 1 to ${pageSize}; blank = ${def}.`,
  limitHelpPaged: (rowCap, def) => `Rows wanted, 1 to ${rowCap}, fetched page by page; blank = one page (${def} rows).`,
  invocationHelp: "Supplied by Excel: the calling cell, cancellation and value preview.",
  returns: (title) => `${title}: a table with a header row of column names.`,
  asOf: {
    title: "When the data of a MAD result was fetched",
    description:
      "When the data a MAD formula's results show was fetched, as an Excel date-time (format the cell as a date and time).",
    cellHelp: "A MAD formula's cell or results, e.g. D5 or D5#.",
    invocationHelp: "Supplied by Excel: the address of the cell argument.",
    returns: "The date and time the data shown was fetched.",
    reference: `${code("=MAD.ASOF(cell)")}: when the data a MAD formula's results show was fetched from the service, as an Excel
date-time (a number: format the cell as a date and time, e.g. ${code("yyyy-mm-dd hh:mm")}, or use
${code('=TEXT(MAD.ASOF(D5),"d mmm, hh:mm")')}). ${code("cell")} is the formula's cell or any cell of its results
(${code("D5")}, ${code("D5#")}, ${code("F9")}). When the service could not answer and the formula shows its last
good answer, this is that answer's time. It spends no call and calculates again whenever the formula does (and after
a Refresh in the Reports tab). ${code("#N/A")} when the formula has not run in this session yet or shows an error;
${code("#VALUE!")} when the argument is not a reference.
`,
  },
};
