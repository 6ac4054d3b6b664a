/**
 * The category-market group: one category's concentration (products, sellers, brands), distributions (listing
 * dates, seller countries, rating counts, A+/video) and statistics. They share their parameters (`marketParams`);
 * their records are in ../records/market.ts.
 */
import { asinList, marketParams } from "../params";
import { operationsOf } from "./operation";

const define = operationsOf("market");

export const MARKET_OPERATIONS = [
  define({
    code: "market_product_concentration",
    path: "/v1/market/goods",
    dataPeriod: "month",
    fn: "PRODUCTCONCENTRATION",
    title: "Product concentration",
    description: "The top products of a category with their unit and revenue shares.",
    params: [...marketParams(), asinList("asins", undefined, "Only these products (ASINs).")],
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "array",
    record: "productConcentration",
  }),
  define({
    code: "market_seller_concentration",
    path: "/v1/market/seller",
    dataPeriod: "month",
    fn: "SELLERCONCENTRATION",
    title: "Seller concentration",
    description: "The top sellers of a category with their products, units and revenue shares.",
    params: marketParams(),
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "array",
    record: "sellerConcentration",
  }),
  define({
    code: "market_listing_trend_distribution",
    path: "/v1/market/shelf/trend",
    dataPeriod: "month",
    fn: "LISTINGTREND",
    title: "Listing-date trend",
    description: "Products, units and revenue of a category by listing year, one row per year.",
    params: marketParams(),
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "array",
    record: "listingTrend",
  }),
  define({
    code: "market_seller_country_distribution",
    path: "/v1/market/seller/location",
    dataPeriod: "month",
    fn: "SELLERCOUNTRIES",
    title: "Seller-country distribution",
    description: "Products, units and revenue of a category by seller country.",
    params: marketParams(),
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "array",
    record: "sellerCountry",
  }),
  define({
    code: "market_ratings_count_distribution",
    path: "/v1/market/ratings",
    dataPeriod: "month",
    fn: "RATINGCOUNTS",
    title: "Rating-count distribution",
    description: "Products, units and revenue of a category by number of ratings.",
    params: marketParams(),
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "array",
    record: "ratingCount",
  }),
  define({
    code: "market_ebc_distribution",
    path: "/v1/market/ebc",
    dataPeriod: "month",
    fn: "APLUSVIDEO",
    title: "A+/video distribution",
    description: "Products and units of a category with and without A+ content and video.",
    params: marketParams(),
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "array",
    record: "aplusVideo",
  }),
  define({
    code: "market_brand_concentration",
    path: "/v1/market/brand",
    dataPeriod: "month",
    fn: "BRANDCONCENTRATION",
    title: "Brand concentration",
    description: "The top brands of a category with their products, units and revenue shares.",
    params: marketParams(),
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "array",
    record: "brandConcentration",
  }),
  define({
    code: "market_research_statistics",
    path: "/v1/market/statistics",
    dataPeriod: "month",
    fn: "CATEGORYSTATS",
    title: "Category statistics",
    description:
      "Averages of a category: products, brands, sellers, BSR, price, units, revenue, ratings, new products.",
    params: marketParams(),
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "object",
    record: "categoryStatistics",
  }),
] as const;
