/** src/api/kinds/lists.ts 中参数类型的简体中文：与 ../../en/kinds/lists.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type * as english from "../../en/kinds/lists";

export const listsCellsWords: Translation<typeof english.listsCellsWords> = {
  "kind.stringList.expected": "文本列表",
  "kind.csv.expected": "以逗号分隔的值",
};

export const listsReferenceWords: Translation<typeof english.listsReferenceWords> = {
  "kind.stringList.docs": "列表",
  "kind.stringList.help": "{doc}。可填单元格区域，或以逗号分隔的文本。",
  "kind.csv.docs": "列表",
};
