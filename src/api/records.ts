/**
 * Record types of the service's responses, as field lists. The field lists drive parsing (live-name aliases,
 * -1 sentinels), table shaping (stable column order, number formats) and the simulator's data; the TypeScript
 * record types are derived from them, so a field is described once. The lists live in ./records/<group>.ts,
 * beside the group's operations in ./catalog/<group>.ts.
 */
import type { FieldSpec } from "./catalog-types";
import { ABA_RECORDS } from "./records/aba";
import { ASIN_RECORDS } from "./records/asin";
import { KEYWORD_RECORDS } from "./records/keyword";
import { MARKET_RECORDS } from "./records/market";
import { PRODUCT_RECORDS } from "./records/product";
import { TRADEMARK_RECORDS } from "./records/trademark";
import { TRENDS_RECORDS } from "./records/trends";

export * from "./records/fields";
export * from "./records/product";
export * from "./records/keyword";
export * from "./records/aba";
export * from "./records/market";
export * from "./records/asin";
export * from "./records/asin-history";
export * from "./records/trends";
export * from "./records/trademark";

/** Every record type by name, from each group's records; the catalog's `record` refers to these names. */
export const RECORD_FIELDS = {
  ...PRODUCT_RECORDS,
  ...KEYWORD_RECORDS,
  ...ABA_RECORDS,
  ...MARKET_RECORDS,
  ...ASIN_RECORDS,
  ...TRENDS_RECORDS,
  ...TRADEMARK_RECORDS,
} as const satisfies Readonly<Record<string, readonly FieldSpec[]>>;

export type RecordName = keyof typeof RECORD_FIELDS;

/**
 * What tells one row of a record from the others across two answers (a product by its ASIN, a keyword, a brand, a
 * trademark by its id; a dated series by its date): columns of the record (dotted for nested fields, as headers
 * show them), joined when one is not enough. The team relay's alerts key rows by it, so `new rows`, `gone rows`
 * and `change` compare the same row from one run to the next. A new record needs its line here (the compiler asks).
 */
export const RECORD_KEYS: { readonly [R in RecordName]: readonly string[] } = {
  product: ["asin"],
  categoryNode: ["nodeIdPath"],
  keywordConversion: ["keyword"],
  keywordTrend: ["time"],
  extendedTrafficKeyword: ["keyword"],
  productTrafficKeyword: ["keyword"],
  keywordResearch: ["keywords"],
  keywordMining: ["keyword"],
  department: ["code"],
  orderWord: ["asin", "keyword"],
  trafficSource: ["asinInfo.asin"],
  abaResearch: ["keyword"],
  abaTrend: ["date"],
  productConcentration: ["asin"],
  sellerConcentration: ["sellerName"],
  brandConcentration: ["brand"],
  listingTrend: ["label"],
  sellerCountry: ["country"],
  ratingCount: ["label"],
  aplusVideo: ["label"],
  categoryStatistics: ["nodeIdPath"],
  niche: ["nodeIdPath"],
  sellerType: ["label"],
  demandTrend: ["date"],
  listingAge: ["label"],
  ratingBand: ["label"],
  priceBand: ["label"],
  asinDetail: ["asin"],
  couponTrend: ["date", "type"],
  asinWithCoupons: ["asin.asin"],
  salesEstimate: ["asinDetail.asin"],
  salesTrend: ["asin.asin"],
  bsrSales: ["bsr"],
  keepa: ["asin"],
  keywordStat: ["asin"],
  listingStat: ["asin"],
  review: ["date", "author", "title"],
  googleTrend: ["time"],
  trademark: ["id"],
  trademarkDetail: ["id"],
  trademarkFacet: ["facet", "key"],
  trademarkOffice: ["office"],
};
