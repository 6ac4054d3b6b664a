/**
 * Scheduled refreshes on the team relay, over real HTTP in front of the simulator, with the state in memory and in
 * a real Redis (two replicas): members set, list and remove their schedules; admins see and remove everyone's; a due
 * schedule is run once (one replica), page by page as the add-in reads its queries, within the plan's budgets; and
 * the add-in asking the same queries afterwards spends no call to the service.
 */
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import type { Schedule, ScheduleRequest } from "../../src/relay-api/schedules";
import { useSimulator } from "../support/simulator";
import { startRedis, type RunningRedis } from "./support/redis";
import { planKey, startTeam, type RunningTeam, type StoreKind } from "./support/team";

const SECRET = "sched0secret0000000000000000wxyz";
const sim = useSimulator({ secret: SECRET });
let redis: RunningRedis;
const teams: RunningTeam[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(async () => {
  await Promise.all(teams.map((t) => t.stop()));
  await redis?.stop();
});

async function team(kind: StoreKind, monthlyBudget: number | null = 15_000): Promise<RunningTeam> {
  const running = await startTeam({
    kind,
    redisUrl: redis.url,
    upstream: sim.url,
    keys: [planKey("main", SECRET, 40, monthlyBudget)],
  });
  teams.push(running);
  return running;
}

const REPORT: ScheduleRequest = {
  name: "Market 172282 (Category market)",
  at: "07:00",
  timeZone: "Europe/Berlin",
  queries: [
    { operation: "market_brand_concentration", params: { marketplace: "US", nodeIdPath: "172282" }, limit: 10 },
    { operation: "product_research", params: { marketplace: "US", keyword: "yoga mat" }, limit: 250 },
    { operation: "aba_research_trend", params: { marketplace: "US", keyword: "yoga mat" } },
  ],
};

async function send(base: string, token: string, method: string, path: string, body?: unknown, language?: string) {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { "content-type": "application/json" } : {}),
      ...(language ? { "accept-language": language } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as { code?: string; message?: string; data?: unknown } };
}

/** Makes a schedule due now, as the clock reaching its time would. */
async function due(t: RunningTeam, id: string) {
  const schedule = (await t.stores[0].schedules()).find((s) => s.id === id)!;
  await t.stores[0].scheduleSave({ ...schedule, nextRunAt: Date.now() - 1 });
}

test("a refusal names its problem and speaks the member's language: Chinese for a zh-CN add-in, English without one", async () => {
  const t = await team("memory");
  const [alice, bob] = [await t.member("alice"), await t.member("bob")];
  const base = t.bases[0];
  const late = { ...REPORT, at: "7am" };
  expect(await send(base, alice, "PUT", "/v1/schedules/report-0011", late, "zh-CN,zh;q=0.9")).toEqual({
    status: 400,
    body: { code: "ERROR_PARAM", message: "at：应为 HH:MM 格式的时刻", data: { problem: "at" } },
  });
  expect((await send(base, alice, "PUT", "/v1/schedules/report-0011", late)).body).toEqual({
    code: "ERROR_PARAM",
    message: "at: expected a time of day HH:MM",
    data: { problem: "at" },
  });
  // The catalog's own rule, in Chinese too, on the query it names.
  const market = { ...REPORT, queries: [{ operation: "product_research", params: { marketplace: "XX" } }] };
  const refused = await send(base, alice, "PUT", "/v1/schedules/report-0011", market, "zh-CN");
  expect(refused.body.data).toEqual({ problem: "query-params", index: 0 });
  expect(refused.body.message).toMatch(/^queries\[0\]\.params：marketplace/);
  expect(refused.body.message).toMatch(/[\u4e00-\u9fff]/);
  // Another's schedule, one that is not there, a method the route does not take, a body that is not JSON.
  expect((await send(base, alice, "PUT", "/v1/schedules/report-0011", REPORT)).status).toBe(200);
  for (const [method, path, body, status, problem, message] of [
    ["PUT", "/v1/schedules/report-0011", REPORT, 403, "not-yours", "此计划由其他成员设置"],
    ["DELETE", "/v1/schedules/report-0011", undefined, 403, "not-yours", "此计划由其他成员设置"],
    ["DELETE", "/v1/schedules/report-0404", undefined, 404, "not-found", "没有这个计划"],
    ["POST", "/v1/schedules/report-0011", {}, 405, "method", "/v1/schedules/report-0011 不允许 POST"],
    ["GET", "/v1/schedules/x", undefined, 404, "id", "不是计划：id 为 8 到 64 个字母、数字、- 或 _"],
  ] as const) {
    const reply = await send(base, bob, method, path, body, "zh-CN");
    expect([method, path, reply.status, reply.body.data, reply.body.message]).toEqual([
      method,
      path,
      status,
      { problem },
      message,
    ]);
  }
  const notJson = await fetch(`${base}/v1/schedules/report-0012`, {
    method: "PUT",
    headers: { authorization: `Bearer ${bob}`, "content-type": "application/json", "accept-language": "zh-CN" },
    body: "{not json",
  });
  expect(await notJson.json()).toEqual({
    code: "ERROR_PARAM",
    message: "请求体：应为 JSON 对象 {name, at, timeZone, queries}",
    data: { problem: "body" },
  });
});

