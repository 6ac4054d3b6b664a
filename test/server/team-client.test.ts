/**
 * The add-in's own client against a team relay: with a member's token as its credential it sends
 * `Authorization: Bearer` and no `secret-key`, its calls are answered through the plan's key, and /v1/visits gives
 * calls left that count against the member's budget or the plan's, whichever runs out first.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { createTypedClient as createClient } from "../support/operation-methods";
import { SecretKeyError } from "../../src/api/errors";
import { useSimulator } from "../support/simulator";
import { planKey, startTeam, type RunningTeam } from "./support/team";

const SECRET = "client0secret0000000000000000xyz";
const sim = useSimulator({ secret: SECRET });
let team: RunningTeam;

beforeAll(async () => {
  team = await startTeam({ kind: "memory", upstream: sim.url, keys: [planKey("main", SECRET, 40, 1000)] });
});
afterAll(async () => {
  await team.stop();
});

test("with a member's token the client calls the relay with Authorization: Bearer, never a secret-key", async () => {
  const seen: IncomingHttpHeaders[] = [];
  const recorder = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ code: "OK", message: "OK", data: 5 }));
  });
  await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
  try {
    const token = await team.member("quinn");
    const base = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
    await createClient({ baseUrl: base, secret: token }).visits();
    expect(seen[0].authorization).toBe(`Bearer ${token}`);
    expect(seen[0]["secret-key"]).toBeUndefined();
    await createClient({ baseUrl: base, secret: SECRET }).visits();
    expect(seen[1]["secret-key"]).toBe(SECRET);
    expect(seen[1].authorization).toBeUndefined();
  } finally {
    await new Promise((resolve) => recorder.close(resolve));
  }
});

test("the client's calls go through the relay with the plan's key; calls left are the member's budget's", async () => {
  const token = await team.member("rae", { monthlyBudget: 10 });
  const client = createClient({ baseUrl: team.bases[0], secret: token });
  const result = await client.call("market_ebc_distribution", { marketplace: "US", nodeIdPath: "172282" });
  expect(result.rows.length).toBeGreaterThan(0);
  const visits = await client.visits();
  expect(visits).toMatchObject({ remaining: 9, quota: 10 });
  expect(visits.raw).toMatchObject({ member: { remaining: 9 }, plan: { quota: 1000, remaining: 999 } });
  await team.stores[0].revokeMember("rae");
  await expect(client.visits()).rejects.toBeInstanceOf(SecretKeyError);
});
