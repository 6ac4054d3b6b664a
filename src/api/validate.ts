/**
 * Checks and normalizes request parameters from the catalog rows, before any request is sent.
 *
 * Each parameter is checked against its kind's zod schema (kinds/: types, whole numbers, bounds, list lengths,
 * enum and pattern refinements, the strict `order` object, trimming and upper-casing as transforms), built once per
 * spec. The rules that depend on "now" (months, Saturdays, months back) or on several parameters (range pairs,
 * weekOrMonth's switch, order vs. filters, unknown names with a did-you-mean) are plain functions here: zod would
 * add nothing there.
 */
import type * as core from "zod/v4/core";
import { operation, isOperationCode, type OperationCode } from "./catalog";
import type { ParamSpec } from "./catalog-types";
import { checkMonth, checkSaturday, type DateIssue } from "./dates";
import { didYouMean } from "../lib/did-you-mean";
import { ValidationError } from "./errors";
import { PARAM_KINDS, schemaOf, traitsOf } from "./kinds";
import { show } from "./kinds/kind";
import { TEXT_PATTERNS } from "./kinds/text-rules";
import { t } from "../i18n/cells";
import type { ParamsOf } from "./request-types";

export interface ValidateOptions {
  /** The clock for date rules (not in the future, months back). */
  now?: Date;
}

type Normalized = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------------
// Empty values: the service wants unused parameters omitted, so empty input means "not given".

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isEmpty);
  // Only plain objects (an order) can be "empty"; a Date or other object goes on to the type check.
  const proto: unknown = typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) return Object.values(value as object).every(isEmpty);
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Each parameter against its kind's schema (kinds/), with plain-words messages

/** Plain-words problems for zod's own checks (refinements carry their own); the name is added by the error. */
function problemOf(spec: ParamSpec, iss: core.$ZodRawIssue): string {
  const expected = PARAM_KINDS[spec.kind].words.expected;
  switch (iss.code) {
    case "invalid_type":
      if (iss.expected === "int") return t("v.wholeNumber", { got: show(iss.input) });
      return iss.path?.length
        ? t("v.expectedPart", { part: String(iss.path[0]), type: iss.expected, got: show(iss.input) })
        : t("v.expected", { expected: expected(), got: show(iss.input) });
    case "too_big":
      return iss.origin === "array"
        ? t("v.tooManyItems", {
            max: Number(iss.maximum),
            asins: spec.pattern === "asin" ? "yes" : "no",
            count: (iss.input as unknown[]).length,
          })
        : t("v.tooBig", { max: Number(iss.maximum), got: show(iss.input) });
    case "too_small":
      return t("v.tooSmall", { min: Number(iss.minimum), got: show(iss.input) });
    case "unrecognized_keys":
      return t("v.unknownKey", { keys: iss.keys.join(", ") });
    case "invalid_union":
      return t("v.expected", { expected: expected(), got: show(iss.input) });
    default:
      return t("v.invalid", { got: show(iss.input) });
  }
}

function ruleOf(issue: core.$ZodIssue): string {
  switch (issue.code) {
    case "custom":
      return String(issue.params?.rule ?? "type");
    case "too_big":
      return issue.origin === "array" ? "maxItems" : "max";
    case "too_small":
      return "min";
    default:
      return "type";
  }
}

/**
 * What a required parameter takes, for its message: its pattern's words (an ASIN of 10 letters and digits...) or
 * its kind's. Not the catalog's doc: the functions bundle is built without the catalog's words (src/api/words/texts.ts).
 */
function requiredWords(spec: ParamSpec): string {
  return spec.pattern ? TEXT_PATTERNS[spec.pattern].words() : PARAM_KINDS[spec.kind].words.expected();
}

// ---------------------------------------------------------------------------------------------------------------
// Rules across parameters

/** The format a date parameter takes in this request: its kind's, or the one its switch parameter picks. */
function dateFormat(spec: ParamSpec, text: string, values: Normalized): "month" | "saturday" {
  if (spec.kind === "month" || spec.kind === "saturday") return spec.kind;
  const switchValue = spec.switchParam ? values[spec.switchParam] : undefined;
  const format = spec.formats && typeof switchValue === "string" ? spec.formats[switchValue] : undefined;
  return format ?? (text.length === 8 ? "saturday" : "month");
}

/**
 * A day where a month is expected reads as its month (`20260425` -> `202604`): the official examples send days
 * there, and a date typed into a cell is a day. Only a real calendar day is read so; anything else stays as typed.
 */
function monthOfDay(text: string): string {
  const day = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!day) return text;
  const [year, month, date] = day.slice(1).map(Number);
  const real = new Date(Date.UTC(year, month - 1, date));
  return real.getUTCMonth() === month - 1 && real.getUTCDate() === date ? text.slice(0, 6) : text;
}

function dateIssue(spec: ParamSpec, text: string, format: "month" | "saturday", now: Date): DateIssue | undefined {
  const check = format === "saturday" ? checkSaturday : checkMonth;
  return check(text, now, spec.maxMonthsBack);
}

