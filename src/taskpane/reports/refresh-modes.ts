/**
 * The Reports tab's two refreshes, without React (issue 46). *Refresh report*, *Refresh all*, *Refresh selected* and
 * *Retry failed* answer current data from the cache: only what is past its data period (or never fetched) is sent,
 * so a report made a minute ago refreshes for no call, and its "next refresh" says so. *Refresh from the service…*
 * fetches every query afresh whatever the cache holds, and is always asked first, naming what it spends.
 */
import type { HostAdapter } from "../host/host-adapter";
import { t } from "../../i18n";
import { describePlan, planRefresh, type PlanningEngine, type RefreshPlan } from "./refresh-plan";
import { refreshTargetsNow, type TargetsNow } from "./refresh-targets";
import type { ReportGroup, ReportRow } from "./reports";

/** `current`: what is past its data period is fetched, the rest read from the cache; `service`: everything afresh. */
export type RefreshMode = "current" | "service";

export interface CountedRefresh {
  readonly mode: RefreshMode;
  readonly plan: RefreshPlan;
  readonly now: TargetsNow;
  /** The question to ask before spending, or null to go ahead at once. */
  readonly question: string | null;
}

/** Counts a refresh of `rows` in `mode`: its plan against the cache, and whether (and what) to ask first. */
export async function countRefresh(
  engine: PlanningEngine,
  host: HostAdapter,
  rows: readonly ReportRow[],
  groups: readonly ReportGroup[],
  mode: RefreshMode,
  remainingThisMonth: number | null,
): Promise<CountedRefresh> {
  const now = await refreshTargetsNow(host, rows, groups);
  const plan = await planRefresh(engine, now.targets, { remainingThisMonth, due: mode === "current" });
  const described = describePlan(plan, now.targets);
  // Fetching afresh is the person's choice each time: asked, with its cost, even when it is one call.
  const question =
    mode === "service"
      ? t("reports.fromService.ask", { reason: plan.reason ?? "", plan: described }).trim()
      : plan.needsConfirmation
        ? t("reports.ask", { reason: plan.reason ?? "", plan: described })
        : null;
  return { mode, plan, now, question };
}

/**
 * What each report and table of the tab would spend on its next *Refresh* (not *Refresh from the service*): keyed by
 * report sheet (`report:<sheet>`) or row id, as the tab shows it beside each.
 */
export async function nextRefreshPlans(
  engine: PlanningEngine,
  host: HostAdapter,
  groups: readonly ReportGroup[],
  others: readonly ReportRow[],
  remainingThisMonth: number | null,
): Promise<Map<string, RefreshPlan>> {
  const plans = new Map<string, RefreshPlan>();
  for (const group of groups) {
    const counted = await countRefresh(engine, host, group.rows, groups, "current", remainingThisMonth);
    plans.set(`report:${group.sheet}`, counted.plan);
  }
  for (const row of others) {
    const counted = await countRefresh(engine, host, [row], groups, "current", remainingThisMonth);
    plans.set(row.id, counted.plan);
  }
  return plans;
}
