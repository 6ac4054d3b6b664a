/**
 * Filters, order and paging over a universe of lazy rows. Range parameters (min<Name>/max<Name>) map to record
 * fields by name, with a short alias list where the service's parameter and field names differ; enum and text
 * parameters have one predicate each. A parameter this file cannot map is accepted and changes nothing.
 */
import type { AnyOperation } from "../../api/catalog";
import type { Param } from "../../api/params";
import type { Row } from "./row";

type Predicate = (row: Row) => boolean;
type Values = Readonly<Record<string, unknown>>;

const csvSet = (value: unknown): Set<string> =>
  new Set(
    (Array.isArray(value) ? value : String(value).split(","))
      .map((v) => String(v).trim().toLowerCase())
      .filter(Boolean),
  );
const lower = (value: unknown) => String(value ?? "").toLowerCase();
const anyIn = (value: unknown, set: Set<string>) => set.has(lower(value));
/** The text a keyword filter reads: the record's keyword, or a product's title. */
const textOf = (row: Row) => lower(row.fields.some((f) => f.name === "title") ? row.get("title") : row.get("_keyword"));
const containsAny = (row: Row, value: unknown) => [...csvSet(value)].some((word) => textOf(row).includes(word));
const badgeSet = (row: Row, key: string) => lower((row.get("badge") as Record<string, unknown> | null)?.[key]);

/** One predicate per filter parameter, built from the parameter's value (and the request's other values). */
const FILTERS: Record<string, (value: unknown, params: Values, now: number) => Predicate | undefined> = {
  // Phrase and exact match keep the records that contain the keyword as a phrase; 2 (fuzzy/broad) keeps all.
  matchType: (value) => (Number(value) === 2 ? undefined : (row) => row.get("_tier") === "phrase"),
  // Only where the keyword is not what the universe is about (traffic keywords of one product).
  keyword: (value) => (row) => row.scenario.topic !== undefined || textOf(row).includes(lower(value)),
  includeKeywords: (value, params) =>
    params.exactFlag === true && typeof value === "string"
      ? (row) => textOf(row) === lower(value)
      : (row) => containsAny(row, value),
  excludeKeywords: (value) => (row) => !containsAny(row, value),
  fulfillment: (value) => (row) =>
    row.fields.some((f) => f.name === "fbaProportion")
      ? [...csvSet(value)].some((way) => row.num(`${way === "amz" ? "amazonSelf" : way}Proportion`) >= 33)
      : anyIn(row.get("fulfillment"), csvSet(value)),
  dimensionType: (value) => (row) => anyIn(row.get("dimensionsType"), csvSet(value)),
  sellerNation: (value) => (row) => anyIn(row.get("sellerNation"), csvSet(value)),
  includeBrands: (value) => (row) => anyIn(row.get("brand"), csvSet(value)),
  excludeBrands: (value) => (row) => !anyIn(row.get("brand"), csvSet(value)),
  includeSellers: (value) => (row) => anyIn(row.get("sellerName"), csvSet(value)),
  excludeSellers: (value) => (row) => !anyIn(row.get("sellerName"), csvSet(value)),
  badgeBS: (value) =>
    value === "Y"
      ? (row) => badgeSet(row, "bestSeller").startsWith("#") || badgeSet(row, "bestSeller") === "y"
      : undefined,
  badgeAC: (value) => (value === "Y" ? (row) => !["", "n", "null"].includes(badgeSet(row, "amazonChoice")) : undefined),
  badgeNR: (value) => (value === "Y" ? (row) => badgeSet(row, "newRelease") === "y" : undefined),
  availableMonth: (value, _params, now) => (row) =>
    row.num("availableDate") >= now - Number(value) * 30.44 * 86_400_000,
  conversionType: (value) => (row) => anyIn(row.get("conversionType"), csvSet(value)),
  badges: (value) => (row) =>
    ((row.get("badges") as string[] | null) ?? []).some((b) => csvSet(value).has(b.toLowerCase())),
  trafficKeywordTypes: (value) => (row) => anyIn(row.get("trafficKeywordType"), csvSet(value)),
  conversionKeywordTypes: (value) => (row) => anyIn(row.get("conversionKeywordType"), csvSet(value)),
  amazonChoice: (value) =>
    value === true
      ? (row) =>
          row.fields.some((f) => f.name === "platformChoice")
            ? row.get("platformChoice") === true
            : ((row.get("badges") as string[]) ?? []).includes("AC")
      : undefined,
  marketPeriod: (value) => (row) =>
    String(row.get("marketPeriod"))
      .split(",")
      .some((code) => csvSet(value).has(code.toLowerCase())),
  filterRootWord: (value) => (Number(value) === 1 ? (row) => row.num("_wordCount") <= 2 : undefined),
  withYearlyGrowth: (value) => (value === true ? (row) => row.num("searchMonthlyCr") > 0 : undefined),
  rankGrowthValue: (value) => (row) => row.num("searchRankGrowthValue") >= Number(value),
  rankGrowthRate: (value) => (row) => row.num("searchRankGrowthRate") >= Number(value),
  // Niches: the country most sellers come from; a fulfillment is one that holds at least a third of the niche.
  sellerLocation: (value) => (row) => anyIn(row.get("sellerNation"), csvSet(value)),
  // Trademarks: list filters, each value one of the trademark's.
  brandName: (value) => (row) => listHasAny(row, "brandName", value),
  status: (value) => (row) => anyIn(row.get("status"), csvSet(value)),
  applicant: (value) => (row) => listHasAny(row, "applicant", value),
  niceClass: (value) => (row) => listHasAny(row, "niceClass", value),
  applicationYear: (value) => (row) => csvSet(value).has(String(row.get<string>("applicationDate")).slice(0, 4)),
  expiryYear: (value) => (row) =>
    csvSet(value).has(String(Number(String(row.get("applicationDate")).slice(0, 4)) + 10)),
};

