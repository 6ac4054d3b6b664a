/**
 * The MAD functions against the simulator over real HTTP, through the CustomFunctions stand-in and a real engine:
 * every function spills its shaped table, paging follows `limit`, 100 cells with 10 distinct queries spend 10
 * calls and a restart spends none, and the simulator's injected faults reach the cell as #N/A messages.
 */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { operation, OPERATIONS } from "../../src/api/catalog";
import type { FaultSpec } from "../../src/simulator";
import { recordColumns } from "../../src/table/columns";
import { configureRunner } from "../../src/functions/runner";
import { harness } from "./helpers/harness";
import { useSimulator } from "../support/simulator";

const SECRET = "f0e1d2c3b4a5968778695a4b3c2d1e0f";

const sim = useSimulator({ secret: SECRET });
const service = sim.service;

beforeEach(() => sim.clearFaults());

afterAll(async () => {
  configureRunner();
  shim.uninstall();
});

describe("each function spills its shaped table from the simulator", () => {
  test.each(OPERATIONS.map((op) => [op.fn, op.code] as const))("MAD.%s", async (fn, code) => {
    const h = harness(shim, service);
    const op = operation(code);
    const outcome = await h.run(code, { limit: 20 }, { address: "Sheet1!A1" });
    expect(outcome.error).toBeUndefined();
    const table = outcome.value!;
    const columns = recordColumns(op);
    const width = table[0].length;
    for (const row of table) {
      expect(row).toHaveLength(width);
      for (const value of row) expect(["string", "number", "boolean"]).toContain(typeof value);
    }
    if (op.shape === "object") {
      expect(table[0]).toEqual(["field", "value"]);
      expect(table.slice(1).map((row) => row[0])).toEqual(columns.map((c) => c.name));
    } else {
      expect(table[0]).toEqual(columns.map((c) => c.name));
      expect(table.length).toBeGreaterThan(1);
      expect(table.length).toBeLessThanOrEqual(21);
    }
    // Per column type: dates are serial numbers, none-sentinels never show, value items stay numbers.
    const body = op.shape === "object" ? [table.slice(1).map((row) => row[1])] : table.slice(1);
    columns.forEach((column, i) => {
      for (const row of body) {
        const value = row[i];
        if (column.spec.type === "epochMs")
          expect(value === "" || (typeof value === "number" && value > 36526)).toBe(true);
        if (column.spec.noneSentinel !== undefined) expect(value).not.toBe(column.spec.noneSentinel);
        if (column.part) expect(["number", "string"]).toContain(typeof value);
        if (column.part && typeof value === "string") expect(value).toBe("");
      }
    });
    expect(h.registry.get("Sheet1!A1")).toMatchObject({ functionName: `MAD.${fn}`, status: "ok" });
    expect(service.calls()).toBeGreaterThanOrEqual(1);
  });
});

test("limit pages through with the largest page size; fields restrict the columns", async () => {
  const h = harness(shim, service);
  const outcome = await h.run("product_research", {
    filters: [
      ["minPrice", 5],
      ["order", "price asc"],
    ],
    fields: "asin, price",
    limit: 250,
  });
  const table = outcome.value!;
  expect(table[0]).toEqual(["asin", "price"]);
  expect(table).toHaveLength(251);
  expect(sim.stats().byOperation.product_research).toBe(3); // pages of 100, 100 and 50
  const prices = table.slice(1).map((row) => row[1] as number);
  expect(prices.every((p) => p >= 5)).toBe(true);
  expect([...prices].sort((a, b) => a - b)).toEqual(prices);
});

test("100 cells with 10 distinct queries cause 10 calls; after a restart, 0", async () => {
  const h = harness(shim, service);
  const nodes = Array.from({ length: 10 }, (_, i) => `172282:${281407 + i}`);
  const evaluateAll = () =>
    Promise.all(
      Array.from({ length: 100 }, (_, cell) =>
        h.run("market_brand_concentration", { positional: [nodes[cell % 10]] }, { address: `Sheet1!C${cell + 1}` }),
      ),
    );
  const first = await evaluateAll();
  expect(first.every((o) => o.value && o.value.length > 1)).toBe(true);
  expect(service.calls()).toBe(10);
  await h.restart();
  const second = await evaluateAll();
  expect(service.calls()).toBe(10);
  expect(second.map((o) => o.value)).toEqual(first.map((o) => o.value));
});

describe("the simulator's faults reach the cell as #N/A with what to do", () => {
  const faults: [string, FaultSpec, RegExp][] = [
    ["expired secret", { type: "envelope", code: "ERROR_SECRET_KEY_OVERDUE" } as FaultSpec, /expired.*task pane/],
    ["HTTP 503", { type: "http", status: 503 }, /HTTP 503.*Try again in a few minutes/],
    ["malformed body", { type: "malformed" }, /unexpected answer/],
    ["connection reset", { type: "reset" }, /Could not reach the service/],
  ];
  test.each(faults)("%s", async (_name, fault, message) => {
    const h = harness(shim, service);
    sim.injectFault({ match: { operation: "keyword_miner" }, times: 1, fault });
    const outcome = await h.run("keyword_miner");
    expect(outcome.error?.code).toBe("#N/A");
    expect(outcome.error?.message).toMatch(message);
    expect(service.calls()).toBe(1);
  });

  test("quota reached: the refusal stands when /v1/visits cannot tell the minute from the month", async () => {
    const h = harness(shim, service);
    sim.injectFault({
      match: { operation: "keyword_miner" },
      times: 1,
      fault: { type: "envelope", code: "ERROR_VISIT_MAX" },
    });
    const outcome = await h.run("keyword_miner");
    expect(outcome.error?.code).toBe("#N/A");
    expect(outcome.error?.message).toMatch(/call limit of the plan is reached/);
    // The refused call and the /v1/visits look-up.
    expect(service.calls()).toBe(2);
  });

  test("a wrong secret", async () => {
    const h = harness(shim, service, { secret: "00000000000000000000000000000000" });
    const outcome = await h.run("keyword_miner");
    expect(outcome.error?.message).toMatch(/API secret is wrong.*task pane/);
    expect(outcome.error?.message).not.toContain("00000000000000000000000000000000");
  });

  test("a stall settles at the total timeout; Excel's cancel settles at once", async () => {
    sim.injectFault({ match: { operation: "keyword_miner" }, times: 2, fault: { type: "stall" } });
    const slow = harness(shim, service, { totalTimeoutMs: 300, client: { retries: 0, attemptTimeoutMs: 10_000 } });
    expect((await slow.run("keyword_miner")).error?.message).toMatch(/did not complete within/);
    const h = harness(shim, service);
    const running = h.call("keyword_miner", { positional: ["another seed"] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    running.cancel();
    expect((await running.outcome).error).toEqual({
      code: "#N/A",
      message: "Cancelled by Excel. To rerun it: Refresh in the task pane's Reports tab, or Ctrl+Alt+F9.",
    });
  });
});
