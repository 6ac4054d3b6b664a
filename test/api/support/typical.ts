/**
 * A typical call of every operation, written by hand: the parameters a user would give and the JSON body the
 * client must send for them (a JSON body, or the query of a GET operation; normalized: marketplace upper-cased with GB -> UK, text trimmed, ASINs upper-cased,
 * empty values left out). `Record<OperationCode, ...>` makes the compiler demand every operation.
 */
import type { OperationCode } from "../../../src/api/catalog";
import type { ParamsOf } from "../../../src/api/request-types";

/** The clock of these calls: a Sunday, so 20250802 is the latest Saturday and 202507 the previous month. */
export const NOW = new Date("2025-08-10T12:00:00Z");

/** `path`: the concrete path, for an operation with parameters in its path (the catalog's is a template). */
export type TypicalCall<C extends OperationCode> = {
  params: ParamsOf<C>;
  body: Record<string, unknown>;
  path?: string;
};

export const TYPICAL: { [C in OperationCode]: TypicalCall<C> } = {
  asin_detail: {
    params: { marketplace: "gb", asin: " b07z82895w ", month: "202507" },
    body: { month: "202507" },
    path: "/v1/asin/UK/B07Z82895W",
  },
  asin_coupon_trend: {
    params: { marketplace: "us", asin: "B0DXTMS9NF" },
    body: {},
    path: "/v1/asin/US/B0DXTMS9NF/coupon-trend",
  },
  asin_detail_with_coupon_trend: {
    params: { marketplace: "US", asin: "b0dxtms9nf" },
    body: {},
    path: "/v1/asin/US/B0DXTMS9NF/with-coupon-trend",
  },
  asin_prediction: {
    params: { marketplace: "us", asin: "B0DBY873G7" },
    body: { marketplace: "US", asin: "B0DBY873G7" },
  },
  asin_sales_trend: {
    params: { marketplace: "JP", asin: "B0DXTMS9NF" },
    body: {},
    path: "/v1/asin/JP/B0DXTMS9NF/sales-trend",
  },
  bsr_prediction: {
    params: { marketplace: "US", bsr: 2, categoryId: "11260432011:11260433011" },
    body: { marketplace: "US", bsr: "2", categoryId: "11260432011" },
  },
  keepa_info: {
    params: { marketplace: "US", asin: "B0DYL2DHVV", startTimestamp: 1735689600000, dailyLatest: true },
    body: { startTimestamp: "1735689600000", dailyLatest: "true" },
    path: "/v1/keepa/US/B0DYL2DHVV",
  },
  traffic_keyword_stat: {
    params: { marketplace: "US", asin: "B07Z82895W" },
    body: {},
    path: "/v1/traffic/keyword/stat/US/B07Z82895W",
  },
  traffic_listing_stat: {
    params: { marketplace: "de", asin: "B07Z82895W" },
    body: {},
    path: "/v1/traffic/listing/stat/DE/B07Z82895W",
  },
  review: {
    params: { marketplace: "US", asin: "b08ghw4tbs", starList: [1, 2], typeList: [1], size: 10 },
    body: { marketplace: "US", asin: "B08GHW4TBS", starList: [1, 2], typeList: [1], size: 10 },
  },
  keyword_research_department: {
    params: { marketplace: "us" },
    body: { marketplace: "US" },
  },
  product_node: {
    params: { marketplace: "us", keyword: " yoga mat " },
    body: { marketplace: "US", keyword: "yoga mat" },
  },
  competitor_lookup: {
    params: {
      marketplace: "us",
      asins: ["b0dgvp84b5", " B0DGVP84B6 "],
      month: "202507",
      order: { field: "total_units", desc: true },
      page: 1,
      size: 50,
    },
    body: {
      marketplace: "US",
      asins: ["B0DGVP84B5", "B0DGVP84B6"],
      month: "202507",
      order: { field: "total_units", desc: true },
      page: 1,
      size: 50,
    },
  },
  product_research: {
    params: {
      marketplace: "US",
      keyword: " bath rug ",
      minPrice: 10,
      maxPrice: 40,
      minUnits: 300,
      dimensionType: "LS, SO",
      badgeBS: "y",
      nodeIdPathEqual: false,
      excludeBrands: "",
      size: 100,
    },
    body: {
      marketplace: "US",
      keyword: "bath rug",
      minPrice: 10,
      maxPrice: 40,
      minUnits: 300,
      dimensionType: "LS,SO",
      badgeBS: "Y",
      nodeIdPathEqual: false,
      size: 100,
    },
  },
  keyword_conversion: {
    params: { marketplace: "US", keyword: "phone stand", timeType: "WEEK", minSearches: 1000, size: 50 },
    body: { marketplace: "US", keyword: "phone stand", timeType: "WEEK", minSearches: 1000, size: 50 },
  },
  keyword_research_trends: {
    params: { marketplace: "US", keyword: "test" },
    body: { marketplace: "US", keyword: "test" },
  },
  traffic_extend: {
    params: {
      marketplace: "US",
      asinList: ["B07Z82895W"],
      historyDate: "202506",
      queryType: 2,
      amazonChoice: true,
      minSearches: 500,
      page: 1,
      size: 50,
    },
    body: {
      marketplace: "US",
      asinList: ["B07Z82895W"],
      historyDate: "202506",
      queryType: 2,
      amazonChoice: true,
      minSearches: 500,
      page: 1,
      size: 50,
    },
  },
  market_product_concentration: {
    params: { marketplace: "US", nodeIdPath: "172282:281407", month: "202507", topN: 10 },
    body: { marketplace: "US", nodeIdPath: "172282:281407", month: "202507", topN: 10 },
  },
  keyword_research: {
    params: {
      marketplace: "US",
      keywords: "child",
      month: "202507",
      marketPeriod: "N,S12",
      minSearches: 10000,
      order: { field: "searches", desc: true },
      size: 15,
    },
    body: {
      marketplace: "US",
      keywords: "child",
      month: "202507",
      marketPeriod: "N,S12",
      minSearches: 10000,
      order: { field: "searches", desc: true },
      size: 15,
    },
  },
  keyword_order: {
    params: {
      marketplace: "US",
      asins: ["B07F8S18D5"],
      reverseType: "W",
      date: "20250802",
      conversionType: ["E", "S"],
      size: 50,
    },
    body: {
      marketplace: "US",
      asins: ["B07F8S18D5"],
      reverseType: "W",
      date: "20250802",
      conversionType: ["E", "S"],
      size: 50,
    },
  },
  market_seller_concentration: {
    params: { marketplace: "DE", nodeIdPath: "172282:281407" },
    body: { marketplace: "DE", nodeIdPath: "172282:281407" },
  },
  aba_research_weekly: {
    params: { marketplace: "US", date: "20250802", includeKeywords: "screen protector", searchModel: 1, size: 40 },
    body: { marketplace: "US", date: "20250802", includeKeywords: "screen protector", searchModel: 1, size: 40 },
  },
  traffic_keyword: {
    params: {
      marketplace: "US",
      asin: "b07z82895w",
      badges: ["naturalSearching", "sponsorVideo"],
      order: { field: "rankPosition", desc: false },
      page: 2,
      size: 100,
    },
    body: {
      marketplace: "US",
      asin: "B07Z82895W",
      badges: ["naturalSearching", "sponsorVideo"],
      order: { field: "rankPosition", desc: false },
      page: 2,
      size: 100,
    },
  },
  aba_research_monthly: {
    params: {
      marketplace: "US",
      date: "202507",
      minSearches: 5000,
      order: { field: "searches", desc: true },
      size: 15,
    },
    body: { marketplace: "US", date: "202507", minSearches: 5000, order: { field: "searches", desc: true }, size: 15 },
  },
  traffic_listing: {
    params: { marketplace: "US", asinList: ["B0C2PQ4DKQ"], relations: ["vav", "fbt"], variations: true, size: 50 },
    body: { marketplace: "US", asinList: ["B0C2PQ4DKQ"], relations: ["vav", "fbt"], variations: true, size: 50 },
  },
  keyword_miner: {
    params: {
      marketplace: "US",
      keyword: "child",
      minRelevancy: 50,
      maxRelevancy: 100,
      order: { field: "searches", desc: true },
      size: 100,
    },
    body: {
      marketplace: "US",
      keyword: "child",
      minRelevancy: 50,
      maxRelevancy: 100,
      order: { field: "searches", desc: true },
      size: 100,
    },
  },
  market_listing_trend_distribution: {
    params: { marketplace: "US", nodeIdPath: "172282:281407", newProduct: 6 },
    body: { marketplace: "US", nodeIdPath: "172282:281407", newProduct: 6 },
  },
  traffic_source: {
    params: { marketplace: "US", q: "B07Z82895W", month: "202507" },
    body: { marketplace: "US", q: "B07Z82895W", month: "202507" },
  },
  market_seller_country_distribution: {
    params: { marketplace: "gb", nodeIdPath: "172282:281407" },
    body: { marketplace: "UK", nodeIdPath: "172282:281407" },
  },
  market_ratings_count_distribution: {
    params: { marketplace: "US", nodeIdPath: "172282:281407", month: "202507" },
    body: { marketplace: "US", nodeIdPath: "172282:281407", month: "202507" },
  },
  aba_research_trend: {
    params: { marketplace: "US", keyword: "phone stand", timeGranularity: "M" },
    body: { marketplace: "US", keyword: "phone stand", timeGranularity: "M" },
  },
  market_ebc_distribution: {
    params: { marketplace: "US", nodeIdPath: "172282:281407" },
    body: { marketplace: "US", nodeIdPath: "172282:281407" },
  },
  market_brand_concentration: {
    params: { marketplace: "JP", nodeIdPath: "172282:281407", topN: 10 },
    body: { marketplace: "JP", nodeIdPath: "172282:281407", topN: 10 },
  },
  market_research_statistics: {
    params: { marketplace: "US", nodeIdPath: "172282:281407" },
    body: { marketplace: "US", nodeIdPath: "172282:281407" },
  },
  market_research: {
    params: {
      marketplace: "mx",
      month: "20250715",
      nodeIdPath: " 172282 ",
      minAvgUnits: 300,
      maxBrandCrn: 60,
      minAvgPrice: 10,
      fulfillment: "fba, fbm",
      order: { field: "total_units", desc: true },
      page: 1,
      size: 200,
    },
    body: {
      marketplace: "MX",
      month: "202507",
      nodeIdPath: "172282",
      minAvgUnits: 300,
      maxBrandCrn: 60,
      minAvgPrice: 10,
      fulfillment: "FBA,FBM",
      order: { field: "total_units", desc: true },
      page: 1,
      size: 200,
    },
  },
  market_seller_type_concentration: {
    params: { marketplace: "US", nodeIdPath: "172282:281407", newProduct: 6 },
    body: { marketplace: "US", nodeIdPath: "172282:281407", newProduct: 6 },
  },
  market_product_demand_trend: {
    params: { marketplace: "gb", nodeIdPath: "172282:281407", month: "202507" },
    body: { marketplace: "UK", nodeIdPath: "172282:281407", month: "202507" },
  },
  market_listing_date_distribution: {
    params: { marketplace: "US", nodeIdPath: "172282:281407", topN: 10 },
    body: { marketplace: "US", nodeIdPath: "172282:281407", topN: 10 },
  },
  market_rating_distribution: {
    params: { marketplace: "de", nodeIdPath: "172282:281407" },
    body: { marketplace: "DE", nodeIdPath: "172282:281407" },
  },
  market_price_distribution: {
    params: { marketplace: "US", nodeIdPath: "172282:281407", month: "202507", newProduct: 6, topN: 10 },
    body: { marketplace: "US", nodeIdPath: "172282:281407", month: "202507", newProduct: 6, topN: 10 },
  },
  google_trend: {
    params: { marketplace: "us", keyword: " iphone stand ", googleProp: "SHOPPINGCART", monthly: true },
    body: { marketplace: "US", keyword: "iphone stand", googleProp: "shoppingCart", monthly: "true" },
  },
  trademark_list: {
    params: { office: ["us", "uk"], text: " anker ", niceClass: [9, 35], status: ["Registered"], page: 1, size: 20 },
    body: { office: ["US", "GB"], text: "anker", niceClass: [9, 35], status: ["Registered"], page: 1, size: 20 },
  },
  trademark_stats: {
    params: { office: ["EU"], text: "anker" },
    body: { office: ["EM"], text: "anker" },
  },
  trademark_detail: {
    params: { office: "us", brandId: "US502022097612203" },
    body: { office: "US", brandId: "US502022097612203" },
  },
  trademark_country_list: { params: {}, body: {} },
};
