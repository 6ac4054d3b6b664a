/**
 * The checks of a report's inputs: the catalog's own validation of every section's query, each message naming the
 * input and the rule, once (three sections refusing a blank category say it once). Nothing may be created while
 * there is one.
 */
import { isLookup } from "../../api/lookups/batch";
import { operation } from "../../api/catalog";
import { ValidationError } from "../../api/errors";
import { checkLookup } from "../../api/lookups/calls";
import { checkParams } from "../../api/validate";
import { t } from "../../i18n";
import type { ReportInputs } from "./report-inputs";
import type { SectionQuery } from "./report-queries";
import { maxOfList, type ReportTemplate } from "./templates";

export interface InputErrors {
  /** Input name -> messages, each naming the input and the rule. */
  readonly byInput: Readonly<Record<string, readonly string[]>>;
  readonly count: number;
}

/**
 * How many ASINs the lists take: a template that repeats sections per ASIN, or lists its ASINs (MAD.PRODUCTS), needs
 * one ASIN at least and takes no more than its maximum (the others' ASINs go to the service as a filter, whose own
 * rules say so); the picked ones may be none (the list alone), and no more than their maximum.
 */
function countsOf(template: ReportTemplate, inputs: ReportInputs): Record<string, string[]> {
  const byInput: Record<string, string[]> = {};
  const needsOne = Boolean(template.eachAsin?.length) || template.sections.some((s) => s.list);
  for (const input of template.inputs) {
    if (input.kind !== "picked" && !(input.kind === "asins" && needsOne)) continue;
    const given = inputs[input.kind].length;
    const max = maxOfList(template, input.kind);
    if (input.kind === "asins" && given === 0)
      byInput[input.name] = [t("templates.required", { label: input.label(), hint: input.hint() })];
    if (given > max) byInput[input.name] = [t("templates.tooManyAsins", { label: input.label(), max, given })];
  }
  return byInput;
}

/** A query's problems by the catalog's rules: a lookup's as the engine checks it (40 ASINs a call, 2,000 at most). */
function queryErrors(query: SectionQuery, now: Date): readonly ValidationError[] {
  if (!isLookup(operation(query.operation), query.params))
    return checkParams(query.operation, query.params, { now }).errors;
  try {
    checkLookup(query.operation, query.params, { now });
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return [error];
    throw error;
  }
}

/**
 * Checks the inputs with the catalog's validation of every section's query: a message per input and rule, once
 * (three sections refusing a blank category say it once). Nothing may be created while there is one.
 */
export function checkQueries(
  template: ReportTemplate,
  inputs: ReportInputs,
  queries: readonly SectionQuery[],
  now: Date,
): InputErrors {
  const byInput: Record<string, string[]> = countsOf(template, inputs);
  const labels = new Map(template.inputs.map((i) => [i.name as string, i.label()]));
  const seen = new Set<string>();
  for (const query of queries) {
    for (const error of queryErrors(query, now)) {
      const name = query.inputOf[error.param];
      if (name !== undefined && name === query.awaits && error.rule === "required") continue; // filled in on Create
      const label = name ? labels.get(name) : undefined;
      if (!name || !label) throw new Error(`${template.id}: ${query.section} fails on its own: ${error.message}`);
      const input = template.inputs.find((i) => i.name === name)!;
      const message =
        error.rule === "required"
          ? t("templates.required", { label, hint: input.hint() })
          : t("templates.inputProblem", { label, problem: error.problem });
      // One message per input and rule: three sections refusing a blank category say it once.
      const key = `${name}|${error.rule}`;
      if (seen.has(key)) continue;
      seen.add(key);
      (byInput[name] ??= []).push(message);
    }
  }
  return { byInput, count: Object.values(byInput).reduce((n, list) => n + list.length, 0) };
}
