/** The team's scheduled refreshes as `npm run team -- schedules` prints them, one line each. */
import { escapeControlCharacters as shown } from "../../lib/control-characters";
import type { Schedule } from "../../relay-api/schedules";
import { counted } from "./counted";

const iso = (ms: number) => new Date(ms).toISOString().replace(/:\d\d\.\d+Z$/, "Z");

export function scheduleLines(schedules: readonly Schedule[]): string[] {
  return [...schedules]
    .sort((a, b) => a.nextRunAt - b.nextRunAt)
    .map((s) => {
      const last = s.lastRun
        ? `last ${iso(s.lastRun.at)}: ${counted(s.lastRun.calls, "call", "calls")}, ${s.lastRun.cacheHits} from the cache, ${s.lastRun.failed} failed${s.lastRun.note ? ` (${shown(s.lastRun.note)})` : ""}`
        : "not run yet";
      // Stored texts are printed escaped: a name cannot clear the admin's screen or forge a line.
      return `${shown(s.id)}\t${shown(s.member)}\t${shown(s.name)}\tdaily ${shown(s.at)} ${shown(s.timeZone)}\t${counted(s.queries.length, "query", "queries")}\tnext ${iso(s.nextRunAt)}\t${last}`;
    });
}
