/** 函数参考中只在构建时读取的消息（参数类型的说明、位置参数的帮助、显示选项）：与 ../en/reference.ts 同一组 id。 */
import { booleanReferenceWords } from "./kinds/boolean";
import { datesReferenceWords } from "./kinds/dates";
import { integerListReferenceWords } from "./kinds/integer-list";
import { listsReferenceWords } from "./kinds/lists";
import { numberReferenceWords } from "./kinds/number";
import { orderReferenceWords } from "./kinds/order";
import { textReferenceWords } from "./kinds/text";
import { timestampReferenceWords } from "./kinds/timestamp";
import type { Translation } from "../../message";
import type { reference as english } from "../en/reference";

export const reference: Translation<typeof english> = {
  ...booleanReferenceWords,
  ...datesReferenceWords,
  ...integerListReferenceWords,
  ...listsReferenceWords,
  ...numberReferenceWords,
  ...orderReferenceWords,
  ...textReferenceWords,
  ...timestampReferenceWords,
  "display.headers":
    "TRUE（默认：表头为 API 列名，即 fields 使用的名称）、FALSE（不要表头）、labels（文字表头，使用加载项的语言，例如“销量占比”“标识：Best Seller 标识”）或 names（API 列名，同 TRUE）。",
  "display.layout": "vertical（默认：字段/值两列）或 horizontal（一整行）；仅用于单条记录的结果（MAD.CATEGORYSTATS）。",
  "display.stats": "TRUE：输出词根统计表，而不是关键词（MAD.TRAFFICKEYWORDS）。",
  "display.dates":
    "serial（默认：Excel 日期序列号，月份为当月第一天；请把该列设为日期格式）或 text（yyyy-mm-dd；更新时间为 yyyy-mm-dd hh:mm，UTC）。",
};
