/** src/api/kinds/order.ts 中参数类型的简体中文：与 ../../en/kinds/order.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type * as english from "../../en/kinds/order";

export const orderCellsWords: Translation<typeof english.orderCellsWords> = {
  "kind.order.expected": "排序 '{field, desc}'",
  "kind.orderText": '应为排序字段加 asc 或 desc，例如 "{example} desc"（实际为 {got}）',
  "kind.sortField": "不能按 {got} 排序；可用的排序字段为 {fields}",
};

export const orderReferenceWords: Translation<typeof english.orderReferenceWords> = {
  "kind.order.docs": "字段 asc/desc",
};
