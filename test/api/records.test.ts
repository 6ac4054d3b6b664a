/**
 * The record field lists against the 21 real responses in shared/fixtures/api-examples: every key a live record
 * carries must be a documented field or a live-name alias (or the parser would drop a column), and each value's
 * JavaScript type must agree with the field's type (or tables would show wrong formats).
 */
import { readdirSync, readFileSync } from "fs";
import { join } from "path";
import { isOperationCode, operation } from "../../src/api/catalog";
import type { FieldSpec } from "../../src/api/catalog-types";
import {
  ABA_RESEARCH_FIELDS,
  ASIN_DETAIL_FIELDS,
  CATEGORY_STATISTICS_FIELDS,
  KEYWORD_MINING_FIELDS,
  KEYWORD_TREND_FIELDS,
  RECORD_FIELDS,
  REVIEW_FIELDS,
  type RecordFrom,
  type RecordName,
  TRAFFIC_KEYWORD_STATS_FIELDS,
} from "../../src/api/records";

type AbaResearchRecord = RecordFrom<typeof ABA_RESEARCH_FIELDS>;
type AsinDetailRecord = RecordFrom<typeof ASIN_DETAIL_FIELDS>;
type ReviewRecord = RecordFrom<typeof REVIEW_FIELDS>;
type CategoryStatisticsRecord = RecordFrom<typeof CATEGORY_STATISTICS_FIELDS>;
type KeywordMiningRecord = RecordFrom<typeof KEYWORD_MINING_FIELDS>;
type KeywordTrendRecord = RecordFrom<typeof KEYWORD_TREND_FIELDS>;
import type { RecordOf } from "../../src/api/request-types";
import { FIXTURE_DIR } from "./support/fixtures";

const fixtureFiles = readdirSync(FIXTURE_DIR).filter((f) => f.endsWith(".json"));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isPlainObject = (v: Json): v is { [key: string]: Json } =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** yyyy, yyyyMM, yyyyMMdd, yyyy.MM, yyyy-MM-dd, 2017年01月 */
const DATE_TEXT = /^(\d{4}([.-]?\d{2}([.-]?\d{2})?)?|\d{4}年\d{2}月)$/;

function valueProblem(spec: FieldSpec, value: Json, path: string): string[] {
  if (value === null) return [];
  if (spec.numberAsText && typeof value === "string" && Number.isFinite(Number(value))) return [];
  const wrong = (expected: string) => [`${path}: expected ${expected}, got ${JSON.stringify(value).slice(0, 60)}`];
  switch (spec.type) {
    case "string":
      return typeof value === "string" ? [] : wrong("string");
    case "dateText":
      return typeof value === "string" && DATE_TEXT.test(value) ? [] : wrong("date text");
    case "integer":
      return Number.isInteger(value) ? [] : wrong("integer");
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? [] : wrong("number");
    case "epochMs":
      return Number.isInteger(value) && (value as number) > 1e11 ? [] : wrong("epoch milliseconds");
    case "boolean":
      return typeof value === "boolean" ? [] : wrong("boolean");
    case "stringList":
      return Array.isArray(value) && value.every((x) => typeof x === "string") ? [] : wrong("list of strings");
    case "numberList":
      return Array.isArray(value) && value.every((x) => typeof x === "number") ? [] : wrong("list of numbers");
    case "stringListMap":
      return isPlainObject(value) &&
        Object.values(value).every((l) => Array.isArray(l) && l.every((x) => typeof x === "string"))
        ? []
        : wrong("map of string lists");
    case "valueItem":
      return isPlainObject(value) &&
        ["min", "max", "value"].every((k) => value[k] == null || typeof value[k] === "number")
        ? []
        : wrong("{min, max, value}");
    case "object":
      return isPlainObject(value) ? recordProblems(spec.fields ?? [], value, `${path}.`) : wrong("object");
    case "objectList":
      return Array.isArray(value)
        ? value.flatMap((x, k) =>
            isPlainObject(x) ? recordProblems(spec.fields ?? [], x, `${path}[${k}].`) : wrong("list of objects"),
          )
        : wrong("list of objects");
    case "unknown":
      return [];
  }
}

/** Every problem of one record: keys that are neither a field nor an alias, and values of the wrong type. */
function recordProblems(fields: readonly FieldSpec[], record: { [key: string]: Json }, path = ""): string[] {
  const byName = new Map<string, FieldSpec>();
  for (const f of fields) for (const name of [f.name, ...(f.aliases ?? [])]) byName.set(name, f);
  return Object.entries(record).flatMap(([key, value]) => {
    const spec = byName.get(key);
    return spec ? valueProblem(spec, value, path + key) : [`${path}${key}: not a field or alias`];
  });
}

