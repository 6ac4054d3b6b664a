/**
 * A team relay that keeps history, in process, for the task pane's tests of the relay's history (Keep history on the
 * relay, feeds, backfill): a hosting server in team mode over a memory store, its history in a database of
 * test/server/support/databases.ts (or off, with the relay's reason), and its scheduler, run by the test, on a clock
 * the test moves from day to day (real waits, a calendar the test sets). The browser test and the screenshots of
 * docs/history-feeds.md serve the built add-in from it.
 */
import { sleep } from "../../../src/lib/timeout";
import type { Clock } from "../../../src/lib/clock";
import type { Database } from "../../../src/server/history/database";
import { HistoryStore, type HistoryAccess } from "../../../src/server/history/snapshots";
import { createHostingServer, listen } from "../../../src/server/hosting";
import { createUpstreamCaller } from "../../../src/server/relay";
import { MemoryStore } from "../../../src/server/team/memory-store";
import type { Scheduler } from "../../../src/server/team/scheduler";
import { createTeamRelay } from "../../../src/server/team/team-relay";
import { hashToken, newToken } from "../../../src/server/team/tokens";
import { planKey } from "../../server/support/team";

export interface HistoryTeam {
  readonly base: string;
  readonly scheduler: Scheduler;
  /** The schedules' ids, as the relay keeps them. */
  scheduleIds(): Promise<string[]>;
  /** Sets the relay's calendar (its runs are taken on this day, in the schedule's time zone). */
  setNow(at: Date): void;
  /** A member's token. */
  member(name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startHistoryTeam(options: {
  upstream: string;
  secret: string;
  database: Database | { off: string };
  /** Serves the built add-in too (dist/), as `npm run serve -- --team --static dist` does, its policy reported only. */
  staticDir?: string;
}): Promise<HistoryTeam> {
  let offset = 0;
  const clock: Clock = { now: () => Date.now() + offset, sleep };
  const history: HistoryAccess =
    "off" in options.database
      ? options.database
      : { database: options.database, store: new HistoryStore(options.database) };
  const store = new MemoryStore();
  const team = createTeamRelay({
    store,
    keys: [planKey("main", options.secret)],
    callUpstream: createUpstreamCaller({
      upstream: options.upstream,
      timeoutMs: 10_000,
      maxAnswerBytes: 1_000_000,
      secrets: [options.secret],
    }),
    clock,
    queueWaitMs: 10_000,
    memberRatePerMinute: 600,
    schedulerTickMs: 0,
    history,
  });
  const hosting = createHostingServer({
    upstream: options.upstream,
    team,
    log: () => undefined,
    // The preview frames its pane from a blob: page, which the add-in's own policy (no frames) would block.
    ...(options.staticDir ? { staticDir: options.staticDir, csp: { reportOnly: true } } : {}),
  });
  const base = await listen(hosting, 0, "127.0.0.1");
  return {
    base,
    scheduler: team.scheduler,
    scheduleIds: async () => (await store.schedules()).map((s) => s.id),
    setNow: (at) => void (offset = at.getTime() - Date.now()),
    async member(name) {
      const token = newToken();
      await store.addMember({ name, role: "member", monthlyBudget: null, createdAt: Date.now() }, hashToken(token));
      return token;
    },
    stop: () => hosting.stop(0),
  };
}
