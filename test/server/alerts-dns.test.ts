/**
 * Slow DNS cannot stall the relay (issue 46, item 2): webhook hosts are resolved by DNS queries on the event loop
 * (`dns.promises.Resolver`, never libuv's thread pool that `dns.lookup` holds), each query within ~2 s, the whole
 * check within a deadline, and a member's resolutions in flight bounded, so another member's request and cached
 * calls go on. Against a DNS server on loopback that never answers, and an injected resolver that never answers.
 */
import { createSocket, type Socket } from "node:dgram";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pbkdf2 } from "node:crypto";
import { dnsResolver, type Resolver } from "../../src/server/team/alerts/address-guard";
import { VirtualClock } from "../support/virtual-clock";
import { call, planKey, startTeam, type RunningTeam } from "./support/team";

const SECRET = "dns000secret0000000000000000wxyz";
let silent: { socket: Socket; port: number; queries: number };
let upstream: { url: string; server: Server };
const teams: RunningTeam[] = [];

beforeAll(async () => {
  const socket = createSocket("udp4");
  silent = { socket, port: 0, queries: 0 };
  socket.on("message", () => silent.queries++); // heard, never answered
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  silent.port = socket.address().port;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: "OK", message: "成功", data: { items: [], total: 0 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  upstream = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
});
afterAll(async () => {
  await Promise.all(teams.map((t) => t.stop()));
  silent?.socket.close();
  upstream?.server.closeAllConnections();
  await new Promise((resolve) => upstream?.server.close(resolve));
});

async function team(resolve: Resolver) {
  const clock = new VirtualClock({ autoAdvance: false });
  const running = await startTeam({
    kind: "memory",
    upstream: upstream.url,
    keys: [planKey("main", SECRET)],
    clock,
    alerts: { resolve },
  });
  teams.push(running);
  return Object.assign(running, { clock });
}

async function put(base: string, token: string, id: string, deliver: string[]) {
  const reply = await fetch(`${base}/v1/alerts/${id}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Mat", query: '=MAD.PRODUCTDETAILS("US","B07Z82895W")', when: "price < 20", deliver }),
  });
  return { status: reply.status, body: (await reply.json()) as { message: string; data: { problem: string } } };
}

const threadPoolTask = () => new Promise<void>((resolve) => pbkdf2("x", "y", 1, 32, "sha256", () => resolve()));

test("the resolver asks DNS on the event loop: eight queries a silent server never answers leave libuv's threads free, and each gives up by itself", async () => {
  const resolve = dnsResolver({ servers: [`127.0.0.1:${silent.port}`], timeoutMs: 500 });
  const settled: string[] = [];
  const asked = Array.from({ length: 8 }, (_, i) =>
    resolve(`slow${i}.example.test`).then(
      () => settled.push("answered"),
      (error: Error) => settled.push(error.message),
    ),
  );
  // dns.lookup would hold libuv's 4 threads here: a thread-pool task would wait for them.
  await Promise.all(Array.from({ length: 8 }, threadPoolTask));
  expect(settled).toEqual([]);
  await Promise.all(asked);
  expect(settled).toHaveLength(8);
  expect(settled.every((s) => s !== "answered")).toBe(true);
  expect(silent.queries).toBeGreaterThanOrEqual(8);
});

test("six saves whose hosts' DNS never answers: a cached call answers meanwhile, each save gets its 400 by itself", async () => {
  const t = await team(dnsResolver({ servers: [`127.0.0.1:${silent.port}`] }));
  const [mallory, bob] = [await t.member("mallory"), await t.member("bob")];
  expect((await call(t.bases[0], bob)).body.code).toBe("OK");
  const heard = silent.queries;
  const answered: number[] = [];
  const saves = Array.from({ length: 6 }, (_, i) =>
    put(t.bases[0], mallory, `slow-000${i}`, [`https://slow${i}.example.test/hook`]).then((reply) => {
      answered.push(i);
      return reply;
    }),
  );
  while (silent.queries === heard) await new Promise((resolve) => setTimeout(resolve, 20));
  const cached = await call(t.bases[0], bob);
  expect([cached.body.code, cached.headers.get("x-mad-cache")]).toEqual(["OK", "hit"]);
  expect(answered).toEqual([]);
  for (const reply of await Promise.all(saves)) {
    expect(reply.status).toBe(400);
    expect(reply.body.data.problem).toBe("destination-refused");
    expect(reply.body.message).toMatch(/could not be resolved/);
  }
}, 30_000);

test("a resolver that never answers: the check ends at its deadline (4 s), a member's resolutions in flight are bounded, and another member's save goes on", async () => {
  let inFlight = 0;
  let most = 0;
  const aborted: string[] = [];
  const resolve: Resolver = (host, signal) => {
    if (host.startsWith("ok.")) return Promise.resolve([{ address: "93.184.216.34", family: 4 }]);
    inFlight++;
    most = Math.max(most, inFlight);
    return new Promise((_, reject) =>
      signal?.addEventListener("abort", () => {
        inFlight--;
        aborted.push(host);
        reject(new Error("aborted"));
      }),
    );
  };
  const t = await team(resolve);
  const [mallory, bob] = [await t.member("mallory"), await t.member("bob")];
  const saves = Array.from({ length: 6 }, (_, i) =>
    put(
      t.bases[0],
      mallory,
      `hang-000${i}`,
      [0, 1, 2].map((j) => `https://hang${i}-${j}.example.test/hook`),
    ),
  );
  const bobs = await put(t.bases[0], bob, "bobs-0001", ["https://ok.example.test/hook"]);
  expect(bobs.status).toBe(200);
  expect(most).toBeLessThanOrEqual(4);
  await t.clock.advance(4_000);
  const replies = await Promise.race([
    Promise.all(saves),
    new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 5_000)),
  ]);
  expect(replies).not.toBe("hung");
  for (const reply of replies as Awaited<(typeof saves)[number]>[]) {
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/could not be resolved/);
  }
  expect(aborted.length).toBeGreaterThan(0);
  expect(inFlight).toBe(0);
}, 30_000);