function fixtureRecords(code: string): { records: { [key: string]: Json }[]; stats: Json[] } {
  if (!isOperationCode(code)) throw new Error(`fixture ${code}.json names no operation`);
  const data = (JSON.parse(readFileSync(join(FIXTURE_DIR, `${code}.json`), "utf8")) as { data: Json }).data;
  const shape = operation(code).shape;
  const rows =
    shape === "array"
      ? data
      : shape === "object"
        ? [data]
        : shape === "facets" && isPlainObject(data)
          ? Object.entries(data).flatMap(([facet, counts]) =>
              (Array.isArray(counts) ? counts : []).map((count) =>
                isPlainObject(count) ? { facet, ...count } : count,
              ),
            )
          : shape === "series" && isPlainObject(data) && Array.isArray(data.items)
            ? data.items.map((item) => {
                const { items: _items, ...common } = data;
                return isPlainObject(item) ? { ...common, ...item } : item;
              })
            : isPlainObject(data)
              ? data.items
              : null;
  if (!Array.isArray(rows) || !rows.every(isPlainObject))
    throw new Error(`${code}: data does not have the ${shape} shape`);
  const stats = shape === "itemsWithStats" && isPlainObject(data) && Array.isArray(data.stats) ? data.stats : [];
  return { records: rows as { [key: string]: Json }[], stats };
}

test("there are fixtures to check", () => expect(fixtureFiles.length).toBeGreaterThan(0));

describe.each(fixtureFiles.map((f) => f.replace(/\.json$/, "")))("fixture %s", (code) => {
  test("every record key is a field or alias of the operation's record, with a value of the field's type", () => {
    const { records } = fixtureRecords(code);
    expect(records.length).toBeGreaterThan(0);
    const fields = RECORD_FIELDS[operation(code as Parameters<typeof operation>[0]).record];
    expect(records.flatMap((r) => recordProblems(fields, r))).toEqual([]);
  });
});

test("traffic_keyword stats match TRAFFIC_KEYWORD_STATS_FIELDS", () => {
  const { stats } = fixtureRecords("traffic_keyword");
  expect(stats.length).toBeGreaterThan(0);
  expect(
    stats.flatMap((r) => (isPlainObject(r) ? recordProblems(TRAFFIC_KEYWORD_STATS_FIELDS, r) : ["not an object"])),
  ).toEqual([]);
});

test("the checker reports unknown keys and wrongly typed values", () => {
  const fields = RECORD_FIELDS.abaTrend;
  expect(recordProblems(fields, { date: 1709222400000, rank: 1.5, label: "202403", extra: 1 })).toEqual([
    "rank: expected integer, got 1.5",
    "extra: not a field or alias",
  ]);
  expect(recordProblems(RECORD_FIELDS.product, { subcategories: [{ code: "1", rank: "x" }] })).toEqual([
    'subcategories[0].rank: expected integer, got "x"',
  ]);
});

describe.each(Object.entries(RECORD_FIELDS) as [RecordName, readonly FieldSpec[]][])("record %s", (name, fields) => {
  test("names and aliases are unique at every level, and sentinels only sit where the docs put -1", () => {
    // -1 means "none" in price fields, in the value of a series point ({timePoint, value}: keepa's "no data")
    // and in keepa's page count of a book.
    const documented = (f: FieldSpec, list: readonly FieldSpec[]) =>
      /Price$/.test(f.name) ||
      (f.name === "value" && list.some((g) => g.name === "timePoint")) ||
      f.name === "numberOfPages";
    const check = (list: readonly FieldSpec[], at: string): string[] => {
      const names = list.flatMap((f) => [f.name, ...(f.aliases ?? [])]);
      const dupes = names.filter((x, k) => names.indexOf(x) !== k).map((x) => `${at}${x} twice`);
      const sentinels = list
        .filter((f) => f.noneSentinel !== undefined && !documented(f, list))
        .map((f) => `${at}${f.name} sentinel`);
      return [...dupes, ...sentinels, ...list.flatMap((f) => (f.fields ? check(f.fields, `${at}${f.name}.`) : []))];
    };
    expect(check(fields, `${name}.`)).toEqual([]);
  });
});

test("record types are derived from the lists with the spec's names", () => {
  // Compile-time: these keys must exist with these types (tsc checks the test tree).
  const trend: Pick<KeywordTrendRecord, "keywrod" | "time" | "search"> = {
    keywrod: "test",
    time: "2017年01月",
    search: 1,
  };
  const aba: Pick<AbaResearchRecord, "w12RankGrowthRate" | "departments"> = {
    w12RankGrowthRate: 0.2,
    departments: ["x"],
  };
  const mining: Pick<KeywordMiningRecord, "platformChoice" | "departments"> = {
    platformChoice: true,
    departments: [{ code: "hpc", label: null }],
  };
  const stats: Pick<CategoryStatisticsRecord, "nodeLabelPathLocale"> = { nodeLabelPathLocale: null };
  const product: Pick<RecordOf<"traffic_listing">, "platformUnit"> = { platformUnit: 2000 };
  // One product's records: day-only dates and prices are numbers (epoch ms, currency units), badges nested.
  const detail: Pick<AsinDetailRecord, "availableDate" | "price" | "badge"> = {
    availableDate: 1_584_288_000_000,
    price: 21.99,
    badge: { bestSeller: "N", platformChoice: "Y", newRelease: "N", ebc: "Y", video: "N" },
  };
  const review: Pick<ReviewRecord, "date" | "star" | "vine"> = { date: 1_772_380_800_000, star: 5, vine: false };
  // @ts-expect-error the live name is normalized away: records carry only the spec's names
  const live: Pick<KeywordMiningRecord, "amazonChoice"> = {};
  expect([trend, aba, mining, stats, product, detail, review, live]).toHaveLength(8);
  expect(RECORD_FIELDS.keywordMining.find((f) => f.name === "platformChoice")?.aliases).toEqual(["amazonChoice"]);
});
