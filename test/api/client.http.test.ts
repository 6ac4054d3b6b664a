/**
 * The client with Node's own fetch over real HTTP (a throwaway local server): the default fetch, headers as the
 * server receives them, and a connection refused becoming a NetworkError after its retries.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createTypedClient as createClient } from "../support/operation-methods";
import { NetworkError } from "../../src/api/errors";

const SECRET = "0123456789abcdef0123456789abcdef";
let server: Server;
let baseUrl: string;
const seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({ code: "OK", message: "成功", data: [{ label: "202507", rank: 5, searches: 10, date: 1 }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("a call over real HTTP with the global fetch", async () => {
  const client = createClient({ baseUrl, secret: SECRET });
  const result = await client.abaResearchTrend({ marketplace: "us", keyword: " phone stand " });
  expect(result.rows).toEqual([{ label: "202507", rank: 5, searches: 10, date: 1 }]);
  const [request] = seen;
  expect(request.method).toBe("POST");
  expect(request.url).toBe("/v1/aba/research/trends");
  expect(request.headers["secret-key"]).toBe(SECRET);
  expect(request.headers["content-type"]).toBe("application/json;charset=utf-8");
  expect(request.headers["x-request-id"]).toBe(result.requestId);
  expect(JSON.parse(request.body)).toEqual({ marketplace: "US", keyword: "phone stand" });
});

test("a refused connection is a NetworkError after the retries", async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  let attempts = 0;
  const client = createClient({
    baseUrl: `http://127.0.0.1:${port}`,
    secret: SECRET,
    backoff: { baseMs: 1, maxMs: 5 },
    onAttempt: () => attempts++,
  });
  const error = await client.marketEbcDistribution({ marketplace: "US", nodeIdPath: "1:2" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NetworkError);
  expect((error as NetworkError).message).toMatch(/ECONNREFUSED/);
  expect(String(error)).not.toContain(SECRET);
  expect(attempts).toBe(3);
});
