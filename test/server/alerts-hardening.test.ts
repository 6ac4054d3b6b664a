/**
 * Alerts and schedules hardened (issue 46, items 3, 4 and 7) over real HTTP: bodies nested too deep or too costly
 * refused before anything parses them; mail fan-out bounded (recipient domains at save, distinct recipients a
 * member a day at send, in memory and in a real redis-server); unmuting checked against the budget; IPv4-compatible
 * IPv6 refused; a refusal that never names the address a host resolves to; `{"toString": "x"}` anywhere answered
 * 4xx; bidirectional characters refused in `mailto:`; SMTP errors without AUTH's base64.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Resolver } from "../../src/server/team/alerts/address-guard";
import { alertSettingsFromEnv } from "../../src/server/team/alerts/settings";
import { VirtualClock } from "../support/virtual-clock";
import { startSmtp, type SmtpReceiver } from "./support/alert-receivers";
import { startRedis, type RunningRedis } from "./support/redis";
import { planKey, startTeam, type RunningTeam, type StoreKind, type TeamOptions } from "./support/team";

const SECRET = "hard0secret00000000000000000wxyz";
const DAY = 86_400_000;
let redis: RunningRedis;
let smtp: SmtpReceiver;
let upstream: { url: string; server: Server };
const teams: RunningTeam[] = [];

beforeAll(async () => {
  [redis, smtp] = await Promise.all([startRedis(), startSmtp()]);
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const product = { asin: "B07Z82895W", title: "Mat", price: 9.5, bsr: 10 };
      const data = req.url?.startsWith("/v1/asin/") ? product : { items: [product], total: 1, page: 1, size: 50 };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: "OK", message: "成功", data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  upstream = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}, 30_000);
afterAll(async () => {
  await Promise.all(teams.map((t) => t.stop()));
  upstream?.server.closeAllConnections();
  await new Promise((resolve) => upstream?.server.close(resolve));
  await Promise.all([redis?.stop(), smtp?.stop()]);
});

const publicDns: Resolver = async (host) => {
  if (host === "meta.example.test") return [{ address: "169.254.169.254", family: 4 }];
  if (host === "inside.example.test") return [{ address: "10.20.30.40", family: 4 }];
  return [{ address: "93.184.216.34", family: 4 }];
};

/** A team whose alerts resolve with `publicDns` and mail through the test's SMTP server, unless `alerts` says else. */
async function team(kind: StoreKind, alerts: Record<string, unknown> = {}) {
  const clock = new VirtualClock({ autoAdvance: false });
  const running = await startTeam({
    kind,
    redisUrl: redis.url,
    upstream: upstream.url,
    keys: [planKey("main", SECRET)],
    clock,
    alerts: {
      resolve: publicDns,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`,
      ...alerts,
    } as TeamOptions["alerts"],
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
  return { status: reply.status, text, body: JSON.parse(text) as { message?: string; data?: Record<string, unknown> } };
}

const body = (extra: Record<string, unknown> = {}) => ({
  name: "Mat price",
  query: '=MAD.PRODUCTDETAILS("US","B07Z82895W")',
  when: "price < 20",
  deliver: ["https://hooks.example.com/x"],
  ...extra,
});
const schedule = {
  name: "Morning",
  at: "07:00",
  timeZone: "UTC",
  queries: [{ operation: "competitor_lookup", params: { marketplace: "US", asins: ["B07Z82895W"] } }],
};

test("a body nested too deep or holding too many arrays and objects is refused before anything parses it, on alerts and schedules alike", async () => {
  const t = await team("memory");
  const alice = await t.member("alice");
  const deep = `${"[".repeat(90_000)}${"]".repeat(90_000)}`;
  const deepField = `{"muted": ${"[".repeat(90_000)}${"]".repeat(90_000)}}`;
  const wide = JSON.stringify({ ...body(), pad: Array.from({ length: 20_000 }, () => []) });
  const parse = jest.spyOn(JSON, "parse");
  try {
    for (const [method, path, text] of [
      ["PUT", "/v1/alerts/deep-0001", deep],
      ["PATCH", "/v1/alerts/deep-0001", deepField],
      ["PUT", "/v1/alerts/deep-0001", wide],
      ["PUT", "/v1/schedules/deep-0001", deep],
      [
        "PUT",
        "/v1/schedules/deep-0001",
        JSON.stringify({ ...schedule, pad: Array.from({ length: 20_000 }, () => ({})) }),
      ],
    ] as const) {
      const reply = await send(t.bases[0], alice, method, path, text);
      expect([method, path, reply.status]).toEqual([method, path, 400]);
      expect(reply.body.message).toMatch(/^body: (nested deeper than 16 levels|more than 2000 arrays and objects)/);
    }
    const chinese = await send(t.bases[0], alice, "PUT", "/v1/alerts/deep-0001", deep, "zh-CN");
    expect(chinese.body.message).toMatch(/^请求体：嵌套超过 16 层/);
    expect(parse.mock.calls.filter(([text]) => typeof text === "string" && text.length > 50_000)).toEqual([]);
  } finally {
    parse.mockRestore();
  }
});

test('{"toString": "x"} anywhere in an alert or a schedule answers 4xx, never 5xx', async () => {
  const t = await team("memory");
  const alice = await t.member("alice");
  const evil = { toString: "x", valueOf: "y" };
  const alerts = [
    body({ name: evil }),
    body({ query: evil }),
    body({ when: evil }),
    body({ every: evil }),
    body({ digest: evil }),
    body({ language: evil }),
    body({ muted: evil }),
    body({ deliver: evil }),
    body({ deliver: [evil] }),
    body({ deliver: [{ keep: evil }] }),
    body({ deliver: [{ url: evil }] }),
    body({ deliver: [{ url: "https://hooks.example.com/x", format: evil }] }),
    body({ deliver: [{ url: "https://hooks.example.com/x", secret: evil }] }),
  ];
  for (const b of alerts) {
    const reply = await send(t.bases[0], alice, "PUT", "/v1/alerts/evil-0001", b);
    expect([JSON.stringify(b), reply.status]).toEqual([JSON.stringify(b), 400]);
  }
  // Names the body does not know are left aside, whatever they hold.
  expect((await send(t.bases[0], alice, "PUT", "/v1/alerts/evil-0001", { ...body(), ...evil })).status).toBe(200);
  expect((await send(t.bases[0], alice, "PATCH", "/v1/alerts/evil-0001", { muted: evil })).status).toBe(400);
  for (const s of [
    { ...schedule, name: evil },
    { ...schedule, at: evil },
    { ...schedule, timeZone: evil },
    { ...schedule, queries: [evil] },
    { ...schedule, queries: [{ operation: evil, params: {} }] },
    { ...schedule, queries: [{ operation: "competitor_lookup", params: evil }] },
    {
      ...schedule,
      queries: [{ operation: "competitor_lookup", params: { marketplace: evil, asins: ["B07Z82895W"] } }],
    },
    { ...schedule, queries: [{ operation: "competitor_lookup", params: { marketplace: "US", asins: [evil] } }] },
    { ...schedule, queries: [{ operation: "product_research", params: { marketplace: "US" }, limit: evil }] },
  ]) {
    const reply = await send(t.bases[0], alice, "PUT", "/v1/schedules/evil-0001", s);
    expect([JSON.stringify(s), reply.status]).toEqual([JSON.stringify(s), 400]);
  }
});

test("unmuting an alert is checked against the budget, as saving it is", async () => {
  const t = await team("memory");
  const frugal = await t.member("frugal", { monthlyBudget: 40 });
  expect((await send(t.bases[0], frugal, "PUT", "/v1/alerts/cost-0001", body())).status).toBe(200);
  expect((await send(t.bases[0], frugal, "PUT", "/v1/alerts/cost-0002", body({ muted: true }))).status).toBe(200);
  const unmuted = await send(t.bases[0], frugal, "PATCH", "/v1/alerts/cost-0002", { muted: false });
  expect([unmuted.status, unmuted.body.data?.problem]).toEqual([400, "over-budget"]);
  expect(unmuted.body.message).toMatch(/60 of your budget of 40 calls a month/);
  expect((await t.stores[0].alerts()).find((a) => a.id === "cost-0002")?.muted).toBe(true);
  expect((await send(t.bases[0], frugal, "PATCH", "/v1/alerts/cost-0001", { muted: true })).status).toBe(200);
  expect((await send(t.bases[0], frugal, "PATCH", "/v1/alerts/cost-0002", { muted: false })).status).toBe(200);
});

test("IPv4-compatible IPv6 is refused; a refusal names the host, never the address it resolves to, in either language; at send too", async () => {
  const answers: Record<string, string> = { "hooks.example.test": "93.184.216.34" };
  const resolve: Resolver = async (host) => [
    { address: answers[host] ?? (await publicDns(host))[0].address, family: 4 },
  ];
  const t = await team("memory", { resolve });
  const [alice, root] = [await t.member("alice"), await t.member("root", { role: "admin" })];
  const put = (url: string, language?: string) =>
    send(t.bases[0], alice, "PUT", "/v1/alerts/ssrf-0001", body({ deliver: [url] }), language);
  for (const url of [
    "https://[::127.0.0.1]/",
    "https://[::a9fe:a9fe]/latest",
    "https://[::7f00:1]:8443/",
    "https://[::10.0.0.1]/",
  ]) {
    const reply = await put(url);
    expect([url, reply.status, reply.body.data?.problem]).toEqual([url, 400, "destination-refused"]);
  }
  for (const language of ["en", "zh-CN"])
    for (const host of ["meta.example.test", "inside.example.test"]) {
      const reply = await put(`https://${host}/hook`, language);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toContain(host);
      expect(reply.text).not.toMatch(/169\.254|10\.20\.30\.40|linkLocal|private/);
    }
  expect((await put("https://hooks.example.test/x?key=k1")).status).toBe(200);
  answers["hooks.example.test"] = "10.20.30.40";
  await t.alertRunners[0].tick();
  const report = await send(t.bases[0], root, "GET", "/admin/alerts");
  expect(report.text).toContain("hooks.example.test");
  expect([report.text, ...t.log].join("\n")).not.toContain("10.20.30.40");
});

test("mailto: with bidirectional or invisible characters is refused", async () => {
  const t = await team("memory");
  const alice = await t.member("alice");
  for (const address of [
    "a\u202e@example.com",
    "%E2%80%AEa@example.com",
    "a\u2066b@example.com",
    "a\u200b@example.com",
  ]) {
    const reply = await send(
      t.bases[0],
      alice,
      "PUT",
      "/v1/alerts/bidi-0001",
      body({ deliver: [`mailto:${address}`] }),
    );
    expect([address, reply.status, reply.body.data?.problem]).toEqual([address, 400, "destination"]);
  }
});

test("MAD_ALERTS_MAIL_DOMAINS: only those recipient domains are accepted at save, in either language", async () => {
  const t = await team("memory", { mailDomains: ["example.com", "corp.example"] });
  const alice = await t.member("alice");
  const put = (address: string, language?: string) =>
    send(t.bases[0], alice, "PUT", "/v1/alerts/mail-0001", body({ deliver: [`mailto:${address}`] }), language);
  expect((await put("buyer@example.com")).status).toBe(200);
  expect((await put("Buyer@EXAMPLE.com")).status).toBe(200);
  expect((await put("ops@corp.example")).status).toBe(200);
  for (const address of ["someone@gmail.com", "a@example.com.evil.test", "a@sub.example.com"]) {
    const reply = await put(address);
    expect([address, reply.status, reply.body.data?.problem]).toEqual([address, 400, "destination"]);
    expect(reply.body.message).toMatch(/example\.com, corp\.example/);
  }
  expect((await put("someone@gmail.com", "zh-CN")).body.message).toMatch(
    /^deliver\[0\]：.*example\.com, corp\.example/,
  );
});

describe.each<StoreKind>(["memory", "redis"])("distinct mail recipients a member a day, state in %s", (kind) => {
  test("MAD_ALERTS_MAIL_RECIPIENTS_PER_DAY: at most that many at save; at send, new recipients past it wait for the next day", async () => {
    const t = await team(kind, { mailRecipientsPerDay: 3 });
    const alice = await t.member("alice");
    const addresses = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `mailto:r${kind}${from + i}@example.com`);
    const tooMany = await send(t.bases[0], alice, "PUT", "/v1/alerts/fan-00001", body({ deliver: addresses(0, 4) }));
    expect([tooMany.status, tooMany.body.data?.problem]).toEqual([400, "deliver"]);
    expect(tooMany.body.message).toMatch(/3/);
    const first = await send(
      t.bases[0],
      alice,
      "PUT",
      "/v1/alerts/fan-00001",
      body({ deliver: addresses(0, 3), digest: true }),
    );
    expect(first.status).toBe(200);
    const mailed = () => smtp.mails.filter((m) => m.to.startsWith(`r${kind}`)).map((m) => m.to);
    await Promise.all(t.alertRunners.map((r) => r.tick()));
    expect(mailed()).toHaveLength(3);
    // The same day, three other recipients: past the day's 3 distinct, nothing is sent to them.
    const second = await send(
      t.bases[0],
      alice,
      "PUT",
      "/v1/alerts/fan-00001",
      body({ deliver: addresses(3, 3), digest: true }),
    );
    expect(second.status).toBe(200);
    await Promise.all(t.alertRunners.map((r) => r.runDue(true)));
    await Promise.all(t.alertRunners.map((r) => r.deliverDue(false)));
    expect(mailed()).toHaveLength(3);
    const waiting = await t.stores[0].outbox();
    expect(waiting).toHaveLength(3);
    expect(waiting.map((d) => d.lastError)).toEqual(
      Array(3).fill(expect.stringMatching(/3 distinct recipients a day/)),
    );
    await t.clock.advance(DAY);
    await Promise.all(t.alertRunners.map((r) => r.deliverDue(false)));
    expect(mailed()).toHaveLength(6);
  });
});

