/**
 * The single-product group: one ASIN's details, coupons, sales estimates and trend, price and rank history
 * (keepa), traffic statistics and reviews, and the BSR sales estimator. Records in ../records/asin.ts and
 * ../records/asin-history.ts.
 *
 * Sources: opensellersprite/sellersprite-cli `docs/mcp-api-source.md` (two revisions: CLI-a, the detailed one with
 * example values, and CLI-b, the short one), its `reference/<code>.md` (REF) and sellersprite/sellersprite.github.io
 * `index.md` (GH). Most of these operations are GET with the marketplace and the ASIN in the path; where the docs
 * disagree, each row says which it follows and why. The path is one catalog fact either way: `npm run live-check`
 * sends it, so one live run settles it.
 */
import type { HistoryColumn, HistorySource } from "../history-form";
import { bool, int, intList, marketplace, opts, page, required, size, str, timestamp, yearMonth } from "../params";
import { operationsOf } from "./operation";

const define = operationsOf("asin");

const asin = () => required(str("asin", "Product id (ASIN), e.g. B07Z82895W.", { pattern: "asin" }));
const ASIN_ARG = [{ arg: "asin", param: "asin" }] as const;

const keepaSeries = (series: string): readonly HistorySource[] => [{ series }];
const level = (name: string, doc: string, format: HistoryColumn["format"], from: readonly HistorySource[]) =>
  ({ name, doc, format, aggregate: "last", from }) as const satisfies HistoryColumn;
const flow = (name: string, doc: string, format: HistoryColumn["format"], from: readonly HistorySource[]) =>
  ({ name, doc, format, aggregate: "sum", from }) as const satisfies HistoryColumn;

const daily = (value: string) => ({ list: "dailyItemList", date: "date", value, native: "daily" }) as const;
const monthly = (value: string) => ({ list: "monthItemList", date: "date", value, native: "monthly" }) as const;
const trend = (value: string) => ({ list: "salesTrendPoints", date: "month", value, native: "monthly" }) as const;

