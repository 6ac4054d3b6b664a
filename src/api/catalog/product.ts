/**
 * The product group: competitor lookup, product research, listing traffic and the category lookup. Their records
 * are in ../records/product.ts (the product record and category nodes). Value sets come from
 * shared/spec/reference-values.md.
 */
import type { EnumOption } from "../catalog-types";
import {
  asinList,
  bool,
  csv,
  forMarkets,
  int,
  list,
  marketplace,
  matchType,
  NEARLY,
  nodeIdPath,
  opts,
  order,
  page,
  PHRASE_FUZZY_EXACT,
  ranges,
  required,
  size,
  str,
  yearMonth,
  YES_NO_VARIANTS,
} from "../params";
import { operationsOf, ROW_CAP } from "./operation";

const define = operationsOf("product");

const PRODUCT_SORT_FIELDS = [
  "total_units",
  "total_amount",
  "bsr_rank",
  "price",
  "rating",
  "reviews",
  "profit",
  "reviews_rate",
  "available_date",
  "questions",
  "total_units_growth",
  "reviews_increasement",
  "bsr_rank_cv",
  "total_amount_growth",
  "bsr_rank_cr",
  // The child ASIN's 30-day units (amzUnit): the service's own tools sort product research and competitor lookup by
  // it (test/fixtures/official/operations.json, source SRT).
  "amz_unit",
] as const;

/**
 * Table 1.4: size tiers differ per marketplace (the older English table per market; the newer appendix adds the US
 * codes SS, LB and the extra-large tiers). `O` (other) is in every market. A code can mean a different tier in
 * another market (LB), so each market lists its own.
 */
const EU_UK = ["UK", "DE", "FR", "IT", "ES"] as const;
const DIMENSION_TYPES: readonly EnumOption[] = [
  ...forMarkets(
    ["US"],
    opts(
      ["ST", "Small standard"],
      ["SS", "Small standard (SS)"],
      ["LS", "Large standard"],
      ["SO", "Small oversize"],
      ["MO", "Medium oversize"],
      ["LO", "Large oversize"],
      ["LB", "Large bulky"],
      ["SP", "Special oversize"],
      ["ELO", "Extra-large 0-50 lb"],
      ["EL5O", "Extra-large 50-70 lb"],
      ["EL7O", "Extra-large 70-150 lb"],
      ["EL15O", "Extra-large over 150 lb"],
    ),
  ),
  ...forMarkets(["JP"], opts(["SM", "Small"], ["ST", "Standard"], ["OV", "Oversize"], ["SS", "Extra large"])),
  ...forMarkets(
    EU_UK,
    opts(
      ["SL", "Small envelope"],
      ["NL", "Standard envelope"],
      ["LL", "Large envelope"],
      ["SD", "Standard parcel"],
      ["SB", "Small oversize"],
      ["NB", "Standard oversize"],
      ["LB", "Large oversize"],
    ),
  ),
  ...forMarkets(["CA"], opts(["EN", "Envelope"], ["ST", "Standard"], ["OS", "Oversize"])),
  ...opts(["O", "Other"]),
];
const YES = opts(["Y", "Yes"]);

/** Product operations point `month` to table 1.1: a month, or `nearly` for the last 30 days. */
const productMonth = () =>
  yearMonth("month", "Month yyyyMM, or nearly for the last 30 days (also when omitted).", { words: NEARLY });

