/**
 * Timeouts and cancellation on a simulated clock (no real waiting; time jumps to the next timer when nothing else
 * is left to do): a slow attempt is cut off and retried, the whole call has a deadline across attempts and waits,
 * and the caller's AbortSignal ends a call at once, even while it waits between attempts. Every promise settles,
 * also when fetch or the clock's sleep ignore their signal.
 */
import { AbortError, TimeoutError } from "../../src/api/errors";
import { createTypedClient as createClient } from "../support/operation-methods";
import { type ClientOptions } from "../../src/api/client-options";
import { VirtualClock } from "../support/virtual-clock";
import { fakeFetch, ok, text, type Reply } from "../api/support/fake-fetch";

const SECRET = "0123456789abcdef0123456789abcdef";
const PARAMS = { marketplace: "US", keyword: "phone stand" } as const;

function setup(replies: Reply[], options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(...replies);
  const clock = new VirtualClock();
  const started = clock.now();
  const client = createClient({
    baseUrl: "https://api.example.test",
    secret: SECRET,
    fetch: fake.fetch,
    random: () => 0,
    clock,
    ...options,
  });
  return {
    fake,
    clock,
    /** Simulated milliseconds since setup. */
    elapsed: () => clock.now() - started,
    call: (signal?: AbortSignal) => client.abaResearchTrend(PARAMS, { signal }),
  };
}

/** A controller that aborts after `ms` of the clock's time. */
function abortAfter(clock: VirtualClock, ms: number): AbortController {
  const controller = new AbortController();
  void clock.sleep(ms).then(() => controller.abort());
  return controller;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe("attempt timeout", () => {
  test("a stalled attempt is aborted and the retry succeeds", async () => {
    const { fake, call, elapsed } = setup(["stall", ok([{ label: "202507" }])], {
      attemptTimeoutMs: 50,
      totalTimeoutMs: 1500,
    });
    await expect(call()).resolves.toMatchObject({ rows: [{ label: "202507" }] });
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[0].signal?.aborted).toBe(true);
    expect(elapsed()).toBe(50);
  });

  test("a fetch that ignores its signal is still cut off", async () => {
    const { fake, call, elapsed } = setup(["deafStall", ok([])], { attemptTimeoutMs: 50, totalTimeoutMs: 1500 });
    await expect(call()).resolves.toMatchObject({ rows: [] });
    expect(fake.calls).toHaveLength(2);
    expect(elapsed()).toBe(50);
  });

  test("when every attempt stalls, the error is an attempt timeout after retries", async () => {
    const { fake, call, elapsed } = setup(["stall"], { attemptTimeoutMs: 40, totalTimeoutMs: 1500, retries: 1 });
    const error = await failureOf(call());
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).scope).toBe("attempt");
    expect(fake.calls).toHaveLength(2);
    expect(elapsed()).toBe(80);
  });
});

describe("total timeout", () => {
  test("one stall longer than the whole budget becomes a total timeout", async () => {
    const { fake, call, elapsed } = setup(["deafStall"], { attemptTimeoutMs: 5000, totalTimeoutMs: 80 });
    const error = await failureOf(call());
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).scope).toBe("total");
    expect((error as TimeoutError).retryable).toBe(false);
    expect(fake.calls).toHaveLength(1);
    expect(elapsed()).toBe(80);
  });

  test("the budget covers retries and the waits between them", async () => {
    const { fake, call, elapsed } = setup(["stall"], {
      attemptTimeoutMs: 30,
      totalTimeoutMs: 150,
      retries: 50,
      backoff: { baseMs: 10, maxMs: 20 },
      random: () => 1,
    });
    const error = await failureOf(call());
    expect(error).toMatchObject({ kind: "timeout", scope: "total" });
    // 30 + 10, 30 + 20, 30 + 20, then the fourth attempt is cut at 150 by the total budget.
    expect(fake.calls).toHaveLength(4);
    expect(elapsed()).toBe(150);
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
    const { fake, call, clock, elapsed } = setup(["deafStall"], { attemptTimeoutMs: 5000, totalTimeoutMs: 10_000 });
    const controller = abortAfter(clock, 20);
    const error = await failureOf(call(controller.signal));
    expect(error).toMatchObject({ kind: "abort", retryable: false });
    expect(elapsed()).toBe(20);
    expect(fake.calls).toHaveLength(1);
  });

  test("aborting during the backoff wait ends the call without another request", async () => {
    const { fake, call, clock, elapsed } = setup([text("down", 503), ok([])], {
      backoff: { baseMs: 10_000, maxMs: 10_000 },
      random: () => 1,
      totalTimeoutMs: 30_000,
    });
    const controller = abortAfter(clock, 30);
    await expect(call(controller.signal)).rejects.toBeInstanceOf(AbortError);
    expect(elapsed()).toBe(30);
    expect(fake.calls).toHaveLength(1);
  });

  test("a clock whose sleep ignores the signal cannot hold the call", async () => {
    const { fake, call } = setup([text("down", 503), ok([])], {
      clock: { now: () => Date.now(), sleep: () => new Promise<void>(() => undefined) },
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(call(controller.signal)).rejects.toBeInstanceOf(AbortError);
    expect(fake.calls).toHaveLength(1);
  });
});
