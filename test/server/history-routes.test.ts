/**
 * Reading a schedule's kept history back over real HTTP from a team relay, on the embedded database and on a real
 * PostgreSQL server: history.csv (RFC 4180, CRLF, BOM, the injection guard, numbers as numbers, parsed back with a
 * strict reader), history.json, changes.csv/.json, `since`/`until`/`latest`, header words in English and Chinese;
 * every bad input refused naming it before anything is read; another member's schedule answers 404 and an admin
 * reads any; a relay without a database says why.
 */
import type { ScheduleRequest } from "../../src/relay-api/schedules";
import type { Database } from "../../src/server/history/database";
import { HistoryStore, type SnapshotQuery } from "../../src/server/history/snapshots";
import { formulaOfQuery } from "../../src/formula/formula-of-query";
import { useSimulator } from "../support/simulator";
import { DATABASE_KINDS, useDatabases } from "./support/databases";
import { startHistoryRelays, type HistoryRelays } from "./support/history-relay";
import { planKey, startTeam } from "./support/team";
import { loadLocale } from "../../src/i18n/locale";
import { parseRfc4180 } from "./support/rfc4180";

const SECRET = "hist0secret00000000000000000wxyz";
const sim = useSimulator({ secret: SECRET });
const databases = useDatabases();
/** An empty database of this kind, for a relay (which closes it when it stops): the file's embedded one reused. */
const openFor = (kind: (typeof DATABASE_KINDS)[number]) => databases.reused(kind);

const WATCH = '=MAD.PRODUCTS("US",{"B0AAAAAAA1","B0AAAAAAA2"})';
const BRANDS = '=MAD.BRANDCONCENTRATION("US","172282")';
const SCHEDULE: ScheduleRequest = {
  name: "Watch and brands",
  at: "07:00",
  timeZone: "Europe/Berlin",
  history: true,
  queries: [
    { operation: "competitor_lookup", params: { marketplace: "US", asins: ["B0AAAAAAA1", "B0AAAAAAA2"] } },
    { operation: "market_brand_concentration", params: { marketplace: "US", nodeIdPath: "172282" } },
  ],
};

