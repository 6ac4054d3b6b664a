/**
 * One factory picks the error class: every known envelope code to its class and advice, whatever the HTTP
 * status; non-envelope bodies by status; and the secret never shows in what an error prints or serializes.
 */
import {
  ApiError,
  ERROR_KINDS,
  errorFromResponse,
  HttpError,
  isMadError,
  MadError,
  MalformedResponseError,
  ParamError,
  SecretKeyError,
  SecretKeyInvalidError,
  SecretKeyOverdueError,
  ServerInternalError,
  UnauthorizedError,
  UnknownApiError,
  UrlNotFoundError,
  VisitMaxError,
} from "../../src/api/errors";
import { createTypedClient as createClient } from "../support/operation-methods";
import { apiError, fakeFetch, json, networkFailure, text } from "./support/fake-fetch";

const SECRET = "0123456789abcdef0123456789abcdef";

const CODES: [
  code: string,
  cls: new (...args: never[]) => ApiError,
  kind: string,
  retryable: boolean,
  advice: RegExp,
][] = [
  ["ERROR_PARAM", ParamError, "param", false, /Check the values/],
  ["ERROR_SECRET_KEY", SecretKeyError, "secretKey", false, /correct API secret/],
  ["ERROR_SECRET_KEY_OVERDUE", SecretKeyOverdueError, "secretKeyOverdue", false, /Renew/],
  ["ERROR_SECRET_KEY_INVALID", SecretKeyInvalidError, "secretKeyInvalid", false, /valid API secret/],
  ["ERROR_UNAUTHORIZED", UnauthorizedError, "unauthorized", false, /plan of this secret/],
  ["ERROR_VISIT_MAX", VisitMaxError, "visitMax", false, /quota resets/],
  ["ERROR_URL_NOT_FOUND", UrlNotFoundError, "urlNotFound", false, /base URL/],
  ["ERROR_SERVER_INTERNAL", ServerInternalError, "serverInternal", true, /Try again/],
  ["ERROR_SOMETHING_NEW", UnknownApiError, "unknownApi", false, /contact the data provider with the code/],
];

describe.each(CODES)("%s", (code, cls, kind, retryable, advice) => {
  test.each([200, 400, 500])(`maps to its class with HTTP %i`, (status) => {
    const error = errorFromResponse({
      status,
      body: { code, message: "接口访问次数已达上限", data: null },
      requestId: "r-1",
    });
    expect(error).toBeInstanceOf(cls);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(MadError);
    expect(isMadError(error)).toBe(true);
    expect(error.kind).toBe(kind);
    expect(error.retryable).toBe(retryable);
    expect(error.advice).toMatch(advice);
    expect(error.requestId).toBe("r-1");
    const apiErr = error as ApiError;
    expect(apiErr.code).toBe(code);
    expect(apiErr.status).toBe(status);
    expect(apiErr.serviceMessage).toBe("接口访问次数已达上限");
    expect(error.message).toContain(code);
  });

  test("reaches the caller of the client", async () => {
    const fake = fakeFetch(apiError(code, "x"));
    const client = createClient({ baseUrl: "https://api.example.test", secret: SECRET, fetch: fake.fetch, retries: 0 });
    await expect(client.marketEbcDistribution({ marketplace: "US", nodeIdPath: "1:2" })).rejects.toBeInstanceOf(cls);
  });
});

describe("envelopes as the live service sends them", () => {
  test("ERROR_PARAM names the parameter the service put in data", () => {
    const error = errorFromResponse({
      status: 200,
      body: { code: "ERROR_PARAM", message: "参数错误", data: "nodeIdPath" },
    }) as ParamError;
    expect(error).toBeInstanceOf(ParamError);
    expect(error.param).toBe("nodeIdPath");
    expect(error.message).toMatch(/^The service refused the parameter nodeIdPath/);
    expect(error.advice).toMatch(/Check the value of nodeIdPath/);
  });

  test.each([
    ["null", null],
    ["markup", "<b>nodeIdPath</b>"],
    ["a Chinese sentence", "参数错误"],
    ["an object", { field: "nodeIdPath" }],
  ])("ERROR_PARAM with %s in data names no parameter", (_, data) => {
    const error = errorFromResponse({ status: 200, body: { code: "ERROR_PARAM", message: "参数错误", data } });
    expect(error).toBeInstanceOf(ParamError);
    expect((error as ParamError).param).toBeUndefined();
    expect(error.message).toMatch(/^The service rejected a parameter/);
    expect(error.message).not.toContain("<b>");
  });

  test("an envelope with no data key is still an envelope", () => {
    const error = errorFromResponse({ status: 200, body: { code: "ERROR_SECRET_KEY_INVALID", message: "秘钥无效" } });
    expect(error).toBeInstanceOf(SecretKeyInvalidError);
    expect(error.message).toMatch(/^The API secret is invalid or disabled \(service says: 秘钥无效\)/);
  });

  test("ERROR_UNAUTHORIZED is a permanent refusal of this secret's plan", () => {
    const error = errorFromResponse({ status: 200, body: { code: "ERROR_UNAUTHORIZED", message: "未授权" } });
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/not authorised/);
    expect(`${error.message} ${error.advice}`).not.toMatch(/try again/i);
  });

  test("an unknown ERROR_ code says what happened in plain words, and no 'try again later'", () => {
    const error = errorFromResponse({ status: 200, body: { code: "ERROR_ACCOUNT_FROZEN", message: "账户冻结" } });
    expect(error).toBeInstanceOf(UnknownApiError);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('ERROR_ACCOUNT_FROZEN ("account frozen")');
    expect(`${error.message} ${error.advice}`).not.toMatch(/try again later/i);
  });
});

