/**
 * One typical request per operation, valid against the catalog at the given date: for the simulator's contract tests
 * and the preview's. Values echo the real fixtures (the same ASINs, keywords and category).
 */
import type { OperationCode } from "../../src/api/catalog";
import { latestSaturday, monthBefore } from "../../src/api/dates";
import type { ParamsOf } from "../../src/api/request-types";

export type ExampleRequests = { [C in OperationCode]: ParamsOf<C> };

export function exampleRequests(now: Date = new Date()): ExampleRequests {
  const lastMonth = monthBefore(now, 1);
  const node = "172282:281407";
  return {
    product_node: { marketplace: "US", keyword: "yoga" },
    competitor_lookup: { marketplace: "US", keyword: "phone stand" },
    product_research: { marketplace: "US", keyword: "bath rug" },
    keyword_conversion: { marketplace: "US", keyword: "phone stand" },
    keyword_research_trends: { marketplace: "US", keyword: "test" },
    traffic_extend: { marketplace: "US", asinList: ["B07Z82895W"] },
    market_product_concentration: { marketplace: "US", nodeIdPath: node },
    keyword_research: { marketplace: "US", keywords: "child" },
    keyword_research_department: { marketplace: "US" },
    keyword_order: { marketplace: "US", asins: ["B07Z82895W"], reverseType: "W", date: latestSaturday(now) },
    market_seller_concentration: { marketplace: "US", nodeIdPath: node },
    aba_research_weekly: { marketplace: "US", includeKeywords: "screen protector" },
    traffic_keyword: { marketplace: "US", asin: "B07Z82895W" },
    aba_research_monthly: { marketplace: "US", includeKeywords: "screen protector" },
    traffic_listing: { marketplace: "US", asinList: ["B0C2PQ4DKQ"], relations: ["vav"] },
    keyword_miner: { marketplace: "US", keyword: "child" },
    market_listing_trend_distribution: { marketplace: "US", nodeIdPath: node },
    traffic_source: { marketplace: "US", q: "B07Z82895W", month: lastMonth },
    market_seller_country_distribution: { marketplace: "US", nodeIdPath: node },
    market_ratings_count_distribution: { marketplace: "US", nodeIdPath: node },
    aba_research_trend: { marketplace: "US", keyword: "screen protector", timeGranularity: "M" },
    market_ebc_distribution: { marketplace: "US", nodeIdPath: node },
    market_brand_concentration: { marketplace: "US", nodeIdPath: node },
    market_research_statistics: { marketplace: "US", nodeIdPath: node },
    asin_detail: { marketplace: "US", asin: "B07Z82895W" },
    asin_coupon_trend: { marketplace: "US", asin: "B0DXTMS9NF" },
    asin_detail_with_coupon_trend: { marketplace: "US", asin: "B0DXTMS9NF" },
    asin_prediction: { marketplace: "US", asin: "B0DBY873G7" },
    asin_sales_trend: { marketplace: "US", asin: "B0DXTMS9NF" },
    bsr_prediction: { marketplace: "US", bsr: 1024, categoryId: "172282" },
    keepa_info: { marketplace: "US", asin: "B0DYL2DHVV" },
    traffic_keyword_stat: { marketplace: "US", asin: "B07Z82895W" },
    traffic_listing_stat: { marketplace: "US", asin: "B07Z82895W" },
    review: { marketplace: "US", asin: "B08GHW4TBS" },
    market_research: { marketplace: "US", nodeIdPath: "172282", minAvgUnits: 300, maxBrandCrn: 60 },
    market_seller_type_concentration: { marketplace: "US", nodeIdPath: node },
    market_product_demand_trend: { marketplace: "US", nodeIdPath: node },
    market_listing_date_distribution: { marketplace: "US", nodeIdPath: node },
    market_rating_distribution: { marketplace: "US", nodeIdPath: node },
    market_price_distribution: { marketplace: "US", nodeIdPath: node },
    google_trend: { marketplace: "US", keyword: "phone stand" },
    trademark_list: { office: ["US"], text: "anker" },
    trademark_stats: { office: ["US"], text: "anker" },
    trademark_detail: { office: "US", brandId: "US502022097612203" },
    trademark_country_list: {},
  };
}
