/**
 * MAD.ASOF(cell) gives the time of the data a MAD formula's results show, as an Excel date-time, for the formula's
 * cell or any cell of its spill (Excel hands it the argument's address: @requiresParameterAddresses); it waits for a
 * formula still running, and shows the last good answer's time when the service failed. Against the simulator.
 */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { configureRunner } from "../../src/functions/runner";
import { localDateTimeSerial, serialToDate } from "../../src/api/dates";
import { harness } from "./helpers/harness";
import { useSimulator } from "../support/simulator";

const SECRET = "asof-00112233445566778899aabbccdd";
const sim = useSimulator({ secret: SECRET });

afterAll(() => {
  configureRunner();
  shim.uninstall();
});
afterEach(() => sim.clearFaults());

const asOf = (parameterAddresses?: string[]) =>
  shim.invoke("ASOF", [[["asin"]]], { address: "Sheet1!A1", ...(parameterAddresses ? { parameterAddresses } : {}) })
    .outcome;

const formula = { filters: "keyword=yoga mat", fields: "asin, price", limit: 20 };

describe("MAD.ASOF", () => {
  test("gives the fetch time of the formula's data, for its cell, a cell inside its spill and the whole spill", async () => {
    const h = harness(shim, sim.service);
    const before = Date.now();
    const ran = await h.run("product_research", formula, { address: "Sheet1!D5" });
    expect(ran.value).toHaveLength(21);
    const fetchedAt = h.registry.get("Sheet1!D5")!.lastRefreshed!;
    expect(fetchedAt).toBeGreaterThanOrEqual(before);
    for (const at of ["Sheet1!D5", "Sheet1!$E$9", "Sheet1!D5:E25", "'Sheet1'!E25"]) {
      const { value, error } = await asOf([at]);
      expect(error).toBeUndefined();
      expect(value).toEqual([[localDateTimeSerial(fetchedAt)]]);
    }
    // A real Excel date-time: the serial reads back as this computer's clock showed the fetch.
    const shown = serialToDate(((await asOf(["Sheet1!D5"])).value as number[][])[0][0]);
    expect(shown.getTime() + new Date(fetchedAt).getTimezoneOffset() * 60_000).toBeCloseTo(fetchedAt, -1);
  });

  test("a cell outside the spill, a formula not run yet, and no reference at all say what is wrong", async () => {
    const h = harness(shim, sim.service);
    await h.run("product_research", formula, { address: "Sheet1!D5" });
    const outside = await asOf(["Sheet1!F5"]);
    expect(outside.error?.code).toBe("#N/A");
    expect(outside.error?.message).toMatch(/Sheet1!F5 shows no MAD results in this session yet/);
    expect((await asOf(["Other!D5"])).error?.code).toBe("#N/A");
    const missing = await asOf();
    expect(missing.error?.code).toBe("#VALUE!");
    expect(missing.error?.message).toMatch(/takes a reference to a MAD formula's cell or results/);
  });

  test("waits for a formula still running, then gives its new time", async () => {
    const h = harness(shim, sim.service);
    const running = h.call("product_research", formula, { address: "Sheet1!D5" });
    const time = asOf(["Sheet1!D5"]);
    await running.outcome;
    const got = await time;
    expect(got.error).toBeUndefined();
    expect(got.value).toEqual([[localDateTimeSerial(h.registry.get("Sheet1!D5")!.lastRefreshed!)]]);
  });

  test("the service down: the cell keeps its rows, the registry says why, MAD.ASOF gives the earlier time", async () => {
    // A bound of 1 ms: the answer is past it at once, so the next run asks the service again.
    const h = harness(shim, sim.service, { cacheTtlMs: 1 });
    const first = await h.run("product_research", formula, { address: "Sheet1!D5" });
    const fetchedAt = h.registry.get("Sheet1!D5")!.lastRefreshed!;
    await new Promise((r) => setTimeout(r, 5));
    sim.injectFault({ match: { operation: "product_research" }, times: 10, fault: { type: "http", status: 503 } });
    const again = await h.run("product_research", formula, { address: "Sheet1!D5" });
    expect(again.value).toEqual(first.value);
    const entry = h.registry.get("Sheet1!D5")!;
    expect(entry.status).toBe("ok");
    expect(entry.lastGood?.reason).toBe("serviceFault");
    expect(entry.lastRefreshed).toBe(fetchedAt);
    expect((await asOf(["Sheet1!D5"])).value).toEqual([[localDateTimeSerial(fetchedAt)]]);
  });

  test("a refused secret shows #N/A, not the earlier rows", async () => {
    const h = harness(shim, sim.service, { cacheTtlMs: 1 });
    await h.run("product_research", formula, { address: "Sheet1!D5" });
    await new Promise((r) => setTimeout(r, 5));
    sim.injectFault({
      match: { operation: "product_research" },
      times: 10,
      fault: { type: "envelope", code: "ERROR_SECRET_KEY" },
    });
    const refused = await h.run("product_research", formula, { address: "Sheet1!D5" });
    expect(refused.error?.code).toBe("#N/A");
    expect(refused.error?.message).toMatch(/secret/i);
    expect((await asOf(["Sheet1!D5"])).error?.code).toBe("#N/A");
  });
});
