/**
 * Report templates: a whole analysis in one click. A template names the inputs it needs (market, a category, a
 * keyword, ASINs) and its sections, each one MAD formula with explicit `fields` (so a chart knows the column it
 * reads) and a modest `limit` (so a report costs few calls). Where the inputs sit and what a section's arguments
 * look like in the sheet is report-layout.ts's business; this module says what each section asks the service for,
 * so the same definition gives the formula text, the cost and the input checks (the catalog's own validation).
 */
import { productWatch } from "./product-watch";
import { t } from "../../i18n";
import type {
  ArgSource,
  PerAsinSection,
  ReportTemplate,
  TemplateId,
  TemplateInputs,
  TemplateSection,
} from "./template-types";
import { MARKET } from "./market-input";
import { nicheScreener } from "./niche-screener";

export type * from "./template-types";

/** The ASIN row's label cell: the name the `filters` argument reads it under (`asins`, case-insensitive). */
const ASINS_FILTER_NAME = "ASINs";

/** Competitor watch takes at most this many ASINs (the order-word and extended-traffic lookups' limit). */
export const MAX_ASINS = 20;

const categoryMarket: ReportTemplate = {
  id: "categoryMarket",
  title: () => t("template.categoryMarket.title"),
  description: () => t("template.categoryMarket.description"),
  inputs: [
    MARKET,
    {
      name: "nodeIdPath",
      kind: "category",
      label: () => t("template.input.category"),
      hint: () => t("template.input.category.hint"),
    },
  ],
  sections: [
    {
      title: () => t("section.categoryStatistics"),
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
      title: () => t("section.brandConcentration"),
      operation: "market_brand_concentration",
      fn: "BRANDCONCENTRATION",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["brand", "totalUnitsRatio", "totalRevenueRatio", "totalUnits", "totalRevenue", "products"],
      limit: 10,
      chart: {
        kind: "bar",
        title: () => t("chart.brandShare"),
        categories: 0,
        series: [{ name: () => t("chart.shareOfUnits"), column: 1 }],
        categoryAxisTitle: () => t("chart.brand"),
        valueAxisTitle: () => t("chart.shareOfUnits"),
        valueAxisFormat: "percent",
        maxPoints: 10,
      },
    },
    {
      title: () => t("section.sellerConcentration"),
      operation: "market_seller_concentration",
      fn: "SELLERCONCENTRATION",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["sellerName", "totalUnitsRatio", "totalRevenueRatio", "totalUnits", "products"],
      limit: 10,
    },
    {
      title: () => t("section.productConcentration"),
      operation: "market_product_concentration",
      fn: "PRODUCTCONCENTRATION",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["asin", "brand", "totalUnits", "totalRevenue", "totalUnitsRatio", "price"],
      limit: 10,
    },
    {
      title: () => t("section.sellerCountries"),
      operation: "market_seller_country_distribution",
      fn: "SELLERCOUNTRIES",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["label", "products", "units", "unitsRatio"],
      chart: {
        kind: "bar",
        title: () => t("chart.sellerCountries"),
        categories: 0,
        series: [{ name: () => t("chart.units"), column: 2 }],
        categoryAxisTitle: () => t("chart.sellerCountry"),
        valueAxisTitle: () => t("chart.units"),
        maxPoints: 10,
      },
    },
    {
      title: () => t("section.ratingCounts"),
      operation: "market_ratings_count_distribution",
      fn: "RATINGCOUNTS",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["label", "products", "units", "unitsRatio"],
      chart: {
        kind: "column",
        title: () => t("chart.ratingCounts"),
        categories: 0,
        series: [{ name: () => t("chart.products"), column: 1 }],
        categoryAxisTitle: () => t("chart.numberOfRatings"),
        valueAxisTitle: () => t("chart.products"),
      },
    },
    {
      title: () => t("section.aplusVideo"),
      operation: "market_ebc_distribution",
      fn: "APLUSVIDEO",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["label", "products", "productsRatio", "units", "unitsRatio"],
    },
    {
      title: () => t("section.listingTrend"),
      operation: "market_listing_trend_distribution",
      fn: "LISTINGTREND",
      positional: [{ kind: "input", input: "nodeIdPath" }],
      fields: ["year", "products", "units", "revenue"],
      chart: {
        kind: "line",
        title: () => t("chart.listingTrend"),
        categories: 0,
        series: [{ name: () => t("chart.products"), column: 1 }],
        categoryAxisTitle: () => t("chart.listingYear"),
        valueAxisTitle: () => t("chart.products"),
      },
    },
  ],
  // A category's sales by snapshot: monthly units and revenue of its average product, with prices and products.
  history: {
    chartTitle: () => t("history.categorySales"),
    metrics: [
      { label: () => t("history.averageMonthlyUnits"), section: 0, field: "avgUnits", aggregate: "value" },
      { label: () => t("history.averageMonthlyRevenue"), section: 0, field: "avgRevenue", aggregate: "value" },
      { label: () => t("history.averagePrice"), section: 0, field: "avgPrice", aggregate: "value" },
      { label: () => t("history.products"), section: 0, field: "totalProducts", aggregate: "value" },
      { label: () => t("history.newProducts"), section: 0, field: "newProducts", aggregate: "value" },
      { label: () => t("history.topBrandsShareOfUnits"), section: 1, field: "totalUnitsRatio", aggregate: "value" },
    ],
    charted: [0, 1],
    valueAxisTitle: () => t("history.units"),
    secondaryValueAxisTitle: () => t("history.revenue"),
  },
};

