/** 一个报表模板（src/taskpane/report-model/templates/niche-screener.ts）的简体中文：与 ../../en/templates/niche-screener.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type { nicheScreenerWords as english } from "../../en/templates/niche-screener.ts";

export const nicheScreenerWords: Translation<typeof english> = {
  "template.input.minAvgUnits": "需求：平均月销量至少",
  "template.input.minAvgUnits.hint": "只看商品平均月销量不低于此值的细分市场。",
  "template.input.maxAvgRatings": "竞争：平均评分数至多",
  "template.input.maxAvgRatings.hint": "评分数少，新卖家才追得上：只看商品平均评分数不超过此值的细分市场。",
  "template.input.maxBrandCrn": "品牌集中度至多（0 到 100）",
  "template.input.maxBrandCrn.hint": "头部品牌的销量占比（百分数）：上限越低，越能排除被少数品牌把持的细分市场。",
  "template.input.minAvgPrice": "平均价格至少",
  "template.input.minAvgPrice.hint": "站点币种；留空表示不限。",
  "template.input.maxAvgPrice": "平均价格至多",
  "template.input.maxAvgPrice.hint": "站点币种；留空表示不限。",
  "template.input.niche": "要细看的细分市场",
  "template.input.niche.hint":
    "留空：创建报告时筛选出的排名第一的细分市场。也可填细分市场的节点路径（172282:281407）。",
  "template.nicheScreener.title": "细分市场筛选",
  "template.nicheScreener.description":
    "哪些细分市场值得一看？按需求、竞争、品牌集中度和价格筛选选市场结果并排序，附排名第一的细分市场的价格、评分值和上架时长分布，共四张图表。",
  "section.niches": "细分市场（前 {top}）",
  "section.priceBands": "该细分市场的价格分布",
  "section.ratingBands": "该细分市场的评分值分布",
  "section.listingAges": "该细分市场的上架时长分布",
  "chart.nicheDemand": "各细分市场的需求",
  "chart.avgUnits": "平均月销量",
  "chart.niche": "细分市场",
  "chart.priceBands": "各价格区间的商品数",
  "chart.priceBand": "价格区间",
  "chart.ratingBands": "各评分值的商品数",
  "chart.ratingBand": "评分值",
  "chart.listingAges": "各上架时长的商品数",
  "chart.listingAge": "上架时长",
  "report.sheet.nicheScreener": "细分市场 {market}",
};
