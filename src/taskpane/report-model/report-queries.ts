/**
 * What a template's report asks the service for, before anything is written: each section's query, the parameters
 * its formula hands the engine, made from the inputs read once. The checks (report-checks.ts) and the cost
 * (report-cost.ts) read these queries; neither asks the sections again.
 */
import { operation, type OperationCode } from "../../api/catalog";
import { sourceRule } from "./arg-sources";
import { valueOf, type ReportInputs } from "./report-inputs";
import { reportSections, type ReportTemplate, type TemplateSection } from "./templates";

export interface SectionQuery {
  readonly section: string;
  readonly operation: OperationCode;
  /** Wire parameters, as the section's formula passes them to the engine (before validation). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly limit?: number;
  /**
   * The input this query waits for, which the add-in fills in when the report is made (the top niche): its cost is
   * its pages whatever that value is, and it is checked once filled in.
   */
  readonly awaits?: string;
  /** Which input each parameter comes from (a message about the parameter names the input). */
  readonly inputOf: Readonly<Record<string, string>>;
}

/** The input a section waits for: one the add-in fills in from another section's result, still blank. */
function awaitedInput(template: ReportTemplate, section: TemplateSection, inputs: ReportInputs) {
  return section.positional
    .flatMap((source) => (source.kind === "input" ? [source.input] : []))
    .map((name) => template.inputs.find((i) => i.name === name))
    .find((input) => input?.from && valueOf(inputs, input.name) === "");
}

/** What a section's formula asks the engine with these inputs: its parameters, before validation. */
export function sectionQuery(section: TemplateSection, inputs: ReportInputs): SectionQuery {
  const params: Record<string, unknown> = {};
  const inputOf: Record<string, string> = { marketplace: "market" };
  const market = valueOf(inputs, "market");
  if (market !== "") params.marketplace = market;
  operation(section.operation).positional.forEach((p, i) => {
    const source = section.positional[i];
    if (!source) return;
    const rule = sourceRule(source);
    const value = rule.value(source, inputs);
    if (value !== undefined) params[p.param] = value;
    const input = rule.input(source, p.param);
    if (input !== undefined) inputOf[p.param] = input;
  });
  // A card (MAD.PRODUCT) looks its one ASIN up in competitor lookup's list, a list (MAD.PRODUCTS) its ASINs
  // (src/api/lookups/batch.ts).
  if (section.card || section.list) {
    const first = section.positional[0];
    const asins = first ? sourceRule(first).value(first, inputs) : undefined;
    if (asins !== undefined) params.asins = Array.isArray(asins) ? asins : [asins];
    if (first) inputOf.asins = sourceRule(first).input(first, "asins") ?? "asins";
  }
  // The ASIN filter block and the screen are the filters a template sets; display options are never sent.
  const filters = section.filters;
  if (filters) {
    const rule = sourceRule(filters);
    for (const [param, value] of Object.entries(rule.filters(filters, inputs))) {
      if (value !== undefined) params[param] = value;
      inputOf[param] = rule.input(filters, param) ?? param;
    }
  }
  return {
    section: section.title(),
    operation: section.operation,
    params,
    ...(section.limit === undefined ? {} : { limit: section.limit }),
    inputOf,
  };
}

/** Every section's query; one waiting for an input the add-in fills in says so (`awaits`). */
export function reportQueries(template: ReportTemplate, inputs: ReportInputs): SectionQuery[] {
  return reportSections(template, inputs).map((s) => {
    const awaited = awaitedInput(template, s, inputs);
    return awaited ? { ...sectionQuery(s, inputs), awaits: awaited.name } : sectionQuery(s, inputs);
  });
}