describe("responses without an envelope", () => {
  test.each([
    [429, true, /wait a minute/],
    [500, true, /unavailable/],
    [503, true, /unavailable/],
    [400, false, /refused/],
    [401, false, /secret and the base URL/],
    [404, false, /base URL/],
  ])("HTTP %i becomes HttpError (retryable %s)", (status, retryable, advice) => {
    const error = errorFromResponse({ status, body: "<html>busy</html>", retryAfterMs: 3000 });
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(status);
    expect((error as HttpError).retryAfterMs).toBe(3000);
    expect(error.retryable).toBe(retryable);
    expect(error.advice).toMatch(advice);
  });

  test.each([
    ["a non-JSON body", undefined],
    ["an array", [1, 2]],
    ["an object without code", { data: [] }],
    ["an OK envelope (nothing to report)", { code: "OK", data: null }],
  ])("2xx with %s is malformed", (_, body) => {
    const error = errorFromResponse({ status: 200, body });
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.kind).toBe("malformed");
    expect(error.retryable).toBe(false);
  });
});

describe("the secret never leaks", () => {
  const leaks = (error: unknown) => {
    const e = error as Error & { cause?: unknown };
    const cause = e.cause instanceof Error ? `${e.cause.message} ${e.cause.stack}` : String(e.cause ?? "");
    return [e.message, String(e), JSON.stringify(e), e.stack ?? "", cause, JSON.stringify(Object.entries(e))].some(
      (s) => s.includes(SECRET),
    );
  };

  const failures: [string, () => Promise<unknown>][] = [
    ["a service message echoing the secret", async () => fakeFetch(apiError("ERROR_SECRET_KEY", `bad key ${SECRET}`))],
    ["a fetch error quoting the secret", async () => fakeFetch(new TypeError(`header secret-key: ${SECRET} rejected`))],
    ["a network failure", async () => fakeFetch(networkFailure())],
    ["an HTTP error page", async () => fakeFetch(text(`<p>${SECRET}</p>`, 502))],
    ["a malformed success", async () => fakeFetch(json({ code: "OK", data: SECRET }))],
  ];

  test.each(failures)("%s", async (_, makeFake) => {
    const fake = (await makeFake()) as ReturnType<typeof fakeFetch>;
    const client = createClient({ baseUrl: "https://api.example.test", secret: SECRET, fetch: fake.fetch, retries: 0 });
    const error = await client.marketResearchStatistics({ marketplace: "US", nodeIdPath: "1:2" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isMadError(error)).toBe(true);
    expect(fake.calls[0].headers["secret-key"]).toBe(SECRET);
    expect(leaks(error)).toBe(false);
  });

  test("nor does the client itself print it", () => {
    const client = createClient({ baseUrl: "https://api.example.test", secret: SECRET });
    expect(JSON.stringify(client)).not.toContain(SECRET);
    expect(Object.keys(client)).not.toContain("secret");
  });

  test("JSON of an error carries its safe fields", () => {
    const error = errorFromResponse({
      status: 200,
      body: { code: "ERROR_VISIT_MAX", message: "limit", data: null },
      requestId: "r-9",
    });
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: "VisitMaxError",
      kind: "visitMax",
      code: "ERROR_VISIT_MAX",
      requestId: "r-9",
      retryable: false,
    });
    expect(String(error)).toMatch(/^VisitMaxError: /);
  });
});

describe("the kinds table", () => {
  const serviceRows = Object.entries(ERROR_KINDS).filter(([, row]) => "code" in row && row.code);

  test("every service code in the table comes back as its own kind, with the row's name, advice and retryability", () => {
    expect(serviceRows.length).toBeGreaterThan(5);
    for (const [kind, row] of serviceRows) {
      const error = errorFromResponse({ status: 200, body: { code: (row as { code: string }).code } });
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind, name: row.name, retryable: row.retryable });
      expect(error.advice).toBe(typeof row.advice === "string" ? row.advice : error.advice);
    }
  });

  test("names and codes are unique", () => {
    const names = Object.values(ERROR_KINDS).map((row) => row.name);
    const codes = serviceRows.map(([, row]) => (row as { code: string }).code);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
