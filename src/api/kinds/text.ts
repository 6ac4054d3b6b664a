/** Text kinds: a marketplace code, and plain text (a keyword, a brand, an ASIN, a node path, a Y/N code). */
import * as z from "zod/mini";
import { t } from "../../i18n/cells";
import { MARKETPLACE_ALIASES, MARKETPLACES, marketplacesOf, type AnyParamSpec, type EnumOption } from "../param-spec";
import { textValue } from "./cell-input";
import { optionValue, type FieldControl, type SetFormValue } from "./form-types";
import { firstOption, sampleText, show, TEXT_CAPS, type KindDefinition } from "./kind";
import { textChecks } from "./text-rules";

const MARKETPLACE_OPTIONS: readonly EnumOption[] = MARKETPLACES.map((m) => ({ value: m.code, label: m.label }));

/** A picked or typed text; an option keeps its own value. */
function textFromForm(value: SetFormValue, control: FieldControl): unknown {
  if (typeof value !== "string") return undefined;
  return control.type === "enum" ? optionValue(control.options, value.trim()) : value.trim();
}

const oneText = (cells: readonly unknown[]) => textValue(cells[0]);

export const MARKETPLACE_KIND: KindDefinition<string> = {
  traits: { list: "single", zero: "blank", excelArgument: "unknown" },
  caps: {},
  sample: () => "US",
  // Case-insensitive, sent upper-case (the service's codes are case-sensitive); GB reads as UK where UK is taken.
  schema: (spec: AnyParamSpec) => {
    const codes = new Set(marketplacesOf(spec));
    const alias = Object.entries(MARKETPLACE_ALIASES).filter(([, code]) => codes.has(code));
    const aliasWords = alias.map(([typed, code]) => `${typed} = ${code}`).join(", ");
    return z
      .pipe(
        z.string(),
        z.transform((v) => {
          const code = v.trim().toUpperCase();
          return alias.find(([typed]) => typed === code)?.[1] ?? code;
        }),
      )
      .check(
        z.refine((v) => codes.has(v), {
          error: (iss) =>
            t("kind.notAMarketplace", {
              got: show(iss.input),
              scope: spec.options ? "operation" : "service",
              codes: [...codes].join(", "),
              aliases: aliasWords || "none",
            }),
          params: { rule: "enum" },
        }),
      );
  },
  fromCells: oneText,
  control: (spec) => ({ type: "enum", options: spec.options ?? MARKETPLACE_OPTIONS, open: false }),
  fromForm: textFromForm,
  words: {
    expected: () => t("kind.marketplace.expected"),
    docs: "kind.marketplace.docs",
    argumentHelp: null,
  },
};

export const STRING_KIND: KindDefinition<string> = {
  traits: { list: "single", zero: "blank", excelArgument: "unknown" },
  caps: { maxLength: TEXT_CAPS.maxLength },
  sample: (spec) => firstOption(spec) ?? sampleText(spec),
  // A number typed as a keyword (2024) is its digits.
  schema: (spec) =>
    textChecks(
      spec,
      z.pipe(
        z.union([z.string(), z.number()]),
        z.transform((v) => String(v)),
      ),
    ),
  fromCells: oneText,
  control: (spec) =>
    spec.options
      ? { type: "enum", options: spec.options, open: Boolean(spec.openOptions) }
      : { type: "text", pattern: spec.pattern },
  fromForm: textFromForm,
  words: { expected: () => t("kind.string.expected"), docs: "kind.string.docs", argumentHelp: null },
};
