/** The history functions' and the product card's words in English (./product-words.ts says what each part is). */
import { code } from "./words";
import type { ProductDocsWords } from "./product-words";

export const productEn: ProductDocsWords = {
  exceptHistory: ", except the history functions, which take STOCKHISTORY's (below)",
  readmeHistory: (syntax) =>
    `; the history functions (price, rank and sales over time) take STOCKHISTORY's ${code(syntax)}`,
  historyRule: (f) => `**History functions** (${f.functions.map(code).join(", ")}) work like Excel's STOCKHISTORY:
${code(f.syntax)} spills one header row (${code(f.dateColumn)} and the figures) and one row per day, week or
month. ${code("start")} and ${code("end")} are dates (a date in a cell, or ${code("2025-08-02")} text); without
${code("start")} the table starts at the first data (at most a year back for days, two years for weeks and months),
without ${code("end")} it ends today. ${code("interval")} is ${code("daily")}, ${code("weekly")} or
${code("monthly")} (${code("d")}, ${code("w")}, ${code("m")}; STOCKHISTORY's ${code("1")} and ${code("2")} for
weekly and monthly; a 0 reads as a blank cell, Excel's way of passing one on some builds); blank = the function's
default. ${code("headers")} is MAD.PRODUCTS': ${code('"labels"')} heads the columns in words, in the language Excel
calculates in (${code("Date")}, ${code("Price")}); ${code('"names"')} or TRUE (the default) with the names
${code("fields")} takes; FALSE spills no header row. It comes last, after ${code("fields")} (STOCKHISTORY has its
${code("headers")} before its properties), so formulas written before it keep their meaning. Dates are Excel dates:
the period's first day (weeks start on Monday, days are UTC days). Several series with different time points become
one table by one rule:
- a level (price, Buy Box, list price, rank, rating, number of ratings, sellers) is the last value known by the end
  of the period. A history of changes (PRICEHISTORY's) is carried forward from earlier periods while it does not
  change: the service sends a point only when a value changes, so a price set in March is still the price in May;
  a point of -1 means "no data from here on" (out of stock, no rank) and shows blank until the next point. Daily or
  monthly figures (SALESTREND's, SALESESTIMATE's) give the period's last figure, never carried past them;
- a flow (units, revenue) is the sum of the period's figures, blank when it has none;
- a figure is read from the coarsest list the service sends that is not coarser than the interval (months from
  monthly figures, weeks from daily ones); a figure the service has no list for at that interval is blank;
- rows where every column is blank are left out; a range without data spills ${code(f.noHistory)}.
A history function asks for the product's whole history in one call, whatever the range, so every range and
interval of one product shares one call and one cached answer.`,
  historySyntax: (syntax, intervals, defaultInterval, note) =>
    `Syntax: ${code(syntax)}, a history function (see above). Intervals: ${intervals}; default ${code(defaultInterval)}.${note ? ` ${note}` : ""}`,
  historyColumnsHeader: "| Column | Kind | Meaning |\n|---|---|---|",
  dateKind: "date",
  periodStart: "The period's first day",
  levelKind: "level (last known)",
  flowKind: "flow (sum)",
  lookupHead: (title, group, operationCode, perCall, description) =>
    `${title} (${group}, from ${code(operationCode)}'s answers per ASIN: cells asking at about the same moment share ` +
    `one call per ${perCall} products, and each product's answer is kept for the day). ${description}`,
  cardSyntax: (syntax) => `Syntax: ${code(syntax)}.`,
  cardExcel:
    "In Excel with data types for custom functions (CustomFunctionsRuntime 1.4: Excel on the web, Microsoft 365 " +
    "from version 2208, Mac from 16.64) the cell holds a product card: click its icon (or press Ctrl+Shift+F5) " +
    `to open it, and read a property with ${code("=A2.Price")} or ${code("=A2.[Monthly units]")}; the field picker ` +
    "beside the cell lists them. The card refreshes with the workbook, like any formula. Elsewhere (perpetual " +
    "Office) the same facts spill as one labelled row: a header of the property names and one row of values. " +
    "The add-in asks Excel at run time which it can show.",
  cardProperties: (names) =>
    `Properties: ${names}. ${code("Price")} and ${code("Monthly revenue")} are in ` +
    `the marketplace's currency, ${code("Monthly units")} and ${code("Monthly revenue")} are the last 30 days' ` +
    `(this variant's where the service tells it apart), ${code("Listed on")} is the listing day (a date), ${code("Listing")} the product's ` +
    "link. A fact the service does not send is left out of the card (blank in the row), never shown as 0.",
  startHelp: (doc) => `${doc} An Excel date or yyyy-mm-dd text.`,
  intervalHelp: (intervals, defaultInterval) => `${intervals}; blank = ${defaultInterval}.`,
  historyReturns: (title) => `${title}: a header row, then one dated row per period.`,
  cardReturns: (title) => `${title}: a data type (a card), or a header row and one row of its facts.`,
  cardDetails: (names, operationCode, sharedWith) =>
    `${code("details")} adds facts only the product's details hold: ${names} (their names as text, such as ` +
    `${code('"Bullet points"')}, or a range of names). They cost one more call per product (${code(operationCode)}, ` +
    `shared with ${code(sharedWith)} of the same product), and only where asked.`,
  rowsRules: ({ max, perCall, notFound, columns }) =>
    `${code("asins")} is a range, an array or text separated by commas, of up to ${max} values; each gives one row, ` +
    `in its order, under one header row: a blank gives a blank row, a repeated ASIN its row again (no other call). ` +
    `Text that is not an ASIN (nothing is sent for it) gives ${code("#VALUE!")} in its row's first cell, an ASIN ` +
    `the service does not know ${code("#N/A")} (${code(notFound)}), each with its message and the rest of the row ` +
    `blank, so ${code("IFERROR")} and ${code("ISNA")} see them. N distinct ASINs not already answered today cost ` +
    `⌈N / ${perCall}⌉ calls, shared with the MAD.PRODUCT cells and other lookups of the same moment; a call that ` +
    `fails shows ${code("#N/A")} and its failure in its own rows only. Blank rows and columns after the last value ` +
    `are not rows, and more than ${max} values is ${code("#VALUE!")}. For a list that grows, give a bounded or ` +
    `trimmed range such as ${code("A2:.A5000")} or ${code("TRIMRANGE(A:A)")}: Excel for Windows and Mac passes a ` +
    `whole column (${code("A:A")}) as every row of the sheet, Excel on the web answers ${code("#CALC!")} for it. ` +
    `Columns (${code("fields")} picks them, blank = all): ${columns}.`,
  batchNote: (param, perCall, functions) =>
    `With ${code(param)} (and no ${code("page")} or ${code("order")}) it looks products up by ASIN: rows in the ` +
    `list's order, ${perCall} ASINs a call, each answer kept on its own and shared with ${functions} asked at ` +
    "about the same moment.",
  rowsReturns: (title) => `${title}: a header row, then one row per listed ASIN.`,
  detailsHelp: "Facts to add from the product's details: Bullet points, Variants (text or a range); one more call.",
  asinsHelp:
    "Product ids (ASINs): a range (A2:.A5000 or TRIMRANGE(A:A) for a list that grows), an array or text separated " +
    "by commas, up to 2,000; one row each.",
  headersHelp:
    "The header row: labels (the columns in words, in Excel's language), names (default: the names fields takes), " +
    "TRUE or FALSE (no header row).",
  rowsHeaders:
    `${code("headers")}, as STOCKHISTORY's: ${code('"labels"')} heads the columns in words, in the language Excel ` +
    `calculates in (${code("Price")}, ${code("Best-seller rank")}); ${code('"names"')} or TRUE (the default) with the ` +
    `names ${code("fields")} takes; FALSE spills no header row.`,
};
