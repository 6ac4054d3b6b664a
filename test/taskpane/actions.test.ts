/**
 * The pane's buttons end to end below the UI: the real engine over a scripted fetch, a recording host adapter.
 * Preview stays small, "Insert as table" writes formats and the query, and a refresh sends each unique query
 * once with the cache bypassed, replaces table rows and recalculates formula cells without spending again.
 */
import { AbortError } from "../../src/api/errors";
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { type Engine } from "../../src/engine/types";
import {
  insertFormula,
  insertTable,
  planFormula,
  planTable,
  tableSpendQuestion,
  PREVIEW_LIMIT,
  runPreview,
  tableNameFor,
} from "../../src/taskpane/builder/actions";
import { executeRefresh } from "../../src/taskpane/reports/actions";
import { planRefresh } from "../../src/taskpane/reports/refresh-plan";
import { refreshTargets, reportRows } from "../../src/taskpane/reports/reports";
import type { FormulaEntry } from "../../src/engine/formula-registry";
import { fakeFetch, ok, type RecordedRequest } from "../api/support/fake-fetch";
import { fixture } from "../api/support/fixtures";
import { memoryHost } from "./support/memory-host";
import { everySyncUnder5MB, hostUnderTest } from "./support/hosts";

const SECRET = "0123456789abcdef0123456789abcdef";
const item = (fixture("product_research").data as { items: Record<string, unknown>[] }).items[0];

/** Product research pages of the requested size, 1,000 rows in all; the first title looks like a formula. */
function researchPages(request: RecordedRequest) {
  const body = request.body as { page?: number; size?: number };
  const page = body.page ?? 1;
  const size = body.size ?? 50;
  const items = Array.from({ length: size }, (_, i) => ({
    ...item,
    asin: `B0TEST${String((page - 1) * size + i).padStart(4, "0")}`,
    title: i === 0 && page === 1 ? '=HYPERLINK("x")' : `Mat ${i}`,
  }));
  return ok({ ...(fixture("product_research").data as object), page, size, total: 1000, items });
}

async function setup(): Promise<{ engine: Engine; sent: RecordedRequest[] }> {
  const fake = fakeFetch(researchPages);
  const engine = createEngine({ store: memoryStore(), fetch: fake.fetch, perMinute: 1000 });
  await engine.writeSettings({ secret: SECRET, baseUrl: "http://127.0.0.1:8787" });
  return { engine, sent: fake.calls };
}

const QUERY = {
  code: "product_research" as const,
  params: { marketplace: "US", minPrice: 10 },
  fields: [] as string[],
};

it("previews at most one page of rows and reports what it cost", async () => {
  const { engine, sent } = await setup();
  const preview = await runPreview(engine, { ...QUERY, limit: 500 }, 20);
  expect(sent).toHaveLength(1);
  expect((sent[0].body as { size: number }).size).toBeLessThanOrEqual(100);
  expect(preview.rows).toHaveLength(20);
  expect(preview).toMatchObject({ total: 1000, callsSpent: 1, fromCache: false });
  expect(preview.header.slice(0, 3)).toEqual(["asin", "title", "brand"]);
  expect(preview.rows[0][1]).toBe('=HYPERLINK("x")'); // shown as text by React, never as HTML or a formula
  expect(PREVIEW_LIMIT).toBe(50);
});

it("inserts a formula: the filter block at the active cell and the formula beside it", async () => {
  const host = memoryHost();
  const written = await insertFormula(host, {
    ...QUERY,
    fields: ["asin", "price"],
    limit: 40,
  });
  expect(host.values).toEqual([
    {
      target: { sheet: "Sheet1", address: "B3" },
      values: [
        ["MAD filters — Product research", null],
        ["marketplace", "US"],
        ["minPrice", 10],
        ["fields", "asin,price"],
        ["limit", 40],
      ],
    },
  ]);
  expect(host.formulas).toEqual([
    { target: { sheet: "Sheet1", address: "E3" }, formula: "=MAD.PRODUCTRESEARCH($C$4,$B$5:$C$5,$C$6,$C$7)" },
  ]);
  expect(written).toEqual({
    formula: "=MAD.PRODUCTRESEARCH($C$4,$B$5:$C$5,$C$6,$C$7)",
    sheet: "Sheet1",
    address: "E3",
  });
});

