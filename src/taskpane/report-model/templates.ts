/**
 * The report templates: a whole analysis in one click. Each template is one module under templates/ (its inputs,
 * sheet name, sections with explicit `fields` so a chart knows the column it reads, a modest `limit` so a report
 * costs few calls) with its words in its two language files; this list is the one place that names them all.
 * Where the inputs sit and what a section's arguments look like in the sheet is report-layout.ts's business; what
 * each section asks the service for is report-cost.ts's, so one definition gives the formula text, the cost and
 * the input checks (the catalog's own validation).
 */
import type { ArgSource } from "./arg-sources";
import { MAX_ASINS, type AsinList, type ReportInputs } from "./report-inputs";
import type { PerAsinSection, ReportTemplate, TemplateSection } from "./template-types";
import { categoryMarket } from "./templates/category-market";
import { competitorWatch } from "./templates/competitor-watch";
import { keywordOpportunity } from "./templates/keyword-opportunity";
import { nicheScreener } from "./templates/niche-screener";
import { productWatch } from "./templates/product-watch";

export type * from "./template-types";

export const TEMPLATES = [categoryMarket, keywordOpportunity, competitorWatch, productWatch, nicheScreener] as const;

export type TemplateId = (typeof TEMPLATES)[number]["id"];

/** The template of that id (a stored report names its template), or undefined for one this version does not know. */
export function templateById(id: TemplateId): ReportTemplate;
export function templateById(id: string): ReportTemplate | undefined;
export function templateById(id: string): ReportTemplate | undefined {
  return TEMPLATES.find((template) => template.id === id);
}

/** The most ASINs a template takes. */
export const maxAsinsOf = (template: ReportTemplate): number => template.maxAsins ?? MAX_ASINS;

/** The list the per-ASIN sections repeat over: the picked ASINs where the template has that input, else all. */
const eachAsinListOf = (template: ReportTemplate): AsinList =>
  template.inputs.some((input) => input.kind === "picked") ? "picked" : "asins";

/** The most ASINs of a list: the template's own maximum of each. */
export const maxOfList = (template: ReportTemplate, list: AsinList): number =>
  list === "picked" ? (template.maxPicked ?? maxAsinsOf(template)) : maxAsinsOf(template);

/**
 * A section repeated for the ASIN at `index`: titled with that ASIN (numbered when the inputs are not known), its
 * `eachAsin` arguments that ASIN's cell.
 */
function forAsin(section: PerAsinSection, list: AsinList, index: number, asin?: string): TemplateSection {
  const arg = (source: ArgSource): ArgSource => (source.kind === "eachAsin" ? { kind: "asinAt", list, index } : source);
  const { chart, title, ...rest } = section;
  return {
    ...rest,
    title: () => title(index + 1, asin),
    positional: section.positional.map(arg),
    ...(section.filters ? { filters: arg(section.filters) } : {}),
    ...(chart ? { chart: { ...chart, title: () => chart.title(index + 1, asin) } } : {}),
  };
}

/**
 * The sections a report of these inputs has: the template's own, then its per-ASIN ones for each ASIN of their list
 * (the picked ones, or all given; up to its maximum). Without inputs, for as many as it takes (the most room a
 * report can need).
 */
export function reportSections(template: ReportTemplate, inputs?: ReportInputs): TemplateSection[] {
  const each = template.eachAsin ?? [];
  const list = eachAsinListOf(template);
  const max = maxOfList(template, list);
  const count = inputs ? Math.min(inputs[list].length, max) : max;
  const repeated = each.length
    ? Array.from({ length: count }, (_, i) => each.map((s) => forAsin(s, list, i, inputs?.[list][i]))).flat()
    : [];
  return [...template.sections, ...repeated];
}
