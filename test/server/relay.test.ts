/** The hosting server in process: per-client rate limiting of relay calls and the per-request upstream timeout. */
import { createHostingServer, listen, type HostingServer } from "../../src/server/hosting";
import { useSimulator } from "../support/simulator";

const SECRET = "relay0secret0000000000000000wxyz";
const ebc = (base: string) =>
  fetch(`${base}/v1/market/ebc`, {
    method: "POST",
    headers: { "secret-key": SECRET, "content-type": "application/json" },
    body: JSON.stringify({ marketplace: "US", nodeIdPath: "172282" }),
  });

const servers: HostingServer[] = [];
const sim = useSimulator({ secret: SECRET });
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop(0)));
});

async function host(options: Partial<Parameters<typeof createHostingServer>[0]>): Promise<string> {
  const hosting = createHostingServer({ upstream: sim.url, ...options });
  servers.push(hosting);
  return listen(hosting, 0, "127.0.0.1");
}

test("past the per-client limit relay calls get 429 with Retry-After and are not relayed", async () => {
  const base = await host({ rateLimitPerMinute: 2 });
  const before = sim.stats().total;
  expect((await ebc(base)).status).toBe(200);
  expect((await ebc(base)).status).toBe(200);
  const refused = await ebc(base);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(sim.stats().total).toBe(before + 2);
  // Pages and health checks are not rate limited.
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
});

test("an upstream that does not answer in time gives 504", async () => {
  const base = await host({ upstreamTimeoutMs: 300 });
  sim.injectFault({ match: { path: "/v1/market/ebc" }, times: 1, fault: { type: "stall" } });
  const reply = await ebc(base);
  expect(reply.status).toBe(504);
  expect(await reply.text()).not.toContain(SECRET);
});

test("the category lookup is relayed as a GET with its query; a POST to it is not relayed", async () => {
  const base = await host({});
  const reply = await fetch(`${base}/v1/product/node?marketplace=US&keyword=yoga+mats`, {
    headers: { "secret-key": SECRET },
  });
  expect(reply.status).toBe(200);
  const body = (await reply.json()) as { code: string; data: { nodeIdPath: string }[] };
  expect(body.code).toBe("OK");
  expect(body.data.map((n) => n.nodeIdPath)).toEqual(["3375251:3407731:3422251:3422301"]);
  const viaPost = await fetch(`${base}/v1/product/node`, {
    method: "POST",
    headers: { "secret-key": SECRET, "content-type": "application/json" },
    body: JSON.stringify({ marketplace: "US", keyword: "yoga" }),
  });
  expect(viaPost.status).toBe(404);
});
