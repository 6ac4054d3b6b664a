/**
 * The integer-list kind: whole numbers sent as a JSON array (review stars `[4, 5]`, trademark Nice classes `[5, 9]`).
 * Read as every list is (./list-items.ts; spaces separate numbers too): from cells, each cell of a range and the
 * numbers in a text; from the form, the picks of a multi-select or the numbers typed. `options`, `min`/`max` apply
 * per item and `maxItems` to the list.
 */
import * as z from "zod/mini";
import { t } from "../../i18n/cells";
import type { AnyParamSpec } from "../param-spec";
import { isMulti, optionValue } from "./form-types";
import { firstOption, show, TEXT_CAPS, type KindDefinition } from "./kind";
import { listItems } from "./list-items";
import { expectedNumber } from "./number";
import { optionList } from "./text-rules";

/** A list's numbers, each as given (a JSON number stays one), and the items of its texts. */
const numbersAndItems = (v: unknown): (number | string)[] =>
  Array.isArray(v) ? v.flatMap(numbersAndItems) : typeof v === "number" ? [v] : listItems(v, "separate");

/** Items of a list given as an array, a number or one separated text; digits become numbers, the rest stays text. */
const items = z.pipe(
  z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
  z.transform((v) =>
    numbersAndItems(v).map((item) => (typeof item === "string" && /^-?\d+$/.test(item) ? Number(item) : item)),
  ),
);

function itemSchema(spec: AnyParamSpec) {
  const { options, min, max } = spec;
  const notWhole = (iss: { input?: unknown }) => t("v.wholeNumber", { got: show(iss.input) });
  let whole = z
    .number({ error: notWhole })
    .check(z.refine((v: number) => Number.isInteger(v), { error: notWhole, params: { rule: "type" } }));
  if (min !== undefined || max !== undefined) {
    whole = whole.check(
      z.refine((v: number) => (min === undefined || v >= min) && (max === undefined || v <= max), {
        error: (iss) =>
          t("kind.pattern", { got: show(iss.input), pattern: expectedNumber(spec, t("kind.integer.expected")) }),
        params: { rule: "type" },
      }),
    );
  }
  if (!options) return whole;
  return whole.check(
    z.refine((v: number) => options.some((o) => o.value === v), {
      error: (iss) => t("kind.notOneOf", { got: show(iss.input), options: optionList(options) }),
      params: { rule: "enum" },
    }),
  );
}

export const INTEGER_LIST_KIND: KindDefinition<number[]> = {
  traits: { list: "array", zero: "blank", excelArgument: "unknown[][]" },
  caps: TEXT_CAPS,
  sample: (spec) => firstOption(spec) ?? spec.min ?? 1,
  schema: (spec) => {
    const list = z.array(z.union([z.number(), z.string()]));
    const counted = spec.maxItems === undefined ? list : list.check(z.maxLength(spec.maxItems));
    return z.pipe(z.pipe(items, counted), z.array(itemSchema(spec)));
  },
  // Whole numbers typed as text (`"9, 35"`) read as numbers; anything else stays text for the validator to name.
  fromCells: (cells) => listItems(cells, "separate").map((item) => (/^\d+$/.test(item) ? Number(item) : item)),
  control: (spec) =>
    spec.options
      ? { type: "multiEnum", options: spec.options, open: false, encoding: "list" }
      : { type: "lines", spaces: "separate", maxItems: spec.maxItems, encoding: "list" },
  fromForm: (value, control) => {
    const picked =
      control.type === "multiEnum" && isMulti(value)
        ? value.selected.map((item) => optionValue(control.options, item))
        : typeof value === "string"
          ? listItems(value, "separate")
          : [];
    return picked.length ? picked : undefined;
  },
  words: {
    expected: () => t("kind.integerList.expected"),
    docs: "kind.integerList.docs",
    argumentHelp: "kind.integerList.help",
  },
};
