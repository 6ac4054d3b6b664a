/**
 * The Competitor watch template: what are these competitors doing? Up to MAX_ASINS ASINs: their sales, the first
 * one's traffic keywords, the words that bring them orders and their extended traffic keywords.
 */
import { t } from "../../../i18n";
import { MAX_ASINS } from "../report-inputs";
import type { ReportTemplate } from "../template-types";
import { ASINS_FILTER_NAME, HEADERS, MARKET } from "./market";

export const competitorWatch: ReportTemplate<"competitorWatch"> = {
  id: "competitorWatch",
  title: () => t("template.competitorWatch.title"),
  description: () => t("template.competitorWatch.description", { max: MAX_ASINS }),
  sheetName: (inputs) => t("report.sheet.competitorWatch", { asin: inputs.asins[0] ?? "" }),
  inputs: [
    MARKET,
    {
      name: "asins",
      kind: "asins",
      label: () => t("template.input.asins"),
      hint: () => t("template.input.asins.hint", { max: MAX_ASINS }),
      cellLabel: ASINS_FILTER_NAME,
    },
    // Below the ASIN row, closing its filter block: the competitors' table headed in words.
    HEADERS,
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
  snapshots: {
    chartTitle: () => t("snapshot.competitorsPriceAndBsr"),
    metrics: [
      { label: () => t("snapshot.averagePrice"), section: 0, field: "price", aggregate: "average" },
      { label: () => t("snapshot.medianBsr"), section: 0, field: "bsr", aggregate: "median" },
      { label: () => t("snapshot.unitsAllCompetitors"), section: 0, field: "units", aggregate: "sum" },
      { label: () => t("snapshot.revenueAllCompetitors"), section: 0, field: "revenue", aggregate: "sum" },
      { label: () => t("snapshot.averageRating"), section: 0, field: "rating", aggregate: "average" },
    ],
    charted: [0, 1],
    valueAxisTitle: () => t("snapshot.price"),
    secondaryValueAxisTitle: () => t("snapshot.bestsellerRank"),
  },
};
