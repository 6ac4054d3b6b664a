/**
 * What a cell shows when things go wrong: bad arguments are #VALUE! naming the argument and spend nothing;
 * service failures are #N/A with what happened and what to do; cancel and preview settle without a call;
 * the secret never appears in a message.
 */
import { shim } from "../functions/helpers/install-shim";
import "../../src/functions/generated/functions";
import { OPERATIONS, takesMarket } from "../../src/api/catalog";
import { configureRunner } from "../../src/functions/runner";
import { MAX_MESSAGE } from "../../src/formula/errors";
import { fixtureService, type QueuedFailure } from "../functions/helpers/fixture-service";
import { harness, typicalPositional } from "../functions/helpers/harness";

afterAll(() => {
  configureRunner();
  shim.uninstall();
});

describe("bad arguments: #VALUE! naming the argument, and no request", () => {
  test.each(OPERATIONS.map((op) => [op.fn, op.code] as const))("MAD.%s", async (_fn, code) => {
    const service = fixtureService();
    const h = harness(shim, service);
    const op = OPERATIONS.find((o) => o.code === code)!;
    // A history function takes a range and an interval where the others take filters and a limit.
    const optional: [Parameters<typeof h.run>[1], RegExp][] = op.history
      ? [
          [{ start: "soon" }, /^start: expected a date/],
          [{ end: true }, /^end: expected a date/],
          [{ start: "2025-02-01", end: "2025-01-01" }, /^start: the start is after the end/],
          [{ interval: "hourly" }, /^interval: "hourly" is not one of daily, weekly, monthly/],
          [{ headers: "words" }, /^headers: expected TRUE, FALSE, labels or names \(got "words"\)/],
        ]
      : [
          [{ filters: "notAFilter=1" }, /^filters: "notAFilter" is not a filter of MAD\./],
          [{ limit: -1 }, /^limit: expected a whole number from 1 to 2000/],
          [{ limit: 5000 }, /^limit: expected a whole number from 1 to 2000/],
        ];
    const cases: [Parameters<typeof h.run>[1], RegExp][] = [
      ...(takesMarket(op)
        ? ([
            [{ market: "XX" }, /^market: "XX" is not a marketplace/],
            [{ market: "" }, /^market: required/],
            // A blank market cell as Excel desktop passes it (office-js #4702).
            [{ market: 0 }, /^market: required/],
          ] as [Parameters<typeof h.run>[1], RegExp][])
        : []),
      [{ fields: "notAField" }, /^fields: "notAField" is not a column of MAD\./],
      ...optional,
      // A positional argument may be optional (MAD.CATEGORIES' keyword: blank = the top-level categories).
      ...op.positional.flatMap((p, i): [Parameters<typeof h.run>[1], RegExp][] =>
        op.params.some((spec) => spec.name === p.param && spec.required)
          ? [
              [
                { positional: typicalPositional(op).map((value, j) => (j === i ? "" : value)) },
                new RegExp(`^${p.arg}: required`),
              ],
            ]
          : [],
      ),
    ];
    for (const [args, message] of cases) {
      const outcome = await h.run(code, args);
      expect(outcome.error?.code).toBe("#VALUE!");
      expect(outcome.error?.message).toMatch(message);
      expect(outcome.error!.message!.length).toBeLessThanOrEqual(MAX_MESSAGE);
    }
    expect(service.calls()).toBe(0);
  });

  test("a rule of the validator is worded with the argument's name (asins for asinList)", async () => {
    const service = fixtureService();
    const h = harness(shim, service);
    const tooMany = Array.from({ length: 21 }, (_, i) => [`B0000000${String(i).padStart(2, "0")}`]);
    const outcome = await h.run("traffic_extend", { positional: [tooMany] });
    expect(outcome.error).toEqual({ code: "#VALUE!", message: "asins: at most 20 ASINs (got 21)" });
    const badPrice = await h.run("product_research", {
      filters: [
        ["minPrice", 30],
        ["maxPrice", 10],
      ],
    });
    expect(badPrice.error?.message).toMatch(/^Price: minPrice 30 is greater than maxPrice 10/);
    const badSaturday = await h.run("aba_research_weekly", { filters: "date=20250801" });
    expect(badSaturday.error?.message).toBe("date (in filters): 20250801 is not a Saturday (weeks end on Saturday)");
    expect(service.calls()).toBe(0);
  });
});

