/**
 * What the team relay answers besides the service's answers: its refusals and a member's calls left (/v1/visits).
 */
import type { ServerResponse } from "node:http";
import { refuseAs, type RelayOutcome } from "../relay";
import type { Acquired } from "./fair-queue";
import type { Member, PacedKey, Spent } from "./team-store";

export type Refused = Exclude<Acquired, { key: string }>;

export const envelopeCode = (text: string): string | undefined => {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === "string" ? code : undefined;
  } catch {
    return undefined;
  }
};

/**
 * /v1/visits for a member: `remaining` and `quota` are those of the budget that runs out first (theirs or the
 * plan's), read by the add-in as calls left; `member` and `plan` say each apart, for the pane's meter.
 */
export function visitsData(keys: readonly PacedKey[], member: Member, spent: Spent) {
  const budgets = keys.map((k) => k.monthlyBudget);
  const planQuota = budgets.every((b) => b !== null) ? budgets.reduce((a, b) => a! + b!, 0) : null;
  const planUsed = keys.reduce((n, k) => n + (spent.keys[k.name] ?? 0), 0);
  const planLeft = planQuota === null ? null : Math.max(0, planQuota - planUsed);
  const memberUsed = spent.members[member.name] ?? 0;
  const memberLeft = member.monthlyBudget === null ? null : Math.max(0, member.monthlyBudget - memberUsed);
  // The budget that runs out first is the one the add-in's meter counts against (its quota and what is left).
  const memberFirst = memberLeft !== null && (planLeft === null || memberLeft <= planLeft);
  return {
    remaining: memberFirst ? memberLeft : planLeft,
    quota: memberFirst ? member.monthlyBudget : planQuota,
    member: { name: member.name, quota: member.monthlyBudget, used: memberUsed, remaining: memberLeft },
    plan: { quota: planQuota, used: planUsed, remaining: planLeft },
    rateLimitPerMinute: keys.reduce((n, k) => n + k.perMinute, 0),
  };
}

/** A call the team's pacer or budgets refused, in the member's language (../relay-refusals.ts). */
export function sendRefusal(res: ServerResponse, grant: Refused): RelayOutcome {
  switch (grant.refused) {
    case "queue-timeout":
      return refuseAs(res, "queue", { retryAfterSeconds: grant.retryAfterSeconds });
    case "member-budget":
      return refuseAs(res, "member-budget", {});
    case "plan-budget":
      return refuseAs(res, "plan-budget", {});
    case "no-key":
      return refuseAs(res, "no-key", {});
    default: {
      const unknown: never = grant;
      throw new Error(`unknown refusal ${JSON.stringify(unknown)}`);
    }
  }
}
