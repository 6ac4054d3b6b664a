/**
 * The operation catalog: one declarative row per operation of the service. It is the single source of truth
 * for the client's validation, the simulator's routes, the MAD functions' arguments, the query builder's forms
 * and the README's function table. Value sets come from shared/spec/reference-values.md.
 */
import type {
  CrossRule,
  EnumOption,
  HttpMethod,
  OperationGroup,
  ParamSpec,
  PositionalArg,
  ResponseShape,
} from "./catalog-types";
import {
  asinList,
  bool,
  bounded,
  csv,
  fixedSize,
  forMarkets,
  int,
  list,
  marketParams,
  marketplace,
  matchType,
  month,
  NEARLY,
  nodeIdPath,
  num,
  opts,
  order,
  page,
  Param,
  PHRASE_FUZZY_EXACT,
  ranges,
  required,
  saturday,
  size,
  str,
  weekOrMonth,
  YES_NO_VARIANTS,
  yearMonth,
} from "./params";
import type { DataPeriod } from "./data-period";
import type { RecordName } from "./records";

/** A catalog row; `Ps` keeps the parameters' literal names so request types derive from the row. */
export interface Operation<
  C extends string = string,
  Ps extends readonly Param[] = readonly Param[],
  R extends RecordName = RecordName,
> {
  readonly code: C;
  readonly path: `/v1/${string}`;
  /** Absent = POST (every operation but the category lookup). */
  readonly method?: HttpMethod;
  readonly fn: string;
  readonly group: OperationGroup;
  readonly title: string;
  readonly description: string;
  readonly params: Ps;
  readonly positional: readonly PositionalArg[];
  readonly shape: ResponseShape;
  readonly record: R;
  readonly rowCap?: number;
  readonly rules?: readonly CrossRule[];
  /** How long its answer stays the same (the service's update cycle): how long a cache may keep it. */
  readonly dataPeriod: DataPeriod;
}

/**
 * A catalog row, its names kept literal. Parameters are the live service's official table (the spec's own names
 * are aliases). The spec's `returnFields` belongs to its MCP tools, not to the HTTP service (no official table
 * lists it), so it is not a parameter: the add-in picks columns itself, and queries that differ only in their
 * columns share one call.
 */
const define = <const C extends string, const Ps extends readonly Param[], const R extends RecordName>(
  op: Operation<C, Ps, R>,
): Operation<C, Ps, R> => op;

/** The service keeps only the top 2,000 rows of any query (reference-values.md, "Row cap"). */
export const ROW_CAP = 2000;

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
] as const;
/** Table 1.8; `keywordsIsHide` is monthly purchases. */
const KEYWORD_RESEARCH_SORT_FIELDS = [
  "searches",
  "keywordsIsHide",
  "searches_growth",
  "yearly_growth_rate",
  "growth_rate_trend_min",
  "monopoly_click_rate",
  "goods_value",
] as const;
const TRAFFIC_KEYWORD_SORT_FIELDS = [
  "rankPosition",
  "adPosition",
  "createdTime",
  "searchesRank",
  "searches",
  "purchases",
  "purchaseRate",
  "products",
  "supplyDemandRatio",
  "latest1daysAds",
  "bid",
  "trafficPercentage",
] as const;
/** Table 2.5: extended traffic keywords sort by these, not by the traffic-keyword table 2.3. */
const TRAFFIC_EXTEND_SORT_FIELDS = [
  "trafficPercentage",
  "relationAsin",
  "searchesRank",
  "searches",
  "purchases",
  "purchaseRate",
  "spr",
  "titleDensity",
  "products",
  "supplyDemandRatio",
  "adProduct",
  "monopolyClickRate",
  "bid",
] as const;
/** Table 2.4 of the older English document (traffic-source sort fields); suggestions, the newer table differs. */
const TRAFFIC_SOURCE_SORT_FIELDS = [
  "keyword",
  "nk",
  "ac",
  "er",
  "fs",
  "hr",
  "spb",
  "spv",
  "ads",
  "updatedTime",
] as const;
const ABA_SORT_FIELDS = ["searchfrequencyrank", "cprExact", "titleDensityExact", "searches"] as const;

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
const MARKET_PERIODS = opts(
  ["N", "General"],
  ...Array.from({ length: 12 }, (_, i) => [`S${i + 1}`, `Seasonal, peak in month ${i + 1}`] as const),
  ["I", "Growing"],
  ["D", "Declining"],
);
const SEARCH_MODELS = opts(
  [1, "Popular"],
  [2, "Volatile"],
  [3, "Continuously growing"],
  [4, "Fast rising"],
  [5, "Potential"],
  [6, "Long-tail market"],
);
const YES = opts(["Y", "Yes"]);

