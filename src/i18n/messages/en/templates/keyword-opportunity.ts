/** The English of one report template (src/taskpane/report-model/templates/keyword-opportunity.ts): its title, inputs, sections, charts and history. */
import { message } from "../../../message";

export const keywordOpportunityWords = {
  "template.keywordOpportunity.title": message("Keyword opportunity"),
  "template.keywordOpportunity.description": message(
    "Which keywords should a listing target? Monthly and ABA search trends, the top mined keywords and their conversion, with searches and purchases over time.",
  ),
  "template.input.keyword": message("Keyword"),
  "template.input.keyword.hint": message("A search word, e.g. yoga mat."),
  "section.keywordTrends": message("Keyword trends"),
  "section.abaTrend": message("ABA trend"),
  "section.keywordMining": message("Keyword mining (top {top})", { top: "number" }),
  "section.keywordConversion": message("Keyword conversion (top {top})", { top: "number" }),
  "chart.searchesAndPurchases": message("Searches and purchases"),
  "chart.abaSearches": message("ABA searches"),
  "chart.searches": message("Searches"),
  "chart.purchases": message("Purchases"),
  "chart.period": message("Period"),
  "report.sheet.keywordOpportunity": message("Keywords {keyword}", { keyword: "text" }),
  "snapshot.searchesOfTheTopKeywords": message("Searches of the top keywords"),
  "history.searchesTop20Keywords": message("Searches, top 20 keywords"),
  "history.purchasesTop20Keywords": message("Purchases, top 20 keywords"),
  "snapshot.averageBid": message("Average bid"),
  "snapshot.averageSearchConversion": message("Average search conversion"),
  "snapshot.searches": message("Searches"),
  "snapshot.purchases": message("Purchases"),
};
