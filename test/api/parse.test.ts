/**
 * Parsing against every real response in test/fixtures/api-examples: every fixture is read, live field names become the specification's
 * (also inside badges and nested lists), nothing is filled in or dropped, and wrong shapes are refused.
 */
import { isOperationCode, operation, type OperationCode } from "../../src/api/catalog";
import { MalformedResponseError, VisitMaxError } from "../../src/api/errors";
import { parseResult } from "../../src/api/parse";
import { RECORD_FIELDS } from "../../src/api/records";
import { type FieldSpec } from "../../src/api/catalog-types";
import { fixture, fixtureCodes } from "./support/fixtures";
import { setLocale } from "../../src/i18n/locale";

type Json = Record<string, unknown>;
const CODES = fixtureCodes();
const parse = (code: string) => parseResult(code as OperationCode, fixture(code), "rid-1");
const rowsOf = (code: string) => parse(code).rows as unknown as Json[];

/**
 * The raw records of a fixture, as the live service sent them: a single record may have its own `items`; a series'
 * points carry the object's own fields; a facets object is one record per facet and key (the shapes' definitions,
 * catalog-types.ts).
 */
function rawRecords(code: string): Json[] {
  const data = fixture(code).data as Json | Json[];
  if (Array.isArray(data)) return data;
  const shape = operation(code as OperationCode).shape;
  if (shape === "object") return [data];
  if (shape === "facets")
    return Object.entries(data).flatMap(([facet, counts]) => (counts as Json[]).map((count) => ({ facet, ...count })));
  if (shape === "series") {
    const { items, ...common } = data;
    return (items as Json[]).map((item) => ({ ...common, ...item }));
  }
  return Array.isArray(data.items) ? (data.items as Json[]) : [data];
}

/** The key a live key must become: its spec name when it is an alias (and the spec name is not also sent). */
function expectedKeys(raw: Json, fields: readonly FieldSpec[]): string[] {
  const target = new Map(fields.flatMap((f) => (f.aliases ?? []).map((a) => [a, f.name] as const)));
  return Object.keys(raw).map((k) => (target.has(k) && !(target.get(k)! in raw) ? target.get(k)! : k));
}

test("there are real responses to parse, each named after an operation of the catalog", () => {
  expect(CODES.length).toBeGreaterThan(0);
  expect(CODES.filter((code) => !isOperationCode(code))).toEqual([]);
});

describe.each(CODES)("%s", (code) => {
  const op = operation(code as OperationCode);
  const fields = (RECORD_FIELDS as unknown as Record<string, readonly FieldSpec[]>)[op.record];

  test("parses: one row per record, counts as sent back", () => {
    const result = parse(code);
    const raw = rawRecords(code);
    const data = fixture(code).data as Json;
    expect(result.operation).toBe(code);
    expect(result.requestId).toBe("rid-1");
    expect(result.rows).toHaveLength(raw.length);
    if (op.shape === "paged" || op.shape === "itemsWithStats") {
      expect(result.total).toBe(data.total);
      expect(result.page).toBe(typeof data.page === "number" ? data.page : null);
      expect(result.size).toBe(typeof data.size === "number" ? data.size : null);
    } else {
      expect(result.total).toBe(raw.length);
      expect(result.page).toBeNull();
    }
  });

  test("live names become spec names; every other key and value is kept as sent (labels too)", () => {
    const rows = rowsOf(code);
    rawRecords(code).forEach((raw, index) => {
      const row = rows[index];
      expect(Object.keys(row).sort()).toEqual(expectedKeys(raw, fields).sort());
      for (const [key, value] of Object.entries(raw)) {
        const spec = fields.find((f) => f.name === key || (f.aliases ?? []).includes(key));
        const isNested = spec?.type === "object" || spec?.type === "objectList";
        const name = expectedKeys({ [key]: value }, fields)[0];
        if (!isNested) expect(row[name in row ? name : key]).toEqual(value);
      }
    });
  });
});