test("SMTP errors never carry the credentials, in plain or as AUTH's base64", async () => {
  const guarded = await startSmtp({ user: "relay", password: "smtp-Passw0rd-9", echoAuth: true });
  try {
    const t = await team("memory", {
      smtpUrl: `smtp://relay:wrong-Passw0rd-7@127.0.0.1:${guarded.port}/?tls.rejectUnauthorized=false`,
    });
    const bob = await t.member("bob");
    expect(
      (await send(t.bases[0], bob, "PUT", "/v1/alerts/mail-0002", body({ deliver: ["mailto:b@example.com"] }))).status,
    ).toBe(200);
    await t.alertRunners[0].tick();
    const pending = await t.stores[0].outbox();
    expect(pending.map((d) => d.lastError)).toEqual([expect.stringMatching(/535/)]);
    const everything = [...t.log, JSON.stringify(pending)].join("\n");
    for (const secret of [
      "wrong-Passw0rd-7",
      Buffer.from("\0relay\0wrong-Passw0rd-7").toString("base64"),
      Buffer.from("wrong-Passw0rd-7").toString("base64"),
    ])
      expect(everything).not.toContain(secret);
  } finally {
    await guarded.stop();
  }
});

test("the new settings are read from the environment, naming the variable and its rule when wrong", () => {
  const read = alertSettingsFromEnv as (env: NodeJS.ProcessEnv) => Record<string, unknown>;
  expect(read({})).toMatchObject({ maxPending: 200, mailRecipientsPerDay: 100 });
  expect(
    read({
      MAD_ALERTS_MAX_PENDING: "50",
      MAD_ALERTS_MAIL_RECIPIENTS_PER_DAY: "10",
      MAD_ALERTS_MAIL_DOMAINS: " Example.com, corp.example ,",
    }),
  ).toMatchObject({ maxPending: 50, mailRecipientsPerDay: 10, mailDomains: ["example.com", "corp.example"] });
  expect(() => alertSettingsFromEnv({ MAD_ALERTS_MAX_PENDING: "lots" })).toThrow(/MAD_ALERTS_MAX_PENDING/);
  expect(() => alertSettingsFromEnv({ MAD_ALERTS_MAIL_RECIPIENTS_PER_DAY: "-1" })).toThrow(
    /MAD_ALERTS_MAIL_RECIPIENTS_PER_DAY/,
  );
  expect(() => alertSettingsFromEnv({ MAD_ALERTS_MAIL_DOMAINS: "exa mple.com" })).toThrow(/MAD_ALERTS_MAIL_DOMAINS/);
});
