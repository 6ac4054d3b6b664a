/** src/api/kinds/read.ts 中参数类型的简体中文：与 ../../en/kinds/read.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type * as english from "../../en/kinds/read";

export const readCellsWords: Translation<typeof english.readCellsWords> = {
  "kind.oneValue": "只接受一个值，实际是含 {count} 个值的区域",
  "kind.cardWithoutAsin": "这个数据类型没有 ASIN 字段；请给出产品卡片或 ASIN",
  "kind.cardField": "需要{expected}，不接受产品卡片；请改用它的 {field} 字段，例如 =A2.{field}（A2 为卡片所在单元格）",
  "kind.cardNoField": "需要{expected}，不接受产品卡片，卡片也没有对应的字段",
  "kind.dataTypeNotAValue": "{type} 数据类型不是此参数接受的值",
};
