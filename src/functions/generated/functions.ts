/**
 * GENERATED from the operation catalog by `npm run gen:functions` (src/functions/codegen); do not edit by hand.
 *
 * The MAD.* custom functions: one thin wrapper per operation, delegating to the shared runner with the operation's
 * MCP code, the lookup functions (MAD.PRODUCT, MAD.PRODUCTS) and MAD.ASOF (the time of a result's data).
 * custom-functions-metadata builds functions.json from the JSDoc of these wrappers; `MAD_FUNCTIONS` associates each
 * id with its wrapper (the metadata plugin's loader adds the same associations).
 */
import { runFormula } from "../runner";
import { runAsOf } from "../asof";
import { associateFunctions } from "../associate";

/**
 * Products matching a brand, seller, ASIN list, category or keyword, with sales and listing data.
 * @customfunction COMPETITORS
 * @helpurl https://localhost:3000/help.html#madcompetitors
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, brand, sellerName, asins and more. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "asin, title, brand" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (50 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Competitor lookup: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function competitorLookup(
  market: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("competitor_lookup", { market, positional: [], filters, fields, limit }, invocation);
}

/**
 * Products filtered by sales, price, rating, badges, size tier and more (top 2,000 rows reachable).
 * @customfunction PRODUCTRESEARCH
 * @helpurl https://localhost:3000/help.html#madproductresearch
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, keyword, matchType, includeSellers and more. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "asin, title, brand" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (50 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Product research: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function productResearch(
  market: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("product_research", { market, positional: [], filters, fields, limit }, invocation);
}

/**
 * Products related to the given products as traffic sources (viewed also viewed, bought together...).
 * @customfunction LISTINGTRAFFIC
 * @helpurl https://localhost:3000/help.html#madlistingtraffic
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asins Product ids (ASINs). A range, or text separated by commas.
 * @param relations Relation types. A range, or text separated by commas.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: variations, order, orderField, orderDesc. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "asin, title, brand" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (50 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Listing traffic: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function trafficListing(
  market: unknown,
  asins: unknown[][],
  relations: unknown[][],
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("traffic_listing", { market, positional: [asins, relations], filters, fields, limit }, invocation);
}

/**
 * Categories whose names match a keyword (or the node a path names), with their node path and product count; neither = the top-level categories.
 * @customfunction CATEGORIES
 * @helpurl https://localhost:3000/help.html#madcategories
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param keyword Words of a category name (e.g. yoga) or a node id; blank = the top-level categories.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: nodeIdPath, month. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "nodeIdPath, nodeLabelPath, products" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Category lookup: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function productNode(
  market: unknown,
  keyword: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("product_node", { market, positional: [keyword], filters, fields, limit }, invocation);
}

/**
 * One product's details: title, brand, price, rank and category, ratings, seller, variants, badges and dates.
 * @customfunction PRODUCTDETAILS
 * @helpurl https://localhost:3000/help.html#madproductdetails
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asin Product id (ASIN), e.g. B07Z82895W.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month. Display options: headers, layout, dates.
 * @param [fields] Columns to spill, e.g. "asin, marketplace, title" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Product details: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function asinDetail(
  market: unknown,
  asin: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("asin_detail", { market, positional: [asin], filters, fields, limit }, invocation);
}

/**
 * One product's coupons by day: the price, the kind and size of the discount, and the final price.
 * @customfunction COUPONS
 * @helpurl https://localhost:3000/help.html#madcoupons
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asin Product id (ASIN), e.g. B07Z82895W.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: . Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "date, marketplace, asin" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Coupon history: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function asinCouponTrend(
  market: unknown,
  asin: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("asin_coupon_trend", { market, positional: [asin], filters, fields, limit }, invocation);
}

/**
 * One product's details and its coupon days in one call (the asin.* rows, then couponTrends).
 * @customfunction PRODUCTCOUPONS
 * @helpurl https://localhost:3000/help.html#madproductcoupons
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asin Product id (ASIN), e.g. B07Z82895W.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: . Display options: headers, layout, dates.
 * @param [fields] Columns to spill, e.g. "asin.asin, asin.marketplace, asin.title" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Product details with coupons: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function asinDetailWithCouponTrend(
  market: unknown,
  asin: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "asin_detail_with_coupon_trend",
    { market, positional: [asin], filters, fields, limit },
    invocation,
  );
}

/**
 * One product's estimated units, revenue and price by day (the last weeks) or by month (14 months).
 * @customfunction SALESESTIMATE
 * @helpurl https://localhost:3000/help.html#madsalesestimate
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asin Product id (ASIN), e.g. B07Z82895W.
 * @param [start] First day (a date); blank = the first data, up to a year back. An Excel date or yyyy-mm-dd text.
 * @param [end] Last day (a date); blank = today.
 * @param [interval] daily, weekly, monthly; blank = monthly.
 * @param [fields] Columns to spill, e.g. "date, units, revenue" (text or a range); blank = all.
 * @param [headers] The header row: labels (the columns in words, in Excel's language), names (default: the names fields takes), TRUE or FALSE (no header row).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Sales estimate: a header row, then one dated row per period.
 * @cancelable
 * @requiresAddress
 */
