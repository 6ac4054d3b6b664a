/**
 * The English catalog of the layers below the faces (src/api, src/engine, src/table, src/functions): what a cell
 * shows (#VALUE! rules, #N/A failures and advice, "No rows") and the task pane shows of them too (validation under
 * a field, a failed connection test). Ids name the kind of text first: `named` / `v.` (validation), `kind.` (a
 * parameter kind's words), `error.` (failures), `cell.` (the functions' own), `display.` (display options).
 * A message naming an argument takes it as `{name}`; values a person typed come quoted, as `{got}`.
 */
import { booleanCellsWords } from "./kinds/boolean";
import { datesCellsWords } from "./kinds/dates";
import { integerListCellsWords } from "./kinds/integer-list";
import { listsCellsWords } from "./kinds/lists";
import { numberCellsWords } from "./kinds/number";
import { orderCellsWords } from "./kinds/order";
import { readCellsWords } from "./kinds/read";
import { textRulesCellsWords } from "./kinds/text-rules";
import { textCellsWords } from "./kinds/text";
import { timestampCellsWords } from "./kinds/timestamp";
import { message } from "../../message";

const DID_YOU_MEAN = "{hint, select, none {} other {; did you mean {hint}?}}";

export const cells = {
  ...booleanCellsWords,
  ...datesCellsWords,
  ...integerListCellsWords,
  ...listsCellsWords,
  ...numberCellsWords,
  ...orderCellsWords,
  ...readCellsWords,
  ...textRulesCellsWords,
  ...textCellsWords,
  ...timestampCellsWords,
  // How a rule names what it is about: an argument, a filter in `filters`, a parameter.
  named: message("{name}: {problem}", { name: "text", problem: "text" }),
  inFilters: message("{name} (in filters)", { name: "text" }),
  aList: message("a list"),
  anObject: message("an object"),

  // Validation of parameters (src/api/validate.ts, dates.ts, row-limit.ts)
  "v.wholeNumber": message("expected a whole number (got {got})", { got: "text" }),
  "v.expectedPart": message("expected {part} to be {type} (got {got})", { part: "text", type: "text", got: "text" }),
  "v.expected": message("expected {expected} (got {got})", { expected: "text", got: "text" }),
  "v.tooManyItems": message("at most {max} {asins, select, yes {ASINs} other {items}} (got {count})", {
    max: "number",
    asins: "text",
    count: "number",
  }),
  "v.tooBig": message("at most {max} (got {got})", { max: "number", got: "text" }),
  "v.tooSmall": message("at least {min} (got {got})", { min: "number", got: "text" }),
  "v.unknownKey": message("unknown key {keys}; an order is '{field, desc}'", { keys: "text" }),
  "v.invalid": message("invalid value {got}", { got: "text" }),
  "v.range": message("{low} {a} is greater than {high} {b}", { low: "text", a: "number", high: "text", b: "number" }),
  "v.givenTwice": message("given twice, also as {alias} (the same parameter)", { alias: "text" }),
  "v.unknownOperation": message("{got} is not an operation of the service", { got: "text" }),
  "v.paramsObject": message("expected an object of named parameters"),
  "v.notAParameter": message(`not a parameter of {operation}${DID_YOU_MEAN}`, { operation: "text", hint: "text" }),
  "v.required": message("required ({doc})", { doc: "text" }),
  "v.onlyBlanks": message("holds only empty items: leave it out, or give at least one"),
  "v.orderWithFilters": message("cannot sort by {field} while filtering by {filters}", {
    field: "text",
    filters: "text",
  }),
  "v.monthsBack": message("{text} is {back} months back; the service keeps only the last {max} months", {
    text: "text",
    back: "number",
    max: "number",
  }),
  "v.monthFormat": message('expected a month as yyyyMM, e.g. 202508 (got "{text}")', { text: "text" }),
  "v.notAMonth": message("{text} is not a real month (the last two digits are the month, 01 to 12)", {
    text: "text",
  }),
  "v.future": message("{text} is in the future", { text: "text" }),
  "v.saturdayFormat": message('expected a Saturday as yyyyMMdd, e.g. 20250802 (got "{text}")', { text: "text" }),
  "v.notADate": message("{text} is not a real date", { text: "text" }),
  "v.notASaturday": message("{text} is not a Saturday (weeks end on Saturday)", { text: "text" }),
  "v.limit": message("expected a whole number from 1 to {max} (got {got})", { max: "text", got: "text" }),
  "v.baseUrl": message("expected an http(s) address such as {example}", { example: "text" }),
  "v.baseUrlGot": message("expected an http(s) address such as {example} (got {got})", {
    example: "text",
    got: "text",
  }),
  "v.noSecret": message("no API secret is set; enter it in the add-in's settings"),
  "v.secretCharacters": message("contains spaces or characters an API secret cannot have; paste it again"),

  // The parameter kinds (src/api/kinds): what a value must be, for messages, the reference and the argument help
  "kind.integer.expected": message("a whole number"),
  "kind.notOneOf": message("{got} is not one of {options}", { got: "text", options: "text" }),
  "history.startAfterEnd": message("the start is after the end"),
  "history.intervalOnly": message("{fn} has {intervals} figures only (got {got})", {
    fn: "text",
    intervals: "text",
    got: "text",
  }),
  "kind.pattern": message("{got} is not {pattern}", { got: "text", pattern: "text" }),

  // Failures: what happened (summary) and what to do (advice), one pair per kind (src/api/error-kinds.ts)
  "error.validation.advice": message("Correct {param} and try again: {problem}", { param: "text", problem: "text" }),
  "error.param.summary": message(
    "{detail, select, none {The service rejected a parameter} other {The service refused the parameter {detail}}}",
    { detail: "text" },
  ),
  "error.param.advice": message(
    "{detail, select, none {Check the values} other {Check the value of {detail}}} (dates, codes, product ids, category path) and try again.",
    { detail: "text" },
  ),
  "error.secretKey.summary": message("The API secret is wrong"),
  "error.secretKey.advice": message("Enter the correct API secret in the add-in's settings."),
  "error.secretKeyOverdue.summary": message("The API secret has expired"),
  "error.secretKeyOverdue.advice": message(
    "Renew the subscription, then enter the current API secret in the add-in's settings.",
  ),
  "error.secretKeyInvalid.summary": message("The API secret is invalid or disabled"),
  "error.secretKeyInvalid.advice": message(
    "Enter a valid API secret in the add-in's settings, or ask the provider to enable it.",
  ),
  "error.unauthorized.summary": message("The API secret is not authorised for this operation"),
  "error.unauthorized.advice": message(
    "The plan of this secret does not include this data: use a secret whose plan does, or ask the provider to extend the plan.",
  ),
  "error.visitMax.summary": message("The call limit of the plan is reached"),
  "error.visitMax.advice": message(
    "Wait until the plan's quota resets or upgrade the plan; retrying now only fails again.",
  ),
  "error.urlNotFound.summary": message("The service does not know this operation"),
  "error.urlNotFound.advice": message("Check the base URL (it ends before /v1) or update the add-in."),
  "error.serverInternal.summary": message("The service had an internal fault"),
  "error.serverInternal.advice": message("Try again in a few minutes."),
  "error.unknownApi.summary": message(
    '{words, select, none {The service refused the request with the error code {code}} other {The service refused the request with the error code {code} ("{words}")}}',
    { code: "text", words: "text" },
  ),
  "error.unknownApi.advice": message(
    "Check the request and the plan of the API secret; if the refusal persists, contact the data provider with the code.",
  ),
  "error.http.summary": message("The service answered HTTP {status} without a result", { status: "text" }),
  "error.http.advice.429": message(
    "Too many requests: wait a minute and try again (the plan allows about 40 calls a minute).",
  ),
  "error.http.advice.5xx": message("The service is unavailable right now. Try again in a few minutes."),
  "error.http.advice.refused": message("Access was refused: check the API secret and the base URL."),
  "error.http.advice.404": message("Nothing answers at this address: check the base URL."),
  "error.http.advice.other": message("The request was refused: check the base URL and the parameters."),
  "error.timeout.attempt": message("The service did not answer within {ms} ms", { ms: "text" }),
  "error.timeout.total": message("The call did not complete within {ms} ms (retries included)", { ms: "text" }),
  "error.timeout.advice": message("The service is slow right now. Try again; narrow the query if it keeps happening."),
  "error.abort.summary": message("The request was cancelled"),
  "error.abort.advice": message("The request was cancelled; run it again when needed."),
  "error.network.summary": message(
    "{detail, select, none {Could not reach the service} other {Could not reach the service: {detail}}}",
    {
      detail: "text",
    },
  ),
  "error.network.advice": message(
    "Check the network connection and the base URL. In a browser the service may refuse cross-origin calls; use the local forwarding proxy then.",
  ),
  "error.malformed.summary": message("The service sent an unexpected answer: {detail}", { detail: "text" }),
  "error.malformed.advice": message(
    "Try again later; if it keeps happening, check that the base URL points at the analytics API.",
  ),
  "error.redirect.summary": message(
    "The service redirected the request{target, select, none {} other { to {target}}} (HTTP {status}); it was not followed",
    { target: "text", status: "text" },
  ),
  "error.redirect.advice": message(
    "The secret is only sent to the base URL itself: set the base URL to the address the service really answers at.",
  ),
  "error.serviceSays": message("{summary} (service says: {said})", { summary: "text", said: "text" }),
  "error.missingSecret.summary": message("No API secret is set"),
  "error.missingSecret.advice": message("Open {place} and enter your API secret.", { place: "text" }),
  "error.cacheMiss.summary": message("Not in the cache yet"),
  "error.cacheMiss.advice": message("The result is fetched when the formula is entered; previews never spend a call."),
  "error.monthlyQuota.summary": message("The plan's monthly call quota is used up"),
  "error.monthlyQuota.advice": message(
    "Wait until the plan's quota resets next month or upgrade the plan; retrying now only fails again.",
  ),
  "error.minuteLimit.summary": message("The service's per-minute call limit is reached"),
  "error.minuteLimit.advice": message(
    "Try again in a minute; lower the calls per minute in the settings if it keeps happening.",
  ),
  // What a malformed answer got wrong (the end of error.malformed.summary)
  "malformed.notEnvelope": message("the body is not a JSON envelope '{code, message, data}'"),
  "malformed.successWithoutResult": message("a success without a result"),
  "malformed.list": message("expected a list of records in data"),
  "malformed.object": message("expected one record object in data"),
  "malformed.items": message("expected an object with items in data"),
  "malformed.itemsList": message("expected data.items to be a list"),
  "malformed.statsList": message("expected data.stats to be a list"),
  "malformed.facets": message("expected a list of counts for each facet in data"),
  "malformed.facetCounts": message("expected data.{facet} to be a list of counts", { facet: "text" }),
  "malformed.statsObject": message("expected each of data.stats to be an object"),
  "malformed.record": message("record {index} is not an object", { index: "number" }),
  "malformed.tooDeep": message("values nested more than {depth} levels deep", { depth: "number" }),
  "malformed.unreadable": message("it could not be read ({detail})", { detail: "text" }),

  // Where the task pane is (src/i18n/ribbon.ts): the ribbon's words of manifest.xml in each language
  "place.taskPane": message("the task pane ({tab} > {group} > {button})", {
    tab: "text",
    group: "text",
    button: "text",
  }),
  "place.tab": message("Home"),
  "place.group": message("Marketplace Data"),
  "place.button": message("Research"),

  // The functions' own words (src/functions)
  "cell.preview": message("Preview: press Enter to run the query (no call spent in preview)."),
  "cell.cancelled": message("Cancelled by Excel."),
  "cell.rerun": message("To rerun it: Refresh in the task pane's Reports tab, or Ctrl+Alt+F9."),
  "cell.tooLarge": message(
    "This result is about {mb} MB ({rows, number} rows × {columns, number} columns), more than Excel takes from a function (5 MB)",
    { mb: "text", rows: "number", columns: "number" },
  ),
  "cell.tooLargeAdvice": message("Ask for fewer fields or a lower limit, or use Insert as table in the task pane"),
  "cell.settingsWhere": message("They are in {place}.", { place: "text" }),
  "cell.unexpected": message("Unexpected error: {detail}", { detail: "text" }),
  "cell.unexpectedAdvice": message("If it persists, report it with the formula."),
  "cell.noRows": message("No rows"),
  // The header of a single record's field/value rows where its headers are words (`headers=labels`)
  "cell.fieldHeader": message("Field"),
  "cell.valueHeader": message("Value"),
  "cell.notAColumn": message(`{got} is not a column of MAD.{fn}${DID_YOU_MEAN}`, {
    got: "text",
    fn: "text",
    hint: "text",
  }),
  // Two sentences of one message: what happened, then what to do
  "cell.sentences": message("{first} {second}", { first: "text", second: "text" }),
  "filters.nameValue": message("expected name=value, got {got}", { got: "text" }),
  "filters.semicolons": message('separate filters with ";", not ",": write {example}', { example: "text" }),
  "filters.valueWithoutName": message("a row has the value {got} but no name", { got: "text" }),
  "filters.nameIsDataType": message("a filter's name is text, not a data type such as a product card"),
  "filters.useMarket": message("use the market argument"),
  "filters.useArgument": message("use the {arg} argument", { arg: "text" }),
  "filters.paging": message("paging follows the limit argument"),
  "filters.notAFilter": message("not a filter: {instead}", { instead: "text" }),
  "filters.useFields": message("not a filter: use the fields argument"),
  "filters.unknown": message(`{got} is not a filter of MAD.{fn}${DID_YOU_MEAN}`, {
    got: "text",
    fn: "text",
    hint: "text",
  }),
  "filters.twice": message("is set twice"),
  "filters.orderTwice": message("set either order or {field}/{desc}, not both", { field: "text", desc: "text" }),
  "filters.choice": message("expected {choices} (got {got})", { choices: "text", got: "text" }),
  "filters.or": message("{first} or {second}", { first: "text", second: "text" }),
  "filters.headers": message("expected TRUE, FALSE, labels or names (got {got})", { got: "text" }),
  "filters.layoutOnly": message("applies only to single-record results (MAD.CATEGORYSTATS), not MAD.{fn}", {
    fn: "text",
  }),
  "filters.statsOnly": message("applies only to MAD.TRAFFICKEYWORDS, not MAD.{fn}", { fn: "text" }),

  // The display options in `filters` (src/formula/filters.ts RESERVED_OPTIONS), for the reference
  "range.minDoc": message("Minimum {words}.", { words: "text" }),
  "range.maxDoc": message("Maximum {words}.", { words: "text" }),
  "range.minLabel": message("{words}, min", { words: "text" }),
  "range.maxLabel": message("{words}, max", { words: "text" }),
  // A header of `headers=labels`: a nested column, a min/max/value part, a label two columns share
  "header.nested": message("{parent}: {child}", { parent: "text", child: "text" }),
  "header.part": message("{label}, {part}", { label: "text", part: "text" }),
  "header.shared": message("{label} ({name})", { label: "text", name: "text" }),

  // MAD.ASOF in cells
  "asof.needsReference": message("MAD.ASOF takes a reference to a MAD formula's cell or results, such as D5 or D5#."),
  "asof.noResult": message(
    "{cell} shows no MAD results in this session yet. Refresh it in the task pane's Reports tab, or enter its formula again.",
    { cell: "text" },
  ),
  "asof.failed": message("{cell} shows an error: {message}", { cell: "text", message: "text" }),
};
