/**
 * Bad input is refused before anything is sent: for every validation rule at least one rejected input, checked
 * through the client with a fake fetch that must never be called. Also: what normalization sends.
 */
import { clockFrom } from "../../src/lib/clock";
import { createTypedClient as createClient } from "../support/operation-methods";
import { ValidationError } from "../../src/api/errors";
import { checkParams, validateParams } from "../../src/api/validate";

/** Every problem of a parameter set at once, as the task pane shows them. */
const validateParamsAll = (...args: Parameters<typeof checkParams>) => checkParams(...args).errors;
import { type OperationCode } from "../../src/api/catalog";
import { fakeFetch, ok } from "./support/fake-fetch";
import { NOW } from "./support/typical";

const SECRET = "0123456789abcdef0123456789abcdef";
const ASIN = "B0DGVP84B5";
const asins = (n: number) => Array.from({ length: n }, (_, i) => `B0DGVP8${String(i).padStart(3, "0")}`);

type Case = [rule: string, code: OperationCode, params: Record<string, unknown>, param: string, message: RegExp];

const CASES: Case[] = [
  ["required", "keyword_research_trends", { marketplace: "US" }, "keyword", /^keyword: required/],
  ["required", "traffic_listing", { marketplace: "US", asinList: [ASIN], relations: [" "] }, "relations", /required/],
  ["type", "competitor_lookup", { marketplace: "US", page: "2" }, "page", /^page: expected a whole number/],
  ["type", "product_research", { marketplace: "US", minPrice: Number.NaN }, "minPrice", /minPrice: expected a number/],
  [
    "type",
    "traffic_listing",
    { marketplace: "US", asinList: [ASIN], relations: ["vav"], variations: "yes" },
    "variations",
    /TRUE or FALSE/,
  ],
  ["type", "competitor_lookup", { marketplace: "US", order: "price" }, "order", /order/],
  [
    "type",
    "keyword_research",
    { marketplace: "US", month: new Date("2025-07-01") },
    "month",
    /expected a month as yyyyMM/,
  ],
  ["type", "competitor_lookup", { marketplace: "US", size: 2.5 }, "size", /whole number \(got 2.5\)/],
  ["enum", "competitor_lookup", { marketplace: "XX" }, "marketplace", /"XX" is not a marketplace/],
  ["enum", "competitor_lookup", { marketplace: "US", matchType: 4 }, "matchType", /4 is not one of 1, 2, 3/],
  ["type", "competitor_lookup", { marketplace: "US", matchType: "Fuzzy" }, "matchType", /whole number/],
  [
    "enum",
    "product_research",
    { marketplace: "US", fulfillment: "FBA,XYZ" },
    "fulfillment",
    /"XYZ" is not one of AMZ, FBA, FBM/,
  ],
  ["enum", "traffic_keyword", { marketplace: "US", asin: ASIN, badges: ["nope"] }, "badges", /"nope" is not one of/],
  ["min", "competitor_lookup", { marketplace: "US", page: 0 }, "page", /^page: at least 1 \(got 0\)/],
  ["max", "competitor_lookup", { marketplace: "US", size: 101 }, "size", /^size: at most 100 \(got 101\)/],
  ["max", "keyword_research", { marketplace: "US", size: 16 }, "size", /at most 15/],
  ["max", "keyword_miner", { marketplace: "US", keyword: "x", maxRelevancy: 101 }, "maxRelevancy", /at most 100/],
  ["min", "keyword_miner", { marketplace: "US", keyword: "x", minRelevancy: -1 }, "minRelevancy", /at least 0/],
  [
    "maxItems",
    "competitor_lookup",
    { marketplace: "US", asins: asins(41) },
    "asins",
    /^asins: at most 40 ASINs \(got 41\)$/,
  ],
  ["maxItems", "traffic_extend", { marketplace: "US", asinList: asins(21) }, "asinList", /at most 20 ASINs \(got 21\)/],
  ["maxItems", "keyword_order", { marketplace: "US", asins: asins(21), reverseType: "M" }, "asins", /at most 20 ASINs/],
  ["pattern", "competitor_lookup", { marketplace: "US", asins: ["B0DGVP84B"] }, "asins", /"B0DGVP84B" is not an ASIN/],
  ["pattern", "traffic_keyword", { marketplace: "US", asin: "B0-GVP84B5" }, "asin", /not an ASIN/],
  [
    "pattern",
    "market_brand_concentration",
    { marketplace: "US", nodeIdPath: "172282/281407" },
    "nodeIdPath",
    /joined by ':'/,
  ],
  ["month", "keyword_research", { marketplace: "US", month: "2025-07" }, "month", /expected a month as yyyyMM/],
  ["month", "keyword_research", { marketplace: "US", month: "202513" }, "month", /202513 is not a real month/],
  ["future", "keyword_research", { marketplace: "US", month: "202509" }, "month", /^month: 202509 is in the future$/],
  [
    "monthsBack",
    "traffic_extend",
    { marketplace: "US", asinList: [ASIN], historyDate: "202307" },
    "historyDate",
    /25 months back/,
  ],
  [
    "saturday",
    "aba_research_weekly",
    { marketplace: "US", date: "20250801" },
    "date",
    /^date: 20250801 is not a Saturday/,
  ],
  ["saturday", "aba_research_weekly", { marketplace: "US", date: "20250231" }, "date", /not a real date/],
  ["future", "aba_research_weekly", { marketplace: "US", date: "20250816" }, "date", /in the future/],
  [
    "saturday",
    "keyword_order",
    { marketplace: "US", asins: [ASIN], reverseType: "W", date: "202507" },
    "date",
    /expected a Saturday as yyyyMMdd/,
  ],
  [
    "month",
    "keyword_order",
    { marketplace: "US", asins: [ASIN], reverseType: "M", date: "2025080" },
    "date",
    /expected a month as yyyyMM/,
  ],
  ["month", "keyword_research", { marketplace: "US", month: "20250231" }, "month", /expected a month as yyyyMM/],
  [
    "fixed",
    "keyword_order",
    { marketplace: "US", asins: [ASIN], reverseType: "M", size: 40 },
    "size",
    /^size: must be 50 \(got 40\)$/,
  ],
  [
    "range",
    "product_research",
    { marketplace: "US", minPrice: 50, maxPrice: 10 },
    "Price",
    /minPrice 50 is greater than maxPrice 10/,
  ],
  [
    "sortField",
    "product_research",
    { marketplace: "US", order: { field: "sales" } },
    "order",
    /cannot sort by "sales"/,
  ],
  ["unknownParam", "competitor_lookup", { marketplace: "US", keywrod: "phone" }, "keywrod", /did you mean keyword\?/],
  [
    "unknownParam",
    "competitor_lookup",
    { marketplace: "US", colour: "red" },
    "colour",
    /^colour: not a parameter of competitor_lookup$/,
  ],
  [
    "orderWithFilters",
    "keyword_miner",
    { marketplace: "US", keyword: "x", platformChoice: true, order: { field: "relevancy" } },
    "order",
    /cannot sort by relevancy while filtering by amazonChoice/,
  ],
];