export function asinPrediction(
  market: unknown,
  asin: unknown,
  start: unknown,
  end: unknown,
  interval: unknown,
  fields: unknown[][],
  headers: unknown,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "asin_prediction",
    { market, positional: [asin], start, end, interval, fields, headers },
    invocation,
  );
}

/**
 * One product's monthly units and revenue, of the parent (all variants) and of this variant.
 * @customfunction SALESTREND
 * @helpurl https://localhost:3000/help.html#madsalestrend
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asin Product id (ASIN), e.g. B07Z82895W.
 * @param [start] First day (a date); blank = the first data, up to a year back. An Excel date or yyyy-mm-dd text.
 * @param [end] Last day (a date); blank = today.
 * @param [interval] monthly; blank = monthly.
 * @param [fields] Columns to spill, e.g. "date, units, revenue" (text or a range); blank = all.
 * @param [headers] The header row: labels (the columns in words, in Excel's language), names (default: the names fields takes), TRUE or FALSE (no header row).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Sales trend: a header row, then one dated row per period.
 * @cancelable
 * @requiresAddress
 */
export function asinSalesTrend(
  market: unknown,
  asin: unknown,
  start: unknown,
  end: unknown,
  interval: unknown,
  fields: unknown[][],
  headers: unknown,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "asin_sales_trend",
    { market, positional: [asin], start, end, interval, fields, headers },
    invocation,
  );
}

/**
 * The units a best-seller rank sells in a main category, a day and in 30 days, and around it.
 * @customfunction BSRSALES
 * @helpurl https://localhost:3000/help.html#madbsrsales
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param bsr Best-seller rank in the main category, e.g. 1024.
 * @param categoryId Main category node id (e.g. 172282; a node path's first id is used).
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: . Display options: headers, layout, dates.
 * @param [fields] Columns to spill, e.g. "marketplace, bsr, categoryLabel" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns BSR sales estimate: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function bsrPrediction(
  market: unknown,
  bsr: unknown,
  categoryId: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("bsr_prediction", { market, positional: [bsr, categoryId], filters, fields, limit }, invocation);
}

/**
 * One product's price, Buy Box, list price, rank, rating and rating-count history (Keepa).
 * @customfunction PRICEHISTORY
 * @helpurl https://localhost:3000/help.html#madpricehistory
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asin Product id (ASIN), e.g. B07Z82895W.
 * @param [start] First day (a date); blank = the first data, up to a year back. An Excel date or yyyy-mm-dd text.
 * @param [end] Last day (a date); blank = today.
 * @param [interval] daily, weekly, monthly; blank = daily.
 * @param [fields] Columns to spill, e.g. "date, price, buyBox" (text or a range); blank = all.
 * @param [headers] The header row: labels (the columns in words, in Excel's language), names (default: the names fields takes), TRUE or FALSE (no header row).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Price and rank history: a header row, then one dated row per period.
 * @cancelable
 * @requiresAddress
 */
export function keepaInfo(
  market: unknown,
  asin: unknown,
  start: unknown,
  end: unknown,
  interval: unknown,
  fields: unknown[][],
  headers: unknown,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("keepa_info", { market, positional: [asin], start, end, interval, fields, headers }, invocation);
}

