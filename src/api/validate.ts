/**
 * Checks and normalizes request parameters from the catalog rows, before any request is sent.
 *
 * Why zod here: each ParamSpec becomes one zod schema (types, whole numbers, bounds, list lengths, enum and
 * pattern refinements, the strict `order` object, trimming and upper-casing as transforms), built once per spec
 * and cached. That is the part a schema library does well and keeps short. The rules that depend on "now"
 * (months, Saturdays, months back) or on several parameters (range pairs, weekOrMonth's switch, order vs.
 * filters, unknown names with a did-you-mean) are plain functions: zod would add nothing there.
 */
import { z } from "zod";
import { operation, isOperationCode, type OperationCode } from "./catalog";
import { MARKETPLACE_ALIASES, MARKETPLACES, type EnumOption, type ParamSpec, type TextPattern } from "./catalog-types";
import { checkMonth, checkSaturday, type DateIssue } from "./dates";
import { ValidationError } from "./errors";
import type { ParamsOf } from "./request-types";
import { PARAM_KINDS, traitsOf } from "./param-kinds";

export interface ValidateOptions {
  /** The clock for date rules (not in the future, months back). */
  now?: Date;
}

/** Text patterns of the catalog: ASINs are 10 characters [A-Z0-9]; node paths are digits joined by ':'. */
export const TEXT_PATTERNS: Readonly<Record<TextPattern, { regex: RegExp; words: string }>> = {
  asin: { regex: /^[A-Z0-9]{10}$/, words: "an ASIN of 10 letters and digits, e.g. B0DGVP84B5" },
  nodeIdPath: { regex: /^\d+(:\d+)*$/, words: "category node ids joined by ':', e.g. 172282:281407" },
};

const MARKETPLACE_CODES: ReadonlySet<string> = new Set(MARKETPLACES.map((m) => m.code));

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
// One zod schema per ParamSpec

const show = (value: unknown) =>
  typeof value === "string" ? `"${value}"` : Array.isArray(value) ? "a list" : String(value);
const optionList = (options: readonly EnumOption[]) => options.map((o) => String(o.value)).join(", ");

/** Whether a typed value names an option: its value or one of its aliases, in any case. */
const namesOption = (o: EnumOption, value: string) =>
  [String(o.value), ...(o.aliases ?? [])].some((name) => name.toLowerCase() === value.toLowerCase());

/** The option's wire value for a typed one, so `y` becomes `Y`, `fbA` becomes `FBA` and the spec's `PLT` `AMZ`. */
function canonicalOption(options: readonly EnumOption[] | undefined, value: string): string {
  const hit = options?.find((o) => namesOption(o, value));
  return hit ? String(hit.value) : value;
}

const closedOptions = (spec: ParamSpec) => (spec.options && !spec.openOptions ? spec.options : undefined);

/** A text value (a string, or each list item): trimmed, canonical case, pattern and options checked. */
function textSchema(spec: ParamSpec) {
  return textChecks(
    spec,
    z.union([z.string(), z.number()]).transform((v) => String(v)),
  );
}

function textChecks<I>(spec: ParamSpec, text: z.ZodType<string, I>) {
  const pattern = spec.pattern ? TEXT_PATTERNS[spec.pattern] : undefined;
  const options = closedOptions(spec);
  const { maxLength } = spec;
  let schema = text.transform((v) => v.trim());
  if (maxLength !== undefined) {
    schema = schema.refine((v) => v.length <= maxLength, {
      error: (iss) => `${spec.name}: at most ${maxLength} characters (got ${String(iss.input).trim().length})`,
      params: { rule: "maxLength" },
      abort: true,
    });
  }
  schema = schema.transform((v) => (spec.pattern === "asin" ? v.toUpperCase() : canonicalOption(spec.options, v)));
  if (pattern) {
    schema = schema.refine((v) => pattern.regex.test(v), {
      error: (iss) => `${spec.name}: ${show(iss.input)} is not ${pattern.words}`,
      params: { rule: "pattern" },
    });
  }
  if (options) {
    schema = schema.refine((v) => options.some((o) => String(o.value) === v), {
      error: (iss) => `${spec.name}: ${show(iss.input)} is not one of ${optionList(options)}`,
      params: { rule: "enum" },
    });
  }
  return schema;
}

