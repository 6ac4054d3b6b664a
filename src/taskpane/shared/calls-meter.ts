/**
 * What the calls meter says and how it colours it (./CallsMeter.tsx draws them): the pane's words for the month's
 * calls, apart from the view, so what reads them needs no React or Fluent UI.
 */
import type { TeamCalls } from "../../api/visits";
import type { UsageSnapshot } from "../../engine";
import { t } from "../../i18n";

export type MeterLevel = "success" | "warning" | "error";

/** Warning under 20% left, error under 5%. */
export function meterLevel(remaining: number, quota: number): MeterLevel {
  const left = quota > 0 ? remaining / quota : 0;
  return left < 0.05 ? "error" : left < 0.2 ? "warning" : "success";
}

/** What the meter says: "used / quota" when the plan's size is known, else the calls left. */
export function meterText(usage: Pick<UsageSnapshot, "remainingThisMonth" | "quotaThisMonth">): string {
  const { remainingThisMonth: remaining, quotaThisMonth: quota } = usage;
  if (remaining === null) return t("meter.leftUnknown");
  if (quota === null) return t("meter.left", { left: remaining });
  return t("meter.used", { used: Math.max(0, quota - remaining), quota, left: remaining });
}

/** Through a team relay: the member's calls left and the team plan's, each against its budget when it has one. */
export function teamCallsText(team: TeamCalls): string {
  const part = ({ remaining, quota }: TeamCalls["member"], none: string) =>
    remaining === null
      ? none
      : quota === null
        ? t("meter.team.left", { left: remaining })
        : t("meter.team.leftOf", { left: remaining, quota });
  return t("meter.team.line", {
    member: part(team.member, t("meter.team.memberNoBudget")),
    plan: part(team.plan, t("meter.team.planNoBudget")),
  });
}
