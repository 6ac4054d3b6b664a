import { AbortError } from "../../src/api/errors";
import { setup } from "./setup";

const research = (keyword: string) => ({ marketplace: "US", keyword }) as const;

describe("page progress", () => {
  test("a 2,000-row query reports page 0 of 20, then each page read in order up to 20 of 20", async () => {
    const { engine } = setup();
    const seen: string[] = [];
    const result = await engine.query("product_research", research("yoga"), {
      limit: 2_000,
      onPage: (done, total) => seen.push(`${done}/${total}`),
    });
    expect(result.rows).toHaveLength(2_000);
    expect(seen[0]).toBe("0/20");
    expect(seen.at(-1)).toBe("20/20");
    expect(seen).toEqual(["0/20", ...Array.from({ length: 20 }, (_, i) => `${i + 1}/20`)]);
  });

  test("the total shrinks to the pages the data has", async () => {
    const { engine } = setup({ service: { total: 250 } });
    const seen: string[] = [];
    await engine.query("product_research", research("small"), {
      limit: 2_000,
      onPage: (done, total) => seen.push(`${done}/${total}`),
    });
    expect(seen).toEqual(["0/20", "1/3", "2/3", "3/3"]);
  });

  test("aborting mid-way stops the query with an AbortError and no further pages are reported", async () => {
    const { engine, service } = setup({ service: { latencyMs: 1_000 }, engine: { concurrency: 1 } });
    const controller = new AbortController();
    const seen: number[] = [];
    const query = engine.query("product_research", research("long"), {
      limit: 2_000,
      signal: controller.signal,
      onPage: (done) => {
        seen.push(done);
        if (done === 3) controller.abort();
      },
    });
    await expect(query).rejects.toBeInstanceOf(AbortError);
    expect(Math.max(...seen)).toBe(3);
    expect(service.calls).toBeGreaterThanOrEqual(3);
  });
});

describe("calls this session", () => {
  test("a call that failed on the network is not counted; its answered retry is", async () => {
    const { service, clock } = setup();
    let failures = 1;
    const flaky = setup({
      clock,
      engine: {
        fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
          if (failures-- > 0) return Promise.reject(new TypeError("fetch failed"));
          return service.fetch(input as never, init as never);
        }) as typeof fetch,
      },
    });
    const result = await flaky.engine.query("product_research", research("net"));
    expect(result.rows.length).toBeGreaterThan(0);
    expect(service.calls).toBe(1);
    expect(flaky.engine.usage().callsThisSession).toBe(1);
  });

  test("a call that only ever failed on the network counts nothing", async () => {
    const { engine } = setup({
      engine: { fetch: (() => Promise.reject(new TypeError("fetch failed"))) as typeof fetch },
    });
    await expect(engine.query("product_research", research("down"))).rejects.toThrow();
    expect(engine.usage().callsThisSession).toBe(0);
  });

  test("a call that timed out is not counted", async () => {
    const { engine, service } = setup({ engine: { client: { retries: 0 } } });
    service.faults.push("stall");
    await expect(engine.query("product_research", research("slow"))).rejects.toThrow();
    expect(service.calls).toBe(1);
    expect(engine.usage().callsThisSession).toBe(0);
  });

  test("error answers from the service (HTTP 500) count", async () => {
    const { engine, service } = setup({ engine: { client: { retries: 0 } } });
    service.faults.push("http500");
    await expect(engine.query("product_research", research("err"))).rejects.toThrow();
    expect(engine.usage().callsThisSession).toBe(1);
  });
});
