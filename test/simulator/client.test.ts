/** The client's happy path for every operation of the catalog against the simulator, over real HTTP. */
import { clockFrom } from "../../src/lib/clock";
import { OPERATIONS } from "../../src/api/catalog";
import { createTypedClient as createClient } from "../support/operation-methods";
import { methodName } from "../support/operation-methods";
import { matchPath } from "../../src/api/paths";
import { RECORD_FIELDS } from "../../src/api/records";
import { DEMO_SECRET, type RunningSimulator } from "../../src/simulator";
import { exampleRequests } from "../support/example-requests";
import { start, T0 } from "./helpers";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(() => sim.stop());

const EXAMPLES = exampleRequests(new Date(T0)) as Record<string, unknown>;

test.each(OPERATIONS.map((op) => [op.code, op] as const))("%s through its typed method", async (code, op) => {
  const requests: string[] = [];
  const client = createClient({
    baseUrl: sim.url,
    secret: DEMO_SECRET,
    clock: clockFrom(new Date(T0)),
    onAttempt: (info) => requests.push(info.path),
  });
  const method = (
    client as unknown as Record<
      string,
      (params: unknown) => Promise<{ rows: Record<string, unknown>[]; total: number | null }>
    >
  )[methodName(code)];
  const result = await method.call(client, EXAMPLES[code]);
  // One request, on the operation's route (a path with parameters filled with the call's own).
  expect(requests).toHaveLength(1);
  expect(matchPath(op.path, requests[0])).toBeDefined();
  expect(result.rows.length).toBeGreaterThan(0);
  expect(result.total).toBeGreaterThan(0);
  // The parser gives the specification's names, whatever the live names on the wire.
  const names = RECORD_FIELDS[op.record].map((f) => f.name);
  expect(Object.keys(result.rows[0])).toEqual(expect.arrayContaining(names));
});

test("call(code, params) and a wrong secret through the client", async () => {
  const client = createClient({ baseUrl: sim.url, secret: DEMO_SECRET, clock: clockFrom(new Date(T0)) });
  const result = await client.call("product_research", { marketplace: "US", size: 5 });
  expect(result.rows).toHaveLength(5);
  expect(result.rows[0]).toHaveProperty("platformUnit");
  const wrong = createClient({
    baseUrl: sim.url,
    secret: "wrong-secret-00000000000000000000",
    clock: clockFrom(new Date(T0)),
    retries: 0,
  });
  await expect(wrong.call("product_research", { marketplace: "US" })).rejects.toMatchObject({ kind: "secretKey" });
});
