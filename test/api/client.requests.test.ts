/**
 * The request the client sends for a typical call of every operation: method, URL (path from the catalog), headers
 * and JSON body (or, for a GET operation, the query); the typed method generated for each operation sends the same
 * request.
 */
import { clockFrom } from "../../src/lib/clock";
import { createTypedClient as createClient } from "../support/operation-methods";
import { methodName } from "../support/operation-methods";
import { methodOf, OPERATIONS, type OperationCode } from "../../src/api/catalog";
import type { RecordedRequest } from "./support/fake-fetch";
import { fakeFetch, ok } from "./support/fake-fetch";
import { fixture, fixtureCodes } from "./support/fixtures";
import { NOW, TYPICAL } from "./support/typical";

const SECRET = "0123456789abcdef0123456789abcdef";
const FIXTURES = new Set(fixtureCodes());

/** The real response of the operation, or an empty answer of its shape when the fixture folder has none for it. */
const replyFor = (code: string) => {
  if (FIXTURES.has(code)) return ok(fixture(code).data);
  const shape = OPERATIONS.find((op) => op.code === code)?.shape;
  return ok(shape === "array" ? [] : shape === "facets" ? {} : { page: 1, pages: 0, size: 50, items: [] });
};

/** The parameters a request carried: its JSON body, or its query for a GET. */
const sentParams = (request: RecordedRequest): unknown =>
  request.method === "GET" ? Object.fromEntries(new URL(request.url).searchParams) : request.body;

function clientWith(code: OperationCode) {
  const fake = fakeFetch(replyFor(code));
  let n = 0;
  const attempts: unknown[] = [];
  const client = createClient({
    baseUrl: "https://api.example.test/",
    secret: SECRET,
    fetch: fake.fetch,
    clock: clockFrom(NOW),
    newRequestId: () => `req-${++n}`,
    onAttempt: (info) => attempts.push(info),
  });
  return { client, fake, attempts };
}

describe.each(OPERATIONS.map((op) => [op.code, op] as const))("%s", (code, op) => {
  const typical = TYPICAL[code];

  const method = methodOf(op);
  // A path with parameters (`/v1/asin/{marketplace}/{asin}`) is filled with the call's own values.
  const path = typical.path ?? op.path;
  test(`${method} ${path} with the secret, a request id and the normalized parameters`, async () => {
    const { client, fake, attempts } = clientWith(code);
    const result = await client.call(code, typical.params);

    expect(fake.calls).toHaveLength(1);
    const [request] = fake.calls;
    expect(request.method).toBe(method);
    expect(request.url.split("?")[0]).toBe(`https://api.example.test${path}`);
    expect(request.headers["secret-key"]).toBe(SECRET);
    expect(request.headers["content-type"]).toBe(method === "POST" ? "application/json;charset=utf-8" : undefined);
    expect(request.headers["x-request-id"]).toBe("req-1");
    expect(sentParams(request)).toEqual(typical.body);
    if (method === "GET") expect(request.body).toBeUndefined();
    else expect(request.url).not.toContain("?");
    expect(request.url).not.toContain(SECRET);
    expect(attempts).toEqual([{ operation: code, path, requestId: "req-1", attempt: 1 }]);
    expect(result.operation).toBe(code);
    expect(result.requestId).toBe("req-1");
    expect(Array.isArray(result.rows)).toBe(true);
  });

  test(`client.${methodName(code)}() sends the same request`, async () => {
    const { client, fake } = clientWith(code);
    const method = (client as unknown as Record<string, (p: unknown) => Promise<{ operation: string }>>)[
      methodName(code)
    ];
    expect(typeof method).toBe("function");
    const result = await method.call(client, typical.params);
    expect(result.operation).toBe(code);
    expect(fake.calls[0].url.split("?")[0]).toBe(`https://api.example.test${path}`);
    expect(sentParams(fake.calls[0])).toEqual(typical.body);
  });
});

test("a GET operation sends its parameters URL-encoded in the query, never the secret, and no body", async () => {
  const fake = fakeFetch(ok([]));
  const client = createClient({
    baseUrl: "https://api.example.test",
    secret: SECRET,
    fetch: fake.fetch,
    clock: clockFrom(NOW),
  });
  await client.productNode({ marketplace: "de", keyword: "Sport & Freizeit/yoga" });
  const [request] = fake.calls;
  expect(request.method).toBe("GET");
  const url = new URL(request.url);
  expect(url.pathname).toBe("/v1/product/node");
  expect(url.search).toBe("?marketplace=DE&keyword=Sport+%26+Freizeit%2Fyoga");
  expect(Object.fromEntries(url.searchParams)).toEqual({ marketplace: "DE", keyword: "Sport & Freizeit/yoga" });
  expect(request.url).not.toContain(SECRET);
  expect(request.headers["secret-key"]).toBe(SECRET);
  expect(request.body).toBeUndefined();
  expect(fake.calls).toHaveLength(1);
});

