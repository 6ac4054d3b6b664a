/**
 * What changed between consecutive snapshots of a schedule's queries (src/server/history/changes.ts), over rows as
 * the database gives them: new, gone and changed numbers by the record's key (the rule the add-in's Changes table
 * reads too), failed days skipped, a day without rows read as all gone, an edited query not compared with its old
 * self, the same changes for a day whatever `since` asks, `since`/`until`/`latest`, and at most two snapshots of a query held while streaming.
 */
import {
  changesOfQuery,
  scheduleChanges,
  type ChangeDay,
  type ChangeSourceRow,
  type ChangesSource,
  type HistoryChange,
} from "../../src/server/history/changes";

const LOOKUP = '=MAD.PRODUCTS("US",{"B01","B02","B03"})';
const ORDER = '=MAD.KEYWORDORDER("US","yoga mat")';

interface Stored extends ChangeSourceRow {
  readonly query_index: number;
}

const product = (taken_on: string, asin: string, fields: Record<string, unknown>, query = LOOKUP): Stored => ({
  taken_on,
  query_index: 0,
  query,
  operation: "competitor_lookup",
  record_key: asin,
  fields: { asin, title: `Product ${asin}`, ...fields },
});

const order = (taken_on: string, asin: string, keyword: string, searches: number): Stored => ({
  taken_on,
  query_index: 1,
  query: ORDER,
  operation: "keyword_order",
  record_key: `${asin}\u001f${keyword}`,
  fields: { asin, keyword, searches },
});

const day = (taken_on: string, failed: number[] = []): ChangeDay => ({
  taken_on,
  failures: failed.map((query_index) => ({ query_index })),
});

/** An in-memory source, as the database would answer: rows of a query in (taken_on, row) order, in batches of 2. */
function source(days: ChangeDay[], rows: Stored[]): ChangesSource {
  return {
    days: async (until) => days.filter((d) => until === undefined || d.taken_on <= until),
    queryIndexes: async (from, until) =>
      [...new Set(rows.filter((r) => r.taken_on >= from && r.taken_on <= until).map((r) => r.query_index))].sort(),
    async *rows(queryIndex, from, until) {
      const mine = rows.filter((r) => r.query_index === queryIndex && r.taken_on >= from && r.taken_on <= until);
      for (let i = 0; i < mine.length; i += 2) yield mine.slice(i, i + 2);
    },
  };
}

async function all(changes: AsyncIterable<HistoryChange[]>): Promise<string[]> {
  const out: string[] = [];
  for await (const batch of changes)
    for (const c of batch)
      out.push(
        [c.taken_on, c.key, c.change, c.field ?? "", c.before ?? "", c.after ?? "", c.change_pct ?? ""].join(" "),
      );
  return out;
}

const WEEK = [
  day("2025-03-01"),
  day("2025-03-02"),
  day("2025-03-03", [0]),
  day("2025-03-04"),
  day("2025-03-05"),
  day("2025-03-06"),
];
const ROWS: Stored[] = [
  product("2025-03-01", "B01", { price: 10, units: 100 }),
  product("2025-03-01", "B02", { price: 0, units: 5 }),
  order("2025-03-01", "B01", "yoga mat", 1000),
  product("2025-03-02", "B01", { price: 12.5, units: 100 }),
  product("2025-03-02", "B02", { price: 3, units: null }),
  product("2025-03-02", "B03", { price: 7, units: 1 }),
  order("2025-03-02", "B01", "yoga mat", 1500),
  order("2025-03-02", "B01", "yoga block", 10),
  // 03-03: query 0 failed (no rows: no snapshot of it), query 1 had none: its rows are gone.
  product("2025-03-04", "B01", { price: 11, units: 100 }),
  product("2025-03-04", "B03", { price: 7, units: 1 }),
  order("2025-03-04", "B01", "yoga mat", 1500),
  // 03-05: query 0 now asks something else (the schedule was edited): not compared with the old query; query 1
  // has no rows again (gone), nor on 03-06 (nothing more to say).
  product("2025-03-05", "B01", { price: 99 }, '=MAD.PRODUCTS("US",{"B01"})'),
  product("2025-03-06", "B01", { price: 98 }, '=MAD.PRODUCTS("US",{"B01"})'),
];

test("consecutive snapshots of each query: new, gone and changed numbers, query by query in day order", async () => {
  expect(await all(scheduleChanges(source(WEEK, ROWS), { latest: false }))).toEqual([
    "2025-03-02 B01 changed price 10 12.5 0.25",
    // before 0: the change has no ratio; a number that became blank is a change too
    "2025-03-02 B02 changed units 5  ",
    "2025-03-02 B02 changed price 0 3 ",
    "2025-03-02 B03 new    ",
    // 03-03 failed for query 0: 03-04 is compared with 03-02
    "2025-03-04 B01 changed price 12.5 11 -0.12",
    "2025-03-04 B02 gone    ",
    "2025-03-06 B01 changed price 99 98 -0.010101010101010102",
    // query 1: its key is two columns, shown as alerts show keys
    "2025-03-02 B01 · yoga mat changed searches 1000 1500 0.5",
    "2025-03-02 B01 · yoga block new    ",
    "2025-03-03 B01 · yoga mat gone    ",
    "2025-03-03 B01 · yoga block gone    ",
    "2025-03-04 B01 · yoga mat new    ",
    "2025-03-05 B01 · yoga mat gone    ",
  ]);
});

test("since: each query's last snapshot before it is the baseline (a failed day skipped); until and latest bound the days", async () => {
  const src = source(WEEK, ROWS);
  expect(await all(scheduleChanges(src, { since: "2025-03-04", latest: false }))).toEqual([
    "2025-03-04 B01 changed price 12.5 11 -0.12",
    "2025-03-04 B02 gone    ",
    "2025-03-06 B01 changed price 99 98 -0.010101010101010102",
    "2025-03-04 B01 · yoga mat new    ",
    "2025-03-05 B01 · yoga mat gone    ",
  ]);
  expect(await all(scheduleChanges(src, { until: "2025-03-02", latest: false }))).toHaveLength(6);
  expect(await all(scheduleChanges(src, { latest: true }))).toEqual([
    "2025-03-06 B01 changed price 99 98 -0.010101010101010102",
  ]);
  expect(await all(scheduleChanges(src, { latest: true, until: "2025-03-02" }))).toHaveLength(6);
  expect(await all(scheduleChanges(src, { since: "2025-04-01", latest: false }))).toEqual([]);
  expect(await all(scheduleChanges(src, { since: "2025-03-07", latest: true }))).toEqual([]);
  expect(await all(scheduleChanges(source([], []), { latest: false }))).toEqual([]);
});

test("streams: a day's changes come out before the next days' rows are read (at most two snapshots held)", async () => {
  const days = Array.from({ length: 30 }, (_, i) => day(`2025-04-${String(i + 1).padStart(2, "0")}`));
  let read = 0;
  async function* rows(): AsyncGenerator<ChangeSourceRow[]> {
    for (const d of days) {
      read++;
      yield Array.from({ length: 200 }, (_, i) => product(d.taken_on, `B${i}`, { units: read }));
    }
  }
  const seen: number[] = [];
  for await (const batch of changesOfQuery(0, days, rows(), days[0].taken_on)) {
    seen.push(read);
    expect(batch).toHaveLength(200);
  }
  // Each day's 200 changes were out when the day after it had been read, not later.
  expect(seen).toEqual(Array.from({ length: 29 }, (_, i) => i + 3).map((n) => Math.min(n, 30)));
});
