/** Fault injection through the control endpoint, request statistics, CORS, and clean stops with stalled requests. */
import { DEMO_SECRET, type RunningSimulator } from "../../src/simulator";
import { isLoopback } from "../../src/simulator/http";
import { post, start } from "./helpers";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(() => sim.stop());
const control = (method: string, path: string, body?: unknown) =>
  fetch(`${sim.url}${path}`, {
    method,
    headers: { "content-type": "application/json", "x-sim-token": sim.controlToken },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
afterEach(async () => {
  await control("DELETE", "/__sim/faults");
});

const RESEARCH = "/v1/product/research";
const BODY = { marketplace: "US", size: 1 };
const inject = (rule: unknown) => control("POST", "/__sim/faults", rule);
const research = (signal?: AbortSignal) =>
  fetch(sim.url + RESEARCH, {
    method: "POST",
    headers: { "secret-key": DEMO_SECRET, "content-type": "application/json" },
    body: JSON.stringify(BODY),
    signal,
  });

test("http 500 for the next N matching requests, then normal answers", async () => {
  expect(
    (await inject({ match: { operation: "product_research" }, times: 2, fault: { type: "http", status: 500 } })).status,
  ).toBe(200);
  expect((await research()).status).toBe(500);
  // Another operation does not match.
  expect((await post(sim.url, "/v1/market/ebc", { marketplace: "US", nodeIdPath: "172282" })).body.code).toBe("OK");
  expect((await research()).status).toBe(500);
  const after = await research();
  expect(after.status).toBe(200);
  expect((await after.json()).code).toBe("OK");
});

test("http 429 with Retry-After", async () => {
  await inject({ match: { path: RESEARCH }, times: 1, fault: { type: "http", status: 429, retryAfterSeconds: 2 } });
  const res = await research();
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toBe("2");
});

test("a stall never answers: the client's timeout ends it", async () => {
  await inject({ times: 1, fault: { type: "stall" } });
  await expect(research(AbortSignal.timeout(300))).rejects.toThrow(/abort|timeout/i);
  expect((await research()).status).toBe(200);
});

test("a malformed body", async () => {
  await inject({ times: 1, fault: { type: "malformed" } });
  const res = await research();
  expect(res.status).toBe(200);
  await expect(res.json()).rejects.toThrow();
});

test("a dropped connection", async () => {
  await inject({ times: 1, fault: { type: "reset" } });
  await expect(research()).rejects.toThrow();
});

test.each(["ERROR_SERVER_INTERNAL", "ERROR_VISIT_MAX", "ERROR_SECRET_KEY_OVERDUE"])(
  "an envelope error %s",
  async (code) => {
    await inject({ times: 1, fault: { type: "envelope", code } });
    const res = await research();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code, message: expect.any(String), data: null });
  },
);

test("DELETE /__sim/faults clears pending faults; bad rules are refused with the reason", async () => {
  await inject({ times: 5, fault: { type: "http", status: 500 } });
  await control("DELETE", "/__sim/faults");
  expect((await research()).status).toBe(200);
  const bad = await inject({ times: 1, fault: { type: "explode" } });
  expect(bad.status).toBe(400);
  expect((await bad.json()).error).toMatch(/fault.type/);
  expect((await inject({ match: { operation: "nope" }, fault: { type: "stall" } })).status).toBe(400);
});

test("GET /__sim/stats counts the requests received per operation, including faulted ones", async () => {
  await control("DELETE", "/__sim/stats");
  await inject({ times: 1, fault: { type: "http", status: 500 } });
  await research();
  await research();
  await post(sim.url, "/v1/keyword/miner", { marketplace: "US", keyword: "x" });
  await post(sim.url, "/v1/unknown", {});
  const stats = await (await control("GET", "/__sim/stats")).json();
  expect(stats).toEqual({
    total: 4,
    byOperation: { product_research: 2, keyword_miner: 1, unknown: 1 },
    byResult: { HTTP_500: 1, OK: 2, ERROR_URL_NOT_FOUND: 1 },
    faultsApplied: 1,
  });
  expect(sim.stats()).toEqual(stats);
});

test("in-process injectFault and clearFaults", async () => {
  sim.injectFault({ times: 1, fault: { type: "envelope", code: "ERROR_SERVER_INTERNAL" } });
  expect((await (await research()).json()).code).toBe("ERROR_SERVER_INTERNAL");
  sim.injectFault({ times: 1, fault: { type: "http", status: 503 } });
  sim.clearFaults();
  expect((await research()).status).toBe(200);
});

test("fixed latency delays every answer", async () => {
  const slow = await start({ latencyMs: 150 });
  try {
    const started = Date.now();
    expect((await post(slow.url, RESEARCH, BODY)).body.code).toBe("OK");
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  } finally {
    await slow.stop();
  }
});

test("stop() releases stalled requests and resolves", async () => {
  const other = await start();
  other.injectFault({ times: 3, fault: { type: "stall" } });
  const pending = fetch(other.url + RESEARCH, {
    method: "POST",
    headers: { "secret-key": DEMO_SECRET },
    body: JSON.stringify(BODY),
  });
  // Waits for the request to reach it (however busy the machine), then stop() must not wait for the stall.
  for (let i = 0; i < 2_000 && !other.stats().byResult.stall; i++) await new Promise((r) => setTimeout(r, 10));
  expect(other.stats().byResult).toEqual({ stall: 1 });
  await other.stop(); // a stop that waited for the stalled request would never resolve (the test's timeout)
  await expect(pending).rejects.toThrow();
});

describe("CORS", () => {
  test("preflight: 204 without a secret, with the allowed headers and methods", async () => {
    const before = sim.stats().total;
    const res = await fetch(sim.url + RESEARCH, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "POST",
        "access-control-request-headers": "secret-key,content-type,x-request-id",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    expect(res.headers.get("access-control-allow-headers")).toEqual(expect.stringContaining("secret-key"));
    expect(res.headers.get("access-control-allow-headers")).toEqual(expect.stringContaining("x-request-id"));
    expect(res.headers.get("access-control-allow-methods")).toEqual(expect.stringContaining("POST"));
    // A preflight is not a call: it is not counted.
    expect(sim.stats().total).toBe(before);
  });
  test("answers carry Access-Control-Allow-Origin and expose Retry-After", async () => {
    const res = await fetch(sim.url + RESEARCH, {
      method: "POST",
      headers: { origin: "https://example.test", "secret-key": DEMO_SECRET },
      body: JSON.stringify(BODY),
    });
    expect(res.headers.get("access-control-allow-origin")).toBe("https://example.test");
    expect(res.headers.get("access-control-expose-headers")).toMatch(/Retry-After/);
  });
});

test("x-request-id is echoed", async () => {
  const res = await fetch(sim.url + RESEARCH, {
    method: "POST",
    headers: { "secret-key": DEMO_SECRET, "x-request-id": "req-123" },
    body: JSON.stringify(BODY),
  });
  expect(res.headers.get("x-request-id")).toBe("req-123");
});

test("the control endpoint accepts loopback clients only", () => {
  expect(["127.0.0.1", "::1", "::ffff:127.0.0.1"].every(isLoopback)).toBe(true);
  expect(["192.168.1.20", "::ffff:10.0.0.5", undefined].some(isLoopback)).toBe(false);
});
