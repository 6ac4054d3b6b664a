/**
 * A time budget that a busy machine cannot trip (issue 46: `service-faults` "a stall once" sent 3 requests where 2
 * were expected). On a starved machine a timer fires late, and first: in the same turn of the event loop as the
 * answer that arrived meanwhile, before it is read. The client's attempt and total budgets then decide only once
 * what arrived is read, and a timer that fired late (the process could not listen) gives the attempt its budget again.
 *
 * Run on a schedule made for it, not on timing: a clock that jumps when the test says the machine was starved, and a
 * fetch whose answer arrives during that starvation (queued before the late timers fire).
 */
import type { Clock } from "../../src/lib/clock";
import { createTypedClient as createClient } from "../support/operation-methods";
import { fakeFetch, ok, type Reply } from "./support/fake-fetch";

const SECRET = "0123456789abcdef0123456789abcdef";
const PARAMS = { marketplace: "US", keyword: "phone stand" } as const;
const ATTEMPT_MS = 5_000;

/** Lets promise chains and immediate callbacks run. */
const turns = async (n = 10) => {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

/** A clock the test moves: `run(ms)` as a machine that keeps up, `starve(ms, arrived)` as one that could not. */
class ScheduledClock implements Clock {
  private current = Date.UTC(2025, 8, 15, 12);
  private timers: { at: number; resolve: () => void }[] = [];

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = { at: this.current + Math.max(0, ms), resolve };
      this.timers.push(timer);
      signal?.addEventListener("abort", () => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(signal.reason);
      });
    });
  }

  /** Time passes and each timer fires when due, its continuation run before the next. */
  async run(ms: number): Promise<void> {
    const end = this.current + ms;
    for (;;) {
      await turns();
      const next = [...this.timers].sort((a, b) => a.at - b.at)[0];
      if (!next || next.at > end) break;
      this.current = next.at;
      this.fire((t) => t === next);
    }
    this.current = end;
    await turns();
  }

  /**
   * The process could not run for `ms`: meanwhile `arrived` (an answer's I/O) came in; the timers due fire late, in
   * the turn before that I/O is read.
   */
  async starve(ms: number, arrived: () => void): Promise<void> {
    this.current += ms;
    setImmediate(arrived);
    this.fire((t) => t.at <= this.current);
    await turns();
  }

  private fire(due: (timer: { at: number }) => boolean): void {
    const firing = this.timers.filter(due);
    this.timers = this.timers.filter((t) => !due(t));
    for (const timer of firing) timer.resolve();
  }
}

function setup() {
  let answer: (response: Response) => void = () => undefined;
  const later: Reply = () => new Promise<Response>((resolve) => (answer = resolve));
  const fake = fakeFetch("stall", later, ok([{ label: "third" }]));
  const clock = new ScheduledClock();
  const client = createClient({
    baseUrl: "https://api.example.test",
    secret: SECRET,
    fetch: fake.fetch,
    random: () => 0,
    clock,
    attemptTimeoutMs: ATTEMPT_MS,
    totalTimeoutMs: 60_000,
    retries: 2,
    backoff: { baseMs: 20, maxMs: 60 },
  });
  return { fake, clock, call: client.abaResearchTrend(PARAMS), answer: () => answer(ok([{ label: "second" }])) };
}

test("a stall, then a retry whose answer arrives while the machine is starved: 2 requests, the answer kept", async () => {
  const { fake, clock, call, answer } = setup();
  const settled = call.then(
    (value) => value,
    (error: unknown) => error,
  );
  await clock.run(ATTEMPT_MS); // the stalled attempt ends at its budget, on time
  await clock.run(100); // the backoff; the retry is sent
  expect(fake.calls).toHaveLength(2);
  await clock.starve(3 * ATTEMPT_MS, answer);
  await clock.run(100);
  expect(await settled).toMatchObject({ rows: [{ label: "second" }] });
  expect(fake.calls).toHaveLength(2);
});

test("a budget still ends an attempt that never answers, however starved the machine (at most ten budgets)", async () => {
  const { fake, clock, call } = setup();
  const settled = call.then(
    (value) => value,
    (error: unknown) => error,
  );
  await clock.run(ATTEMPT_MS);
  await clock.run(100);
  // Starved again and again, nothing ever arrives: the attempt ends once ten budgets have passed.
  for (let i = 0; i < 10 && fake.calls.length === 2; i++) await clock.starve(2 * ATTEMPT_MS, () => undefined);
  await clock.run(100);
  expect(fake.calls).toHaveLength(3);
  expect(await settled).toMatchObject({ rows: [{ label: "third" }] });
});

test("on a machine that keeps up, the budget ends the attempt at once, as before", async () => {
  const { fake, clock, call } = setup();
  const settled = call.then(
    (value) => value,
    (error: unknown) => error,
  );
  await clock.run(ATTEMPT_MS);
  await clock.run(100);
  await clock.run(ATTEMPT_MS);
  await clock.run(100);
  expect(fake.calls).toHaveLength(3);
  expect(await settled).toMatchObject({ rows: [{ label: "third" }] });
});
