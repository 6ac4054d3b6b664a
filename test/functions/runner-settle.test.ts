/**
 * The runner's last-resort guard: when the engine itself stalls (here, runtime storage that never answers, so
 * neither the settings nor the secret can be read), the cell still settles with #N/A instead of staying #BUSY!.
 */
import { createEngine } from "../../src/engine/engine";
import { type KeyValueStore } from "../../src/engine/key-value-store";
import { FormulaRegistry } from "../../src/engine/formula-registry";
import { configureRunner, runFormula } from "../../src/functions/runner";

const stalledStore: KeyValueStore = {
  getItem: () => new Promise<string | null>(() => undefined),
  setItem: () => new Promise<void>(() => undefined),
  removeItem: () => new Promise<void>(() => undefined),
};

afterAll(() => configureRunner());

it("settles with #N/A when the engine and its settings store never answer", async () => {
  let sent = 0;
  const engine = createEngine({
    store: stalledStore,
    // The engine bounds its own settings read by the total time; kept short so no timer outlives the test.
    totalTimeoutMs: 300,
    fetch: (async () => {
      sent++;
      throw new Error("nothing may be sent");
    }) as typeof fetch,
  });
  const registry = new FormulaRegistry();
  configureRunner({ engine: () => engine, registry: () => registry, settleWithinMs: 50 });

  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const outcome = await Promise.race([
    runFormula("keyword_research_trends", { market: "US", positional: ["yoga mat"] }).then(
      () => ({ settled: "resolved" as const }),
      (error: { code?: string; message?: string }) => ({ settled: "rejected" as const, error }),
    ),
    new Promise<{ settled: "stuck" }>((resolve) => {
      watchdog = setTimeout(() => resolve({ settled: "stuck" }), 5_000);
    }),
  ]);
  clearTimeout(watchdog);
  expect(outcome.settled).toBe("rejected");
  if (outcome.settled !== "rejected") return;
  expect(outcome.error.code).toBe("#N/A");
  expect(outcome.error.message).toMatch(/did not complete/);
  expect(sent).toBe(0);
});
