/**
 * The Category market template: is this category worth entering? Its statistics, brand, seller and product
 * concentration, seller countries, rating counts, A+/video share and listing-date trend, with four charts.
 */
import { t } from "../../../i18n";
import { valueOf } from "../report-inputs";
import type { ReportTemplate } from "../template-types";
import { MARKET } from "./market";

export const categoryMarket: ReportTemplate<"categoryMarket"> = {
  id: "categoryMarket",
  title: () => t("template.categoryMarket.title"),
  description: () => t("template.categoryMarket.description"),
  sheetName: (inputs) =>
    t("report.sheet.categoryMarket", { node: valueOf(inputs, "nodeIdPath").split(":").pop() ?? "" }),
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
  snapshots: {
    chartTitle: () => t("snapshot.categorySales"),
    metrics: [
      { label: () => t("snapshot.averageMonthlyUnits"), section: 0, field: "avgUnits", aggregate: "value" },
      { label: () => t("snapshot.averageMonthlyRevenue"), section: 0, field: "avgRevenue", aggregate: "value" },
      { label: () => t("snapshot.averagePrice"), section: 0, field: "avgPrice", aggregate: "value" },
      { label: () => t("snapshot.products"), section: 0, field: "totalProducts", aggregate: "value" },
      { label: () => t("snapshot.newProducts"), section: 0, field: "newProducts", aggregate: "value" },
      { label: () => t("snapshot.topBrandsShareOfUnits"), section: 1, field: "totalUnitsRatio", aggregate: "value" },
    ],
    charted: [0, 1],
    valueAxisTitle: () => t("snapshot.units"),
    secondaryValueAxisTitle: () => t("snapshot.revenue"),
  },
};
