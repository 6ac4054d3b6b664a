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
import { asinsOf, type ArgSource, type ReportTemplate, type TemplateInputs, type TemplateSection } from "./templates";
import { t } from "../../i18n";

export interface SectionQuery {
  readonly section: string;
  readonly operation: OperationCode;
  /** Wire parameters, as the section's formula passes them to the engine (before validation). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly limit?: number;
}

/** The value an argument gives its parameter, from the inputs; undefined when the input is blank. */
function argValue(source: ArgSource, inputs: TemplateInputs): unknown {
  switch (source.kind) {
    case "input": {
      const text = (inputs[source.input] ?? "").trim();
      return text === "" ? undefined : text;
    }
    case "asinRow":
    case "asinFilter": {
      const asins = asinsOf(inputs.asins);
      return asins.length ? asins : undefined;
    }
    case "firstAsin":
      return asinsOf(inputs.asins)[0];
    case "text":
      return source.text;
    default: {
      const unhandled: never = source;
      throw new Error(`no value for ${String(unhandled)}`);
    }
  }
}

/** Which input a parameter's value comes from (for messages), by the section's arguments. */
function inputOfParam(section: TemplateSection, param: string): string | undefined {
  if (param === "marketplace") return "market";
  const op = operation(section.operation);
  const index = op.positional.findIndex((p) => p.param === param);
  const source = index >= 0 ? section.positional[index] : param === "asins" ? section.filters : undefined;
  if (!source) return undefined;
  switch (source.kind) {
    case "input":
      return source.input;
    case "asinRow":
    case "asinFilter":
    case "firstAsin":
      return "asins";
    case "text":
      return undefined;
    default: {
      const unhandled: never = source;
      return String(unhandled);
    }
  }
}

export function sectionQuery(section: TemplateSection, inputs: TemplateInputs): SectionQuery {
  const op = operation(section.operation);
  const params: Record<string, unknown> = {};
  const market = argValue({ kind: "input", input: "market" }, inputs);
  if (market !== undefined) params.marketplace = market;
  op.positional.forEach((p, i) => {
    const source = section.positional[i];
    const value = source ? argValue(source, inputs) : undefined;
    if (value !== undefined) params[p.param] = value;
  });
  // The ASIN filter block is the one filter a template sets; display options (dates=text) are never sent.
  if (section.filters?.kind === "asinFilter") {
    const asins = argValue(section.filters, inputs);
    if (asins !== undefined) params.asins = asins;
  }
  return {
    section: section.title(),
    operation: section.operation,
    params,
    ...(section.limit === undefined ? {} : { limit: section.limit }),
  };
}

export const reportQueries = (template: ReportTemplate, inputs: TemplateInputs): SectionQuery[] =>
  template.sections.map((s) => sectionQuery(s, inputs));

export interface InputErrors {
  /** Input name -> messages, each naming the input and the rule. */
  readonly byInput: Readonly<Record<string, readonly string[]>>;
  readonly count: number;
}

/**
 * Checks the inputs with the catalog's validation of every section's query: a message per input and rule, once
 * (three sections refusing a blank category say it once). Nothing may be created while there is one.
 */
export function validateTemplateInputs(template: ReportTemplate, inputs: TemplateInputs, now: Date): InputErrors {
  const byInput: Record<string, string[]> = {};
  const labels = new Map(template.inputs.map((i) => [i.name as string, i.label()]));
  const seen = new Set<string>();
  for (const section of template.sections) {
    const query = sectionQuery(section, inputs);
    for (const error of checkParams(query.operation, query.params, { now }).errors) {
      const name = inputOfParam(section, error.param);
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
    const key = engine.cacheKey(query.operation, query.params, limitOption(query));
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
    const outcome = checkParams(query.operation, query.params, { now });
    if (!outcome.params) throw outcome.errors[0];
    pages += planPaging(query.operation, outcome.params as Record<string, unknown>, query.limit).maxPages;
  }
  return { queries: distinct.length, pages, calls: pages };
}

/** The same cost counted against the engine's cache: pages already fetched (a report made again) cost nothing. */
export async function costAgainstCache(queries: readonly SectionQuery[], engine: CostEngine): Promise<ReportCost> {
  const distinct = distinctQueries(queries, engine);
  const plans = await Promise.all(distinct.map((q) => engine.plan(q.operation, q.params, limitOption(q))));
  return {
    queries: distinct.length,
    pages: plans.reduce((sum, plan) => sum + plan.pages, 0),
    calls: plans.reduce((sum, plan) => sum + plan.uncachedPages, 0),
  };
}

export const reportCost = (template: ReportTemplate, inputs: TemplateInputs, engine: CostEngine, now: Date) =>
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