function numberSchema(spec: ParamSpec) {
  let schema = spec.kind === "integer" ? z.number().int() : z.number();
  if (spec.min !== undefined) schema = schema.min(spec.min);
  if (spec.max !== undefined) schema = schema.max(spec.max);
  const { fixed } = spec;
  const options = closedOptions(spec);
  if (fixed !== undefined) {
    schema = schema.refine((v) => v === fixed, {
      error: (iss) => `${spec.name}: must be ${fixed} (got ${show(iss.input)})`,
      params: { rule: "fixed" },
    });
  }
  if (options) {
    // Number enums take numbers only: a label such as "Fuzzy" is a type error, not a lookup.
    schema = schema.refine((v) => options.some((o) => o.value === v), {
      error: (iss) => `${spec.name}: ${show(iss.input)} is not one of ${optionList(options)}`,
      params: { rule: "enum" },
    });
  }
  return schema;
}

/** Items of a list given as an array or as one comma-separated text (a cell). */
const listInput = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) =>
    (typeof v === "string" ? v.split(/[,\n]/) : v.map(String)).map((item) => item.trim()).filter((item) => item !== ""),
  );

/** The item count is checked before the items, so an oversized list is refused without reading each item. */
function listLength(spec: ParamSpec) {
  const items = z.array(z.string());
  return spec.maxItems === undefined ? items : items.max(spec.maxItems);
}

function orderSchema(spec: ParamSpec) {
  const closedFields = spec.sortFields && !spec.openOptions ? spec.sortFields : undefined;
  return z
    .object({ field: z.string().nullish(), desc: z.boolean().nullish() })
    .strict()
    .transform((o) => {
      const out: { field?: string; desc?: boolean } = {};
      const field = o.field?.trim();
      if (field) out.field = field;
      if (typeof o.desc === "boolean") out.desc = o.desc;
      return out;
    })
    .refine((o) => !closedFields || o.field === undefined || closedFields.includes(o.field), {
      error: (iss) =>
        `${spec.name}: cannot sort by ${show((iss.input as { field?: string }).field)}; sort fields are ${closedFields?.join(", ")}`,
      params: { rule: "sortField" },
    });
}

function schemaFor(spec: ParamSpec): z.ZodType<unknown> {
  switch (spec.kind) {
    case "marketplace":
      return z
        .string()
        .transform((v) => v.trim().toUpperCase())
        .transform((v) => MARKETPLACE_ALIASES[v] ?? v)
        .refine((v) => MARKETPLACE_CODES.has(v), {
          error: (iss) =>
            `${spec.name}: ${show(iss.input)} is not a marketplace; use one of ${[...MARKETPLACE_CODES].join(", ")} (GB = UK)`,
          params: { rule: "enum" },
        });
    case "string":
      return textSchema(spec);
    case "integer":
    case "number":
      return numberSchema(spec);
    case "boolean":
      return z.boolean();
    case "month":
    case "saturday":
    case "weekOrMonth":
      // A date typed into a cell arrives as a number (202508); the date rules themselves run afterwards.
      return z.union([z.string(), z.number().int()]).transform((v) => canonicalOption(spec.words, String(v).trim()));
    case "stringList":
      return listInput.pipe(listLength(spec)).pipe(z.array(textChecks(spec, z.string())));
    case "csv":
      return listInput
        .pipe(listLength(spec))
        .pipe(z.array(textChecks(spec, z.string())))
        .transform((values) => values.join(","));
    case "order":
      return orderSchema(spec);
    default: {
      const unhandled: never = spec.kind;
      throw new Error(`no schema for parameter kind ${String(unhandled)}`);
    }
  }
}

const SCHEMAS = new WeakMap<ParamSpec, z.ZodType<unknown>>();
function cachedSchema(spec: ParamSpec): z.ZodType<unknown> {
  let schema = SCHEMAS.get(spec);
  if (!schema) SCHEMAS.set(spec, (schema = schemaFor(spec)));
  return schema;
}

