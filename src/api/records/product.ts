/** Records of the product group: the product record (competitor lookup, product research, listing traffic) and categories. */
import { i, ms, n, obj, objList, s, type RecordFrom } from "./fields";

const PRODUCT_FIELDS = [
  s("asin", "Product id"),
  s("title", "Title"),
  s("brand", "Brand"),
  s("brandUrl", "Brand link"),
  s("imageUrl", "Image link"),
  s("parent", "Parent product id"),
  i("nodeId", "Category node id"),
  s("nodeIdPath", "Node ids joined by ':' from root to leaf"),
  s("nodeLabelPath", "Node names joined by ':'"),
  s("symbol", "Best-seller flag (Y)"),
  s("bsrId", "Best-seller-rank category id"),
  i("bsr", "Best-seller rank"),
  n("bsrCr", "Rank growth rate", { format: "percent" }),
  i("bsrCv", "Rank growth count"),
  i("units", "Monthly units (parent)"),
  n("unitsGr", "Monthly units growth rate (parent)", { aliases: ["unitsCr"], format: "percent" }),
  i("platformUnit", "Child-product units, last 30 days", { aliases: ["amzUnit"] }),
  ms("platformUnitDate", "Update time of platformUnit, date-time in UTC", { aliases: ["amzUnitDate"] }),
  n("platformSales", "Child-product sales amount", { aliases: ["amzSales"], format: "currency" }),
  n("revenue", "Monthly revenue (parent)", { format: "currency" }),
  n("price", "Price", { format: "currency" }),
  n("averagePrice", "Average price", { format: "currency" }),
  n("primePrice", "Member price", { noneSentinel: -1, format: "currency" }),
  n("profit", "Profit rate", { format: "percent" }),
  n("fba", "Fulfillment fee", { format: "currency" }),
  i("ratings", "Number of ratings"),
  n("ratingsRate", "Review rate", { format: "percent" }),
  n("rating", "Rating value", { format: "decimal" }),
  i("ratingsCv", "Monthly ratings growth"),
  i("ratingDelta", "New reviews, last 30 days"),
  n("lqs", "Listing quality score", { format: "decimal" }),
  ms("availableDate", "Listing date, a date (sent as midnight China time)", { epochDay: true }),
  s("fulfillment", "PLT (operator, AMZ in live data), FBA or FBM"),
  i("variations", "Number of variants"),
  i("sellers", "Number of sellers"),
  s("sellerId", "Buy-box seller id"),
  s("sellerName", "Buy-box seller"),
  s("sellerNation", "Buy-box seller country code"),
  obj("badge", "Badges: Y/N, or a label text when set", [
    s("bestSeller", "Best-seller badge"),
    s("platformChoice", "Choice badge", { aliases: ["amazonChoice"] }),
    s("newRelease", "New-release badge"),
    s("ebc", "A+ page"),
    s("video", "Video"),
  ]),
  s("weight", "Weight with unit"),
  s("dimension", "Size with unit"),
  s("dimensionsType", "Size type code", { aliases: ["dimensionType"] }),
  s("pkgDimensions", "Package size"),
  s("pkgDimensionType", "Package size type"),
  s("pkgWeight", "Package weight"),
  s("sku", "Variant attributes"),
  n("deliveryPrice", "Seller shipping fee", { noneSentinel: -1, format: "currency" }),
  objList("subcategories", "Subcategory ranks", [s("code", "Node id"), i("rank", "Rank"), s("label", "Name")]),
] as const;

/** A category node of the category lookup (product_node): where it sits in the tree and how many products it has. */
const CATEGORY_NODE_FIELDS = [
  s("nodeIdPath", "Node ids joined by ':' from the root, e.g. 3375251:3407731"),
  s("nodeLabelPath", "Node names joined by ':' from the root"),
  i("products", "Products in the category"),
  s("nodeLabelLocale", "The node's name, localized"),
  s("nodeLabelPathLocale", "Node names, localized, joined by ':'"),
] as const;
export type CategoryNodeRecord = RecordFrom<typeof CATEGORY_NODE_FIELDS>;

/** The product group's records by name (the catalog's `record`). */
export const PRODUCT_RECORDS = { product: PRODUCT_FIELDS, categoryNode: CATEGORY_NODE_FIELDS } as const;