describe("quirks of live data", () => {
  test("product badge: amazonChoice becomes platformChoice; label text in badges is kept", () => {
    const [row] = rowsOf("product_research");
    const badge = row.badge as Json;
    expect(badge.platformChoice).toBe("N");
    expect(badge).not.toHaveProperty("amazonChoice");
    expect(badge.bestSeller).toBe("#1 Best Seller in Bath Rugs");
    const [listing] = rowsOf("traffic_listing");
    expect((listing.badge as Json).platformChoice).toBe("Amazon's Choice");
  });

  test("product records: amzUnit/amzUnitDate/amzSales become platformUnit/platformUnitDate/platformSales", () => {
    const [row] = rowsOf("product_research");
    expect(row).toHaveProperty("platformUnit", null);
    expect(row).toHaveProperty("platformUnitDate", null);
    expect(row).toHaveProperty("platformSales", null);
    expect(row).not.toHaveProperty("amzUnit");
  });

  test("-1 sentinels, AMZ fulfillment and absent fields are left as they are", () => {
    const [product] = rowsOf("product_research");
    expect(product.primePrice).toBe(-1);
    expect(product.deliveryPrice).toBe(-1);
    expect(product).not.toHaveProperty("symbol");
    expect(rowsOf("competitor_lookup")[0].fulfillment).toBe("AMZ");
  });

  test("keyword mining: amazonChoice becomes platformChoice", () => {
    const [row] = rowsOf("keyword_miner");
    expect(row.platformChoice).toBe(false);
    expect(row).not.toHaveProperty("amazonChoice");
  });

  test("traffic keywords of a product: no page, total and stats kept", () => {
    const result = parse("traffic_keyword");
    expect(result.page).toBeNull();
    expect(result.size).toBeNull();
    expect(result.total).toBe(1023);
    expect(result.stats).toEqual([
      { keywords: "phone", total: 1 },
      { keywords: "accessory", total: 1 },
    ]);
  });

  test("page 0 and pages 0 are reported as sent", () => {
    expect(parse("keyword_order")).toMatchObject({ page: 0, size: 50, total: 74 });
    expect(parse("traffic_listing")).toMatchObject({ page: 0, total: 916 });
  });

  test("own object: category statistics is one row; misspelled trend names stay", () => {
    const stats = parse("market_research_statistics");
    expect(stats.rows).toHaveLength(1);
    expect(stats.total).toBe(1);
    expect(rowsOf("keyword_research_trends")[0]).toMatchObject({ time: "2017年01月", keywrod: "test" });
  });
});

describe("normalization details", () => {
  const body = (data: unknown) => ({ code: "OK", message: "", data });

  test("unknown extra keys stay; when both names are sent, the spec's name wins", () => {
    const result = parseResult(
      "keyword_miner",
      body({ items: [{ keyword: "a", amazonChoice: true, platformChoice: false, brandNew: 1 }], total: 1 }),
      "r",
    );
    expect(result.rows[0]).toEqual({ keyword: "a", amazonChoice: true, platformChoice: false, brandNew: 1 });
  });

  test("aliases inside lists of objects are renamed too", () => {
    const result = parseResult(
      "competitor_lookup",
      body({ items: [{ asin: "B0DGVP84B5", badge: { amazonChoice: "Y" }, subcategories: [{ code: "1", rank: 2 }] }] }),
      "r",
    );
    expect(result.rows[0]).toEqual({
      asin: "B0DGVP84B5",
      badge: { platformChoice: "Y" },
      subcategories: [{ code: "1", rank: 2 }],
    });
  });

  test("null data or items read as no rows", () => {
    expect(parseResult("market_brand_concentration", body(null), "r").rows).toEqual([]);
    expect(parseResult("competitor_lookup", body({ items: null, total: 0 }), "r")).toMatchObject({
      rows: [],
      total: 0,
    });
  });
});

describe("refused", () => {
  const cases: [string, OperationCode, unknown][] = [
    ["a body that is not an envelope", "market_brand_concentration", [1, 2]],
    ["an object where a list is expected", "market_brand_concentration", { code: "OK", data: { items: [] } }],
    ["a list where one object is expected", "market_research_statistics", { code: "OK", data: [] }],
    ["a paged answer without an object", "competitor_lookup", { code: "OK", data: [] }],
    ["items that are not a list", "competitor_lookup", { code: "OK", data: { items: {} } }],
    ["a record that is not an object", "aba_research_trend", { code: "OK", data: [1] }],
    ["stats that are not a list", "traffic_keyword", { code: "OK", data: { items: [], stats: "x" } }],
    ["a series that is not an object", "market_product_demand_trend", { code: "OK", data: [] }],
    ["a series whose items are not a list", "market_product_demand_trend", { code: "OK", data: { items: 3 } }],
    ["facets that are not an object", "trademark_stats", { code: "OK", data: [] }],
    ["a facet whose counts are not a list", "trademark_stats", { code: "OK", data: { office: 7 } }],
  ];
  test.each(cases)("%s is malformed", (_, code, response) => {
    expect(() => parseResult(code, response, "r")).toThrow(MalformedResponseError);
  });

  test("what a malformed answer got wrong is said in the reader's language, for every shape", async () => {
    const detail = (code: OperationCode, data: unknown) => {
      try {
        parseResult(code, { code: "OK", data }, "r");
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`${code} was read`);
    };
    await setLocale("zh-CN");
    try {
      expect(detail("market_product_demand_trend", [])).toContain("data 应为带 items 的对象");
      expect(detail("market_product_demand_trend", { items: 3 })).toContain("data.items 应为列表");
      expect(detail("trademark_stats", [])).toContain("data 中每个维度都应为计数列表");
      expect(detail("trademark_stats", { office: 7 })).toContain("data.office 应为计数列表");
    } finally {
      await setLocale("en");
    }
    expect(detail("trademark_stats", [])).toContain("expected a list of counts for each facet in data");
    // The facet whose counts are wrong is named, as the other shapes name their field.
    expect(detail("trademark_stats", { office: 7 })).toContain("expected data.office to be a list of counts");
  });

  test("an error envelope throws its class", () => {
    expect(() =>
      parseResult("competitor_lookup", { code: "ERROR_VISIT_MAX", message: "接口访问次数已达上限", data: null }, "r"),
    ).toThrow(VisitMaxError);
  });
});
