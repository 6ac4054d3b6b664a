/**
 * Each operation's answer stays current until its data period ends (product data at the next UTC midnight, ABA at
 * the next Monday, markets and keyword research at the next month), as the team relay's cache keeps it; the person's
 * `mad.cacheTtlHours` bounds that, never lengthens it; a restart keeps each page's end of period.
 */
import { setup, seededStore } from "./setup";

const HOUR = 3_600_000;
// VirtualClock starts on Monday 15 September 2025, 12:00 UTC.
const START = Date.UTC(2025, 8, 15, 12);

const product = { marketplace: "US", keyword: "yoga mat" } as const;
const market = { marketplace: "US", nodeIdPath: "3375251:3407731" } as const;
const aba = { marketplace: "US" } as const;

describe("cache lifetimes per operation", () => {
  test("product research (daily data) is current until the next UTC midnight, then fetched again", async () => {
    const { engine, service, clock } = setup();
    await engine.query("product_research", product);
    await clock.advance(Date.UTC(2025, 8, 15, 23, 59) - START);
    expect((await engine.query("product_research", product)).fromCache).toBe(true);
    expect(service.calls).toBe(1);
    await clock.advance(60_000);
    expect((await engine.query("product_research", product)).fromCache).toBe(false);
    expect(service.calls).toBe(2);
  });

  test("ABA weekly research (weekly data) stays current through Sunday and is fetched again on Monday", async () => {
    const { engine, service, clock } = setup();
    await engine.query("aba_research_weekly", aba);
    await clock.advance(Date.UTC(2025, 8, 21, 23, 0) - START); // Sunday night
    await engine.query("aba_research_weekly", aba);
    expect(service.calls).toBe(1);
    await clock.advance(HOUR); // Monday 22 September, 00:00 UTC
    await engine.query("aba_research_weekly", aba);
    expect(service.calls).toBe(2);
  });

  test("a category's brand concentration (monthly data) stays current to the month's end, across a restart", async () => {
    const { engine, service, clock, restart } = setup();
    await engine.query("market_brand_concentration", market);
    await engine.flush();
    await clock.advance(Date.UTC(2025, 8, 30, 23) - START);
    const reopened = restart();
    expect((await reopened.query("market_brand_concentration", market)).callsSpent).toBe(0);
    await clock.advance(HOUR); // 1 October
    expect((await reopened.query("market_brand_concentration", market)).callsSpent).toBe(1);
    expect(service.calls).toBe(2);
  });

  test("mad.cacheTtlHours bounds the period: a monthly answer older than 2 hours is fetched again", async () => {
    const { engine, service, clock } = setup({ store: seededStore({ "mad.cacheTtlHours": "2" }) });
    await engine.query("market_brand_concentration", market);
    await clock.advance(2 * HOUR - 1);
    await engine.query("market_brand_concentration", market);
    expect(service.calls).toBe(1);
    await clock.advance(1);
    await engine.query("market_brand_concentration", market);
    expect(service.calls).toBe(2);
  });

  test("a bound longer than the period does not lengthen it", async () => {
    const { engine, service, clock } = setup({ store: seededStore({ "mad.cacheTtlHours": "720" }) });
    await engine.query("product_research", product);
    await clock.advance(12 * HOUR); // past midnight UTC
    await engine.query("product_research", product);
    expect(service.calls).toBe(2);
  });

  test("the plan of a refresh when opened counts only the pages past their period", async () => {
    const { engine, clock } = setup();
    await engine.query("product_research", product, { limit: 200 });
    await engine.query("market_brand_concentration", market);
    await clock.advance(13 * HOUR); // the next day: product pages are due, the month's market answer is not
    expect(await engine.plan("product_research", product, { limit: 200 })).toEqual({ pages: 2, uncachedPages: 2 });
    expect(await engine.plan("market_brand_concentration", market)).toEqual({ pages: 1, uncachedPages: 0 });
  });

  test("past its period a page is kept as the last good answer, and the bounds let such pages go first", async () => {
    const { engine, store, clock } = setup({ engine: { maxCacheEntries: 2 } });
    await engine.query("market_brand_concentration", market); // current for the month
    await engine.query("product_research", product); // current until midnight
    await clock.advance(13 * HOUR); // the product page, the more recently used, is past its period
    await engine.query("product_research", { ...product, keyword: "desk" }); // room for one more: it goes first
    await engine.flush();
    const keys = (await store.getKeys!()).filter((k) => k.startsWith("mad.cache."));
    expect(keys).toHaveLength(2);
    const restarted = setup({ store, clock }).engine;
    expect((await restarted.query("market_brand_concentration", market)).callsSpent).toBe(0);
  });
});
