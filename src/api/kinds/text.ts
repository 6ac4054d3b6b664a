/** Text kinds: a marketplace code, and plain text (a keyword, a brand, an ASIN, a node path, a Y/N code). */
import { z } from "zod";
import { t } from "../../i18n/cells";
import { MARKETPLACE_ALIASES, MARKETPLACES, type EnumOption } from "../param-spec";
import { textValue } from "./cell-input";
import { optionValue, type FieldControl, type SetFormValue } from "./form-types";
import { show, type KindDefinition } from "./kind";
import { textChecks } from "./text-rules";

const MARKETPLACE_CODES: ReadonlySet<string> = new Set(MARKETPLACES.map((m) => m.code));
const MARKETPLACE_OPTIONS: readonly EnumOption[] = MARKETPLACES.map((m) => ({ value: m.code, label: m.label }));

/** A picked or typed text; an option keeps its own value. */
function textFromForm(value: SetFormValue, control: FieldControl): unknown {
  if (typeof value !== "string") return undefined;
  return control.type === "enum" ? optionValue(control.options, value.trim()) : value.trim();
}

const oneText = (cells: readonly unknown[]) => textValue(cells[0]);

export const MARKETPLACE_KIND: KindDefinition = {
  traits: { list: "single", zero: "blank", excelArgument: "string" },
  schema: () =>
    z
      .string()
      .transform((v) => v.trim().toUpperCase())
      .transform((v) => MARKETPLACE_ALIASES[v] ?? v)
      .refine((v) => MARKETPLACE_CODES.has(v), {
        error: (iss) => t("kind.notAMarketplace", { got: show(iss.input), codes: [...MARKETPLACE_CODES].join(", ") }),
        params: { rule: "enum" },
      }),
  fromCells: oneText,
  control: () => ({ type: "enum", options: MARKETPLACE_OPTIONS, open: false }),
  fromForm: textFromForm,
  words: {
    expected: () => t("kind.marketplace.expected"),
    docs: "kind.marketplace.docs",
    argumentHelp: null,
  },
};

export const STRING_KIND: KindDefinition = {
  traits: { list: "single", zero: "blank", excelArgument: "string" },
  // A number typed as a keyword (2024) is its digits.
  schema: (spec) =>
    textChecks(
      spec,
      z.union([z.string(), z.number()]).transform((v) => String(v)),
    ),
  fromCells: oneText,
  control: (spec) =>
    spec.options
      ? { type: "enum", options: spec.options, open: Boolean(spec.openOptions) }
      : { type: "text", pattern: spec.pattern },
  fromForm: textFromForm,
  words: { expected: () => t("kind.string.expected"), docs: "kind.string.docs", argumentHelp: null },
};
