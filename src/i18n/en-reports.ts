/**
 * The English catalog's messages of reports that remember (issue 24): MAD.ASOF's cell texts, last good answers,
 * refresh when opened, history and schedules. Kept beside en.ts, which spreads them in, so each file stays short.
 */
import { message } from "./message";

export const REPORT_MESSAGES = {
  // MAD.ASOF in cells
  "asof.needsReference": message(
    "MAD.ASOF takes a reference to a MAD formula's cell or results, such as D5 or D5#.",
  ),
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
  "history.metric.rows": message("Rows"),
  "history.metric.average": message("Average {column}", { column: "text" }),
  "history.chart.generic": message("{name} by snapshot", { name: "text" }),
};
