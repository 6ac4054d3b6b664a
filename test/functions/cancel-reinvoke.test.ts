/**
 * MAD.PRODUCT cells as Excel calls them (issue 45), through the real wrappers and runner over the engine and the fake
 * service on simulated time: Excel may cancel a cell the moment after it called it (office-js #3332, #3911), and
 * each cell first waits for the runtime's language, its plan's chunk and the settings; none of that may spend a call
 * twice or split one recalculation into more batches than ⌈cells / 40⌉.
 */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { FormulaRegistry } from "../../src/engine/formula-registry";
import { configureRunner } from "../../src/functions/runner";
import { VirtualClock } from "../support/virtual-clock";
import { setup } from "../engine/setup";

const asin = (i: number) => `B0${String(i).padStart(8, "0")}`;
const ASINS = Array.from({ length: 200 }, (_, i) => asin(i));

/** A small deterministic random (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

beforeEach(() => configureRunner()); // each test's own runner: its engine, clock and waits
afterAll(() => {
  configureRunner();
  shim.uninstall();
});

const card = (a: string, i: number) => shim.invoke("PRODUCT", ["US", a, null], { address: `Sheet1!A${i + 1}` });

test("a cell cancelled while it waits for its language sends nothing: onCanceled is set before the first wait", async () => {
  const clock = new VirtualClock();
  const { engine, service } = setup({ clock });
  let languageReady = () => undefined as void;
  const language = new Promise<void>((resolve) => (languageReady = resolve));
  configureRunner({
    engine: () => engine,
    registry: () => new FormulaRegistry(),
    entities: () => null,
    localeReady: () => language,
  });
  const cells = ASINS.slice(0, 3).map(card);
  await new Promise((resolve) => setTimeout(resolve, 0)); // the functions have started and wait for the language
  for (const cell of cells) cell.cancel(); // the person typed over the cells, or Excel recalculated them
  languageReady();
  const outcomes = await Promise.all(cells.map((c) => c.outcome));
  outcomes.forEach((o) => expect(o.error?.code).toBe("#N/A"));
  await clock.advance(1_000);
  expect(service.calls).toBe(0);
});

test("200 cards each waiting 0–300 ms for their language first go out in ⌈200/40⌉ calls", async () => {
  const clock = new VirtualClock();
  const { engine, service } = setup({ clock });
  const random = seeded(45);
  configureRunner({
    engine: () => engine,
    registry: () => new FormulaRegistry(),
    entities: () => null,
    // Each cell's wait ends at its own time, as a chunk or storage read answers it.
    localeReady: () => clock.sleep(Math.floor(random() * 301)),
  });
  const outcomes = await Promise.all(ASINS.map((a, i) => card(a, i).outcome));
  expect(outcomes.filter((o) => o.error)).toEqual([]);
  expect(service.calls).toBe(Math.ceil(200 / 40));
});

test("200 cards cancelled after their batch was sent and called again at once cost nothing more", async () => {
  const clock = new VirtualClock();
  const { engine, service } = setup({ clock, service: { latencyMs: 2_000 } });
  configureRunner({ engine: () => engine, registry: () => new FormulaRegistry(), entities: () => null });
  await card(asin(999), 999).outcome; // the account's first call goes alone (./account-gate)
  const first = ASINS.map(card);
  while (service.calls < 6) await clock.advance(10);
  for (const cell of first) cell.cancel(); // Ctrl+Alt+F9: every cell cancelled and called again
  const again = await Promise.all(ASINS.map((a, i) => card(a, i).outcome));
  expect(again.filter((o) => o.error)).toEqual([]);
  expect(service.calls).toBe(6);
});
