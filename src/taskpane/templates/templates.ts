/**
 * Report templates: a whole analysis in one click. A template names the inputs it needs (market, a category, a
 * keyword, ASINs) and its sections, each one MAD formula with explicit `fields` (so a chart knows the column it
 * reads) and a modest `limit` (so a report costs few calls). Where the inputs sit and what a section's arguments
 * look like in the sheet is report-layout.ts's business; this module says what each section asks the service for,
 * so the same definition gives the formula text, the cost and the input checks (the catalog's own validation).
 */
import type { AxisFormat, ChartKind } from "../host/host-adapter";
import type { OperationCode } from "../../api/catalog";

export type TemplateId = "categoryMarket" | "keywordOpportunity" | "competitorWatch";

/** What a person types or picks for an input; the pane renders a control per kind. */
export type InputKind = "market" | "category" | "keyword" | "asins";

export interface TemplateInput {
  /** Key in TemplateInputs (and in the stored ReportGroupInfo). */
  readonly name: "market" | "nodeIdPath" | "keyword" | "asins";
  readonly kind: InputKind;
  /** The label beside the input cell and in the pane. The ASINs' label is also the filter name `asins`. */
  readonly label: string;
  readonly hint: string;
}

/** What the pane collects: text per input name (ASINs as typed: separated by commas, spaces or new lines). */
export type TemplateInputs = Readonly<Record<string, string>>;

/**
 * Where a formula argument comes from:
 * - `input`: the input's cell (`$B$3`);
 * - `asinRow`: every ASIN, the row of ASIN cells (`$B$4:$U$4`), read as a list;
 * - `asinFilter`: the ASIN row with its label, a one-row filter block (`$A$4:$U$4`: `ASINs | B0... | B0...`);
 * - `firstAsin`: the first ASIN's cell (`$B$4`);
 * - `text`: a literal (`"W"`), never made from input text.
 */
export type ArgSource =
  | { readonly kind: "input"; readonly input: TemplateInput["name"] }
  | { readonly kind: "asinRow" }
  | { readonly kind: "asinFilter" }
  | { readonly kind: "firstAsin" }
  | { readonly kind: "text"; readonly text: string };

export interface SectionChart {
  readonly kind: ChartKind;
  readonly title: string;
  /** Column index (within `fields`) of the category labels. */
  readonly categories: number;
  readonly series: readonly { readonly name: string; readonly column: number; readonly axis?: "secondary" }[];
  readonly categoryAxisTitle: string;
  readonly valueAxisTitle: string;
  readonly valueAxisFormat?: AxisFormat;
  readonly secondaryValueAxisTitle?: string;
  readonly maxPoints?: number;
}

export interface TemplateSection {
  readonly title: string;
  readonly operation: OperationCode;
  /** MAD function name (`BRANDCONCENTRATION`). */
  readonly fn: string;
  /** The operation's required arguments after `market`, in the function's order. */
  readonly positional: readonly ArgSource[];
  /** The `filters` argument: the ASIN filter block (or a display option such as `layout=horizontal`). */
  readonly filters?: ArgSource;
  readonly fields: readonly string[];
  readonly limit?: number;
  /** Single-record results (CATEGORYSTATS) spill `field | value` rows: one row per field. */
  readonly vertical?: boolean;
  readonly chart?: SectionChart;
}

/** How one figure of a snapshot is read from a section's rows. */
export type Aggregate = "value" | "average" | "median" | "sum" | "count";

export interface HistoryMetric {
  /** The summary table's header and the chart's legend: "Average price". */
  readonly label: string;
  /** The section it reads (index in `sections`). */
  readonly section: number;
  /** The column it reads (one of the section's `fields`); none for "count". */
  readonly field?: string;
  /** `value`: the first row's (single-record sections); the others over every row. */
  readonly aggregate: Aggregate;
}