it("insert as formula finds a note in the filter block and a value in the result's area, and offers the next free place", async () => {
  const host = memoryHost();
  host.active = { sheet: "Sheet1", address: "A1" };
  host.filled.add("A3").add("B5").add("F30");
  const q = { ...QUERY, fields: ["asin", "price"], limit: 40 };
  const place = await planFormula(host, q);
  expect(place.occupied).toEqual(expect.arrayContaining(["A3", "B5"]));
  // The block is 3 columns (A:C), the result 2 columns from D: the next place starts right of F30's column.
  expect(place.nextFree).toEqual({ sheet: "Sheet1", address: "G1" });
  expect(host.values).toEqual([]);
  expect(host.formulas).toEqual([]);
  const written = await insertFormula(host, q, place.nextFree!);
  expect(host.values[0].target).toEqual({ sheet: "Sheet1", address: "G1" });
  expect(written.address).toBe("J1");
});

it("insert as formula on empty cells needs no question", async () => {
  const host = memoryHost();
  host.filled.add("A1");
  const place = await planFormula(host, { ...QUERY, limit: 10 });
  expect(place).toEqual({ at: { sheet: "Sheet1", address: "B3" }, occupied: [], nextFree: null });
});

it("insert as formula reports what the cell shows when it ends in an error such as #SPILL!", async () => {
  const host = memoryHost();
  host.shows.set("E3", "#SPILL!");
  const written = await insertFormula(host, QUERY);
  expect(written).toMatchObject({ address: "E3", shows: "#SPILL!", error: "#SPILL!" });
  host.shows.set("E3", "asin");
  expect(await insertFormula(host, QUERY)).not.toHaveProperty("error");
});

it("insert as table asks first, with the count, when it would spend more than 20 calls or more than are left", async () => {
  const { engine, sent } = await setup();
  expect(await tableSpendQuestion(engine, { ...QUERY, limit: 50 })).toBeNull();
  // 2,000 rows are 20 pages of 100: at the threshold, not above it.
  expect(await tableSpendQuestion(engine, { ...QUERY, limit: 2000 })).toBeNull();
  const low = { ...engine, usage: () => ({ ...engine.usage(), remainingThisMonth: 5 }) };
  expect(await tableSpendQuestion(low, { ...QUERY, limit: 2000 })).toBe(
    "This table needs 20 calls but only 5 are left this month.",
  );
  expect(sent).toHaveLength(0);
});

it("inserts a table with per-column formats and the query kept with it", async () => {
  const { engine, sent } = await setup();
  const host = memoryHost();
  const fields = ["asin", "title", "price", "profit", "availableDate", "ratings", "rating", "badge"];
  const { table, callsSpent } = await insertTable(engine, host, {
    ...QUERY,
    fields,
    limit: 150,
  });
  expect(sent).toHaveLength(2); // 150 rows at 100 a page
  expect(callsSpent).toBe(2);
  const { spec } = host.tables.get(table.name)!;
  expect(table.name).toBe(tableNameFor("product_research"));
  expect(table.name).toBe("MAD_ProductResearch");
  expect(spec.rows).toHaveLength(150);
  expect(spec.header).toEqual([
    "asin",
    "title",
    "price",
    "profit",
    "availableDate",
    "ratings",
    "rating",
    "badge.bestSeller",
    "badge.platformChoice",
    "badge.newRelease",
    "badge.ebc",
    "badge.video",
  ]);
  expect(spec.columnFormats).toEqual([
    "@",
    "@",
    "#,##0.00",
    "0.00%",
    "yyyy-mm-dd",
    "#,##0",
    "#,##0.00",
    "@",
    "@",
    "@",
    "@",
    "@",
  ]);
  expect(spec.rows[0][1]).toBe('=HYPERLINK("x")');
  expect(typeof spec.rows[0][4]).toBe("number"); // a date serial, shown as a date by its format
  expect(spec.query).toMatchObject({
    operation: "product_research",
    params: { marketplace: "US", minPrice: 10 },
    fields,
    limit: 150,
  });
  expect(spec.query.refreshedAt).toEqual(expect.any(Number));
  expect(JSON.stringify(spec.query)).not.toContain(SECRET);
});