describe("service failures: #N/A saying what happened and what to do", () => {
  const cases: [string, QueuedFailure, RegExp][] = [
    ["wrong secret", { envelope: "ERROR_SECRET_KEY" }, /API secret is wrong.*Enter the correct API secret/],
    ["expired secret", { envelope: "ERROR_SECRET_KEY_OVERDUE" }, /expired.*Renew the subscription/],
    ["disabled secret", { envelope: "ERROR_SECRET_KEY_INVALID" }, /invalid or disabled.*Enter a valid API secret/],
    ["not authorised", { envelope: "ERROR_UNAUTHORIZED" }, /not authorised for this operation.*plan of this secret/],
    ["unknown code", { envelope: "ERROR_IP_BLOCKED" }, /error code ERROR_IP_BLOCKED \("ip blocked"\).*contact/],
    ["parameter refused", { envelope: "ERROR_PARAM" }, /rejected a parameter.*Check the values/],
    ["server fault", { envelope: "ERROR_SERVER_INTERNAL" }, /internal fault.*Try again in a few minutes/],
    ["unknown path", { envelope: "ERROR_URL_NOT_FOUND" }, /does not know this operation.*Check the base URL/],
    ["HTTP 500", { status: 500 }, /HTTP 500.*unavailable right now/],
    ["HTTP 429", { status: 429 }, /HTTP 429.*Too many requests/],
  ];
  test.each(cases)("%s", async (_name, failure, message) => {
    const service = fixtureService();
    const h = harness(shim, service);
    service.failNext(failure);
    const outcome = await h.run("keyword_research_trends");
    expect(outcome.error?.code).toBe("#N/A");
    expect(outcome.error?.message).toMatch(message);
    expect(outcome.error!.message!.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(service.calls()).toBe(1);
  });

  test.each([
    [
      "market_research_statistics",
      /^The service refused the parameter nodeIdPath \(service says: .*Check the value of nodeIdPath/,
    ],
    [
      "product_research",
      /^The service refused the parameter nodeIdPaths \(in filters\) .*Check the value of nodeIdPaths/,
    ],
  ] as const)("%s: ERROR_PARAM with data (a parameter name) names the refused parameter", async (code, message) => {
    const service = fixtureService();
    const h = harness(shim, service);
    service.failNext({ envelope: "ERROR_PARAM", data: code === "product_research" ? "nodeIdPaths" : "nodeIdPath" });
    const outcome = await h.run(code);
    expect(outcome.error?.code).toBe("#N/A");
    expect(outcome.error?.message).toMatch(message);
    expect(service.calls()).toBe(1);
  });

  test("ERROR_VISIT_MAX with calls left this month and no time to wait the minute: the per-minute limit", async () => {
    const service = fixtureService();
    const h = harness(shim, service, { totalTimeoutMs: 2_000 });
    service.failNext({ envelope: "ERROR_VISIT_MAX" });
    const outcome = await h.run("keyword_research_trends");
    expect(outcome.error?.code).toBe("#N/A");
    expect(outcome.error?.message).toMatch(/per-minute call limit.*Try again in a minute.*Ctrl\+Alt\+F9/);
    expect(outcome.error?.message).not.toMatch(/quota/);
    // The refused call, then /v1/visits (calls left: so not the monthly quota).
    expect(service.bodies.map((b) => b.path)).toHaveLength(2);
    expect(service.bodies[1].path).toBe("/v1/visits");
  });

  test("no secret set: #N/A pointing at the task pane, nothing sent", async () => {
    const service = fixtureService();
    const h = harness(shim, service, { secret: null });
    const outcome = await h.run("keyword_research_trends");
    expect(outcome.error).toEqual({
      code: "#N/A",
      message: expect.stringMatching(/^No API secret is set\. Open the task pane .* enter your API secret\.$/),
    });
    expect(service.calls()).toBe(0);
  });

  test("network failure and a malformed answer", async () => {
    const service = fixtureService();
    const down = harness(shim, {
      ...service,
      fetch: (async () => Promise.reject(new TypeError("fetch failed"))) as typeof fetch,
    });
    expect((await down.run("keyword_research_trends")).error?.message).toMatch(
      /^Could not reach the service.*Check the network connection/,
    );
    const garbled = harness(shim, {
      ...service,
      fetch: (async () => new Response("<html>proxy</html>", { status: 200 })) as typeof fetch,
    });
    expect((await garbled.run("keyword_research_trends")).error).toEqual({
      code: "#N/A",
      message: expect.stringMatching(/unexpected answer/),
    });
  });

  test("a stalled service settles with #N/A at the total timeout", async () => {
    const service = fixtureService();
    const stalled = (async (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
      )) as typeof fetch;
    const h = harness(shim, { ...service, fetch: stalled }, { totalTimeoutMs: 200 });
    const outcome = await h.run("keyword_research_trends");
    expect(outcome.error?.code).toBe("#N/A");
    expect(outcome.error?.message).toMatch(/did not complete within|did not answer within/);
  });

  test("the secret never appears in a cell's message", async () => {
    const service = fixtureService();
    const echo = (async (url: string, init?: RequestInit) => {
      const secret = new Headers(init?.headers).get("secret-key");
      return new Response(
        JSON.stringify({ code: "ERROR_PARAM", message: `bad request for key ${secret}`, data: null }),
        { status: 200 },
      );
    }) as typeof fetch;
    const h = harness(shim, { ...service, fetch: echo });
    const outcome = await h.run("keyword_research_trends");
    expect(outcome.error?.code).toBe("#N/A");
    expect(outcome.error?.message).not.toContain(service.secret);
  });
});

describe("cancel and value preview settle without spending", () => {
  test("Excel's cancel aborts the request and settles the cell", async () => {
    const service = fixtureService();
    let aborted = false;
    const hanging = (async (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener("abort", () => {
          aborted = true;
          reject(init.signal!.reason);
        }),
      )) as typeof fetch;
    const h = harness(shim, { ...service, fetch: hanging });
    const running = h.call("keyword_research_trends", {}, { address: "Sheet1!A1" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    running.cancel();
    const outcome = await running.outcome;
    expect(outcome.error).toEqual({
      code: "#N/A",
      message: "Cancelled by Excel. To rerun it: Refresh in the task pane's Reports tab, or Ctrl+Alt+F9.",
    });
    expect(aborted).toBe(true);
    expect(h.registry.get("Sheet1!A1")?.status).toBe("cancelled");
  });

  test("a preview spends no call: #N/A until the query ran, then the cached table", async () => {
    const service = fixtureService();
    const h = harness(shim, service);
    const before = await h.run("keyword_research_trends", {}, { preview: true });
    expect(before.error).toEqual({
      code: "#N/A",
      message: "Preview: press Enter to run the query (no call spent in preview).",
    });
    expect(service.calls()).toBe(0);
    const entered = await h.run("keyword_research_trends");
    expect(service.calls()).toBe(1);
    const after = await h.run("keyword_research_trends", {}, { preview: true });
    expect(after.value).toEqual(entered.value);
    expect(service.calls()).toBe(1);
    expect(h.registry.list()).toHaveLength(1); // previews are not listed as live formulas
  });
});