/** Plain-words messages for zod's own checks (refinements carry their own). */
function messageFor(spec: ParamSpec, iss: z.core.$ZodRawIssue): string {
  const items = spec.pattern === "asin" ? "ASINs" : "items";
  switch (iss.code) {
    case "invalid_type":
      return iss.expected === "int"
        ? `${spec.name}: expected a whole number (got ${show(iss.input)})`
        : `${spec.name}: expected ${iss.path?.length ? `${String(iss.path[0])} to be ${iss.expected}` : PARAM_KINDS[spec.kind].words} (got ${show(iss.input)})`;
    case "too_big":
      return iss.origin === "array"
        ? `${spec.name}: at most ${iss.maximum} ${items} (got ${(iss.input as unknown[]).length})`
        : `${spec.name}: at most ${iss.maximum} (got ${show(iss.input)})`;
    case "too_small":
      return `${spec.name}: at least ${iss.minimum} (got ${show(iss.input)})`;
    case "unrecognized_keys":
      return `${spec.name}: unknown key ${iss.keys.join(", ")}; an order is {field, desc}`;
    case "invalid_union":
      return `${spec.name}: expected ${PARAM_KINDS[spec.kind].words} (got ${show(iss.input)})`;
    default:
      return `${spec.name}: invalid value ${show(iss.input)}`;
  }
}

function ruleOf(issue: z.core.$ZodIssue): string {
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

// ---------------------------------------------------------------------------------------------------------------
// Rules across parameters

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** The closest known name, when it is close enough to be a likely typo. */
export function didYouMean(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = levenshtein(name.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}

function dateIssue(spec: ParamSpec, text: string, values: Normalized, now: Date): DateIssue | undefined {
  if (spec.kind === "month") return checkMonth(spec.name, text, now, spec.maxMonthsBack);
  if (spec.kind === "saturday") return checkSaturday(spec.name, text, now, spec.maxMonthsBack);
  const switchValue = spec.switchParam ? values[spec.switchParam] : undefined;
  const format = spec.formats && typeof switchValue === "string" ? spec.formats[switchValue] : undefined;
  const chosen = format ?? (text.length === 8 ? "saturday" : "month");
  const check = chosen === "saturday" ? checkSaturday : checkMonth;
  return check(spec.name, text, now, spec.maxMonthsBack);
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
        new ValidationError(low.range, "range", `${low.range}: ${low.name} ${a} is greater than ${high.name} ${b}`, [
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
        errors.push(
          new ValidationError(
            spec.name,
            "duplicate",
            `${spec.name}: given twice, also as ${alias} (the same parameter)`,
          ),
        );
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
      errors: [
        new ValidationError(
          "operation",
          "unknownOperation",
          `operation: ${show(code)} is not an operation of the service`,
        ),
      ],
    };
  }
  if (params !== undefined && (typeof params !== "object" || params === null || Array.isArray(params))) {
    return { errors: [new ValidationError("params", "type", "params: expected an object of named parameters")] };
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
      new ValidationError(
        name,
        "unknownParam",
        `${name}: not a parameter of ${op.code}${hint ? `; did you mean ${hint}?` : ""}`,
      ),
    );
  }

  for (const spec of specs) {
    const raw = input[spec.name];
    if (isEmpty(raw)) {
      if (spec.required)
        errors.push(new ValidationError(spec.name, "required", `${spec.name}: required (${spec.doc})`));
      continue;
    }
    const result = cachedSchema(spec).safeParse(raw, { error: (iss) => messageFor(spec, iss) });
    if (!result.success) {
      const issue = result.error.issues[0];
      errors.push(new ValidationError(spec.name, ruleOf(issue), issue.message));
      continue;
    }
    if (!isEmpty(result.data)) values[spec.name] = result.data;
  }

  for (const spec of specs) {
    const text = values[spec.name];
    if (typeof text !== "string" || !traitsOf(spec.kind).dateFormat) continue;
    if (spec.words?.some((w) => w.value === text)) continue;
    const issue = dateIssue(spec, text, values, now);
    if (issue) errors.push(new ValidationError(spec.name, issue.rule, issue.message));
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
          `order: cannot sort by ${rule.field} while filtering by ${filters.join(", ")}`,
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

/** All ValidationErrors of a parameter set, empty when it is valid. */
export function validateParamsAll<C extends OperationCode>(
  code: C,
  params: unknown,
  options: ValidateOptions = {},
): ValidationError[] {
  return checkParams(code, params, options).errors;
}
