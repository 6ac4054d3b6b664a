/** 一个报表模板（src/taskpane/report-model/templates/product-watch.ts）的简体中文：与 ../../en/templates/product-watch.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type { productWatchWords as english } from "../../en/templates/product-watch.ts";

export const productWatchWords: Translation<typeof english> = {
  "template.productWatch.title": "商品监控",
  "template.productWatch.description":
    "这些商品表现如何？最多 {max} 个 ASIN，每个都以商品卡片（Excel 数据类型）显示，并附有每周价格和 BSR、每月销量和销售额（均配有图表）以及最新评论。",
  "template.input.watchedAsins.hint":
    "最多 {max} 个 ASIN，以逗号、空格或换行分隔；每个 ASIN 都有自己的卡片、图表和评论。",
  "section.product": "商品 {n}",
  "section.priceAndBsr": "价格和 BSR：商品 {n}",
  "section.monthlySales": "月度销量：商品 {n}",
  "section.newestReviews": "最新评论：商品 {n}",
  "chart.price": "价格",
  "chart.bsr": "BSR",
  "chart.week": "周",
  "report.sheet.productWatch": "商品 {asin}",
  "snapshot.watchedPriceAndBsr": "关注商品的价格与 BSR",
  "snapshot.averagePriceWatched": "平均价格（关注商品）",
  "snapshot.medianBsrWatched": "BSR 中位数（关注商品）",
  "snapshot.monthlyUnitsWatched": "月销量（全部关注商品）",
  "snapshot.monthlyRevenueWatched": "月销售额（全部关注商品）",
};