async function send(
  base: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  language?: string,
) {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
      ...(language ? { "accept-language": language } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await reply.arrayBuffer());
  const text = bytes.toString("utf8");
  const json = (reply.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : undefined;
  return { status: reply.status, headers: reply.headers, bytes, text, json };
}

/** The CSV's records, after checking its byte-order mark. */
function csvOf(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseRfc4180(bytes.subarray(3).toString("utf8"));
}

const watchRow = (asin: string, title: string, price: number | null, units: number) => ({
  key: asin,
  fields: { asin, title, price, units, unitsGr: -0.25 },
});
const brandRow = (brand: string, share: number) => ({ key: brand, fields: { brand, totalUnitsRatio: share } });

/** Three days of the schedule, as its runs would have kept them. */
async function seed(relays: HistoryRelays, scheduleId: string): Promise<void> {
  const day = async (takenOn: string, queries: SnapshotQuery[]) =>
    relays.history!.write({
      scheduleId,
      scheduleName: SCHEDULE.name,
      member: "alice",
      takenOn,
      takenAt: Date.parse(`${takenOn}T05:00:00Z`),
      timeZone: SCHEDULE.timeZone,
      queries,
      failures: [],
    });
  const watch = (rows: SnapshotQuery["rows"]) => ({ index: 0, operation: "competitor_lookup", query: WATCH, rows });
  const brands = (rows: SnapshotQuery["rows"]) => ({
    index: 1,
    operation: "market_brand_concentration",
    query: BRANDS,
    rows,
  });
  await day("2025-03-01", [
    watch([watchRow("B0AAAAAAA1", '=HYPERLINK("http://evil")', 10, 100), watchRow("B0AAAAAAA2", "Mat, 6mm", 20, 5)]),
    brands([brandRow("Gaiam", 0.4)]),
  ]);
  await day("2025-03-02", [
    watch([
      watchRow("B0AAAAAAA1", '=HYPERLINK("http://evil")', 12.5, 100),
      watchRow("B0AAAAAAA2", "Mat, 6mm", null, 5),
    ]),
    brands([brandRow("Gaiam", 0.4), brandRow("瑜伽垫", 0.1)]),
  ]);
  await day("2025-03-03", [watch([watchRow("B0AAAAAAA1", '=HYPERLINK("http://evil")', 12.5, 90)]), brands([])]);
}

async function relayWith(databasesOf: Database[] | { off: string }) {
  const relays = await startHistoryRelays({ upstream: sim.url, secret: SECRET, databases: databasesOf });
  databases.postgres.closeAfterTest(() => relays.stop());
  return relays;
}

/** A relay on a database of this kind, alice's schedule kept for three days, and tokens for alice, bob and an admin. */
async function setUp(kind: (typeof DATABASE_KINDS)[number]) {
  const relays = await relayWith([await openFor(kind)]);
  const [alice, bob, admin] = [
    await relays.member("alice"),
    await relays.member("bob"),
    await relays.member("root", { role: "admin" }),
  ];
  const base = relays.bases[0];
  expect((await send(base, alice, "PUT", "/v1/schedules/watch-0001", SCHEDULE)).status).toBe(200);
  await seed(relays, "watch-0001");
  return { relays, base, alice, bob, admin };
}

describe.each(DATABASE_KINDS)("a schedule's history over HTTP, %s database", (kind) => {
  test("history.csv: every kept row, wire names, RFC 4180 with BOM, guarded text, numbers as numbers", async () => {
    const { base, alice } = await setUp(kind);
    const reply = await send(base, alice, "GET", "/v1/schedules/watch-0001/history.csv");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(reply.headers.get("content-disposition")).toBe('attachment; filename="watch-0001-history.csv"');
    expect(reply.text.includes("\r\n")).toBe(true);
    const [header, ...rows] = csvOf(reply.bytes);
    expect(header.slice(0, 6)).toEqual(["taken_on", "taken_at", "query", "asin", "title", "brand"]);
    // The union of both queries' columns: the product's, then the brand concentration's new ones.
    expect(header).toContain("totalUnitsRatio");
    expect(new Set(header).size).toBe(header.length);
    const at = (name: string) => header.indexOf(name);
    expect(rows.map((r) => [r[0], r[2] === `'${WATCH}` ? "watch" : "brands", r[at("asin")] || r[at("brand")]])).toEqual(
      [
        ["2025-03-01", "watch", "B0AAAAAAA1"],
        ["2025-03-01", "watch", "B0AAAAAAA2"],
        ["2025-03-01", "brands", "Gaiam"],
        ["2025-03-02", "watch", "B0AAAAAAA1"],
        ["2025-03-02", "watch", "B0AAAAAAA2"],
        ["2025-03-02", "brands", "Gaiam"],
        ["2025-03-02", "brands", "瑜伽垫"],
        ["2025-03-03", "watch", "B0AAAAAAA1"],
      ],
    );
    const first = rows[0];
    expect(first[1]).toBe("2025-03-01T05:00:00.000Z");
    // The formula text is guarded too: a spreadsheet opening the file must not run =MAD.PRODUCTS (and spend calls).
    expect(first[2]).toBe(`'${WATCH}`);
    expect(first[at("title")]).toBe('\'=HYPERLINK("http://evil")');
    expect(first[at("price")]).toBe("10");
    expect(first[at("unitsGr")]).toBe("-0.25");
    expect(rows[1][at("title")]).toBe("Mat, 6mm");
    expect(rows[4][at("price")]).toBe("");
  });

  test("history.json: the service's envelope, rows with their query's place, every column, in order", async () => {
    const { base, alice } = await setUp(kind);
    const reply = await send(base, alice, "GET", "/v1/schedules/watch-0001/history.json?since=2025-03-02");
    expect(reply.status).toBe(200);
    expect(reply.json.code).toBe("OK");
    expect(reply.json.data.schedule).toEqual({ id: "watch-0001", name: SCHEDULE.name });
    const rows = reply.json.data.rows as Record<string, unknown>[];
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({
      taken_on: "2025-03-02",
      taken_at: "2025-03-02T05:00:00.000Z",
      query: WATCH,
      query_index: 0,
      asin: "B0AAAAAAA1",
      title: '=HYPERLINK("http://evil")',
      price: 12.5,
      brand: null,
    });
    expect(Object.keys(rows[0])).toEqual(Object.keys(rows[4]));
    expect(rows[3]).toMatchObject({ query_index: 1, brand: "瑜伽垫", totalUnitsRatio: 0.1 });
    expect(rows[4]).toMatchObject({ taken_on: "2025-03-03", query_index: 0, units: 90 });
  });

  test("since, until and latest pick the days", async () => {
    const { base, alice } = await setUp(kind);
    const days = async (query: string) => {
      const [, ...rows] = csvOf(
        (await send(base, alice, "GET", `/v1/schedules/watch-0001/history.csv?${query}`)).bytes,
      );
      return [...new Set(rows.map((r) => r[0]))];
    };
    expect(await days("since=2025-03-02")).toEqual(["2025-03-02", "2025-03-03"]);
    expect(await days("until=2025-03-01")).toEqual(["2025-03-01"]);
    expect(await days("since=2025-03-01&until=2025-03-02")).toEqual(["2025-03-01", "2025-03-02"]);
    expect(await days("latest=1")).toEqual(["2025-03-03"]);
    expect(await days("latest=1&until=2025-03-02")).toEqual(["2025-03-02"]);
    expect(await days("since=2025-04-01")).toEqual([]);
    expect(await days("since=0099-06-01&until=2025-03-01")).toEqual(["2025-03-01"]); // a year below 100 is that year
  });

  test("labels: the spill's header words in English and in Chinese, for history and changes", async () => {
    const { base, alice } = await setUp(kind);
    const header = async (path: string) => csvOf((await send(base, alice, "GET", path)).bytes)[0];
    const en = await header("/v1/schedules/watch-0001/history.csv?labels=en");
    const zh = await header("/v1/schedules/watch-0001/history.csv?labels=zh-CN");
    expect(en.slice(0, 3)).toEqual(["Taken on", "Taken at (UTC)", "Query"]);
    expect(zh.slice(0, 3)).toEqual(["采集日期", "采集时间（UTC）", "查询"]);
    expect(en).toHaveLength(zh.length);
    expect(en[3]).not.toBe("asin");
    expect(zh.slice(3).some((word) => /[\u4e00-\u9fff]/.test(word))).toBe(true);
    expect(new Set(zh).size).toBe(zh.length);
    expect(await header("/v1/schedules/watch-0001/changes.csv?labels=zh-CN")).toEqual([
      "采集日期",
      "查询",
      "键",
      "变化",
      "字段",
      "之前",
      "之后",
      "变化幅度",
    ]);
    const json = await send(base, alice, "GET", "/v1/schedules/watch-0001/changes.json?labels=en");
    expect(Object.keys(json.json.data.rows[0])).toEqual([
      "Taken on",
      "Query",
      "Key",
      "Change",
      "Field",
      "Before",
      "After",
      "Relative change",
    ]);
  });

  test("changes: new, gone and changed numbers between consecutive days, by the record's key", async () => {
    const { base, alice } = await setUp(kind);
    const reply = await send(base, alice, "GET", "/v1/schedules/watch-0001/changes.csv");
    const [header, ...rows] = csvOf(reply.bytes);
    expect(header).toEqual(["taken_on", "query", "key", "change", "field", "before", "after", "change_pct"]);
    expect(rows.map((r) => [r[0], r[2], r[3], r[4], r[5], r[6], r[7]])).toEqual([
      ["2025-03-02", "B0AAAAAAA1", "changed", "price", "10", "12.5", "0.25"],
      ["2025-03-02", "B0AAAAAAA2", "changed", "price", "20", "", ""],
      ["2025-03-03", "B0AAAAAAA1", "changed", "units", "100", "90", "-0.1"],
      ["2025-03-03", "B0AAAAAAA2", "gone", "", "", "", ""],
      ["2025-03-02", "瑜伽垫", "new", "", "", "", ""],
      ["2025-03-03", "Gaiam", "gone", "", "", "", ""],
      ["2025-03-03", "瑜伽垫", "gone", "", "", "", ""],
    ]);
    const latest = await send(base, alice, "GET", "/v1/schedules/watch-0001/changes.json?latest=1");
    expect(latest.json.data.schedule).toEqual({ id: "watch-0001", name: SCHEDULE.name });
    expect(latest.json.data.rows).toEqual([
      {
        taken_on: "2025-03-03",
        query: WATCH,
        key: "B0AAAAAAA1",
        change: "changed",
        field: "units",
        before: 100,
        after: 90,
        change_pct: -0.1,
      },
      {
        taken_on: "2025-03-03",
        query: WATCH,
        key: "B0AAAAAAA2",
        change: "gone",
        field: null,
        before: null,
        after: null,
        change_pct: null,
      },
      {
        taken_on: "2025-03-03",
        query: BRANDS,
        key: "Gaiam",
        change: "gone",
        field: null,
        before: null,
        after: null,
        change_pct: null,
      },
      {
        taken_on: "2025-03-03",
        query: BRANDS,
        key: "瑜伽垫",
        change: "gone",
        field: null,
        before: null,
        after: null,
        change_pct: null,
      },
    ]);
  });

  test("another member's schedule answers 404 as a missing one; an admin reads any", async () => {
    const { base, bob, admin } = await setUp(kind);
    for (const path of ["history.csv", "history.json", "changes.csv", "feeds"]) {
      const refused = await send(base, bob, "GET", `/v1/schedules/watch-0001/${path}`);
      expect(refused.status).toBe(404);
      expect(refused.json.message).toBe("no such schedule");
      expect(await send(base, bob, "GET", `/v1/schedules/watch-0009/${path}`)).toMatchObject({ status: 404 });
    }
    expect((await send(base, bob, "POST", "/v1/schedules/watch-0001/feeds")).status).toBe(404);
    const read = await send(base, admin, "GET", "/v1/schedules/watch-0001/history.json?latest=1");
    expect(read.status).toBe(200);
    expect(read.json.data.rows).toHaveLength(1);
    expect((await send(base, undefined, "GET", "/v1/schedules/watch-0001/history.csv")).status).toBe(401);
  });
});

const BAD_INPUT: readonly [string, RegExp][] = [
  ["since=2025-02-30", /^since: expected a day that exists, written YYYY-MM-DD/],
  ["since=20250301", /^since: expected a day/],
  ["until=2025-13-01", /^until: expected a day/],
  ["since=2025-03-02&until=2025-03-01", /^until: 2025-03-01 is before since \(2025-03-02\)/],
  ["latest=true", /^latest: expected 1/],
  ["labels=fr", /^labels: expected en or zh-CN/],
  ["labels=", /^labels: expected en or zh-CN/],
  ["since=2025-03-01&since=2025-03-02", /^since: given more than once$/],
  ["from=2025-03-01", /^"from": not a parameter of this route; it takes since, until, latest, labels$/],
  ["key=abc", /^"key": not a parameter of this route/],
];

describe("bad input, refused before anything is read", () => {
  test("each bad parameter is named with its rule (400), and the database is not asked", async () => {
    const database = await openFor("embedded");
    let reads = 0;
    const counted: Database = {
      ...database,
      query: (sql, params) => {
        reads++;
        return database.query(sql, params);
      },
      stream: (sql, params, batch) => {
        reads++;
        return database.stream(sql, params, batch);
      },
    };
    const relays = await relayWith([counted]);
    const alice = await relays.member("alice");
    expect((await send(relays.bases[0], alice, "PUT", "/v1/schedules/watch-0001", SCHEDULE)).status).toBe(200);
    reads = 0;
    for (const [query, message] of BAD_INPUT)
      for (const path of ["history.csv", "history.json", "changes.csv", "changes.json"]) {
        const reply = await send(relays.bases[0], alice, "GET", `/v1/schedules/watch-0001/${path}?${query}`);
        expect({ query, path, status: reply.status, code: reply.json.code }).toEqual({
          query,
          path,
          status: 400,
          code: "ERROR_PARAM",
        });
        expect(reply.json.message).toMatch(message);
        expect(reply.json.data).toEqual({ problem: "read-params" });
      }
    // A Chinese reader's add-in reads the same refusal in Chinese (the relay loads Chinese at its start, setup.ts).
    await loadLocale("zh-CN");
    const chinese = await send(
      relays.bases[0],
      alice,
      "GET",
      "/v1/schedules/watch-0001/history.csv?since=2025-02-30",
      undefined,
      "zh-CN",
    );
    expect([chinese.status, chinese.json]).toEqual([
      400,
      {
        code: "ERROR_PARAM",
        message: "since：应为存在的日期，写作 YYYY-MM-DD（2025-03-01）",
        data: { problem: "read-params" },
      },
    ]);
    expect(reads).toBe(0);
  });

  test("a relay without a database answers 400 saying why, for reads and feeds", async () => {
    const relays = await relayWith({
      off: "REDIS_URL is set but DATABASE_URL is not: replicas would each keep their own",
    });
    const alice = await relays.member("alice");
    const base = relays.bases[0];
    expect((await send(base, alice, "PUT", "/v1/schedules/watch-0001", { ...SCHEDULE, history: false })).status).toBe(
      200,
    );
    for (const [method, path] of [
      ["GET", "/v1/schedules/watch-0001/history.csv"],
      ["GET", "/v1/schedules/watch-0001/changes.json"],
      ["POST", "/v1/schedules/watch-0001/feeds"],
      ["GET", "/v1/schedules/watch-0001/feeds"],
    ]) {
      const reply = await send(base, alice, method, path);
      expect({ path, status: reply.status }).toEqual({ path, status: 400 });
      expect(reply.json.message).toBe(
        "this relay keeps no history: REDIS_URL is set but DATABASE_URL is not: replicas would each keep their own",
      );
      expect(reply.json.data).toEqual({
        problem: "no-history",
        reason: "REDIS_URL is set but DATABASE_URL is not: replicas would each keep their own",
      });
    }
  });
});

test("a scheduled run's snapshot reads back: its formula texts, a row per watched product, every field", async () => {
  const database = await openFor("embedded");
  const t = await startTeam({
    kind: "memory",
    upstream: sim.url,
    keys: [planKey("main", SECRET)],
    history: () => ({ database, store: new HistoryStore(database) }),
  });
  databases.postgres.closeAfterTest(() => t.stop());
  const alice = await t.member("alice");
  const base = t.bases[0];
  const asins = ["B07Z82895W", "B0C2PQ4DKQ", "B0DXTMS9NF"];
  const schedule: ScheduleRequest = {
    ...SCHEDULE,
    queries: [
      { operation: "competitor_lookup", params: { marketplace: "US", asins } },
      { operation: "product_research", params: { marketplace: "US", keyword: "yoga mat" }, limit: 20 },
    ],
  };
  expect((await send(base, alice, "PUT", "/v1/schedules/watch-0002", schedule)).status).toBe(200);
  const saved = (await t.stores[0].schedules()).find((s) => s.id === "watch-0002")!;
  await t.stores[0].scheduleSave({ ...saved, nextRunAt: Date.now() - 1 });
  await t.schedulers[0].tick();
  const reply = await send(base, alice, "GET", "/v1/schedules/watch-0002/history.json?latest=1");
  const rows = reply.json.data.rows as Record<string, unknown>[];
  const watch = formulaOfQuery("competitor_lookup", schedule.queries[0].params, undefined);
  const research = formulaOfQuery("product_research", schedule.queries[1].params, 20);
  expect(rows.filter((r) => r.query === watch).map((r) => r.asin)).toEqual(asins);
  expect(rows.filter((r) => r.query === research)).toHaveLength(20);
  expect(rows.every((r) => r.query_index === (r.query === watch ? 0 : 1))).toBe(true);
  expect(typeof rows[0].price).toBe("number");
  const csv = csvOf((await send(base, alice, "GET", "/v1/schedules/watch-0002/history.csv")).bytes);
  expect(csv).toHaveLength(1 + rows.length);
});
