/**
 * From a validated request to the Scenario its data is drawn from. The seed covers the operation and the
 * parameters that say what the query is about (market, keyword, products, category, month...), but not paging,
 * order or filters: filters narrow one deterministic universe, so a filtered total is never above the unfiltered one.
 */
import { AnyOperation, OperationCode } from "../../api/catalog";
import { MARKETPLACE_ALIASES, MARKETPLACES, Marketplace } from "../../api/catalog-types";
import type { RecordName } from "../../api/records";
import { latestSaturday } from "../../api/dates";
import { hashString, Rng } from "./prng";
import type { Domain, Scenario } from "./row";
import { isKnownAsin } from "./product-identity";
import { categoryFromPath, lastCompleteMonth } from "./values";
import { FILTER_PARAMS } from "./query";

/** Universe sizes (records before filters) per paged operation; live totals range from a handful to thousands. */
const UNIVERSE_SIZE: Partial<Record<OperationCode, readonly [number, number]>> = {
  competitor_lookup: [50, 3000],
  product_research: [2200, 5000],
  keyword_conversion: [50, 1500],
  traffic_extend: [80, 2000],
  keyword_research: [300, 5000],
  keyword_order: [20, 300],
  aba_research_weekly: [1500, 5000],
  aba_research_monthly: [1500, 5000],
  traffic_keyword: [100, 3000],
  traffic_listing: [50, 1000],
  keyword_miner: [100, 4000],
  traffic_source: [1, 12],
  trademark_list: [3, 400],
};

const DOMAIN: Record<RecordName, Domain> = {
  product: "product",
  trafficSource: "product",
  keywordConversion: "keyword",
  keywordTrend: "keyword",
  extendedTrafficKeyword: "keyword",
  productTrafficKeyword: "keyword",
  keywordResearch: "keyword",
  keywordMining: "keyword",
  orderWord: "keyword",
  abaResearch: "aba",
  abaTrend: "aba",
  productConcentration: "market",
  sellerConcentration: "market",
  brandConcentration: "market",
  listingTrend: "market",
  sellerCountry: "market",
  ratingCount: "market",
  aplusVideo: "market",
  categoryStatistics: "market",
  categoryNode: "market",
  department: "keyword",
  // One product's records come from its profile (asin.ts), not from row generators.
  asinDetail: "product",
  couponTrend: "product",
  asinWithCoupons: "product",
  salesEstimate: "product",
  salesTrend: "product",
  bsrSales: "product",
  keepa: "product",
  keywordStat: "product",
  listingStat: "product",
  review: "product",
  niche: "market",
  sellerType: "market",
  demandTrend: "market",
  listingAge: "market",
  ratingBand: "market",
  priceBand: "market",
  googleTrend: "keyword",
  trademark: "trademark",
  trademarkDetail: "trademark",
  trademarkFacet: "trademark",
  trademarkOffice: "trademark",
};

const NOT_IDENTITY = new Set(["page", "size", "order", "marketplace", ...FILTER_PARAMS]);
const ASIN_PATTERN = /^[A-Z0-9]{10}$/;

function normalizeMarket(value: unknown): Marketplace {
  const code = String(value ?? "US")
    .trim()
    .toUpperCase();
  return (
    MARKETPLACE_ALIASES[code] ?? (MARKETPLACES.find((m) => m.code === code)?.code as Marketplace | undefined) ?? "US"
  );
}

/** Operations whose universe is one product's (or a few products') traffic: a keyword there is a filter. */
function isAsinAnchored(op: AnyOperation): boolean {
  return op.params.some((p) => p.required && p.pattern === "asin");
}

const cleanTopic = (text: unknown) =>
  typeof text === "string" && text.trim() ? text.trim().toLowerCase().replace(/\s+/g, " ") : undefined;

