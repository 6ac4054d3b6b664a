/**
 * The simulator for a test file, started the one way the tests start it: on a free loopback port, serving no files
 * (unless `staticDir` says otherwise), with the file's secret. Started before the file's tests, stopped after them;
 * its call counts and its request log start afresh before each test, so no test depends on the ones before it.
 *
 *   const sim = useSimulator({ secret: SECRET });   // at the top of a file or a describe
 *   test("…", async () => { …sim.url…; expect(sim.stats().total).toBe(1); });
 */
import { startSimulator, type RunningSimulator, type StartOptions } from "../../src/simulator";

export type TestSimulator = Pick<
  RunningSimulator,
  "stats" | "resetStats" | "injectFault" | "clearFaults" | "url" | "port" | "controlToken"
> & {
  readonly secret: string;
  /** The simulator's log lines ("GET /v1/product/node -> OK 3ms") of the running test. */
  readonly requests: readonly string[];
  /** The simulator as a service for the functions' harness: base URL, secret, fetch and the calls it answered. */
  readonly service: {
    readonly baseUrl: string;
    readonly secret: string;
    readonly fetch: typeof fetch;
    calls(): number;
  };
};

export function useSimulator(options: Omit<StartOptions, "port" | "log"> & { secret: string }): TestSimulator {
  let running: RunningSimulator | undefined;
  const requests: string[] = [];
  const sim = () => {
    if (!running) throw new Error("The simulator starts in beforeAll: use it inside a test or a hook");
    return running;
  };
  beforeAll(async () => {
    running = await startSimulator({ port: 0, staticDir: false, ...options, log: (line) => requests.push(line) });
  });
  beforeEach(() => {
    sim().resetStats();
    requests.length = 0;
  });
  afterAll(async () => {
    await running?.stop();
    running = undefined;
  });
  return {
    get url() {
      return sim().url;
    },
    get port() {
      return sim().port;
    },
    get controlToken() {
      return sim().controlToken;
    },
    stats: () => sim().stats(),
    resetStats: () => sim().resetStats(),
    injectFault: (rule) => sim().injectFault(rule),
    clearFaults: () => sim().clearFaults(),
    secret: options.secret,
    requests,
    service: {
      get baseUrl() {
        return sim().url;
      },
      secret: options.secret,
      fetch: (input, init) => globalThis.fetch(input, init),
      calls: () => sim().stats().total,
    },
  };
}
