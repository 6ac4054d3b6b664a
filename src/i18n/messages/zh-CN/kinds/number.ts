/** src/api/kinds/number.ts 中参数类型的简体中文：与 ../../en/kinds/number.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type * as english from "../../en/kinds/number";

export const numberCellsWords: Translation<typeof english.numberCellsWords> = {
  "kind.number.expected": "数字",
  "kind.bounds":
    "{bounds, select, both {{min} 到 {max} 的{words}} min {不小于 {min} 的{words}} max {不大于 {max} 的{words}} other {{words}}}",
  "kind.mustBe": "必须为 {fixed}（实际为 {got}）",
};

export const numberReferenceWords: Translation<typeof english.numberReferenceWords> = {
  "kind.integer.docs": "整数",
  "kind.number.docs": "数字",
};
