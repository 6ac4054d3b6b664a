/** src/api/kinds/dates.ts 中参数类型的简体中文：与 ../../en/kinds/dates.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type * as english from "../../en/kinds/dates";

export const datesCellsWords: Translation<typeof english.datesCellsWords> = {
  "kind.month.expected": "yyyyMM 格式的月份",
  "kind.saturday.expected": "yyyyMMdd 格式的日期",
  "kind.weekOrMonth.expected": "yyyyMMdd 格式的日期或 yyyyMM 格式的月份",
};

export const datesReferenceWords: Translation<typeof english.datesReferenceWords> = {
  "kind.month.docs": "yyyyMM",
  "kind.month.help": "{doc}（202508，文本或日期均可）。",
  "kind.saturday.docs": "yyyyMMdd（周六）",
  "kind.weekOrMonth.docs": "yyyyMMdd 或 yyyyMM",
};