/** Product operations point `month` to table 1.1: a month, or `nearly` for the last 30 days. */
const productMonth = () =>
  yearMonth("month", "Month yyyyMM, or nearly for the last 30 days (also when omitted).", { words: NEARLY });

const keywordLists = () =>
  [
    list("includeKeywords", "Only words containing these words."),
    list("excludeKeywords", "Leave out words containing these words."),
  ] as const;

/** ABA weekly and monthly share everything but the date format, the growth filters and the page size. */
const abaCommon = () =>
  [
    list("departments", "Department codes to search in."),
    str("excludeKeywords", "Leave out keywords containing this text."),
    str("includeKeywords", "Only keywords containing this text."),
    bool("exactFlag", "Exact match of the include text."),
    int("searchModel", "Market model.", { options: SEARCH_MODELS }),
    page(),
  ] as const;
const abaRanges = () => [
  ...ranges(
    "number",
    ["RankGrowthRate", "rank growth rate"],
    ["MonopolyClickRate", "top-three click share"],
    ["ConversionRate", "conversion rate"],
  ),
  ...ranges(
    "integer",
    ["SearchRank", "search-frequency rank"],
    ["Searches", "searches"],
    ["WordCount", "number of words"],
    ["SPR", "SPR (sales needed to reach page one)"],
    ["TitleDensity", "title density"],
    ["Clicks", "clicks"],
    ["Impressions", "impressions"],
  ),
];