it("refreshes each unique query once, bypassing the cache, then serves the recalculated cells from it", async () => {
  const { engine, sent } = await setup();
  const host = memoryHost();
  const q = { ...QUERY, limit: 150 };
  await insertTable(engine, host, q);
  await engine.query("product_research", q.params, { limit: 150 }); // the formulas' first run: cached
  expect(sent).toHaveLength(2);

  host.formulaCells = [
    { sheet: "Sheet1", address: "E3", formula: "=MAD.PRODUCTRESEARCH($C$4,$B$5:$C$5,$C$6,$C$7)" },
    { sheet: "Sheet2", address: "A1", formula: '=MAD.PRODUCTRESEARCH("US","minPrice=10",,150)' },
  ];
  const entry = (address: string): FormulaEntry => ({
    id: address,
    address,
    functionName: "MAD.PRODUCTRESEARCH",
    operation: "product_research",
    params: q.params,
    limit: 150,
    cacheKey: engine.cacheKey("product_research", q.params, { limit: 150 }),
    status: "ok",
    rows: 150,
    lastRefreshed: 1,
    lastEvaluated: 1,
    callsSpent: 0,
    fromCache: true,
    errorMessage: null,
  });
  const rows = reportRows(host.formulaCells, [entry("Sheet1!E3"), entry("Sheet2!A1")], await host.listTables());
  const plan = await planRefresh(engine, refreshTargets(rows), { remainingThisMonth: null });
  expect(plan).toMatchObject({ calls: 2, needsConfirmation: false });
  expect(plan.groups).toHaveLength(1);

  const progress: number[] = [];
  const outcome = await executeRefresh(engine, host, plan, rows, (p) => progress.push(p.done));
  expect(outcome).toEqual({ failures: {}, callsSpent: 2 });
  expect(sent).toHaveLength(4); // two fresh pages, not four: the table and both formulas share them
  expect(host.replaced).toHaveLength(1);
  expect(host.replaced[0]).toMatchObject({
    name: "MAD_ProductResearch",
    query: { operation: "product_research", limit: 150 },
  });
  expect(host.recalculated).toEqual([
    [
      { sheet: "Sheet1", address: "E3" },
      { sheet: "Sheet2", address: "A1" },
    ],
  ]);
  expect(progress).toEqual([0, 1, 2]);

  const reread = await engine.query("product_research", q.params, { limit: 150 });
  expect(reread.callsSpent).toBe(0);
  expect(sent).toHaveLength(4);
});

it("reports failures per item without stopping the others", async () => {
  const { engine } = await setup();
  const host = memoryHost();
  await insertTable(engine, host, { ...QUERY, limit: 10 });
  await engine.writeSettings({ secret: null });
  const rows = reportRows([], [], await host.listTables());
  const plan = await planRefresh(engine, refreshTargets(rows), { remainingThisMonth: null });
  const outcome = await executeRefresh(engine, host, plan, rows);
  expect(Object.keys(outcome.failures)).toEqual(["table:MAD_ProductResearch"]);
  expect(outcome.failures["table:MAD_ProductResearch"]).toMatch(/secret/i);
  expect(host.replaced).toHaveLength(0);
});

