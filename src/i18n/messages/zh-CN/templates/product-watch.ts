/** 一个报表模板（src/taskpane/report-model/templates/product-watch.ts）的简体中文：与 ../../en/templates/product-watch.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type { productWatchWords as english } from "../../en/templates/product-watch.ts";

export const productWatchWords: Translation<typeof english> = {
  "template.productWatch.title": "商品监控",
  "template.productWatch.description":
    "这些商品表现如何？最多 {max} 个 ASIN 汇总在一张表中（价格、BSR、类目、近 30 天销量和销售额、评分），每次调用查询 40 个商品；可从中选出最多 {charted} 个细看：商品卡片（Excel 数据类型）、每周价格和 BSR 图表、月度销量图表以及最新评论。",
  "template.input.watchedAsins.hint":
    "最多 {max} 个 ASIN：直接粘贴（以逗号、空格或换行分隔），或取自您在工作表中选中的单元格。每个 ASIN 在表中占一行；每 40 个花费一次调用。",
  "template.input.charted": "图表商品",
  "template.input.charted.hint":
    "从关注的商品中最多选 {max} 个，每个都有商品卡片、价格和 BSR 图表、月度销量图表以及最新评论：每个花费三次调用。",
  "section.watchedProducts": "关注的商品",
  "section.product": "商品 {n}",
  "section.priceAndBsr": "价格和 BSR：商品 {n}",
  "section.monthlySales": "月度销量：商品 {n}",
  "section.newestReviews": "最新评论：商品 {n}",
  "section.product.asin": "商品 {asin}",
  "section.priceAndBsr.asin": "价格和 BSR：{asin}",
  "section.monthlySales.asin": "月度销量：{asin}",
  "section.newestReviews.asin": "最新评论：{asin}",
  "chart.price": "价格",
  "chart.bsr": "BSR",
  "chart.week": "周",
  "report.sheet.productWatch": "商品 {asin}",
  "snapshot.watchedPriceAndBsr": "关注商品的价格与 BSR",
  "snapshot.averagePriceWatched": "平均价格（关注商品）",
  "snapshot.medianBsrWatched": "BSR 中位数（关注商品）",
  "snapshot.monthlyUnitsWatched": "近 30 天销量（全部关注商品）",
  "snapshot.monthlyRevenueWatched": "近 30 天销售额（全部关注商品）",
};
