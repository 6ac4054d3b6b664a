/** 一个报表模板（src/taskpane/report-model/templates/keyword-opportunity.ts）的简体中文：与 ../../en/templates/keyword-opportunity.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type { keywordOpportunityWords as english } from "../../en/templates/keyword-opportunity.ts";

export const keywordOpportunityWords: Translation<typeof english> = {
  "template.keywordOpportunity.title": "关键词机会",
  "template.keywordOpportunity.description":
    "Listing 该主打哪些关键词？月度与 ABA 搜索趋势、挖掘出的头部关键词及其转化，附搜索量与购买量走势。",
  "template.input.keyword": "关键词",
  "template.input.keyword.hint": "搜索词，例如 yoga mat。",
  "section.keywordTrends": "关键词趋势",
  "section.abaTrend": "ABA 趋势",
  "section.keywordMining": "关键词挖掘（前 {top}）",
  "section.keywordConversion": "关键词转化（前 {top}）",
  "chart.searchesAndPurchases": "搜索量与购买量",
  "chart.abaSearches": "ABA 搜索量",
  "chart.searches": "搜索量",
  "chart.purchases": "购买量",
  "chart.period": "周期",
  "report.sheet.keywordOpportunity": "关键词 {keyword}",
  "snapshot.searchesOfTheTopKeywords": "头部关键词搜索量",
  "history.searchesTop20Keywords": "搜索量（前 20 个关键词）",
  "history.purchasesTop20Keywords": "购买量（前 20 个关键词）",
  "snapshot.averageBid": "平均竞价",
  "snapshot.averageSearchConversion": "平均搜索转化率",
  "snapshot.searches": "搜索量",
  "snapshot.purchases": "购买量",
};
