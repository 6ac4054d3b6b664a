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
};
