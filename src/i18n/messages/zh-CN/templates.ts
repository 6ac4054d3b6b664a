/** 报表模板（src/taskpane/templates）的简体中文：与 ../en/templates.ts 同一组 id。 */
import { categoryMarketWords } from "./templates/category-market";
import { competitorWatchWords } from "./templates/competitor-watch";
import { keywordOpportunityWords } from "./templates/keyword-opportunity";
import { nicheScreenerWords } from "./templates/niche-screener";
import { productWatchWords } from "./templates/product-watch";
import type { Translation } from "../../message";
import type { templates as english } from "../en/templates";

export const templates: Translation<typeof english> = {
  ...categoryMarketWords,
  ...competitorWatchWords,
  ...keywordOpportunityWords,
  ...nicheScreenerWords,
  ...productWatchWords,
  // The words several templates share
  "template.input.market": "站点",
  "template.input.market.hint": "站点，例如 US。",
  "template.input.asins": "ASIN 列表",
  "template.input.headers": "表头",
  "template.input.headers.hint": "使用 Excel 计算语言的文字，或 API 字段名（fields 参数和您自己的公式使用的名称）。",
  "template.headers.labels": "文字（labels）",
  "template.headers.names": "API 字段名（names）",
  "template.headers.note": "表头：labels（文字）或 names（API 字段名）",
  "chart.units": "销量",
  "chart.products": "商品数",
  "chart.revenue": "销售额",
  "chart.month": "月份",
  // The Templates tab's ASIN lists (taskpane/templates/AsinInputs.tsx)
  "templates.asinCount": "{count} 个 ASIN{repeats, plural, =0 {} other {（已去除 # 个重复）}}。",
  "templates.asinCountOver": "{label}：{count} 个 ASIN，超过此报表最多可用的 {max} 个。",
  "templates.fromSelection": "取自选中的单元格",
  "templates.selectionTaken":
    "已从 {address} 取得 {count} 个 ASIN{skipped, plural, =0 {} other {，跳过 # 个不是 ASIN 的值}}。",
  "templates.selectionEmpty": "{address} 中没有 ASIN：请在工作表中选中包含 ASIN 的单元格，然后重新获取。",
  "templates.pickedNone": "不选：仅显示表格",
  "templates.pickedFirst": "请先粘贴或获取要关注的 ASIN",
  "report.title": "{title}报表",
  "report.asinsDown": "每个单元格一个，位于 {cells}（最多 {max} 个），各自与表中对应的行并排：请在那里修改。",
  "report.note": "于 {day} 由“{title}”模板创建。修改下方的输入值，各分区会随之更新；可在“报表”页刷新。",
  "snapshot.averagePrice": "平均价格",
  "snapshot.price": "价格",
  "snapshot.bestsellerRank": "畅销排名（BSR）",
};
