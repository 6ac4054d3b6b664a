/**
 * The English catalog: every text the task pane shows, by message id, in ICU MessageFormat. Ids name the feature
 * first (`build.`, `templates.`, `reports.`, `connection.`), then what the text is; shared texts have their own
 * prefixes (`pane.`, `tab.`, `meter.`, `action.`, `ask.`, `spend.`). Counts use plurals, never hand-built endings.
 */
import { message } from "../../message";
import { paneAlerts } from "./pane-alerts";
import { panePickers } from "./pane-pickers";
import { reports } from "./reports";
import { templates } from "./templates";

const CALLS = "{calls, plural, one {# call} other {# calls}}";
const LEFT = "{left, plural, one {# is} other {# are}} left this month";

export const pane = {
  // The shell: title, tabs, loading
  "pane.title": message("Marketplace Analytics Data"),
  "pane.sections": message("Task pane sections"),
  "pane.loading": message("Loading…"),
  /** The name of a dropdown's clear button (Fluent's own is English only). */
  "pane.clearSelection": message("Clear selection"),
  "pane.failure": message("{what}. {todo}", { what: "text", todo: "text" }),
  "tab.connection": message("Connection"),
  "tab.build": message("Build"),
  "tab.templates": message("Templates"),
  "tab.reports": message("Reports"),

  // The calls meter above the tabs
  "meter.label": message("Calls used this month"),
  "meter.statusLabel": message("Calls left"),
  "meter.leftUnknown": message("Calls left this month: not known yet"),
  "meter.left": message("{left, plural, one {# call} other {# calls}} left this month", { left: "number" }),
  "meter.used": message(
    "{used, number} / {quota, plural, one {# call} other {# calls}} used this month ({left, number} left)",
    {
      used: "number",
      quota: "number",
      left: "number",
    },
  ),
  "meter.team.statusLabel": message("Team calls left"),
  "meter.team.line": message("You: {member} · Team plan: {plan}", { member: "text", plan: "text" }),
  "meter.team.left": message("{left, plural, one {# call} other {# calls}} left", { left: "number" }),
  "meter.team.leftOf": message("{left, number} of {quota, plural, one {# call} other {# calls}} left", {
    left: "number",
    quota: "number",
  }),
  "meter.team.memberNoBudget": message("no budget of your own"),
  "meter.team.planNoBudget": message("no budget of its own"),
  "meter.line": message("{usage} · Calls this session: {calls, number}{waiting, plural, =0 {} other { · # waiting}}", {
    usage: "text",
    calls: "number",
    waiting: "number",
  }),

  // Shared actions and asking before spending
  "action.cancel": message("Cancel"),
  "action.cancelled": message("Cancelled: nothing was written or shown."),
  "ask.label": message("Calls to spend"),
  "ask.goAhead": message("{question} Go ahead?", { question: "text" }),
  "spend.table.tooMany": message(`This table needs ${CALLS} but only ${LEFT}.`, { calls: "number", left: "number" }),
  "spend.table.many": message(`This table will spend ${CALLS}.`, { calls: "number" }),
  "spend.report.tooMany": message(`This report needs about ${CALLS} but only ${LEFT}.`, {
    calls: "number",
    left: "number",
  }),
  "spend.report.many": message(`This report will spend about ${CALLS}.`, { calls: "number" }),
  "spend.refresh.tooMany": message(`This refresh needs ${CALLS} but only ${LEFT}.`, {
    calls: "number",
    left: "number",
  }),
  "spend.refresh.many": message(
    `This refresh will spend {bound, select, atLeast {at least } upTo {up to } other {}}${CALLS}.`,
    { calls: "number", bound: "text" },
  ),

  // Connection
  "connection.secret": message("API secret"),
  "connection.secret.hint": message("Kept in the add-in's storage on this computer, never in the workbook."),
  "connection.secret.replaceHint": message(
    "{stored}. Type a new secret to replace it. Kept in the add-in's storage on this computer, never in the workbook.",
    { stored: "text" },
  ),
  "connection.secret.show": message("Show"),
  "connection.secret.hide": message("Hide"),
  "connection.secretSet": message("Secret set"),
  "connection.secretSetEnding": message("Secret set: ••••{last4}", { last4: "text" }),
  "connection.service": message("Service"),
  "connection.service.hosted": message("This add-in's server ({url})", { url: "text" }),
  "connection.service.production": message("Production, direct ({url})", { url: "text" }),
  "connection.service.simulator": message("Local simulator ({url})", { url: "text" }),
  "connection.service.custom": message("Forwarding proxy or other URL"),
  "connection.baseUrl": message("Base URL"),
  "connection.baseUrl.hint": message(
    "For example the local forwarding proxy, when the service refuses calls from the browser.",
  ),
  "connection.baseUrl.example": message("http://127.0.0.1:8788"),
  "connection.test": message("Test connection"),
  "connection.save": message("Save"),
  "connection.signOut": message("Sign out"),
  "connection.busy.test": message("Testing the connection…"),
  "connection.busy.save": message("Saving…"),
  "connection.busy.signOut": message("Signing out…"),
  "connection.saved": message("Settings saved."),
  "connection.signedOut": message("Signed out: the secret is removed from this computer's add-in storage."),
  "connection.notSavedAfterFailedTest": message(
    "Not saved: the test failed, so the settings in use are unchanged. Choose Save to keep these settings anyway.",
  ),
  "connection.status.ok": message("Connected"),
  "connection.status.wrongSecret": message("The secret is wrong"),
  "connection.status.expiredSecret": message("The secret has expired"),
  "connection.status.quotaReached": message("The monthly quota is used up"),
  "connection.status.unreachable": message("The service cannot be reached"),
  "connection.status.noSecret": message("No secret entered"),
  "connection.status.failed": message("The connection test failed"),
  "connection.remaining": message("{left, plural, one {# call} other {# calls}} left this month.", { left: "number" }),
  "connection.remainingUnknown": message("The service does not report the calls left this month."),
  "connection.enterSecret": message("Enter the API secret, then test again."),
  // A team relay (npm run serve -- --team): its address and a member's token instead of the plan's secret
  "connection.connectWith": message("Connect with"),
  "connection.connectWith.secret": message("Own secret"),
  "connection.connectWith.team": message("Team relay"),
  "connection.relay": message("Relay address"),
  "connection.relay.hint": message("Your team's relay, from your team's admin (e.g. https://mad.contoso.com/)."),
  "connection.relay.example": message("https://mad.contoso.com/"),
  "connection.relay.missing": message("Enter the team relay's address, for example https://mad.contoso.com/"),
  "connection.relay.notHttps": message(
    "The relay's address starts with https:// (http:// only for a relay on this computer).",
  ),
  "connection.relay.query": message("The relay's address has no query or fragment (nothing after ? or #)."),
  "connection.token": message("Your token"),
  "connection.token.hint": message(
    "From your team's admin. Kept in the add-in's storage on this computer, never in the workbook; the team's secret stays on the relay.",
  ),
  "connection.token.replaceHint": message(
    "{stored}. Paste a new token to replace it. Kept in the add-in's storage on this computer, never in the workbook.",
    { stored: "text" },
  ),
  "connection.tokenSetEnding": message("Token set: ••••{last4}", { last4: "text" }),
  "connection.token.misshapen": message(
    "A team token starts with madt_ and is 48 characters long: copy it again from your team's admin.",
  ),
  "connection.token.missing": message("Paste your token."),
  "connection.signedOutToken": message("Signed out: the token is removed from this computer's add-in storage."),
  "connection.team.refused": message("The token is not accepted"),
  "connection.team.refusedDetail": message(
    "It may have been revoked or mistyped: ask your team's admin for a new one, then paste it here.",
  ),
  "connection.team.noToken": message("No token entered"),
  "connection.team.enterToken": message("Paste the token your team's admin gave you, then test again."),
  "connection.team.quotaReached": message("No calls left this month"),
  "connection.team.unreachable": message("The team relay cannot be reached"),
  "connection.team.unreachableDetail": message(
    "Check the relay's address and that it is running. A relay answers the add-in it serves, and a page of this computer (the local preview) when it runs on this computer too: docs/deploy.md, “Trying a team relay from the preview”.",
  ),

  // Build
  "build.label": message("Query builder"),
  "build.operation": message("Operation"),
  "build.operation.option": message("{title} (MAD.{fn})", { title: "text", fn: "text" }),
  "build.operation.search": message("Type to search {total} operations", { total: "number" }),
  "build.operation.matches": message(
    "{count, plural, =0 {No operation matches} one {# of {total} operations matches} other {# of {total} operations match}}.",
    { count: "number", total: "number" },
  ),
  "build.operation.noMatch": message("No operation matches “{words}”.", { words: "text" }),
  "build.actions": message("Query actions"),
  "build.preview": message("Preview"),
  "build.insertFormula": message("Insert as formula"),
  "build.insertTable": message("Insert as table"),
  "build.busy.preview": message("Running the preview…"),
  "build.busy.checkPlace": message("Checking the place for the formula…"),
  "build.busy.writeFormula": message("Writing the formula…"),
  "build.busy.table": message("Fetching the rows and writing the table…"),
  "build.busy.checkTablePlace": message("Checking the place for the table…"),
  "build.busy.pages": message("{busy} Page {done, number} of {total, number}.", {
    busy: "text",
    done: "number",
    total: "number",
  }),
  "build.correctFirst": message(
    "Correct the {problems, plural, one {marked field} other {# marked problems}} first; nothing was sent.",
    { problems: "number" },
  ),
  "build.nothingWritten": message("Nothing was written."),
  "build.nothingFetched": message("Nothing was fetched."),
  "build.preview.shown": message(
    `Showing {shown, number} of {total, plural, one {# row} other {# rows}}. This preview cost ${CALLS}{cached, select, yes { (from the cache)} other {}}.`,
    { shown: "number", total: "number", calls: "number", cached: "text" },
  ),
  "build.preview.caption": message("Preview of {title}", { title: "text" }),
  "build.formula.written": message(
    "Wrote the filter block and {formula} at {at}. Edit a value in the block and the formula recomputes.",
    { formula: "text", at: "text" },
  ),
  "build.formula.showsError": message(
    "Wrote {formula} at {at}, but the cell shows {error}.{spill, select, yes { Cells in the way block its result: clear them or move the formula.} other { Select the cell to see why.}}",
    { formula: "text", at: "text", error: "text", spill: "text" },
  ),
  "build.overwrite.label": message("Cells in use"),
  "build.overwrite.doesNotFit": message("The formula does not fit here."),
  "build.overwrite.notEmpty": message("Cells in the way are not empty."),
  "build.overwrite.would": message("The filter block and the formula's result from {at} would overwrite {cells}.", {
    at: "text",
    cells: "text",
  }),
  "build.overwrite.nextFree": message(" The next free place is {at}.", { at: "text" }),
  "build.overwrite.confirm": message("Overwrite"),
  "build.overwrite.useNextFree": message("Use the next free place ({at})", { at: "text" }),
  "build.table.askTitle": message("Insert as table asks first"),
  "build.table.confirm": message("Insert the table"),
  "build.table.created": message(
    `Created table {name} at {at} with {rows, plural, one {# row} other {# rows}} (${CALLS}).`,
    { name: "text", at: "text", rows: "number", calls: "number" },
  ),
  "build.table.doesNotFit": message("Nothing was fetched: {why}", { why: "text" }),
  "build.table.doesNotFitHere": message("The table does not fit here."),
  "build.table.would": message("The table from {at} would overwrite {cells}.", { at: "text", cells: "text" }),
  "build.table.cards": message(
    "Insert as table: add a product column of cards (Excel data types) beside {column}, which stays text",
    {
      column: "text",
    },
  ),
  "build.table.cardsWritten": message(
    "Its product column shows each ASIN as a card: select one and press Ctrl+Shift+F5. The ASIN column stays text for your formulas.",
  ),
  "build.table.cardsUnavailable": message(
    "Product cards are not available in this Excel (Excel 2021 and 2024 bought once have no data types): its product column shows the ASINs as text.",
  ),
  "preview.noRows": message("No rows match."),
  "preview.rows": message("Preview rows"),

  // Templates
  "templates.market": message("{label} ({code})", { label: "text", code: "text" }),
  "templates.choose": message("Choose…"),
  "templates.asinsExample": message("B07Z82895W, B0DGVP84B5"),
  "templates.create": message("Create"),
  "templates.createLabel": message("Create the {title} report", { title: "text" }),
  "templates.creating": message("Creating the report…"),
  "templates.busy": message("Creating the {title} report…", { title: "text" }),
  "templates.askTitle": message("Create asks first"),
  "templates.confirm": message("Create the report"),
  "templates.nothingCreated": message("Nothing was created."),
  "templates.nothingFound": message(
    "{section} found nothing to fill in {label}: loosen the limits (or type a value) and try again. Nothing was created.",
    { section: "text", label: "text" },
  ),
  "templates.correctFirst": message(
    "Correct the {problems, plural, one {marked input} other {# marked problems}} first; nothing was sent.",
    { problems: "number" },
  ),
  "templates.required": message("{label}: required. {hint}", { label: "text", hint: "text" }),
  "templates.inputProblem": message("{label}: {problem}", { label: "text", problem: "text" }),
  "templates.tooManyAsins": message("{label}: at most {max} ASINs ({given} given).", {
    label: "text",
    max: "number",
    given: "number",
  }),
  "templates.cost": message("Creates a sheet and {cost}.", { cost: "text" }),
  "templates.spends": message(
    `{calls, plural, =0 {spends no call} one {spends about # call} other {spends about # calls}}: {queries, plural, one {# unique query} other {# unique queries}}, {pages, plural, one {# page} other {# pages}}{cached, plural, =0 {} other {{calls, plural, =0 {, all of them already fetched} other {, {cached} of them already fetched}}}}`,
    { calls: "number", queries: "number", pages: "number", cached: "number" },
  ),
  "templates.created": message(
    "Created the sheet {sheet} with {sections, plural, one {# section} other {# sections}} and {charts, plural, one {# chart} other {# charts}}. Edit an input on the sheet and the report reworks; refresh it from the Reports tab.",
    { sheet: "text", sections: "number", charts: "number" },
  ),
  "templates.createdWithErrors": message(
    "Created the sheet {sheet} with {sections, plural, one {# section} other {# sections}} and {charts, plural, one {# chart} other {# charts}}, but {cells} {failed, plural, one {shows} other {show}} an error: select the cell to see why.",
    { sheet: "text", sections: "number", charts: "number", cells: "text", failed: "number" },
  ),

  // Reports
  "reports.refreshAll": message("Refresh all"),
  "reports.refreshSelected": message("Refresh selected"),
  "reports.retryFailed": message("Retry failed"),
  "reports.rescan": message("Rescan"),
  "reports.askTitle": message("Refresh now?"),
  "reports.ask": message("{reason} {plan}.", { reason: "text", plan: "text" }),
  "reports.confirm": message("Refresh"),
  "reports.nothing": message("Nothing to refresh."),
  "reports.empty": message("No MAD formulas or add-in tables in this workbook yet."),
  "reports.fromTemplates": message("Reports from templates"),
  "reports.others": message("Formulas and tables"),
  "reports.report": message("Report {sheet}", { sheet: "text" }),
  "reports.reportTitle": message("{title} · {sheet}", { title: "text", sheet: "text" }),
  "reports.refreshReport": message("Refresh report"),
  "reports.refreshReportLabel": message("Refresh report {sheet}", { sheet: "text" }),
  "reports.item": message("{at} · {operation}", { at: "text", operation: "text" }),
  "reports.busy.scan": message("Looking for MAD formulas and tables…"),
  "reports.busy.count": message("Counting the calls this refresh needs…"),
  "reports.busy.refresh": message("Refreshing: {plan}", { plan: "text" }),
  "reports.steps": message("{done, number} of {total, plural, one {# step} other {# steps}}", {
    done: "number",
    total: "number",
  }),
  "reports.failed": message(
    `{failed, number} of {items, number} failed (${CALLS} spent). Use "Retry failed" to try those again.`,
    { failed: "number", items: "number", calls: "number" },
  ),
  "reports.refreshedItems": message(
    "Refreshed {items, plural, one {# item} other {# items}} with {calls, plural, =0 {no call} one {# call} other {# calls}}.",
    { items: "number", calls: "number" },
  ),
  "reports.plan": message(
    `{bound, select, atLeast {at least } upTo {up to } other {}}${CALLS} for {queries, plural, one {# unique query} other {# unique queries}} ({formulas, plural, =0 {{tables, plural, =0 {nothing selected} one {# table} other {# tables}}} one {# formula{tables, plural, =0 {} one {, # table} other {, # tables}}} other {# formulas{tables, plural, =0 {} one {, # table} other {, # tables}}}})`,
    { bound: "text", calls: "number", queries: "number", formulas: "number", tables: "number" },
  ),
  "reports.growth.label": message("Cells below a table"),
  "reports.growth.title": message("Cells below {table} are not empty.", { table: "text" }),
  "reports.growth.question": message(
    "{table} now has {rows, plural, one {# row} other {# rows}}, and the rows it needs below it hold something ({cells}). Insert sheet rows, so that what is there moves down; write over it; or keep it and leave the table as it was.",
    { table: "text", rows: "number", cells: "text" },
  ),
  "reports.growth.tableQuestion": message(
    "{table} now has {rows, plural, one {# row} other {# rows}}, and the rows it needs below it belong to the table {tables}: a table can't overlap another table. Insert sheet rows, so that {tables} moves down; or leave {table} as it was.",
    { table: "text", rows: "number", tables: "text" },
  ),
  "reports.growth.insertRows": message("Insert sheet rows"),
  "reports.growth.overwrite": message("Overwrite"),
  "reports.growth.keep": message("Keep them"),
  "reports.growth.kept": message("Not refreshed: the cells below it were kept ({cells}).", { cells: "text" }),
  "reports.invalid": message("{problem} Fix the formula's arguments; a refresh cannot.", { problem: "text" }),
  "reports.formulaShowsError": message("The formula shows an error."),
  "reports.tableOperation": message("Table"),
  "reports.table": message("Table {name}", { name: "text" }),
  "reports.rows": message("{rows, plural, one {# row} other {# rows}}", { rows: "number" }),
  "reports.refreshed": message("refreshed {at, date, ::d MMM}, {at, time, ::HH:mm}", { at: "date" }),
  "reports.neverRefreshed": message("never refreshed"),
  "reports.status": message(
    "{status, select, ok {ok} error {error} running {running} cancelled {cancelled} other {not run}}",
    { status: "text" },
  ),
  "reports.statusCount": message("{count, number} {status}", { count: "number", status: "text" }),
  "reports.formulas": message("{formulas, plural, one {# formula} other {# formulas}}", { formulas: "number" }),
  "reports.group": message("{formulas, plural, one {# formula} other {# formulas}}: {statuses}", {
    formulas: "number",
    statuses: "text",
  }),
  // Reports that keep history, refresh when opened, last good answers, schedules: ./reports.ts
  ...reports,

  // The language switch (the shell, beside the title)
  "language.label": message("Language"),
  "language.office": message("Office language ({language})", { language: "text" }),
  "language.name.en": message("English"),
  "language.name.zh-CN": message("简体中文"),
  "language.cellsNote": message("Cells already calculated keep their language until they calculate again."),

  // A parameter's field in the Build form (builder/ParamField.tsx, builder/form-model.ts)
  "field.notSet": message("Not set"),
  "field.choose": message("Choose…"),
  "field.checkbox": message("{label} ({state, select, unset {not set} yes {TRUE} other {FALSE}})", {
    label: "text",
    state: "text",
  }),
  "field.apiName": message("API name: {name}", { name: "text" }),
  "field.help": message(
    "{doc}{hasDefault, select, yes { Service default: {value}.} other {}} API name: {name}{aliases, select, none {} other { (also {aliases})}}.",
    { doc: "text", hasDefault: "text", value: "text", name: "text", aliases: "text" },
  ),
  "field.option": message("{label} ({value})", { label: "text", value: "text" }),
  "field.otherValuesLabel": message("{name}, other values", { name: "text" }),
  "field.otherValues": message("Other values, comma-separated"),
  "field.serviceDefault": message("{field, select, none {Service default} other {Service default ({field})}}", {
    field: "text",
  }),
  "field.desc": message("desc"),
  "field.lines": message(
    "{help} {spaces, select, separate {One per line, or separated by commas, semicolons or spaces.} other {One per line, or separated by commas or semicolons.}}",
    { help: "text", spaces: "text" },
  ),
  "field.chooseFirst": message("Choose {param} first", { param: "text" }),

  // The Build form around the fields (builder/QueryForm.tsx)
  "form.more": message("More filters ({count, number}{set, plural, =0 {} other {, # set}})", {
    count: "number",
    set: "number",
  }),
  "form.search": message("Search filters"),
  "form.search.placeholder": message("Search filters by name"),
  "form.noMatch": message('No filter matches "{search}".', { search: "text" }),
  "form.output": message("Columns, order and rows"),
  "form.fields": message("fields"),
  "form.fields.hint": message("The columns to return, in the order picked; none picked = all columns."),
  "form.fields.all": message("All columns"),
  "form.limit": message("limit"),
  "form.limit.paged": message(
    "Rows wanted (1 to 2,000); pages through the results, one call per page. Empty = one page{rows, plural, =0 {} other { (# rows)}}.",
    { rows: "number" },
  ),
  "form.limit.whole": message(
    "Rows wanted (1 to 2,000); this operation returns everything in one call. Empty = all rows.",
  ),

  // The filter block of Insert as formula (builder/filter-block.ts)
  "block.title": message("MAD filters — {operation}", { operation: "text" }),

  // What the Excel host says when it cannot do something (host/)
  "host.reportsUnsupported": message(
    "Report templates need Excel's {set} {version} requirement set (new sheets, names, charts and spilled results), which this Excel does not have. Update Excel (Microsoft 365, Excel 2021 or later, or Excel on the web), or build the report's formulas one by one in the Build tab.",
    { set: "text", version: "text" },
  ),
  "host.couldNotSave": message("Could not save {what}: {reason}", { what: "text", reason: "text" }),
  "host.what.table": message("the table's query"),
  "host.what.report": message("the report's details"),
  "host.notAReport": message("The sheet {sheet} was not made from a template: it has no report charts.", {
    sheet: "text",
  }),
  "host.tableNames": message("The workbook already has tables {first} to {last}; rename or delete some.", {
    first: "text",
    last: "text",
  }),
  "host.cellsAndMore": message("{cells} and {more, number} more", { cells: "text", more: "number" }),
  "host.tableNeeds": message(
    "The table needs {area}, and {cells} there {count, plural, one {holds} other {hold}} something. Nothing was written.",
    { area: "text", cells: "text", count: "number" },
  ),
  "host.refreshNeeds": message(
    "Refreshing {table} needs {rows, number} more rows ({area}), and {cells} there {count, plural, one {holds} other {hold}} something. Nothing was written.",
    { table: "text", rows: "number", area: "text", cells: "text", count: "number" },
  ),
  "host.refreshNeedsTable": message(
    "Refreshing {table} needs rows that belong to the table {tables}, and a table can't overlap another table. Nothing was written.",
    { table: "text", tables: "text" },
  ),
  "host.snapshotNeeds": message(
    "The history needs {area} below its table {table}, and {cells} there {count, plural, one {holds} other {hold}} something. Nothing was written.",
    { area: "text", table: "text", cells: "text", count: "number" },
  ),
  "host.unknownError": message("unknown error"),

  // The report templates' words: ./templates.ts; the Alerts tab's: ./pane-alerts.ts; the pickers': ./pane-pickers.ts
  ...templates,
  ...paneAlerts,
  ...panePickers,
};
