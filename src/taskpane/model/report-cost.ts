/**
 * What a template's report asks the service for, before anything is written: each section's query (the parameters
 * its formula hands the engine), the checks of the inputs (the catalog's own validation, each message naming the
 * input and the rule) and the cost in one place. A query's pages come from its limit and the operation's page size
 * (the engine's own paging plan), and identical queries count once: the engine's dedupe and cache share them, with
 * the same key the engine gives them.
 */
import { operation, type OperationCode } from "../../api/catalog";
import { checkParams } from "../../api/validate";
import { canonicalJson, planPaging } from "../../engine";
import { asinsOf, type ArgSource, type ReportTemplate, type TemplateInputs, type TemplateSection } from "./templates";

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
    section: section.title,
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
  const labels = new Map(template.inputs.map((i) => [i.name as string, i.label]));
  const seen = new Set<string>();
  for (const section of template.sections) {
    const query = sectionQuery(section, inputs);
    for (const error of checkParams(query.operation, query.params, { now }).errors) {
      const name = inputOfParam(section, error.param);
      const label = name ? labels.get(name) : undefined;
      if (!name || !label) throw new Error(`${template.id}: ${section.title} fails on its own: ${error.message}`);
      const input = template.inputs.find((i) => i.name === name)!;
      const message =
        error.rule === "required"
          ? `${label}: required. ${input.hint}`
          : error.message.startsWith(`${error.param}:`)
            ? `${label}:${error.message.slice(error.param.length + 1)}`
            : `${label}: ${error.message}`;
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
  /** Calls at most: the pages of the distinct queries. */
  readonly pages: number;
}

/** The calls a set of queries spends; throws the first ValidationError (check the inputs first). */
export function costOfQueries(queries: readonly SectionQuery[], now: Date): ReportCost {
  const pagesByKey = new Map<string, number>();
  for (const query of queries) {
    const outcome = checkParams(query.operation, query.params, { now });
    if (!outcome.params) throw outcome.errors[0];
    const normalized = outcome.params as Record<string, unknown>;
    const plan = planPaging(query.operation, normalized, query.limit);
    // The engine's query key (engine.ts, prepare): operation, normalized parameters, rows wanted.
    pagesByKey.set(`${query.operation}|${canonicalJson(normalized)}|${plan.limit ?? "all"}`, plan.maxPages);
  }
  return { queries: pagesByKey.size, pages: [...pagesByKey.values()].reduce((sum, pages) => sum + pages, 0) };
}

export const reportCost = (template: ReportTemplate, inputs: TemplateInputs, now: Date): ReportCost =>
  costOfQueries(reportQueries(template, inputs), now);

/** "spends about 8 calls: 8 unique queries, 8 pages" */
export function describeCost(cost: ReportCost): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `spends about ${plural(cost.pages, "call", "calls")}: ${plural(cost.queries, "unique query", "unique queries")}, ${plural(cost.pages, "page", "pages")}`;
}
