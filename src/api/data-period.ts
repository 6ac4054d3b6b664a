/**
 * How long an operation's answer stays the same: the service recomputes product data daily, ABA search-frequency
 * data weekly, and market and keyword-research data monthly. An answer fetched within a period is the answer of
 * that whole period, so a cache may keep it until the period ends (UTC): the team relay's shared cache does, and
 * the add-in's own cache can read the same fact from each catalog row's `dataPeriod`.
 */
export type DataPeriod = "day" | "week" | "month";

const DAY_MS = 86_400_000;

/** When an answer fetched at `fetchedAt` stops being current: the next UTC midnight, Monday or first of a month. */
export function periodEnd(period: DataPeriod, fetchedAt: number): number {
  const d = new Date(fetchedAt);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  switch (period) {
    case "day":
      return midnight + DAY_MS;
    case "week":
      // ISO weeks start on Monday (getUTCDay: 0 = Sunday).
      return midnight + ((8 - d.getUTCDay()) % 7 || 7) * DAY_MS;
    case "month":
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    default: {
      const unknown: never = period;
      throw new Error(`unknown data period ${String(unknown)}`);
    }
  }
}
