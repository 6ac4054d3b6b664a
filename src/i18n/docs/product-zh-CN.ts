/** 历史函数和商品卡片的简体中文（各部分的含义见 ./product-words.ts）。函数名、参数名、列名和属性名保持原样。 */
import { code } from "./words";
import type { ProductDocsWords } from "./product-words";

export const productZhCN: ProductDocsWords = {
  exceptHistory: "，历史函数除外，它们采用 STOCKHISTORY 的参数（见下文）",
  readmeHistory: (syntax) => `；历史函数（价格、排名和销量随时间的变化）采用 STOCKHISTORY 的参数 ${code(syntax)}`,
  historyRule: (f) => `**历史函数**（${f.functions.map(code).join("、")}）的用法与 Excel 的 STOCKHISTORY 相同：
${code(f.syntax)} 输出一行表头（${code(f.dateColumn)} 和各项数据），之后每天、每周或每月一行。${code("start")} 和
${code("end")} 是日期（单元格中的日期，或 ${code("2025-08-02")} 这样的文本）；不填 ${code("start")} 时从最早的数据开始
（按天最多回溯一年，按周和按月最多两年），不填 ${code("end")} 时到今天为止。${code("interval")} 为 ${code("daily")}、
${code("weekly")} 或 ${code("monthly")}（也可写 ${code("d")}、${code("w")}、${code("m")}；STOCKHISTORY 的 ${code("1")} 和
${code("2")} 分别表示按周和按月；0 视为空单元格，因为部分 Excel 版本以 0 传递空单元格）；留空 = 该函数的默认值。
${code("headers")} 与 MAD.PRODUCTS 的相同：${code('"labels"')} 用文字作表头，语言为 Excel 计算时的语言（${code("日期")}、
${code("价格")}）；${code('"names"')} 或 TRUE（默认）用 ${code("fields")} 接受的列名；FALSE 不输出表头行。它排在
${code("fields")} 之后（STOCKHISTORY 的 ${code("headers")} 在属性之前），因此之前写好的公式含义不变。
日期为 Excel 日期：周期的第一天（每周从星期一开始，按天时为 UTC 日期）。时间点不同的多个序列按同一规则合成一张表：
- 时点值（价格、Buy Box 价格、标价、排名、评分、评分数、卖家数）取周期结束时已知的最后一个值。变化记录（PRICEHISTORY
  的数据）在未变化期间沿用之前周期的值：服务只在值变化时发送一个点，所以三月设定的价格到五月仍是当时的价格；值为 -1
  的点表示“从此没有数据”（缺货、无排名），在下一个点之前显示为空。按天或按月的数据（SALESTREND、SALESESTIMATE 的数据）
  取周期内的最后一个值，不会延续到数据之外；
- 累计值（销量、销售额）为周期内各数据之和，没有数据时为空；
- 每项数据取自服务所发送列表中不比所选间隔更粗的最粗一级（按月取月度数据，按周取每日数据汇总）；在该间隔下服务没有
  对应列表的数据为空；
- 所有列都为空的行不输出；区间内没有数据时输出 ${code(f.noHistory)}。
历史函数无论区间如何，都用一次调用获取该商品的全部历史，因此同一商品的所有区间和间隔共用一次调用和一份缓存结果。`,
  historySyntax: (syntax, intervals, defaultInterval, note) =>
    `语法：${code(syntax)}，历史函数（见上文）。间隔：${intervals}；默认 ${code(defaultInterval)}。${note}`,
  historyColumnsHeader: "| 列 | 类型 | 含义 |\n|---|---|---|",
  dateKind: "日期",
  periodStart: "周期的第一天",
  levelKind: "时点值（最后已知值）",
  flowKind: "累计值（求和）",
  lookupHead: (title, group, operationCode, perCall, description) =>
    `${title}（${group}，来自 ${code(operationCode)} 按 ASIN 的结果：同一时刻请求的单元格每 ${perCall} 个商品共用一次调用，` +
    `每个商品的结果保留当天）。${description}`,
  cardSyntax: (syntax) => `语法：${code(syntax)}。`,
  cardExcel:
    "在支持自定义函数数据类型的 Excel 中（CustomFunctionsRuntime 1.4：Excel 网页版、Microsoft 365 2208 及以上版本、" +
    "Mac 16.64 及以上版本），单元格中是一张商品卡片：单击其图标（或按 Ctrl+Shift+F5）打开，用 " +
    `${code("=A2.价格")} 或 ${code("=A2.月销量")} 读取属性（属性以卡片生成时的语言命名，英文中为 ${code("=A2.Price")}）；` +
    "单元格旁的字段选择器会列出所有属性。卡片与其他公式" +
    "一样随工作簿刷新。在其他 Excel（非订阅版 Office）中，同样的信息输出为一行带标签的数据：一行属性名表头和一行值。" +
    "加载项在运行时询问 Excel 能显示哪一种。",
  cardProperties: (names) =>
    `属性：${names}。${code("价格")} 和 ${code("月销售额")} 以该站点的货币计，${code("月销量")} 和 ` +
    `${code("月销售额")} 为最近 30 天的数据（服务区分变体时为当前变体），${code("上架日期")} 为上架日期（日期），` +
    `${code("商品链接")} 为商品链接。服务未提供的信息不放入卡片（在行中为空），绝不显示为 0。`,
  startHelp: (doc) => `${doc}可以是 Excel 日期或 yyyy-mm-dd 文本。`,
  intervalHelp: (intervals, defaultInterval) => `${intervals}；留空 = ${defaultInterval}。`,
  historyReturns: (title) => `${title}：一行表头，之后每个周期一行带日期的数据。`,
  cardReturns: (title) => `${title}：一个数据类型（卡片），或一行表头加一行商品信息。`,
  cardDetails: (names, operationCode, sharedWith) =>
    `${code("details")} 添加只有商品详情才有的信息：${names}（以文本写出名称，英文或中文均可，如 ${code('"Bullet points"')} ` +
    `或 ${code('"五点描述"')}，或一个名称区域）。` +
    `每个商品多花一次调用（${code(operationCode)}，与同一商品的 ${code(sharedWith)} 共用），且只在要求时调用。`,
  rowsRules: ({ max, perCall, notFound, columns }) =>
    `${code("asins")} 为区域、数组或以逗号分隔的文本，最多 ${max} 个值；每个值按顺序输出一行，上方一行表头：空白输出空行，` +
    `重复的 ASIN 再输出一次其行（不再调用）。不是 ASIN 的文本（不为它发送任何请求）在其行第一格显示 ${code("#VALUE!")}，` +
    `服务不认识的 ASIN 显示 ${code("#N/A")}（${code(notFound)}），均附说明，该行其余单元格留空，因此 ${code("IFERROR")} ` +
    `和 ${code("ISNA")} 能识别它们。当天尚未获取的 N 个不同 ASIN 花费 ⌈N / ${perCall}⌉ 次调用，与同一时刻的 MAD.PRODUCT ` +
    `单元格及其他查询共用；失败的调用只在它自己的行显示 ${code("#N/A")} 及失败原因。最后一个值之后的空行和空列不算行，` +
    `超过 ${max} 个值为 ${code("#VALUE!")}。会增长的列表请给出有界或修剪的区域，如 ${code("A2:.A5000")} 或 ` +
    `${code("TRIMRANGE(A:A)")}：Windows 和 Mac 版 Excel 把整列（${code("A:A")}）作为工作表的每一行传入，网页版 Excel ` +
    `对整列返回 ${code("#CALC!")}。列（用 ${code("fields")} 选择，留空 = 全部）：${columns}。`,
  batchNote: (param, perCall, functions) =>
    `给出 ${code(param)}（且不给 ${code("page")} 或 ${code("order")}）时按 ASIN 查询商品：各行按列表顺序，每次调用 ` +
    `${perCall} 个 ASIN，每个结果单独保存，并与同一时刻请求的 ${functions} 共用。`,
  rowsReturns: (title) => `${title}：一行表头，之后每个 ASIN 一行。`,
  detailsHelp: "从商品详情添加的信息：Bullet points、Variants（文本或区域）；多一次调用。",
  asinsHelp:
    "商品编号（ASIN）：区域（会增长的列表用 A2:.A5000 或 TRIMRANGE(A:A)）、数组或以逗号分隔的文本，最多 2,000 个；每个一行。",
  headersHelp:
    "表头行：labels（文字列名，使用 Excel 的语言）、names（默认：fields 使用的名称）、TRUE 或 FALSE（不要表头）。",
  rowsHeaders:
    `${code("headers")} 与 STOCKHISTORY 的同名参数类似：${code('"labels"')} 以文字作列名，使用 Excel 计算时的语言` +
    `（${code("价格")}、${code("BSR 排名")}）；${code('"names"')} 或 TRUE（默认）使用 ${code("fields")} 的名称；` +
    `FALSE 不输出表头行。`,
};
