/**
 * Service faults for every MAD function, injected through the simulator's control endpoint (POST /__sim/faults)
 * over real HTTP: HTTP 500/503, 429 with Retry-After, a stall, a dropped connection, a malformed body, and every
 * ERROR_* envelope. Every cell settles within the total timeout with the message of its failure, transient
 * failures are retried (never more than the bound) and the others are not, counted at the simulator.
 *
 * No assertion depends on how fast the machine is (the suite passes with both cores kept busy): an attempt's budget
 * is 20 s wherever the simulator answers, so a slow answer is never mistaken for a stall, and the total budget is a
 * minute; where the fault is a stall, the attempt's budget is what the test is about: 2 s when nothing ever
 * answers, 5 s when the retry must bring data. Retry-After is checked as a lower bound (waiting is the behaviour);
 * how soon a cell settles is not checked at all, only that it settles with its message and request count.
 */
import { shim } from "../functions/helpers/install-shim";
import { OPERATIONS, type AnyOperation } from "../../src/api/catalog";
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { type Engine } from "../../src/engine/types";
import type { ClientOptions } from "../../src/api/client-options";
import "../../src/functions/generated/functions";
import { configureRunner } from "../../src/functions/runner";
import type { FaultSpec } from "../../src/simulator";
import { formulaArguments, validCall } from "./bad-inputs";
import { useSimulator } from "../support/simulator";

jest.setTimeout(180_000);

const SECRET = "faults-9f8e7d6c5b4a39281706f5e4d3c2";
/** A stall's attempt budget: nothing ever answers, so its length cannot make a test flaky. */
const STALL_ATTEMPT_MS = 2_000;
/** Where the simulator answers: long enough for any loaded machine to answer within it. */
const ATTEMPT_MS = 20_000;
const TOTAL_MS = 60_000;
const RETRIES = 2;
const CLIENT: Partial<ClientOptions> = {
  attemptTimeoutMs: ATTEMPT_MS,
  totalTimeoutMs: TOTAL_MS,
  retries: RETRIES,
  backoff: { baseMs: 20, maxMs: 60 },
};
const STALL_CLIENT: Partial<ClientOptions> = { ...CLIENT, attemptTimeoutMs: STALL_ATTEMPT_MS };
/** A stall once, then data: the stall must end (5 s) and the retry must answer within the same budget. */
const RECOVERY_STALL_CLIENT: Partial<ClientOptions> = { ...CLIENT, attemptTimeoutMs: 5_000 };

const sim = useSimulator({ secret: SECRET });
beforeAll(async () => {
  // Without faults every function's formula spills data with one request (this also warms the simulator up).
  const settled = await evaluateAllUnder(null, 0);
  const wrong = settled.filter((s) => !Array.isArray(s.value) || s.requests !== 1);
  if (wrong.length) throw new Error(`valid formulas failed without faults:\n${wrong.map(summary).join("\n")}`);
});
afterAll(async () => {
  configureRunner();
});

/** One engine per case, with room for every function at once (pacing is not what this suite is about). */
function freshEngine(client: Partial<ClientOptions> = CLIENT): Engine {
  const engine = createEngine({
    store: memoryStore({ "mad.secret": SECRET, "mad.baseUrl": sim.url }),
    perMinute: 100_000,
    concurrency: 64,
    totalTimeoutMs: client.totalTimeoutMs ?? TOTAL_MS,
    client,
  });
  // The runner's last-resort watchdog (a real timer) well past the engine's own total budget.
  configureRunner({ engine: () => engine, settleWithinMs: 2 * (client.totalTimeoutMs ?? TOTAL_MS) });
  return engine;
}

