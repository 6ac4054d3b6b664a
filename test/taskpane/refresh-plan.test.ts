/**
 * What a refresh will spend, counted before anything is sent, with the real engine's cache keys and paging plan:
 * identical queries count once however they were written, each unique query counts its pages, formulas never
 * run this session count at least one call, and the user is asked when it is many or more than is left.
 */
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { type Engine } from "../../src/engine/types";
import { describePlan, planRefresh, type RefreshTarget } from "../../src/taskpane/reports/refresh-plan";
import { CONFIRM_ABOVE_CALLS } from "../../src/taskpane/report-model/spend";

function countingEngine(): { engine: Engine; plans: string[]; sent: () => number } {
  let fetches = 0;
  const engine = createEngine({
    store: memoryStore(),
    fetch: (async () => {
      fetches++;
      throw new Error("planning must not send anything");
    }) as typeof fetch,
  });
  const plans: string[] = [];
  const plan = engine.plan.bind(engine);
  engine.plan = ((code, params, options) => {
    plans.push(code);
    return plan(code, params, options);
  }) as Engine["plan"];
  return { engine, plans, sent: () => fetches };
}

const research = (params: Record<string, unknown>, limit?: number) => ({
  operation: "product_research" as const,
  params: { marketplace: "US", ...params },
  ...(limit ? { limit } : {}),
});

describe("refresh planning", () => {
  it("refreshes 200 MAD.PRODUCT cells as one lookup of their ASINs: 5 calls; a table keeps its own query", async () => {
    const { engine, sent } = countingEngine();
    const card = (i: number) => ({
      operation: "competitor_lookup" as const,
      params: { marketplace: "US", asins: [`B0${String(i).padStart(8, "0")}`] },
    });
    const targets: RefreshTarget[] = [
      ...Array.from({ length: 200 }, (_, i): RefreshTarget => ({
        id: `Sheet1!A${i + 1}`,
        kind: "formula",
        query: card(i),
      })),
      { id: "table:MAD_Competitors", kind: "table", query: card(0) },
    ];
    const plan = await planRefresh(engine, targets, { remainingThisMonth: null });
    // The table shares its query with the first card: that group is refreshed as it is.
    expect(plan.groups.map((g) => [g.targetIds.length, g.pages])).toEqual([
      [2, 1],
      [199, 5],
    ]);
    expect(plan.groups[1].query.params.asins).toHaveLength(199);
    expect(plan.calls).toBe(6);
    expect(sent()).toBe(0);
  });

  it("counts identical queries once, however they were written", async () => {
    const { engine, plans, sent } = countingEngine();
    const targets: RefreshTarget[] = [
      { id: "Sheet1!D1", kind: "formula", query: research({ minPrice: 10 }, 250) },
      {
        id: "Sheet1!D40",
        kind: "formula",
        query: { ...research({ minPrice: 10 }, 250), params: { marketplace: "us", minPrice: 10 } },
      },
      { id: "table:MAD_ProductResearch", kind: "table", query: research({ minPrice: 10 }, 250) },
      {
        id: "Sheet2!A1",
        kind: "formula",
        query: { operation: "keyword_research_trends", params: { marketplace: "US", keyword: "yoga mat" } },
      },
    ];
    const plan = await planRefresh(engine, targets, { remainingThisMonth: null });
    expect(plan.groups).toHaveLength(2);
    expect(plan.groups[0].targetIds).toEqual(["Sheet1!D1", "Sheet1!D40", "table:MAD_ProductResearch"]);
    expect(plan.groups.map((g) => g.pages)).toEqual([3, 1]); // 250 rows at 100 a page; trends come in one call
    expect(plan.calls).toBe(4);
    expect(plans).toEqual(["product_research", "keyword_research_trends"]);
    expect(plan.needsConfirmation).toBe(false);
    expect(describePlan(plan, targets)).toBe("4 calls for 2 unique queries (3 formulas, 1 table)");
    expect(sent()).toBe(0);
  });

  it("counts a formula not run yet as at least one call, and a formula with bad arguments as none", async () => {
    const { engine } = countingEngine();
    const plan = await planRefresh(
      engine,
      [
        { id: "Sheet1!A1", kind: "formula", query: null, notRun: true },
        { id: "Sheet1!A2", kind: "formula", query: null },
        { id: "Sheet1!A3", kind: "formula", query: research({}) },
      ],
      { remainingThisMonth: null },
    );
    expect(plan).toMatchObject({ calls: 2, atLeast: true, unknownIds: ["Sheet1!A1"] });
  });

  it(`asks first above ${CONFIRM_ABOVE_CALLS} calls`, async () => {
    const { engine } = countingEngine();
    const many = Array.from({ length: 7 }, (_, i) => ({
      id: `Sheet1!A${i + 1}`,
      kind: "formula" as const,
      query: research({ minPrice: i }, 300),
    }));
    const plan = await planRefresh(engine, many, { remainingThisMonth: 1000 });
    expect(plan.calls).toBe(21);
    expect(plan.needsConfirmation).toBe(true);
    expect(plan.reason).toBe("This refresh will spend 21 calls.");
    const fewer = await planRefresh(engine, many.slice(0, 6), { remainingThisMonth: 1000 });
    expect(fewer).toMatchObject({ calls: 18, needsConfirmation: false });
  });

  it("asks first when the month has fewer calls left than the refresh needs", async () => {
    const { engine } = countingEngine();
    const plan = await planRefresh(engine, [{ id: "t", kind: "table", query: research({}, 500) }], {
      remainingThisMonth: 4,
    });
    expect(plan.calls).toBe(5);
    expect(plan).toMatchObject({
      needsConfirmation: true,
      reason: "This refresh needs 5 calls but only 4 are left this month.",
    });
  });
});

describe("a formula whose arguments are wrong (#VALUE!)", () => {
  it("stays failed with its message: refreshing it spends nothing and never reports success", async () => {
    const { engine, sent } = countingEngine();
    const plan = await planRefresh(
      engine,
      [{ id: "Sheet1!A1", kind: "formula", query: null, problem: 'market: "XX" is not a marketplace.' }],
      { remainingThisMonth: null },
    );
    expect(plan.calls).toBe(0);
    expect(plan.invalid?.["Sheet1!A1"]).toMatch(/^market: "XX" is not a marketplace\. Fix the formula's arguments/);
    expect(sent()).toBe(0);
  });
});
