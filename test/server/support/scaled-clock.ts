/**
 * Real time, faster: one real millisecond is `factor` simulated ones. The relay's pacer and the simulator's own
 * per-minute limit read the same clock, so minutes of pacing pass in seconds while requests stay real HTTP.
 */
import type { Clock } from "../../../src/lib/clock";
import { sleep } from "../../../src/lib/timeout";

export function scaledClock(factor: number, start = Date.now()): Clock {
  const realStart = Date.now();
  return {
    now: () => start + (Date.now() - realStart) * factor,
    sleep: (ms, signal) => sleep(Math.max(0, ms) / factor, signal),
  };
}
