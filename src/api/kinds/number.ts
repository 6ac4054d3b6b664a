/** Number kinds: whole numbers (counts, ranks, codes such as matchType 2) and numbers (prices, rates). */
import * as z from "zod/mini";
import { t } from "../../i18n/cells";
import type { AnyParamSpec } from "../param-spec";
import { numberValue } from "./cell-input";
import { numberOrText, optionValue } from "./form-types";
import { cellTypeError, firstOption, show, type KindDefinition, type KindWords } from "./kind";
import { closedOptions, optionList } from "./text-rules";

/** `a whole number from 1 to 2000`: the kind's words with the parameter's bounds. */
export function expectedNumber(spec: AnyParamSpec, words: string): string {
  const { min, max } = spec;
  const bounds = min !== undefined ? (max !== undefined ? "both" : "min") : max !== undefined ? "max" : "none";
  return t("kind.bounds", { words, bounds, min: String(min ?? ""), max: String(max ?? "") });
}

function numberKind(integer: boolean, expected: () => string, docs: KindWords["docs"]): KindDefinition<number> {
  return {
    // `unknown` (Excel's any): the reader takes the cell as it is (10, "10", " 7 ") and names what is wrong.
    traits: { list: "single", zero: "valueWhereValid", excelArgument: "unknown" },
    caps: {},
    sample: (spec) => spec.fixed ?? firstOption(spec) ?? spec.min ?? 1,
    schema: (spec) => {
      let schema = integer ? z.int() : z.number();
      if (spec.min !== undefined) schema = schema.check(z.minimum(spec.min));
      if (spec.max !== undefined) schema = schema.check(z.maximum(spec.max));
      const { fixed } = spec;
      const options = closedOptions(spec);
      if (fixed !== undefined) {
        schema = schema.check(
          z.refine((v) => v === fixed, {
            error: (iss) => t("kind.mustBe", { fixed: String(fixed), got: show(iss.input) }),
            params: { rule: "fixed" },
          }),
        );
      }
      if (options) {
        // Number enums take numbers only: a label such as "Fuzzy" is a type error, not a lookup.
        schema = schema.check(
          z.refine((v) => options.some((o) => o.value === v), {
            error: (iss) => t("kind.notOneOf", { got: show(iss.input), options: optionList(options) }),
            params: { rule: "enum" },
          }),
        );
      }
      return schema;
    },
    fromCells: ([cell], spec, context) => {
      const n = numberValue(cell);
      if (n === undefined) throw cellTypeError(spec, context, expectedNumber(spec, expected()), cell);
      return n;
    },
    control: (spec) =>
      spec.options
        ? { type: "enum", options: spec.options, open: Boolean(spec.openOptions) }
        : { type: "number", integer, min: spec.min, max: spec.max },
    fromForm: (value, control) => {
      if (typeof value !== "string") return undefined;
      if (control.type !== "enum") return numberOrText(value);
      // A hand-typed value of a numeric open enum is still a number.
      const picked = optionValue(control.options, value.trim());
      return typeof picked === "string" ? numberOrText(picked) : picked;
    },
    words: { expected, docs, argumentHelp: null },
  };
}

export const INTEGER_KIND = numberKind(true, () => t("kind.integer.expected"), "kind.integer.docs");
export const NUMBER_KIND = numberKind(false, () => t("kind.number.expected"), "kind.number.docs");
