/**
 * The team relay over real HTTP, in front of the simulator or a stand-in of the service, with its state in memory
 * (one replica) and in a real redis-server (two replicas on one Redis): the same behaviour from both.
 */
import { startSimulator } from "../../src/simulator";
import { useSimulator } from "../support/simulator";
import { startRedis, type RunningRedis } from "./support/redis";
import { scaledClock } from "./support/scaled-clock";
import { startStandIn, type StandIn } from "./support/stand-in";
import { call, planKey, startTeam, type RunningTeam, type StoreKind } from "./support/team";

const SECRET = "team0secret00000000000000000wxyz";
const EBC = (market = "US", nodeIdPath = "172282") => ({ marketplace: market, nodeIdPath });

const sim = useSimulator({ secret: SECRET });
let redis: RunningRedis;
let standIn: StandIn;
const teams: RunningTeam[] = [];

beforeAll(async () => {
  [redis, standIn] = await Promise.all([startRedis(), startStandIn()]);
}, 30_000);
afterAll(async () => {
  await Promise.all(teams.map((t) => t.stop()));
  await Promise.all([redis?.stop(), standIn?.stop()]);
});

async function team(kind: StoreKind, options: Partial<Parameters<typeof startTeam>[0]> = {}): Promise<RunningTeam> {
  const running = await startTeam({
    kind,
    redisUrl: redis.url,
    upstream: sim.url,
    keys: [planKey("main", SECRET)],
    ...options,
  });
  teams.push(running);
  return running;
}

const simCalls = () => sim.stats().total;

