/**
 * What the user typed or picked, and its translation into request parameters. The translation only reshapes
 * (text to numbers, lines to lists, picks to csv); judging the values is the client's validation, so the form
 * passes through whatever cannot be reshaped (the text "abc" for a number) and the validator names the problem.
 */
import type { FormValue } from "../../api/kinds/form-types";
import { readFormValue } from "../../api/kinds/read";
import { limitFromText } from "../../api/row-limit";
import { allFields, HISTORY_FIELDS, type FormModel } from "./form-model";

export type { FormValue } from "../../api/kinds/form-types";
export type FormValues = Readonly<Record<string, FormValue>>;

/** Everything the builder sends besides the operation's own parameters. */
export interface QueryDraft {
  readonly values: FormValues;
  /** Columns to return, in pick order; empty = all. */
  readonly fields: readonly string[];
  /** Rows wanted, as typed; empty = the operation's page size. */
  readonly limit: string;
}

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

/** The request parameters the form describes (unset fields omitted), without paging. */
export function toParams(model: FormModel, values: FormValues): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of allFields(model)) {
    const value = readFormValue(field.spec, field.control, values[field.name]);
    if (value !== undefined) params[field.name] = value;
  }
  return params;
}

/**
 * What the engine is asked for: the form's parameters (the picked columns are chosen locally, not sent; a
 * history's start, end and interval shape the answer and are not sent either).
 */
export function draftParams(model: FormModel, draft: QueryDraft): Record<string, unknown> {
  const params = toParams(model, draft.values);
  if (model.history) for (const name of HISTORY_FIELDS) delete params[name];
  return params;
}

/** A history's own arguments as the form holds them (read, not yet checked); blank ones left out. */
export function draftHistoryArgs(model: FormModel, draft: QueryDraft): Record<string, unknown> {
  const params = toParams(model, draft.values);
  return Object.fromEntries(Object.entries(params).filter(([name]) => HISTORY_FIELDS.has(name)));
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
