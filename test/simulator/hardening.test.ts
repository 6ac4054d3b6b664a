/**
 * The simulator under hostile requests: a malformed request line, a web page writing faults, slow clients, and the
 * control endpoint in forwarding mode.
 */
import { connect } from "node:net";
import type { RunningSimulator } from "../../src/simulator";
import { post, start } from "./helpers";

let sim: RunningSimulator;
const lines: string[] = [];
beforeAll(async () => {
  sim = await start({ log: (line) => lines.push(line) });
});
afterAll(() => sim.stop());

/** Sends raw bytes and resolves with everything the server answered before closing. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(text));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

test("a malformed request line gets 400 and the simulator keeps answering", async () => {
  const answer = await raw(
    sim.port,
    "GET //[ HTTP/1.1\r\nHost: x\r\nsecret-key: hidden-value\r\nConnection: close\r\n\r\n",
  );
  expect(answer).toMatch(/^HTTP\/1\.1 400/);
  expect(lines.join("\n")).toContain("malformed");
  expect(lines.join("\n")).not.toContain("hidden-value");
  expect((await post(sim.url, "/v1/market/ebc", { marketplace: "US", nodeIdPath: "172282" })).body.code).toBe("OK");
});

const rule = JSON.stringify({ match: { operation: "market_ebc" }, times: 1, fault: { type: "envelope", code: "OK" } });

test("/__sim/faults refuses writes without the run's token or without a JSON content type", async () => {
  const noToken = await fetch(`${sim.url}/__sim/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: rule,
  });
  expect(noToken.status).toBe(403);
  // What a web page can send without a preflight: text/plain, even with a guessed token.
  const textPlain = await fetch(`${sim.url}/__sim/faults`, {
    method: "POST",
    headers: { "content-type": "text/plain", "x-sim-token": sim.controlToken },
    body: rule,
  });
  expect(textPlain.status).toBe(415);
  expect((await fetch(`${sim.url}/__sim/stats`)).status).toBe(403);
  // Nothing was planted: the next answer is real data.
  const reply = await post(sim.url, "/v1/market/ebc", { marketplace: "US", nodeIdPath: "172282" });
  expect(reply.body.data).not.toBeNull();
});

test("/__sim/* grants no CORS, even to a preflight", async () => {
  const preflight = await fetch(`${sim.url}/__sim/faults`, {
    method: "OPTIONS",
    headers: {
      origin: "https://evil.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type, x-sim-token",
    },
  });
  expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  expect(preflight.headers.get("access-control-allow-headers")).toBeNull();
  const stats = await fetch(`${sim.url}/__sim/stats`, {
    headers: { origin: "https://evil.example", "x-sim-token": sim.controlToken },
  });
  expect(stats.status).toBe(200);
  expect(stats.headers.get("access-control-allow-origin")).toBeNull();
});

test("in forwarding mode faults and stats are refused altogether", async () => {
  const proxy = await start({ upstream: sim.url });
  try {
    for (const [method, path] of [
      ["POST", "/__sim/faults"],
      ["GET", "/__sim/stats"],
    ]) {
      const response = await fetch(`${proxy.url}${path}`, {
        method,
        headers: { "content-type": "application/json", "x-sim-token": proxy.controlToken },
        body: method === "POST" ? rule : undefined,
      });
      expect(response.status).toBe(404);
    }
  } finally {
    await proxy.stop();
  }
});

test("the server bounds slow clients (header, request and keep-alive timeouts)", () => {
  expect(sim.server.headersTimeout).toBeGreaterThan(0);
  expect(sim.server.headersTimeout).toBeLessThanOrEqual(60_000);
  expect(sim.server.requestTimeout).toBeGreaterThan(0);
  expect(sim.server.requestTimeout).toBeLessThanOrEqual(300_000);
  expect(sim.server.keepAliveTimeout).toBeGreaterThan(0);
  expect(sim.server.keepAliveTimeout).toBeLessThanOrEqual(60_000);
});