export const PRODUCT_OPERATIONS = [
  define({
    code: "competitor_lookup",
    path: "/v1/product/competitor-lookup",
    dataPeriod: "day",
    fn: "COMPETITORS",
    title: "Competitor lookup",
    description: "Products matching a brand, seller, ASIN list, category or keyword, with sales and listing data.",
    params: [
      marketplace,
      productMonth(),
      str("brand", "Brand name."),
      str("sellerName", "Seller name."),
      asinList(
        "asins",
        40,
        "Product ids (ASINs), 40 a call; without page or order, up to 2,000, each looked up on its own and sharing calls with other cells asking at the same moment (as MAD.PRODUCT and MAD.PRODUCTS).",
      ),
      nodeIdPath(),
      bool("nodeIdPathEqual", "true = exactly this category; false = the category and its subcategories.", {
        default: false,
      }),
      str("keyword", "Keyword."),
      matchType(2, PHRASE_FUZZY_EXACT),
      str("variation", "N = include variants, Y = exclude variants.", { options: YES_NO_VARIANTS }),
      page(),
      size(50, 100),
      order({ field: "total_units", desc: true }, PRODUCT_SORT_FIELDS),
    ],
    positional: [],
    shape: "paged",
    record: "product",
    // Each listed ASIN's product comes back as its own item, and an ASIN the service does not know is left out,
    // so lookups of single ASINs made together share one call of up to 40 (src/api/lookups/batch.ts). `variation`: the
    // live reference (sellersprite-cli reference/competitor_lookup.md) has the service take Y, variants left
    // out, when it is not given; a lookup names each product, and a watched child ASIN must come back as itself,
    // so lookups send N (variants included) unless the caller says otherwise. `month` stays out: the last 30
    // days, what a watch wants (our row's doc, table 1.1; the reference gives no default).
    batch: { param: "asins", key: "asin", defaults: { variation: "N" } },
  }),
  define({
    code: "product_research",
    path: "/v1/product/research",
    dataPeriod: "day",
    fn: "PRODUCTRESEARCH",
    title: "Product research",
    description: "Products filtered by sales, price, rating, badges, size tier and more (top 2,000 rows reachable).",
    params: [
      marketplace,
      productMonth(),
      str("keyword", "Keyword in the title."),
      matchType(2, PHRASE_FUZZY_EXACT),
      str("includeSellers", "Only these sellers."),
      str("excludeSellers", "Leave out these sellers."),
      str("excludeKeywords", "Leave out titles with these words."),
      str("includeBrands", "Only these brands."),
      str("excludeBrands", "Leave out these brands."),
      str("weightUnit", "Unit of the weight range.", {
        options: opts(["g", "grams"], ["kg", "kilograms"], ["oz", "ounces"], ["lb", "pounds"]),
        default: "g",
      }),
      str("filterSub", "Y = filter on the subcategory rank (only with a category).", { options: YES }),
      list("nodeIdPaths", "Category node paths.", { pattern: "nodeIdPath" }),
      bool("nodeIdPathEqual", "true = exactly these categories; false = with subcategories.", { default: false }),
      int("availableMonth", "Listed within the last N months.", {
        options: opts([1, "30 days"], [3, "3 months"], [6, "6 months"], [12, "12 months"], [24, "24 months"]),
      }),
      csv("dimensionType", "Size tiers of the marketplace, comma-separated (table 1.4).", { options: DIMENSION_TYPES }),
      csv("sellerNation", "Seller country codes, comma-separated (e.g. CN, US).", {
        options: opts(
          ["CN", "China"],
          ["HK", "Hong Kong"],
          ["US", "United States"],
          ["JP", "Japan"],
          ["DE", "Germany"],
          ["FR", "France"],
        ),
        openOptions: true,
      }),
      str("badgeBS", "Y = has the best-seller badge.", { options: YES }),
      str("badgeAC", "Y = has the choice badge.", { options: YES }),
      str("badgeNR", "Y = has the new-release badge.", { options: YES }),
      csv(
        "fulfillment",
        "Fulfillment, comma-separated among AMZ (the marketplace itself; PLT in the spec), FBA, FBM.",
        {
          options: [
            { value: "AMZ", label: "Sold by the marketplace itself", aliases: ["PLT"] },
            ...opts(["FBA", "FBA"], ["FBM", "FBM"]),
          ],
        },
      ),
      str("variation", "N = include variants, Y = exclude variants.", { options: YES_NO_VARIANTS }),
      ...ranges(
        "number",
        ["Price", "price"],
        ["Rating", "rating value"],
        ["Profit", "gross margin"],
        ["BsrCr", "BSR growth rate"],
        ["Revenue", "monthly revenue"],
        ["RevenueCr", "revenue growth rate"],
        ["UnitsCr", "units growth rate"],
        ["Weights", "weight (in weightUnit)"],
        ["Fba", "fulfillment fee"],
        ["Lqs", "listing quality score"],
      ),
      ...ranges(
        "integer",
        ["Ratings", "number of ratings"],
        ["RatingsCv", "monthly new ratings"],
        ["Sellers", "number of sellers"],
        ["Bsr", "main-category BSR"],
        ["BsrCv", "BSR growth count"],
        ["Units", "monthly units"],
        ["AmzUnit", "monthly child units", "PlatformUnit"],
        ["Variations", "number of variants"],
        ["SubBsrRank", "subcategory rank (with filterSub=Y)"],
      ),
      page(),
      size(50, 100),
      order({ field: "total_units", desc: true }, PRODUCT_SORT_FIELDS),
    ],
    positional: [],
    shape: "paged",
    record: "product",
    rowCap: ROW_CAP,
  }),
  define({
    code: "traffic_listing",
    path: "/v1/traffic/listing/page",
    dataPeriod: "day",
    fn: "LISTINGTRAFFIC",
    title: "Listing traffic",
    description: "Products related to the given products as traffic sources (viewed also viewed, bought together...).",
    params: [
      marketplace,
      required(asinList("asinList", undefined, "Product ids (ASINs).")),
      required(
        list("relations", "Relation types.", {
          options: opts(
            ["mib", "Bundled"],
            ["fbt", "Frequently bought together"],
            ["csi", "Similar"],
            ["cob", "Brand recommendation"],
            ["bab", "Bought also bought"],
            ["vav", "Viewed also viewed"],
            ["avp", "Viewed also purchased"],
            // The older table 2.2 lists these too, and the official request example sends also_viewed.
            ["mie", "More items to explore"],
            ["bav", "Bought after viewing"],
            ["asf", "Also shopped for"],
            ["cpf", "Climate pledge friendly"],
            ["bca", "Brands in this category"],
            ["fsa", "Four stars and above"],
            ["sp", "Sponsored products"],
            ["also_viewed", "Also viewed"],
          ),
        }),
      ),
      bool("variations", "Include variants."),
      page(),
      size(50, undefined),
      order({ desc: true }, ["createdTime"], true),
    ],
    positional: [
      { arg: "asins", param: "asinList" },
      { arg: "relations", param: "relations" },
    ],
    shape: "paged",
    record: "product",
    // No `batch`: the related products of every listed ASIN come back together, not per ASIN.
  }),
  define({
    code: "product_node",
    path: "/v1/product/node",
    dataPeriod: "month",
    method: "GET",
    fn: "CATEGORIES",
    title: "Category lookup",
    description:
      "Categories whose names match a keyword (or the node a path names), with their node path and product count; " +
      "neither = the top-level categories.",
    params: [
      marketplace,
      str("keyword", "Words of a category name (e.g. yoga) or a node id; blank = the top-level categories.", {
        section: "main",
      }),
      nodeIdPath(),
      // product_node documents month (yyyyMM, a past month's product counts); table 1.1's `nearly` is not listed.
      yearMonth("month", "Month yyyyMM of the product counts; omitted = now."),
    ],
    positional: [{ arg: "keyword", param: "keyword" }],
    shape: "array",
    record: "categoryNode",
  }),
] as const;

