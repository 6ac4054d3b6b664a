/**
 * The English of the function reference's messages that only the build reads (src/functions/codegen: the docs,
 * help pages and functions.json): what each parameter kind takes (`kind.<kind>.docs`, a positional argument's help
 * `kind.<kind>.help`) and what each display option of `filters` does (`display.<name>`). Kept apart from the cells'
 * catalog so the functions bundle does not carry them; kinds and options name these ids, so the compiler asks for each.
 */
import { message } from "../../message";

export const reference = {
  "kind.marketplace.docs": message("market code"),
  "kind.string.docs": message("text"),
  "kind.integer.docs": message("whole number"),
  "kind.number.docs": message("number"),
  "kind.boolean.docs": message("TRUE/FALSE"),
  "kind.month.docs": message("yyyyMM"),
  "kind.month.help": message("{doc} (202508, text or a date).", { doc: "text" }),
  "kind.saturday.docs": message("yyyyMMdd (Saturday)"),
  "kind.weekOrMonth.docs": message("yyyyMMdd or yyyyMM"),
  "kind.stringList.docs": message("list"),
  "kind.stringList.help": message("{doc}. A range, or text separated by commas.", { doc: "text" }),
  "kind.csv.docs": message("list"),
  "kind.integerList.docs": message("list of whole numbers"),
  "kind.integerList.help": message("{doc}. A range, or numbers separated by commas.", { doc: "text" }),
  "kind.timestamp.docs": message("date"),
  "kind.timestamp.help": message("{doc} (a date, or yyyy-mm-dd text).", { doc: "text" }),
  "kind.order.docs": message("field asc/desc"),
  "display.headers": message(
    "TRUE (default: a header row of API column names, the names fields takes), FALSE (no header row) or labels (plain-language headers such as Share of units, Badges: Best-seller badge).",
  ),
  "display.layout": message(
    "vertical (default: field/value rows) or horizontal (one wide row); single-record results (MAD.CATEGORYSTATS).",
  ),
  "display.stats": message("TRUE: spill the word-part stats table instead of the keywords (MAD.TRAFFICKEYWORDS)."),
  "display.dates": message(
    "serial (default: Excel date numbers, months as their first day; format the column as a date) or text (yyyy-mm-dd; update times yyyy-mm-dd hh:mm, UTC).",
  ),

  // A min/max pair of the catalog (src/api/params.ts ranges): its doc line and its label, from the pair's words
};