async function control(method: "POST" | "DELETE", path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers: { "content-type": "application/json", "x-sim-token": sim.controlToken },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

interface Settled {
  readonly op: AnyOperation;
  readonly code?: string;
  readonly message: string;
  readonly value?: unknown[][];
  readonly ms: number;
  readonly requests: number;
}

/** Injects the fault for every operation, evaluates every function's valid formula at once, counts requests. */
async function evaluateAllUnder(
  fault: FaultSpec | null,
  times: number,
  client?: Partial<ClientOptions>,
): Promise<Settled[]> {
  // A session whose secret the service has accepted (as after a connection test): an account's very first request
  // is otherwise sent alone, as a probe, and would hold the other cells while a fault stalls it.
  const check = await freshEngine(client).checkConnection();
  if (!check.ok) throw check.error;
  await control("DELETE", "/__sim/faults");
  await control("DELETE", "/__sim/stats");
  if (fault)
    for (const op of OPERATIONS)
      await control("POST", "/__sim/faults", { match: { operation: op.code }, times, fault });
  const now = new Date();
  const outcomes = await Promise.all(
    OPERATIONS.map(async (op) => {
      const started = Date.now();
      const { value, error } = await shim.invoke(op.fn, formulaArguments(op, validCall(op, now), "range")).outcome;
      return { op, value, code: error?.code, message: error?.message ?? "", ms: Date.now() - started };
    }),
  );
  const byOperation = sim.stats().byOperation;
  return outcomes.map((o) => ({ ...o, requests: byOperation[o.op.code] ?? 0 }));
}

interface FailureCase {
  readonly name: string;
  readonly fault: FaultSpec;
  /** Requests per cell: 1 + RETRIES for transient failures, 1 for the others. */
  readonly requests: number;
  readonly message: RegExp;
  /** The client's budgets for this fault (default CLIENT). */
  readonly client?: Partial<ClientOptions>;
}

const RETRIED = 1 + RETRIES;
const FAILURES: FailureCase[] = [
  {
    name: "HTTP 500",
    fault: { type: "http", status: 500 },
    requests: RETRIED,
    message: /HTTP 500.*try again in a few minutes/i,
  },
  {
    name: "HTTP 503",
    fault: { type: "http", status: 503 },
    requests: RETRIED,
    message: /HTTP 503.*try again in a few minutes/i,
  },
  {
    name: "HTTP 429 with Retry-After",
    fault: { type: "http", status: 429, retryAfterSeconds: 0.2 },
    requests: RETRIED,
    message: /HTTP 429.*too many requests/i,
  },
  {
    name: "a stall",
    fault: { type: "stall" },
    requests: RETRIED,
    message: new RegExp(`did not answer within ${STALL_ATTEMPT_MS} ms`),
    client: STALL_CLIENT,
  },
  {
    name: "a dropped connection",
    fault: { type: "reset" },
    requests: RETRIED,
    message: /could not reach the service/i,
  },
  { name: "a malformed body", fault: { type: "malformed" }, requests: 1, message: /unexpected answer/i },
  {
    name: "ERROR_SERVER_INTERNAL",
    fault: { type: "envelope", code: "ERROR_SERVER_INTERNAL" },
    requests: RETRIED,
    message: /internal fault.*ERROR_SERVER_INTERNAL/i,
  },
  {
    name: "ERROR_PARAM",
    fault: { type: "envelope", code: "ERROR_PARAM", message: "参数错误" },
    requests: 1,
    message: /rejected a parameter.*ERROR_PARAM/i,
  },
  {
    name: "ERROR_PARAM naming nodeIdPath in data",
    fault: { type: "envelope", code: "ERROR_PARAM", message: "参数错误", data: "nodeIdPath" },
    requests: 1,
    message: /refused the parameter nodeIdPath.*Check the value of nodeIdPath/,
  },
  {
    name: "ERROR_UNAUTHORIZED",
    fault: { type: "envelope", code: "ERROR_UNAUTHORIZED", message: "未授权" },
    requests: 1,
    message: /not authorised for this operation/,
  },
  {
    name: "ERROR_SECRET_KEY",
    fault: { type: "envelope", code: "ERROR_SECRET_KEY", message: "秘钥错误" },
    requests: 1,
    message: /secret is wrong.*enter the correct API secret/i,
  },
  {
    name: "ERROR_SECRET_KEY_OVERDUE",
    fault: { type: "envelope", code: "ERROR_SECRET_KEY_OVERDUE" },
    requests: 1,
    message: /secret has expired.*renew/i,
  },
  {
    name: "ERROR_SECRET_KEY_INVALID",
    fault: { type: "envelope", code: "ERROR_SECRET_KEY_INVALID" },
    requests: 1,
    message: /invalid or disabled/i,
  },
  {
    name: "ERROR_VISIT_MAX",
    fault: { type: "envelope", code: "ERROR_VISIT_MAX", message: "接口访问次数已达上限" },
    requests: 1,
    message: /call limit of the plan is reached.*retrying now only fails again/i,
  },
  {
    name: "ERROR_URL_NOT_FOUND",
    fault: { type: "envelope", code: "ERROR_URL_NOT_FOUND" },
    requests: 1,
    message: /does not know this operation.*base URL/i,
  },
  {
    name: "an unknown ERROR_* code",
    fault: { type: "envelope", code: "ERROR_SOMETHING_NEW" },
    requests: 1,
    message: /error code ERROR_SOMETHING_NEW \("something new"\)/,
  },
];

const summary = (s: Settled) =>
  `${s.op.fn}: ${s.code ?? "value"} after ${s.ms} ms, ${s.requests} request(s): ${s.message}`;

describe.each(FAILURES)("$name on every function", ({ fault, requests, message, client }) => {
  test(`#N/A with its message, ${requests} request(s) each`, async () => {
    // More failures queued than attempts allowed: a persistent fault.
    const settled = await evaluateAllUnder(fault, RETRIED + 2, client);
    const wrong = settled.filter((s) => s.code !== "#N/A" || !message.test(s.message) || s.requests !== requests);
    expect(wrong.map(summary)).toEqual([]);
    for (const s of settled) expect(s.message).not.toContain(SECRET);
    if (fault.type === "http" && fault.retryAfterSeconds !== undefined) {
      // Retry-After is honoured: two waits of 200 ms before the second and third requests (a lower bound: a busy
      // machine only waits longer).
      for (const s of settled) expect(s.ms).toBeGreaterThanOrEqual(2 * fault.retryAfterSeconds * 1000 - 20);
    }
  });
});

describe("transient failures are retried and the cell gets its data", () => {
  test.each([
    ["HTTP 500 once", { type: "http", status: 500 } as FaultSpec, CLIENT],
    ["a stall once", { type: "stall" } as FaultSpec, RECOVERY_STALL_CLIENT],
    ["ERROR_SERVER_INTERNAL once", { type: "envelope", code: "ERROR_SERVER_INTERNAL" } as FaultSpec, CLIENT],
  ])("%s: data after 2 requests", async (_name, fault, client) => {
    const settled = await evaluateAllUnder(fault, 1, client);
    const wrong = settled.filter((s) => !Array.isArray(s.value) || s.requests !== 2);
    expect(wrong.map(summary)).toEqual([]);
  });
});

test("a stall longer than the whole budget settles at the total timeout, with one request", async () => {
  const total = 3_000;
  const settled = await evaluateAllUnder({ type: "stall" }, RETRIED + 2, {
    ...CLIENT,
    attemptTimeoutMs: 10 * TOTAL_MS,
    totalTimeoutMs: total,
  });
  const wrong = settled.filter(
    (s) =>
      s.code !== "#N/A" ||
      !/did not complete within \d+ ms/.test(s.message) || // the time it counted, at least the budget
      s.requests !== 1 ||
      s.ms < total - 20, // it waited for the whole budget (a lower bound: a busy machine only waits longer)
  );
  expect(wrong.map(summary)).toEqual([]);
});