const keywordOpportunity: ReportTemplate = {
  id: "keywordOpportunity",
  title: () => t("template.keywordOpportunity.title"),
  description: () => t("template.keywordOpportunity.description"),
  inputs: [
    MARKET,
    {
      name: "keyword",
      kind: "keyword",
      label: () => t("template.input.keyword"),
      hint: () => t("template.input.keyword.hint"),
    },
  ],
  sections: [
    {
      title: () => t("section.keywordTrends"),
      operation: "keyword_research_trends",
      fn: "KEYWORDTRENDS",
      positional: [{ kind: "input", input: "keyword" }],
      // Months spill as Excel dates (formatted by the report), so the chart's axis is a time axis.
      fields: ["time", "search", "purchase", "purchaseRate"],
      chart: {
        kind: "line",
        title: () => t("chart.searchesAndPurchases"),
        categories: 0,
        series: [
          { name: () => t("chart.searches"), column: 1 },
          // A fraction of the searches in size: on its own axis, or it lies flat along the bottom.
          { name: () => t("chart.purchases"), column: 2, axis: "secondary" },
        ],
        categoryAxisTitle: () => t("chart.month"),
        valueAxisTitle: () => t("chart.searches"),
        secondaryValueAxisTitle: () => t("chart.purchases"),
      },
    },
    {
      title: () => t("section.abaTrend"),
      operation: "aba_research_trend",
      fn: "ABATREND",
      positional: [{ kind: "input", input: "keyword" }],
      fields: ["date", "searches", "rank"],
      chart: {
        kind: "line",
        title: () => t("chart.abaSearches"),
        categories: 0,
        series: [{ name: () => t("chart.searches"), column: 1 }],
        categoryAxisTitle: () => t("chart.period"),
        valueAxisTitle: () => t("chart.searches"),
      },
    },
    {
      title: () => t("section.keywordMining", { top: 20 }),
      operation: "keyword_miner",
      fn: "KEYWORDMINER",
      positional: [{ kind: "input", input: "keyword" }],
      fields: ["keyword", "relevancy", "searches", "purchases", "products", "bid"],
      limit: 20,
    },
    {
      title: () => t("section.keywordConversion", { top: 20 }),
      operation: "keyword_conversion",
      fn: "KEYWORDCONVERSION",
      positional: [{ kind: "input", input: "keyword" }],
      fields: ["keyword", "searches", "clicks", "purchases", "searchConvRate", "clickConvRate"],
      limit: 20,
    },
  ],
  // The keyword's market by snapshot: searches and purchases of its top mined keywords, and what a click costs.
  history: {
    chartTitle: () => t("history.searchesOfTheTopKeywords"),
    metrics: [
      { label: () => t("history.searchesTop20Keywords"), section: 2, field: "searches", aggregate: "sum" },
      { label: () => t("history.purchasesTop20Keywords"), section: 2, field: "purchases", aggregate: "sum" },
      { label: () => t("history.averageBid"), section: 2, field: "bid", aggregate: "average" },
      { label: () => t("history.averageSearchConversion"), section: 3, field: "searchConvRate", aggregate: "average" },
    ],
    charted: [0, 1],
    valueAxisTitle: () => t("history.searches"),
    secondaryValueAxisTitle: () => t("history.purchases"),
  },
};

