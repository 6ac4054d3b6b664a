/**
 * What the Templates tab's Create and the Reports tab's Refresh report do, without React: check the inputs, say
 * what a report will spend (and whether to ask first), create its sheet through the host, wait for its formulas to
 * show their results, then point its charts at the spills.
 */
import type { HostAdapter } from "../host/host-adapter";
import type { CreatedReportSheet, ReportSheetSpec } from "../report-model/report-sheet-spec";
import { settle } from "../host/settle-formulas";
import { CONFIRM_ABOVE_CALLS } from "../report-model/spend";
import {
  costAgainstCache,
  costOfQueries,
  describeCost,
  type CostEngine,
  type ReportCost,
} from "../report-model/report-cost";
import { reportQueries, sectionQuery, type SectionQuery } from "../report-model/report-queries";
import { checkQueries, type InputErrors } from "../report-model/report-checks";
import { reportSheetSpec } from "../report-model/report-layout";
import { readInputs, valueOf, type ReportInputs, type TemplateInputs } from "../report-model/report-inputs";
import type { ReportTemplate } from "../report-model/templates";
import type { Engine } from "../../engine";
import { t } from "../../i18n";

export interface ReportPlan {
  /** The inputs, read once. */
  readonly inputs: ReportInputs;
  readonly spec: ReportSheetSpec;
  /** The sections' queries, as the formulas will ask them. */
  readonly queries: readonly SectionQuery[];
  readonly cost: ReportCost;
  /** "Creates a sheet and spends about 8 calls: 8 unique queries, 8 pages." */
  readonly costText: string;
  /** Set when the pane asks before creating: many calls, or more than are left this month. */
  readonly question: string | null;
}

/** When a report's calls call for asking first, the question; null to go ahead. */
function questionFor(cost: ReportCost, remainingThisMonth: number | null): string | null {
  const calls = cost.calls;
  if (remainingThisMonth !== null && calls > remainingThisMonth)
    return t("spend.report.tooMany", { calls, left: remainingThisMonth });
  return calls > CONFIRM_ABOVE_CALLS ? t("spend.report.many", { calls }) : null;
}

function withCost(
  plan: Omit<ReportPlan, "cost" | "costText" | "question">,
  cost: ReportCost,
  remaining: number | null,
) {
  const question = questionFor(cost, remaining);
  return { ...plan, cost, costText: t("templates.cost", { cost: describeCost(cost) }), question };
}

/**
 * The report a template makes of these inputs, or the inputs' errors (then nothing may be created). Its cost is
 * every page of the distinct queries (by the engine's own key); `countAgainstCache` refines it.
 */
export function planReport(
  template: ReportTemplate,
  typed: TemplateInputs,
  engine: CostEngine,
  now: Date,
  remainingThisMonth: number | null,
): { errors: InputErrors; plan?: ReportPlan } {
  const inputs = readInputs(typed);
  const queries = reportQueries(template, inputs);
  const errors = checkQueries(template, inputs, queries, now);
  if (errors.count) return { errors };
  const base = { inputs, spec: reportSheetSpec(template, inputs, now), queries };
  return { errors, plan: withCost(base, costOfQueries(queries, engine, now), remainingThisMonth) };
}

/** The plan with its cost counted against the engine's cache: pages already fetched are not spent again. */
export async function countAgainstCache(
  plan: ReportPlan,
  engine: CostEngine,
  remainingThisMonth: number | null,
): Promise<ReportPlan> {
  return withCost(plan, await costAgainstCache(plan.queries, engine), remainingThisMonth);
}

export interface CreatedReport extends CreatedReportSheet {
  readonly message: string;
  /** Sections whose formula shows an error once calculated. */
  readonly failed: readonly string[];
}

/** Checks the host can, creates the report's sheet, waits for its formulas and points its charts at the spills. */
export async function createReport(host: HostAdapter, spec: ReportSheetSpec): Promise<CreatedReport> {
  const missing = await host.reportSupport();
  if (missing) throw new Error(missing);
  const created = await host.createReportSheet(spec);
  const failed = await settle(
    host,
    spec.formulas.map((f) => ({ sheet: created.sheet, address: f.address })),
  );
  if (spec.charts.length) await host.refreshReportCharts(created.sheet);
  const counts = { sheet: created.sheet, sections: spec.formulas.length, charts: created.charts };
  const message = failed.length
    ? t("templates.createdWithErrors", { ...counts, failed: failed.length, cells: failed.join(", ") })
    : t("templates.created", counts);
  return { ...created, message, failed };
}

/**
 * The inputs with those the add-in fills in (an input's `from`) read from their section's result: the niche
 * screener's niche is the first niche its screen ranks. The query is the section's own, so the report's formula
 * finds its pages in the cache and the report spends no call more than it said. A blank result is an error saying
 * what to change; nothing is created.
 */
export async function resolveInputs(
  template: ReportTemplate,
  inputs: ReportInputs,
  engine: Pick<Engine, "query">,
): Promise<ReportInputs> {
  let resolved = inputs;
  for (const input of template.inputs) {
    if (!input.from || valueOf(inputs, input.name) !== "") continue;
    const query = sectionQuery(template.sections[input.from.section], resolved);
    const { rows } = await engine.query(query.operation, query.params as never, { limit: query.limit });
    const value = (rows[0] as Record<string, unknown> | undefined)?.[input.from.field];
    if (typeof value !== "string" || value.trim() === "")
      throw new Error(t("templates.nothingFound", { section: query.section, label: input.label() }));
    resolved = { ...resolved, values: { ...resolved.values, [input.name]: value.trim() } };
  }
  return resolved;
}