describe.each<StoreKind>(["memory", "redis"])("scheduled refreshes, state in %s", (kind) => {
  test("a revoked member's schedules go with them: a member added again by that name starts with none", async () => {
    const t = await team(kind);
    const [alice, admin] = [await t.member("alice"), await t.member("root", { role: "admin" })];
    expect((await send(t.bases[0], alice, "PUT", "/v1/schedules/report-0007", REPORT)).status).toBe(200);
    expect(await t.stores[0].revokeMember("alice")).toBe(true);
    const again = await t.member("alice");
    expect((await send(t.bases.at(-1)!, again, "GET", "/v1/schedules")).body.data).toEqual([]);
    expect((await send(t.bases[0], admin, "GET", "/admin/schedules")).body.data).toEqual([]);
  });

  test("a schedule's name with control characters (ESC, BEL, new line, tab) is refused naming it, and nothing is kept", async () => {
    const t = await team(kind);
    const alice = await t.member("alice");
    for (const name of ["Market\u001b[2J\u0007", "Market\nroot\tforged", "Market \u202eevil", "\u009b31m"]) {
      const refused = await send(t.bases[0], alice, "PUT", "/v1/schedules/report-0009", { ...REPORT, name });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^name: control characters .* are not allowed$/);
    }
    expect(await t.stores[0].schedules()).toEqual([]);
  });

  test("a member sets, lists and removes their schedules; others cannot touch them; admins see every one", async () => {
    const t = await team(kind);
    const [alice, bob, admin] = [
      await t.member("alice"),
      await t.member("bob"),
      await t.member("root", { role: "admin" }),
    ];
    const before = sim.stats().total;
    const set = await send(t.bases[0], alice, "PUT", "/v1/schedules/report-0001", REPORT);
    expect(set.status).toBe(200);
    const saved = set.body.data as Schedule;
    expect(saved).toMatchObject({ id: "report-0001", member: "alice", at: "07:00", timeZone: "Europe/Berlin" });
    expect(saved.nextRunAt).toBeGreaterThan(Date.now());
    expect(saved.nextRunAt - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    // 07:00 in Berlin is 05:00 or 06:00 UTC, by the season.
    expect([5, 6]).toContain(new Date(saved.nextRunAt).getUTCHours());
    const bad = await send(t.bases.at(-1)!, alice, "PUT", "/v1/schedules/report-0002", {
      ...REPORT,
      queries: [{ operation: "product_research", params: { marketplace: "XX" } }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/queries\[0\]\.params: marketplace/);
    expect(
      (await send(t.bases[0], alice, "PUT", "/v1/schedules/report-0002", { ...REPORT, at: "7am" })).body.message,
    ).toMatch(/at: expected a time of day HH:MM/);
    expect((await send(t.bases[0], bob, "PUT", "/v1/schedules/report-0001", REPORT)).status).toBe(403);
    expect((await send(t.bases[0], bob, "DELETE", "/v1/schedules/report-0001")).status).toBe(403);
    expect((await send(t.bases[0], bob, "GET", "/v1/schedules")).body.data).toEqual([]);
    expect(
      ((await send(t.bases.at(-1)!, alice, "GET", "/v1/schedules")).body.data as Schedule[]).map((s) => s.id),
    ).toEqual(["report-0001"]);
    expect((await send(t.bases[0], alice, "GET", "/admin/schedules")).status).toBe(403);
    const all = await send(t.bases[0], admin, "GET", "/admin/schedules");
    expect((all.body.data as Schedule[]).map((s) => `${s.member} ${s.id}`)).toEqual(["alice report-0001"]);
    expect((await send(t.bases[0], alice, "DELETE", "/v1/schedules/report-0001")).status).toBe(200);
    expect(await t.stores[0].schedules()).toEqual([]);
    expect(sim.stats().total).toBe(before); // setting a schedule spends nothing
  });

  test("a due schedule runs once, every page of its queries, and the add-in then spends no call to the service", async () => {
    const t = await team(kind);
    const alice = await t.member("alice");
    expect((await send(t.bases[0], alice, "PUT", "/v1/schedules/report-0003", REPORT)).status).toBe(200);
    await due(t, "report-0003");
    const before = sim.stats().total;
    // Every replica looks; one runs it.
    await Promise.all(t.schedulers.map((s) => s.tick()));
    const spent = sim.stats().total - before;
    // 1 page of brands, 3 pages of 100 products for 250 rows, 1 ABA trend.
    expect(spent).toBe(5);
    const run = (await t.stores[0].schedules())[0];
    expect(run.lastRun).toMatchObject({ calls: 5, cacheHits: 0, failed: 0 });
    expect(run.nextRunAt).toBeGreaterThan(Date.now());

    // The next morning: the add-in's engine, through the relay with alice's token, asks the same queries.
    const engine = createEngine({ store: memoryStore({ "mad.baseUrl": t.bases.at(-1)!, "mad.secret": alice }) });
    const atOpen = sim.stats().total;
    for (const q of REPORT.queries)
      await engine.query(q.operation, q.params, q.limit === undefined ? {} : { limit: q.limit });
    expect(sim.stats().total).toBe(atOpen);
    expect(engine.usage().callsThisSession).toBe(5); // five answers from the relay, every one from its cache

    // Run again while the answers are current for their period: nothing is spent.
    await due(t, "report-0003");
    await t.schedulers[0].tick();
    expect(sim.stats().total).toBe(atOpen);
    expect((await t.stores[0].schedules())[0].lastRun).toMatchObject({ calls: 0, cacheHits: 5 });
  });

  test("a run never spends past the budgets: the plan's spent month stops it, saying so", async () => {
    const t = await team(kind, 3);
    const alice = await t.member("alice");
    await send(t.bases[0], alice, "PUT", "/v1/schedules/report-0004", REPORT);
    await due(t, "report-0004");
    const before = sim.stats().total;
    await t.schedulers[0].tick();
    expect(sim.stats().total - before).toBe(3);
    expect((await t.stores[0].schedules())[0].lastRun).toMatchObject({
      calls: 3,
      note: expect.stringMatching(/team plan's monthly budget is spent/),
    });
    await due(t, "report-0004");
    await t.schedulers[0].tick();
    expect(sim.stats().total - before).toBe(3);
    expect((await t.stores[0].schedules())[0].lastRun?.note).toMatch(/no calls are left this month/);
  });
});
