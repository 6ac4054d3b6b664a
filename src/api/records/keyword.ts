/**
 * Keyword records: conversion, trends, traffic keywords (extended and of one product), research, mining, order
 * words, and where a product's exposure comes from (traffic source). Rate formats follow the fixtures: "fraction"
 * where live data sends 0.1376, "percent" where it sends 8.31; "decimal" where no response has been seen (keyword
 * conversion).
 */
import { b, dt, i, ms, n, obj, objList, s, sl, slm, u, vi, type RecordFrom } from "./fields";

/** Keyword conversion (items): searches, clicks and purchases with bid, CPA, budget and ACoS ranges. */
const KEYWORD_CONVERSION_FIELDS = [
  s("keyword", "Keyword"),
  s("keywordCn", "Keyword, Chinese"),
  s("keywordJp", "Keyword, Japanese"),
  i("searches", "Searches"),
  i("clicks", "Clicks"),
  i("purchases", "Purchases"),
  n("searchConvRate", "Search conversion rate (a fraction: 0.0412 = 4.12 %)", { format: "fraction" }),
  n("clickConvRate", "Click conversion rate (a fraction)", { format: "fraction" }),
  n("clickingRate", "Top-three click rate (a fraction)", { format: "fraction" }),
  n("conversionRate", "Top-three conversion rate", { format: "decimal" }),
  i("phraseCount", "Phrase count"),
  vi("avgProductPrice", "Average product price {min, max, value = median}", { format: "currency" }),
  vi("exactPpc", "Exact-match bid", { format: "currency" }),
  vi("phrasePpc", "Phrase-match bid", { format: "currency" }),
  vi("broadPpc", "Broad-match bid", { format: "currency" }),
  vi("exactCpa", "Exact-match cost per acquisition", { format: "currency" }),
  vi("phraseCpa", "Phrase-match cost per acquisition", { format: "currency" }),
  vi("broadCpa", "Broad-match cost per acquisition", { format: "currency" }),
  vi("exactBudget", "Exact-match budget", { format: "currency" }),
  vi("phraseBudget", "Phrase-match budget", { format: "currency" }),
  vi("broadBudget", "Broad-match budget", { format: "currency" }),
  vi("exactAcos", "Exact-match ACoS (min can exceed max)", { format: "decimal" }),
  vi("phraseAcos", "Phrase-match ACoS (min can exceed max)", { format: "decimal" }),
  vi("broadAcos", "Broad-match ACoS (min can exceed max)", { format: "decimal" }),
  s("searchesTrend", "Searches trend"),
  s("clickTrend", "Clicks trend"),
  s("purchaseTrend", "Purchases trend"),
  objList("top3Asins", "Top three products by clicks", [
    s("asin", "Product id"),
    s("imageUrl", "Image link"),
    n("clickRate", "Click rate", { format: "decimal" }),
    n("conversionRate", "Conversion rate", { format: "decimal" }),
  ]),
  objList("top10Asins", "Top ten products of the result page", [
    s("asin", "Product id"),
    s("asinTitle", "Title"),
    s("asinBrand", "Brand"),
    n("asinPrice", "Price", { format: "currency" }),
    i("asinReviews", "Number of reviews"),
    n("asinRating", "Rating value", { format: "decimal" }),
    i("rank", "Rank"),
    i("rankPage", "Rank page"),
    i("rankPagesize", "Products on the rank page"),
    i("rankIndex", "Index on the rank page"),
    i("position", "Overall position"),
    i("maxPage", "Pages searched"),
    i("maxRankPage", "Last page with a rank"),
    i("products", "Products"),
    // The spec gives no type for `ad` and `platformChoice`; keyword mining's platformChoice is Boolean.
    b("ad", "Ad placement (type undocumented)"),
    b("platformChoice", "Choice badge (type undocumented)"),
    s("badges", "Badge code such as AC or R"),
    s("sku", "Variant attributes"),
    s("keyword", "Keyword"),
    s("station", "Marketplace"),
    s("categoryId", "Category id"),
    s("asinUrl", "Product link"),
    s("asinImage", "Image link"),
    s("bigAsinImage", "Large image link"),
    b("handledImageUrl", "Image link was processed"),
  ]),
] as const;

