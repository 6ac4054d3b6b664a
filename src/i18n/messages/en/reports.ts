/**
 * The English of reports that remember (issue 24): history sheets, snapshots, refresh when opened, last good answers,
 * each report's status and schedules on a team relay; part of the task pane's catalog (./pane.ts). MAD.ASOF's cell
 * texts are the cells' (./cells.ts).
 */
import { message } from "../../message";
import { relayHistory } from "./relay-history";

export const reports = {
  // History sheets (text written into the workbook)
  "snapshot.reportName": message("{sheet} ({template})", { sheet: "text", template: "text" }),
  "snapshot.tableName": message("table {table}", { table: "text" }),
  "snapshot.title": message("History of {name}", { name: "text" }),
  "snapshot.note": message(
    "One summary row per snapshot (a second snapshot the same day replaces the first), and every row of every query to the right (of a price history or a sales trend, its newest row). Kept by the add-in: add your notes on another sheet.",
  ),
  "snapshot.sheetName": message("History {name}", { name: "text" }),
  "snapshot.sheetFallback": message("History"),
  "snapshot.column.taken": message("Taken"),
  "snapshot.column.asOf": message("Data as of"),
  "snapshot.column.source": message("Source"),
  "snapshot.source": message("{name} · {query}", { name: "text", query: "text" }),
  "snapshot.sourceWithInputs": message("{name} · {query} · {inputs}", { name: "text", query: "text", inputs: "text" }),
  "snapshot.metric.rows": message("Rows"),
  "snapshot.metric.average": message("Average {column}", { column: "text" }),
  "snapshot.chart.generic": message("{name} by snapshot", { name: "text" }),

  // Snapshots
  "snapshot.tooMany": message(
    `This snapshot needs {calls, plural, one {# call} other {# calls}} but only {left, plural, one {# is} other {# are}} left this month.`,
    { calls: "number", left: "number" },
  ),
  "snapshot.many": message("This snapshot will spend {calls, plural, one {# call} other {# calls}}.", {
    calls: "number",
  }),

  "snapshot.failed": message("No snapshot of {source}: {reason}", { source: "text", reason: "text" }),

  // Refresh when opened
  "onOpen.title": message("Refresh when opened"),
  "onOpen.counting": message("Refresh when opened: counting the calls…"),
  "onOpen.ask": message("{reason} {plan}.", { reason: "text", plan: "text" }),
  "onOpen.confirm": message("Refresh now"),
  "onOpen.running": message("Refreshing as the workbook opened: {plan}…", { plan: "text" }),
  "onOpen.done": message(
    "Refreshed as the workbook opened: {items, plural, one {# item} other {# items}} with {calls, plural, =0 {no call (every answer was current)} one {# call} other {# calls}}{snapshots, plural, =0 {} one {, # snapshot kept} other {, # snapshots kept}}.",
    { items: "number", calls: "number", snapshots: "number" },
  ),
  "onOpen.failed": message(
    "Refreshed as the workbook opened with {calls, plural, one {# call} other {# calls}}, but {failed, plural, one {# item} other {# items}} of {items, number} failed: see the Reports tab.",
    { failed: "number", items: "number", calls: "number" },
  ),
  "onOpen.declined": message(
    "Not refreshed as the workbook opened: nothing was spent ({calls, plural, one {# call} other {# calls}} were needed). Refresh from the Reports tab when you want.",
    { calls: "number" },
  ),
  "onOpen.nothing": message("Refresh when opened: this workbook has no MAD formulas or tables."),
  "onOpen.error": message("Refresh when opened stopped: {reason}", { reason: "text" }),

  // Last good answers and each report's status in the Reports tab
  "lastGood.status": message(
    "as of {at, date, ::d MMM}, {at, time, ::HH:mm}: {reason, select, unreachable {the service did not answer} serviceFault {the service failed} minuteLimit {the per-minute limit was reached} monthlyQuota {this month's calls are spent} other {the service failed}}",
    { at: "date", reason: "text" },
  ),
  "lastGood.title": message("Earlier answers shown"),
  "lastGood.bar": message(
    "{count, plural, one {# formula shows its earlier answer} other {# formulas show their earlier answers}}: {status}. {count, plural, one {It updates} other {They update}} when the service answers again; MAD.ASOF(cell) gives the time of a formula's data.",
    { count: "number", status: "text" },
  ),
  "status.never": message("Not refreshed yet"),
  "status.asOf": message("As of {at, date, ::d MMM}, {at, time, ::HH:mm}", { at: "date" }),
  "status.counting": message("counting the next refresh…"),
  "status.nextRefresh": message(
    "next refresh: {bound, select, atLeast {at least } upTo {up to } other {}}{calls, plural, =0 {no call} one {# call} other {# calls}}",
    { calls: "number", bound: "text" },
  ),
  "status.showsLastGood": message(
    "{count, plural, one {# formula shows its earlier answer} other {# formulas show earlier answers}}, {status}",
    { count: "number", status: "text" },
  ),
  "status.failed": message("{at} failed: {message}", { at: "text", message: "text" }),

  // Schedules on a team relay
  "schedule.unreachable": message("The team relay could not be reached: check the connection and its address."),
  "schedule.refused": message("The team relay refused: {message}", { message: "text" }),

  // History and schedule controls in the Reports tab
  "snapshot.keep": message("Keep history"),
  // A long list of ASINs where a report's inputs are named (the Reports tab, a snapshot's Source cells)
  "reports.asinsAndMore": message("{first} and {more, plural, one {# more} other {# more}}", {
    first: "text",
    more: "number",
  }),
  "snapshot.keepLabel": message("Keep history of {name}", { name: "text" }),
  "snapshot.take": message("Snapshot now"),
  "snapshot.takeLabel": message("Snapshot now of {name}", { name: "text" }),
  "snapshot.where": message("{snapshots, plural, one {# snapshot} other {# snapshots}} on {sheet}", {
    snapshots: "number",
    sheet: "text",
  }),
  "schedule.timeLabel": message("Time of the daily refresh of {name} by the team relay", { name: "text" }),
  "schedule.set": message("Refresh daily on the team relay"),
  "schedule.change": message("Change the time"),
  "schedule.remove": message("Stop"),
  "schedule.none": message("Not scheduled: the team relay can refresh it daily, so it opens current."),
  "schedule.state": message(
    "The team relay refreshes it daily at {at} ({zone}); next {next, date, ::d MMM}, {next, time, ::HH:mm}.",
    { at: "text", zone: "text", next: "date" },
  ),
  "schedule.lastRun": message(
    "Last run {at, date, ::d MMM}, {at, time, ::HH:mm}: {calls, plural, one {# call} other {# calls}}, {cacheHits, number} from the team's cache{failed, plural, =0 {} other {, # failed}}.",
    { at: "date", calls: "number", cacheHits: "number", failed: "number" },
  ),

  // The Reports tab's settings
  "settings.label": message("Report settings"),
  "settings.refreshOnOpen": message("Refresh when opened"),
  "settings.refreshOnOpen.hint": message(
    "This workbook refreshes its formulas and tables as it opens, fetching only what is past its data period; above 20 calls, or more than are left, it asks first. Kept with the workbook.",
  ),
  "settings.sharedWorkbook": message(
    "A workbook with a report, or with Refresh when opened on, asks Excel to start the add-in when it opens, from the next time it is opened after being saved. Colleagues who open it without the add-in see an ADD-IN ERROR notice they can close; its cells keep their last values. Once its last report is gone and Refresh when opened is off, it no longer asks.",
  ),
  "settings.lastGood": message("Show last good answers when the service fails"),
  "settings.lastGood.hint": message(
    "When the service cannot answer, a formula answered before keeps its earlier answer instead of #N/A, and says so here, above the tabs and in MAD.ASOF. Never for a refused secret. Kept on this computer.",
  ),

  // The Reports tab's actions of history, schedules and settings
  "reports.busy.snapshot": message("Taking a snapshot…"),
  "reports.busy.snapshotCount": message("Counting the calls this snapshot needs…"),
  "reports.busy.keep": message("Saving the history setting…"),
  "reports.busy.schedule": message("Asking the team relay…"),
  "reports.busy.settings": message("Saving the setting…"),
  "reports.snapshotAskTitle": message("Take a snapshot now?"),
  "reports.snapshotsKept": message("{snapshots, plural, one {# snapshot} other {# snapshots}} added to history.", {
    snapshots: "number",
  }),
  "reports.snapshotTaken": message(
    "Snapshot {replaced, select, yes {replaced today's} other {added}} on {sheet} ({snapshots, plural, one {# snapshot} other {# snapshots}}), with {calls, plural, =0 {no call: its data was current} one {# call} other {# calls}}.",
    { replaced: "text", sheet: "text", snapshots: "number", calls: "number" },
  ),
  "reports.snapshotKeptCells": message("No snapshot: the cells below the history were kept."),
  "reports.snapshotNoQuery": message("This table has no query the add-in can ask again: it cannot keep history."),
  "reports.keepOn": message("{name} keeps history: each refresh adds a snapshot.", { name: "text" }),
  "reports.keepOff": message("{name} no longer adds snapshots; its history sheet stays.", { name: "text" }),
  "reports.scheduled": message("The team relay refreshes {name} daily at {at} ({zone}).", {
    name: "text",
    at: "text",
    zone: "text",
  }),
  "reports.unscheduled": message("The team relay no longer refreshes {name}.", { name: "text" }),
  "reports.refreshOnOpenOn": message(
    "This workbook refreshes when opened (what is past its data period; it asks above 20 calls). Save the workbook to keep the setting.",
  ),
  "reports.refreshOnOpenOff": message("This workbook no longer refreshes when opened."),
  "reports.lastGoodOn": message("Formulas show their last good answers when the service fails."),
  "reports.lastGoodOff": message("Formulas show #N/A when the service fails, even with an earlier answer."),
  "snapshot.growth.title": message("Cells below the history on {sheet} are not empty.", { sheet: "text" }),
  "snapshot.growth.question": message(
    "The snapshot's new rows need cells that hold something ({cells}). Insert cells there, so that what is below that table moves down; write over it; or keep it and take no snapshot.",
    { cells: "text" },
  ),
  "snapshot.growth.insert": message("Insert cells"),

  // History kept on the team relay, its feeds, the days it took and the Changes table (issue 44): ./relay-history.ts
  ...relayHistory,

  // Refresh from the service (the Reports tab's fetch afresh, always asked: refresh-modes.ts)
  "reports.fromService": message("Refresh from the service…"),
  "reports.fromService.label": message(
    "Refresh from the service: fetch {selected, plural, =0 {every item} one {the selected item} other {the # selected items}} afresh, even data still current (asks first)",
    { selected: "number" },
  ),
  "reports.fromService.askTitle": message("Refresh from the service?"),
  "reports.fromService.ask": message(
    "Fetches every query afresh from the service, even what is still current in the cache: {plan}. {reason}",
    { reason: "text", plan: "text" },
  ),
  "reports.fromService.confirm": message(`Refresh from the service ({calls, plural, one {# call} other {# calls}})`, {
    calls: "number",
  }),
};
