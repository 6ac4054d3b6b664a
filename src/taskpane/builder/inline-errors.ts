/**
 * Maps the client's validation errors onto the form's fields, so each message shows under the field it is
 * about. A range error (min above max) shows under both sides; an order-with-filters error under the order and
 * each filter involved. Anything that names no field of the form is kept as a general message.
 */
import { operation } from "../../api/catalog";
import { checkHistoryArgs } from "../../formula/history-dates";
import type { HistoryRequest } from "../../api/history-form";
import { checkParams } from "../../api/validate";
import type { ValidationError } from "../../api/errors";
import { allFields, type FormModel } from "./form-model";
import { draftHistoryArgs, draftParams, parseLimit, type QueryDraft } from "./form-values";

export interface InlineErrors {
  /** Field name -> messages, in the validator's order. */
  readonly byField: Readonly<Record<string, readonly string[]>>;
  /** Messages that belong to no single field. */
  readonly general: readonly string[];
  readonly count: number;
}

/** The field picker's key in `byField`; returnFields errors show there. */
export const FIELD_PICKER = "fields";
const formName = (param: string) => (param === "returnFields" ? FIELD_PICKER : param);

function inlineErrors(
  model: FormModel,
  errors: readonly Pick<ValidationError, "param" | "params" | "message">[],
  extra: Record<string, string> = {},
): InlineErrors {
  const names = new Set(allFields(model).map((f) => f.name));
  const byField: Record<string, string[]> = {};
  const general: string[] = [];
  const add = (name: string, message: string) => (byField[name] ??= []).push(message);
  names.add(FIELD_PICKER);
  for (const error of errors) {
    const targets = (error.params?.length ? error.params : [error.param])
      .map(formName)
      .filter((name) => names.has(name));
    if (targets.length === 0) general.push(error.message);
    for (const name of targets) add(name, error.message);
  }
  for (const [name, message] of Object.entries(extra)) add(name, message);
  return { byField, general, count: errors.length + Object.keys(extra).length };
}

/**
 * Validates a draft with the client's own rules (and the limit, or a history's start, end and interval), ready to
 * show inline.
 */
export function validateDraft(
  model: FormModel,
  draft: QueryDraft,
  now: Date,
): { errors: InlineErrors; params?: Record<string, unknown>; limit?: number; history?: HistoryRequest } {
  const outcome = checkParams(model.code, draftParams(model, draft), { now });
  const history = model.history
    ? checkHistoryArgs(operation(model.code), model.history, draftHistoryArgs(model, draft))
    : undefined;
  const limit = model.history ? {} : parseLimit(draft.limit);
  const errors = inlineErrors(
    model,
    [...outcome.errors, ...(history?.errors ?? [])],
    limit.error ? { limit: limit.error } : {},
  );
  if (errors.count > 0 || !outcome.params) return { errors };
  return {
    errors,
    params: outcome.params as Record<string, unknown>,
    ...(limit.limit !== undefined ? { limit: limit.limit } : {}),
    ...(history?.request ? { history: history.request } : {}),
  };
}
