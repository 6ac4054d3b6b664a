/**
 * The checks a text value meets, for text kinds and for each item of a list: trimmed, canonical spelling of an
 * option (`y` -> `Y`, the spec's `PLT` -> `AMZ`), length, pattern and closed options. Zod schemas, built per spec.
 */
import * as z from "zod/mini";
import { t } from "../../i18n/cells";
import type { AnyParamSpec, EnumOption, TextPattern } from "../param-spec";
import { show } from "./kind";

/**
 * Text patterns of the catalog: ASINs are 10 characters [A-Z0-9]; node paths are digits joined by ':'; trademark
 * offices are two-letter codes (WIPO ST.3: US, GB, EM for the EU office, WO for WIPO). `upper`: sent upper-case.
 */
export const TEXT_PATTERNS: Readonly<Record<TextPattern, { regex: RegExp; words: () => string; upper?: true }>> = {
  asin: { regex: /^[A-Z0-9]{10}$/, words: () => t("kind.pattern.asin"), upper: true },
  nodeIdPath: { regex: /^\d+(:\d+)*$/, words: () => t("kind.pattern.nodeIdPath") },
  nodeId: { regex: /^\d+$/, words: () => t("kind.pattern.nodeId") },
  office: { regex: /^[A-Z]{2}$/, words: () => t("kind.pattern.office"), upper: true },
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

/** A text's checks, after the input schema that makes it a text (the zod/mini API: checks are functions). */
export function textChecks<I>(spec: AnyParamSpec, text: z.ZodMiniType<string, I>): z.ZodMiniType<string, I> {
  const pattern = spec.pattern ? TEXT_PATTERNS[spec.pattern] : undefined;
  const options = closedOptions(spec);
  const { maxLength } = spec;
  let trimmed = z.pipe(
    text,
    z.transform((v: string) => v.trim()),
  );
  if (maxLength !== undefined) {
    trimmed = trimmed.check(
      z.refine((v) => v.length <= maxLength, {
        error: (iss) => t("kind.maxLength", { max: maxLength, count: String(iss.input).trim().length }),
        params: { rule: "maxLength" },
        abort: true,
      }),
    );
  }
  let schema: z.ZodMiniType<string, I> = z.pipe(
    trimmed,
    z.transform((v: string) => canonicalOption(spec.options, pattern?.upper ? v.toUpperCase() : v)),
  );
  // A main category's node id may be given as a node path (172282:281407, what the category lookup spills): its
  // first id is the main category.
  if (spec.pattern === "nodeId") {
    schema = z.pipe(
      schema,
      z.transform((v: string) => (/^\d+(:\d+)+$/.test(v) ? v.split(":")[0] : v)),
    );
  }
  if (pattern) {
    schema = schema.check(
      z.refine((v) => pattern.regex.test(v), {
        error: (iss) => t("kind.pattern", { got: show(iss.input), pattern: pattern.words() }),
        params: { rule: "pattern" },
      }),
    );
  }
  if (options) {
    schema = schema.check(
      z.refine((v) => options.some((o) => String(o.value) === v), {
        error: (iss) => t("kind.notOneOf", { got: show(iss.input), options: optionList(options) }),
        params: { rule: "enum" },
      }),
    );
  }
  return schema;
}
