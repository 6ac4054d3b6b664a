/**
 * Redirects never carry the secret away: over real HTTP, a service answering 302/307 towards another local server
 * fails the call with a RedirectError naming that server's host, is not retried, and the other server gets nothing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createTypedClient as createClient } from "../support/operation-methods";
import { RedirectError } from "../../src/api/errors";

const SECRET = "0123456789abcdef0123456789abcdef";
let elsewhere: Server;
let elsewhereHost: string;
let elsewhereHits = 0;
let redirector: Server;
let redirectorUrl: string;
let redirectorHits = 0;
let status = 302;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  elsewhere = createServer((req, res) => {
    elsewhereHits++;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ code: "OK", message: "", data: [{ label: "stolen", rank: 1, searches: 1, date: 1 }] }));
  });
  elsewhereHost = await listen(elsewhere);
  redirector = createServer((req, res) => {
    redirectorHits++;
    req.resume();
    req.on("end", () => {
      res.statusCode = status;
      res.setHeader("location", `http://${elsewhereHost}${req.url ?? "/"}`);
      res.end();
    });
  });
  redirectorUrl = `http://${await listen(redirector)}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => redirector.close(() => resolve()));
  await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
});

test.each([302, 307])(
  "an HTTP %i is a RedirectError naming the target host; the target receives nothing",
  async (code) => {
    status = code;
    redirectorHits = 0;
    elsewhereHits = 0;
    const client = createClient({ baseUrl: redirectorUrl, secret: SECRET, backoff: { baseMs: 1, maxMs: 2 } });
    const error = await client.abaResearchTrend({ marketplace: "US", keyword: "phone stand" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).message).toContain(elsewhereHost);
    expect((error as RedirectError).retryable).toBe(false);
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect(String(error)).not.toContain(SECRET);
    expect(redirectorHits).toBe(1);
    expect(elsewhereHits).toBe(0);
  },
);

test("a browser's opaque redirect (status 0, no Location) is a RedirectError too", async () => {
  const fakeFetch = (async () =>
    ({
      type: "opaqueredirect",
      status: 0,
      headers: new Headers(),
      text: async () => "",
    }) as unknown as Response) as typeof fetch;
  const client = createClient({ baseUrl: "http://127.0.0.1:1", secret: SECRET, fetch: fakeFetch });
  const error = await client.visits().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RedirectError);
});
