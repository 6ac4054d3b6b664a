/**
 * The batchers of the engine and the team relay by group (src/lib/batcher-registry.ts): a group's batcher is dropped
 * once none of its keys has waited for the idle time (on the test's clock, no real timer), never while a key waits;
 * each batch is sent with who asked each of its keys.
 */
import { BatcherRegistry } from "../../src/lib/batcher-registry";
import { VirtualClock } from "../support/virtual-clock";

const WINDOW_MS = 50;
const IDLE_MS = 60_000;

/** A registry whose calls answer each key with its asker's name, or wait for `release` when `held`. */
function registry(clock: VirtualClock, options: { held?: boolean } = {}) {
  const calls: { keys: readonly string[]; askers: readonly string[] }[] = [];
  const waiting: (() => void)[] = [];
  const batchers = new BatcherRegistry<string, string>({
    clock,
    idleMs: IDLE_MS,
    batcher: () => ({
      windowMs: WINDOW_MS,
      max: 40,
      cancelled: () => new Error("cancelled"),
      send: async (keys, askers) => {
        calls.push({ keys, askers });
        if (options.held) await new Promise<void>((resolve) => waiting.push(resolve));
        return keys.map((key, i) => `${key} for ${askers[i]}`);
      },
    }),
  });
  const release = () => waiting.splice(0).forEach((resolve) => resolve());
  return { batchers, calls, release };
}

test("1,000 groups asked once: kept for the idle time, then the registry is empty again", async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  const { batchers, calls } = registry(clock);
  const answers = Array.from({ length: 1_000 }, (_, i) => batchers.load(`group ${i}`, "B000000001", "ann"));
  await clock.advance(WINDOW_MS);
  await expect(Promise.all(answers.map((a) => a.promise))).resolves.toHaveLength(1_000);
  expect(calls).toHaveLength(1_000);
  expect(batchers.size).toBe(1_000);
  await clock.advance(IDLE_MS - 1);
  expect(batchers.size).toBe(1_000);
  await clock.advance(1);
  expect(batchers.size).toBe(0);
});

test("a group whose call is still under way is kept however long it takes, and dropped the idle time after", async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  const { batchers, release } = registry(clock, { held: true });
  const answer = batchers.load("slow", "B000000001", "ann");
  await clock.advance(WINDOW_MS + 5 * IDLE_MS);
  expect(batchers.size).toBe(1);
  release();
  await expect(answer.promise).resolves.toBe("B000000001 for ann");
  await clock.advance(IDLE_MS - 1);
  expect(batchers.size).toBe(1);
  await clock.advance(1);
  expect(batchers.size).toBe(0);
});

test("a group asked again within the idle time batches on; dropped, it batches again when asked", async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  const { batchers, calls } = registry(clock);
  const first = batchers.load("g", "B000000001", "ann");
  await clock.advance(WINDOW_MS);
  await first.promise;
  await clock.advance(IDLE_MS / 2);
  const again = [batchers.load("g", "B000000002", "bob"), batchers.load("g", "B000000003", "cy")];
  await clock.advance(WINDOW_MS);
  await expect(Promise.all(again.map((a) => a.promise))).resolves.toEqual(["B000000002 for bob", "B000000003 for cy"]);
  await clock.advance(IDLE_MS);
  expect(batchers.size).toBe(0);
  const later = batchers.load("g", "B000000004", "dee");
  await clock.advance(WINDOW_MS);
  await expect(later.promise).resolves.toBe("B000000004 for dee");
  expect(calls.map((c) => c.keys)).toEqual([["B000000001"], ["B000000002", "B000000003"], ["B000000004"]]);
});

test("each key of a batch is sent with who asked it first; a key asked again joins with its first asker", async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  const { batchers, calls } = registry(clock);
  const ann = batchers.load("g", "B000000001", "ann");
  const bob = batchers.load("g", "B000000002", "bob");
  const bobToo = batchers.load("g", "B000000001", "bob");
  expect(bobToo.joined).toBe(true);
  await clock.advance(WINDOW_MS);
  await expect(Promise.all([ann.promise, bob.promise, bobToo.promise])).resolves.toEqual([
    "B000000001 for ann",
    "B000000002 for bob",
    "B000000001 for ann",
  ]);
  expect(calls).toEqual([{ keys: ["B000000001", "B000000002"], askers: ["ann", "bob"] }]);
});

test("a group whose every asker left before its turn is dropped the idle time after, its batch never sent", async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  const { batchers, calls } = registry(clock);
  const leaving = new AbortController();
  const answer = batchers.load("g", "B000000001", "ann", leaving.signal);
  leaving.abort(new Error("cell cancelled"));
  await expect(answer.promise).rejects.toThrow("cell cancelled");
  await clock.advance(WINDOW_MS + IDLE_MS);
  expect(calls).toEqual([]);
  expect(batchers.size).toBe(0);
});