/** Keyword trends (array, oldest first). The misspelled `keywrod*` names are the service's real names. */
export const KEYWORD_TREND_FIELDS = [
  dt("time", "Month as a date: its first day (sent as '2017年01月')"),
  s("keywrod", "Keyword"),
  s("keywrodCn", "Keyword, Chinese"),
  s("keywrodJp", "Keyword, Japanese"),
  i("search", "Searches"),
  n("purchase", "Purchases", { format: "integer" }),
  n("purchaseRate", "Purchase rate (8.31 = 8.31 %)", { format: "percent" }),
  n("yearlyGrowth", "Year-over-year growth of searches", { format: "fraction" }),
  n("chainGrowth", "Month-over-month growth of searches", { format: "fraction" }),
  n("threeMonthGrowth", "Three-month growth of searches", { format: "fraction" }),
] as const;

const position = (name: "rankPosition" | "adPosition", doc: string) =>
  obj(name, doc, [
    i("page", "Result page"),
    i("pageSize", "Products on the page"),
    i("index", "Index on the page"),
    i("position", "Overall position"),
    ms("updatedTime", "Time the position was seen, date-time in UTC"),
  ]);

/** Identity and key figures shared by both traffic keyword records (column order: these come first). */
const TRAFFIC_KEYWORD_HEAD = [
  s("keyword", "Keyword"),
  s("keywordCn", "Keyword, Chinese"),
  i("searches", "Searches"),
  i("purchases", "Purchases"),
  n("purchaseRate", "Purchase rate", { format: "fraction" }),
  i("products", "Products"),
  n("trafficPercentage", "Share of the product's traffic", { format: "fraction" }),
  n("calculatedWeeklySearches", "Estimated weekly exposure contributed to the product", { format: "decimal" }),
] as const;

/** Details shared by both traffic keyword records (after each record's own key figures). */
const TRAFFIC_KEYWORD_DETAILS = [
  n("supplyDemandRatio", "Searches divided by products", { format: "decimal" }),
  n("bid", "Phrase-match bid suggestion", { format: "currency" }),
  n("bidMin", "Bid range, low", { format: "currency" }),
  n("bidMax", "Bid range, high", { format: "currency" }),
  i("searchesRank", "Weekly search-frequency rank (smaller = more searches)"),
  ms("searchesRankTimeFrom", "Rank period start, a date (sent as midnight China time)", { epochDay: true }),
  ms("searchesRankTimeTo", "Rank period end, a date (sent as midnight China time)", { epochDay: true }),
  i("latest1daysAds", "Advertising competitors, last day"),
  i("latest7daysAds", "Advertising competitors, last 7 days"),
  i("latest30daysAds", "Advertising competitors, last 30 days"),
  i("titleDensity", "Title density"),
  i("spr", "SPR"),
  n("monopolyClickRate", "Top-three click concentration", { format: "fraction" }),
  n("top3ClickingRate", "Top-three click rate", { format: "fraction" }),
  n("top3ConversionRate", "Top-three conversion rate", { format: "fraction" }),
  ms("updatedTime", "Update time, date-time in UTC"),
  position("rankPosition", "Natural rank; null when absent"),
  position("adPosition", "Ad rank; null when absent"),
  sl("badges", "Exposure position codes"),
] as const;

/** Extended traffic keywords (items): every word that put the products on the first 3 result pages. */
const EXTENDED_TRAFFIC_KEYWORD_FIELDS = [
  ...TRAFFIC_KEYWORD_HEAD,
  n("avgPrice", "Average price", { format: "currency" }),
  i("avgReviews", "Average number of reviews", { aliases: ["avgRatings"] }),
  n("avgRating", "Average rating", { format: "decimal" }),
  ...TRAFFIC_KEYWORD_DETAILS,
  objList("relationVariationsItems", "Related variants", [
    s("asin", "Product id"),
    s("title", "Title"),
    s("marketplace", "Marketplace"),
    n("trafficPercentage", "Share of traffic", { format: "fraction" }),
    n("price", "Price", { format: "currency" }),
    i("reviews", "Number of reviews"),
    n("rating", "Rating value", { format: "decimal" }),
    s("imageUrl", "Image link"),
  ]),
] as const;

/** Traffic keywords of one product (items). */
const PRODUCT_TRAFFIC_KEYWORD_FIELDS = [
  ...TRAFFIC_KEYWORD_HEAD,
  n("naturalRatio", "Natural share of exposure", { format: "fraction" }),
  n("adRatio", "Ad share of exposure", { format: "fraction" }),
  s("trafficKeywordType", "Traffic word type"),
  s("conversionKeywordType", "Conversion word type"),
  i("impressions", "Result-page impressions in a natural month (not per product)"),
  i("clicks", "Result-page clicks in a natural month (not per product)"),
  ...TRAFFIC_KEYWORD_DETAILS,
  u("topAsins", "Top products (shape undocumented)"),
  u("searchesTrend", "Searches trend (shape undocumented)"),
] as const;

