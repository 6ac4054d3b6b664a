/**
 * The checks of a report's inputs: the catalog's own validation of every section's query, each message naming the
 * input and the rule, once (three sections refusing a blank category say it once). Nothing may be created while
 * there is one.
 */
import { checkParams } from "../../api/validate";
import { t } from "../../i18n";
import type { ReportInputs } from "./report-inputs";
import type { SectionQuery } from "./report-queries";
import { maxAsinsOf, type ReportTemplate } from "./templates";

export interface InputErrors {
  /** Input name -> messages, each naming the input and the rule. */
  readonly byInput: Readonly<Record<string, readonly string[]>>;
  readonly count: number;
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
  const byInput: Record<string, string[]> = {};
  const labels = new Map(template.inputs.map((i) => [i.name as string, i.label()]));
  const seen = new Set<string>();
  // A template that repeats sections per ASIN needs one ASIN at least, and takes no more than its maximum.
  if (template.eachAsin?.length) {
    const input = template.inputs.find((i) => i.kind === "asins");
    const given = inputs.asins.length;
    if (input && given === 0)
      byInput[input.name] = [t("templates.required", { label: input.label(), hint: input.hint() })];
    if (input && given > maxAsinsOf(template))
      byInput[input.name] = [t("templates.tooManyAsins", { label: input.label(), max: maxAsinsOf(template), given })];
  }
  for (const query of queries) {
    for (const error of checkParams(query.operation, query.params, { now }).errors) {
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
