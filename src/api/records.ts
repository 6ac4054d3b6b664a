/**
 * Record types of the service's responses, as field lists. The field lists drive parsing (live-name aliases,
 * -1 sentinels), table shaping (stable column order, number formats) and the simulator's data; the TypeScript
 * record types are derived from them, so a field is described once. The lists live in ./records/*.ts by group.
 */
import type { FieldSpec } from "./catalog-types";
import { ABA_RESEARCH_FIELDS, ABA_TREND_FIELDS } from "./records/aba";
import {
  EXTENDED_TRAFFIC_KEYWORD_FIELDS,
  KEYWORD_CONVERSION_FIELDS,
  KEYWORD_MINING_FIELDS,
  KEYWORD_RESEARCH_FIELDS,
  KEYWORD_TREND_FIELDS,
  ORDER_WORD_FIELDS,
  PRODUCT_TRAFFIC_KEYWORD_FIELDS,
} from "./records/keyword";
import {
  APLUS_VIDEO_FIELDS,
  BRAND_CONCENTRATION_FIELDS,
  CATEGORY_STATISTICS_FIELDS,
  LISTING_TREND_FIELDS,
  PRODUCT_CONCENTRATION_FIELDS,
  RATING_COUNT_FIELDS,
  SELLER_CONCENTRATION_FIELDS,
  SELLER_COUNTRY_FIELDS,
} from "./records/market";
import { CATEGORY_NODE_FIELDS, PRODUCT_FIELDS, TRAFFIC_SOURCE_FIELDS } from "./records/product";

export * from "./records/fields";
export * from "./records/product";
export * from "./records/keyword";
export * from "./records/aba";
export * from "./records/market";

export type RecordName =
  | "product"
  | "keywordConversion"
  | "keywordTrend"
  | "extendedTrafficKeyword"
  | "productTrafficKeyword"
  | "keywordResearch"
  | "keywordMining"
  | "orderWord"
  | "abaResearch"
  | "abaTrend"
  | "trafficSource"
  | "productConcentration"
  | "sellerConcentration"
  | "brandConcentration"
  | "listingTrend"
  | "sellerCountry"
  | "ratingCount"
  | "aplusVideo"
  | "categoryStatistics"
  | "categoryNode";

/** Every record type by name; the catalog's `record` refers to these names. The compiler checks coverage. */
export const RECORD_FIELDS = {
  product: PRODUCT_FIELDS,
  keywordConversion: KEYWORD_CONVERSION_FIELDS,
  keywordTrend: KEYWORD_TREND_FIELDS,
  extendedTrafficKeyword: EXTENDED_TRAFFIC_KEYWORD_FIELDS,
  productTrafficKeyword: PRODUCT_TRAFFIC_KEYWORD_FIELDS,
  keywordResearch: KEYWORD_RESEARCH_FIELDS,
  keywordMining: KEYWORD_MINING_FIELDS,
  orderWord: ORDER_WORD_FIELDS,
  abaResearch: ABA_RESEARCH_FIELDS,
  abaTrend: ABA_TREND_FIELDS,
  trafficSource: TRAFFIC_SOURCE_FIELDS,
  productConcentration: PRODUCT_CONCENTRATION_FIELDS,
  sellerConcentration: SELLER_CONCENTRATION_FIELDS,
  brandConcentration: BRAND_CONCENTRATION_FIELDS,
  listingTrend: LISTING_TREND_FIELDS,
  sellerCountry: SELLER_COUNTRY_FIELDS,
  ratingCount: RATING_COUNT_FIELDS,
  aplusVideo: APLUS_VIDEO_FIELDS,
  categoryStatistics: CATEGORY_STATISTICS_FIELDS,
  categoryNode: CATEGORY_NODE_FIELDS,
} as const satisfies Record<RecordName, readonly FieldSpec[]>;