/**
 * How many traffic keywords a product has: organic, sponsored only, and by where it shows.
 * @customfunction KEYWORDSTATS
 * @helpurl https://localhost:3000/help.html#madkeywordstats
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asin Product id (ASIN), e.g. B07Z82895W.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month. Display options: headers, layout, dates.
 * @param [fields] Columns to spill, e.g. "marketplace, asin, keywords" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Traffic keyword statistics: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function trafficKeywordStat(
  market: unknown,
  asin: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("traffic_keyword_stat", { market, positional: [asin], filters, fields, limit }, invocation);
}

/**
 * How many products a product is related to, free and sponsored, and by relation type.
 * @customfunction LISTINGSTATS
 * @helpurl https://localhost:3000/help.html#madlistingstats
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asin Product id (ASIN), e.g. B07Z82895W.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: . Display options: headers, layout, dates.
 * @param [fields] Columns to spill, e.g. "marketplace, asin, relations" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Related-product traffic statistics: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function trafficListingStat(
  market: unknown,
  asin: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("traffic_listing_stat", { market, positional: [asin], filters, fields, limit }, invocation);
}

/**
 * One product's reviews: stars, title, text, reviewer, date and badges (10 a page).
 * @customfunction REVIEWS
 * @helpurl https://localhost:3000/help.html#madreviews
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asin Product id (ASIN), e.g. B07Z82895W.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: starList, typeList. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "date, star, title" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (5 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Reviews: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function review(
  market: unknown,
  asin: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("review", { market, positional: [asin], filters, fields, limit }, invocation);
}

/**
 * Search, click and purchase conversion of a keyword and its related words, with PPC bids and ACoS.
 * @customfunction KEYWORDCONVERSION
 * @helpurl https://localhost:3000/help.html#madkeywordconversion
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param keyword Keyword.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: timeType, matchType, includeKeywords, excludeKeywords and more. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "keyword, keywordCn, keywordJp" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (50 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Keyword conversion: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function keywordConversion(
  market: unknown,
  keyword: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("keyword_conversion", { market, positional: [keyword], filters, fields, limit }, invocation);
}

/**
 * Monthly searches, purchases and growth of one keyword, oldest month first.
 * @customfunction KEYWORDTRENDS
 * @helpurl https://localhost:3000/help.html#madkeywordtrends
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param keyword Keyword.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: . Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "time, keywrod, keywrodCn" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Keyword trends: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function keywordResearchTrends(
  market: unknown,
  keyword: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("keyword_research_trends", { market, positional: [keyword], filters, fields, limit }, invocation);
}

/**
 * Every search word under which the products reached the first three result pages.
 * @customfunction TRAFFICEXTEND
 * @helpurl https://localhost:3000/help.html#madtrafficextend
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asins Product ids (ASINs), at most 20. A range, or text separated by commas.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: historyDate, queryType, matchType, includeKeywords and more. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "keyword, keywordCn, searches" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (50 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Extended traffic keywords: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function trafficExtend(
  market: unknown,
  asins: unknown[][],
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("traffic_extend", { market, positional: [asins], filters, fields, limit }, invocation);
}

/**
 * Keywords filtered by searches, growth, competition, price and season (15 rows a page).
 * @customfunction KEYWORDRESEARCH
 * @helpurl https://localhost:3000/help.html#madkeywordresearch
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, departments, keywords, excludeKeywords and more. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "keywords, keywordCn, marketplace" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (15 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Keyword research: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function keywordResearch(
  market: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("keyword_research", { market, positional: [], filters, fields, limit }, invocation);
}

/**
 * A marketplace's departments with their codes: what the departments filter of keyword and search-frequency research takes.
 * @customfunction DEPARTMENTS
 * @helpurl https://localhost:3000/help.html#maddepartments
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: . Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "code, label" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Department codes: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function keywordResearchDepartment(
  market: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("keyword_research_department", { market, positional: [], filters, fields, limit }, invocation);
}

/**
 * The words that bring orders to the given products, by week or by month.
 * @customfunction ORDERWORDS
 * @helpurl https://localhost:3000/help.html#madorderwords
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asins Product ids (ASINs), at most 20. A range, or text separated by commas.
 * @param reverseType W = by week, M = by month.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: date, conversionType, variation, order and more. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "keyword, keywordCn, keywordJp" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (50 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Order-word reverse lookup: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function keywordOrder(
  market: unknown,
  asins: unknown[][],
  reverseType: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("keyword_order", { market, positional: [asins, reverseType], filters, fields, limit }, invocation);
}

/**
 * The search words under which one product was shown, with natural and ad share and ranks.
 * @customfunction TRAFFICKEYWORDS
 * @helpurl https://localhost:3000/help.html#madtraffickeywords
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asin Product id (ASIN).
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: keyword, month, badges, trafficKeywordTypes and more. Display options: headers, stats, dates.
 * @param [fields] Columns to spill, e.g. "keyword, keywordCn, searches" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (50 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Traffic keywords of a product: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function trafficKeyword(
  market: unknown,
  asin: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("traffic_keyword", { market, positional: [asin], filters, fields, limit }, invocation);
}

/**
 * Derived and long-tail words of a keyword, with searches, competition and relevancy.
 * @customfunction KEYWORDMINER
 * @helpurl https://localhost:3000/help.html#madkeywordminer
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param keyword Seed keyword.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: historyDate, keywordList, amazonChoice, filterRootWord and more. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "keyword, keywordCn, keywordJp" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (50 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Keyword mining: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function keywordMiner(
  market: unknown,
  keyword: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("keyword_miner", { market, positional: [keyword], filters, fields, limit }, invocation);
}

/**
 * Where a product's or keyword's exposure comes from: natural search, ads, recommendations.
 * @customfunction TRAFFICSOURCE
 * @helpurl https://localhost:3000/help.html#madtrafficsource
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param q A product id (ASIN) or a keyword.
 * @param month Month yyyyMM (202508, text or a date).
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: order, orderField, orderDesc. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "asinInfo.asin, asinInfo.title, asinInfo.asinUrl" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (50 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Traffic source overview: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function trafficSource(
  market: unknown,
  q: unknown,
  month: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("traffic_source", { market, positional: [q, month], filters, fields, limit }, invocation);
}

/**
 * Search-frequency ranks of keywords for one week, with rank changes and top products.
 * @customfunction ABAWEEKLY
 * @helpurl https://localhost:3000/help.html#madabaweekly
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: date, departments, excludeKeywords, includeKeywords and more. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "keyword, keywordCn, keywordJp" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (40 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns ABA research, weekly: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function abaResearchWeekly(
  market: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("aba_research_weekly", { market, positional: [], filters, fields, limit }, invocation);
}

/**
 * Search-frequency ranks of keywords for one month, with rank changes and top products.
 * @customfunction ABAMONTHLY
 * @helpurl https://localhost:3000/help.html#madabamonthly
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: date, departments, excludeKeywords, includeKeywords and more. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "keyword, keywordCn, keywordJp" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (15 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns ABA research, monthly: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function abaResearchMonthly(
  market: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("aba_research_monthly", { market, positional: [], filters, fields, limit }, invocation);
}

/**
 * Search-frequency rank and searches of one keyword over time, oldest first.
 * @customfunction ABATREND
 * @helpurl https://localhost:3000/help.html#madabatrend
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param keyword Keyword.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: timeGranularity. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "label, date, rank" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns ABA keyword trend: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function abaResearchTrend(
  market: unknown,
  keyword: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("aba_research_trend", { market, positional: [keyword], filters, fields, limit }, invocation);
}

/**
 * The top products of a category with their unit and revenue shares.
 * @customfunction PRODUCTCONCENTRATION
 * @helpurl https://localhost:3000/help.html#madproductconcentration
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct, asins. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "asin, title, ranking" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Product concentration: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketProductConcentration(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_product_concentration",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * The top sellers of a category with their products, units and revenue shares.
 * @customfunction SELLERCONCENTRATION
 * @helpurl https://localhost:3000/help.html#madsellerconcentration
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "sellerName, ranking, products" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Seller concentration: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketSellerConcentration(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_seller_concentration",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * Products, units and revenue of a category by listing year, one row per year.
 * @customfunction LISTINGTREND
 * @helpurl https://localhost:3000/help.html#madlistingtrend
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "label, year, products" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Listing-date trend: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketListingTrendDistribution(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_listing_trend_distribution",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * Products, units and revenue of a category by seller country.
 * @customfunction SELLERCOUNTRIES
 * @helpurl https://localhost:3000/help.html#madsellercountries
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "label, country, products" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Seller-country distribution: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketSellerCountryDistribution(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_seller_country_distribution",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * Products, units and revenue of a category by number of ratings.
 * @customfunction RATINGCOUNTS
 * @helpurl https://localhost:3000/help.html#madratingcounts
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "label, products, units" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Rating-count distribution: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketRatingsCountDistribution(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_ratings_count_distribution",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * Products and units of a category with and without A+ content and video.
 * @customfunction APLUSVIDEO
 * @helpurl https://localhost:3000/help.html#madaplusvideo
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "label, products, productsRatio" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns A+/video distribution: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketEbcDistribution(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_ebc_distribution",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * The top brands of a category with their products, units and revenue shares.
 * @customfunction BRANDCONCENTRATION
 * @helpurl https://localhost:3000/help.html#madbrandconcentration
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "brand, ranking, products" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Brand concentration: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketBrandConcentration(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_brand_concentration",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * Products, units and ratings of a category by seller type: Amazon itself, FBA and FBM sellers.
 * @customfunction SELLERTYPES
 * @helpurl https://localhost:3000/help.html#madsellertypes
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "label, asinNum, asinRatio" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Seller-type distribution: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketSellerTypeConcentration(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_seller_type_concentration",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * Monthly page views of a category, with its return rate and search-to-purchase ratio beside its peers'.
 * @customfunction DEMANDTREND
 * @helpurl https://localhost:3000/help.html#maddemandtrend
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "date, glanceViews, asinCount" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Demand trend: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketProductDemandTrend(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_product_demand_trend",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * Products, units and revenue of a category by how long ago they were listed (under a month ... over 3 years).
 * @customfunction LISTINGAGES
 * @helpurl https://localhost:3000/help.html#madlistingages
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "label, shelfTime, products" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Listing-age distribution: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketListingDateDistribution(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_listing_date_distribution",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * Products, units and revenue of a category by rating value (4.5 and over, 4-4.5...).
 * @customfunction RATINGBANDS
 * @helpurl https://localhost:3000/help.html#madratingbands
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "label, products, units" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Rating distribution: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketRatingDistribution(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_rating_distribution",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * Products, units and revenue of a category by price band, in the marketplace's currency.
 * @customfunction PRICEBANDS
 * @helpurl https://localhost:3000/help.html#madpricebands
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "label, products, units" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Price distribution: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketPriceDistribution(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_price_distribution",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * Categories (niches) that pass a screen of demand, competition, brand concentration, price and new products, ranked.
 * @customfunction NICHES
 * @helpurl https://localhost:3000/help.html#madniches
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, nodeIdPath, nodeIdPathEqual, departmentKeyword and more. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "ranking, nodeLabelName, nodeIdPath" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (50 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Market research (niches): a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketResearch(
  market: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("market_research", { market, positional: [], filters, fields, limit }, invocation);
}

/**
 * Averages of a category: products, brands, sellers, BSR, price, units, revenue, ratings, new products.
 * @customfunction CATEGORYSTATS
 * @helpurl https://localhost:3000/help.html#madcategorystats
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param nodeIdPath Category node ids joined by ':' from root to leaf, e.g. 172282:281407.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: month, topN, newProduct. Display options: headers, layout, dates.
 * @param [fields] Columns to spill, e.g. "nodeLabelPath, nodeLabelPathLocale, nodeIdPath" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Category statistics: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function marketResearchStatistics(
  market: unknown,
  nodeIdPath: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula(
    "market_research_statistics",
    { market, positional: [nodeIdPath], filters, fields, limit },
    invocation,
  );
}

/**
 * Google search interest in a keyword over time, in the marketplace's country (0 to 100, weekly or monthly).
 * @customfunction GOOGLETRENDS
 * @helpurl https://localhost:3000/help.html#madgoogletrends
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param keyword Keyword, e.g. iphone stand.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: googleProp, monthly. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "time, value, keyword" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Google Trends: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function googleTrend(
  market: unknown,
  keyword: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("google_trend", { market, positional: [keyword], filters, fields, limit }, invocation);
}

/**
 * Trademarks matching words, in the offices you choose, with status, owner, classes and dates.
 * @customfunction TRADEMARKS
 * @helpurl https://localhost:3000/help.html#madtrademarks
 * @param office Offices to search, e.g. US or US, EM (UK = GB); blank = every office. A range, or text separated by commas.
 * @param text Words to search for in trademarks, e.g. anker.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: brandName, status, applicant, niceClass and more. Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "id, brandName, office" (text or a range); blank = all.
 * @param [limit] Rows wanted, 1 to 2000, fetched page by page; blank = one page (20 rows).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Trademark search: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function trademarkList(
  office: unknown[][],
  text: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("trademark_list", { positional: [office, text], filters, fields, limit }, invocation);
}

/**
 * How many trademarks match words, by office, brand name, status, applicant, Nice class and application and expiry year.
 * @customfunction TRADEMARKSTATS
 * @helpurl https://localhost:3000/help.html#madtrademarkstats
 * @param office Offices to count in, e.g. US or US, EM (UK = GB). A range, or text separated by commas.
 * @param text Words to search for in trademarks, e.g. anker.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: . Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "facet, key, label" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Trademark counts: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function trademarkStats(
  office: unknown[][],
  text: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("trademark_stats", { positional: [office, text], filters, fields, limit }, invocation);
}

/**
 * One trademark in full: owner, classes, goods and services, events and dates.
 * @customfunction TRADEMARK
 * @helpurl https://localhost:3000/help.html#madtrademark
 * @param office The trademark's office, e.g. US (UK = GB).
 * @param brandId The trademark's id from MAD.TRADEMARKS, e.g. US502022097612203.
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: . Display options: headers, layout, dates.
 * @param [fields] Columns to spill, e.g. "id, brandName, office" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Trademark details: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function trademarkDetail(
  office: unknown,
  brandId: unknown,
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("trademark_detail", { positional: [office, brandId], filters, fields, limit }, invocation);
}

/**
 * The offices (countries and regions) whose trademarks the service holds, with their codes.
 * @customfunction TRADEMARKOFFICES
 * @helpurl https://localhost:3000/help.html#madtrademarkoffices
 * @param [filters] Other parameters: name/value rows, or text "name=value; name=value". Names: . Display options: headers, dates.
 * @param [fields] Columns to spill, e.g. "office, officeLabel" (text or a range); blank = all.
 * @param [limit] Rows to show, 1 to 2000; blank = all rows returned.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Trademark offices: a table with a header row of column names.
 * @cancelable
 * @requiresAddress
 */
