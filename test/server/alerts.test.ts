/**
 * Alerts on the team relay over real HTTP, with the state in memory (one replica) and in a real redis-server (two
 * replicas), in front of a stand-in of the service whose rows the test changes day by day, delivering to webhook
 * receivers on loopback (MAD_ALERTS_ALLOW_PRIVATE=1) and to a real SMTP server. Time is a VirtualClock moved by hand:
 * days between runs and the outbox's backoff pass without real waiting.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AlertView } from "../../src/relay-api/alerts";
import { VirtualClock } from "../support/virtual-clock";
import { startReceiver, startSmtp, type Receiver, type SmtpReceiver } from "./support/alert-receivers";
import { startRedis, type RunningRedis } from "./support/redis";
import { planKey, startTeam, type RunningTeam, type StoreKind, type TeamOptions } from "./support/team";

const SECRET = "alert0secret0000000000000000wxyz";
const DAY = 86_400_000;

interface Product {
  asin: string;
  price: number;
  title?: string;
}

/** The service's product research, answering whatever rows the test sets, and counting its calls. */
async function startProducts(): Promise<{
  url: string;
  products: Product[];
  calls: () => number;
  stop(): Promise<void>;
}> {
  const state = { products: [] as Product[], calls: 0 };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      state.calls++;
      const items = state.products.map((p) => ({ title: `Yoga mat ${p.asin}`, brand: "Acme", bsr: 100, ...p }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: "OK", message: "成功", data: { items, total: items.length, page: 1, size: 50 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get products() {
      return state.products;
    },
    set products(rows: Product[]) {
      state.products = rows;
    },
    calls: () => state.calls,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  } as never;
}

let redis: RunningRedis;
let products: Awaited<ReturnType<typeof startProducts>>;
let smtp: SmtpReceiver;
const receivers: Receiver[] = [];
const teams: RunningTeam[] = [];

beforeAll(async () => {
  [redis, products, smtp] = await Promise.all([startRedis(), startProducts(), startSmtp()]);
}, 30_000);
afterAll(async () => {
  await Promise.all(teams.map((t) => t.stop()));
  await Promise.all([redis?.stop(), products?.stop(), smtp?.stop(), ...receivers.map((r) => r.stop())]);
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function team(kind: StoreKind, extra: Partial<TeamOptions> = {}): Promise<RunningTeam & { clock: VirtualClock }> {
  const clock = new VirtualClock({ autoAdvance: false });
  const running = await startTeam({
    kind,
    redisUrl: redis.url,
    upstream: products.url,
    keys: [planKey("main", SECRET)],
    clock,
    alerts: {
      allowPrivate: true,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`,
      publicUrl: "https://relay.example.com",
    },
    ...extra,
  });
  teams.push(running);
  return Object.assign(running, { clock });
}

interface Reply {
  status: number;
  body: { code?: string; message?: string; data?: unknown };
  text: string;
}

async function send(base: string, token: string, method: string, path: string, body?: unknown, language?: string) {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(language ? { "accept-language": language } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.text();
  return { status: reply.status, body: JSON.parse(text) as Reply["body"], text };
}

const QUERY = '=MAD.PRODUCTRESEARCH("US","keyword=yoga mat")';
const alertBody = (when: string, deliver: unknown[], extra: Record<string, unknown> = {}) => ({
  name: `Yoga mats: ${when}`,
  query: QUERY,
  when,
  deliver,
  ...extra,
});

/** Every replica looks for due alerts and deliveries at the same moment, as their ticks would. */
const tickAll = (t: RunningTeam) => Promise.all(t.alertRunners.map((r) => r.tick()));
const firedKeys = (r: Receiver) =>
  r.received.map((m) =>
    (m.body.fired as { key: string; change: string }[]).map((f) => `${f.key}:${f.change}`).join(" "),
  );

describe.each<StoreKind>(["memory", "redis"])("alerts, state in %s", (kind) => {
  test("a member sets, lists, mutes and removes their alerts; others cannot; admins see all; nothing is spent; URLs shown in part, secrets never", async () => {
    const t = await team(kind);
    const [alice, bob, root] = [
      await t.member("alice"),
      await t.member("bob"),
      await t.member("root", { role: "admin" }),
    ];
    const hook = await receiver();
    const before = products.calls();
    const deliver = [
      `${hook.url}/cgi-bin/webhook/send?key=wecomKEY0123456789`,
      {
        url: `${hook.url}/robot/send?access_token=dingTOKEN0123456789`,
        format: "dingtalk",
        secret: "SECdingSECRET0123456789",
      },
      "mailto:buyer@example.com",
    ];
    const dry = await send(
      t.bases[0],
      alice,
      "PUT",
      "/v1/alerts/price-0001?dryRun=1",
      alertBody("price < 20", deliver),
    );
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({
      saved: false,
      cost: { runsPerMonth: 30, callsPerRun: 1, callsPerMonth: 30 },
    });
    expect((await send(t.bases[0], alice, "GET", "/v1/alerts")).body.data).toEqual([]);
    const set = await send(t.bases.at(-1)!, alice, "PUT", "/v1/alerts/price-0001", alertBody("price < 20", deliver));
    expect(set.status).toBe(200);
    const view = set.body.data as AlertView;
    expect(view).toMatchObject({
      id: "price-0001",
      member: "alice",
      every: "daily",
      digest: false,
      language: "en",
      muted: false,
    });
    expect(view.deliver.map((d) => [d.format, d.signed])).toEqual([
      ["json", false],
      ["dingtalk", true],
      ["email", false],
    ]);
    expect(view.deliver[0].shown).toBe(`${hook.url}/…6789`);
    expect(view.deliver[2].shown).toBe("mailto:b…@example.com");
    for (const secret of ["wecomKEY0123456789", "dingTOKEN0123456789", "SECdingSECRET0123456789", "buyer@"]) {
      expect(set.text).not.toContain(secret);
    }
    expect((await send(t.bases[0], bob, "PUT", "/v1/alerts/price-0001", alertBody("price < 9", deliver))).status).toBe(
      403,
    );
    expect((await send(t.bases[0], bob, "DELETE", "/v1/alerts/price-0001")).status).toBe(403);
    const peek = await send(t.bases[0], bob, "GET", "/v1/alerts/price-0001");
    expect([peek.status, peek.body.data]).toEqual([403, { problem: "not-yours" }]);
    expect((await send(t.bases[0], bob, "GET", "/v1/alerts")).body.data).toEqual([]);
    expect((await send(t.bases[0], alice, "GET", "/admin/alerts")).status).toBe(403);
    const all = await send(t.bases[0], root, "GET", "/admin/alerts");
    expect((all.body.data as { alerts: AlertView[] }).alerts.map((a) => `${a.member} ${a.id}`)).toEqual([
      "alice price-0001",
    ]);
    // A new URL list may keep a saved destination by its id, without sending its URL and secret again.
    const kept = await send(
      t.bases[0],
      alice,
      "PUT",
      "/v1/alerts/price-0001",
      alertBody("price < 20", [{ keep: view.deliver[1].id }]),
    );
    expect((kept.body.data as AlertView).deliver).toEqual([view.deliver[1]]);
    const muted = await send(t.bases[0], alice, "PATCH", "/v1/alerts/price-0001", { muted: true });
    expect((muted.body.data as AlertView).muted).toBe(true);
    expect((await send(t.bases[0], alice, "DELETE", "/v1/alerts/price-0001")).status).toBe(200);
    expect(await t.stores[0].alerts()).toEqual([]);
    expect(products.calls()).toBe(before);
  });

  test("edge-triggered across replicas: fires when a condition becomes true, not while it stays true, again after it was false; change %, new and gone rows; a digest lists every row that holds; current data costs nothing", async () => {
    const t = await team(kind);
    const alice = await t.member("alice");
    const [plain, change, rows, digest] = await Promise.all([receiver(), receiver(), receiver(), receiver()]);
    const put = (id: string, when: string, r: Receiver, extra = {}) =>
      send(t.bases[0], alice, "PUT", `/v1/alerts/${id}`, alertBody(when, [r.url], extra));
    for (const [id, when, r, extra] of [
      ["edge-0001", "price < 20", plain, {}],
      ["chng-0001", "price change <= -15%", change, {}],
      ["rows-0001", "new rows or gone rows", rows, {}],
      ["dgst-0001", "价格 < 20", digest, { digest: true }],
    ] as const)
      expect((await put(id, when, r, extra)).status).toBe(200);
    const day = async (rowsOfDay: Product[]) => {
      products.products = rowsOfDay;
      await tickAll(t);
      await t.clock.advance(DAY);
    };
    const calls = products.calls();
    await day([
      { asin: "P1", price: 25 },
      { asin: "P2", price: 18 },
      { asin: "P3", price: 30 },
    ]);
    // Four alerts on one query: one call to the service, the other three runs read the team's cache.
    expect(products.calls() - calls).toBe(1);
    await day([
      { asin: "P1", price: 21 },
      { asin: "P2", price: 18 },
      { asin: "P4", price: 19 },
    ]);
    await day([
      { asin: "P1", price: 21 },
      { asin: "P2", price: 22 },
      { asin: "P4", price: 19 },
    ]);
    await day([
      { asin: "P1", price: 21 },
      { asin: "P2", price: 19 },
      { asin: "P4", price: 19 },
    ]);
    expect(products.calls() - calls).toBe(4);
    // The alert's first run has nothing to compare with: its rows are told as they are ("first", issue 46).
    expect(firedKeys(plain)).toEqual(["P2:first", "P4:new", "P2:row"]);
    expect(firedKeys(change)).toEqual(["P1:row"]);
    expect(plain.received[0].body).toMatchObject({ fired: [{ key: "P2", field: "price", before: null, after: 18 }] });
    expect(change.received[0].body).toMatchObject({ fired: [{ key: "P1", field: "price", before: 25, after: 21 }] });
    expect(firedKeys(rows)).toEqual(["P4:new P3:gone"]);
    expect(firedKeys(digest)).toEqual(["P2:first", "P2:row P4:new", "P4:row", "P2:row P4:row"]);
    expect(digest.received.every((m) => m.body.digest === true)).toBe(true);
    // Each firing once, whatever the number of replicas looking.
    const keys = [plain, change, rows, digest].flatMap((r) => r.received.map((m) => m.headers["idempotency-key"]));
    expect(new Set(keys).size).toBe(keys.length);
    const listed = (await send(t.bases.at(-1)!, alice, "GET", "/v1/alerts/edge-0001")).body.data as AlertView;
    expect(listed.lastRun).toMatchObject({ rows: 3, fired: 1 });
    expect(listed.lastFiredAt).toBe(listed.lastRun!.at);
    expect(listed.pending).toBe(0);
  });

  test("the outbox: a receiver down is retried with backoff and delivered once under one idempotency key; one that stays down is given up after 24 hours and reported to admins", async () => {
    const t = await team(kind);
    const [alice, root] = [await t.member("alice"), await t.member("root", { role: "admin" })];
    const flaky = await receiver();
    const down = await receiver();
    const gone = await receiver();
    flaky.answers.push({ status: 503 }, { status: 429, headers: { "retry-after": "600" } });
    down.fallback = { status: 500 };
    gone.fallback = { status: 404 };
    products.products = [{ asin: "P9", price: 5 }];
    await send(
      t.bases[0],
      alice,
      "PUT",
      "/v1/alerts/down-0001",
      alertBody("price < 20", [flaky.url, down.url, gone.url]),
    );
    await tickAll(t);
    expect([flaky, down, gone].map((r) => r.received.length)).toEqual([1, 1, 1]);
    await tickAll(t); // not due yet: nothing is sent
    expect(flaky.received).toHaveLength(1);
    await t.clock.advance(60_000);
    await tickAll(t);
    expect(flaky.received).toHaveLength(2); // 1 min after the first try; then it asked for 600 s
    await t.clock.advance(120_000);
    await tickAll(t);
    expect(flaky.received).toHaveLength(2);
    await t.clock.advance(480_000);
    await tickAll(t);
    expect(flaky.received).toHaveLength(3);
    expect(new Set(flaky.received.map((m) => m.headers["idempotency-key"])).size).toBe(1);
    expect(gone.received).toHaveLength(1); // a 404 is not retried
    for (let hour = 0; hour < 26; hour++) {
      await t.clock.advance(3_600_000);
      await tickAll(t);
    }
    const attempts = down.received.length;
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(40);
    await t.clock.advance(3 * 3_600_000);
    await tickAll(t);
    expect(down.received).toHaveLength(attempts);
    const report = (await send(t.bases[0], root, "GET", "/admin/alerts")).body.data as {
      pending: number;
      failed: { reason: string; destination: string }[];
    };
    expect(report.pending).toBe(0);
    expect(report.failed.map((f) => f.reason).sort()).toEqual([
      expect.stringMatching(/answered HTTP 404$/),
      expect.stringMatching(/^still failing after 24 hours: .* answered HTTP 500$/),
    ]);
    expect(t.log.join("\n")).toMatch(/alert-delivery-failed/);
  });

  test("e-mail over SMTP with STARTTLS, subject and body in the alert's language; a 4xx is retried, a 5xx given up", async () => {
    const t = await team(kind);
    const alice = await t.member("alice");
    products.products = [{ asin: "P7", price: 12.5 }];
    const body = alertBody("price < 20", ["mailto:buyer@example.com"], { name: "瑜伽垫降价", language: "zh-CN" });
    expect((await send(t.bases[0], alice, "PUT", "/v1/alerts/mail-0001", body)).status).toBe(200);
    smtp.refuseWith = 451;
    const before = smtp.mails.length;
    await tickAll(t);
    expect(smtp.mails).toHaveLength(before);
    smtp.refuseWith = undefined;
    await t.clock.advance(60_000);
    await tickAll(t);
    const mail = smtp.mails.at(-1)!;
    expect(mail).toMatchObject({ to: "buyer@example.com", from: "alerts@relay.example.com", secure: true });
    // The alert's first run: nothing to compare with, so the row is told as it is (issue 46), not as "无 → 12.5".
    expect(mail.subject).toBe("瑜伽垫降价：1 行满足条件");
    expect(mail.text).toContain("P7: 价格 (price): 12.5");
    expect(mail.html).toContain("打开提醒");
    expect(mail.html).toContain("https://relay.example.com/taskpane.html?alert=mail-0001");
    expect(mail.messageId).toMatch(/^<mail-0001\.\d+\.[0-9a-f]+@mad-alerts\.invalid>$/);
    smtp.refuseWith = 550;
    products.products = [{ asin: "P7", price: 30 }];
    await t.clock.advance(DAY);
    await tickAll(t);
    products.products = [{ asin: "P7", price: 10 }];
    await t.clock.advance(DAY);
    await tickAll(t);
    smtp.refuseWith = undefined;
    expect((await t.stores[0].outboxFailed()).map((f) => f.reason)).toEqual([expect.stringMatching(/^SMTP 550/)]);
  });
});
