/** src/api/kinds/read.ts 中参数类型的简体中文：与 ../../en/kinds/read.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type * as english from "../../en/kinds/read";

export const readCellsWords: Translation<typeof english.readCellsWords> = {
  "kind.oneValue": "只接受一个值，实际是含 {count} 个值的区域",
};
