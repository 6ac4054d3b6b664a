/**
 * The English of the function reference's messages that only the build reads (src/functions/codegen: the docs,
 * help pages and functions.json): what each parameter kind takes (`kind.<kind>.docs`, a positional argument's help
 * `kind.<kind>.help`) and what each display option of `filters` does (`display.<name>`). Kept apart from the cells'
 * catalog so the functions bundle does not carry them; kinds and options name these ids, so the compiler asks for each.
 */
import { booleanReferenceWords } from "./kinds/boolean";
import { datesReferenceWords } from "./kinds/dates";
import { integerListReferenceWords } from "./kinds/integer-list";
import { listsReferenceWords } from "./kinds/lists";
import { numberReferenceWords } from "./kinds/number";
import { orderReferenceWords } from "./kinds/order";
import { textReferenceWords } from "./kinds/text";
import { timestampReferenceWords } from "./kinds/timestamp";
import { message } from "../../message";

export const reference = {
  ...booleanReferenceWords,
  ...datesReferenceWords,
  ...integerListReferenceWords,
  ...listsReferenceWords,
  ...numberReferenceWords,
  ...orderReferenceWords,
  ...textReferenceWords,
  ...timestampReferenceWords,
  "display.headers": message(
    "TRUE (default: a header row of API column names, the names fields takes), FALSE (no header row), labels (plain-language headers such as Share of units, Badges: Best-seller badge) or names (the API column names, as TRUE).",
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