/** What a report that keeps history sums up per snapshot, and charts: a line over the snapshots' dates. */
export interface TemplateHistory {
  readonly chartTitle: string;
  readonly metrics: readonly HistoryMetric[];
  /** The metrics the chart draws (indexes into `metrics`); the second, if any, on a value axis of its own. */
  readonly charted: readonly [number] | readonly [number, number];
  readonly valueAxisTitle: string;
  readonly secondaryValueAxisTitle?: string;
}

export interface ReportTemplate {
  readonly id: TemplateId;
  readonly title: string;
  readonly description: string;
  readonly inputs: readonly TemplateInput[];
  readonly sections: readonly TemplateSection[];
  /** Its history's summary and chart; without one, a report keeps the generic one (rows and averages). */
  readonly history?: TemplateHistory;
}

/** Competitor watch takes at most this many ASINs (the order-word and extended-traffic lookups' limit). */
export const MAX_ASINS = 20;

const MARKET: TemplateInput = {
  name: "market",
  kind: "market",
  label: "Market",
  hint: "The marketplace, e.g. US.",
};

const categoryMarket: ReportTemplate = {
  id: "categoryMarket",
  title: "Category market",
  description:
    "Is this category worth entering? Its statistics, brand, seller and product concentration, seller countries, " +
    "rating counts, A+/video share and listing-date trend, with four charts.",
  inputs: [
    MARKET,
    {
      name: "nodeIdPath",
      kind: "category",
      label: "Category",
      hint: "Search by words (yoga) and pick a category, or type its node path (172282:281407).",
    },
  ],
  sections: [
    {
      title: "Category statistics",
      operation: "market_research_statistics",
      fn: "CATEGORYSTATS",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: [
        "totalProducts",
        "brands",
        "sellers",
        "avgPrice",
        "avgUnits",
        "avgRevenue",
        "avgRating",
        "avgRatings",
        "newProducts",
        "newProductProportion",
      ],
      vertical: true,
    },
    {
      title: "Brand concentration",
      operation: "market_brand_concentration",
      fn: "BRANDCONCENTRATION",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["brand", "totalUnitsRatio", "totalRevenueRatio", "totalUnits", "totalRevenue", "products"],
      limit: 10,
      chart: {
        kind: "bar",
        title: "Brand share",
        categories: 0,
        series: [{ name: "Share of units", column: 1 }],
        categoryAxisTitle: "Brand",
        valueAxisTitle: "Share of units",
        valueAxisFormat: "percent",
        maxPoints: 10,
      },
    },
    {
      title: "Seller concentration",
      operation: "market_seller_concentration",
      fn: "SELLERCONCENTRATION",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["sellerName", "totalUnitsRatio", "totalRevenueRatio", "totalUnits", "products"],
      limit: 10,
    },
    {
      title: "Product concentration",
      operation: "market_product_concentration",
      fn: "PRODUCTCONCENTRATION",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["asin", "brand", "totalUnits", "totalRevenue", "totalUnitsRatio", "price"],
      limit: 10,
    },
    {
      title: "Seller countries",
      operation: "market_seller_country_distribution",
      fn: "SELLERCOUNTRIES",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["label", "products", "units", "unitsRatio"],
      chart: {
        kind: "bar",
        title: "Seller countries",
        categories: 0,
        series: [{ name: "Units", column: 2 }],
        categoryAxisTitle: "Seller country",
        valueAxisTitle: "Units",
        maxPoints: 10,
      },
    },
    {
      title: "Rating counts",
      operation: "market_ratings_count_distribution",
      fn: "RATINGCOUNTS",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["label", "products", "units", "unitsRatio"],
      chart: {
        kind: "column",
        title: "Rating-count distribution",
        categories: 0,
        series: [{ name: "Products", column: 1 }],
        categoryAxisTitle: "Number of ratings",
        valueAxisTitle: "Products",
      },
    },
    {
      title: "A+ and video",
      operation: "market_ebc_distribution",
      fn: "APLUSVIDEO",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["label", "products", "productsRatio", "units", "unitsRatio"],
    },
    {
      title: "Listing-date trend",
      operation: "market_listing_trend_distribution",
      fn: "LISTINGTREND",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["year", "products", "units", "revenue"],
      chart: {
        kind: "line",
        title: "Listing-date trend",
        categories: 0,
        series: [{ name: "Products", column: 1 }],
        categoryAxisTitle: "Listing year",
        valueAxisTitle: "Products",
      },
    },
  ],
  // A category's sales by snapshot: monthly units and revenue of its average product, with prices and products.
  history: {
    chartTitle: "Category sales",
    metrics: [
      { label: "Average monthly units", section: 0, field: "avgUnits", aggregate: "value" },
      { label: "Average monthly revenue", section: 0, field: "avgRevenue", aggregate: "value" },
      { label: "Average price", section: 0, field: "avgPrice", aggregate: "value" },
      { label: "Products", section: 0, field: "totalProducts", aggregate: "value" },
      { label: "New products", section: 0, field: "newProducts", aggregate: "value" },
      { label: "Top brand's share of units", section: 1, field: "totalUnitsRatio", aggregate: "value" },
    ],
    charted: [0, 1],
    valueAxisTitle: "Units",
    secondaryValueAxisTitle: "Revenue",
  },
};