it("refreshes the other items when a stored query no longer passes validation (a month aged out)", async () => {
  const { engine, sent } = await setup();
  const host = memoryHost();
  await insertTable(engine, host, { ...QUERY, limit: 10 });
  // A table inserted long ago: its month is now further back than the service keeps.
  host.tables.set("MAD_Old", {
    ...host.tables.get("MAD_ProductResearch")!,
    info: {
      ...host.tables.get("MAD_ProductResearch")!.info,
      name: "MAD_Old",
      query: { operation: "product_research", params: { marketplace: "US", month: "201901" }, limit: 10 },
    },
  });
  const rows = reportRows([], [], await host.listTables());
  const before = sent.length;
  const plan = await planRefresh(engine, refreshTargets(rows), { remainingThisMonth: null });
  expect(plan.calls).toBe(1);
  const outcome = await executeRefresh(engine, host, plan, rows);
  expect(Object.keys(outcome.failures)).toEqual(["table:MAD_Old"]);
  expect(outcome.failures["table:MAD_Old"]).toMatch(/month: 201901 .*24 months/);
  expect(host.replaced.map((r) => r.name)).toEqual(["MAD_ProductResearch"]);
  expect(sent.length - before).toBe(1);
});

it("checks the sheet's edge before spending a call on a table that would not fit", async () => {
  const { engine, sent } = await setup();
  const host = memoryHost();
  const asked: [string, number, number][] = [];
  host.checkArea = async (target, rows, columns) => {
    asked.push([target.address, rows, columns]);
    return {
      address: target.address,
      outside: "2001 rows × 2 columns from B3 run past the sheet's edge.",
      occupied: [],
    };
  };
  await expect(insertTable(engine, host, { ...QUERY, fields: ["asin", "price"], limit: 2000 })).rejects.toThrow(
    /Nothing was fetched: 2001 rows × 2 columns from B3 run past the sheet's edge/,
  );
  expect(asked).toEqual([["B3", 2001, 2]]);
  expect(sent).toHaveLength(0);
  expect(host.tables.size).toBe(0);
});

it("Insert as table counts its pages and, cancelled mid-way, writes nothing", async () => {
  const { engine } = await setup();
  const host = memoryHost();
  const seen: string[] = [];
  const controller = new AbortController();
  const insert = insertTable(
    engine,
    host,
    { ...QUERY, limit: 1000 },
    {
      signal: controller.signal,
      onPage: (done, total) => {
        seen.push(`${done} of ${total}`);
        if (done === 2) controller.abort();
      },
    },
  );
  await expect(insert).rejects.toBeInstanceOf(AbortError);
  expect(seen.slice(0, 3)).toEqual(["0 of 10", "1 of 10", "2 of 10"]);
  expect(host.tables.size).toBe(0);
  expect(host.values).toEqual([]);
});

it("Insert as table reports every page up to the last one when not cancelled", async () => {
  const { engine } = await setup();
  const host = memoryHost();
  const seen: string[] = [];
  await insertTable(engine, host, { ...QUERY, limit: 300 }, { onPage: (done, total) => seen.push(`${done}/${total}`) });
  expect(seen).toEqual(["0/3", "1/3", "2/3", "3/3"]);
  expect(host.tables.size).toBe(1);
});

it("a preview cancelled after its page arrived shows nothing", async () => {
  const { engine } = await setup();
  const controller = new AbortController();
  const preview = runPreview(engine, QUERY, 20, {
    signal: controller.signal,
    onPage: (done) => {
      if (done === 1) controller.abort();
    },
  });
  await expect(preview).rejects.toBeInstanceOf(AbortError);
});