describe.each(CASES)("rule %s (%s)", (rule, code, params, param, message) => {
  test(`${JSON.stringify(params).slice(0, 90)} is refused with no request sent`, async () => {
    const fake = fakeFetch(ok([]));
    const client = createClient({
      baseUrl: "https://api.example.test",
      secret: SECRET,
      fetch: fake.fetch,
      clock: clockFrom(NOW),
    });
    const failure = await client.call(code, params).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ValidationError);
    const error = failure as ValidationError;
    expect(error.kind).toBe("validation");
    expect(error.rule).toBe(rule);
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
    expect(error.retryable).toBe(false);
    expect(error.advice).toContain(param);
    expect(fake.calls).toHaveLength(0);
  });
});

test("every rule of the contract has a case", () => {
  const rules = new Set(CASES.map(([rule]) => rule));
  for (const rule of [
    "required",
    "type",
    "enum",
    "min",
    "max",
    "maxItems",
    "pattern",
    "month",
    "saturday",
    "future",
    "monthsBack",
    "fixed",
    "range",
    "sortField",
    "unknownParam",
    "orderWithFilters",
  ]) {
    expect(rules).toContain(rule);
  }
});

describe("normalization", () => {
  const check = (code: OperationCode, params: Record<string, unknown>) => validateParams(code, params, { now: NOW });

  test("marketplace is case-insensitive and GB means UK", () => {
    expect(check("market_ebc_distribution", { marketplace: " gb ", nodeIdPath: "1:2" })).toEqual({
      marketplace: "UK",
      nodeIdPath: "1:2",
    });
    expect(check("market_ebc_distribution", { marketplace: "de", nodeIdPath: "1:2" }).marketplace).toBe("DE");
  });

  test("empty, null and undefined parameters are left out; numbers stay numbers", () => {
    const out = check("product_research", {
      marketplace: "US",
      keyword: "  ",
      brand: undefined,
      includeBrands: null,
      minPrice: 0,
      nodeIdPaths: [],
      order: {},
    } as never);
    expect(out).toEqual({ marketplace: "US", minPrice: 0 });
  });

  test("list items are trimmed, blanks dropped, ASINs upper-cased; a comma text is a list", () => {
    expect(
      check("traffic_extend", { marketplace: "US", asinList: [" b0dgvp84b5 ", "", "B0DGVP84B6"] }).asinList,
    ).toEqual(["B0DGVP84B5", "B0DGVP84B6"]);
    expect(check("traffic_extend", { marketplace: "US", asinList: "b0dgvp84b5, B0DGVP84B6" }).asinList).toEqual([
      "B0DGVP84B5",
      "B0DGVP84B6",
    ]);
  });

  test("enum text is matched case-insensitively to the option; csv values are checked one by one", () => {
    expect(
      check("product_research", {
        marketplace: "US",
        badgeAC: "y",
        fulfillment: "fba, fbm",
        dimensionType: ["ls", "SO"],
      }),
    ).toEqual({
      marketplace: "US",
      badgeAC: "Y",
      fulfillment: "FBA,FBM",
      dimensionType: "LS,SO",
    });
  });

  test("open options are suggestions: any seller country passes", () => {
    expect(check("product_research", { marketplace: "US", sellerNation: "CN,KR" }).sellerNation).toBe("CN,KR");
  });

  test("an open order field is free; a closed one must be a sort field", () => {
    expect(
      check("keyword_order", {
        marketplace: "US",
        asins: [ASIN],
        reverseType: "M",
        order: { field: "anything", desc: true },
      }).order,
    ).toEqual({ field: "anything", desc: true });
    expect(check("competitor_lookup", { marketplace: "US", order: { field: " price ", desc: false } }).order).toEqual({
      field: "price",
      desc: false,
    });
  });

  test("a day where a month is expected reads as its month, as the official examples send it", () => {
    expect(check("keyword_order", { marketplace: "US", asins: [ASIN], reverseType: "M", date: "20250802" }).date).toBe(
      "202508",
    );
    expect(check("keyword_research", { marketplace: "US", month: 20250731 }).month).toBe("202507");
    expect(check("product_node", { marketplace: "US", month: "20250715" }).month).toBe("202507");
    // A week stays a week: the Saturday of a weekly lookup is a day.
    expect(check("keyword_order", { marketplace: "US", asins: [ASIN], reverseType: "W", date: "20250802" }).date).toBe(
      "20250802",
    );
  });

  test("marketplaces: the 13 codes the service accepts, in any case, sent upper-case; GB is UK", () => {
    for (const code of ["us", "Jp", "uk", "de", "fr", "it", "es", "ca", "in", "mx", "br", "au", "ae"])
      expect(check("keyword_research", { marketplace: code }).marketplace).toBe(code.toUpperCase());
    expect(check("keyword_research", { marketplace: " gb " }).marketplace).toBe("UK");
    expect(() => check("keyword_research", { marketplace: "CN" })).toThrow(
      /marketplace: "CN" is not a marketplace; use one of US, JP, UK, DE, FR, IT, ES, CA, IN, MX, BR, AU, AE \(GB = UK\)/,
    );
  });

  test("dates typed as numbers become text; 24 months back is still allowed", () => {
    expect(check("keyword_research", { marketplace: "US", month: 202308 }).month).toBe("202308");
    expect(check("aba_research_weekly", { marketplace: "US", date: 20250802 }).date).toBe("20250802");
  });

  test("relevancy ordering is fine without filters", () => {
    expect(check("keyword_miner", { marketplace: "US", keyword: "x", order: { field: "relevancy" } }).order).toEqual({
      field: "relevancy",
    });
  });

  test("validateParamsAll lists every problem for the task pane, with both fields of a range", () => {
    const errors = validateParamsAll(
      "product_research",
      { marketplace: "XX", size: 500, minUnits: 9, maxUnits: 1, pirce: 3 },
      { now: NOW },
    );
    expect(errors.map((e) => [e.param, e.rule])).toEqual([
      ["pirce", "unknownParam"],
      ["marketplace", "enum"],
      ["size", "max"],
      ["Units", "range"],
    ]);
    expect(errors[3].params).toEqual(["minUnits", "maxUnits"]);
    expect(validateParamsAll("product_research", { marketplace: "US" }, { now: NOW })).toEqual([]);
  });

  test("params that are not an object, and unknown operations, are refused", () => {
    expect(() => validateParams("competitor_lookup", [1, 2])).toThrow(/expected an object/);
    expect(() => validateParams("no_such_op" as OperationCode, {})).toThrow(ValidationError);
  });
});

test("a missing or malformed secret is refused before sending", async () => {
  const fake = fakeFetch(ok([]));
  const noSecret = createClient({ baseUrl: "https://api.example.test", secret: "", fetch: fake.fetch });
  await expect(noSecret.marketEbcDistribution({ marketplace: "US", nodeIdPath: "1:2" })).rejects.toMatchObject({
    kind: "validation",
    param: "secret",
    rule: "required",
  });
  const badSecret = createClient({ baseUrl: "https://api.example.test", secret: "abc def\n", fetch: fake.fetch });
  await expect(badSecret.marketEbcDistribution({ marketplace: "US", nodeIdPath: "1:2" })).rejects.toMatchObject({
    param: "secret",
    rule: "type",
  });
  expect(fake.calls).toHaveLength(0);
});

test("a base URL that is not http(s) is refused at construction", () => {
  expect(() => createClient({ baseUrl: "api.example.test", secret: SECRET })).toThrow(
    /baseUrl: expected an http\(s\) address/,
  );
});
