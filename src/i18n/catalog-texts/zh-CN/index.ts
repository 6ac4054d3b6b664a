/**
 * The operation catalog's texts in Simplified Chinese, keyed by their English (src/api: titles, descriptions,
 * parameter docs and labels, option labels, field docs; a min/max pair by its words), one file per group of the
 * catalog beside the shared names. Terms follow the Chinese seller tools: 站点 (marketplace), 关键词, 类目, 月销量,
 * 月销售额, 评分数 (ratings), 评分值 (rating), 上架 (listing), 变体, 配送方式; API names, codes and units stay as they
 * are. test/i18n/catalog-texts.test.ts lists any text of the catalog missing here, with the file it belongs in
 * (`npm run i18n:missing` prints them ready to paste), and any entry no longer used.
 */
import { aba } from "./aba";
import { asin } from "./asin";
import { common } from "./common";
import { keyword } from "./keyword";
import { market } from "./market";
import { product } from "./product";
import { trademark } from "./trademark";
import { trends } from "./trends";

export const texts: Readonly<Record<string, string>> = {
  ...common,
  ...product,
  ...asin,
  ...keyword,
  ...aba,
  ...market,
  ...trends,
  ...trademark,
};
