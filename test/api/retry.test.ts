/**
 * Retries: only transient failures are retried, at most `retries` times, after a capped, jittered backoff or
 * the service's Retry-After; failures a retry cannot fix are reported at once.
 */
import { backoffDelay, parseRetryAfter, STOP_RETRY, type BeforeRetryContext } from "../../src/api/retry";
import { createTypedClient as createClient } from "../support/operation-methods";
import { HttpError, NetworkError, ServerInternalError } from "../../src/api/errors";
import { type ClientOptions } from "../../src/api/client-options";
import { VirtualClock } from "../support/virtual-clock";
import { apiError, fakeFetch, json, networkFailure, ok, text, type Reply } from "./support/fake-fetch";

const SECRET = "0123456789abcdef0123456789abcdef";
const PARAMS = { marketplace: "US", nodeIdPath: "172282:281407" } as const;

function setup(replies: Reply[], options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(...replies);
  const sleeps: number[] = [];
  const attempts: number[] = [];
  let n = 0;
  const client = createClient({
    baseUrl: "https://api.example.test",
    secret: SECRET,
    fetch: fake.fetch,
    random: () => 0.5,
    // Simulated time from now (a Retry-After date is read against it): the waits pass without real waiting.
    clock: new VirtualClock({ start: Date.now() }),
    hooks: { beforeRetry: [({ delay }) => void sleeps.push(delay)] },
    newRequestId: () => `r${++n}`,
    onAttempt: (info) => attempts.push(info.attempt),
    ...options,
  });
  const call = () => client.marketSellerConcentration(PARAMS);
  return { fake, sleeps, attempts, call };
}

