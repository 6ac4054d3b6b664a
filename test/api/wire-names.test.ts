/**
 * The live service's names go on the wire; the spec's neutral names are what a user may type as well. Both
 * spellings of a parameter or a value become one request (so one cache key and one cached page).
 */
import { operation } from "../../src/api/catalog";
import { checkParams, validateParams } from "../../src/api/validate";
import { parseFormulaArgs } from "../../src/formula/arguments";
import { optionsForMarket, type ParamSpec } from "../../src/api/catalog-types";

const NOW = new Date(Date.UTC(2026, 10, 24));
const formula = (code: Parameters<typeof operation>[0], filters: string, positional: unknown[] = []) =>
  validateParams(code, parseFormulaArgs(operation(code), { market: "US", positional, filters }).params, { now: NOW });

describe("parameter names", () => {
  test.each([
    ["product_research", "minPlatformUnit=20; maxPlatformUnit=90", { minAmzUnit: 20, maxAmzUnit: 90 }, []],
    ["product_research", "MINAMZUNIT=20", { minAmzUnit: 20 }, []],
    ["keyword_miner", "platformChoice=TRUE", { amazonChoice: true }, ["yoga mat"]],
    ["keyword_miner", "amazonchoice=yes", { amazonChoice: true }, ["yoga mat"]],
    ["traffic_extend", "platformChoice=TRUE", { amazonChoice: true }, ["B07Z82895W"]],
  ] as const)("%s with %s is sent under the official name", (code, filters, expected, positional) => {
    const params = formula(code, filters, [...positional]) as Record<string, unknown>;
    expect(params).toMatchObject(expected);
    expect(Object.keys(params)).not.toContain("minPlatformUnit");
    expect(Object.keys(params)).not.toContain("platformChoice");
  });

  test("the typed client and the validator take the spec's name too, and send the official one", () => {
    const params = validateParams("product_research", { marketplace: "US", minPlatformUnit: 5 }, { now: NOW });
    expect(params).toEqual({ marketplace: "US", minAmzUnit: 5 });
  });

  test("both spellings of one parameter are refused as set twice, in a formula and in the validator", () => {
    expect(() => formula("product_research", "minAmzUnit=1; minPlatformUnit=2")).toThrow(/set twice/);
    const outcome = checkParams("product_research", { marketplace: "US", minAmzUnit: 1, minPlatformUnit: 2 });
    expect(outcome.errors.map((e) => e.message)).toEqual([
      "minAmzUnit: given twice, also as minPlatformUnit (the same parameter)",
    ]);
  });

  test("every alias belongs to one parameter only and never shadows another parameter's wire name", () => {
    for (const code of ["product_research", "keyword_miner", "traffic_extend"] as const) {
      const specs = operation(code).params as readonly ParamSpec[];
      const names = specs.map((p) => p.name.toLowerCase());
      const aliases = specs.flatMap((p) => p.aliases ?? []).map((a) => a.toLowerCase());
      expect(new Set(aliases).size).toBe(aliases.length);
      for (const alias of aliases) expect(names).not.toContain(alias);
    }
  });
});

describe("values", () => {
  test("fulfillment: the spec's PLT goes out as AMZ, in any case and among other values", () => {
    expect(formula("product_research", "fulfillment=plt,FBA")).toMatchObject({ fulfillment: "AMZ,FBA" });
    expect(formula("product_research", "fulfillment=AMZ")).toMatchObject({ fulfillment: "AMZ" });
  });

  test("month=nearly (the last 30 days) where the official table points month to table 1.1", () => {
    expect(formula("product_research", "month=Nearly")).toMatchObject({ month: "nearly" });
    expect(
      validateParams("competitor_lookup", { marketplace: "US", month: "nearly" }, { now: NOW }) as { month?: string },
    ).toMatchObject({ month: "nearly" });
    // Not where month is a plain yyyyMM (traffic keywords).
    const outcome = checkParams("traffic_keyword", { marketplace: "US", asin: "B07Z82895W", month: "nearly" });
    expect(outcome.errors[0]?.param).toBe("month");
  });

  test("size tiers: every market's codes are accepted; the builder offers the chosen market's", () => {
    expect(formula("product_research", "dimensionType=SB,O")).toMatchObject({ dimensionType: "SB,O" });
    const spec = (operation("product_research").params as readonly ParamSpec[]).find(
      (p) => p.name === "dimensionType",
    )!;
    const us = optionsForMarket(spec.options!, "US").map((o) => o.value);
    const uk = optionsForMarket(spec.options!, "gb").map((o) => o.value);
    expect(us).toEqual(expect.arrayContaining(["ST", "LS", "O"]));
    expect(us).not.toContain("SB");
    expect(uk).toEqual(expect.arrayContaining(["SB", "O"]));
    expect(uk).not.toContain("ST");
  });
});
