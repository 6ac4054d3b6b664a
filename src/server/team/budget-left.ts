/**
 * What a member may still spend this month: the lower of their own budget's and the plan's calls left (the plan's
 * budget is the sum of its keys' when every key has one). Asked before a member's keys join a batch of lookups
 * (./shared-lookup.ts): a member with nothing left neither rides a teammate's batch nor learns, free, what the team
 * already holds.
 */
import type { Refused } from "./answers";
import type { Member, PacedKey, Spent } from "./team-store";

export interface CallsLeft {
  /** The member's own budget's calls left; null = they have none of their own. */
  readonly member: number | null;
  /** The plan's; null = some key has no budget of ours. */
  readonly plan: number | null;
}

export function callsLeft(keys: readonly PacedKey[], member: Member, spent: Spent): CallsLeft {
  const budgets = keys.map((k) => k.monthlyBudget);
  const plan = budgets.every((b) => b !== null)
    ? budgets.reduce((sum, b) => sum! + b!, 0)! - Object.values(spent.keys).reduce((a, b) => a + b, 0)
    : null;
  const own = member.monthlyBudget === null ? null : member.monthlyBudget - (spent.members[member.name] ?? 0);
  return { member: own === null ? null : Math.max(0, own), plan: plan === null ? null : Math.max(0, plan) };
}

/** The refusal a member with no call left gets (their budget before the plan's), or undefined. */
export function spentRefusal(left: CallsLeft): Refused | undefined {
  if (left.member === 0) return { refused: "member-budget" };
  if (left.plan === 0) return { refused: "plan-budget" };
  return undefined;
}