describe.each(["Excel desktop", "Excel on the web", "preview"] as const)("a person's cells, in %s", (name) => {
  everySyncUnder5MB();

  /** A table of 40 rows whose query asks for 60: the service had 40 then, it has 60 now. */
  async function grownTable() {
    const under = hostUnderTest(name);
    const { engine } = await setup();
    const rows = Array.from({ length: 40 }, (_, i) => [`B0OLD${String(i).padStart(5, "0")}`]);
    await under.host.createTable(
      { sheet: under.sheet, address: "A1" },
      {
        name: "MAD_ProductResearch",
        header: ["asin"],
        rows,
        columnFormats: ["@"],
        query: { operation: "product_research", params: QUERY.params, fields: ["asin"], limit: 60 },
      },
    );
    under.type("A50", "my note");
    const listed = reportRows([], [], await under.host.listTables());
    const plan = await planRefresh(engine, refreshTargets(listed), { remainingThisMonth: null });
    return { ...under, engine, listed, plan };
  }

  it.each([
    ["keep", "my note", "A50", 40],
    ["insertRows", "my note", "A70", 60],
    ["overwrite", "B0TEST0048", "A50", 60],
  ] as const)(
    "a refresh that grows a table over a note asks first; %s does what it says",
    async (decision, noteShows, noteAt, rows) => {
      const { host, engine, listed, plan, shows, silentOverwrites } = await grownTable();
      const asked: unknown[] = [];
      const outcome = await executeRefresh(engine, host, plan, listed, undefined, async (conflict) => {
        asked.push(conflict);
        return decision;
      });
      expect(asked).toEqual([{ tableName: "MAD_ProductResearch", rows: 60, occupied: ["A50"] }]);
      expect(shows(noteAt)).toBe(noteShows);
      expect((await host.listTables())[0].rowCount).toBe(rows);
      if (decision === "keep")
        expect(outcome.failures).toEqual({
          "table:MAD_ProductResearch": "Not refreshed: the cells below it were kept (A50).",
        });
      else expect(outcome.failures).toEqual({});
      // Only the person's own choice writes over their note.
      expect(silentOverwrites()).toHaveLength(decision === "overwrite" && name !== "preview" ? 1 : 0);
    },
  );

  it("Insert as table checks its place before spending a call, names the cells in use and the next free place", async () => {
    const { host, sheet, type, shows } = hostUnderTest(name);
    const { engine, sent } = await setup();
    type("B5", "keep me");
    const q = { ...QUERY, fields: ["asin", "price"], limit: 10 };
    const place = await planTable(host, q, { sheet, address: "A1" });
    expect(place).toEqual({
      at: { sheet, address: "A1" },
      occupied: ["B5"],
      nextFree: { sheet, address: "C1" },
    });
    expect(sent).toHaveLength(0);
    await expect(insertTable(engine, host, q, {}, { at: place.at })).rejects.toMatchObject({ name: "CellsInUseError" });
    expect(shows("B5")).toBe("keep me");
    const { table } = await insertTable(engine, host, q, {}, { at: place.nextFree! });
    expect(table.address).toBe("C1:D11");
    expect(shows("B5")).toBe("keep me");
  });
});

/**
 * A refresh whose table would grow into another table (Excel refuses one table over another, office-js #1199): the
 * question the person gets names that table, so the Reports tab offers only Insert sheet rows.
 */
describe.each(["Excel desktop", "Excel on the web"] as const)("another table below, in %s", (name) => {
  everySyncUnder5MB();

  it("asks naming the other table; Insert sheet rows moves it down whole", async () => {
    const { host, sheet, shows } = hostUnderTest(name);
    const { engine } = await setup();
    const query = { operation: "product_research", params: QUERY.params, fields: ["asin"], limit: 60 };
    const rows = Array.from({ length: 40 }, (_, i) => [`B0OLD${String(i).padStart(5, "0")}`]);
    const spec = { name: "MAD_ProductResearch", header: ["asin"], rows, columnFormats: ["@"], query };
    await host.createTable({ sheet, address: "A1" }, spec);
    const notes = { ...spec, name: "Notes", header: ["note"], rows: [["call"]] };
    await host.createTable({ sheet, address: "A45" }, notes);
    const listed = reportRows([], [], await host.listTables()).filter((r) => r.tableName === spec.name);
    const plan = await planRefresh(engine, refreshTargets(listed), { remainingThisMonth: null });
    const asked: unknown[] = [];
    const outcome = await executeRefresh(engine, host, plan, listed, undefined, async (conflict) => {
      asked.push(conflict);
      return "insertRows";
    });
    expect(asked).toEqual([{ tableName: spec.name, rows: 60, occupied: ["A45", "A46"], tables: ["Notes"] }]);
    expect(outcome.failures).toEqual({});
    const placed = Object.fromEntries((await host.listTables()).map((t) => [t.name, t.address]));
    expect(placed).toEqual({ MAD_ProductResearch: "A1:A61", Notes: "A65:A66" });
    expect(shows("A66")).toBe("call");
  });
});
