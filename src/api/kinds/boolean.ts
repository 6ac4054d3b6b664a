/**
 * The boolean kind: TRUE/FALSE cells, 1, the text 0, or the words true/false, yes/no, y/n. A number 0 is a blank
 * cell here (see kinds/read.ts).
 */
import * as z from "zod/mini";
import { t } from "../../i18n/cells";
import { booleanValue } from "./cell-input";
import { cellTypeError, type KindDefinition } from "./kind";

export const BOOLEAN_KIND: KindDefinition<boolean> = {
  // A 0 is a blank here: a person types FALSE (or "no", or the text 0); a blank cell may arrive as the number 0.
  // `unknown` (Excel's any): TRUE arrives as a boolean, "yes" as text, and the reader takes either.
  traits: { list: "single", zero: "blank", excelArgument: "unknown" },
  schema: () => z.boolean(),
  caps: {},
  sample: () => true,
  fromCells: ([cell], spec, context) => {
    const b = booleanValue(cell);
    if (b === undefined) throw cellTypeError(spec, context, t("kind.boolean.expected"), cell);
    return b;
  },
  control: () => ({ type: "boolean" }),
  fromForm: (value) => (typeof value === "boolean" ? value : undefined),
  words: { expected: () => t("kind.boolean.expected"), docs: "kind.boolean.docs", argumentHelp: null },
};