test("method names are camelCase of the MCP codes and unique", () => {
  expect(methodName("keyword_research_trends")).toBe("keywordResearchTrends");
  expect(methodName("competitor_lookup")).toBe("competitorLookup");
  expect(new Set(OPERATIONS.map((op) => methodName(op.code))).size).toBe(OPERATIONS.length);
});

test("typed methods are callable with typed params", async () => {
  const { client } = clientWith("keyword_research_trends");
  const result = await client.keywordResearchTrends({ marketplace: "US", keyword: "test" });
  expect(result.rows[0].keywrod).toBe("test");
});

test("each attempt gets its own request id and the base URL may end in /v1", async () => {
  const fake = fakeFetch(ok([]));
  let n = 0;
  const client = createClient({
    baseUrl: "http://127.0.0.1:8787/v1/",
    secret: SECRET,
    fetch: fake.fetch,
    newRequestId: () => `id-${++n}`,
  });
  await client.marketEbcDistribution({ marketplace: "US", nodeIdPath: "1:2" });
  await client.marketEbcDistribution({ marketplace: "US", nodeIdPath: "1:2" });
  expect(fake.calls.map((c) => c.url)).toEqual([
    "http://127.0.0.1:8787/v1/market/ebc",
    "http://127.0.0.1:8787/v1/market/ebc",
  ]);
  expect(fake.calls.map((c) => c.headers["x-request-id"])).toEqual(["id-1", "id-2"]);
});

test("the default request id is a fresh UUID per request", async () => {
  const fake = fakeFetch(ok([]));
  const client = createClient({ baseUrl: "http://127.0.0.1:8787", secret: SECRET, fetch: fake.fetch });
  await client.marketEbcDistribution({ marketplace: "US", nodeIdPath: "1:2" });
  await client.marketEbcDistribution({ marketplace: "US", nodeIdPath: "1:2" });
  const [a, b] = fake.calls.map((c) => c.headers["x-request-id"]);
  expect(a).toMatch(/^[0-9a-f-]{36}$/);
  expect(a).not.toBe(b);
});

describe("visits", () => {
  test.each([
    ["a number", 1234, 1234],
    ["an object with a remaining-like field", { used: 10, remaining: 990 }, 990],
    ["an object with only a count", { visitCount: 77 }, 77],
    ["a list of modules (one)", [{ module: "api", remain: 812, message: "剩余次数" }], 812],
    [
      "a list of modules: the whole-API module answers",
      [
        { module: "keyword", remain: 40, message: "" },
        { module: "openApi", remain: 950, message: "" },
      ],
      950,
    ],
    [
      "a list of modules: else the one that runs out first",
      [
        { module: "product", remain: "300", message: "" },
        { module: "keyword", remain: 120, message: "" },
      ],
      120,
    ],
    ["a list without counts", [{ module: "api", message: "x" }], null],
    ["something else", "n/a", null],
  ])("GET /v1/visits reads %s", async (_, data, remaining) => {
    const fake = fakeFetch(ok(data));
    const client = createClient({ baseUrl: "https://api.example.test", secret: SECRET, fetch: fake.fetch });
    await expect(client.visits()).resolves.toEqual({ remaining, quota: null, raw: data, team: null });
    expect(fake.calls[0].method).toBe("GET");
    expect(fake.calls[0].url).toBe("https://api.example.test/v1/visits");
    expect(fake.calls[0].headers["secret-key"]).toBe(SECRET);
    expect(fake.calls[0].body).toBeUndefined();
  });

  test("a team relay's answer says the member's calls left and the team plan's apart", async () => {
    const data = {
      remaining: 120,
      quota: 500,
      member: { name: "pat", quota: 500, used: 380, remaining: 120 },
      plan: { quota: 30000, used: 20120, remaining: 9880 },
    };
    const fake = fakeFetch(ok(data));
    const client = createClient({ baseUrl: "https://api.example.test", secret: SECRET, fetch: fake.fetch });
    await expect(client.visits()).resolves.toMatchObject({
      remaining: 120,
      quota: 500,
      team: { member: { remaining: 120, quota: 500 }, plan: { remaining: 9880, quota: 30000 } },
    });
  });

  test("GET /v1/visits reads the plan's monthly quota when the answer names it", async () => {
    const data = { month: "202611", used: 12, quota: 1000, remaining: 988 };
    const client = createClient({
      baseUrl: "https://api.example.test",
      secret: SECRET,
      fetch: fakeFetch(ok(data)).fetch,
    });
    await expect(client.visits()).resolves.toEqual({ remaining: 988, quota: 1000, raw: data, team: null });
  });
});
