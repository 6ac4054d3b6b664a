/**
 * A history function in the query builder: its form asks for the market, the ASIN, start, end and interval (not
 * the operation's wire options, which the function never sends); problems show under the field they are about;
 * Preview shows the newest dated rows; Insert as formula writes STOCKHISTORY's arguments into a block the formula
 * reads; Insert as table keeps the range and interval with the table, so a refresh spills the same periods.
 */
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { type Engine } from "../../src/engine/types";
import { insertFormula, insertTable, runPreview } from "../../src/taskpane/builder/actions";
import { allFields, formModel } from "../../src/taskpane/builder/form-model";
import { initialValues } from "../../src/taskpane/builder/form-values";
import { validateDraft } from "../../src/taskpane/builder/inline-errors";
import { executeRefresh } from "../../src/taskpane/reports/actions";
import { planRefresh } from "../../src/taskpane/reports/refresh-plan";
import { refreshTargets, reportRows } from "../../src/taskpane/reports/reports";
import { fixture } from "../api/support/fixtures";
import { fakeFetch, ok } from "../api/support/fake-fetch";
import { memoryHost } from "./support/memory-host";

const SECRET = "0123456789abcdef0123456789abcdef";
const NOW = new Date(Date.UTC(2024, 11, 10));

async function setup(): Promise<{ engine: Engine; calls: () => number }> {
  const fake = fakeFetch(() => ok(fixture("keepa_info").data));
  const engine = createEngine({ store: memoryStore(), fetch: fake.fetch, perMinute: 1000 });
  await engine.writeSettings({ secret: SECRET, baseUrl: "http://127.0.0.1:8787" });
  return { engine, calls: () => fake.calls.length };
}

test("the form: market and ASIN, then start, end and interval; the history's columns; no limit", () => {
  const model = formModel("keepa_info");
  expect(model.main.map((f) => f.name)).toEqual(["marketplace", "asin"]);
  expect(model.filters.map((f) => [f.name, f.label, f.control.type])).toEqual([
    ["start", "From", "date"],
    ["end", "To", "date"],
    ["interval", "Interval", "enum"],
  ]);
  expect(model.recordFields).toEqual([
    "price",
    "buyBox",
    "listPrice",
    "dealPrice",
    "bsr",
    "rating",
    "ratings",
    "sellers",
  ]);
  expect(allFields(model).some((f) => f.name === "startTimestamp")).toBe(false);
  expect(model.paged).toBe(false);
});

test("problems show under their field: a start after the end, an interval the history has no figures for", () => {
  const model = formModel("asin_sales_trend");
  const draft = (values: Record<string, string>) => ({
    values: { ...initialValues(model), marketplace: "US", asin: "B0DXTMS9NF", ...values },
    fields: [],
    limit: "",
  });
  const bad = validateDraft(model, draft({ start: "2025-03-01", end: "2025-01-01", interval: "daily" }), NOW);
  expect(bad.errors.byField.start).toEqual(["start: the start is after the end"]);
  expect(bad.errors.byField.end).toEqual(["start: the start is after the end"]);
  expect(bad.errors.byField.interval).toEqual(["interval: MAD.SALESTREND has monthly figures only (got daily)"]);
  const good = validateDraft(model, draft({ start: "2024-01-01", interval: "monthly" }), NOW);
  expect(good.errors.count).toBe(0);
  expect(good.params).toEqual({ marketplace: "US", asin: "B0DXTMS9NF" });
  expect(good.history).toEqual({ start: Date.UTC(2024, 0, 1), interval: "monthly" });
});

const Q = {
  code: "keepa_info" as const,
  params: { marketplace: "US", asin: "B07V34QQ3C" },
  fields: ["price", "bsr"],
  history: { start: Date.UTC(2024, 10, 18), end: Date.UTC(2024, 10, 30), interval: "weekly" as const },
};

test("Preview shows the dated rows as text, from one call", async () => {
  const { engine, calls } = await setup();
  const preview = await runPreview(engine, Q);
  expect(calls()).toBe(1);
  expect(preview.header).toEqual(["date", "price", "bsr"]);
  // The fixture: 999.99 from 24 Nov (after a spell out of stock), 1049.99 only from 1 Dec, past the end (30 Nov):
  // each week shows the values as of its end or the range's, whichever comes first.
  expect(preview.rows).toEqual([
    ["2024-11-18", 999.99, 9904],
    ["2024-11-25", 999.99, 2408],
  ]);
});

test("Insert as formula writes the history's arguments in a block the formula reads", async () => {
  const host = memoryHost();
  const written = await insertFormula(host, Q, { sheet: "Sheet1", address: "A1" });
  expect(written.formula).toBe("=MAD.PRICEHISTORY($B$2,$B$3,$B$4,$B$5,$B$6,$B$7)");
  expect(host.values.find((w) => w.target.address === "A1")?.values).toEqual([
    ["MAD filters — Price and rank history", null],
    ["marketplace", "US"],
    ["asin", "B07V34QQ3C"],
    ["start", "2024-11-18"],
    ["end", "2024-11-30"],
    ["interval", "weekly"],
    ["fields", "price,bsr"],
  ]);
});

test("Insert as table keeps the range and interval; a refresh spills the same periods", async () => {
  const { engine, calls } = await setup();
  const host = memoryHost();
  const { table } = await insertTable(engine, host, Q);
  const stored = host.tables.get(table.name)!;
  expect(stored.spec.header).toEqual(["date", "price", "bsr"]);
  expect(stored.spec.query.history).toEqual(Q.history);
  expect(stored.rows.map((r) => r[0])).toEqual([45614, 45621]);
  const rows = reportRows([], [], await host.listTables());
  const plan = await planRefresh(engine, refreshTargets(rows), { remainingThisMonth: null });
  await executeRefresh(engine, host, plan, rows);
  expect(calls()).toBe(2);
  expect(host.tables.get(table.name)!.rows).toEqual(stored.rows);
});