describe("retried", () => {
  test("HTTP 500 then OK: one retry after a jittered backoff", async () => {
    const { fake, sleeps, attempts, call } = setup([text("oops", 500), ok([{ sellerName: "A" }])]);
    const result = await call();
    expect(result.rows).toEqual([{ sellerName: "A" }]);
    expect(fake.calls).toHaveLength(2);
    expect(sleeps).toEqual([250]); // random 0.5 x min(8000, 500)
    expect(attempts).toEqual([1, 2]);
    expect(fake.calls.map((c) => c.headers["x-request-id"])).toEqual(["r1", "r2"]);
    expect(result.requestId).toBe("r2");
  });

  test("429 with Retry-After in seconds waits that long", async () => {
    const { fake, sleeps, call } = setup([text("slow down", 429, { "Retry-After": "7" }), ok([])]);
    await expect(call()).resolves.toMatchObject({ rows: [] });
    expect(fake.calls).toHaveLength(2);
    expect(sleeps).toEqual([7000]);
  });

  test("429 with Retry-After as an HTTP date waits until then", async () => {
    const at = new Date(Date.now() + 4000).toUTCString();
    const { sleeps, call } = setup([text("slow down", 429, { "Retry-After": at }), ok([])]);
    await call();
    expect(sleeps[0]).toBeGreaterThan(2000);
    expect(sleeps[0]).toBeLessThanOrEqual(4000);
  });

  test("ERROR_SERVER_INTERNAL is retried", async () => {
    const { fake, call } = setup([apiError("ERROR_SERVER_INTERNAL"), ok([])]);
    await expect(call()).resolves.toMatchObject({ rows: [] });
    expect(fake.calls).toHaveLength(2);
  });

  test("a network error is retried", async () => {
    const { fake, call } = setup([networkFailure(), ok([])]);
    await expect(call()).resolves.toMatchObject({ rows: [] });
    expect(fake.calls).toHaveLength(2);
  });

  test("at most `retries` retries (default 2), backoff doubling; then the last failure", async () => {
    const { fake, sleeps, call } = setup([apiError("ERROR_SERVER_INTERNAL")]);
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerInternalError);
    expect((error as ServerInternalError).requestId).toBe("r3");
    expect(fake.calls).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]);
  });

  test("retries: 0 sends once", async () => {
    const { fake, call } = setup([networkFailure()], { retries: 0 });
    await expect(call()).rejects.toBeInstanceOf(NetworkError);
    expect(fake.calls).toHaveLength(1);
  });

  test("a Retry-After beyond the remaining total time is not waited for", async () => {
    const { fake, sleeps, call } = setup([text("", 503, { "Retry-After": "120" }), ok([])], { totalTimeoutMs: 5000 });
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).retryAfterMs).toBe(120_000);
    expect(fake.calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe("not retried", () => {
  test.each<[string, Reply, string]>([
    ["wrong secret", apiError("ERROR_SECRET_KEY", "秘钥错误"), "secretKey"],
    ["expired secret", apiError("ERROR_SECRET_KEY_OVERDUE"), "secretKeyOverdue"],
    ["invalid secret", apiError("ERROR_SECRET_KEY_INVALID"), "secretKeyInvalid"],
    ["parameter error", apiError("ERROR_PARAM", "参数错误"), "param"],
    ["call limit reached", apiError("ERROR_VISIT_MAX", "接口访问次数已达上限", 429), "visitMax"],
    ["unknown path", apiError("ERROR_URL_NOT_FOUND"), "urlNotFound"],
    ["malformed success", text("<html>portal</html>", 200), "malformed"],
    ["wrong data shape", json({ code: "OK", data: { items: "x" } }), "malformed"],
    ["HTTP 400 without an envelope", text("bad request", 400), "http"],
  ])("%s: one request, no wait", async (_, reply, kind) => {
    const { fake, sleeps, call } = setup([reply, ok([])]);
    await expect(call()).rejects.toMatchObject({ kind, retryable: false });
    expect(fake.calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe("policy helpers", () => {
  test("backoff is full jitter under a doubling cap", () => {
    const backoff = { baseMs: 500, maxMs: 8000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, backoff, () => 0.999999))).toEqual([
      499, 999, 1999, 3999, 7999, 7999,
    ]);
    expect(backoffDelay(3, backoff, () => 0)).toBe(0);
  });

  test("Retry-After reads seconds and HTTP dates and ignores the rest", () => {
    const now = Date.parse("2025-08-10T12:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter("Sun, 10 Aug 2025 12:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Sun, 10 Aug 2025 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe("beforeRetry hooks", () => {
  test("each retry is seen after its wait, with the attempt to come, the failure and the wait", async () => {
    const seen: BeforeRetryContext[] = [];
    const clock = new VirtualClock();
    const started = clock.now();
    const waited: number[] = [];
    const { fake, call } = setup([text("oops", 500), networkFailure(), ok([])], {
      clock,
      hooks: {
        beforeRetry: [
          (context) => {
            seen.push(context);
            waited.push(clock.now() - started);
          },
        ],
      },
    });
    await expect(call()).resolves.toMatchObject({ rows: [], requestId: "r3" });
    expect(fake.calls).toHaveLength(3);
    expect(seen.map(({ attempt, requestId, delay }) => ({ attempt, requestId, delay }))).toEqual([
      { attempt: 2, requestId: "r1", delay: 250 },
      { attempt: 3, requestId: "r2", delay: 500 },
    ]);
    expect(seen[0].error).toBeInstanceOf(HttpError);
    expect(seen[1].error).toBeInstanceOf(NetworkError);
    expect(waited).toEqual([250, 750]);
  });

  test("a hook returning STOP_RETRY ends the call with the failure it would have retried; later hooks do not run", async () => {
    const later = jest.fn();
    const { fake, call } = setup([apiError("ERROR_SERVER_INTERNAL"), ok([])], {
      hooks: { beforeRetry: [() => STOP_RETRY, later] },
    });
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerInternalError);
    expect(fake.calls).toHaveLength(1);
    expect(later).not.toHaveBeenCalled();
  });

  test("a hook that throws fails the call with its error and sends nothing more", async () => {
    const refusal = new NetworkError("no retries today");
    const { fake, call } = setup([text("down", 503), ok([])], {
      hooks: {
        beforeRetry: [
          () => {
            throw refusal;
          },
        ],
      },
    });
    await expect(call()).rejects.toBe(refusal);
    expect(fake.calls).toHaveLength(1);
  });

  test("a hook that waits delays the retry, and the call's total time still bounds it", async () => {
    const clock = new VirtualClock();
    const started = clock.now();
    const { fake, call } = setup([text("down", 503), ok([])], {
      clock,
      totalTimeoutMs: 5_000,
      hooks: { beforeRetry: [({ signal }) => clock.sleep(60_000, signal)] },
    });
    await expect(call()).rejects.toMatchObject({ kind: "timeout", scope: "total" });
    expect(fake.calls).toHaveLength(1);
    expect(clock.now() - started).toBe(5_000);
  });
});