export function trademarkCountryList(
  filters: unknown[][],
  fields: unknown[][],
  limit: number,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("trademark_country_list", { positional: [], filters, fields, limit }, invocation);
}

/**
 * One product as an Excel data type: a card with its image, title, brand, price, rank and category, rating, the last 30 days' units and revenue and a link to the listing (a labelled row where Excel has no data types).
 * @customfunction PRODUCT
 * @helpurl https://localhost:3000/help.html#madproduct
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asin Product id (ASIN), e.g. B07Z82895W.
 * @param [details] Facts to add from the product's details: Bullet points, Variants (text or a range); one more call.
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Product card: a data type (a card), or a header row and one row of its facts.
 * @cancelable
 * @requiresAddress
 */
export function product(
  market: unknown,
  asin: unknown,
  details: unknown[][],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("competitor_lookup", { market, positional: [asin], details }, invocation, "PRODUCT");
}

/**
 * One row per listed product (ASIN), in the list's order: price, rank, category, 30-day units and revenue, rating, brand, seller and more, 40 products a call.
 * @customfunction PRODUCTS
 * @helpurl https://localhost:3000/help.html#madproducts
 * @param market Marketplace code: US, JP, UK (or GB), DE, FR, IT, ES, CA, IN, MX, BR, AU or AE.
 * @param asins Product ids (ASINs): a range (A2:.A5000 or TRIMRANGE(A:A) for a list that grows), an array or text separated by commas, up to 2,000; one row each.
 * @param [fields] Columns to spill, e.g. "asin, title, brand" (text or a range); blank = all.
 * @param [headers] The header row: labels (the columns in words, in Excel's language), names (default: the names fields takes), TRUE or FALSE (no header row).
 * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.
 * @returns Products by ASIN: a header row, then one row per listed ASIN.
 * @cancelable
 * @requiresAddress
 */