export const OPERATIONS = [
  define({
    code: "competitor_lookup",
    path: "/v1/product/competitor-lookup",
    fn: "COMPETITORS",
    group: "product",
    dataPeriod: "day",
    title: "Competitor lookup",
    description: "Products matching a brand, seller, ASIN list, category or keyword, with sales and listing data.",
    params: [
      marketplace,
      productMonth(),
      str("brand", "Brand name."),
      str("sellerName", "Seller name."),
      asinList("asins", 40, "Product ids (ASINs), at most 40."),
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
  }),
  define({
    code: "product_research",
    path: "/v1/product/research",
    fn: "PRODUCTRESEARCH",
    group: "product",
    dataPeriod: "day",
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
    code: "keyword_conversion",
    path: "/v1/keyword/conversion",
    fn: "KEYWORDCONVERSION",
    group: "keyword",
    dataPeriod: "month",
    title: "Keyword conversion",
    description: "Search, click and purchase conversion of a keyword and its related words, with PPC bids and ACoS.",
    params: [
      marketplace,
      required(str("keyword", "Keyword.")),
      str("timeType", "Period: WEEK = by week, 90D = the last 90 days.", {
        options: opts(["WEEK", "By week"], ["90D", "Last 90 days"]),
      }),
      matchType(2, PHRASE_FUZZY_EXACT, "How include words are matched."),
      ...keywordLists(),
      num("customAvgProductPrice", "Your own average product price for the ACoS estimate.", { min: 0 }),
      ...ranges(
        "integer",
        ["Searches", "searches"],
        ["Clicks", "clicks"],
        ["Purchases", "purchases"],
        ["PhraseCount", "phrase count"],
      ),
      ...ranges(
        "number",
        ["SearchConvRate", "search conversion rate"],
        ["ClickConvRate", "click conversion rate"],
        ["Ppc", "PPC bid"],
        ["Cpa", "cost per acquisition"],
        ["ProductPrice", "product price"],
        ["Acos", "ACoS"],
        ["ClickingRate", "top-three click rate"],
        ["ConversionRate", "top-three conversion rate"],
        ["Budget", "budget"],
      ),
      // The spec gives no page parameter, but the service pages it like the others (its own request example sends
      // page and size); it gives no size maximum, so the add-in caps one call at 100 rows.
      page(),
      size(50, 100),
    ],
    positional: [{ arg: "keyword", param: "keyword" }],
    shape: "paged",
    record: "keywordConversion",
  }),
  define({
    code: "keyword_research_trends",
    path: "/v1/keyword-research/trends",
    fn: "KEYWORDTRENDS",
    group: "keyword",
    dataPeriod: "month",
    title: "Keyword trends",
    description: "Monthly searches, purchases and growth of one keyword, oldest month first.",
    params: [marketplace, required(str("keyword", "Keyword."))],
    positional: [{ arg: "keyword", param: "keyword" }],
    shape: "array",
    record: "keywordTrend",
  }),
  define({
    code: "traffic_extend",
    path: "/v1/traffic/extend",
    fn: "TRAFFICEXTEND",
    group: "keyword",
    dataPeriod: "day",
    title: "Extended traffic keywords",
    description: "Every search word under which the products reached the first three result pages.",
    params: [
      marketplace,
      required(asinList("asinList", 20, "Product ids (ASINs), at most 20.")),
      month("historyDate", "Month yyyyMM; omitted = the last 30 days.", { maxMonthsBack: 24 }),
      int("queryType", "Which variants: 0 all, 1 best-selling, 2 the current one.", {
        options: opts([0, "All variants"], [1, "Best-selling variants"], [2, "Current variant"]),
        default: 2,
      }),
      int("matchType", "How the include words are matched.", {
        options: opts([1, "Fuzzy"], [2, "Broad"], [3, "Exact"]),
      }),
      ...keywordLists(),
      bool("amazonChoice", "Only words with a choice recommendation.", { aliases: ["platformChoice"] }),
      ...ranges(
        "integer",
        ["Searches", "searches"],
        ["SearchRank", "search-frequency rank"],
        ["Purchases", "purchases"],
        ["Products", "competing products"],
        ["AdProducts", "ad products"],
        ["WordCount", "number of words"],
        ["SPR", "SPR"],
        ["TitleDensity", "title density"],
        ["Competitors", "competitors"],
      ),
      ...ranges(
        "number",
        ["PurchaseRate", "purchase rate", "PurchasesRate"],
        ["SupplyDemandRatio", "supply-demand ratio"],
        ["Bid", "suggested bid"],
        ["AvgPrice", "average price"],
        ["MonopolyClickRate", "top-three click share"],
        ["TrafficPercentage", "traffic share"],
        ["ConversionRate", "conversion rate"],
      ),
      page(),
      size(50, 50),
      order({ desc: true }, TRAFFIC_EXTEND_SORT_FIELDS),
    ],
    positional: [{ arg: "asins", param: "asinList" }],
    shape: "paged",
    record: "extendedTrafficKeyword",
  }),
  define({
    code: "market_product_concentration",
    path: "/v1/market/goods",
    fn: "PRODUCTCONCENTRATION",
    group: "market",
    dataPeriod: "month",
    title: "Product concentration",
    description: "The top products of a category with their unit and revenue shares.",
    params: [...marketParams(), asinList("asins", undefined, "Only these products (ASINs).")],
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "array",
    record: "productConcentration",
  }),
  define({
    code: "keyword_research",
    path: "/v1/keyword-research",
    fn: "KEYWORDRESEARCH",
    group: "keyword",
    dataPeriod: "month",
    title: "Keyword research",
    description: "Keywords filtered by searches, growth, competition, price and season (15 rows a page).",
    params: [
      marketplace,
      yearMonth("month", "Month yyyyMM within the last 24 months; omitted = the last 30 days."),
      list("departments", "Department codes."),
      str("keywords", "Keywords containing this text."),
      str("excludeKeywords", "Leave out keywords containing this text."),
      bool("withYearlyGrowth", "New niche markets only (with yearly growth)."),
      csv("marketPeriod", "Market period codes, comma-separated.", { options: MARKET_PERIODS }),
      ...ranges(
        "integer",
        ["Searches", "searches"],
        ["Products", "products"],
        ["Purchases", "purchases"],
        ["SearchMonthCv", "year-over-year search change"],
        ["SearchNearlyCv", "3-month search change"],
        ["Ratings", "average ratings"],
        ["WordCount", "number of words"],
      ),
      ...ranges(
        "number",
        ["SearchesCr", "search growth rate"],
        ["PurchaseRate", "purchase rate"],
        ["SearchMonthCr", "year-over-year search rate"],
        ["SearchNearlyCr", "3-month search rate"],
        ["AvgPrice", "average price"],
        ["Rating", "average rating"],
        ["Bid", "suggested bid"],
        ["AraClickRate", "top-three click rate"],
        ["GoodsValue", "goods value"],
        ["SupplyDemandRatio", "supply-demand ratio"],
      ),
      page(),
      size(15, 15),
      order({ desc: true }, KEYWORD_RESEARCH_SORT_FIELDS),
    ],
    positional: [],
    shape: "paged",
    record: "keywordResearch",
  }),
  define({
    code: "keyword_order",
    path: "/v1/keyword-order",
    fn: "ORDERWORDS",
    group: "keyword",
    dataPeriod: "day",
    title: "Order-word reverse lookup",
    description: "The words that bring orders to the given products, by week or by month.",
    params: [
      marketplace,
      required(asinList("asins", 20, "Product ids (ASINs), at most 20.")),
      required(str("reverseType", "W = by week, M = by month.", { options: opts(["W", "Week"], ["M", "Month"]) })),
      weekOrMonth("date", "By week: yyyyMMdd of the week's last day (a Saturday); by month: yyyyMM.", "reverseType", {
        W: "saturday",
        M: "month",
      }),
      list("conversionType", "Conversion types: E high-quality, S stable, L lost, I invalid exposure.", {
        options: opts(["E", "High-quality converting"], ["S", "Stable"], ["L", "Lost"], ["I", "Invalid exposure"]),
      }),
      list("variation", "Y = exclude variants, N = include variants.", {
        options: opts(["Y", "Exclude variants"], ["N", "Include variants"]),
        default: "Y",
      }),
      page(),
      fixedSize(50),
      order({ field: "searchRank", desc: false }, ["searchRank", "searches"], true),
    ],
    positional: [
      { arg: "asins", param: "asins" },
      { arg: "reverseType", param: "reverseType" },
    ],
    shape: "paged",
    record: "orderWord",
  }),
  define({
    code: "market_seller_concentration",
    path: "/v1/market/seller",
    fn: "SELLERCONCENTRATION",
    group: "market",
    dataPeriod: "month",
    title: "Seller concentration",
    description: "The top sellers of a category with their products, units and revenue shares.",
    params: marketParams(),
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "array",
    record: "sellerConcentration",
  }),
  define({
    code: "aba_research_weekly",
    path: "/v1/aba/research/weekly",
    fn: "ABAWEEKLY",
    group: "aba",
    dataPeriod: "week",
    title: "ABA research, weekly",
    description: "Search-frequency ranks of keywords for one week, with rank changes and top products.",
    params: [
      marketplace,
      saturday("date", "Week's date yyyyMMdd (a Saturday); omitted = the latest week."),
      ...abaCommon(),
      int("rankGrowthValue", "Rank growth value."),
      num("rankGrowthRate", "Rank growth rate."),
      ...abaRanges(),
      size(40, 40),
      order({ desc: true }, ABA_SORT_FIELDS),
    ],
    positional: [],
    shape: "paged",
    record: "abaResearch",
  }),
  define({
    code: "traffic_keyword",
    path: "/v1/traffic/keyword",
    fn: "TRAFFICKEYWORDS",
    group: "keyword",
    dataPeriod: "day",
    title: "Traffic keywords of a product",
    description: "The search words under which one product was shown, with natural and ad share and ranks.",
    params: [
      marketplace,
      required(str("asin", "Product id (ASIN).", { pattern: "asin" })),
      str("keyword", "Only words containing this text."),
      yearMonth("month", "Month yyyyMM; omitted = the last 30 days."),
      list("badges", "Exposure position types.", {
        options: opts(
          ["naturalSearching", "Natural search"],
          ["amazonChoice", "Choice"],
          ["editorialRecommendations", "Editorial recommendations"],
          ["fourStar", "Four stars and above"],
          ["highlyRated", "Highly rated"],
          ["sponsorBrand", "Sponsored brand"],
          ["sponsorVideo", "Sponsored video"],
          ["ads", "Ads"],
        ),
      }),
      list("trafficKeywordTypes", "Traffic word types.", {
        options: opts(["primary", "Primary"], ["precise", "Precise"], ["preciseLongTail", "Precise long-tail"]),
      }),
      list("conversionKeywordTypes", "Conversion word types.", {
        options: opts(["excellent", "Excellent"], ["stable", "Stable"], ["lost", "Lost"], ["invalid", "Invalid"]),
      }),
      page(),
      size(50, 100),
      order({ field: "rankPosition", desc: false }, TRAFFIC_KEYWORD_SORT_FIELDS),
    ],
    positional: [{ arg: "asin", param: "asin" }],
    shape: "itemsWithStats",
    record: "productTrafficKeyword",
    rowCap: ROW_CAP,
  }),
  define({
    code: "aba_research_monthly",
    path: "/v1/aba/research/monthly",
    fn: "ABAMONTHLY",
    group: "aba",
    dataPeriod: "week",
    title: "ABA research, monthly",
    description: "Search-frequency ranks of keywords for one month, with rank changes and top products.",
    params: [
      marketplace,
      yearMonth("date", "Month yyyyMM; omitted = the last 30 days."),
      ...abaCommon(),
      ...abaRanges(),
      size(15, 15),
      order({ desc: true }, ABA_SORT_FIELDS),
    ],
    positional: [],
    shape: "paged",
    record: "abaResearch",
  }),
  define({
    code: "traffic_listing",
    path: "/v1/traffic/listing/page",
    fn: "LISTINGTRAFFIC",
    group: "product",
    dataPeriod: "day",
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
  }),
  define({
    code: "keyword_miner",
    path: "/v1/keyword/miner",
    fn: "KEYWORDMINER",
    group: "keyword",
    dataPeriod: "month",
    title: "Keyword mining",
    description: "Derived and long-tail words of a keyword, with searches, competition and relevancy.",
    params: [
      marketplace,
      required(str("keyword", "Seed keyword.")),
      month("historyDate", "Month yyyyMM; omitted = the last 30 days.", { maxMonthsBack: 24 }),
      list("keywordList", "More seed keywords (batch)."),
      bool("amazonChoice", "Only words with a choice recommendation.", { aliases: ["platformChoice"] }),
      int("filterRootWord", "0 = all words, 1 = root words only.", {
        options: opts([0, "All words"], [1, "Root words only"]),
        default: 0,
      }),
      matchType(2, opts([2, "Broad"], [3, "Phrase"])),
      ...keywordLists(),
      ...ranges(
        "integer",
        ["Search", "searches"],
        ["Purchases", "purchases"],
        ["SPR", "SPR"],
        ["TitleDensity", "title density"],
        ["SearchRank", "search-frequency rank"],
        ["Products", "products"],
        ["AdProducts", "ad products"],
        ["WordCount", "number of words"],
        ["Ratings", "average ratings"],
      ),
      ...bounded(
        ranges(
          "number",
          ["PurchasesRate", "purchase rate"],
          ["Relevancy", "relevancy (0 to 100)"],
          ["SupplyDemandRatio", "supply-demand ratio"],
          ["MonopolyClickRate", "top-three click share"],
          ["Bid", "suggested bid"],
          ["Price", "average price"],
          ["Rating", "average rating"],
        ),
        "Relevancy",
        0,
        100,
      ),
      page(),
      size(50, 100),
      order(
        { desc: true },
        ["relevancy", "searches", "purchases", "searchRank", "keywordsIsHide", "updatedTime"],
        true,
      ),
    ],
    positional: [{ arg: "keyword", param: "keyword" }],
    shape: "paged",
    record: "keywordMining",
    rules: [
      {
        kind: "noOrderWithFilters",
        field: "relevancy",
        filterParams: ["keywordList", "amazonChoice", "filterRootWord", "includeKeywords", "excludeKeywords"],
      },
    ],
  }),
  define({
    code: "market_listing_trend_distribution",
    path: "/v1/market/shelf/trend",
    fn: "LISTINGTREND",
    group: "market",
    dataPeriod: "month",
    title: "Listing-date trend",
    description: "Products, units and revenue of a category by listing year, one row per year.",
    params: marketParams(),
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "array",
    record: "listingTrend",
  }),
  define({
    code: "traffic_source",
    path: "/v1/traffic/source",
    fn: "TRAFFICSOURCE",
    group: "keyword",
    dataPeriod: "month",
    title: "Traffic source overview",
    description: "Where a product's or keyword's exposure comes from: natural search, ads, recommendations.",
    params: [
      marketplace,
      required(str("q", "A product id (ASIN) or a keyword.")),
      required(yearMonth("month", "Month yyyyMM.")),
      page(),
      size(50, 100),
      order({ desc: true }, TRAFFIC_SOURCE_SORT_FIELDS, true),
    ],
    positional: [
      { arg: "q", param: "q" },
      { arg: "month", param: "month" },
    ],
    shape: "paged",
    record: "trafficSource",
  }),
  define({
    code: "market_seller_country_distribution",
    path: "/v1/market/seller/location",
    fn: "SELLERCOUNTRIES",
    group: "market",
    dataPeriod: "month",
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
    fn: "RATINGCOUNTS",
    group: "market",
    dataPeriod: "month",
    title: "Rating-count distribution",
    description: "Products, units and revenue of a category by number of ratings.",
    params: marketParams(),
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "array",
    record: "ratingCount",
  }),
  define({
    code: "aba_research_trend",
    path: "/v1/aba/research/trends",
    fn: "ABATREND",
    group: "aba",
    dataPeriod: "week",
    title: "ABA keyword trend",
    description: "Search-frequency rank and searches of one keyword over time, oldest first.",
    params: [
      marketplace,
      required(str("keyword", "Keyword.")),
      str("timeGranularity", "W = by week, M = by month.", { options: opts(["W", "Week"], ["M", "Month"]) }),
    ],
    positional: [{ arg: "keyword", param: "keyword" }],
    shape: "array",
    record: "abaTrend",
  }),
  define({
    code: "market_ebc_distribution",
    path: "/v1/market/ebc",
    fn: "APLUSVIDEO",
    group: "market",
    dataPeriod: "month",
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
    fn: "BRANDCONCENTRATION",
    group: "market",
    dataPeriod: "month",
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
    fn: "CATEGORYSTATS",
    group: "market",
    dataPeriod: "month",
    title: "Category statistics",
    description:
      "Averages of a category: products, brands, sellers, BSR, price, units, revenue, ratings, new products.",
    params: marketParams(),
    positional: [{ arg: "nodeIdPath", param: "nodeIdPath" }],
    shape: "object",
    record: "categoryStatistics",
  }),
  define({
    code: "product_node",
    path: "/v1/product/node",
    method: "GET",
    fn: "CATEGORIES",
    group: "product",
    dataPeriod: "month",
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
    ],
    positional: [{ arg: "keyword", param: "keyword" }],
    shape: "array",
    record: "categoryNode",
  }),
] as const;

