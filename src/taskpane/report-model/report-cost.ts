/**
 * What a template's report asks the service for, before anything is written: each section's query (the parameters
 * its formula hands the engine), the checks of the inputs (the catalog's own validation, each message naming the
 * input and the rule) and the cost in one place. A query's pages come from its limit and the operation's page size
 * (the engine's own paging plan), and identical queries count once: the engine's dedupe and cache share them, with
 * the same key the engine gives them.
 */
import { operation, type OperationCode } from "../../api/catalog";
import { checkParams } from "../../api/validate";
import { planPaging, type Engine } from "../../engine";
import { sourceRule, type ArgSource } from "./arg-sources";
import { valueOf, type ReportInputs } from "./report-inputs";
import { maxAsinsOf, reportSections, type ReportTemplate, type TemplateSection } from "./templates";
import { t } from "../../i18n";

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
}

/** The value an argument gives its parameter, from the inputs; undefined when the input is blank. */
const argValue = (source: ArgSource, inputs: ReportInputs): unknown => sourceRule(source).value(source, inputs);

/** Which input a parameter's value comes from (for messages), by the section's arguments. */
function inputOfParam(section: TemplateSection, param: string): string | undefined {
  if (param === "marketplace") return "market";
  const index = operation(section.operation).positional.findIndex((p) => p.param === param);
  const source = index >= 0 ? section.positional[index] : section.filters;
  return source && sourceRule(source).input(source, param);
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
  const market = valueOf(inputs, "market");
  if (market !== "") params.marketplace = market;
  operation(section.operation).positional.forEach((p, i) => {
    const source = section.positional[i];
    const value = source ? argValue(source, inputs) : undefined;
    if (value !== undefined) params[p.param] = value;
  });
  // The ASIN filter block and the screen are the filters a template sets; display options are never sent.
  if (section.filters) Object.assign(params, sourceRule(section.filters).filters(section.filters, inputs));
  return {
    section: section.title(),
    operation: section.operation,
    params,
    ...(section.limit === undefined ? {} : { limit: section.limit }),
  };
}

/** Every section's query; one waiting for an input the add-in fills in says so (`awaits`). */
export const reportQueries = (template: ReportTemplate, inputs: ReportInputs): SectionQuery[] =>
  reportSections(template, inputs).map((s) => {
    const awaited = awaitedInput(template, s, inputs);
    return awaited ? { ...sectionQuery(s, inputs), awaits: awaited.name } : sectionQuery(s, inputs);
  });

export interface InputErrors {
  /** Input name -> messages, each naming the input and the rule. */
  readonly byInput: Readonly<Record<string, readonly string[]>>;
  readonly count: number;
}

/**
 * Checks the inputs with the catalog's validation of every section's query: a message per input and rule, once
 * (three sections refusing a blank category say it once). Nothing may be created while there is one.
 */
export function validateTemplateInputs(template: ReportTemplate, inputs: ReportInputs, now: Date): InputErrors {
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
  for (const section of reportSections(template, inputs)) {
    const query = sectionQuery(section, inputs);
    const awaited = awaitedInput(template, section, inputs)?.name;
    for (const error of checkParams(query.operation, query.params, { now }).errors) {
      const name = inputOfParam(section, error.param);
      if (name !== undefined && name === awaited && error.rule === "required") continue; // filled in on Create
      const label = name ? labels.get(name) : undefined;
      if (!name || !label) throw new Error(`${template.id}: ${section.title()} fails on its own: ${error.message}`);
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

export interface ReportCost {
  /** Distinct queries (the engine's cache key), each spent once however many sections show it. */
  readonly queries: number;
  /** Pages of the distinct queries: the calls at most. */
  readonly pages: number;
  /** Pages the cache cannot answer: what creating the report spends. Equal to `pages` until counted against it. */
  readonly calls: number;
}

/** What the cost needs of the engine: its query key (dedupe) and its plan of pages (cache). */
export type CostEngine = Pick<Engine, "cacheKey" | "plan">;

/** The distinct queries by the engine's own key (the first section asking for each). Throws a ValidationError. */
function distinctQueries(queries: readonly SectionQuery[], engine: CostEngine): SectionQuery[] {
  const byKey = new Map<string, SectionQuery>();
  for (const query of queries) {
    // A query waiting for its input has no key yet: one per operation and input.
    const key = query.awaits
      ? `${query.operation} awaiting ${query.awaits}`
      : engine.cacheKey(query.operation, query.params, limitOption(query));
    if (!byKey.has(key)) byKey.set(key, query);
  }
  return [...byKey.values()];
}

const limitOption = (query: SectionQuery) => (query.limit === undefined ? {} : { limit: query.limit });

/** The calls a set of queries spends at most, before looking at the cache; throws a ValidationError (check first). */
export function costOfQueries(queries: readonly SectionQuery[], engine: CostEngine, now: Date): ReportCost {
  const distinct = distinctQueries(queries, engine);
  let pages = 0;
  for (const query of distinct) {
    if (query.awaits) {
      pages += planPaging(query.operation, query.params, query.limit).maxPages;
      continue;
    }
    const outcome = checkParams(query.operation, query.params, { now });
    if (!outcome.params) throw outcome.errors[0];
    pages += planPaging(query.operation, outcome.params as Record<string, unknown>, query.limit).maxPages;
  }
  return { queries: distinct.length, pages, calls: pages };
}

/** The same cost counted against the engine's cache: pages already fetched (a report made again) cost nothing. */
export async function costAgainstCache(queries: readonly SectionQuery[], engine: CostEngine): Promise<ReportCost> {
  const distinct = distinctQueries(queries, engine);
  // A query waiting for its input has no pages in the cache yet: all of them are spent.
  const plans = await Promise.all(
    distinct.map((q) => {
      if (!q.awaits) return engine.plan(q.operation, q.params, limitOption(q));
      const pages = planPaging(q.operation, q.params, q.limit).maxPages;
      return Promise.resolve({ pages, uncachedPages: pages });
    }),
  );
  return {
    queries: distinct.length,
    pages: plans.reduce((sum, plan) => sum + plan.pages, 0),
    calls: plans.reduce((sum, plan) => sum + plan.uncachedPages, 0),
  };
}

export const reportCost = (template: ReportTemplate, inputs: ReportInputs, engine: CostEngine, now: Date) =>
  costOfQueries(reportQueries(template, inputs), engine, now);

/** "spends about 8 calls: 8 unique queries, 8 pages", "…, 5 of them already fetched" when the cache has some. */
export function describeCost(cost: ReportCost): string {
  return t("templates.spends", {
    calls: cost.calls,
    queries: cost.queries,
    pages: cost.pages,
    cached: Math.max(0, cost.pages - cost.calls),
  });
}