export function products(
  market: unknown,
  asins: unknown[][],
  fields: unknown[][],
  headers: unknown,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return runFormula("competitor_lookup", { market, positional: [asins], fields, headers }, invocation, "PRODUCTS");
}

/**
 * When the data a MAD formula's results show was fetched, as an Excel date-time (format the cell as a date and time).
 * @customfunction ASOF
 * @helpurl https://localhost:3000/help.html#madasof
 * @param cell A MAD formula's cell or results, e.g. D5 or D5#.
 * @param invocation Supplied by Excel: the address of the cell argument.
 * @returns The date and time the data shown was fetched.
 * @requiresParameterAddresses
 */
export function asOf(cell: unknown[][], invocation: CustomFunctions.Invocation): Promise<number[][]> {
  return runAsOf(cell, invocation);
}

/** Every MAD function by its id (the catalog's `fn`). */
export const MAD_FUNCTIONS: Readonly<Record<string, (...args: never[]) => Promise<unknown[][]>>> = {
  COMPETITORS: competitorLookup,
  PRODUCTRESEARCH: productResearch,
  LISTINGTRAFFIC: trafficListing,
  CATEGORIES: productNode,
  PRODUCTDETAILS: asinDetail,
  COUPONS: asinCouponTrend,
  PRODUCTCOUPONS: asinDetailWithCouponTrend,
  SALESESTIMATE: asinPrediction,
  SALESTREND: asinSalesTrend,
  BSRSALES: bsrPrediction,
  PRICEHISTORY: keepaInfo,
  KEYWORDSTATS: trafficKeywordStat,
  LISTINGSTATS: trafficListingStat,
  REVIEWS: review,
  KEYWORDCONVERSION: keywordConversion,
  KEYWORDTRENDS: keywordResearchTrends,
  TRAFFICEXTEND: trafficExtend,
  KEYWORDRESEARCH: keywordResearch,
  DEPARTMENTS: keywordResearchDepartment,
  ORDERWORDS: keywordOrder,
  TRAFFICKEYWORDS: trafficKeyword,
  KEYWORDMINER: keywordMiner,
  TRAFFICSOURCE: trafficSource,
  ABAWEEKLY: abaResearchWeekly,
  ABAMONTHLY: abaResearchMonthly,
  ABATREND: abaResearchTrend,
  PRODUCTCONCENTRATION: marketProductConcentration,
  SELLERCONCENTRATION: marketSellerConcentration,
  LISTINGTREND: marketListingTrendDistribution,
  SELLERCOUNTRIES: marketSellerCountryDistribution,
  RATINGCOUNTS: marketRatingsCountDistribution,
  APLUSVIDEO: marketEbcDistribution,
  BRANDCONCENTRATION: marketBrandConcentration,
  SELLERTYPES: marketSellerTypeConcentration,
  DEMANDTREND: marketProductDemandTrend,
  LISTINGAGES: marketListingDateDistribution,
  RATINGBANDS: marketRatingDistribution,
  PRICEBANDS: marketPriceDistribution,
  NICHES: marketResearch,
  CATEGORYSTATS: marketResearchStatistics,
  GOOGLETRENDS: googleTrend,
  TRADEMARKS: trademarkList,
  TRADEMARKSTATS: trademarkStats,
  TRADEMARK: trademarkDetail,
  TRADEMARKOFFICES: trademarkCountryList,
  PRODUCT: product,
  PRODUCTS: products,
  ASOF: asOf,
};

associateFunctions(MAD_FUNCTIONS);