const competitorWatch: ReportTemplate = {
  id: "competitorWatch",
  title: () => t("template.competitorWatch.title"),
  description: () => t("template.competitorWatch.description", { max: MAX_ASINS }),
  inputs: [
    MARKET,
    {
      name: "asins",
      kind: "asins",
      label: () => t("template.input.asins"),
      hint: () => t("template.input.asins.hint", { max: MAX_ASINS }),
      cellLabel: ASINS_FILTER_NAME,
    },
  ],
  sections: [
    {
      title: () => t("section.competitors"),
      operation: "competitor_lookup",
      fn: "COMPETITORS",
      positional: [],
      filters: { kind: "asinFilter" },
      fields: ["asin", "brand", "units", "revenue", "price", "rating", "ratings", "bsr"],
      limit: MAX_ASINS,
      chart: {
        kind: "column",
        title: () => t("chart.unitsAndRevenue"),
        categories: 0,
        series: [
          { name: () => t("chart.units"), column: 2 },
          // Money is a hundred times the units or more: on its own axis, so both show.
          { name: () => t("chart.revenue"), column: 3, axis: "secondary" },
        ],
        categoryAxisTitle: () => t("chart.asin"),
        valueAxisTitle: () => t("chart.units"),
        secondaryValueAxisTitle: () => t("chart.revenue"),
      },
    },
    {
      title: () => t("section.trafficKeywords", { top: 20 }),
      operation: "traffic_keyword",
      fn: "TRAFFICKEYWORDS",
      positional: [{ kind: "firstAsin" }],
      fields: ["keyword", "searches", "purchases", "trafficPercentage", "naturalRatio", "adRatio"],
      limit: 20,
    },
    {
      title: () => t("section.orderWords", { top: 20 }),
      operation: "keyword_order",
      fn: "ORDERWORDS",
      positional: [{ kind: "asinRow" }, { kind: "text", text: "W" }],
      fields: ["keyword", "asin", "searches", "searchRank", "conversionType"],
      limit: 20,
    },
    {
      title: () => t("section.extendedTraffic", { top: 20 }),
      operation: "traffic_extend",
      fn: "TRAFFICEXTEND",
      positional: [{ kind: "asinRow" }],
      fields: ["keyword", "searches", "purchases", "trafficPercentage", "products"],
      limit: 20,
    },
  ],
  // The competitor set's price and best-seller rank by snapshot (a week apart when taken weekly), and their sales.
  history: {
    chartTitle: () => t("history.competitorsPriceAndBsr"),
    metrics: [
      { label: () => t("history.averagePrice"), section: 0, field: "price", aggregate: "average" },
      { label: () => t("history.medianBsr"), section: 0, field: "bsr", aggregate: "median" },
      { label: () => t("history.unitsAllCompetitors"), section: 0, field: "units", aggregate: "sum" },
      { label: () => t("history.revenueAllCompetitors"), section: 0, field: "revenue", aggregate: "sum" },
      { label: () => t("history.averageRating"), section: 0, field: "rating", aggregate: "average" },
    ],
    charted: [0, 1],
    valueAxisTitle: () => t("history.price"),
    secondaryValueAxisTitle: () => t("history.bestsellerRank"),
  },
};

export const TEMPLATES: readonly ReportTemplate[] = [
  categoryMarket,
  keywordOpportunity,
  competitorWatch,
  productWatch(MARKET),
  nicheScreener,
];

export function templateById(id: TemplateId): ReportTemplate {
  const found = TEMPLATES.find((t) => t.id === id);
  if (!found) throw new Error(`Unknown template ${id}`);
  return found;
}

/** The most ASINs a template takes. */
export const maxAsinsOf = (template: ReportTemplate): number => template.maxAsins ?? MAX_ASINS;

/** A section repeated for the ASIN at `index`: its title numbered, its `eachAsin` arguments that ASIN's cell. */
function forAsin(section: PerAsinSection, index: number): TemplateSection {
  const arg = (source: ArgSource): ArgSource => (source.kind === "eachAsin" ? { kind: "asinAt", index } : source);
  const { chart, title, ...rest } = section;
  return {
    ...rest,
    title: () => title(index + 1),
    positional: section.positional.map(arg),
    ...(section.filters ? { filters: arg(section.filters) } : {}),
    ...(chart ? { chart: { ...chart, title: () => chart.title(index + 1) } } : {}),
  };
}

/**
 * The sections a report of these inputs has: the template's own, then its per-ASIN ones for each ASIN given (up
 * to its maximum). Without inputs, for as many ASINs as it takes (the most room a report can need).
 */
export function reportSections(template: ReportTemplate, inputs?: TemplateInputs): TemplateSection[] {
  const each = template.eachAsin ?? [];
  const count = inputs ? Math.min(asinsOf(inputs.asins).length, maxAsinsOf(template)) : maxAsinsOf(template);
  const repeated = each.length ? Array.from({ length: count }, (_, i) => each.map((s) => forAsin(s, i))).flat() : [];
  return [...template.sections, ...repeated];
}

/** The ASINs of the input text: separated by commas, semicolons, spaces or new lines, upper-cased. */
export function asinsOf(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[\s,;]+/)
    .map((a) => a.trim().toUpperCase())
    .filter((a) => a !== "");
}
