/**
 * The checks a text value meets, for text kinds and for each item of a list: trimmed, canonical spelling of an
 * option (`y` -> `Y`, the spec's `PLT` -> `AMZ`), length, pattern and closed options. Zod schemas, built per spec.
 */
import { z } from "zod";
import { t } from "../../i18n/cells";
import type { AnyParamSpec, EnumOption, TextPattern } from "../param-spec";
import { show } from "./kind";

/** Text patterns of the catalog: ASINs are 10 characters [A-Z0-9]; node paths are digits joined by ':'. */
export const TEXT_PATTERNS: Readonly<Record<TextPattern, { regex: RegExp; words: () => string }>> = {
  asin: { regex: /^[A-Z0-9]{10}$/, words: () => t("kind.pattern.asin") },
  nodeIdPath: { regex: /^\d+(:\d+)*$/, words: () => t("kind.pattern.nodeIdPath") },
};

export const optionList = (options: readonly EnumOption[]) => options.map((o) => String(o.value)).join(", ");

/** Whether a typed value names an option: its value or one of its aliases, in any case. */
const namesOption = (o: EnumOption, value: string) =>
  [String(o.value), ...(o.aliases ?? [])].some((name) => name.toLowerCase() === value.toLowerCase());

/** The option's wire value for a typed one, so `y` becomes `Y`, `fbA` becomes `FBA` and the spec's `PLT` `AMZ`. */
export function canonicalOption(options: readonly EnumOption[] | undefined, value: string): string {
  const hit = options?.find((o) => namesOption(o, value));
  return hit ? String(hit.value) : value;
}

/** The options a value must be one of; none when they are suggestions only (`openOptions`). */
export const closedOptions = (spec: AnyParamSpec) => (spec.options && !spec.openOptions ? spec.options : undefined);

export function textChecks<I>(spec: AnyParamSpec, text: z.ZodType<string, I>) {
  const pattern = spec.pattern ? TEXT_PATTERNS[spec.pattern] : undefined;
  const options = closedOptions(spec);
  const { maxLength } = spec;
  let schema = text.transform((v) => v.trim());
  if (maxLength !== undefined) {
    schema = schema.refine((v) => v.length <= maxLength, {
      error: (iss) => t("kind.maxLength", { max: maxLength, count: String(iss.input).trim().length }),
      params: { rule: "maxLength" },
      abort: true,
    });
  }
  schema = schema.transform((v) => (spec.pattern === "asin" ? v.toUpperCase() : canonicalOption(spec.options, v)));
  if (pattern) {
    schema = schema.refine((v) => pattern.regex.test(v), {
      error: (iss) => t("kind.pattern", { got: show(iss.input), pattern: pattern.words() }),
      params: { rule: "pattern" },
    });
  }
  if (options) {
    schema = schema.refine((v) => options.some((o) => String(o.value) === v), {
      error: (iss) => t("kind.notOneOf", { got: show(iss.input), options: optionList(options) }),
      params: { rule: "enum" },
    });
  }
  return schema;
}
