/**
 * The English catalog of the preview page (src/preview, a stand-in for Excel on `npm start`): its chrome, status
 * line, name box, formula bar, the errors its grid shows (as Excel's own words would be) and its charts.
 */
import { message } from "../../message";

const SCOPE = "{scope}";

export const preview = {
  // The page (preview.html: elements with data-i18n / data-i18n-<attribute>)
  "page.title": message("Marketplace Analytics Data"),
  "page.badge": message("Preview"),
  "page.intro": message(
    "A preview of the Excel add-in, not a spreadsheet: the built functions and task pane run here on stand-ins for Excel. A cell holds a value or one function call with values and cell references as arguments (no operators, no nested calls). Data comes from the local simulator.",
  ),
  "page.workbook": message("Workbook preview"),
  "page.nameBox": message("Name box"),
  "page.formula": message("Formula"),
  "page.formulaPlaceholder": message('Type a value, or a formula such as =MAD.KEYWORDTRENDS("US","yoga mat")'),
  "page.loading": message("Loading…"),
  "page.functions": message("Functions of the add-in"),
  "page.example": message("Example:"),
  "page.filtersExample": message(". Filters go in a two-column range of name/value rows, for example"),
  "page.recalc": message("; change a filter cell and the formula recalculates."),
  "page.taskPane": message("Task pane"),
  "page.taskPaneFrame": message("Marketplace Analytics Data task pane"),
  "page.reopen": message("Reopen the workbook"),
  "page.reopen.title": message(
    "Starts the add-in again with this workbook, as opening the saved workbook in Excel does: cells keep their values, the add-in's memory starts empty, its storage stays",
  ),
  "page.language": message("Language"),
  "page.language.office": message("Office language ({language})", { language: "text" }),
  "page.language.en": message("English"),
  "page.language.zh-CN": message("简体中文"),
  "grid.rowNumbers": message("Row numbers"),
  "grid.insertPastEnd": message("Inserting {count, number} rows would push cells past the preview grid's last row.", {
    count: "number",
  }),
  "grid.sheets": message("Sheets"),

  // The status line and the name box
  "status.ready": message("Ready"),
  "status.error": message("{address}: {code} {message}", { address: "text", code: "text", message: "text" }),
  "status.spill": message("{address}: {range} holds the results of the formula in {anchor}", {
    address: "text",
    range: "text",
    anchor: "text",
  }),
  "status.calculating": message("{count, plural, one {# formula} other {# formulas}} calculating", {
    count: "number",
  }),
  "status.loadingAddin": message("Loading the add-in…"),
  "status.couldNotStart": message("The preview could not start: {reason}", { reason: "text" }),
  "status.noMetadata": message("functions.json could not be loaded (HTTP {status}). Run npm run build.", {
    status: "text",
  }),
  "status.notACell": message('"{text}" is not a cell of this workbook (A1 to {last} of a sheet: B3, Sheet1!B3).', {
    text: "text",
    last: "text",
  }),

  // What cells show (the preview's own errors, worded as Excel's)
  "cell.busy": message("Waiting for the result."),
  "cell.circular": message(
    "Circular reference: this formula refers to its own cell or results, directly or through other formulas.",
  ),
  "cell.notAFunction": message("{name} is not a function of this add-in.", { name: "text" }),
  "cell.tooManyArguments": message("{name} takes at most {most, number} arguments; {given, number} were given.", {
    name: "text",
    most: "number",
    given: "number",
  }),
  "cell.argumentRequired": message('{name}: the argument "{argument}" is required.', {
    name: "text",
    argument: "text",
  }),
  "cell.argumentNotRange": message('{name}: the argument "{argument}" takes one value, not a range.', {
    name: "text",
    argument: "text",
  }),
  "cell.argumentNotNumber": message('{name}: the argument "{argument}" must be a number, not "{value}".', {
    name: "text",
    argument: "text",
    value: "text",
  }),
  "cell.argumentNotBoolean": message('{name}: the argument "{argument}" must be TRUE or FALSE, not "{value}".', {
    name: "text",
    argument: "text",
    value: "text",
  }),
  "cell.noSheet": message('{ref}: the workbook has no sheet "{sheet}".', { ref: "text", sheet: "text" }),
  "cell.argumentShows": message("{address} shows {code}: {message}", {
    address: "text",
    code: "text",
    message: "text",
  }),
  "cell.spillEdge": message(
    "The results ({rows, number} rows × {columns, number} columns) extend beyond the edge of the preview grid.",
    { rows: "number", columns: "number" },
  ),
  "cell.spillBlocked": message(
    "The spill range {range} isn't blank: {blocker} holds a value. Clear it to see the results.",
    { range: "text", blocker: "text" },
  ),
  "cell.failed": message("The function failed unexpectedly: {detail}", { detail: "text" }),
  "cell.notTwoDimensional": message("The function returned an array that is not two-dimensional."),
  "cell.ragged": message("The function returned rows of different lengths or no columns."),
  "cell.notFinite": message("Not a finite number."),
  "cell.cannotHold": message("The function returned a value a cell cannot hold."),

  // Data types (a product card): its cell, its card, and =A2.Price
  "status.entity": message("{address}: a data type; Ctrl+Shift+F5 or its icon opens its card", { address: "text" }),
  "card.open": message("Open the card of {text}", { text: "text" }),
  "card.cellName": message("{address} {text}, a data type: Ctrl+Shift+F5 opens its card", {
    address: "text",
    text: "text",
  }),
  "card.close": message("Close"),
  "field.notAReference": message("Not a field reference."),
  "field.noEntity": message("{where} holds no data type to read {field} from.", { where: "text", field: "text" }),
  "field.noField": message("The data type in {where} has no field {field}.", { where: "text", field: "text" }),

  // The formula bar's rules
  "formula.scope": message("the preview evaluates one function call with literal and cell-reference arguments"),
  "formula.onlyCalls": message(`Only function calls such as =MAD.KEYWORDTRENDS("US","yoga mat") work here: ${SCOPE}.`, {
    scope: "text",
  }),
  "formula.afterParen": message(`Unexpected text after the closing parenthesis: ${SCOPE}.`, { scope: "text" }),
  "formula.notAName": message('"{name}" is not a function name.', { name: "text" }),
  "formula.commas": message(`Arguments are separated by commas: ${SCOPE}.`, { scope: "text" }),
  "formula.nested": message(`Nested function calls such as {name}(...) are not supported: ${SCOPE}.`, {
    name: "text",
    scope: "text",
  }),
  "formula.closing": message("A closing parenthesis is missing."),
  "formula.closingBrace": message("An array constant is missing its closing brace '}'."),
  "formula.arrayValues": message(
    `An array constant such as '{"a","b"}' holds values only, not the reference "{text}".`,
    { text: "text" },
  ),
  "formula.notAddress": message('"{text}" is not a cell or range address (for example A1 or A1:B5).', {
    text: "text",
  }),
  "formula.noSheet": message('"{text}" names no sheet before the "!".', { text: "text" }),
  "formula.quote": message("A text argument is missing its closing quote."),
  "formula.unsupported": message(`"{text}" is not supported: ${SCOPE}.`, { text: "text", scope: "text" }),

  // Report charts
  "chart.name": message("{title} chart", { title: "text" }),
  "chart.calculating": message("Calculating…"),
  "chart.noRows": message("No rows to chart."),
  "chart.failed": message("The chart could not be drawn: {reason}", { reason: "text" }),
  "chart.notAddress": message('"{cell}" is not a cell address.', { cell: "text" }),
  "chart.shows": message("{cell} shows {code}: {message}", { cell: "text", code: "text", message: "text" }),
  "chart.noResults": message("{cell} holds no results to chart.", { cell: "text" }),
  "chart.narrow": message(
    "The results in {cell} have {width, number} columns; the chart reads column {column, number}.",
    {
      cell: "text",
      width: "number",
      column: "number",
    },
  ),
  "chart.summary.calculating": message("{title}: calculating.", { title: "text" }),
  "chart.summary.unavailable": message("{title}: no data. {why}", { title: "text", why: "text" }),
  "chart.summary.empty": message("{title}: no rows.", { title: "text" }),
  "chart.summary.ready": message("{title}, {categories} by {values}. {series}.", {
    title: "text",
    categories: "text",
    values: "text",
    series: "text",
  }),
  "chart.summary.noValue": message("no value"),
};