function rangeIssues(specs: readonly ParamSpec[], values: Normalized): ValidationError[] {
  const issues: ValidationError[] = [];
  for (const low of specs) {
    if (low.role !== "rangeMin" || !low.range) continue;
    const high = specs.find((p) => p.role === "rangeMax" && p.range === low.range);
    const a = values[low.name];
    const b = high ? values[high.name] : undefined;
    if (high && typeof a === "number" && typeof b === "number" && a > b) {
      issues.push(
        new ValidationError(low.range, "range", t("v.range", { low: low.name, a, high: high.name, b }), [
          low.name,
          high.name,
        ]),
      );
    }
  }
  return issues;
}

/**
 * The parameters under their wire names: a name the spec uses instead (`minPlatformUnit` for `minAmzUnit`) is
 * moved to the wire name, so both spellings make one request (and one cache key). Both given is an error.
 */
function officialNames(
  specs: readonly ParamSpec[],
  given: Readonly<Record<string, unknown>>,
  errors: ValidationError[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...given };
  for (const spec of specs) {
    for (const alias of spec.aliases ?? []) {
      if (!(alias in out)) continue;
      const value = out[alias];
      delete out[alias];
      if (isEmpty(value)) continue;
      if (!isEmpty(out[spec.name])) {
        errors.push(new ValidationError(spec.name, "duplicate", t("v.givenTwice", { alias })));
        continue;
      }
      out[spec.name] = value;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Entry points

export interface ValidationOutcome<C extends OperationCode> {
  /** Normalized parameters, ready to send; present only when there are no errors. */
  readonly params?: ParamsOf<C>;
  readonly errors: ValidationError[];
}

/** Every problem of a parameter set at once (the task pane shows them inline per field). */
export function checkParams<C extends OperationCode>(
  code: C,
  params: unknown,
  options: ValidateOptions = {},
): ValidationOutcome<C> {
  if (!isOperationCode(code)) {
    return {
      errors: [new ValidationError("operation", "unknownOperation", t("v.unknownOperation", { got: show(code) }))],
    };
  }
  if (params !== undefined && (typeof params !== "object" || params === null || Array.isArray(params))) {
    return { errors: [new ValidationError("params", "type", t("v.paramsObject"))] };
  }
  const now = options.now ?? new Date();
  const op = operation(code);
  const specs = op.params as readonly ParamSpec[];
  const given = (params ?? {}) as Record<string, unknown>;
  const errors: ValidationError[] = [];
  const values: Normalized = {};

  const known = specs.map((p) => p.name);
  const input = officialNames(specs, given, errors);
  for (const name of Object.keys(input)) {
    if (known.includes(name) || isEmpty(input[name])) continue;
    const hint = didYouMean(name, known);
    errors.push(
      new ValidationError(name, "unknownParam", t("v.notAParameter", { operation: op.code, hint: hint ?? "none" })),
    );
  }

  for (const spec of specs) {
    const raw = input[spec.name];
    if (isEmpty(raw)) {
      if (spec.required)
        errors.push(new ValidationError(spec.name, "required", t("v.required", { doc: requiredWords(spec) })));
      continue;
    }
    const result = schemaOf(spec).safeParse(raw, { error: (iss) => problemOf(spec, iss) });
    if (!result.success) {
      const issue = result.error.issues[0];
      errors.push(new ValidationError(spec.name, ruleOf(issue), issue.message));
      continue;
    }
    if (!isEmpty(result.data)) values[spec.name] = result.data;
  }

  for (const spec of specs) {
    const typed = values[spec.name];
    if (typeof typed !== "string" || !traitsOf(spec.kind).dateFormat) continue;
    if (spec.words?.some((w) => w.value === typed)) continue;
    const format = dateFormat(spec, typed, values);
    const text = format === "month" ? monthOfDay(typed) : typed;
    values[spec.name] = text;
    const issue = dateIssue(spec, text, format, now);
    if (issue) errors.push(new ValidationError(spec.name, issue.rule, issue.problem));
  }

  errors.push(...rangeIssues(specs, values));

  for (const rule of op.rules ?? []) {
    const order = values.order as { field?: string } | undefined;
    const filters = rule.filterParams.filter((name) => name in values);
    if (rule.kind === "noOrderWithFilters" && order?.field === rule.field && filters.length > 0) {
      errors.push(
        new ValidationError(
          "order",
          "orderWithFilters",
          t("v.orderWithFilters", { field: rule.field, filters: filters.join(", ") }),
          ["order", ...filters],
        ),
      );
    }
  }

  return errors.length ? { errors } : { params: values as ParamsOf<C>, errors };
}

/** Checks and normalizes the parameters of one call; throws the first ValidationError. */
export function validateParams<C extends OperationCode>(
  code: C,
  params: unknown,
  options: ValidateOptions = {},
): ParamsOf<C> {
  const outcome = checkParams(code, params, options);
  if (outcome.errors.length || !outcome.params) throw outcome.errors[0];
  return outcome.params;
}
