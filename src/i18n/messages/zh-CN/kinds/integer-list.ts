/** src/api/kinds/integer-list.ts 中参数类型的简体中文：与 ../../en/kinds/integer-list.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type * as english from "../../en/kinds/integer-list";

export const integerListCellsWords: Translation<typeof english.integerListCellsWords> = {
  "kind.integerList.expected": "整数列表",
};

export const integerListReferenceWords: Translation<typeof english.integerListReferenceWords> = {
  "kind.integerList.docs": "整数列表",
  "kind.integerList.help": "{doc}。可填单元格区域，或以逗号分隔的数字。",
};
