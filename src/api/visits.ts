/**
 * GET /v1/visits: the calls left in the plan. Its shape is not documented, so the reading is lenient.
 */

/** Calls left on a team relay: the member's own budget and the team plan's, each null when it has none. */
export interface TeamCalls {
  readonly member: { readonly remaining: number | null; readonly quota: number | null };
  readonly plan: { readonly remaining: number | null; readonly quota: number | null };
}

export interface VisitsResult {
  /** Calls left in the plan, when the answer says so. */
  remaining: number | null;
  /** The plan's monthly calls, when the answer says so (a `quota`, `monthlyQuota` or `total` field). */
  quota: number | null;
  /** `data` as the service sent it (its shape is not documented). */
  raw: unknown;
  /** A team relay's answer says the member's calls left and the plan's apart; null from the service itself. */
  team: TeamCalls | null;
}

const countFrom = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : null;

/**
 * The count of calls left from the visits answer, in any of the shapes seen: a number; an object (its most
 * count-like numeric field); or a list of `{module, remain, message}` as official clients read it. For a list, a
 * module named like the whole API (api, openapi, all, total) answers; else the smallest count, the one that runs
 * out first.
 */
export function remainingFrom(data: unknown): number | null {
  if (Array.isArray(data)) {
    const modules = data
      .filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null)
      .map((item) => ({ module: String(item.module ?? ""), left: remainingFrom(item) }))
      .filter((m): m is { module: string; left: number } => m.left !== null);
    if (modules.length === 0) return null;
    const whole = modules.find((m) => /^(open[ _-]?)?api$|^all$|^total$/i.test(m.module.trim()));
    return whole ? whole.left : Math.min(...modules.map((m) => m.left));
  }
  const direct = countFrom(data);
  if (direct !== null || typeof data !== "object" || data === null) return direct;
  const entries = Object.entries(data as Record<string, unknown>);
  for (const pattern of [/remain|left|surplus|avail|balance/i, /count|visit|quota|total/i]) {
    for (const [key, value] of entries) {
      const n = countFrom(value);
      if (n !== null && pattern.test(key)) return n;
    }
  }
  return null;
}

/** The plan's monthly calls from the visits answer: an object's `quota`, `monthlyQuota` or `total` field. */
export const quotaFrom = (data: unknown): number | null =>
  typeof data === "object" && data !== null && !Array.isArray(data)
    ? countFrom(Object.entries(data).find(([key]) => /^(monthly)?quota$|^total$/i.test(key))?.[1])
    : null;

/** The member's and the plan's calls left from a team relay's visits answer (`{member: {...}, plan: {...}}`). */
export function teamCallsFrom(data: unknown): TeamCalls | null {
  const part = (value: unknown) =>
    typeof value === "object" && value !== null
      ? {
          remaining: countFrom((value as Record<string, unknown>).remaining),
          quota: countFrom((value as Record<string, unknown>).quota),
        }
      : undefined;
  const { member, plan } = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  const [own, team] = [part(member), part(plan)];
  return own && team ? { member: own, plan: team } : null;
}
