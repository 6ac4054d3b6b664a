/** The team's scheduled refreshes as `npm run team -- schedules` prints them, one line each. */
import type { Schedule } from "../../api/schedules";

const iso = (ms: number) => new Date(ms).toISOString().replace(/:\d\d\.\d+Z$/, "Z");

export function scheduleLines(schedules: readonly Schedule[]): string[] {
  return [...schedules]
    .sort((a, b) => a.nextRunAt - b.nextRunAt)
    .map((s) => {
      const last = s.lastRun
        ? `last ${iso(s.lastRun.at)}: ${s.lastRun.calls} calls, ${s.lastRun.cacheHits} from the cache, ${s.lastRun.failed} failed${s.lastRun.note ? ` (${s.lastRun.note})` : ""}`
        : "not run yet";
      return `${s.id}\t${s.member}\t${s.name}\tdaily ${s.at} ${s.timeZone}\t${s.queries.length} queries\tnext ${iso(s.nextRunAt)}\t${last}`;
    });
}
