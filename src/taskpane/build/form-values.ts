/**
 * What the user typed or picked, and its translation into request parameters. The translation only reshapes
 * (text to numbers, lines to lists, picks to csv); judging the values is the client's validation, so the form
 * passes through whatever cannot be reshaped (the text "abc" for a number) and the validator names the problem.
 */
import type { EnumOption } from "../../api/catalog-types";
import { traitsOf } from "../../api/param-kinds";
import type { OrderParam } from "../../api/request-types";
import { limitFromText } from "../../api/row-limit";
import { allFields, type FormField, type FormModel } from "./form-model";

export interface MultiValue {
  readonly selected: readonly string[];
  /** Values typed by hand where the known options are suggestions only (sellerNation). */
  readonly other: string;
}
export interface OrderValue {
  readonly field: string;
  readonly desc: boolean;
}
/** `""`, `null` and an empty selection all mean "not set". */
export type FormValue = string | boolean | null | MultiValue | OrderValue;
export type FormValues = Readonly<Record<string, FormValue>>;

/** Everything the builder sends besides the operation's own parameters. */
export interface QueryDraft {
  readonly values: FormValues;
  /** Columns to return, in pick order; empty = all. */
  readonly fields: readonly string[];
  /** Rows wanted, as typed; empty = the operation's page size. */
  readonly limit: string;
}

const isMulti = (v: FormValue): v is MultiValue => typeof v === "object" && v !== null && "selected" in v;
const isOrder = (v: FormValue): v is OrderValue => typeof v === "object" && v !== null && "desc" in v;

/** The starting values of a form: marketplace US; no order field (the service's default order), its default direction. */
export function initialValues(model: FormModel): FormValues {
  const values: Record<string, FormValue> = {};
  for (const field of allFields(model)) {
    if (field.spec.kind === "marketplace") values[field.name] = "US";
    else if (field.control.type === "order") values[field.name] = { field: "", desc: field.control.defaultDesc };
    else if (field.control.type === "multiEnum") values[field.name] = { selected: [], other: "" };
    else if (field.control.type === "boolean") values[field.name] = null;
    else values[field.name] = "";
  }
  return values;
}

/**
 * The draft of the next operation: what the user typed into a field the next form has too (the keyword, the
 * market, the ASINs), of the same kind, is kept; everything else starts fresh. Columns belong to one record type,
 * so they are dropped unless the next operation returns the same records.
 */
export function carryOver(from: FormModel, draft: QueryDraft, to: FormModel): QueryDraft {
  const values: Record<string, FormValue> = { ...initialValues(to) };
  const before = new Map(allFields(from).map((f) => [f.name, f]));
  for (const field of allFields(to)) {
    const previous = before.get(field.name);
    if (previous && previous.spec.kind === field.spec.kind && previous.control.type === field.control.type)
      values[field.name] = draft.values[field.name] ?? values[field.name];
  }
  const sameRecords = from.recordFields.join() === to.recordFields.join();
  return { values, fields: sameRecords ? draft.fields : [], limit: draft.limit };
}

/** Splits pasted text into items: one per line; ASIN lists also split on commas and spaces. */
export function splitItems(text: string, pattern?: string): string[] {
  const separator = pattern === "asin" ? /[\s,;]+/ : /\r?\n/;
  return text
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** Text of a number field as a number when it is one; otherwise the text, for the validator to name. */
function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === "") return trimmed;
  const value = Number(trimmed.replace(/,/g, ""));
  return Number.isFinite(value) ? value : trimmed;
}

/** An option's own value (numbers stay numbers: matchType 2, not "2"). */
function optionValue(options: readonly EnumOption[], picked: string): string | number {
  const hit = options.find((o) => String(o.value) === picked);
  return hit ? hit.value : picked;
}

function paramValue(field: FormField, value: FormValue | undefined): unknown {
  if (value === undefined || value === null || value === "") return undefined;
  const control = field.control;
  switch (control.type) {
    case "boolean":
      return typeof value === "boolean" ? value : undefined;
    case "number":
      return typeof value === "string" ? numberOrText(value) : undefined;
    case "enum": {
      if (typeof value !== "string") return undefined;
      const picked = optionValue(control.options, value.trim());
      // A hand-typed value of a numeric open enum is still a number.
      return typeof picked === "string" && traitsOf(field.spec.kind).numeric ? numberOrText(picked) : picked;
    }
    case "multiEnum": {
      if (!isMulti(value)) return undefined;
      const items = [...value.selected, ...splitItems(value.other.replace(/,/g, "\n"))];
      if (items.length === 0) return undefined;
      return control.encoding === "csv" ? items.join(",") : items;
    }
    case "lines": {
      if (typeof value !== "string") return undefined;
      const items = splitItems(value, control.pattern);
      if (items.length === 0) return undefined;
      return control.encoding === "csv" ? items.join(",") : items;
    }
    case "order": {
      if (!isOrder(value) || value.field.trim() === "") return undefined;
      const order: OrderParam = { field: value.field.trim(), desc: value.desc };
      return order;
    }
    default:
      return typeof value === "string" ? value.trim() : value;
  }
}

/** The request parameters the form describes (unset fields omitted), without paging. */
export function toParams(model: FormModel, values: FormValues): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of allFields(model)) {
    const value = paramValue(field, values[field.name]);
    if (value !== undefined) params[field.name] = value;
  }
  return params;
}

/** What the engine is asked for: the form's parameters (the picked columns are chosen locally, not sent). */
export function draftParams(model: FormModel, draft: QueryDraft): Record<string, unknown> {
  return toParams(model, draft.values);
}

/** The limit as typed: undefined when empty, else the row limit's one rule (src/api/row-limit.ts) or its message. */
export function parseLimit(text: string): { limit?: number; error?: string } {
  try {
    const limit = limitFromText(text);
    return limit === undefined ? {} : { limit };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