function topicOf(op: AnyOperation, params: Record<string, unknown>, asins: readonly string[]): string | undefined {
  if (isAsinAnchored(op)) return undefined;
  const q = typeof params.q === "string" && !asins.includes(params.q.trim().toUpperCase()) ? params.q : undefined;
  const list = Array.isArray(params.keywordList) ? params.keywordList[0] : undefined;
  const include = typeof params.includeKeywords === "string" ? params.includeKeywords : undefined;
  return cleanTopic(params.keyword ?? params.keywords ?? params.text ?? include ?? q ?? list);
}

function asinsOf(params: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of ["asins", "asinList"]) if (Array.isArray(params[key])) out.push(...(params[key] as string[]));
  if (typeof params.asin === "string") out.push(params.asin);
  if (typeof params.q === "string" && ASIN_PATTERN.test(params.q.trim().toUpperCase())) out.push(params.q);
  return out.map((a) => a.trim().toUpperCase());
}

/** A stable text of the identity parameters (sorted keys, lower-case strings, sorted lists). */
function identityKey(
  op: AnyOperation,
  market: string,
  topic: string | undefined,
  params: Record<string, unknown>,
): string {
  const ranges = new Set<string>(
    op.params.filter((p) => p.role === "rangeMin" || p.role === "rangeMax").map((p) => p.name),
  );
  const entries = Object.keys(params)
    .filter(
      (k) =>
        !NOT_IDENTITY.has(k) && !ranges.has(k) && params[k] !== undefined && params[k] !== null && params[k] !== "",
    )
    .sort()
    .map((k) => {
      const v = params[k];
      if (Array.isArray(v)) return [k, v.map((x) => String(x).toLowerCase()).sort()];
      return [k, typeof v === "string" ? v.trim().toLowerCase() : v];
    });
  return JSON.stringify([op.code, market, topic ?? "", entries]);
}

export function scenarioFor(op: AnyOperation, params: Record<string, unknown>, now: number): Scenario {
  const market = normalizeMarket(params.marketplace);
  const asins = asinsOf(params);
  const topic = topicOf(op, params, asins);
  const key = identityKey(op, market, topic, params);
  const seed = hashString(key);
  const paths = Array.isArray(params.nodeIdPaths)
    ? (params.nodeIdPaths as string[])
    : typeof params.nodeIdPath === "string"
      ? [params.nodeIdPath]
      : [];
  const monthParam = [params.month, params.historyDate, params.date].find(
    (v) => typeof v === "string" && /^\d{6}$/.test(v),
  ) as string | undefined;
  const weekParam = typeof params.date === "string" && /^\d{8}$/.test(params.date) ? params.date : undefined;
  const [min, max] = UNIVERSE_SIZE[op.code] ?? [0, 0];
  const rng = new Rng(seed);
  let universeSize = rng.logUniform(Math.max(1, min), Math.max(1, max));
  // A keyword narrows the query: fewer records than the same query without one (where the keyword is optional).
  if (topic && !["keyword_conversion", "keyword_miner"].includes(op.code))
    universeSize = Math.max(Math.min(min, 20), Math.round(universeSize / 4));
  // A product the simulator does not know has no traffic, keywords or relations (./product-identity.ts).
  if (isAsinAnchored(op) && asins.length > 0 && !asins.some(isKnownAsin)) universeSize = 0;
  return {
    code: op.code,
    record: op.record,
    domain: DOMAIN[op.record],
    market,
    currency: MARKETPLACES.find((m) => m.code === market)!.currency,
    now,
    seed,
    universeSize,
    topic,
    asins,
    category: paths[0] ? categoryFromPath(paths[0]) : undefined,
    exactCategory: params.nodeIdPathEqual === true,
    month: monthParam,
    dataMonth: monthParam ?? lastCompleteMonth(now),
    week: weekParam ?? latestSaturday(new Date(now)),
    params,
  };
}

/** The cache key of a scenario's universe: its identity and the day (dates in records follow the clock). */
export const universeKey = (s: Scenario) =>
  `${s.code}|${s.seed}|${s.dataMonth}|${s.week}|${Math.floor(s.now / 86_400_000)}`;
