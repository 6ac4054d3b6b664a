/**
 * The keepa history record of a product (keepa_info): its listing facts and its series. Every series is a list of
 * `{timePoint, value}` points, `timePoint` in epoch milliseconds (not Keepa's own minutes since 2011) and `-1` for
 * "no data from here on" (out of stock, no rank); an empty list is no history. Prices are currency units.
 * Package sizes in `pkgDimensionsSize` are millimetres, although the docs label them centimetres (their own
 * example: [558, 506, 316] for 22 x 19.9 x 12.4 inches).
 */
import { i, ms, n, objList, s, sl, u } from "./fields";

/** One point of a number series. */
const POINT = [ms("timePoint", "Time, date-time in UTC"), n("value", "Value (blank: no data)", { noneSentinel: -1 })];
const series = <const N extends string>(name: N, doc: string) => objList(name, doc, POINT);

export const KEEPA_FIELDS = [
  s("marketplace", "Marketplace"),
  s("asin", "Product id"),
  s("dataAsin", "Product whose history this is"),
  s("parentAsin", "Parent product id"),
  sl("variationAsins", "Variant product ids"),
  s("title", "Title"),
  s("brand", "Brand"),
  s("asinUrl", "Product link"),
  s("brandUrl", "Brand link"),
  s("imageUrl", "Image link (200 px)"),
  s("zoomImageUrl", "Image link (600 px)"),
  sl("imageUrls", "Image links"),
  s("productStatus", "STANDARD, DOWNLOADABLE, EBOOK, INACCESSIBLE, INVALID, VARIATION_PARENT or UNKNOWN"),
  s("availabilityAmazon", "The marketplace's own offer (-1: none)"),
  s("rootCategory", "Main category node id"),
  s("rootCategoryLabel", "Main category"),
  s("salesRankReference", "Node id the rank is counted in"),
  s("salesRankUrl", "Link of the rank's category"),
  objList("salesRankReferenceHistory", "Changes of the rank's node", [
    ms("timePoint", "Time, date-time in UTC"),
    s("value", "Node id"),
  ]),
  s("nodeIdPath", "Node ids joined by ':' from root to leaf"),
  s("nodeLabelPath", "Node names joined by ':'"),
  s("dimensions", "Size with unit"),
  s("weight", "Weight with unit"),
  i("weightGram", "Weight in grams"),
  s("pkgDimensions", "Package size with unit"),
  u("pkgDimensionsSize", "Package length, width and height in millimetres (the service labels them cm)"),
  s("pkgWeight", "Package weight with unit"),
  i("pkgWeightGram", "Package weight in grams"),
  n("fbaFees", "Fulfillment fees in all", { format: "currency" }),
  s("fbaItems", "Fulfillment fees by item, JSON text as the service sends it"),
  i("numberOfPages", "Pages (books; -1: none)", { noneSentinel: -1 }),
  i("numberOfItems", "Items in the package"),
  series("price", "Price history"),
  series("dealPrice", "Deal price history"),
  series("buyBox", "Buy Box price history"),
  series("priceList", "List price history"),
  objList("buyBoxSellerIdHistory", "Buy Box seller history", [
    ms("timePoint", "Time, date-time in UTC"),
    s("value", "Seller id"),
  ]),
  series("bsr", "Best-seller rank history (main category)"),
  objList("subSalesRank", "Subcategory rank histories", [
    s("nodeId", "Node id"),
    s("node", "Subcategory"),
    objList("ranks", "Rank history", POINT),
  ]),
  series("reviews", "Rating count history"),
  series("rating", "Rating value history"),
  series("sellers", "Seller count history"),
] as const;
