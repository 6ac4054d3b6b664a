/**
 * Report sheet specs for tests, made by the templates the task pane offers (never written again by hand), so that a
 * test of a host's report sheets exercises the layout people get.
 */
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import type { ReportSheetSpec } from "../../src/taskpane/report-model/report-sheet-spec";
import { reportSheetSpec } from "../../src/taskpane/report-model/report-layout";
import { templateById, type TemplateId, type TemplateInputs } from "../../src/taskpane/report-model/templates";

/** The day every test report says it was made on, so that notes and stored reports compare equal. */
const REPORT_DAY = new Date(Date.UTC(2026, 0, 1));

function templateReport(id: TemplateId, inputs: TemplateInputs, name?: string): ReportSheetSpec {
  const spec = reportSheetSpec(templateById(id), readInputs(inputs), REPORT_DAY);
  return name === undefined ? spec : { ...spec, name };
}

/** The Keyword opportunity report for "yoga mat" in the US, as the Templates tab makes it. */
export function keywordReport(name?: string): ReportSheetSpec {
  return templateReport("keywordOpportunity", { market: "US", keyword: "yoga mat" }, name);
}

/** Where a spec puts the formula of the operation `name` calls (`MAD.KEYWORDTRENDS`), and the formula. */
export function formulaOf(spec: ReportSheetSpec, name: string): { address: string; formula: string } {
  const found = spec.formulas.find((f) => f.formula.startsWith(`=${name}(`));
  if (!found) throw new Error(`the report has no ${name} formula`);
  return found;
}

/** Where a spec puts the input cell labelled `label`. */
export function inputOf(spec: ReportSheetSpec, label: string): string {
  const labelCell = spec.values.find((v) => v.role === "label" && v.value === label);
  const row = labelCell?.address.replace(/^[A-Z]+/, "");
  const input = spec.values.find((v) => v.role === "input" && v.address.replace(/^[A-Z]+/, "") === row);
  if (!input) throw new Error(`the report has no input labelled ${label}`);
  return input.address;
}
