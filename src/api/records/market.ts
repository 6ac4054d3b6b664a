/**
 * Category-market records (arrays, except statistics: one object). Unit and revenue ratios are fractions in
 * live data (0.4449); the A+/video ratios and statistics' proportions are percentages (18.18); search-to-purchase
 * ratios are per mille (0.94926 ‰). The docs' field tables and examples (docs/mcp-api-source.md) say which is which.
 */
import { dt, i, n, objList, s, sl } from "./fields";

/** Product concentration: the top products of the category. */
const PRODUCT_CONCENTRATION_FIELDS = [
  s("asin", "Product id"),
  s("title", "Title"),
  i("ranking", "Ranking"),
  s("brand", "Brand"),
  s("sellerName", "Seller"),
  s("sellerType", "Fulfillment, e.g. FBA"),
  n("price", "Price", { format: "currency" }),
  i("totalUnits", "Units"),
  n("totalRevenue", "Revenue", { format: "currency" }),
  n("totalUnitsRatio", "Share of the category's units", { format: "fraction" }),
  n("totalRevenueRatio", "Share of the category's revenue", { format: "fraction" }),
  i("ratings", "Number of ratings"),
  i("reviews", "Number of reviews"),
  n("rating", "Rating value", { format: "decimal" }),
  dt("shelfDate", "Listing date, a date"),
  i("newFlag", "New product: 1 yes, 0 no"),
  s("asinUrl", "Product link"),
  s("imageUrl", "Image link"),
] as const;

/** Figures shared by seller and brand concentration, after the name. */
const CONCENTRATION_FIGURES = [
  i("ranking", "Ranking"),
  i("products", "Products (including new)"),
  i("totalUnits", "Units"),
  n("totalRevenue", "Revenue", { format: "currency" }),
  n("totalUnitsRatio", "Share of the category's units", { format: "fraction" }),
  n("totalRevenueRatio", "Share of the category's revenue", { format: "fraction" }),
  n("avgPrice", "Average price", { format: "currency" }),
  i("ratings", "Number of ratings"),
  i("reviews", "Number of reviews"),
  n("rating", "Rating value", { format: "decimal" }),
  i("newProducts", "New products"),
  i("newUnits", "Units of new products"),
  n("newRevenue", "Revenue of new products", { format: "currency" }),
  n("newUnitsRatio", "New products' share of units", { format: "fraction" }),
  n("newRevenueRatio", "New products' share of revenue", { format: "fraction" }),
  sl("asins", "Product ids", { aliases: ["asinSet"] }),
] as const;

const SELLER_CONCENTRATION_FIELDS = [s("sellerName", "Seller"), ...CONCENTRATION_FIGURES] as const;

const BRAND_CONCENTRATION_FIELDS = [s("brand", "Brand"), ...CONCENTRATION_FIGURES] as const;

/** Listing-date trend: one record per year, ascending, empty years with zeros. */
const LISTING_TREND_FIELDS = [
  s("label", "Bucket label", { serviceLabel: true }),
  dt("year", "Year, a number (yyyy)"),
  i("products", "Products"),
  i("units", "Units"),
  n("revenue", "Revenue", { format: "currency" }),
  n("unitsRatio", "Share of units", { format: "fraction" }),
  sl("asins", "Product ids"),
] as const;

/** Seller-country distribution; one bucket has an unknown-country label. */
const SELLER_COUNTRY_FIELDS = [
  s("label", "Bucket label", { serviceLabel: true }),
  s("country", "Country name", { serviceLabel: true }),
  i("products", "Products"),
  i("units", "Units"),
  n("revenue", "Revenue", { format: "currency" }),
  n("unitsRatio", "Share of units", { format: "fraction" }),
  n("revenueRatio", "Share of revenue (absent in live data)", { format: "fraction" }),
  sl("asins", "Product ids"),
] as const;

/** Rating-count distribution: buckets none, 1-50, ..., 500 and above. */
const RATING_COUNT_FIELDS = [
  s("label", "Rating-count bucket", { serviceLabel: true }),
  i("products", "Products"),
  i("units", "Units"),
  n("revenue", "Revenue", { format: "currency" }),
  n("unitsRatio", "Share of units", { format: "fraction" }),
  sl("asins", "Product ids"),
] as const;

/** A+/video distribution; ratios are percentages 0 to 100. */
const APLUS_VIDEO_FIELDS = [
  s("label", "A+/video bucket", { serviceLabel: true }),
  i("products", "Products"),
  n("productsRatio", "Share of products, 0 to 100", { format: "percent" }),
  i("units", "Units"),
  n("unitsRatio", "Share of units, 0 to 100", { format: "percent" }),
] as const;

