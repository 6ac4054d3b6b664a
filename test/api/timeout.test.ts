/**
 * Timeouts and cancellation with real timers and small budgets: a slow attempt is cut off and retried, the
 * whole call has a deadline across attempts and waits, and the caller's AbortSignal ends a call at once,
 * even while it waits between attempts. Every promise settles, also when fetch or sleep ignore their signal.
 */
import { AbortError, createClient, TimeoutError, type ClientOptions } from "../../src/api";
import { fakeFetch, ok, text, type Reply } from "./support/fake-fetch";

const SECRET = "0123456789abcdef0123456789abcdef";
const PARAMS = { marketplace: "US", keyword: "phone stand" } as const;

function setup(replies: Reply[], options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(...replies);
  const client = createClient({
    baseUrl: "https://api.example.test",
    secret: SECRET,
    fetch: fake.fetch,
    random: () => 0,
    ...options,
  });
  return { fake, call: (signal?: AbortSignal) => client.abaResearchTrend(PARAMS, { signal }) };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe("attempt timeout", () => {
  test("a stalled attempt is aborted and the retry succeeds", async () => {
    const { fake, call } = setup(["stall", ok([{ label: "202507" }])], { attemptTimeoutMs: 50, totalTimeoutMs: 1500 });
    const started = Date.now();
    await expect(call()).resolves.toMatchObject({ rows: [{ label: "202507" }] });
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[0].signal?.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("a fetch that ignores its signal is still cut off", async () => {
    const { fake, call } = setup(["deafStall", ok([])], { attemptTimeoutMs: 50, totalTimeoutMs: 1500 });
    await expect(call()).resolves.toMatchObject({ rows: [] });
    expect(fake.calls).toHaveLength(2);
  });

  test("when every attempt stalls, the error is an attempt timeout after retries", async () => {
    const { fake, call } = setup(["stall"], { attemptTimeoutMs: 40, totalTimeoutMs: 1500, retries: 1 });
    const error = await failureOf(call());
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).scope).toBe("attempt");
    expect(fake.calls).toHaveLength(2);
  });
});

describe("total timeout", () => {
  test("one stall longer than the whole budget becomes a total timeout", async () => {
    const { fake, call } = setup(["deafStall"], { attemptTimeoutMs: 5000, totalTimeoutMs: 80 });
    const started = Date.now();
    const error = await failureOf(call());
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).scope).toBe("total");
    expect((error as TimeoutError).retryable).toBe(false);
    expect(fake.calls).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("the budget covers retries and the waits between them", async () => {
    const { fake, call } = setup(["stall"], {
      attemptTimeoutMs: 30,
      totalTimeoutMs: 150,
      retries: 50,
      backoff: { baseMs: 10, maxMs: 20 },
      random: () => 1,
    });
    const started = Date.now();
    const error = await failureOf(call());
    expect(error).toMatchObject({ kind: "timeout", scope: "total" });
    expect(fake.calls.length).toBeGreaterThan(1);
    expect(fake.calls.length).toBeLessThan(10);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("abort", () => {
  test("an already aborted signal sends nothing", async () => {
    const { fake, call } = setup([ok([])]);
    const controller = new AbortController();
    controller.abort();
    await expect(call(controller.signal)).rejects.toBeInstanceOf(AbortError);
    expect(fake.calls).toHaveLength(0);
  });

  test("aborting during a request ends the call at once", async () => {
    const { fake, call } = setup(["deafStall"], { attemptTimeoutMs: 5000, totalTimeoutMs: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const started = Date.now();
    const error = await failureOf(call(controller.signal));
    expect(error).toMatchObject({ kind: "abort", retryable: false });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fake.calls).toHaveLength(1);
  });

  test("aborting during the backoff wait ends the call without another request", async () => {
    const { fake, call } = setup([text("down", 503), ok([])], {
      backoff: { baseMs: 10_000, maxMs: 10_000 },
      random: () => 1,
      totalTimeoutMs: 30_000,
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = Date.now();
    await expect(call(controller.signal)).rejects.toBeInstanceOf(AbortError);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fake.calls).toHaveLength(1);
  });

  test("an injected sleep that ignores the signal cannot hold the call", async () => {
    const { fake, call } = setup([text("down", 503), ok([])], { sleep: () => new Promise<void>(() => undefined) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(call(controller.signal)).rejects.toBeInstanceOf(AbortError);
    expect(fake.calls).toHaveLength(1);
  });
});
