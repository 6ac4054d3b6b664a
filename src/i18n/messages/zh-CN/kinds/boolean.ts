/** src/api/kinds/boolean.ts 中参数类型的简体中文：与 ../../en/kinds/boolean.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type * as english from "../../en/kinds/boolean";

export const booleanCellsWords: Translation<typeof english.booleanCellsWords> = {
  "kind.boolean.expected": "TRUE 或 FALSE",
};

export const booleanReferenceWords: Translation<typeof english.booleanReferenceWords> = {
  "kind.boolean.docs": "TRUE/FALSE",
};
