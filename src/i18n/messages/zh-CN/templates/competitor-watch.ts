/** 一个报表模板（src/taskpane/report-model/templates/competitor-watch.ts）的简体中文：与 ../../en/templates/competitor-watch.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type { competitorWatchWords as english } from "../../en/templates/competitor-watch.ts";

export const competitorWatchWords: Translation<typeof english> = {
  "template.competitorWatch.title": "竞品监控",
  "template.competitorWatch.description":
    "这些竞品在做什么？最多 {max} 个 ASIN：销量、第一个 ASIN 的流量词、为它们带来订单的词和拓展流量词，附各 ASIN 的销量与销售额。",
  "template.input.asins.hint": "最多 {max} 个 ASIN，以逗号、空格或换行分隔；显示第一个 ASIN 的流量词。",
  "section.competitors": "竞品",
  "section.trafficKeywords": "第一个 ASIN 的流量词（前 {top}）",
  "section.orderWords": "出单词，按周（前 {top}）",
  "section.extendedTraffic": "拓展流量词（前 {top}）",
  "chart.unitsAndRevenue": "各 ASIN 销量与销售额",
  "chart.asin": "ASIN",
  "report.sheet.competitorWatch": "竞品 {asin}",
  "snapshot.competitorsPriceAndBsr": "竞品价格与 BSR",
  "snapshot.medianBsr": "BSR 中位数",
  "snapshot.unitsAllCompetitors": "销量（全部竞品）",
  "snapshot.revenueAllCompetitors": "销售额（全部竞品）",
  "snapshot.averageRating": "平均评分",
};
