/** 搜索选择器的简体中文（../en/pane-pickers.ts 的翻译）：类目选择器与部门选择器。 */
import type { Translation } from "../../message";
import type { panePickers as english } from "../en/pane-pickers";

export const panePickers: Translation<typeof english> = {
  "field.addCategory": "向{name}添加类目",
  "category.chooseMarket": "请先选择站点，再搜索类目。",
  "category.searching": "正在搜索类目…",
  "category.none": "没有与“{words}”匹配的类目。",
  "category.found": "有 {count, plural, other {# 个类目}}与“{words}”匹配。",
  "category.failed": "类目搜索失败：{reason}",
  "category.placeholder": "类目名称中的词（如 yoga）或节点路径",
  "category.option": "{label}（{products, plural, other {# 个商品}}）",
  "field.addDepartment": "向{name}添加部门",
  "department.chooseMarket": "请先选择站点，再列出其部门。",
  "department.loading": "正在列出站点的部门…",
  "department.none": "没有与“{words}”匹配的部门。",
  "department.found": "有 {count, plural, other {# 个部门}}与“{words}”匹配。",
  "department.all": "共 {count, plural, other {# 个部门}}；输入文字可缩小范围。",
  "department.failed": "无法列出部门：{reason}",
  "department.placeholder": "部门名称中的词（如 toys）或部门代码",
  "department.option": "{label}（{code}）",
};
