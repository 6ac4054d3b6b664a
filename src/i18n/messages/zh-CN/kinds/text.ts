/** src/api/kinds/text.ts 中参数类型的简体中文：与 ../../en/kinds/text.ts 同一组 id。 */
import type { Translation } from "../../../message";
import type * as english from "../../en/kinds/text";

export const textCellsWords: Translation<typeof english.textCellsWords> = {
  "kind.marketplace.expected": "站点代码，例如 US",
  "kind.notAMarketplace":
    "{got} 不是站点{scope, select, operation {，或此操作不支持该站点} other {}}；可用 {codes}{aliases, select, none {} other {（{aliases}）}}",
  "kind.string.expected": "文本",
};

export const textReferenceWords: Translation<typeof english.textReferenceWords> = {
  "kind.marketplace.docs": "站点代码",
  "kind.string.docs": "文本",
};
