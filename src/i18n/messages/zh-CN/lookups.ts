/**
 * 按 ASIN 查询的函数（MAD.PRODUCT、MAD.PRODUCTS）及引擎 NotFoundError 文字的简体中文。与 ../en/lookups.ts 同一组 id、
 * 同样的参数（test/i18n/catalog.test.ts 检查）。
 */
import type { Translation } from "../../message";
import type { lookups as english } from "../en/lookups";

export const lookups: Translation<typeof english> = {
  "error.notFound.summary": "在 {market} 站点未找到 {key}",
  "error.notFound.advice": "请检查 ASIN 和站点：该站点没有这个编号的商品。",
  "cell.notADetail": "{got} 不是 MAD.PRODUCT 能添加的详情；可添加 {facts}",
  "card.section.listing": "商品信息",
  "card.provider": "SellerSprite 数据，由 Marketplace Analytics Data 提供",
  "card.field.title": "标题",
  "card.field.image": "图片",
  "card.field.price": "价格",
  "card.field.bsr": "BSR",
  "card.field.category": "类目",
  "card.field.rating": "评分",
  "card.field.ratings": "评分数",
  "card.field.monthlyUnits": "月销量",
  "card.field.monthlyRevenue": "月销售额",
  "card.field.brand": "品牌",
  "card.field.asin": "ASIN",
  "card.field.marketplace": "站点",
  "card.field.listedOn": "上架日期",
  "card.field.categoryPath": "类目路径",
  "card.field.listing": "商品链接",
  "card.field.bulletPoints": "五点描述",
  "card.field.variants": "变体",
};
