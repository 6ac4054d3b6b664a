/**
 * The relay's loops never fail silently (issue 47): a tick of the alert runner or of the scheduler that fails (the
 * store down), and a run's claim the store does not renew, each say so in one log line, which quotes no secret
 * (the store's connection string, a token), and the loop goes on at its next tick. On a fake clock.
 */
import type { SharedCaller } from "../../src/server/team/shared-call";
import type { HostChecks } from "../../src/server/team/alerts/host-checks";
import type { StoredAlert } from "../../src/server/team/alerts/model";
import { ALERT_CLAIM_MS, ALERT_TICK_MS, AlertRunner } from "../../src/server/team/alerts/runner";
import { MemoryStore } from "../../src/server/team/memory-store";
import { Scheduler, SCHEDULER_TICK_MS } from "../../src/server/team/scheduler";
import type { TeamStore } from "../../src/server/team/team-store";
import { VirtualClock } from "../support/virtual-clock";

const PASSWORD = "hunter2-store-password";
const TOKEN = "mad_team_0000secret0000token0000";
/** What a store's client may say when it is down: its address with the password, and a token it was handed. */
const DOWN = new Error(
  `connect ECONNREFUSED redis://:${PASSWORD}@10.0.0.5:6379 (token=${TOKEN})\n    at Socket.connect (net.js:1)`,
);

/** A memory store whose named steps fail as a store that is down does. */
function failing(store: TeamStore, steps: readonly (keyof TeamStore)[]): TeamStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (steps.includes(name as keyof TeamStore)) return () => Promise.reject(DOWN);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function logged() {
  const lines: string[] = [];
  const log = (event: Record<string, unknown>) => lines.push(JSON.stringify(event));
  const events = () => lines.map((line) => (JSON.parse(line) as { event: string }).event);
  return { lines, log, events };
}

const runnerOf = (store: TeamStore, clock: VirtualClock, log: (event: Record<string, unknown>) => void) =>
  new AlertRunner({
    store,
    clock,
    shared: (() => Promise.reject(new Error("not called"))) as unknown as SharedCaller,
    deliver: { hosts: {} as HostChecks, timeoutMs: 1_000 },
    limits: { maxPending: 200, maxBytes: 4_000_000 },
    log,
  });

function expectNoSecret(lines: readonly string[]) {
  for (const line of lines) {
    expect(line).not.toContain(PASSWORD);
    expect(line).not.toContain(TOKEN);
    expect(line).not.toContain("\n");
  }
}

test("a failed tick of the alert runner logs one line a tick, without the store's password or a token", async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  const { lines, log, events } = logged();
  const runner = runnerOf(failing(new MemoryStore(), ["alerts", "alertStatuses"]), clock, log);
  runner.start();
  await clock.advance(0);
  expect(events()).toEqual(["alert-tick-failed"]);
  await clock.advance(ALERT_TICK_MS);
  expect(events()).toEqual(["alert-tick-failed", "alert-tick-failed"]);
  expect(JSON.parse(lines[0])).toEqual({
    event: "alert-tick-failed",
    reason: "connect ECONNREFUSED redis://[redacted]@10.0.0.5:6379 (token=[redacted])",
  });
  expectNoSecret(lines);
  await runner.stop();
});

test("a failed tick of the scheduler logs one line a tick, and the next tick runs again", async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  const { lines, log, events } = logged();
  const store = failing(new MemoryStore(), ["schedules"]);
  const scheduler = new Scheduler({ store, keys: [], clock, shared: {} as SharedCaller, log });
  scheduler.start();
  await clock.advance(0);
  expect(events()).toEqual(["schedule-tick-failed"]);
  await clock.advance(SCHEDULER_TICK_MS);
  expect(events()).toEqual(["schedule-tick-failed", "schedule-tick-failed"]);
  expectNoSecret(lines);
  await scheduler.stop();
});

test("a run's claim the store fails to renew is logged once a renewal, and the run still ends", async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  const { lines, log, events } = logged();
  const memory = new MemoryStore();
  const alert: StoredAlert = {
    id: "price-watch-01",
    member: "alice",
    name: "Price watch",
    query: '=MAD.PRODUCTS("US",{"B000000001"})',
    when: "price < 20",
    every: "daily",
    digest: false,
    language: "en",
    muted: false,
    destinations: [],
    createdAt: clock.now(),
    updatedAt: clock.now(),
    version: "v1",
  };
  await memory.alertSave(alert, { nextRunAt: clock.now() }, true, 50);
  // The run waits on the store (its members) while the claim's renewals come due; the first claim is taken.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let claims = 0;
  const store = new Proxy(memory, {
    get(target, name, receiver) {
      if (name === "members") return () => held.then(() => target.members());
      if (name === "alertClaim")
        return (...args: Parameters<TeamStore["alertClaim"]>) =>
          ++claims === 1 ? target.alertClaim(...args) : Promise.reject(DOWN);
      const value = Reflect.get(target, name, receiver) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as TeamStore;
  const runner = runnerOf(store, clock, log);
  const running = runner.runDue(false);
  await clock.advance(ALERT_CLAIM_MS / 3);
  expect(events()).toEqual(["alert-claim-renew-failed"]);
  await clock.advance(ALERT_CLAIM_MS / 3);
  expect(events()).toEqual(["alert-claim-renew-failed", "alert-claim-renew-failed"]);
  expect(JSON.parse(lines[0])).toMatchObject({ alert: "price-watch-01" });
  release();
  const [report] = await running;
  expect(report.run.note).toMatch(/alice is no longer a member/);
  expectNoSecret(lines);
});
