/** Errors as the live service gives them: HTTP 200, `{code, message, data: null}`. Limits and visits. */
import { DEMO_SECRET, type RunningSimulator } from "../../src/simulator";
import { post, start, T0 } from "./helpers";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(() => sim.stop());

const RESEARCH = "/v1/product/research";
const expectError = (reply: Awaited<ReturnType<typeof post>>, code: string, message?: string | RegExp) => {
  expect(reply.status).toBe(200);
  expect(reply.body.code).toBe(code);
  expect(reply.body.data).toBeNull();
  if (message !== undefined) expect(reply.body.message).toMatch(message);
};

describe("secret-key", () => {
  test("missing -> ERROR_SECRET_KEY", async () => {
    expectError(await post(sim.url, RESEARCH, { marketplace: "US" }, {}), "ERROR_SECRET_KEY", "秘钥错误");
  });
  test("wrong -> ERROR_SECRET_KEY, and the wrong secret is not echoed", async () => {
    const reply = await post(
      sim.url,
      RESEARCH,
      { marketplace: "US" },
      { "secret-key": "wrong0000000000000000000000000000" },
    );
    expectError(reply, "ERROR_SECRET_KEY");
    expect(reply.text).not.toContain("wrong0000");
  });
});

describe("parameters break a rule -> ERROR_PARAM naming the parameter", () => {
  const asins = (n: number) => Array.from({ length: n }, (_, i) => `B0TEST${String(i).padStart(4, "0")}`);
  test.each([
    ["size over max", RESEARCH, { marketplace: "US", size: 101 }, "参数错误: size: at most 100 (got 101)"],
    [
      "41 ASINs",
      "/v1/product/competitor-lookup",
      { marketplace: "US", asins: asins(41) },
      "参数错误: asins: at most 40 ASINs (got 41)",
    ],
    [
      "a date that is not a Saturday",
      "/v1/aba/research/weekly",
      { marketplace: "US", date: "20250801" },
      /^参数错误: date: 20250801 is not a Saturday/,
    ],
    [
      "a bad month",
      "/v1/keyword-research",
      { marketplace: "US", month: "202513" },
      /^参数错误: month: 202513 is not a real month/,
    ],
    ["a missing required parameter", "/v1/traffic/keyword", { marketplace: "US" }, /^参数错误: asin: required/],
    ["an unknown marketplace", RESEARCH, { marketplace: "XX" }, /^参数错误: marketplace/],
    ["a body that is not JSON", RESEARCH, "{not json", "参数错误: body: not valid JSON"],
  ])("%s", async (_name, path, params, message) => {
    const reply =
      typeof params === "string"
        ? await fetch(sim.url + path, { method: "POST", headers: { "secret-key": DEMO_SECRET }, body: params }).then(
            async (r) => ({ status: r.status, headers: r.headers, text: "", body: await r.json() }),
          )
        : await post(sim.url, path, params);
    expectError(reply, "ERROR_PARAM", message);
  });

  test("names that are not parameters are ignored, like the live service", async () => {
    expect((await post(sim.url, RESEARCH, { marketplace: "US", size: 1, notAParam: 1 })).body.code).toBe("OK");
  });
});

describe("paths", () => {
  test("unknown path -> ERROR_URL_NOT_FOUND", async () => {
    expectError(
      await post(sim.url, "/v1/no/such/operation", { marketplace: "US" }),
      "ERROR_URL_NOT_FOUND",
      /\/v1\/no\/such\/operation/,
    );
  });
  test("GET on an operation path -> ERROR_URL_NOT_FOUND", async () => {
    const res = await fetch(sim.url + RESEARCH, { headers: { "secret-key": DEMO_SECRET } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      code: "ERROR_URL_NOT_FOUND",
      message: expect.stringContaining("GET"),
      data: null,
    });
  });
});

describe("plan limits, on an injected clock", () => {
  test("rate limit: a sliding 60 s window per key -> ERROR_VISIT_MAX with Retry-After", async () => {
    let now = T0;
    const limited = await start({ rateLimitPerMinute: 3, now: () => now });
    try {
      for (let i = 0; i < 3; i++)
        expect((await post(limited.url, RESEARCH, { marketplace: "US", size: 1 })).body.code).toBe("OK");
      const refused = await post(limited.url, RESEARCH, { marketplace: "US", size: 1 });
      expectError(refused, "ERROR_VISIT_MAX", "接口访问次数已达上限");
      expect(refused.headers.get("retry-after")).toBe("60");
      now += 30_000;
      expect((await post(limited.url, RESEARCH, { marketplace: "US", size: 1 })).body.code).toBe("ERROR_VISIT_MAX");
      now += 31_000;
      expect((await post(limited.url, RESEARCH, { marketplace: "US", size: 1 })).body.code).toBe("OK");
    } finally {
      await limited.stop();
    }
  });

  test("monthly quota: successful calls count, rejected ones do not; a new month starts over; visits reports it", async () => {
    let now = T0;
    const metered = await start({ monthlyQuota: 2, rateLimitPerMinute: 40, now: () => now });
    const visits = async () => {
      const res = await fetch(`${metered.url}/v1/visits`, { headers: { "secret-key": DEMO_SECRET } });
      return (await res.json()) as { code: string; data: Record<string, unknown> };
    };
    try {
      expect(await visits()).toEqual({
        code: "OK",
        message: "成功",
        data: { month: "202508", used: 0, quota: 2, remaining: 2, rateLimitPerMinute: 40, remainingThisMinute: 40 },
      });
      expect((await post(metered.url, RESEARCH, { marketplace: "US", size: 1 })).body.code).toBe("OK");
      expect((await post(metered.url, RESEARCH, { marketplace: "US", size: 500 })).body.code).toBe("ERROR_PARAM");
      expect((await post(metered.url, RESEARCH, { marketplace: "US" }, { "secret-key": "x" })).body.code).toBe(
        "ERROR_SECRET_KEY",
      );
      expect((await visits()).data).toEqual(expect.objectContaining({ used: 1, remaining: 1 }));
      expect((await post(metered.url, RESEARCH, { marketplace: "US", size: 1 })).body.code).toBe("OK");
      expectError(
        await post(metered.url, RESEARCH, { marketplace: "US", size: 1 }),
        "ERROR_VISIT_MAX",
        "接口访问次数已达上限",
      );
      expect((await visits()).data).toEqual(expect.objectContaining({ used: 2, remaining: 0 }));
      now = Date.UTC(2025, 8, 1, 0, 0, 1);
      expect((await post(metered.url, RESEARCH, { marketplace: "US", size: 1 })).body.code).toBe("OK");
      expect((await visits()).data).toEqual(expect.objectContaining({ month: "202509", used: 1, remaining: 1 }));
    } finally {
      await metered.stop();
    }
  });

  test("visits needs the secret too, and reports unlimited plans as null", async () => {
    const denied = await fetch(`${sim.url}/v1/visits`);
    expect((await denied.json()).code).toBe("ERROR_SECRET_KEY");
    const res = await fetch(`${sim.url}/v1/visits`, { headers: { "secret-key": DEMO_SECRET } });
    expect((await res.json()).data).toEqual(
      expect.objectContaining({ quota: null, remaining: null, rateLimitPerMinute: null }),
    );
  });
});