/** Whether a record's list field holds any of the values (case-insensitive). */
function listHasAny(row: Row, field: string, value: unknown): boolean {
  const wanted = csvSet(value);
  return ((row.get(field) as unknown[] | null) ?? []).some((item) => wanted.has(lower(item)));
}

/** Parameters that filter rather than define the universe (kept out of the data seed). */
export const FILTER_PARAMS: readonly string[] = [...Object.keys(FILTERS), "keywords", "exactFlag"];

/** Range base name -> field path, where lower-casing the first letter is not enough. */
const RANGE_ALIASES: Record<string, Record<string, string>> = {
  "*": {
    Search: "searches",
    PurchasesRate: "purchaseRate",
    SPR: "spr",
    UnitsCr: "unitsGr",
    SearchesCr: "growth",
    SearchMonthCv: "searchMonthlyCv",
    SearchMonthCr: "searchMonthlyCr",
    WordCount: "_wordCount",
  },
  product: { SubBsrRank: "subcategories.0.rank", AmzUnit: "platformUnit" },
  keywordConversion: {
    Ppc: "exactPpc.value",
    Cpa: "exactCpa.value",
    ProductPrice: "avgProductPrice.value",
    Acos: "exactAcos.value",
    Budget: "exactBudget.value",
  },
  extendedTrafficKeyword: {
    SearchRank: "searchesRank",
    ConversionRate: "top3ConversionRate",
    Competitors: "latest30daysAds",
  },
  keywordResearch: { Rating: "avgRating", Ratings: "avgRatings" },
  keywordMining: { Price: "avgPrice", Rating: "avgRating", Ratings: "avgRatings" },
  niche: {
    GoodsCount: "totalProducts",
    GoodsCrn: "_goodsCrn",
    BrandCrn: "brandConcentration",
    SellerCrn: "_sellerCrn",
    NewProportion: "newProductRatio",
    NewCount: "_newCount",
    TopAvgUnits: "_topAvgUnits",
    TopAvgRevenue: "_topAvgRevenue",
    TopAvgBsr: "_topAvgBsr",
  },
  abaResearch: {
    RankGrowthRate: "searchRankGrowthRate",
    MonopolyClickRate: "clickShareRate",
    ConversionRate: "purchaseRate",
    SPR: "cprExact",
    TitleDensity: "titleDensityExact",
  },
};