/**
 * Functions over competitor lookup's answers per ASIN (its `batch`: 40 ASINs a call, src/api/lookups/batch.ts) rather than
 * over its table, so cells asking for single products at about the same moment share calls:
 * - MAD.PRODUCT(market, asin, [details]): one product as an Excel data type (a card, src/table/product-card.ts). Facts
 *   only the product's details hold (bullet points, variants) are fetched only when `details` names them, one more
 *   call per product (`details`: that operation).
 * - MAD.PRODUCTS(market, asins, [fields], [headers]): one row per listed ASIN (up to 2,000), in the list's order.
 * `group` is where the docs list the function.
 */
export const LOOKUP_FUNCTIONS = [
  {
    fn: "PRODUCT",
    form: "card",
    operation: "competitor_lookup",
    details: "asin_detail",
    group: "asin",
    title: "Product card",
    description:
      "One product as an Excel data type: a card with its image, title, brand, price, rank and category, rating, " +
      "the last 30 days' units and revenue and a link to the listing (a labelled row where Excel has no data types).",
  },
  {
    fn: "PRODUCTS",
    form: "rows",
    operation: "competitor_lookup",
    group: "product",
    title: "Products by ASIN",
    description:
      "One row per listed product (ASIN), in the list's order: price, rank, category, 30-day units and revenue, " +
      "rating, brand, seller and more, 40 products a call.",
  },
] as const;
