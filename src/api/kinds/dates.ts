/**
 * Date kinds: a month (yyyyMM), a week's Saturday (yyyyMMdd), or either, chosen by a switch parameter (the order
 * words' reverseType W or M). Cells may hold 202508, `2025-08`, `2025-08-02` or a real Excel date; the date rules
 * (not in the future, months back, a Saturday) run in the validator with its clock.
 */
import * as z from "zod/mini";
import { t } from "../../i18n/cells";
import type { AnyParamSpec } from "../param-spec";
import { dateText } from "./cell-input";
import { latestSaturday, monthBefore } from "../dates";
import type { KindDefinition, KindTraits, KindWords } from "./kind";
import { canonicalOption } from "./text-rules";

/** The format a date parameter takes: fixed by its kind, or chosen by its switch parameter (reverseType W/M). */
function formatOf(
  fixed: KindTraits["dateFormat"],
  spec: AnyParamSpec,
  params: Readonly<Record<string, unknown>>,
): "month" | "saturday" {
  if (fixed === "month" || fixed === "saturday") return fixed;
  const switchValue = spec.switchParam
    ? String(params[spec.switchParam] ?? "")
        .trim()
        .toUpperCase()
    : "";
  return spec.formats?.[switchValue] ?? "saturday";
}

function dateKind(
  dateFormat: NonNullable<KindTraits["dateFormat"]>,
  control: KindDefinition["control"],
  words: KindWords,
): KindDefinition<string> {
  return {
    traits: { list: "single", dateFormat, zero: "blank", excelArgument: "unknown" },
    caps: {},
    // The month before this one; the latest Saturday (a week or a month chosen by its switch: a week by default).
    sample: (_, now) => (dateFormat === "month" ? monthBefore(now, 1) : latestSaturday(now)),
    // A date typed into a cell arrives as a number (202508); a word (`nearly`) takes its canonical spelling.
    schema: (spec) =>
      z.pipe(
        z.union([z.string(), z.int()]),
        z.transform((v) => canonicalOption(spec.words, String(v).trim())),
      ),
    fromCells: ([cell], spec, context) => dateText(cell, formatOf(dateFormat, spec, context.params)),
    control,
    fromForm: (value) => (typeof value === "string" ? value.trim() : undefined),
    words,
  };
}

export const MONTH_KIND = dateKind(
  "month",
  (spec) => ({ type: "month", maxMonthsBack: spec.maxMonthsBack, ...(spec.words ? { words: spec.words } : {}) }),
  {
    expected: () => t("kind.month.expected"),
    docs: "kind.month.docs",
    argumentHelp: "kind.month.help",
  },
);

export const SATURDAY_KIND = dateKind("saturday", (spec) => ({ type: "saturday", maxMonthsBack: spec.maxMonthsBack }), {
  expected: () => t("kind.saturday.expected"),
  docs: "kind.saturday.docs",
  argumentHelp: null,
});

export const WEEK_OR_MONTH_KIND = dateKind(
  "bySwitch",
  (spec) => ({
    type: "weekOrMonth",
    switchParam: spec.switchParam ?? "",
    formats: spec.formats ?? {},
    maxMonthsBack: spec.maxMonthsBack,
  }),
  { expected: () => t("kind.weekOrMonth.expected"), docs: "kind.weekOrMonth.docs", argumentHelp: null },
);