/** Category statistics (one object): sample averages, the top-N listing group and the new-product group. */
export const CATEGORY_STATISTICS_FIELDS = [
  s("nodeLabelPath", "Node names joined by ':'"),
  s("nodeLabelPathLocale", "Node names, localized", { aliases: ["nodeLabelLocale"] }),
  s("nodeIdPath", "Node ids joined by ':'"),
  s("marketplace", "Marketplace"),
  s("countryCode", "Country code"),
  s("currency", "Currency code"),
  i("totalProducts", "Products in the category (may be null)"),
  i("products", "Sample products"),
  i("brands", "Brands"),
  i("sellers", "Sellers"),
  i("avgBsr", "Average best-seller rank"),
  i("avgUnits", "Average units"),
  n("avgRevenue", "Average revenue", { format: "currency" }),
  n("avgPrice", "Average price", { format: "currency" }),
  n("avgProfit", "Average profit rate", { format: "percent" }),
  i("avgRatings", "Average number of ratings"),
  i("avgRatingsCv", "Average monthly ratings growth"),
  n("avgRating", "Average rating", { format: "decimal" }),
  n("avgSellers", "Average sellers per product", { format: "decimal" }),
  n("baseAvgVolume", "Average volume, cm3", { format: "decimal" }),
  n("avgVolume", "Average volume, in3", { format: "decimal" }),
  n("baseAvgWeight", "Average weight, g", { format: "decimal" }),
  n("avgWeight", "Average weight, pound", { format: "decimal" }),
  i("hlProducts", "Top-N products"),
  i("hlAvgBsr", "Top-N average best-seller rank"),
  i("hlAvgUnits", "Top-N average units"),
  n("hlAvgRevenue", "Top-N average revenue", { format: "currency" }),
  n("hlAvgPrice", "Top-N average price", { format: "currency" }),
  i("hlAvgRatings", "Top-N average number of ratings"),
  i("hlAvgRatingsCv", "Top-N average monthly ratings growth"),
  n("hlAvgRating", "Top-N average rating", { format: "decimal" }),
  i("newProducts", "New products"),
  n("newProductProportion", "New products' share (2.63 = 2.63 %)", { format: "percent" }),
  i("newAvgUnits", "New products' average units"),
  n("newAvgRevenue", "New products' average revenue", { format: "currency" }),
  n("newAvgPrice", "New products' average price", { format: "currency" }),
  i("newAvgRatings", "New products' average number of ratings"),
  i("minNewRatings", "New products' fewest ratings"),
  i("maxNewRatings", "New products' most ratings"),
  n("newAvgRating", "New products' average rating", { format: "decimal" }),
  dt("firstShelfDate", "Earliest listing date, a date"),
  dt("lastShelfDate", "Latest listing date, a date"),
] as const;

/**
 * Niches (market research): one category per row, ranked. Proportions are percentages (80 = 80 %), the
 * search-to-purchase ratio per mille, as the field table's examples show.
 */
const NICHE_FIELDS = [
  i("ranking", "Rank among the niches found"),
  s("nodeLabelName", "Category name"),
  s("nodeIdPath", "Node ids joined by ':'"),
  s("nodeLabelPath", "Node names joined by ':'"),
  s("nodeId", "Node id"),
  s("nodeLabelLocale", "Category name, localized"),
  s("nodeLabelPathLocale", "Node names, localized"),
  s("marketplace", "Marketplace"),
  s("currency", "Currency code"),
  i("totalProducts", "Products in the category"),
  i("topProducts", "Sample products"),
  i("brands", "Brands"),
  i("sellers", "Sellers"),
  i("totalUnits", "Units a month, all products"),
  n("totalRevenue", "Revenue a month, all products", { format: "currency" }),
  i("avgUnits", "Average units a month"),
  n("avgRevenue", "Average revenue a month", { format: "currency" }),
  n("avgPrice", "Average price", { format: "currency" }),
  i("avgRatings", "Average number of ratings"),
  n("avgRating", "Average rating", { format: "decimal" }),
  i("avgBsr", "Average best-seller rank"),
  n("brandConcentration", "Brand concentration, 0 to 100 (the top brands' share of units)", { format: "percent" }),
  n("newProductRatio", "New products' share, 0 to 100", { format: "percent" }),
  n("avgProfit", "Average gross margin, 0 to 100", { format: "percent" }),
  n("avgSellers", "Average sellers per product", { format: "decimal" }),
  n("ebcProportion", "Share of products with A+ content, 0 to 100", { format: "percent" }),
  n("amazonSelfProportion", "Share sold by Amazon itself, 0 to 100", { format: "percent" }),
  n("fbaProportion", "Share fulfilled by Amazon (FBA), 0 to 100", { format: "percent" }),
  n("fbmProportion", "Share fulfilled by the merchant (FBM), 0 to 100", { format: "percent" }),
  s("sellerNation", "Most sellers' country code"),
  s("sellerNationLabel", "Most sellers' country", { serviceLabel: true }),
  n("sellerProportion", "Share of that country's sellers, 0 to 100", { format: "percent" }),
  n("returnRatio", "Return rate, 0 to 100", { format: "percent" }),
  n("avgReturnRatio", "Return rate of the category's peers, 0 to 100", { format: "percent" }),
  n("searchToPurchaseRatio", "Search-to-purchase ratio, per mille", { format: "perMille" }),
  n("baseAvgVolume", "Average volume, cm3", { format: "decimal" }),
  n("avgVolume", "Average volume, in3", { format: "decimal" }),
  n("baseAvgWeight", "Average weight, g", { format: "decimal" }),
  n("avgWeight", "Average weight, pound", { format: "decimal" }),
  sl("topBrands", "Top brands"),
  sl("topSellers", "Top sellers"),
  objList("top10Images", "The top 10 products' images", [s("asin", "Product id"), s("image", "Image link")]),
] as const;