const keywordOpportunity: ReportTemplate = {
  id: "keywordOpportunity",
  title: "Keyword opportunity",
  description:
    "Which keywords should a listing target? Monthly and ABA search trends, the top mined keywords and their " +
    "conversion, with searches and purchases over time.",
  inputs: [MARKET, { name: "keyword", kind: "keyword", label: "Keyword", hint: "A search word, e.g. yoga mat." }],
  sections: [
    {
      title: "Keyword trends",
      operation: "keyword_research_trends",
      fn: "KEYWORDTRENDS",
      positional: [{ kind: "input", input: "keyword" }],
      // Months spill as Excel dates (formatted by the report), so the chart's axis is a time axis.
      fields: ["time", "search", "purchase", "purchaseRate"],
      chart: {
        kind: "line",
        title: "Searches and purchases",
        categories: 0,
        series: [
          { name: "Searches", column: 1 },
          // A fraction of the searches in size: on its own axis, or it lies flat along the bottom.
          { name: "Purchases", column: 2, axis: "secondary" },
        ],
        categoryAxisTitle: "Month",
        valueAxisTitle: "Searches",
        secondaryValueAxisTitle: "Purchases",
      },
    },
    {
      title: "ABA trend",
      operation: "aba_research_trend",
      fn: "ABATREND",
      positional: [{ kind: "input", input: "keyword" }],
      fields: ["date", "searches", "rank"],
      chart: {
        kind: "line",
        title: "ABA searches",
        categories: 0,
        series: [{ name: "Searches", column: 1 }],
        categoryAxisTitle: "Period",
        valueAxisTitle: "Searches",
      },
    },
    {
      title: "Keyword mining (top 20)",
      operation: "keyword_miner",
      fn: "KEYWORDMINER",
      positional: [{ kind: "input", input: "keyword" }],
      fields: ["keyword", "relevancy", "searches", "purchases", "products", "bid"],
      limit: 20,
    },
    {
      title: "Keyword conversion (top 20)",
      operation: "keyword_conversion",
      fn: "KEYWORDCONVERSION",
      positional: [{ kind: "input", input: "keyword" }],
      fields: ["keyword", "searches", "clicks", "purchases", "searchConvRate", "clickConvRate"],
      limit: 20,
    },
  ],
  // The keyword's market by snapshot: searches and purchases of its top mined keywords, and what a click costs.
  history: {
    chartTitle: "Searches of the top keywords",
    metrics: [
      { label: "Searches, top 20 keywords", section: 2, field: "searches", aggregate: "sum" },
      { label: "Purchases, top 20 keywords", section: 2, field: "purchases", aggregate: "sum" },
      { label: "Average bid", section: 2, field: "bid", aggregate: "average" },
      { label: "Average search conversion", section: 3, field: "searchConvRate", aggregate: "average" },
    ],
    charted: [0, 1],
    valueAxisTitle: "Searches",
    secondaryValueAxisTitle: "Purchases",
  },
};

