/**
 * The Keyword opportunity template: which keywords should a listing target? Monthly and ABA search trends, the top
 * mined keywords and their conversion, with searches and purchases over time.
 */
import { t } from "../../../i18n";
import { valueOf } from "../report-inputs";
import type { ReportTemplate } from "../template-types";
import { MARKET } from "./market";

export const keywordOpportunity: ReportTemplate<"keywordOpportunity"> = {
  id: "keywordOpportunity",
  title: () => t("template.keywordOpportunity.title"),
  description: () => t("template.keywordOpportunity.description"),
  sheetName: (inputs) => t("report.sheet.keywordOpportunity", { keyword: valueOf(inputs, "keyword") }),
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
  snapshots: {
    chartTitle: () => t("snapshot.searchesOfTheTopKeywords"),
    metrics: [
      { label: () => t("history.searchesTop20Keywords"), section: 2, field: "searches", aggregate: "sum" },
      { label: () => t("history.purchasesTop20Keywords"), section: 2, field: "purchases", aggregate: "sum" },
      { label: () => t("snapshot.averageBid"), section: 2, field: "bid", aggregate: "average" },
      { label: () => t("snapshot.averageSearchConversion"), section: 3, field: "searchConvRate", aggregate: "average" },
    ],
    charted: [0, 1],
    valueAxisTitle: () => t("snapshot.searches"),
    secondaryValueAxisTitle: () => t("snapshot.purchases"),
  },
};