/** Seller types (fulfillment) of a category: Amazon itself, FBA, FBM; ratios are fractions. */
const SELLER_TYPE_FIELDS = [
  s("label", "Seller type", { serviceLabel: true }),
  i("asinNum", "Products of this type"),
  n("asinRatio", "Share of products", { format: "fraction" }),
  i("units", "Units a month"),
  n("unitsRatio", "Share of units", { format: "fraction" }),
  i("ratings", "Number of ratings"),
  n("rating", "Average rating", { format: "decimal" }),
  i("productNum", "Products in the sample"),
] as const;

/**
 * Demand trend (the service's `market/performance`): the monthly page views of the category, one row per month,
 * with the category's figures beside each (return rates in percent, search-to-purchase ratios per mille).
 */
const DEMAND_TREND_FIELDS = [
  dt("date", "Month of the page views (sent as yyyy-MM-dd)"),
  i("glanceViews", "Page views"),
  i("asinCount", "Products in the category (sent as text)", { numberAsText: true }),
  n("returnRatio", "Return rate, 0 to 100 (sent as text)", { format: "percent", numberAsText: true }),
  n("avgReturnRatio", "Return rate of the category's peers, 0 to 100", { format: "percent" }),
  n("searchToPurchaseRatio", "Search-to-purchase ratio, per mille", { format: "perMille" }),
  n("avgSearchToPurchaseRatio", "Search-to-purchase ratio of the peers, per mille", { format: "perMille" }),
] as const;

/** Figures of one band of a distribution (listing age, rating, price): the sample split by the band. */
const BAND_FIGURES = [
  i("products", "Products"),
  i("units", "Units"),
  n("revenue", "Revenue", { format: "currency" }),
  n("unitsRatio", "Share of units", { format: "fraction" }),
  sl("asins", "Product ids"),
] as const;

/** Listing-age distribution: bands such as under 1 month ... over 3 years. */
const LISTING_AGE_FIELDS = [
  s("label", "Listing-age band", { serviceLabel: true }),
  s("shelfTime", "Listing-age band as the service names it", { serviceLabel: true }),
  ...BAND_FIGURES,
] as const;

/** Rating-value distribution: bands such as 4.5 and over. */
const RATING_BAND_FIELDS = [s("label", "Rating band", { serviceLabel: true }), ...BAND_FIGURES] as const;

/** Price distribution: price bands in the marketplace's currency, e.g. 5-10. */
const PRICE_BAND_FIELDS = [s("label", "Price band, in the marketplace's currency"), ...BAND_FIGURES] as const;

/** The category-market group's records by name (the catalog's `record`). */
export const MARKET_RECORDS = {
  productConcentration: PRODUCT_CONCENTRATION_FIELDS,
  sellerConcentration: SELLER_CONCENTRATION_FIELDS,
  brandConcentration: BRAND_CONCENTRATION_FIELDS,
  listingTrend: LISTING_TREND_FIELDS,
  sellerCountry: SELLER_COUNTRY_FIELDS,
  ratingCount: RATING_COUNT_FIELDS,
  aplusVideo: APLUS_VIDEO_FIELDS,
  categoryStatistics: CATEGORY_STATISTICS_FIELDS,
  niche: NICHE_FIELDS,
  sellerType: SELLER_TYPE_FIELDS,
  demandTrend: DEMAND_TREND_FIELDS,
  listingAge: LISTING_AGE_FIELDS,
  ratingBand: RATING_BAND_FIELDS,
  priceBand: PRICE_BAND_FIELDS,
} as const;