export const ASIN_OPERATIONS = [
  define({
    code: "asin_detail",
    dataPeriod: "day",
    // GET with the marketplace and the ASIN in the path: all three docs agree. `month` is GH's only (a past
    // month's snapshot); CLI leaves it out, and it is sent only when given.
    path: "/v1/asin/{marketplace}/{asin}",
    method: "GET",
    fn: "PRODUCTDETAILS",
    title: "Product details",
    description:
      "One product's details: title, brand, price, rank and category, ratings, seller, variants, badges and dates.",
    params: [marketplace, asin(), yearMonth("month", "Month yyyyMM of a past snapshot; omitted = now.")],
    positional: ASIN_ARG,
    shape: "object",
    record: "asinDetail",
  }),
  define({
    code: "asin_coupon_trend",
    dataPeriod: "day",
    path: "/v1/asin/{marketplace}/{asin}/coupon-trend",
    method: "GET",
    fn: "COUPONS",
    title: "Coupon history",
    description: "One product's coupons by day: the price, the kind and size of the discount, and the final price.",
    params: [marketplace, asin()],
    positional: ASIN_ARG,
    shape: "array",
    record: "couponTrend",
  }),
  define({
    code: "asin_detail_with_coupon_trend",
    dataPeriod: "day",
    path: "/v1/asin/{marketplace}/{asin}/with-coupon-trend",
    method: "GET",
    fn: "PRODUCTCOUPONS",
    title: "Product details with coupons",
    description: "One product's details and its coupon days in one call (the asin.* rows, then couponTrends).",
    params: [marketplace, asin()],
    positional: ASIN_ARG,
    shape: "object",
    record: "asinWithCoupons",
  }),
  define({
    code: "asin_prediction",
    dataPeriod: "day",
    // GET with the marketplace and the ASIN in the query (every doc's example: ?marketplace=US&asin=...).
    path: "/v1/sales/prediction/asin",
    method: "GET",
    fn: "SALESESTIMATE",
    title: "Sales estimate",
    description: "One product's estimated units, revenue and price by day (the last weeks) or by month (14 months).",
    params: [marketplace, asin()],
    positional: ASIN_ARG,
    shape: "object",
    record: "salesEstimate",
    history: {
      columns: [
        flow("units", "Estimated units", "integer", [daily("sales"), monthly("sales")]),
        flow("revenue", "Estimated revenue", "currency", [daily("amount"), monthly("amount")]),
        level("price", "Price", "currency", [daily("price"), monthly("price")]),
        level("bsr", "Best-seller rank (daily figures only)", "integer", [daily("bsr")]),
      ],
      defaultInterval: "monthly",
      note: "Days come from the daily estimates (the last weeks), months from the monthly ones.",
    },
  }),
  define({
    code: "asin_sales_trend",
    dataPeriod: "day",
    // GET with the marketplace and the ASIN in the path (REF, the only doc that has it, with a curl example).
    path: "/v1/asin/{marketplace}/{asin}/sales-trend",
    method: "GET",
    fn: "SALESTREND",
    title: "Sales trend",
    description: "One product's monthly units and revenue, of the parent (all variants) and of this variant.",
    params: [marketplace, asin()],
    positional: ASIN_ARG,
    shape: "object",
    record: "salesTrend",
    history: {
      columns: [
        flow("units", "Units of the parent (every variant)", "integer", [trend("parentUnitSales")]),
        flow("revenue", "Revenue of the parent", "currency", [trend("parentSalesRevenue")]),
        flow("childUnits", "Units of this variant", "integer", [trend("childUnitSales")]),
        flow("childRevenue", "Revenue of this variant", "currency", [trend("childSalesRevenue")]),
        level("price", "Price", "currency", [trend("price")]),
        level("averagePrice", "Average price", "currency", [trend("averagePrice")]),
      ],
      defaultInterval: "monthly",
      note: "The service keeps months only: the interval is monthly.",
    },
  }),
  define({
    code: "bsr_prediction",
    dataPeriod: "day",
    // GET with every parameter in the query (GH's and CLI's examples agree).
    path: "/v1/sales/prediction/bsr",
    method: "GET",
    fn: "BSRSALES",
    title: "BSR sales estimate",
    description: "The units a best-seller rank sells in a main category, a day and in 30 days, and around it.",
    params: [
      marketplace,
      required(int("bsr", "Best-seller rank in the main category, e.g. 1024.", { min: 1 })),
      required(
        str("categoryId", "Main category node id (e.g. 172282; a node path's first id is used).", {
          pattern: "nodeId",
        }),
      ),
    ],
    positional: [
      { arg: "bsr", param: "bsr" },
      { arg: "categoryId", param: "categoryId" },
    ],
    shape: "object",
    record: "bsrSales",
  }),
  define({
    code: "keepa_info",
    dataPeriod: "day",
    // GET with the marketplace and the ASIN in the path: every doc agrees. MAD.PRICEHISTORY sends neither
    // startTimestamp nor endTimestamp: it reads the whole history once (one call per product, shared by every
    // range) so the value carried into the first row, from before the start, is right.
    path: "/v1/keepa/{marketplace}/{asin}",
    method: "GET",
    fn: "PRICEHISTORY",
    title: "Price and rank history",
    description: "One product's price, Buy Box, list price, rank, rating and rating-count history (Keepa).",
    params: [
      marketplace,
      asin(),
      timestamp("startTimestamp", "Start of the history (a date)."),
      timestamp("endTimestamp", "End of the history (a date)."),
      bool("dailyLatest", "Only the last point of each day."),
    ],
    positional: ASIN_ARG,
    shape: "object",
    record: "keepa",
    history: {
      columns: [
        level("price", "Price", "currency", keepaSeries("price")),
        level("buyBox", "Buy Box price", "currency", keepaSeries("buyBox")),
        level("listPrice", "List price", "currency", keepaSeries("priceList")),
        level("dealPrice", "Deal price", "currency", keepaSeries("dealPrice")),
        level("bsr", "Best-seller rank in the main category", "integer", keepaSeries("bsr")),
        level("rating", "Rating value", "decimal", keepaSeries("rating")),
        level("ratings", "Number of ratings", "integer", keepaSeries("reviews")),
        level("sellers", "Number of sellers", "integer", keepaSeries("sellers")),
      ],
      defaultInterval: "daily",
    },
  }),
  define({
    code: "traffic_keyword_stat",
    dataPeriod: "day",
    // CLI-a's heading says POST /v1/traffic/keyword-stat, but its own request example, and GH's, are GET
    // /v1/traffic/keyword/stat/{marketplace}/{asin}, and both answer the statistics GH describes (CLI-b's field
    // table is traffic_keyword's list, which contradicts its own description). The example wins; `month` is CLI's.
    path: "/v1/traffic/keyword/stat/{marketplace}/{asin}",
    method: "GET",
    fn: "KEYWORDSTATS",
    title: "Traffic keyword statistics",
    description: "How many traffic keywords a product has: organic, sponsored only, and by where it shows.",
    params: [marketplace, asin(), yearMonth("month", "Month yyyyMM; omitted = the last 30 days.")],
    positional: ASIN_ARG,
    shape: "object",
    record: "keywordStat",
  }),
  define({
    code: "traffic_listing_stat",
    dataPeriod: "day",
    // Three spellings: CLI-a GET /v1/traffic/listing/stat/{marketplace}/{asin}, CLI-b .../listing-stat/{..}/{..},
    // GH GET /v1/traffic/listing/stat with an asinList. CLI-a follows its sibling keyword statistics (whose
    // example is real) and agrees with GH's /listing/stat; the answer is GH's and CLI-a's (free/paid + types).
    path: "/v1/traffic/listing/stat/{marketplace}/{asin}",
    method: "GET",
    fn: "LISTINGSTATS",
    title: "Related-product traffic statistics",
    description: "How many products a product is related to, free and sponsored, and by relation type.",
    params: [marketplace, asin()],
    positional: ASIN_ARG,
    shape: "object",
    record: "listingStat",
  }),
  define({
    code: "review",
    dataPeriod: "day",
    // CLI-a: POST /v1/review with starList, typeList and pages of at most 10 (default 5), reviews dated in epoch
    // ms (its example 1772380800000 is midnight China time). REF's GET /v1/review/{marketplace}/{asin} with
    // star/hasImage and 50 a page has no example and contradicts the answer CLI-a shows; CLI-a wins. REF's
    // `star` is accepted as a spelling of starList.
    path: "/v1/review",
    fn: "REVIEWS",
    title: "Reviews",
    description: "One product's reviews: stars, title, text, reviewer, date and badges (10 a page).",
    params: [
      marketplace,
      asin(),
      intList("starList", "Stars, 1 to 5 (several allowed).", {
        aliases: ["star", "stars"],
        options: opts([1, "1 star"], [2, "2 stars"], [3, "3 stars"], [4, "4 stars"], [5, "5 stars"]),
      }),
      intList("typeList", "Kinds of review: 1 with images, 2 with video, 3 verified purchase, 4 Vine.", {
        options: opts([1, "With images"], [2, "With video"], [3, "Verified purchase"], [4, "Vine"]),
      }),
      page(),
      size(5, 10),
    ],
    positional: ASIN_ARG,
    shape: "paged",
    record: "review",
  }),
] as const;