const competitorWatch: ReportTemplate = {
  id: "competitorWatch",
  title: "Competitor watch",
  description:
    `What are these competitors doing? Up to ${MAX_ASINS} ASINs: their sales, the traffic keywords of the first ` +
    "one, the words that bring them orders and their extended traffic keywords, with units and revenue by ASIN.",
  inputs: [
    MARKET,
    {
      name: "asins",
      kind: "asins",
      label: "ASINs",
      hint: `Up to ${MAX_ASINS} ASINs, separated by commas, spaces or new lines; the first one's traffic keywords are shown.`,
    },
  ],
  sections: [
    {
      title: "Competitors",
      operation: "competitor_lookup",
      fn: "COMPETITORS",
      positional: [],
      filters: { kind: "asinFilter" },
      fields: ["asin", "brand", "units", "revenue", "price", "rating", "ratings", "bsr"],
      limit: MAX_ASINS,
      chart: {
        kind: "column",
        title: "Units and revenue by ASIN",
        categories: 0,
        series: [
          { name: "Units", column: 2 },
          // Money is a hundred times the units or more: on its own axis, so both show.
          { name: "Revenue", column: 3, axis: "secondary" },
        ],
        categoryAxisTitle: "ASIN",
        valueAxisTitle: "Units",
        secondaryValueAxisTitle: "Revenue",
      },
    },
    {
      title: "Traffic keywords of the first ASIN (top 20)",
      operation: "traffic_keyword",
      fn: "TRAFFICKEYWORDS",
      positional: [{ kind: "firstAsin" }],
      fields: ["keyword", "searches", "purchases", "trafficPercentage", "naturalRatio", "adRatio"],
      limit: 20,
    },
    {
      title: "Order words, by week (top 20)",
      operation: "keyword_order",
      fn: "ORDERWORDS",
      positional: [{ kind: "asinRow" }, { kind: "text", text: "W" }],
      fields: ["keyword", "asin", "searches", "searchRank", "conversionType"],
      limit: 20,
    },
    {
      title: "Extended traffic keywords (top 20)",
      operation: "traffic_extend",
      fn: "TRAFFICEXTEND",
      positional: [{ kind: "asinRow" }],
      fields: ["keyword", "searches", "purchases", "trafficPercentage", "products"],
      limit: 20,
    },
  ],
  // The competitor set's price and best-seller rank by snapshot (a week apart when taken weekly), and their sales.
  history: {
    chartTitle: "Competitors' price and BSR",
    metrics: [
      { label: "Average price", section: 0, field: "price", aggregate: "average" },
      { label: "Median BSR", section: 0, field: "bsr", aggregate: "median" },
      { label: "Units, all competitors", section: 0, field: "units", aggregate: "sum" },
      { label: "Revenue, all competitors", section: 0, field: "revenue", aggregate: "sum" },
      { label: "Average rating", section: 0, field: "rating", aggregate: "average" },
    ],
    charted: [0, 1],
    valueAxisTitle: "Price",
    secondaryValueAxisTitle: "Best-seller rank",
  },
};

export const TEMPLATES: readonly ReportTemplate[] = [categoryMarket, keywordOpportunity, competitorWatch];

export function templateById(id: TemplateId): ReportTemplate {
  const found = TEMPLATES.find((t) => t.id === id);
  if (!found) throw new Error(`Unknown template ${id}`);
  return found;
}

/** The ASINs of the input text: separated by commas, semicolons, spaces or new lines, upper-cased. */
export function asinsOf(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[\s,;]+/)
    .map((a) => a.trim().toUpperCase())
    .filter((a) => a !== "");
}
