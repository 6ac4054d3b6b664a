/** src/api/kinds/text-rules.ts 中参数类型的简体中文：与 ../../en/kinds/text-rules.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type * as english from "../../en/kinds/text-rules";

export const textRulesCellsWords: Translation<typeof english.textRulesCellsWords> = {
  "kind.maxLength": "最多 {max} 个字符（实际 {count} 个）",
  "kind.pattern.asin": "由 10 位字母和数字组成的 ASIN，例如 B0DGVP84B5",
  "kind.pattern.nodeIdPath": "以“:”连接的类目节点 ID，例如 172282:281407",
  "kind.pattern.nodeId": "类目节点 ID，例如 172282",
  "kind.pattern.office": "两位字母的商标局代码，例如 US、GB 或 EM",
};
