/**
 * Records of the single-product group (one ASIN): its details, coupons, sales estimates and trend, the BSR sales
 * estimator, its traffic statistics and reviews. The keepa history record is in ./asin-history.ts. Field tables
 * from the official docs (opensellersprite/sellersprite-cli docs/mcp-api-source.md and reference/, the
 * sellersprite.github.io page); where they disagree, the doc whose own example and description agree wins (see
 * each operation's row in ../catalog/asin.ts).
 *
 * Encodings: day-only values (listing date, first rating, review dates) are midnight China time (`epochDay`);
 * moments (update times) are epoch milliseconds; prices are currency units; -1 is "none" where the docs say so.
 */
import { KEEPA_FIELDS } from "./asin-history";
import { b, dt, i, ms, n, obj, objList, s, sl } from "./fields";

const BADGE = obj("badge", "Badges: Y/N", [
  s("bestSeller", "Best-seller badge"),
  s("platformChoice", "Choice badge", { aliases: ["amazonChoice"] }),
  s("newRelease", "New-release badge"),
  s("ebc", "A+ page"),
  s("video", "Video"),
]);

/** One product's details (asin_detail; the `asin` object of the coupon and sales-trend answers). */
export const ASIN_DETAIL_FIELDS = [
  s("asin", "Product id"),
  s("marketplace", "Marketplace"),
  s("title", "Title"),
  s("brand", "Brand"),
  s("brandUrl", "Brand link"),
  s("asinUrl", "Product link"),
  s("imageUrl", "Image link (200 px)"),
  s("zoomImageUrl", "Image link (600 px)"),
  s("parent", "Parent product id"),
  n("price", "Price", { format: "currency" }),
  n("primePrice", "Member price (blank: none)", { noneSentinel: -1, format: "currency" }),
  n("deliveryPrice", "Seller shipping fee (blank: none)", { noneSentinel: -1, format: "currency" }),
  s("coupon", "Coupon, as the listing shows it"),
  s("bsrId", "Best-seller-rank category id"),
  s("bsrLabel", "Best-seller-rank category"),
  i("bsrRank", "Best-seller rank in its main category"),
  s("nodeId", "Category node id"),
  s("nodeIdPath", "Node ids joined by ':' from root to leaf"),
  s("nodeLabelPath", "Node names joined by ':'"),
  s("nodeLabelPathLocale", "Node names, localized"),
  objList("subcategories", "Subcategory ranks", [i("rank", "Rank"), s("code", "Node id"), s("label", "Name")]),
  n("rating", "Rating value", { format: "decimal" }),
  i("ratings", "Number of ratings"),
  i("reviews", "Number of reviews"),
  i("variantRatings", "Ratings of this variant"),
  i("variantReviews", "Reviews of this variant"),
  i("questions", "Questions answered"),
  i("lqs", "Listing quality score"),
  ms("availableDate", "Listing date, a date (sent as midnight China time)", { epochDay: true }),
  ms("firstRatingDate", "Date of the first rating, a date (sent as midnight China time)", { epochDay: true }),
  s("sellerId", "Buy-box seller id"),
  s("sellerName", "Buy-box seller"),
  s("fulfillment", "AMZ, FBA or FBM"),
  i("sellers", "Number of sellers"),
  i("variations", "Number of variants"),
  objList("variationList", "Variants", [s("asin", "Product id"), s("attribute", "Variant attribute")]),
  sl("skuList", "Variant attributes of this product"),
  s("dimensions", "Size with unit"),
  s("weight", "Weight with unit"),
  sl("features", "Bullet points"),
  s("overviews", "Product overview, JSON text as the service sends it"),
  BADGE,
  ms("createdTime", "When the service first saw the product, date-time in UTC"),
  ms("updatedTime", "Update time, date-time in UTC"),
] as const;

/** One day's coupon of a product (asin_coupon_trend; `couponTrends` of the combined answer). */
const COUPON_TREND_FIELDS = [
  dt("date", "Day, a date"),
  s("marketplace", "Marketplace"),
  s("asin", "Product id"),
  s("type", "M = money off, P = percent off"),
  n("asinPrice", "Price before the coupon", { format: "currency" }),
  n("couponPrice", "Discount, in the marketplace's currency", { format: "currency" }),
  n("finalPrice", "Price after the coupon", { format: "currency" }),
] as const;

/** Details and coupon days in one answer (asin_detail_with_coupon_trend). */
const ASIN_WITH_COUPONS_FIELDS = [
  obj("asin", "The product's details", ASIN_DETAIL_FIELDS),
  objList("couponTrends", "Coupon days", COUPON_TREND_FIELDS),
] as const;

