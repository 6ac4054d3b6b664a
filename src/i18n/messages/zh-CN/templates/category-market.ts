/** 一个报表模板（src/taskpane/report-model/templates/category-market.ts）的简体中文：与 ../../en/templates/category-market.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type { categoryMarketWords as english } from "../../en/templates/category-market.ts";

export const categoryMarketWords: Translation<typeof english> = {
  "template.categoryMarket.title": "类目市场",
  "template.categoryMarket.description":
    "这个类目值得进入吗？类目统计，品牌、卖家和商品集中度，卖家所属地，评分数分布，A+/视频占比和上架趋势，附四个图表。",
  "template.input.category": "类目",
  "template.input.category.hint": "输入词语（如 yoga）搜索并选择类目，或直接填写节点路径（172282:281407）。",
  "section.categoryStatistics": "类目统计",
  "section.brandConcentration": "品牌集中度",
  "section.sellerConcentration": "卖家集中度",
  "section.productConcentration": "商品集中度",
  "section.sellerCountries": "卖家所属地",
  "section.ratingCounts": "评分数分布",
  "section.aplusVideo": "A+ 与视频",
  "section.listingTrend": "上架趋势",
  "chart.brandShare": "品牌份额",
  "chart.sellerCountries": "卖家所属地",
  "chart.ratingCounts": "评分数分布",
  "chart.listingTrend": "上架趋势",
  "chart.shareOfUnits": "销量占比",
  "chart.brand": "品牌",
  "chart.sellerCountry": "卖家所属地",
  "chart.numberOfRatings": "评分数",
  "chart.listingYear": "上架年份",
  "report.sheet.categoryMarket": "市场 {node}",
  "snapshot.categorySales": "类目销售",
  "snapshot.averageMonthlyUnits": "月均销量",
  "snapshot.averageMonthlyRevenue": "月均销售额",
  "snapshot.products": "商品数",
  "snapshot.newProducts": "新品数",
  "snapshot.topBrandsShareOfUnits": "头部品牌销量占比",
  "snapshot.units": "销量",
  "snapshot.revenue": "销售额",
};
