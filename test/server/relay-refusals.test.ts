/**
 * The relay's one refusal style on the routes the engine calls (issue 47, item 6), over real HTTP: every refusal of
 * an operation's call, of a team relay and of the own-secret relay of `npm run serve`, is the service's envelope
 * `{code, message, data: {problem, ...}}` with a stable `problem`, the code the add-in's client reads (so a 429 is
 * still waited out, a 401 still says to check the token), and its words in the caller's language (Chinese under
 * `Accept-Language: zh-CN`, English without one, as before). The cell a refusal becomes is the one it was, or names
 * more (the parameter), and speaks Chinese to a Chinese reader; the add-in's own client asks in its language.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { createClient } from "../../src/api/client";
import { errorFromResponse, type MadError } from "../../src/api/errors";
import { parseRetryAfter } from "../../src/api/retry";
import { describeFailure } from "../../src/formula/errors";
import { setLocale } from "../../src/i18n/locale";
import type { Schedule } from "../../src/relay-api/schedules";
import type { Database, Queryable } from "../../src/server/history/database";
import { HistoryStore } from "../../src/server/history/snapshots";
import { createHostingServer, listen, type HostingServer } from "../../src/server/hosting";
import type { TeamStore } from "../../src/server/team/team-store";
import { useSimulator } from "../support/simulator";
import { VirtualClock } from "../support/virtual-clock";
import { startStandIn, type StandIn } from "./support/stand-in";
import { planKey, startTeam, type RunningTeam, type TeamOptions } from "./support/team";

const SECRET = "refusal0secret000000000000000xyz";
const EBC = { marketplace: "US", nodeIdPath: "172282" };
const CJK = /[\u4e00-\u9fff]/;

const sim = useSimulator({ secret: SECRET });
let standIn: StandIn;
/** A service that answers as each test says (`next`). */
let fake: Server;
let fakeUrl: string;
let next: (req: IncomingMessage, res: ServerResponse) => void = (_, res) => res.end("{}");
const teams: RunningTeam[] = [];
const hosts: HostingServer[] = [];