/** The sales estimator of one product (asin_prediction): dated estimates per day and per month. */
const SALES_ESTIMATE_FIELDS = [
  obj("asinDetail", "The product", [
    s("asin", "Product id"),
    s("title", "Title"),
    s("brand", "Brand"),
    ms("availableDate", "Listing date, a date (sent as midnight China time)", { epochDay: true }),
    s("category", "Main category"),
    s("categoryId", "Main category node id"),
    s("imageUrl", "Image link"),
    i("ratings", "Number of ratings"),
    n("rating", "Rating value", { format: "decimal" }),
  ]),
  objList("dailyItemList", "Daily estimates", [
    dt("date", "Day, a date"),
    i("bsr", "Best-seller rank"),
    i("sales", "Units"),
    n("amount", "Revenue", { format: "currency" }),
    n("price", "Price", { format: "currency" }),
  ]),
  objList("monthItemList", "Monthly estimates", [
    dt("date", "Month, as its first day"),
    i("sales", "Units"),
    n("amount", "Revenue", { format: "currency" }),
    n("price", "Price", { format: "currency" }),
  ]),
] as const;

/** A product's details with its monthly units and revenue, parent and child (asin_sales_trend). */
const SALES_TREND_FIELDS = [
  obj("asin", "The product's details", ASIN_DETAIL_FIELDS),
  objList("salesTrendPoints", "Months", [
    dt("month", "Month, as its first day"),
    n("price", "Price", { format: "currency" }),
    n("averagePrice", "Average price", { format: "currency" }),
    i("parentUnitSales", "Units of the parent (every variant)"),
    i("childUnitSales", "Units of this variant"),
    n("parentSalesRevenue", "Revenue of the parent", { format: "currency" }),
    n("childSalesRevenue", "Revenue of this variant", { format: "currency" }),
  ]),
] as const;

/** The BSR sales estimator (bsr_prediction): units a rank sells in a main category. */
const BSR_SALES_FIELDS = [
  s("marketplace", "Marketplace"),
  i("bsr", "Best-seller rank asked for"),
  s("categoryLabel", "Main category"),
  i("estDailySales", "Estimated units a day"),
  i("estMonthSales", "Estimated units in 30 days"),
  objList("itemList", "Estimates of the ranks around it", [
    i("bsr", "Best-seller rank"),
    i("estDailySales", "Estimated units a day"),
    i("estMonthSales", "Estimated units in 30 days"),
  ]),
] as const;

/** Traffic keyword statistics of a product (traffic_keyword_stat). */
const KEYWORD_STAT_FIELDS = [
  s("marketplace", "Marketplace"),
  s("asin", "Product id"),
  i("keywords", "Traffic keywords"),
  i("ranks", "Keywords with an organic rank"),
  i("ads", "Keywords with ads only"),
  ms("calcTime", "When the figures were computed, date-time in UTC"),
  obj("badgeCount", "Keywords by where the product shows", [
    i("ns", "Organic search"),
    i("ac", "Choice keywords"),
    i("er", "Editorial recommendations"),
    i("fs", "Four stars and above"),
    i("hr", "Highly rated"),
    i("sb", "Sponsored brands"),
    i("sv", "Sponsored videos"),
    i("ad", "Sponsored products"),
  ]),
] as const;

/** Related-product traffic statistics of a product (traffic_listing_stat). */
const LISTING_STAT_FIELDS = [
  s("marketplace", "Marketplace"),
  s("asin", "Product id"),
  i("relations", "Related products"),
  i("freeRelations", "Related without sponsoring"),
  i("paidRelations", "Related with sponsoring"),
  ms("calcTime", "When the figures were computed, date-time in UTC"),
  objList("items", "Related products by relation type", [s("relation", "Relation type"), i("count", "Products")]),
] as const;

/** One review of a product (review). */
export const REVIEW_FIELDS = [
  ms("date", "Review date, a date (sent as midnight China time)", { epochDay: true }),
  i("star", "Stars, 1 to 5", { aliases: ["rating"] }),
  s("title", "Title"),
  s("content", "Review text"),
  s("author", "Reviewer"),
  sl("authorLabels", "Reviewer labels"),
  sl("skus", "Variant reviewed"),
  i("likes", "Found helpful", { aliases: ["helpful"] }),
  b("verified", "Verified purchase"),
  b("vine", "Vine review"),
  b("free", "Product received free"),
  b("experience", "Early reviewer"),
  b("image", "Has images"),
  b("video", "Has videos"),
  sl("images", "Image links"),
  sl("videos", "Video links"),
] as const;

/** The single-product group's records by name (the catalog's `record`). */
export const ASIN_RECORDS = {
  asinDetail: ASIN_DETAIL_FIELDS,
  couponTrend: COUPON_TREND_FIELDS,
  asinWithCoupons: ASIN_WITH_COUPONS_FIELDS,
  salesEstimate: SALES_ESTIMATE_FIELDS,
  salesTrend: SALES_TREND_FIELDS,
  bsrSales: BSR_SALES_FIELDS,
  keepa: KEEPA_FIELDS,
  keywordStat: KEYWORD_STAT_FIELDS,
  listingStat: LISTING_STAT_FIELDS,
  review: REVIEW_FIELDS,
} as const;
