/**
 * What a template's report asks the service for, before anything is written: each section's query (the parameters
 * its formula hands the engine), the checks of the inputs (the catalog's own validation, each message naming the
 * input and the rule) and the cost in one place. A query's pages come from its limit and the operation's page size
 * (the engine's own paging plan), and identical queries count once: the engine's dedupe and cache share them, with
 * the same key the engine gives them.
 */
import { isLookup } from "../../api/batch";
import { checkLookup, mergeLookups } from "../../api/lookups";
import { operation, type OperationCode } from "../../api/catalog";
import { checkParams } from "../../api/validate";
import { planPaging, type Engine } from "../../engine";
import {
  asinsOf,
  maxAsinsOf,
  reportSections,
  type ArgSource,
  type ReportTemplate,
  type ScreenFilter,
  type TemplateInputs,
  type TemplateSection,
} from "./templates";
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
    case "asinAt":
      return asinsOf(inputs.asins)[source.index];
    case "eachAsin":
      throw new Error("a section repeated per ASIN is asked for once it is repeated (reportSections)");
    case "screen":
      return undefined; // a filter block: its rows are parameters of their own (screenParams)
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
  if (section.filters?.kind === "screen" && (SCREEN_FILTERS as readonly string[]).includes(param)) return param;
  const op = operation(section.operation);
  const index = op.positional.findIndex((p) => p.param === param);
  // A card's ASIN is its first argument, sent in competitor lookup's `asins`.
  const asinsFrom = section.card ? section.positional[0] : section.filters;
  const source = index >= 0 ? section.positional[index] : param === "asins" ? asinsFrom : undefined;
  if (!source) return undefined;
  switch (source.kind) {
    case "input":
      return source.input;
    case "asinRow":
    case "asinFilter":
    case "firstAsin":
    case "eachAsin":
    case "asinAt":
      return "asins";
    case "screen":
    case "text":
      return undefined;
    default: {
      const unhandled: never = source;
      return String(unhandled);
    }
  }
}

const SCREEN_FILTERS: readonly ScreenFilter[] = [
  "minAvgUnits",
  "maxAvgRatings",
  "maxBrandCrn",
  "minAvgPrice",
  "maxAvgPrice",
];

/** The screen's limits as the filter block gives them: a number typed as text is the number; blank, no limit. */
function screenParams(inputs: TemplateInputs): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const name of SCREEN_FILTERS) {
    const text = (inputs[name] ?? "").trim();
    if (text !== "") params[name] = Number.isFinite(Number(text)) ? Number(text) : text;
  }
  return params;
}

/** The input a section waits for: one the add-in fills in from another section's result, still blank. */
function awaitedInput(template: ReportTemplate, section: TemplateSection, inputs: TemplateInputs) {
  return section.positional
    .flatMap((source) => (source.kind === "input" ? [source.input] : []))
    .map((name) => template.inputs.find((i) => i.name === name))
    .find((input) => input?.from && (inputs[input.name] ?? "").trim() === "");
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
  // A card (MAD.PRODUCT) looks its one ASIN up in competitor lookup's list (src/api/batch.ts).
  if (section.card) {
    const asin = section.positional[0] ? argValue(section.positional[0], inputs) : undefined;
    if (asin !== undefined) params.asins = [asin];
  }
  // The ASIN filter block and the screen are the filters a template sets; display options are never sent.
  if (section.filters?.kind === "asinFilter") {
    const asins = argValue(section.filters, inputs);
    if (asins !== undefined) params.asins = asins;
  }
  if (section.filters?.kind === "screen") Object.assign(params, screenParams(inputs));
  return {
    section: section.title(),
    operation: section.operation,
    params,
    ...(section.limit === undefined ? {} : { limit: section.limit }),
  };
}

/** Every section's query; one waiting for an input the add-in fills in says so (`awaits`). */
export const reportQueries = (template: ReportTemplate, inputs: TemplateInputs): SectionQuery[] =>
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
export function validateTemplateInputs(template: ReportTemplate, inputs: TemplateInputs, now: Date): InputErrors {
  const byInput: Record<string, string[]> = {};
  const labels = new Map(template.inputs.map((i) => [i.name as string, i.label()]));
  const seen = new Set<string>();
  // A template that repeats sections per ASIN needs one ASIN at least, and takes no more than its maximum.
  if (template.eachAsin?.length) {
    const input = template.inputs.find((i) => i.kind === "asins");
    const given = asinsOf(inputs.asins).length;
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

/**
 * The distinct queries by the engine's own key (the first section asking for each), lookups of single ASINs (the
 * cards) as the one lookup the engine batches them into. Throws a ValidationError.
 */
function distinctQueries(queries: readonly SectionQuery[], engine: CostEngine): SectionQuery[] {
  const byKey = new Map<string, SectionQuery>();
  for (const { query } of mergeLookups(queries, new Date())) {
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
    if (isLookup(operation(query.operation), query.params)) {
      const { keys, batch } = checkLookup(query.operation, query.params, { now });
      pages += Math.ceil(keys.length / batch.max);
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
