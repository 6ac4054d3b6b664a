/**
 * What the Reports tab says of each report and table, without React: as of when its data is, what its next refresh
 * would cost, what failed and why, and, for a formula showing its last good answer, since when and why
 * ("as of 24 Nov, 09:10: the service did not answer").
 */
import type { LastGood } from "../../engine";
import { t } from "../../i18n";
import type { RefreshPlan } from "./refresh-plan";
import type { ReportRow } from "./reports";

/** "as of 24 Nov, 09:10: the service did not answer" */
export const lastGoodText = (at: number, lastGood: LastGood): string =>
  t("lastGood.status", { at, reason: lastGood.reason });

/** The oldest data among rows (what "as of" means for a report of several formulas); null before any. */
function oldestData(rows: readonly ReportRow[]): number | null {
  const times = rows.map((r) => r.lastRefreshed).filter((n): n is number => n !== null);
  return times.length ? Math.min(...times) : null;
}

/** "As of 24 Nov, 09:10", "Not refreshed yet". */
const asOfText = (at: number | null): string => (at === null ? t("status.never") : t("status.asOf", { at }));

/** "Next refresh: 8 calls" ("at least", "up to" as the plan says). */
function costText(plan: RefreshPlan | undefined): string {
  if (!plan) return t("status.counting");
  const bound = plan.atLeast ? "atLeast" : plan.groups.some((g) => g.upTo) ? "upTo" : "exact";
  return t("status.nextRefresh", { calls: plan.calls, bound });
}

/** The lines a report or a row's details show besides its title. */
export function statusLines(rows: readonly ReportRow[], plan: RefreshPlan | undefined): string[] {
  const lines = [`${asOfText(oldestData(rows))} · ${costText(plan)}`];
  const stale = rows.filter((r) => r.lastGood && r.lastRefreshed !== null);
  if (stale.length) {
    const oldest = stale.reduce((a, b) => (a.lastRefreshed! <= b.lastRefreshed! ? a : b));
    lines.push(
      t("status.showsLastGood", { count: stale.length, status: lastGoodText(oldest.lastRefreshed!, oldest.lastGood!) }),
    );
  }
  for (const row of rows.filter((r) => r.status === "error" && r.message))
    lines.push(t("status.failed", { at: `${row.sheet}!${row.address.split(":")[0]}`, message: row.message! }));
  return lines;
}
