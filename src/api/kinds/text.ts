/** Text kinds: a marketplace code, and plain text (a keyword, a brand, an ASIN, a node path, a Y/N code). */
import * as z from "zod/mini";
import { MARKETPLACE_ALIASES, MARKETPLACES, type AnyParamSpec, type EnumOption } from "../param-spec";
import { textValue } from "./cell-input";
import { optionValue, type FieldControl, type SetFormValue } from "./form-types";
import { sameHelp, show, type KindDefinition } from "./kind";
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
  schema: (spec: AnyParamSpec) =>
    z
      .pipe(
        z.string(),
        z.transform((v) => {
          const code = v.trim().toUpperCase();
          return MARKETPLACE_ALIASES[code] ?? code;
        }),
      )
      .check(
        z.refine((v) => MARKETPLACE_CODES.has(v), {
          error: (iss) =>
            `${spec.name}: ${show(iss.input)} is not a marketplace; use one of ${[...MARKETPLACE_CODES].join(", ")} (GB = UK)`,
          params: { rule: "enum" },
        }),
      ),
  fromCells: oneText,
  control: () => ({ type: "enum", options: MARKETPLACE_OPTIONS, open: false }),
  fromForm: textFromForm,
  words: { expected: "a marketplace code such as US", docs: "market code", argumentHelp: sameHelp },
};

export const STRING_KIND: KindDefinition = {
  traits: { list: "single", zero: "blank", excelArgument: "string" },
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
  words: { expected: "text", docs: "text", argumentHelp: sameHelp },
};
