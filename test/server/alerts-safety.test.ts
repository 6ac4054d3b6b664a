/**
 * Alerts' refusals and safety on the team relay over real HTTP: bad input answered 400 with a stable problem and a
 * message in the alert's language (nothing saved, nothing spent), limits and budgets, no request to a private
 * address (at save and at send, when the DNS answer changed), the connection pinned to the checked address and no
 * redirect followed, and replicas stopped mid-run or mid-delivery (Redis): nothing lost, and a repeated delivery
 * carries the same idempotency key.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { VirtualClock } from "../support/virtual-clock";
import type { Resolver } from "../../src/server/team/alerts/address-guard";
import type { TeamStore } from "../../src/server/team/team-store";
import { describeAlerts } from "../../src/server/team/alerts/settings";
import { startReceiver, startSmtp, type Receiver } from "./support/alert-receivers";
import { startRedis, type RunningRedis } from "./support/redis";
import { planKey, startTeam, type RunningTeam, type StoreKind, type TeamOptions } from "./support/team";

const SECRET = "safe00secret0000000000000000wxyz";
let redis: RunningRedis;
let upstream: { url: string; calls: number; server: Server };
const receivers: Receiver[] = [];
const teams: RunningTeam[] = [];

beforeAll(async () => {
  redis = await startRedis();
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      upstream.calls++;
      res.writeHead(200, { "content-type": "application/json" });
      const product = { asin: "B07Z82895W", title: "Mat", price: 9.5, bsr: 10 };
      // A product's details are one object; a research, a page of them.
      const data = req.url?.startsWith("/v1/asin/") ? product : { items: [product], total: 1, page: 1, size: 50 };
      res.end(JSON.stringify({ code: "OK", message: "成功", data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  upstream = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: 0, server };
}, 30_000);
afterAll(async () => {
  await Promise.all(teams.map((t) => t.stop()));
  upstream?.server.closeAllConnections();
  await new Promise((resolve) => upstream?.server.close(resolve));
  await Promise.all([redis?.stop(), ...receivers.map((r) => r.stop())]);
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function team(kind: StoreKind, extra: Partial<TeamOptions> = {}) {
  const clock = new VirtualClock({ autoAdvance: false });
  const running = await startTeam({
    kind,
    redisUrl: redis.url,
    upstream: upstream.url,
    keys: [planKey("main", SECRET)],
    clock,
    alerts: { allowPrivate: true },
    ...extra,
  });
  teams.push(running);
  return Object.assign(running, { clock });
}

async function send(base: string, token: string, method: string, path: string, body?: unknown, language?: string) {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      ...(language ? { "accept-language": language } : {}),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await reply.text();
  return {
    status: reply.status,
    text,
    body: JSON.parse(text) as { code?: string; message?: string; data?: Record<string, unknown> },
  };
}

const QUERY = '=MAD.PRODUCTDETAILS("US","B07Z82895W")';
const body = (extra: Record<string, unknown> = {}) => ({
  name: "Mat price",
  query: QUERY,
  when: "price < 20",
  deliver: ["https://hooks.example.com/x"],
  ...extra,
});

describe.each<StoreKind>(["memory", "redis"])("refusals, state in %s", (kind) => {
  test("bad input: 400 with a stable problem and a message naming it, in the asker's language (else the alert's); nothing saved, nothing spent", async () => {
    const resolve: Resolver = async () => [{ address: "93.184.216.34", family: 4 }];
    const t = await team(kind, { alerts: { resolve } });
    const alice = await t.member("alice");
    const calls = upstream.calls;
    const refused = async (extra: Record<string, unknown>, language?: string) => {
      const reply = await send(t.bases[0], alice, "PUT", "/v1/alerts/bad-00001", body(extra), language);
      expect(reply.status).toBe(400);
      return [reply.body.data!.problem, reply.body.message];
    };
    expect(await refused({ when: "pricey < 20" })).toEqual([
      "when-field",
      expect.stringMatching(
        /^when: pricey \(at 1\) is not a column of MAD\.PRODUCTDETAILS; its columns of numbers: price, primePrice, .*bsrRank/,
      ),
    ]);
    expect(await refused({ when: "price <" })).toEqual([
      "when-syntax",
      "when: at 8, expected a number; the condition ends there",
    ]);
    expect(await refused({ when: "price <", language: "zh-CN" })).toEqual([
      "when-syntax",
      "when：第 8 个字符处应为数字；条件在此处结束",
    ]);
    // An alert that sends Chinese, asked for from an English add-in: the refusal is for the person asking.
    expect(await refused({ when: "price <", language: "zh-CN" }, "en-US,en;q=0.9")).toEqual([
      "when-syntax",
      "when: at 8, expected a number; the condition ends there",
    ]);
    expect(await refused({ when: "title > 3" })).toEqual([
      "when-not-number",
      expect.stringMatching(/title \(at 1\) does not hold numbers/),
    ]);
    expect(await refused({ query: "=SUM(1,2)" })).toEqual([
      "query",
      expect.stringMatching(/SUM is not a MAD function/),
    ]);
    expect(await refused({ query: "price < 20" })).toEqual([
      "query",
      expect.stringMatching(/^query: expected a MAD function's call/),
    ]);
    expect(await refused({ query: '=MAD.PRODUCTDETAILS("XX","B07Z82895W")' })).toEqual([
      "query-arguments",
      expect.stringMatching(/^query: MAD\.PRODUCTDETAILS: marketplace: "XX" is not a marketplace/),
    ]);
    expect(await refused({ query: '=MAD.PRODUCTDETAILS("XX","B07Z82895W")' }, "zh-CN,zh;q=0.9")).toEqual([
      "query-arguments",
      expect.stringMatching(/^query：MAD\.PRODUCTDETAILS：marketplace："XX" 不是站点/),
    ]);
    expect(await refused({ query: '=MAD.PRODUCTDETAILS("US", A2)' })).toEqual([
      "query",
      expect.stringMatching(/A2 at 27 is a cell reference/),
    ]);
    expect(await refused({ name: "Mat\u0007price" })).toEqual([
      "name",
      expect.stringMatching(/without control characters/),
    ]);
    expect(await refused({ name: "Mat \u202eecirp" })).toEqual(["name", expect.any(String)]);
    expect(await refused({ every: "minutely" })).toEqual(["every", "every: expected hourly, daily or weekly"]);
    expect(await refused({ deliver: [] })).toEqual(["deliver", "deliver: expected 1 to 20 destinations"]);
    expect(await refused({ deliver: Array.from({ length: 21 }, (_, i) => `https://h${i}.example.com/`) })).toEqual([
      "deliver",
      expect.any(String),
    ]);
    expect(await refused({ deliver: ["ftp://files.example.com/x"] })).toEqual([
      "destination",
      "deliver[0]: ftp: addresses are not delivered to: use https:// (a webhook) or mailto: (e-mail)",
    ]);
    expect(await refused({ deliver: ["https://user:pw@hooks.example.com/"] })).toEqual([
      "destination",
      expect.stringMatching(/user name or password/),
    ]);
    expect(await refused({ deliver: ["mailto:a@example.com?cc=b@example.com"] })).toEqual([
      "destination",
      expect.any(String),
    ]);
    expect(await refused({ deliver: ["mailto:a@example.com"] })).toEqual([
      "destination",
      expect.stringMatching(/MAD_SMTP_URL/),
    ]);
    expect(await refused({ deliver: [{ url: "https://hooks.slack.com/services/T/B/X", secret: "s" }] })).toEqual([
      "destination",
      expect.stringMatching(/signing secret .* is for DingTalk robots and Feishu bots/),
    ]);
    expect(await refused({ deliver: [{ keep: "nope" }] })).toEqual(["keep", expect.any(String)]);
    const notJson = await send(t.bases[0], alice, "PUT", "/v1/alerts/bad-00001", "{oops");
    expect([notJson.status, notJson.body.message, notJson.body.data]).toEqual([
      400,
      "body: expected a JSON object {name, query, when, deliver}",
      { problem: "body" },
    ]);
    expect((await send(t.bases[0], alice, "PUT", "/v1/alerts/x", body())).status).toBe(404);
    expect(await t.stores[0].alerts()).toEqual([]);
    expect(upstream.calls).toBe(calls);
  });

  test("limits and budgets: 50 alerts a member; an alert whose calls a month would pass the member's or the plan's budget is refused, saying the cost", async () => {
    const resolve: Resolver = async () => [{ address: "93.184.216.34", family: 4 }];
    const t = await team(kind, { alerts: { resolve }, keys: [planKey("main", SECRET, 40, 500)] });
    const frugal = await t.member("frugal", { monthlyBudget: 40 });
    // PRODUCTDETAILS: 1 page, daily data: at most 30 paid runs a month, whether it runs daily or hourly.
    const first = await send(t.bases[0], frugal, "PUT", "/v1/alerts/cost-0001", body({ every: "hourly" }));
    expect(first.status).toBe(200);
    expect(first.body.data!.cost).toEqual({
      runsPerMonth: 720,
      callsPerRun: 1,
      paidRunsPerMonth: 30,
      callsPerMonth: 30,
    });
    const second = await send(t.bases[0], frugal, "PUT", "/v1/alerts/cost-0002", body());
    expect([second.status, second.body.data!.problem, second.body.data!.total]).toEqual([400, "over-budget", 60]);
    expect(second.body.message).toBe(
      "this alert would cost about 30 calls a month; with your other alerts, 60 of your budget of 40 calls a month",
    );
    // Muted, it costs nothing.
    expect((await send(t.bases[0], frugal, "PUT", "/v1/alerts/cost-0002", body({ muted: true }))).status).toBe(200);
    const big = await send(t.bases[0], await t.member("bigspender"), "PUT", "/v1/alerts/cost-0003", {
      ...body(),
      query: '=MAD.PRODUCTRESEARCH("US","keyword=yoga mat",,2000)',
      when: "price < 20",
    });
    expect([big.status, big.body.data!.problem]).toEqual([400, "over-budget"]);
    expect(big.body.message).toBe(
      "this alert would cost about 600 calls a month, more than the team plan's 500 calls a month",
    );
    const many = await t.member("many");
    for (let i = 0; i < 50; i++)
      expect(
        (await send(t.bases[0], many, "PUT", `/v1/alerts/many-${String(i).padStart(4, "0")}`, body())).status,
      ).toBe(200);
    const over = await send(t.bases[0], many, "PUT", "/v1/alerts/many-0050", body());
    expect([over.status, over.body.data!.problem, over.body.message]).toEqual([
      400,
      "too-many-alerts",
      "a member keeps at most 50 alerts",
    ]);
  });

  test("no request to a private address: refused at save (loopback, private, metadata, IPv4-mapped IPv6, http:), and at send when the DNS answer changed", async () => {
    const answers: Record<string, string> = {
      "hooks.example.test": "93.184.216.34",
      "meta.example.test": "169.254.169.254",
    };
    const resolve: Resolver = async (host) => {
      if (!answers[host]) throw new Error("ENOTFOUND");
      return [{ address: answers[host], family: 4 }];
    };
    const t = await team(kind, { alerts: { resolve, allowPrivate: false } });
    const alice = await t.member("alice");
    const [root] = [await t.member("root", { role: "admin" })];
    const refusedFor = async (url: string) => {
      const reply = await send(t.bases[0], alice, "PUT", "/v1/alerts/ssrf-0001", body({ deliver: [url] }));
      return [reply.status, reply.body.data!.problem, reply.body.message];
    };
    expect(await refusedFor("https://127.0.0.1/hook")).toEqual([
      400,
      "destination-refused",
      "deliver[0]: 127.0.0.1 is 127.0.0.1, a loopback address: the relay does not send there",
    ]);
    expect(await refusedFor("https://10.1.2.3/hook")).toEqual([
      400,
      "destination-refused",
      expect.stringMatching(/a private address/),
    ]);
    expect(await refusedFor("https://[::ffff:169.254.169.254]/latest")).toEqual([
      400,
      "destination-refused",
      expect.stringMatching(/linkLocal/),
    ]);
    expect(await refusedFor("https://[::1]:8080/")).toEqual([
      400,
      "destination-refused",
      expect.stringMatching(/loopback/),
    ]);
    // A name's refusal never says what it resolves to (a member could map internal names so).
    expect(await refusedFor("https://meta.example.test/latest/meta-data")).toEqual([
      400,
      "destination-refused",
      "deliver[0]: meta.example.test resolves to an address that is not public: the relay does not send there",
    ]);
    expect(await refusedFor("https://nowhere.example.test/")).toEqual([
      400,
      "destination-refused",
      expect.stringMatching(/could not be resolved/),
    ]);
    expect(await refusedFor("http://hooks.example.test/x")).toEqual([
      400,
      "destination",
      expect.stringMatching(/http: addresses are not delivered to/),
    ]);
    const saved = await send(
      t.bases[0],
      alice,
      "PUT",
      "/v1/alerts/ssrf-0001",
      body({ deliver: ["https://hooks.example.test/x?key=k1"] }),
    );
    expect(saved.status).toBe(200);
    // The name now answers a loopback address (DNS rebinding): the send is refused before any connection.
    answers["hooks.example.test"] = "127.0.0.1";
    await Promise.all(t.alertRunners.map((r) => r.tick()));
    const report = (await send(t.bases[0], root, "GET", "/admin/alerts")).body.data as unknown as {
      failed: { reason: string }[];
    };
    expect(report.failed.map((f) => f.reason)).toEqual([
      "hooks.example.test now resolves to an address that is not public: refused",
    ]);
    expect(t.log.join("\n")).not.toContain("key=k1");
  });
});

test("MAD_ALERTS_ALLOW_PRIVATE=1 is said at start; SMTP credentials are never in the start line, a log or an error", async () => {
  const smtp = await startSmtp({ user: "relay", password: "smtp-Passw0rd" });
  try {
    const t = await team("memory", {
      alerts: {
        allowPrivate: true,
        smtpUrl: `smtp://relay:smtp-Passw0rd@127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`,
      },
    });
    expect(t.log.join("\n")).toMatch(/MAD_ALERTS_ALLOW_PRIVATE=1: .* for local testing only/);
    expect(describeAlerts({ smtpUrl: "smtps://relay:smtp-Passw0rd@mail.example.com" })).toEqual({
      email: "smtps://mail.example.com:465",
      publicUrl: false,
      allowPrivate: false,
      maxPending: 200,
      mailRecipientsPerDay: 100,
      mailDomains: false,
    });
    const alice = await t.member("alice");
    await send(t.bases[0], alice, "PUT", "/v1/alerts/mail-0001", body({ deliver: ["mailto:a@example.com"] }));
    await t.alertRunners[0].tick();
    expect(smtp.mails.map((m) => [m.user, m.secure])).toEqual([["relay", true]]);
    const wrong = await team("memory", {
      alerts: {
        allowPrivate: true,
        smtpUrl: `smtp://relay:wrong-Passw0rd@127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`,
      },
    });
    const bob = await wrong.member("bob");
    await send(wrong.bases[0], bob, "PUT", "/v1/alerts/mail-0002", body({ deliver: ["mailto:b@example.com"] }));
    await wrong.alertRunners[0].tick();
    const pending = await wrong.stores[0].outbox();
    expect(pending.map((d) => d.lastError)).toEqual([expect.stringMatching(/535/)]);
    const everything = [...t.log, ...wrong.log, JSON.stringify(pending)].join("\n");
    expect(everything).not.toContain("Passw0rd");
  } finally {
    await smtp.stop();
  }
});

test("the connection goes to the address that was checked (the name is never resolved again), and a redirect is not followed", async () => {
  const hook = await receiver();
  const elsewhere = await receiver();
  hook.answers.push({ status: 302, headers: { location: `${elsewhere.url}/stolen` } });
  // `receiver.test` exists only in the relay's resolver: a client resolving it again could not connect.
  const resolve: Resolver = async (host) =>
    host === "receiver.test" ? [{ address: "127.0.0.1", family: 4 }] : Promise.reject(new Error("ENOTFOUND"));
  const t = await team("memory", { alerts: { resolve, allowPrivate: true } });
  const alice = await t.member("alice");
  const url = `http://receiver.test:${hook.port}/hook`;
  expect((await send(t.bases[0], alice, "PUT", "/v1/alerts/pin-00001", body({ deliver: [url] }))).status).toBe(200);
  await t.alertRunners[0].tick();
  expect(hook.received).toHaveLength(1);
  expect(hook.received[0].headers.host).toBe(`receiver.test:${hook.port}`);
  expect(elsewhere.received).toHaveLength(0);
  expect((await t.stores[0].outboxFailed()).map((f) => f.reason)).toEqual([
    `receiver.test:${hook.port} answered HTTP 302`,
  ]);
});

test("a replica stopped mid-run or mid-delivery loses nothing: another takes over once its claim or lease lapsed, with the same idempotency key", async () => {
  const dead = { commit: false, settle: false };
  const stopped = new Error("the replica stopped");
  const wrapStore = (store: TeamStore, replica: number): TeamStore =>
    replica !== 0
      ? store
      : new Proxy(store, {
          get(target, name) {
            const value = Reflect.get(target, name) as unknown;
            if (typeof value !== "function") return value;
            return (...args: unknown[]) => {
              if ((name === "alertCommit" && dead.commit) || (name === "outboxSettle" && dead.settle))
                return Promise.reject(stopped);
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        });
  const t = await team("redis", { wrapStore });
  const [a, b] = t.alertRunners;
  const alice = await t.member("alice");
  const hook = await receiver();
  expect((await send(t.bases[1], alice, "PUT", "/v1/alerts/kill-0001", body({ deliver: [hook.url] }))).status).toBe(
    200,
  );
  const calls = upstream.calls;
  dead.commit = true;
  await expect(a.runDue(false)).rejects.toThrow("the replica stopped");
  expect(await b.runDue(false)).toEqual([]); // A's claim still holds
  expect(await t.stores[1].outbox()).toEqual([]);
  await t.clock.advance(121_000);
  const [run] = await b.runDue(false);
  expect(run).toMatchObject({ committed: true, deliveries: 1, run: { fired: 1, calls: 0, cacheHits: 1 } });
  expect(upstream.calls - calls).toBe(1); // A's call was cached before it stopped: B's run cost nothing
  dead.settle = true;
  await a.deliverDue(false).catch(() => undefined); // A sends, then stops before recording it
  expect(hook.received).toHaveLength(1);
  expect(await b.deliverDue(false)).toEqual([]); // A's lease holds: B does not send it again meanwhile
  await t.clock.advance(301_000);
  const [delivered] = await b.deliverDue(false);
  expect(delivered.outcome).toBe("delivered");
  expect(hook.received.map((m) => m.headers["idempotency-key"])).toEqual([
    hook.received[0].headers["idempotency-key"],
    hook.received[0].headers["idempotency-key"],
  ]);
  expect(await t.stores[1].outbox()).toEqual([]);
});