describe.each<StoreKind>(["memory", "redis"])("team relay, state in %s", (kind) => {
  test("a member's token is required: none, an unknown or a revoked one gets 401 and costs no call; a client's secret-key is ignored", async () => {
    const t = await team(kind);
    const token = await t.member("alice");
    const before = simCalls();
    expect((await call(t.bases[0], undefined)).status).toBe(401);
    expect((await call(t.bases[0], undefined, EBC(), "/v1/market/ebc", { "secret-key": SECRET })).status).toBe(401);
    const unknown = await call(t.bases[0], `madt_${"A".repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toMatch(/token/);
    expect(simCalls()).toBe(before);
    const ok = await call(t.bases[0], token, EBC(), "/v1/market/ebc", {
      "secret-key": "mine0000000000000000000000000000",
    });
    expect(ok.status).toBe(200);
    expect(ok.body.code).toBe("OK");
    expect(simCalls()).toBe(before + 1); // with the plan's key: the simulator accepts only SECRET
    await t.stores[0].revokeMember("alice");
    expect((await call(t.bases.at(-1)!, token, EBC("UK"))).status).toBe(401);
    expect(simCalls()).toBe(before + 1);
    expect(t.log.join("\n")).not.toContain(SECRET);
    expect(t.log.join("\n")).not.toContain(token);
  });

  test("identical requests from several members on every replica at the same moment cost one call; the market is part of the request", async () => {
    const t = await team(kind);
    const tokens = await Promise.all(["ann", "bob", "cy"].map((name) => t.member(name)));
    const before = sim.stats().byOperation.market_brand_concentration ?? 0;
    const body = { marketplace: "US", nodeIdPath: "172282:281407" };
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(t.bases[i % t.bases.length], tokens[i % 3], body, "/v1/market/brand")),
    );
    expect(replies.map((r) => r.body.code)).toEqual(Array(12).fill("OK"));
    expect(new Set(replies.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    expect(sim.stats().byOperation.market_brand_concentration).toBe(before + 1);
    // Keys in another order and gb for UK are the same request; another market is not.
    await call(t.bases[0], tokens[0], { nodeIdPath: "172282:281407", marketplace: "gb" }, "/v1/market/brand");
    const uk = await call(
      t.bases.at(-1)!,
      tokens[1],
      { marketplace: "UK", nodeIdPath: "172282:281407" },
      "/v1/market/brand",
    );
    expect(uk.headers.get("x-mad-cache")).toBe("hit");
    expect(sim.stats().byOperation.market_brand_concentration).toBe(before + 2);
    const later = await call(t.bases[0], tokens[2], body, "/v1/market/brand");
    expect(later.headers.get("x-mad-cache")).toBe("hit");
    expect(later.headers.get("cache-control")).toBe("no-store");
    expect(sim.stats().byOperation.market_brand_concentration).toBe(before + 2);
  });

  test("bad input is refused by the catalog's rules, naming the parameter, without a call", async () => {
    const t = await team(kind);
    const token = await t.member("dana");
    const before = simCalls();
    const reply = await call(t.bases[0], token, { marketplace: "XX", nodeIdPath: "172282" });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe("ERROR_PARAM");
    expect(reply.body.message).toMatch(/marketplace/);
    expect(simCalls()).toBe(before);
  });

  test("a product's operation with its ASIN in the path is answered through the relay, once for every member; a bad ASIN there costs nothing", async () => {
    const t = await team(kind);
    const [ann, bob] = await Promise.all(["ann", "bob"].map((name) => t.member(name)));
    const before = sim.stats().byOperation.asin_sales_trend ?? 0;
    const get = (base: string, token: string, path: string) =>
      fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { code: string; data: unknown },
      }));
    // The service is asked at the filled-in path (the template, braces and all, is no route of the service's).
    const first = await get(t.bases[0], ann, "/v1/asin/US/B07Z82895W/sales-trend");
    expect(first.status).toBe(200);
    expect(first.body.code).toBe("OK");
    expect(JSON.stringify(first.body.data)).toContain("B07Z82895W");
    const again = await get(t.bases.at(-1)!, bob, "/v1/asin/us/B07Z82895W/sales-trend");
    expect(again.body.data).toEqual(first.body.data);
    expect(sim.stats().byOperation.asin_sales_trend).toBe(before + 1);
    const bad = await get(t.bases[0], ann, "/v1/asin/US/NOPE/sales-trend");
    expect([bad.status, bad.body.code]).toEqual([400, "ERROR_PARAM"]);
    expect(sim.stats().byOperation.asin_sales_trend).toBe(before + 1);
  });

  test("a member's monthly budget, then the plan's, refuse with a clear message and send nothing; /v1/visits shows both left", async () => {
    const t = await team(kind, { upstream: standIn.url, keys: [planKey("main", "standin-good-1", 40, 3)] });
    const capped = await t.member("eve", { monthlyBudget: 1 });
    const free = await t.member("fay");
    const sent = standIn.calls.length;
    expect((await call(t.bases[0], capped, EBC("US", "1"))).body.code).toBe("OK");
    const refused = await call(t.bases[0], capped, EBC("US", "2"));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/your monthly budget/);
    expect(refused.headers.get("retry-after")).toBeNull();
    // What is cached costs nothing, so it is still served.
    expect((await call(t.bases.at(-1)!, capped, EBC("US", "1"))).body.code).toBe("OK");
    const visits = await call(t.bases[0], capped, undefined, "/v1/visits");
    expect(visits.body.data).toMatchObject({
      remaining: 0,
      member: { remaining: 0 },
      plan: { quota: 3, used: 1, remaining: 2 },
    });
    expect((await call(t.bases[0], free, EBC("US", "3"))).body.code).toBe("OK");
    expect((await call(t.bases[0], free, EBC("US", "4"))).body.code).toBe("OK");
    const planSpent = await call(t.bases.at(-1)!, free, EBC("US", "5"));
    expect(planSpent.status).toBe(429);
    expect(planSpent.body.message).toMatch(/plan's monthly budget/);
    expect(standIn.calls.length).toBe(sent + 3);
  });

  test("several keys are used in turn; a key the service refuses is set aside, reported, and the request answered with another", async () => {
    const keys = [
      planKey("first", "standin-bad-2"),
      planKey("second", "standin-good-2"),
      planKey("third", "standin-good-3"),
    ];
    standIn.refused.add("standin-bad-2");
    const t = await team(kind, { upstream: standIn.url, keys });
    const token = await t.member("gus");
    const sent = standIn.calls.length;
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await call(t.bases[i % t.bases.length], token, EBC("US", `9${i}`)));
    expect(replies.map((r) => r.body.code)).toEqual(Array(5).fill("OK"));
    const used = standIn.calls.slice(sent).map((c) => c.secret);
    expect(used.filter((s) => s === "standin-bad-2")).toHaveLength(1); // refused once, never again
    expect(used.filter((s) => s !== "standin-bad-2")).toEqual([
      "standin-good-2",
      "standin-good-3",
      "standin-good-2",
      "standin-good-3",
      "standin-good-2",
    ]);
    const admin = await t.member("root", { role: "admin" });
    const report = await fetch(`${t.bases[0]}/admin/usage`, { headers: { authorization: `Bearer ${admin}` } });
    const usage = (await report.json()) as { keys: { name: string; setAside: { code: string } | null }[] };
    expect(usage.keys.find((k) => k.name === "first")?.setAside?.code).toBe("ERROR_SECRET_KEY");
    expect(usage.keys.find((k) => k.name === "second")?.setAside).toBeNull();
    expect(t.log.some((line) => line.includes('"key-set-aside"') && line.includes('"first"'))).toBe(true);
    for (const key of keys) expect(t.log.join("\n")).not.toContain(key.secret);
    // The report is for admins only.
    expect((await fetch(`${t.bases[0]}/admin/usage`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      403,
    );
    expect((await fetch(`${t.bases[0]}/admin/usage`)).status).toBe(401);
  });

  test("when the plan's only key is refused, members get 503 naming the plan (not a wrong token), and no one calls again", async () => {
    standIn.refused.add("standin-bad-7");
    const t = await team(kind, { upstream: standIn.url, keys: [planKey("only", "standin-bad-7")] });
    const [oli, pam] = [await t.member("oli"), await t.member("pam")];
    const sent = standIn.calls.length;
    const first = await call(t.bases[0], oli, EBC("US", "61"));
    expect(first.status).toBe(503);
    expect(first.body.code).toBe("ERROR_SERVER_INTERNAL");
    expect(first.body.message).toMatch(/no key of the team's plan can be used/);
    const second = await call(t.bases.at(-1)!, pam, EBC("US", "62"));
    expect(second.status).toBe(503);
    expect(standIn.calls.length).toBe(sent + 1);
  });

  test("usage per member and operation counts calls, cache hits and refusals", async () => {
    const t = await team(kind, { upstream: standIn.url, keys: [planKey("main", "standin-good-4", 40, 100)] });
    const [hal, ivy] = [await t.member("hal", { monthlyBudget: 1 }), await t.member("ivy")];
    await call(t.bases[0], hal, EBC("US", "71"));
    await call(t.bases[0], ivy, EBC("US", "71"));
    await call(t.bases[0], hal, EBC("US", "72")); // refused: hal's budget
    const admin = await t.member("boss", { role: "admin" });
    const report = (await (
      await fetch(`${t.bases.at(-1)}/admin/usage`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()) as {
      rows: { member: string; operation: string; calls: number; cacheHits: number; refusals: number }[];
    };
    expect(report.rows).toEqual([
      { member: "hal", operation: "market_ebc_distribution", calls: 1, cacheHits: 0, refusals: 1 },
      { member: "ivy", operation: "market_ebc_distribution", calls: 0, cacheHits: 1, refusals: 0 },
    ]);
  });

  test("the pacer never lets more than a key's perMinute calls through in any window, whatever the members and replicas", async () => {
    // Simulated minutes pass in real seconds; the simulator enforces the same limit on the same clock. A real
    // millisecond of delay between a grant and the simulator is 60 simulated ones, and the window has no margin for
    // it: a slot counts from its call's end.
    const clock = scaledClock(60);
    const paced = await startSimulator({
      port: 0,
      secret: SECRET,
      staticDir: false,
      rateLimitPerMinute: 2,
      now: () => clock.now(),
    });
    try {
      const t = await team(kind, {
        upstream: paced.url,
        keys: [planKey("main", SECRET, 2)],
        clock,
        queueWaitMs: 600_000,
      });
      const tokens = await Promise.all(["j1", "j2", "j3"].map((name) => t.member(name)));
      const started = clock.now();
      const replies = await Promise.all(
        ["1", "2", "3", "4", "5", "6"].map((node, i) =>
          call(t.bases[i % t.bases.length], tokens[i % 3], EBC("US", node)),
        ),
      );
      expect(replies.map((r) => r.body.code)).toEqual(Array(6).fill("OK"));
      expect(paced.stats().byResult.ERROR_VISIT_MAX).toBeUndefined();
      expect(paced.stats().total).toBe(6);
      expect(clock.now() - started).toBeGreaterThanOrEqual(2 * 60_000); // three windows of two calls
    } finally {
      await paced.stop();
    }
  });

  test("past the bounded wait in the queue a request gets 429 with Retry-After and sends nothing", async () => {
    const clock = scaledClock(60);
    const t = await team(kind, {
      upstream: standIn.url,
      keys: [planKey("main", "standin-good-5", 1)],
      clock,
      queueWaitMs: 30_000, // half a real second: the other's slot frees a minute after its call
    });
    const token = await t.member("kim");
    const sent = standIn.calls.length;
    const [first, second] = await Promise.all([
      call(t.bases[0], token, EBC("US", "81")),
      call(t.bases.at(-1)!, token, EBC("US", "82")),
    ]);
    const refused = [first, second].find((r) => r.status === 429)!;
    expect([first, second].filter((r) => r.body.code === "OK")).toHaveLength(1);
    expect(refused.body.code).toBe("ERROR_VISIT_MAX");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(standIn.calls.length).toBe(sent + 1);
  });
});

test("a body the relay refuses on an operation names the problem and speaks the member's language, sending nothing", async () => {
  const t = await team("memory");
  const token = await t.member("alice");
  const before = simCalls();
  const post = (body: string, language?: string) =>
    fetch(`${t.bases[0]}/v1/market/ebc`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        ...(language ? { "accept-language": language } : {}),
      },
      body,
    }).then(async (reply) => ({ status: reply.status, body: (await reply.json()) as unknown }));
  expect(await post("{not json", "zh-CN")).toEqual({
    status: 400,
    body: { code: "ERROR_PARAM", message: "请求体：不是有效的 JSON", data: { problem: "body" } },
  });
  expect(await post("[1, 2]")).toEqual({
    status: 400,
    body: { code: "ERROR_PARAM", message: "body: expected a JSON object", data: { problem: "body" } },
  });
  expect(await post(`${"[".repeat(100)}${"]".repeat(100)}`, "zh-CN")).toEqual({
    status: 400,
    body: { code: "ERROR_PARAM", message: "请求体：嵌套超过 64 层", data: { problem: "body" } },
  });
  expect(simCalls()).toBe(before);
});

describe.each<StoreKind>(["memory", "redis"])("the fair queue, state in %s", (kind) => {
  test("grants go in turn across members: one member's many requests cannot starve another's one", async () => {
    const t = await team(kind);
    const store = t.stores[0];
    const key = planKey("main", "fair-queue-secret", 3);
    const deadline = Date.now() + 600_000;
    for (let i = 1; i <= 6; i++) await store.enqueue({ ticket: `a${i}`, member: "a", memberBudget: null, deadline });
    await store.enqueue({ ticket: "b1", member: "b", memberBudget: null, deadline });
    await store.enqueue({ ticket: "c1", member: "c", memberBudget: null, deadline });
    const mine = ["a1", "a2", "a3", "a4", "a5", "a6", "b1", "c1"];
    const now = Date.now();
    const first = await store.pump({ now, month: "209901", windowMs: 60_000, holdMs: 0, keys: [key], mine });
    expect([...first.decisions.keys()].sort()).toEqual(["a1", "b1", "c1"]);
    expect(first.nextAt).toBe(now + 60_000);
    const second = await store.pump({
      now: now + 60_000,
      month: "209901",
      windowMs: 60_000,
      holdMs: 0,
      keys: [key],
      mine,
    });
    expect([...second.decisions.keys()].sort()).toEqual(["a1", "a2", "a3", "a4", "b1", "c1"]);
  });
});

describe.each<StoreKind>(["memory", "redis"])("a key the service says is limited, state in %s", (kind) => {
  test("is paused, not dropped: requests wait for it (within their bound) instead of being refused", async () => {
    const t = await team(kind);
    const store = t.stores[0];
    const key = planKey("main", "paused-key-secret", 3);
    const now = Date.now();
    await store.setAside({
      key: "main",
      fingerprint: key.fingerprint,
      code: "ERROR_VISIT_MAX",
      at: now,
      until: now + 5_000,
    });
    await store.enqueue({ ticket: "p1", member: "a", memberBudget: null, deadline: now + 600_000 });
    const paused = await store.pump({ now, month: "209902", windowMs: 60_000, holdMs: 0, keys: [key], mine: ["p1"] });
    expect(paused.decisions.size).toBe(0);
    expect(paused.nextAt).toBe(now + 5_000);
    const back = await store.pump({
      now: now + 5_000,
      month: "209902",
      windowMs: 60_000,
      holdMs: 0,
      keys: [key],
      mine: ["p1"],
    });
    expect(back.decisions.get("p1")).toEqual({ granted: "main" });
  });
});

describe("team relay, Redis faults", () => {
  test("Redis down: 503 saying so, and nothing is sent to the service", async () => {
    const own = await startRedis();
    const t = await startTeam({ kind: "redis", redisUrl: own.url, upstream: sim.url, keys: [planKey("main", SECRET)] });
    teams.push(t);
    const token = await t.member("lee");
    await own.stop();
    const before = simCalls();
    const reply = await call(t.bases[0], token, EBC("US", "172282:1"));
    expect(reply.status).toBe(503);
    expect(reply.body.message).toMatch(/store \(redis at 127\.0\.0\.1:\d+\) is unavailable or slow: nothing was sent/);
    expect(simCalls()).toBe(before);
    expect((await fetch(`${t.bases[0]}/readyz`)).status).toBe(503);
  });

  test("Redis slow: a command past the timeout gives 503 and no call, even for a request already queued", async () => {
    const t = await team("redis");
    const token = await t.member("max");
    const before = simCalls();
    redis.freeze();
    let reply;
    try {
      reply = await call(t.bases[0], token, EBC("US", "172282:2"));
    } finally {
      redis.thaw();
    }
    expect(reply.status).toBe(503);
    expect(simCalls()).toBe(before);
    expect((await call(t.bases[1], token, EBC("US", "172282:2"))).body.code).toBe("OK");
  });

  test("a caller gone in the middle loses no answer already paid for: it is cached before it is sent", async () => {
    const t = await team("redis", { upstream: standIn.url, keys: [planKey("main", "standin-good-6")] });
    const token = await t.member("ned");
    standIn.latencyMs = 300;
    const sent = standIn.calls.length;
    const gone = new AbortController();
    const pending = fetch(`${t.bases[0]}/v1/market/ebc`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(EBC("US", "55")),
      signal: gone.signal,
    }).catch(() => undefined);
    // Gone once its call is at the service (however long a loaded machine took to get it there).
    for (let i = 0; standIn.calls.length === sent && i < 2_000; i++) await new Promise((r) => setTimeout(r, 5));
    gone.abort();
    await pending;
    standIn.latencyMs = 0;
    // The other replica finds the call still under way (and waits for it) or its answer cached: a hit either way.
    const reply = await call(t.bases[1], token, EBC("US", "55"));
    expect(reply.headers.get("x-mad-cache")).toBe("hit");
    expect(standIn.calls.length).toBe(sent + 1);
  });
});
