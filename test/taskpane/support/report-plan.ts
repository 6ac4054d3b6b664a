/** A template's checks and cost from its inputs, as planReport makes them (queries once, checked, costed). */
import { checkQueries } from "../../../src/taskpane/report-model/report-checks";
import { costOfQueries, type CostEngine } from "../../../src/taskpane/report-model/report-cost";
import type { ReportInputs } from "../../../src/taskpane/report-model/report-inputs";
import { reportQueries } from "../../../src/taskpane/report-model/report-queries";
import type { ReportTemplate } from "../../../src/taskpane/report-model/templates";

export const validateTemplateInputs = (template: ReportTemplate, inputs: ReportInputs, now: Date) =>
  checkQueries(template, inputs, reportQueries(template, inputs), now);

export const reportCost = (template: ReportTemplate, inputs: ReportInputs, engine: CostEngine, now: Date) =>
  costOfQueries(reportQueries(template, inputs), engine, now);