export type AnyOperation = (typeof OPERATIONS)[number];
export type OperationCode = AnyOperation["code"];
export type OperationOf<C extends OperationCode> = Extract<AnyOperation, { code: C }>;

const BY_CODE = new Map<string, AnyOperation>(OPERATIONS.map((op) => [op.code, op]));
const BY_FN = new Map<string, AnyOperation>(OPERATIONS.map((op) => [op.fn, op]));

export function isOperationCode(code: string): code is OperationCode {
  return BY_CODE.has(code);
}

export function operation<C extends OperationCode>(code: C): OperationOf<C> {
  const op = BY_CODE.get(code);
  if (!op) throw new Error(`Unknown operation code: ${code}`);
  return op as OperationOf<C>;
}

/** Looks an operation up by its MAD function name (`KEYWORDTRENDS`), case-insensitively. */
export function operationByFunction(fn: string): AnyOperation | undefined {
  return BY_FN.get(fn.toUpperCase());
}

/** The HTTP method of an operation (POST unless its row says GET). */
export function methodOf(op: AnyOperation): HttpMethod {
  return (op as { method?: HttpMethod }).method ?? "POST";
}

/** The parameter with the given role (page, size, order), if the operation has one. */
export function paramWithRole(op: AnyOperation, role: NonNullable<Param["role"]>): Param | undefined {
  return (op.params as readonly Param[]).find((p) => p.role === role);
}

/**
 * Why a parameter is not a filter of its MAD function: the marketplace and the positional parameters are arguments of
 * their own, and paging follows `limit`. The one rule for the filters argument, the filter block, the form and docs.
 */
export type NotAFilter = "market" | "positional" | "paging";
type FilterCandidate = Pick<ParamSpec, "name" | "kind" | "role">;

export function notAFilterBecause(op: AnyOperation, spec: FilterCandidate): NotAFilter | undefined {
  if (spec.kind === "marketplace") return "market";
  if (op.positional.some((p) => p.param === spec.name)) return "positional";
  if (spec.role === "page" || spec.role === "size") return "paging";
  return undefined;
}

/** Whether users set this parameter in the `filters` argument (or the filter block's rows). */
export function isFilterParam(op: AnyOperation, spec: FilterCandidate): boolean {
  return notAFilterBecause(op, spec) === undefined;
}
