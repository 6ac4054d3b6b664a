/**
 * The one rule that turns several dated series into one STOCKHISTORY-like table: levels carried forward within a
 * series (a point is a change), -1 = no data until the next point, flows summed per period, rows dated with the
 * period's first day (Excel dates), coarser lists preferred where they exist, empty rows left out.
 */
import { operation } from "../../src/api/catalog";
import { epochMsToSerial } from "../../src/api/dates";
import { intervalsOf } from "../../src/api/history-form";
import { historyColumns, periodStart, shapeHistory } from "../../src/table/history";

const keepa = operation("keepa_info").history!;
const estimate = operation("asin_prediction").history!;
const trend = operation("asin_sales_trend").history!;

const utc = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h);
const day = (y: number, m: number, d: number) => epochMsToSerial(utc(y, m, d));
const NOW = utc(2025, 3, 20, 15);
const pick = (form: typeof keepa, names: string[]) => historyColumns(form).filter((c) => names.includes(c.name));

test("a level is the last change known by the period's end, carried forward; -1 is blank until the next change", () => {
  const record = {
    price: [
      { timePoint: utc(2025, 3, 1, 9), value: 19.99 },
      { timePoint: utc(2025, 3, 3, 22), value: -1 },
      { timePoint: utc(2025, 3, 5, 1), value: 17.49 },
    ],
    bsr: [{ timePoint: utc(2025, 2, 10), value: 812 }],
  };
  const table = shapeHistory(
    keepa,
    record,
    { start: utc(2025, 3, 1), end: utc(2025, 3, 6), interval: "daily", now: NOW },
    pick(keepa, ["price", "bsr"]),
  );
  expect(table).toEqual([
    ["date", "price", "bsr"],
    [day(2025, 3, 1), 19.99, 812],
    [day(2025, 3, 2), 19.99, 812],
    [day(2025, 3, 3), "", 812],
    [day(2025, 3, 4), "", 812],
    [day(2025, 3, 5), 17.49, 812],
    [day(2025, 3, 6), 17.49, 812],
  ]);
});

test("weeks start on Monday and months on the first; a level is the value at the period's end", () => {
  const record = {
    price: [
      { timePoint: utc(2025, 1, 6, 12), value: 10 },
      { timePoint: utc(2025, 1, 9, 12), value: 12 },
      { timePoint: utc(2025, 2, 14, 12), value: 11 },
    ],
  };
  expect(periodStart(utc(2025, 1, 12, 23), "weekly")).toBe(utc(2025, 1, 6));
  const weeks = shapeHistory(
    keepa,
    record,
    { start: utc(2025, 1, 6), end: utc(2025, 1, 19), interval: "weekly", now: NOW },
    pick(keepa, ["price"]),
  );
  expect(weeks).toEqual([
    ["date", "price"],
    [day(2025, 1, 6), 12],
    [day(2025, 1, 13), 12],
  ]);
  const months = shapeHistory(
    keepa,
    record,
    { start: utc(2025, 1, 15), end: utc(2025, 3, 2), interval: "monthly", now: NOW },
    pick(keepa, ["price"]),
  );
  expect(months).toEqual([
    ["date", "price"],
    [day(2025, 1, 1), 12],
    [day(2025, 2, 1), 11],
    [day(2025, 3, 1), 11],
  ]);
});

test("flows are summed per period from the daily figures; a level from dated rows is never carried past them", () => {
  const record = {
    dailyItemList: [
      { date: "2025-03-03", bsr: 900, sales: 10, amount: 200, price: 20 },
      { date: "2025-03-04", bsr: 880, sales: 12, amount: 240, price: 20 },
      { date: "2025-03-10", bsr: 850, sales: 7, amount: 133, price: 19 },
    ],
    monthItemList: [{ date: "2025-02", sales: 300, amount: 6000, price: 20 }],
  };
  const weeks = shapeHistory(estimate, record, {
    start: utc(2025, 3, 3),
    end: utc(2025, 3, 16),
    interval: "weekly",
    now: NOW,
  });
  expect(weeks).toEqual([
    ["date", "units", "revenue", "price", "bsr"],
    [day(2025, 3, 3), 22, 440, 20, 880],
    [day(2025, 3, 10), 7, 133, 19, 850],
  ]);
  // Months read the monthly list (no daily sums); rank has only daily figures: a month's is its last day's.
  const months = shapeHistory(estimate, record, {
    start: utc(2025, 2, 1),
    end: utc(2025, 3, 31),
    interval: "monthly",
    now: NOW,
  });
  expect(months).toEqual([
    ["date", "units", "revenue", "price", "bsr"],
    [day(2025, 2, 1), 300, 6000, 20, ""],
    [day(2025, 3, 1), "", "", "", 850],
  ]);
});

test("a history offers the intervals its lists allow: the sales trend is monthly only", () => {
  expect(intervalsOf(keepa)).toEqual(["daily", "weekly", "monthly"]);
  expect(intervalsOf(estimate)).toEqual(["daily", "weekly", "monthly"]);
  expect(intervalsOf(trend)).toEqual(["monthly"]);
});

test("without a start, the table starts at the first data, at most a year back for days; it ends today", () => {
  const record = { price: [{ timePoint: utc(2020, 1, 1), value: 5 }] };
  const table = shapeHistory(keepa, record, { interval: "daily", now: NOW }, pick(keepa, ["price"]));
  expect(table[1][0]).toBe(day(2024, 3, 20));
  expect(table.at(-1)?.[0]).toBe(day(2025, 3, 20));
  expect(table).toHaveLength(1 + 366);
  const recent = shapeHistory(
    keepa,
    { price: [{ timePoint: utc(2025, 3, 18, 5), value: 5 }] },
    { interval: "daily", now: NOW },
  );
  expect(recent.slice(1).map((r) => r[0])).toEqual([day(2025, 3, 18), day(2025, 3, 19), day(2025, 3, 20)]);
});

test("no data in the range, or no data at all: the single cell No rows", () => {
  expect(shapeHistory(keepa, {}, { interval: "daily", now: NOW })).toEqual([["No rows"]]);
  const record = { price: [{ timePoint: utc(2025, 3, 1), value: 5 }] };
  expect(
    shapeHistory(keepa, record, { start: utc(2024, 1, 1), end: utc(2024, 2, 1), interval: "daily", now: NOW }),
  ).toEqual([["No rows"]]);
});
