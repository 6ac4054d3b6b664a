/** src/api/kinds/timestamp.ts 中参数类型的简体中文：与 ../../en/kinds/timestamp.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type * as english from "../../en/kinds/timestamp";

export const timestampCellsWords: Translation<typeof english.timestampCellsWords> = {
  "kind.timestamp.expected": "日期（Excel 日期、yyyy-mm-dd 或毫秒时间戳）",
};

export const timestampReferenceWords: Translation<typeof english.timestampReferenceWords> = {
  "kind.timestamp.docs": "日期",
  "kind.timestamp.help": "{doc}（日期，或 yyyy-mm-dd 文本）。",
};
