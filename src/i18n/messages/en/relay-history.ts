/**
 * The English of history kept on the team relay (issue 44; src/taskpane/reports/relay-history*): Keep history on
 * the relay, Share as a feed… (the feed dialog), the days the relay took added to the workbook's history sheet, and
 * the history sheet's Changes table. Spread into ./pane.ts.
 */
import { message } from "../../message";

const DAYS = "{days, plural, one {# day} other {# days}}";

export const relayHistory = {
  // The history sheet's Changes table (text written into the workbook)
  "changes.column.comparedWith": message("Compared with"),
  "changes.column.query": message("Query"),
  "changes.column.key": message("Row"),
  "changes.column.change": message("Change"),
  "changes.column.field": message("Field"),
  "changes.column.before": message("Before"),
  "changes.column.after": message("After"),
  "changes.column.percent": message("Change %"),
  "changes.kind": message("{change, select, new {new} gone {gone} other {changed}}", { change: "text" }),
  /** A Source cell of a day the relay took (the word `relay` is what a filter of the column finds). */
  "relayHistory.source": message("{source} · relay", { source: "text" }),

  // Keep history on the relay, in the Reports tab
  "relayHistory.keep": message("Keep history on the relay"),
  "relayHistory.keepLabel": message("Keep history on the relay for {name}", { name: "text" }),
  "relayHistory.noHistory": message("This relay keeps no history: {reason}", { reason: "text" }),
  "relayHistory.keptNone": message("On the relay: nothing stored yet; the schedule's next run stores its first day."),
  "relayHistory.kept": message(
    `On the relay: ${DAYS}, {first} to {last} ({rows, plural, one {# row} other {# rows}}).`,
    { days: "number", first: "text", last: "text", rows: "number" },
  ),
  "relayHistory.keepOn": message(
    "The relay keeps each scheduled run of {name}, also while Excel is closed; the workbook's history sheet gets those days when it opens.",
    { name: "text" },
  ),
  "relayHistory.keepOff": message(
    "The relay no longer stores runs of {name}; the days it kept stay until the schedule is stopped.",
    { name: "text" },
  ),
  "relayHistory.busy.keep": message("Saving the schedule…"),

  // Removing a schedule that keeps history
  "relayHistory.removeAsk.label": message("Stop the schedule of {name}", { name: "text" }),
  "relayHistory.removeAsk.title": message("Stop the schedule and delete its history?"),
  "relayHistory.removeAsk.question": message(
    `Stopping the schedule deletes the ${DAYS} of history the relay kept for {name} ({first} to {last}), and its feeds stop working. The workbook's own history sheet stays.`,
    { days: "number", name: "text", first: "text", last: "text" },
  ),
  "relayHistory.removeAsk.remove": message("Stop and delete its history"),
  "relayHistory.removeAsk.keep": message("Keep the schedule"),

  // The days the relay took, added to the workbook's history sheet
  "backfill.busy": message("Adding the days the relay took to the history sheets…"),
  "backfill.done": message(`${DAYS} the relay took while the workbook was closed added to {sheet}, with no call.`, {
    days: "number",
    sheet: "text",
  }),
  "backfill.failed": message("Days from the relay not added to {source}: {reason}", {
    source: "text",
    reason: "text",
  }),
  "backfill.stopped": message("Days from the relay not added: {reason}", { reason: "text" }),
  "backfill.cellsInUse": message(
    "Days from the relay not added to {sheet}: the cells below its tables hold something. Choose Snapshot now to decide what to do with them.",
    { sheet: "text" },
  ),

  // Share as a feed…
  "feeds.share": message("Share as a feed…"),
  "feeds.shareLabel": message("Share {name} as a feed", { name: "text" }),
  "feeds.title": message("Share as a feed"),
  "feeds.intro": message(
    "A feed is a read-only address of {name}'s history on the relay, for tools that cannot sign in: Power Query, Power BI, Google Sheets and Excel's From Web. It reads this schedule's history and nothing else.",
    { name: "text" },
  ),
  "feeds.caution": message(
    "Anyone who has the address can read this history: its key travels with every workbook, sheet or file that holds it. Put it only where this data may go, and revoke it when it is no longer needed.",
  ),
  "feeds.create": message("Create a feed address"),
  "feeds.creating": message("Creating the feed…"),
  "feeds.created": message("Feed created. Copy its address now: the relay shows it only this once."),
  "feeds.url": message("Feed address (CSV)"),
  "feeds.copy": message("Copy"),
  "feeds.copyLabel": message("Copy: {what}", { what: "text" }),
  "feeds.copied": message("Copied: {what}.", { what: "text" }),
  "feeds.copyFailed": message("Could not copy: the text is selected, press Ctrl+C (⌘C on a Mac)."),
  "feeds.powerQuery": message("Power Query (Excel, Power BI)"),
  "feeds.powerQueryHint": message(
    "Excel: Data > Get Data > From Other Sources > Blank Query, then Advanced Editor. Power BI Desktop: Get data > Blank query > Advanced Editor. Replace the text with this and choose Done.",
  ),
  "feeds.sheets": message("Google Sheets formula"),
  "feeds.sheetsHint": message(
    "Type it into cell A1 of an empty sheet; Google Sheets reads the feed again every hour or so.",
  ),
  "feeds.fromWeb": message("Excel: Data > From Web"),
  "feeds.fromWeb.step1": message("On the Data tab, choose From Web (Excel for Mac: Get Data > From Web)."),
  "feeds.fromWeb.step2": message("Paste the feed address and choose OK."),
  "feeds.fromWeb.step3": message("If Excel asks how to connect, choose Anonymous, then Connect."),
  "feeds.fromWeb.step4": message("Choose Load, or Transform Data to pick columns first."),
  "feeds.fromWeb.step5": message(
    "Data > Refresh All reads the newest days; the query's properties can refresh it each time the file opens.",
  ),
  "feeds.list": message("Feeds of this schedule"),
  "feeds.loading": message("Reading the feeds…"),
  "feeds.none": message("No feeds yet."),
  "feeds.item": message("Created {created, date, ::d MMM}, {created, time, ::HH:mm}; last read {used, date, ::d MMM}", {
    created: "date",
    used: "date",
  }),
  "feeds.itemUnused": message("Created {created, date, ::d MMM}, {created, time, ::HH:mm}; never read", {
    created: "date",
  }),
  "feeds.revoke": message("Revoke…"),
  "feeds.revokeLabel": message("Revoke the feed created {created, date, ::d MMM}, {created, time, ::HH:mm}", {
    created: "date",
  }),
  "feeds.revokeAsk.title": message("Revoke this feed?"),
  "feeds.revokeAsk.question": message(
    "Whatever reads it (a Power Query, a Google sheet) gets no more data, at once. A new feed has a new address.",
  ),
  "feeds.revokeAsk.revoke": message("Revoke"),
  "feeds.revokeAsk.keep": message("Keep it"),
  "feeds.revoked": message("Feed revoked: its address reads nothing now."),
  "feeds.close": message("Close"),
};
