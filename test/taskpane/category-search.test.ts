/**
 * The category picker's search (model level): words typed into a nodeIdPath field find categories through the
 * engine's product_node query against the simulator over HTTP, after the typing pause, once per distinct search;
 * picking a choice gives the field its node path; a typed node path is never searched.
 */
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { type Engine } from "../../src/engine/types";
import {
  CategorySearch,
  engineLookup,
  SEARCH_DEBOUNCE_MS,
  type CategorySearchState,
  type Scheduler,
} from "../../src/taskpane/shared/category-search";
import { useSimulator } from "../support/simulator";

const SECRET = "f0e1d2c3b4a5968778695a4b3c2d1e0f";
let engine: Engine;

const sim = useSimulator({ secret: SECRET });
beforeAll(async () => {
  engine = createEngine({ store: memoryStore(), perMinute: 1000 });
  await engine.writeSettings({ secret: SECRET, baseUrl: sim.url });
});

/** Timers the test runs by hand: what is due, with the wait it asked for. */
function manualScheduler() {
  const due = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  const scheduler: Scheduler = {
    schedule: (run, ms) => (due.set(++next, { run, ms }), next),
    cancel: (handle) => due.delete(handle as number),
  };
  const fire = () => {
    const tasks = [...due.values()];
    due.clear();
    for (const task of tasks) task.run();
    return tasks.map((t) => t.ms);
  };
  return { scheduler, fire, pending: () => due.size };
}

function settled(search: CategorySearch): Promise<CategorySearchState> {
  return new Promise((resolve) => {
    const stop = search.subscribe((state) => {
      if (state.status === "done" || state.status === "failed") {
        stop();
        resolve(state);
      }
    });
  });
}

const productNodeCalls = () => sim.stats().byOperation.product_node ?? 0;

test('typing "yoga" finds "Sports & Outdoors › … › Yoga › Mats"; picking it gives the field its nodeIdPath', async () => {
  const timers = manualScheduler();
  const search = new CategorySearch(engineLookup(engine), timers.scheduler);
  const states: string[] = [];
  search.subscribe((state) => states.push(state.status));
  // Keystrokes within the pause: only the last text is searched, once.
  for (const text of ["y", "yo", "yog", "yoga"]) search.type("US", text);
  expect(timers.pending()).toBe(1);
  expect(productNodeCalls()).toBe(0);
  const done = settled(search);
  expect(timers.fire()).toEqual([SEARCH_DEBOUNCE_MS]);
  expect(SEARCH_DEBOUNCE_MS).toBeGreaterThanOrEqual(300);
  const state = await done;
  expect(states).toEqual(["idle", "searching", "done"]);
  if (state.status !== "done") throw new Error(`search ended ${state.status}`);
  const mats = state.choices.find((c) => c.label === "Sports & Outdoors › Fitness & Exercise Equipment › Yoga › Mats");
  expect(mats?.nodeIdPath).toBe("3375251:3407731:3422251:3422301");
  expect(mats?.products).toEqual(expect.any(Number));
  expect(productNodeCalls()).toBe(1);

  // The same search again (other case, other spacing) spends nothing.
  const again = settled(search);
  search.type("US", "  YOGA ");
  timers.fire();
  expect(await again).toEqual({ ...state, words: "YOGA" });
  expect(productNodeCalls()).toBe(1);
});

test("a typed node path is a value, not a search; no market, no search", () => {
  const timers = manualScheduler();
  const lookups: string[] = [];
  const search = new CategorySearch(
    async (market, keyword) => (lookups.push(`${market}|${keyword}`), []),
    timers.scheduler,
  );
  search.type("US", "3375251:3407731");
  search.type("", "yoga");
  search.type("US", "y");
  expect(timers.pending()).toBe(0);
  expect(search.state).toEqual({ status: "idle" });
  expect(lookups).toEqual([]);
});

test("no match says so, and a failure is reported and may be tried again", async () => {
  const timers = manualScheduler();
  const search = new CategorySearch(engineLookup(engine), timers.scheduler);
  const none = settled(search);
  search.type("US", "zzzz qqqq");
  timers.fire();
  expect(await none).toEqual({ status: "done", words: "zzzz qqqq", choices: [] });

  let fail = true;
  const flaky = new CategorySearch(async () => {
    if (fail) throw new Error("the service is unreachable");
    return [];
  }, timers.scheduler);
  const failed = settled(flaky);
  flaky.type("US", "yoga");
  timers.fire();
  expect(await failed).toMatchObject({ status: "failed", words: "yoga" });
  fail = false;
  const retried = settled(flaky);
  flaky.type("US", "yoga");
  timers.fire();
  expect(await retried).toEqual({ status: "done", words: "yoga", choices: [] });
});