/** traffic_keyword's `stats`: how many of the words contain each word part. */
export const TRAFFIC_KEYWORD_STATS_FIELDS = [s("keywords", "Word part"), i("total", "Words containing it")] as const;

/** Keyword research (items). */
const KEYWORD_RESEARCH_FIELDS = [
  s("keywords", "Keyword"),
  s("keywordCn", "Keyword, Chinese"),
  s("marketplace", "Marketplace"),
  dt("month", "Month as a date: its first day (sent as '2025.07')"),
  i("searches", "Searches"),
  i("purchases", "Purchases"),
  n("purchaseRate", "Purchase rate", { format: "fraction" }),
  i("products", "Products"),
  n("supplyDemandRatio", "Searches divided by products", { format: "decimal" }),
  n("growth", "Search growth (-19.83 = -19.83 %)", { format: "percent" }),
  i("searchMonthlyCv", "Year-over-year searches change"),
  n("searchMonthlyCr", "Year-over-year searches change rate", { format: "percent" }),
  i("searchNearlyCv", "Three-month searches change"),
  n("searchNearlyCr", "Three-month searches change rate", { format: "percent" }),
  i("clicks", "Result-page clicks"),
  i("impressions", "Result-page impressions"),
  s("currency", "Currency symbol"),
  n("avgPrice", "Average price", { format: "currency" }),
  i("avgRatings", "Average number of ratings"),
  n("avgRating", "Average rating", { format: "decimal" }),
  n("bid", "Bid suggestion", { format: "currency" }),
  n("bidMin", "Bid range, low", { format: "currency" }),
  n("bidMax", "Bid range, high", { format: "currency" }),
  n("araClickRate", "Top-three click share", { format: "fraction" }),
  n("araShareRate", "Top-three conversion share", { format: "fraction" }),
  n("goodsValue", "Goods value", { format: "decimal" }),
  i("titleDensityExact", "First-page non-ad products with the keyword in the title"),
  s("supplement", "Supplementary keyword (Y/N)"),
  s("marketPeriod", "Comma-separated period codes"),
  s("brand", "Brand the keyword names"),
  b("hasBrandWord", "Keyword contains a brand"),
  sl("brands", "Top three brands"),
  sl("categories", "Top three categories"),
  objList("searchDepartments", "Searches per department", [
    s("code", "Department code"),
    s("label", "Department"),
    i("total", "Searches"),
    n("ratio", "Share of searches", { format: "fraction" }),
  ]),
  objList("relationAsinList", "Related products", [
    s("asin", "Product id"),
    n("price", "Price", { format: "currency" }),
    i("ratings", "Number of ratings"),
    n("rating", "Rating value", { format: "decimal" }),
    s("imageUrl", "Image link"),
  ]),
  objList("araAsinList", "Top products by click share", [
    s("asin", "Product id"),
    s("title", "Title"),
    n("clickRate", "Click share", { format: "fraction" }),
    n("conversionShareRate", "Conversion share", { format: "fraction" }),
    s("imageUrl", "Image link"),
  ]),
] as const;

/** Keyword mining (items): derived and long-tail words. */
export const KEYWORD_MINING_FIELDS = [
  s("keyword", "Keyword"),
  s("keywordCn", "Keyword, Chinese"),
  s("keywordJp", "Keyword, Japanese"),
  s("marketplace", "Marketplace"),
  dt("month", "Month as a date: its first day (sent as '2025.07')"),
  n("relevancy", "Relevancy, 0 to 100", { format: "decimal" }),
  i("searches", "Searches"),
  i("searchRank", "Search rank"),
  i("purchases", "Purchases"),
  n("purchaseRate", "Purchase rate", { format: "fraction" }),
  i("products", "Products"),
  i("adProducts", "Advertised products"),
  n("supplyDemandRatio", "Searches divided by products", { format: "decimal" }),
  n("monopolyClickRate", "Top-three click concentration", { format: "fraction" }),
  n("cvsShareRate", "Top-three conversion share", { format: "fraction" }),
  n("avgPrice", "Average price", { format: "currency" }),
  i("avgRatings", "Average number of ratings"),
  n("avgRating", "Average rating", { format: "decimal" }),
  n("bid", "Bid suggestion", { format: "currency" }),
  n("bidMin", "Bid range, low", { format: "currency" }),
  n("bidMax", "Bid range, high", { format: "currency" }),
  i("wordCount", "Words in the keyword"),
  i("titleDensity", "Title density"),
  i("spr", "SPR"),
  i("clicks", "Result-page clicks"),
  i("impressions", "Result-page impressions"),
  b("platformChoice", "Choice-recommended word", { aliases: ["amazonChoice"] }),
  s("supplement", "No current-month search volume (Y/N)"),
  objList("departments", "Departments", [s("code", "Department code"), s("label", "Department")]),
  u("trends", "Trend (shape undocumented)"),
] as const;