/** The field a range or sort name refers to in this record, or undefined when it has none. */
function fieldPath(
  op: AnyOperation,
  fields: readonly { name: string }[],
  candidates: readonly (string | undefined)[],
): string | undefined {
  const has = (path: string) => path.startsWith("_") || fields.some((f) => f.name === path.split(".")[0]);
  return candidates.find((c): c is string => typeof c === "string" && has(c));
}

function rangeField(op: AnyOperation, fields: readonly { name: string }[], base: string): string | undefined {
  const first = base[0].toLowerCase() + base.slice(1);
  return fieldPath(op, fields, [
    RANGE_ALIASES[op.record]?.[base],
    RANGE_ALIASES["*"][base],
    first,
    `avg${base}`,
    `${first}s`,
  ]);
}

export function buildFilters(
  op: AnyOperation,
  fields: readonly { name: string }[],
  params: Values,
  now: number,
): Predicate[] {
  const out: Predicate[] = [];
  for (const p of op.params as readonly Param[]) {
    const value = params[p.name];
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    if (p.role === "rangeMin" || p.role === "rangeMax") {
      const path = rangeField(op, fields, p.range ?? "");
      const bound = Number(value);
      if (!path) continue;
      out.push(
        p.role === "rangeMin" ? (row) => num(row.getPath(path)) >= bound : (row) => num(row.getPath(path)) <= bound,
      );
    } else {
      const predicate = FILTERS[p.name]?.(value, params, now);
      if (predicate) out.push(predicate);
    }
  }
  return out;
}

/** Null (unavailable) never satisfies a range. */
const num = (value: unknown) => (typeof value === "number" ? value : Number.NaN);

/** order.field -> record field (snake_case sort names of the service, or a field name as is). */
const SORT_ALIASES: Record<string, string> = {
  total_units: "units",
  total_amount: "revenue",
  bsr_rank: "bsr",
  reviews: "ratings",
  reviews_rate: "ratingsRate",
  available_date: "availableDate",
  total_units_growth: "unitsGr",
  reviews_increasement: "ratingsCv",
  bsr_rank_cv: "bsrCv",
  amz_unit: "platformUnit",
  searches_growth: "growth",
  yearly_growth_rate: "searchMonthlyCr",
  growth_rate_trend_min: "searchNearlyCr",
  monopoly_click_rate: "araClickRate",
  goods_value: "goodsValue",
  rankPosition: "rankPosition.position",
  adPosition: "adPosition.position",
  createdTime: "updatedTime",
  searchfrequencyrank: "searchRank",
};

export function sortField(
  op: AnyOperation,
  fields: readonly { name: string }[],
  field: string | undefined,
): string | undefined {
  if (!field) return undefined;
  const camel = field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return fieldPath(op, fields, [SORT_ALIASES[field], field, camel]);
}

/** Sorts rows by a field; unavailable values last in either direction, ties in natural order. */
export function sortRows(rows: Row[], path: string, desc: boolean): Row[] {
  const keyed = rows.map((row) => ({ row, key: row.getPath(path) }));
  keyed.sort((a, b) => {
    const an = a.key === null || a.key === undefined;
    const bn = b.key === null || b.key === undefined;
    if (an || bn) return an === bn ? a.row.index - b.row.index : an ? 1 : -1;
    const cmp =
      typeof a.key === "number" && typeof b.key === "number"
        ? a.key - b.key
        : String(a.key).localeCompare(String(b.key));
    return (desc ? -cmp : cmp) || a.row.index - b.row.index;
  });
  return keyed.map((k) => k.row);
}
