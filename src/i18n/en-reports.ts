/**
 * The English catalog's messages of reports that remember (issue 24): MAD.ASOF's cell texts, last good answers,
 * refresh when opened, history and schedules. Kept beside en.ts, which spreads them in, so each file stays short.
 */
import { message } from "./message";

export const REPORT_MESSAGES = {
  // MAD.ASOF in cells
  "asof.needsReference": message("MAD.ASOF takes a reference to a MAD formula's cell or results, such as D5 or D5#."),
  "asof.noResult": message(
    "{cell} shows no MAD results in this session yet. Refresh it in the task pane's Reports tab, or enter its formula again.",
    { cell: "text" },
  ),
  "asof.failed": message("{cell} shows an error: {message}", { cell: "text", message: "text" }),

  // History sheets (text written into the workbook)
  "history.reportName": message("{sheet} ({template})", { sheet: "text", template: "text" }),
  "history.tableName": message("table {table}", { table: "text" }),
  "history.title": message("History of {name}", { name: "text" }),
  "history.note": message(
    "One summary row per snapshot (a second snapshot the same day replaces the first), and every row of every query to the right. Kept by the add-in: add your notes on another sheet.",
  ),
  "history.sheetName": message("History {name}", { name: "text" }),
  "history.sheetFallback": message("History"),
  "history.column.taken": message("Taken"),
  "history.column.asOf": message("Data as of"),
  "history.column.source": message("Source"),
  "history.source": message("{name} · {query}", { name: "text", query: "text" }),
  "history.sourceWithInputs": message("{name} · {query} · {inputs}", { name: "text", query: "text", inputs: "text" }),
  "history.metric.rows": message("Rows"),
  "history.metric.average": message("Average {column}", { column: "text" }),
  "history.chart.generic": message("{name} by snapshot", { name: "text" }),

  // Snapshots
  "snapshot.tooMany": message(
    `This snapshot needs {calls, plural, one {# call} other {# calls}} but only {left, plural, one {# is} other {# are}} left this month.`,
    { calls: "number", left: "number" },
  ),
  "snapshot.many": message("This snapshot will spend {calls, plural, one {# call} other {# calls}}.", {
    calls: "number",
  }),
  "snapshot.unsupported": message("This host cannot keep history sheets."),

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
};