/** Order-word reverse lookup (items): the words that bring orders to the given products. */
const ORDER_WORD_FIELDS = [
  s("keyword", "Keyword"),
  s("keywordCn", "Keyword, Chinese"),
  s("keywordJp", "Keyword, Japanese"),
  s("asin", "Product id"),
  s("marketplace", "Marketplace"),
  s("conversionType", "E high-quality, S stable, L lost, I invalid exposure (U also occurs)"),
  i("searches", "Searches"),
  i("searchRank", "Search rank"),
  i("searchRankGv", "Monthly rank change"),
  n("searchRankGr", "Monthly rank change rate", { format: "fraction" }),
  n("monopolyClickRate", "Top-three click concentration", { format: "fraction" }),
  n("cvsShareRate", "Top-three conversion share", { format: "fraction" }),
  n("top3ClickingRate", "Top-three click rate", { format: "fraction" }),
  n("top3ConversionRate", "Top-three conversion rate", { format: "fraction" }),
  objList("monopolyAsinDtos", "Top products by click share", [
    s("asin", "Product id"),
    s("title", "Title"),
    n("clickRate", "Click share", { format: "fraction" }),
    n("conversionShareRate", "Conversion share", { format: "fraction" }),
    s("imageUrl", "Image link"),
  ]),
] as const;

/** Traffic source overview (items): where one product's exposure comes from, as keyword counts per source. */
const TRAFFIC_SOURCE_FIELDS = [
  obj("asinInfo", "The product the sources belong to", [
    s("asin", "Product id"),
    s("title", "Title"),
    s("asinUrl", "Product link"),
    s("sku", "Variant attributes"),
    n("price", "Price", { format: "currency" }),
    s("currency", "Currency"),
    n("rating", "Rating value", { format: "decimal" }),
    i("reviews", "Number of reviews"),
    i("variations", "Number of variants"),
    i("bsrRank", "Best-seller rank"),
    s("bsrId", "Best-seller-rank category id"),
    s("bsrLabel", "Best-seller-rank category"),
    s("category1Id", "Top-level category id"),
    s("category1Name", "Top-level category"),
    i("nodeId", "Category node id"),
    s("nodeIdPath", "Node ids joined by ':'"),
    s("nodeLabelPath", "Node names joined by ':'"),
  ]),
  i("keywords", "All traffic words"),
  i("searchKeywords", "Natural-search words"),
  i("adKeywords", "Sponsored-product ad words"),
  // The spec's table lists acKeywords as String, but it is one of the counts and live data sends a number.
  i("acKeywords", "Recommended (choice) words"),
  i("editorialKeywords", "Editorial-recommendation words"),
  i("fourStarsKeywords", "Four-star-and-above words"),
  i("hrKeywords", "Highly-rated words"),
  i("videoKeywords", "Sponsored-video words"),
  i("brandKeywords", "Sponsored-brand words"),
  sl("badgeLabels", "Exposure source labels (SEARCH, OFFICIAL, AD)"),
  slm("badgeDetails", "Label -> exposure types (e.g. AD: SPONSOR_VIDEO, ADS)"),
] as const;

/**
 * A department of a marketplace (the department lookup, GET /v1/keyword-research/department): the code keyword
 * research's and ABA research's `departments` take, and its name (the official docs' example: automotive,
 * Automotive Parts & Accessories).
 */
const DEPARTMENT_FIELDS = [
  s("code", "Department code, e.g. automotive (what departments filters take)"),
  s("label", "Department name, e.g. Automotive Parts & Accessories"),
] as const;
export type DepartmentRecord = RecordFrom<typeof DEPARTMENT_FIELDS>;

/** The keyword group's records by name (the catalog's `record`). */
export const KEYWORD_RECORDS = {
  department: DEPARTMENT_FIELDS,
  keywordConversion: KEYWORD_CONVERSION_FIELDS,
  keywordTrend: KEYWORD_TREND_FIELDS,
  extendedTrafficKeyword: EXTENDED_TRAFFIC_KEYWORD_FIELDS,
  productTrafficKeyword: PRODUCT_TRAFFIC_KEYWORD_FIELDS,
  keywordResearch: KEYWORD_RESEARCH_FIELDS,
  keywordMining: KEYWORD_MINING_FIELDS,
  orderWord: ORDER_WORD_FIELDS,
  trafficSource: TRAFFIC_SOURCE_FIELDS,
} as const;