beforeAll(async () => {
  standIn = await startStandIn();
  fake = createServer((req, res) => req.on("data", () => undefined).on("end", () => next(req, res)));
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterEach(() => setLocale("en"));
afterAll(async () => {
  await Promise.all([...teams.map((t) => t.stop()), ...hosts.map((h) => h.stop(0)), standIn.stop()]);
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

async function team(options: Partial<TeamOptions> = {}): Promise<RunningTeam> {
  const running = await startTeam({ kind: "memory", upstream: sim.url, keys: [planKey("main", SECRET)], ...options });
  teams.push(running);
  return running;
}

async function ownSecretRelay(options: Partial<Parameters<typeof createHostingServer>[0]> = {}): Promise<string> {
  const hosting = createHostingServer({ upstream: sim.url, ...options });
  hosts.push(hosting);
  return listen(hosting, 0, "127.0.0.1");
}

interface Reply {
  status: number;
  body: { code?: string; message: string; data: { problem: string } & Record<string, unknown> };
  headers: Headers;
}

interface Ask {
  token?: string;
  language?: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
}

async function ask(base: string, path: string, options: Ask = {}): Promise<Reply> {
  const reply = await fetch(`${base}${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.language ? { "accept-language": options.language } : {}),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...options.headers,
    },
    body: options.body,
  });
  return { status: reply.status, body: (await reply.json()) as Reply["body"], headers: reply.headers };
}

/** The cell the add-in shows for an answer (the client's error for it, as the engine's face words it). */
function cellOf(reply: Pick<Reply, "status" | "headers"> & { body: unknown }): { error: MadError; cell: string } {
  const retryAfterMs = parseRetryAfter(reply.headers.get("retry-after"), Date.now());
  const error = errorFromResponse({ status: reply.status, body: reply.body, retryAfterMs });
  return { error, cell: describeFailure(error).message };
}

/**
 * One refusal asked in English and in Chinese: the same status, code, problem and headers; English words as before
 * (`english`), Chinese words under zh-CN; the cell the English answer makes is the one the old answer (no `problem`,
 * `data: null`; no code: not an envelope) made, unless `better` (the test says how), and a Chinese reader's cell
 * carries the relay's Chinese words (a refusal without a code: the cell's own, as before).
 */
async function expectRefusal(
  send: (language?: string) => Promise<Reply>,
  expected: { status: number; code: string | undefined; problem: string; english: RegExp; better?: true },
): Promise<{ en: Reply; zh: Reply }> {
  const en = await send();
  const zh = await send("zh-CN");
  for (const reply of [en, zh]) {
    expect([reply.status, reply.body.code, reply.body.data.problem]).toEqual([
      expected.status,
      expected.code,
      expected.problem,
    ]);
  }
  expect(en.body.message).toMatch(expected.english);
  expect(zh.body.message).toMatch(CJK);
  expect(zh.body.message).not.toEqual(en.body.message);
  expect(zh.headers.get("retry-after")).toEqual(en.headers.get("retry-after") === null ? null : expect.any(String));
  const before = { ...en, body: expected.code ? { code: expected.code, message: en.body.message, data: null } : {} };
  const english = cellOf(en);
  if (!expected.better) expect(english.cell).toBe(cellOf(before).cell);
  await setLocale("zh-CN");
  const chinese = cellOf(zh);
  expect([chinese.error.kind, chinese.error.retryable]).toEqual([english.error.kind, english.error.retryable]);
  // The start of the relay's words (a long cell is cut to fit).
  expect(chinese.cell).toContain(expected.code ? zh.body.message.slice(0, 16) : "HTTP");
  expect(chinese.cell).toMatch(CJK);
  await setLocale("en");
  return { en, zh };
}

describe("a team relay's refusals of an operation's call", () => {
  test("an unknown route, a parameter the catalog refuses, a missing token: a stable problem, the caller's language", async () => {
    const t = await team();
    const token = await t.member("ann");
    const before = sim.stats().total;
    const route = await expectRefusal(
      (language) => ask(t.bases[0], "/v1/visits", { token, language, method: "POST", body: "{}" }),
      { status: 404, code: "ERROR_URL_NOT_FOUND", problem: "route", english: /^not relayed: POST \/v1\/visits$/ },
    );
    expect(route.zh.body.message).toBe("中继不转发此请求：POST /v1/visits");
    const param = await expectRefusal(
      (language) =>
        ask(t.bases[0], "/v1/market/ebc", { token, language, body: JSON.stringify({ ...EBC, marketplace: "XX" }) }),
      {
        status: 400,
        code: "ERROR_PARAM",
        problem: "param",
        english: /^marketplace: "XX" is not a marketplace/,
        better: true,
      },
    );
    expect(param.zh.body.data.param).toBe("marketplace");
    expect(param.zh.body.message).toMatch(/^marketplace："XX" 不是站点/);
    const token401 = await expectRefusal((language) => ask(t.bases[0], "/v1/market/ebc", { language, body: "{}" }), {
      status: 401,
      code: "ERROR_SECRET_KEY",
      problem: "token",
      english: /takes a member's token .* ask the team's admin$/,
    });
    expect(token401.zh.headers.get("www-authenticate")).toBe('Bearer realm="mad-team"');
    expect(sim.stats().total).toBe(before);
  });

  test("the refused parameter is named in the cell, as the argument the person typed (better than before)", async () => {
    const t = await team();
    const token = await t.member("bo");
    const reply = await ask(t.bases[0], "/v1/market/ebc", {
      token,
      body: JSON.stringify({ ...EBC, marketplace: "XX" }),
    });
    const { error, cell } = cellOf(reply);
    expect([error.kind, (error as { param?: string }).param]).toEqual(["param", "marketplace"]);
    expect(cell).toMatch(/marketplace \(market\)/);
    expect(cellOf({ ...reply, body: { ...reply.body, data: null } }).cell).not.toMatch(/\(market\)/);
  });

  test("too many requests, the team's calls this minute taken, budgets spent: 429 with Retry-After where it was", async () => {
    const limited = await team({ memberRatePerMinute: 2 });
    const token = await limited.member("cy");
    await ask(limited.bases[0], "/v1/visits", { token });
    await ask(limited.bases[0], "/v1/visits", { token });
    const rate = await expectRefusal((language) => ask(limited.bases[0], "/v1/visits", { token, language }), {
      status: 429,
      code: "ERROR_VISIT_MAX",
      problem: "rate",
      english: /^too many calls; retry after \d+ s$/,
    });
    expect(rate.zh.body.data.retryAfterSeconds).toBe(Number(rate.zh.headers.get("retry-after")));
    expect((cellOf(rate.en).error as { retryAfterMs?: number }).retryAfterMs).toBeGreaterThan(0); // the engine waits it out

    const paced = await team({ upstream: standIn.url, keys: [planKey("one", "standin-good-r1", 1)], queueWaitMs: 50 });
    const dee = await paced.member("dee");
    expect((await ask(paced.bases[0], "/v1/market/ebc", { token: dee, body: JSON.stringify(EBC) })).status).toBe(200);
    let node = 0;
    await expectRefusal(
      (language) =>
        ask(paced.bases[0], "/v1/market/ebc", {
          token: dee,
          language,
          body: JSON.stringify({ ...EBC, nodeIdPath: `9${++node}` }),
        }),
      {
        status: 429,
        code: "ERROR_VISIT_MAX",
        problem: "queue",
        english: /^the team's calls this minute are taken; retry/,
      },
    );

    // The plan has one call left: the capped member is refused by their budget, the other spends the plan's.
    const budgets = await team({ upstream: standIn.url, keys: [planKey("b", "standin-good-r2", 40, 1)] });
    const [capped, free] = [await budgets.member("eve", { monthlyBudget: 0 }), await budgets.member("fay")];
    const body = () => JSON.stringify({ ...EBC, nodeIdPath: `7${++node}` });
    const member = await expectRefusal(
      (language) => ask(budgets.bases[0], "/v1/market/ebc", { token: capped, language, body: body() }),
      { status: 429, code: "ERROR_VISIT_MAX", problem: "member-budget", english: /^your monthly budget of calls/ },
    );
    expect(member.zh.headers.get("retry-after")).toBeNull();
    expect((await ask(budgets.bases[0], "/v1/market/ebc", { token: free, body: body() })).status).toBe(200);
    await expectRefusal(
      (language) => ask(budgets.bases[0], "/v1/market/ebc", { token: free, language, body: body() }),
      {
        status: 429,
        code: "ERROR_VISIT_MAX",
        problem: "plan-budget",
        english: /^the team plan's monthly budget of calls is spent/,
      },
    );
  });

  test("no key of the plan usable, the store down, the history database down: 503 saying nothing was sent", async () => {
    standIn.refused.add("standin-bad-r3");
    const noKey = await team({ upstream: standIn.url, keys: [planKey("bad", "standin-bad-r3")] });
    const gus = await noKey.member("gus");
    let node = 0;
    await expectRefusal(
      (language) =>
        ask(noKey.bases[0], "/v1/market/ebc", {
          token: gus,
          language,
          body: JSON.stringify({ ...EBC, nodeIdPath: `8${++node}` }),
        }),
      {
        status: 503,
        code: "ERROR_SERVER_INTERNAL",
        problem: "no-key",
        english: /^no key of the team's plan can be used/,
      },
    );

    const broken = { on: false };
    const down = await team({
      wrapStore: (store) =>
        new Proxy(store, {
          get: (target, name) => {
            if (name === "memberByToken" && broken.on) return () => Promise.reject(new Error("store down"));
            const value: unknown = target[name as keyof TeamStore];
            return typeof value === "function" ? (value as () => unknown).bind(target) : value;
          },
        }),
    });
    const hal = await down.member("hal");
    broken.on = true;
    const store = await expectRefusal((language) => ask(down.bases[0], "/v1/visits", { token: hal, language }), {
      status: 503,
      code: "ERROR_SERVER_INTERNAL",
      problem: "store",
      english: /^the team relay's store \(memory\) is unavailable or slow: nothing was sent/,
    });
    expect(store.zh.headers.get("retry-after")).toBe("5");

    const database = failingDatabase();
    const kept = await team({ history: () => ({ database, store: new HistoryStore(database) }) });
    const ivy = await kept.member("ivy");
    await kept.stores[0].scheduleSave(scheduleOf("ivy"));
    database.broken = true;
    await expectRefusal((language) => ask(kept.bases[0], "/v1/schedules/sched-0001/feeds", { token: ivy, language }), {
      status: 503,
      code: "ERROR_SERVER_INTERNAL",
      problem: "database",
      english: /^the relay's history database \(broken on purpose\) is unavailable or failed/,
    });
  });

  test("admin routes: a member's token or none, and a month it cannot read", async () => {
    const t = await team();
    const [jo, root] = [await t.member("jo"), await t.member("root", { role: "admin" })];
    for (const [token, status] of [
      [jo, 403],
      [undefined, 401],
    ] as const)
      await expectRefusal((language) => ask(t.bases[0], "/admin/usage", { token, language }), {
        status,
        code: "ERROR_SECRET_KEY",
        problem: "admin",
        english: /^the usage report takes an admin's token/,
      });
    await expectRefusal((language) => ask(t.bases[0], "/admin/usage?month=2025", { token: root, language }), {
      status: 400,
      code: "ERROR_PARAM",
      problem: "month",
      english: /^month: expected yyyyMM$/,
    });
  });

  test("the service's answer not brought: worded again for each caller, a failure shared by another member too", async () => {
    next = () => undefined; // never answers
    // The relay's time stands still, so the shared failure (kept 10 s) is still there for the second member.
    const clock = new VirtualClock({ autoAdvance: false });
    const t = await team({ upstream: fakeUrl, keys: [planKey("main", SECRET)], upstreamTimeoutMs: 300, clock });
    const [kim, lee] = [await t.member("kim"), await t.member("lee")];
    const body = JSON.stringify(EBC);
    const first = await ask(t.bases[0], "/v1/market/ebc", { token: kim, body });
    expect([first.status, first.body.code, first.body.data]).toEqual([
      504,
      "ERROR_SERVER_INTERNAL",
      { problem: "upstream-timeout", ms: 300 },
    ]);
    expect(first.body.message).toBe("upstream did not answer within 300 ms");
    // The same request of another member within the shared failure's life, in Chinese.
    const second = await ask(t.bases[0], "/v1/market/ebc", { token: lee, body, language: "zh-CN" });
    expect([second.status, second.body.data]).toEqual([504, first.body.data]);
    expect(second.body.message).toBe("上游未在 300 毫秒内应答");
    expect(second.headers.get("x-mad-cache")).toBe("shared");
  });
});

describe("the own-secret relay's refusals (npm run serve)", () => {
  const withSecret = { "secret-key": SECRET };

  test("an unknown route, a body it cannot read, too many calls: the same style, the caller's language", async () => {
    const base = await ownSecretRelay({ rateLimitPerMinute: 8 });
    await expectRefusal((language) => ask(base, "/v1/nope", { language, headers: withSecret }), {
      status: 404,
      code: "ERROR_URL_NOT_FOUND",
      problem: "route",
      english: /^not relayed: GET \/v1\/nope$/,
    });
    await expectRefusal((language) => ask(base, "/v1/market/ebc", { language, body: "{nope", headers: withSecret }), {
      status: 400,
      code: "ERROR_PARAM",
      problem: "body",
      english: /^body: not valid JSON$/,
    });
    const deep = `${"[".repeat(100)}${"]".repeat(100)}`;
    const tooDeep = await expectRefusal(
      (language) => ask(base, "/v1/market/ebc", { language, body: deep, headers: withSecret }),
      { status: 400, code: "ERROR_PARAM", problem: "body", english: /^body: nested deeper than 64 levels$/ },
    );
    expect(tooDeep.zh.body.message).toBe("请求体：嵌套超过 64 层");
    for (let i = 0; i < 2; i++) await ask(base, "/v1/market/ebc", { body: JSON.stringify(EBC), headers: withSecret });
    await expectRefusal((language) => ask(base, "/v1/market/ebc", { language, body: "{}", headers: withSecret }), {
      status: 429,
      code: "ERROR_VISIT_MAX",
      problem: "rate",
      english: /^too many calls from this address; retry after \d+ s$/,
    });
  });

  test("the service's answer not brought: too slow, unreachable, a redirect, too large, too deep, not JSON", async () => {
    const base = await ownSecretRelay({ upstream: fakeUrl, upstreamTimeoutMs: 300, maxAnswerBytes: 1_000_000 });
    const ebc = (language?: string) =>
      ask(base, "/v1/market/ebc", { language, body: JSON.stringify(EBC), headers: withSecret });
    const failing = async (
      answer: typeof next,
      expected: { status: number; code?: string; problem: string; english: RegExp },
    ) => {
      next = answer;
      return expectRefusal(ebc, { code: "ERROR_SERVER_INTERNAL", ...expected });
    };
    await failing(() => undefined, {
      status: 504,
      problem: "upstream-timeout",
      english: /^upstream did not answer within 300 ms$/,
    });
    const redirect = (_: IncomingMessage, res: ServerResponse) =>
      res.writeHead(302, { location: "https://elsewhere.example/" }).end();
    await failing(redirect, {
      status: 502,
      problem: "upstream-redirect",
      english: /^upstream answered with a redirect \(302\); not followed$/,
    });
    const large = (_: IncomingMessage, res: ServerResponse) =>
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ code: "OK", data: "x".repeat(2_000_000) }));
    await failing(large, {
      status: 502,
      problem: "upstream-too-large",
      english: /^upstream answer larger than 1000000 bytes; not relayed$/,
    });
    const deep = (_: IncomingMessage, res: ServerResponse) =>
      res.writeHead(200, { "content-type": "application/json" }).end(`${"[".repeat(100)}${"]".repeat(100)}`);
    await failing(deep, {
      status: 502,
      problem: "upstream-too-deep",
      english: /^the service's answer nests deeper than 64 levels/,
    });
    const html = (status: number) => (_: IncomingMessage, res: ServerResponse) =>
      res.writeHead(status, { "content-type": "text/html", "retry-after": "7" }).end("<html></html>");
    await failing(html(200), {
      status: 502,
      problem: "upstream-not-json",
      english: /^the service answered HTTP 200 with text\/html, not JSON/,
    });
    // An error status stays, without a code: the client reads the HTTP failure and its Retry-After, as before.
    const busy = await failing(html(503), {
      status: 503,
      code: undefined,
      problem: "upstream-not-json",
      english: /^the service answered HTTP 503 with text\/html, not JSON; not relayed$/,
    });
    expect(busy.zh.headers.get("retry-after")).toBe("7");
    expect([cellOf(busy.en).error.kind, cellOf(busy.en).error.retryable]).toEqual(["http", true]);
    const closed = await ownSecretRelay({ upstream: `http://127.0.0.1:${await closedPort()}` });
    await expectRefusal((language) => ask(closed, "/v1/market/ebc", { language, body: "{}", headers: withSecret }), {
      status: 502,
      code: "ERROR_SERVER_INTERNAL",
      problem: "upstream-unreachable",
      english: /^upstream unreachable \(ECONNREFUSED\)$/,
    });
  });

  test("what the hosting server itself refuses: a path it does not serve, a request target it cannot read", async () => {
    const base = await ownSecretRelay();
    await expectRefusal((language) => ask(base, "/no-such-page.html", { language }), {
      status: 404,
      code: "ERROR_URL_NOT_FOUND",
      problem: "not-found",
      english: /^not found: \/no-such-page\.html$/,
    });
    const raw = await rawRequest(
      base,
      "GET //[ HTTP/1.1\r\nhost: relay\r\naccept-language: zh-CN\r\nconnection: close\r\n\r\n",
    );
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toEqual({
      code: "ERROR_PARAM",
      message: "请求目标格式错误",
      data: { problem: "target" },
    });
  });
});

describe("the add-in's own client asks in its language", () => {
  test("a Chinese reader's cells carry the relay's Chinese words; an English reader's the English ones, as before", async () => {
    const t = await team({ upstream: standIn.url, keys: [planKey("c", "standin-good-r4", 40, 0)] });
    const token = await t.member("max");
    const client = createClient({ baseUrl: t.bases[0], secret: token });
    const refusal = () => client.call("market_ebc_distribution", EBC).catch((error: MadError) => error);
    const english = (await refusal()) as MadError;
    expect(english.kind).toBe("visitMax");
    expect(english.message).toContain("the team plan's monthly budget of calls is spent");
    await setLocale("zh-CN");
    const chinese = (await refusal()) as MadError;
    expect(chinese.kind).toBe("visitMax");
    expect(chinese.message).toContain("团队套餐本月的调用预算已用完");
    expect(chinese.message).not.toMatch(/budget/);
    await t.stores[0].revokeMember("max");
    const revoked = (await refusal()) as MadError;
    expect(revoked.kind).toBe("secretKey");
    expect(revoked.message).toContain("请联系团队管理员");
  });
});

/** A database that answers nothing until it is broken, then fails every read. */
function failingDatabase(): Database & { broken: boolean } {
  const db = {
    kind: "server" as const,
    describe: "broken on purpose",
    broken: false,
    async query<R>(): Promise<R[]> {
      if (db.broken) throw new Error("database down");
      return [];
    },
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => work(db),
    stream: <R>(): AsyncIterable<R[]> =>
      (async function* () {
        if (db.broken) throw new Error("database down");
        yield* [] as R[][];
      })(),
    close: async () => undefined,
  };
  return db;
}

const scheduleOf = (member: string): Schedule => ({
  id: "sched-0001",
  member,
  name: "Watch",
  at: "07:00",
  timeZone: "UTC",
  history: true,
  queries: [{ operation: "market_ebc_distribution", params: EBC }],
  createdAt: Date.now(),
  nextRunAt: Date.now() + 86_400_000,
});

/** A port nothing listens on (one just let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What the server answers to a request written as is (a target fetch would not send). */
function rawRequest(base: string, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(base).port), "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.write(request);
  });
}
