/**
 * 函数参考（docs/functions.zh-CN.md、help.zh-CN.html）和函数元数据（functions-zh-CN.json）的简体中文；各部分的含义见
 * ./words.ts。函数名、参数名、API 名称、代码和单位保持原样。
 */
import { code, type DocsWords } from "./words";
import { productZhCN } from "./product-zh-CN";

export const zhCN: DocsWords = {
  product: productZhCN,
  lang: "zh-CN",
  functionsHeading: "## 函数",
  doNotEdit: "<!-- 由 `npm run gen:functions` 根据接口目录（src/api/catalog.ts）生成：请勿手动修改。 -->",
  helpTitle: "MAD 函数：帮助",
  helpHeader: "Marketplace Analytics Data for Excel",
  intro: (f) => `
服务的每个接口都是 ${code("MAD")} 命名空间下的一个公式，结果以表格形式溢出到单元格。所有函数的参数结构相同：
${code("=MAD.<NAME>(market, required..., [filters], [fields], [limit])")}${f.exceptHistory}；商标函数查询的是商标局而不是站点，因此没有
${code("market")}，第一个参数是商标局（${code("=MAD.TRADEMARKS(office, text, ...)")}）。函数的帮助链接（${code(`${f.helpUrl}#mad<name>`)}）
以网页形式打开本参考，即随加载项提供的 help.zh-CN.html。本参考和该网页都由 ${code("npm run gen:functions")} 根据接口目录生成。

**参数**

- ${code("market")}：站点代码 US、JP、UK（或 GB）、DE、FR、IT、ES、CA、IN、MX、BR、AU 或 AE（服务支持的 13 个），
  大小写均可；发送时转为大写，因为服务的代码区分大小写。需要月份的地方填了某一天时，按该天所在的月份读取
  （${code("20260425")} 即 ${code("202604")}）。
- ${code("office")}（商标函数）：商标局代码，如 US、GB、EM（欧盟知识产权局）或 WO（世界知识产权组织），大小写均可；
  UK 按商标局自己的代码 GB 读取。${code("MAD.TRADEMARKOFFICES()")} 可列出全部商标局。
- 之后是各函数列出的必填参数。列表（ASIN、关联类型）可以是单元格区域（每格一项），也可以是以逗号分隔的文本。
  月份可写作 ${code("202508")}（数字或文本）、${code("2025-08")}，或单元格中的真实日期。
- ${code("filters")}：接口的其他所有参数，按规范中的名称填写（区间筛选写作 ${code("minPrice")} / ${code("maxPrice")}），
  与线上服务的拼写一致；规范中另有叫法的参数或取值也可使用，发送时换成服务的名称（${code("minPlatformUnit")} 作为
  ${code("minAmzUnit")}，${code("platformChoice")} 作为 ${code("amazonChoice")}，配送方式 ${code("PLT")} 作为
  ${code("AMZ")}）。可以是名称/值两列的区域（第一列为名称，第二列为值；列表值可在单元格内以逗号分隔，或继续写在右侧
  单元格；首行为 ${code("name | value")} 或 ${code("filter | value")} 时视为表头并跳过；值为空的行也跳过），也可以是文本
  ${code("name=value; name=value")}。名称不区分大小写。布尔值为 TRUE/FALSE（或 yes/no、1、文本 0）；
  ${code("badgeBS=Y")} 这类 Y/N 代码保持为文本。排序用 ${code("order=price desc")}（或 ${code("orderField")} 和
  ${code("orderDesc")}）。${code("page")} 和 ${code("size")} 不是筛选条件：分页由 ${code("limit")} 决定。未知的名称会返回
  #VALUE! 错误，并提示最接近的名称。
- ${code("fields")}：要输出的列，使用下文列出的表头名称（以逗号分隔的文本，或单元格区域），按给定顺序排列；对象的名称
  （${code("badge")}）或 min/max/value 的名称（${code("phrasePpc")}）会输出它的全部列。列由加载项挑选而不是由服务挑选，
  所以只有 ${code("fields")} 不同的公式共用一次调用和同一份缓存页。
- ${code("limit")}：需要的行数，1 到 ${f.rowCap}（服务的行数上限）。分页接口以最大页大小逐页获取，直到达到行数或总数；
  每页一次调用，并会缓存。第一页返回总数后，其余各页会一起获取（每次最多二十页，遵守每分钟的调用节奏），不会超过总数；
  行按页的顺序排列。任一页失败则查询失败，但已获取的页仍保留在缓存中。留空 = 一页。
- 空单元格：空单元格、空区域和省略的参数，在可以不填值的地方都表示“未填写”。有些 Excel 版本会把空单元格作为数字 0
  传入，所以在 0 不可能是取值的地方，0 同样表示空：${code("market")}、${code("fields")}、${code("limit")}、显示选项、文本、
  日期、列表中的每一项、排序、布尔值（请输入 FALSE）以及不能为 0 的数字（${code("topN")}、${code("matchType")}）。可以为 0
  的数字筛选条件（${code("minPrice")}、${code("queryType")}）会把 0 当作 0，因此在这些版本中清空值单元格会把它设为 0：
  要取消该筛选条件，请删除这一行或它的名称。以文本输入的 ${code("0")}（${code("minPrice=0")}）始终为 0。

${f.historyRule}

**显示选项**（${code("filters")} 中的保留名称；不会发送给服务）

| 名称 | 取值 |
|---|---|
${f.displayOptions}

**结果的排列方式**

- 每条记录一行（分页结果的 items、数组的元素），第一行为列名表头。列按下文各函数列出的字段顺序排列（或按
  ${code("fields")} 的顺序）。
- 对象展开为带点号的列（${code("badge.bestSeller")}、${code("rankPosition.page")}）；{min, max, value} 对象展开为三列
  （${code("phrasePpc.min")}、${code("phrasePpc.max")}、${code("phrasePpc.value")}）。
- 文本列表合并为以逗号连接的文本；标签到列表的映射写作 ${code("KEY: a, b; KEY2: c")}；对象列表写成紧凑文本，每项一个
  ${code("identity[: label] (figure / figure)")}，以 ${code("; ")} 连接：第一个不是链接的文本字段，有 ${code("label")} 时附上，
  再加前两个数值，比率显示为百分比（${code("B09CSSP9C1 (6.79% / 3.35%)")}、${code("hpc: Health, Household & Baby Care")}）；
  最多 ${f.compactLimit} 个字符。
- null、缺失的字段以及表示“无”的价格 -1（${code("primePrice")}、${code("deliveryPrice")}）都是空单元格，不会是 0。
  服务返回的文本一律作为值写入，不会成为公式。
- 所有函数的日期遵循同一规则：日期为 Excel 日期序列号。服务以文本发送的月份（${code("2026.10")}、${code("202508")}、
  ${code("2024年11月")}）为当月第一天，日（${code("20261121")}、${code("2024-06-22")}）为当天，年（${code("2012")}）为普通数字。
  服务以纪元毫秒表示的自然日（趋势周期、上架日期：中国时间零点）按服务的日历取当天，不会变成前一天；更新时间为 UTC
  日期时间。下文每个函数都会说明其日期列的含义。自定义函数无法设置单元格格式，所以在把该列设为日期格式之前，日期显示为
  数字；公式重新计算时 Excel 会保留该格式。${code("dates=text")} 改为输出 ${code("yyyy-mm-dd")} 文本（更新时间为
  ${code("yyyy-mm-dd hh:mm")}）。
- 所有函数的比率都是小数（${code("0.0831")} = 8.31%），因此一个 ${code("0.00%")} 数字格式适用于所有比率列：服务以百分数发送
  的比率（${code("8.31")}）会除以 100。下文每个函数都会列出其比率列及服务的发送方式。筛选条件保持服务自身的单位（见各筛选条件）。
- 类目统计（单条记录）输出 ${code("field | value")} 两列；${code("layout=horizontal")} 输出一整行。商品流量词输出关键词；
  ${code("stats=TRUE")} 输出词根统计。
- 没有符合条件的数据：单个单元格 ${code(f.noRows)}（不是错误）。

**单元格中的错误**

- ${code("#VALUE!")}：参数有误，会写明参数和规则（${code(f.limitExample)}、${code(f.filterExample)}）。不会发送请求，
  不消耗调用次数。
- ${code("#N/A")}：未设置密钥、密钥错误或过期、套餐额度用完、网络或服务故障、超时；消息会说明发生了什么以及该怎么做。
  Excel 预览正在输入的公式时，除非结果已缓存，单元格显示 ${code("#N/A")}“${f.previewExample}”：预览从不消耗调用次数。
  结果过大、Excel 无法从函数接收时（超过约 3.5 MB；Excel 的上限为 5 MB，在网页版中更大的结果会让单元格一直停在
  ${code("#BUSY!")}），返回 ${code("#N/A")}，提示减少列或降低 limit，或改用“插入表格”。要重新运行公式，请在任务窗格的
  “报表”页点击刷新，或按 ${code("Ctrl+Alt+F9")}：只按 ${code("F9")} 不会重新运行自定义函数。
  服务拒绝某个参数并指出其名称时（${code("ERROR_PARAM")}，${code('data: "nodeIdPath"')}），消息也会写明：
  “${f.paramRefusedExample}”。密钥的套餐不含该接口（${code("ERROR_UNAUTHORIZED")}）以及加载项不认识的错误代码，都作为
  永久拒绝报告（附代码的含义），不会提示“稍后重试”。
- 上次的有效结果：服务无法连接、出错（5xx），或因每分钟上限、本月额度用完而拒绝时，之前成功返回过的公式会显示那次的
  结果，而不是 ${code("#N/A")}，并在以下位置说明：任务窗格的消息栏、该公式在“报表”页的状态（“截至 11月24日 09:10：服务未响应”）
  以及 ${code("MAD.ASOF")}。密钥被拒、参数有误或从未成功返回过的查询，不会这样显示；在“报表”页关闭
  “服务出错时显示上次的有效结果”即可停用（${code("mad.lastGoodValues")}）。

`,
  readmeIntro: (doc, history) => `服务的每个接口都是 ${code("MAD")} 命名空间下的一个公式，结果以表格形式溢出：
${code("=MAD.<NAME>(market, required..., [filters], [fields], [limit])")}${history}。完整参考（参数、筛选条件、显示选项、结果的排列方式、
单元格中的错误，以及每个函数的筛选条件和列）见 [${doc}](${doc})，由 ${code("npm run gen:functions")} 根据接口目录生成，
并随加载项以 help.zh-CN.html 提供（每个函数的帮助链接）。
`,
  allFunctionsHeader: "**全部函数**\n\n| 函数 | 接口 | market 之后的参数 |\n|---|---|---|",
  readmeTableHeader: "| 分组 | 函数 |\n|---|---|",
  entryHead: (title, group, operationCode, description) =>
    `${title}（${group}，${code(operationCode)}）。${description}`,
  syntax: (syntax, limit) => `语法：${code(syntax)}。${limit}`,
  filtersHeader: "| 筛选条件 | 取值 | 含义 |\n|---|---|---|",
  noFilters: "除显示选项外没有其他筛选条件。",
  columns: (names) => `列：${names}。`,
  lists: (items) => `列表，每项一个，以 ${code("; ")} 连接：${items}。`,
  listItem: (name, pattern) => `${code(name)} 写作 ${code(pattern)}`,
  dates: (items) => `日期：${items}。`,
  rates: (parts) => `比率，以小数输出（格式 ${code("0.00%")}）：${parts}。`,
  sentAsFractions: (names) => `服务以小数发送：${names}`,
  sentAsPercentages: (names) => `服务以百分数（8.31）发送，已除以 100：${names}`,
  sentPerMille: (names) => `服务以千分数（3.18）发送，已除以 1000：${names}`,
  limitAll: "`limit` 保留前若干行；留空 = 全部行。",
  limitSingle: (pageSize, def) => `\`limit\` 设定单次调用的行数（最多 ${pageSize}）；留空 = ${def}。`,
  limitPaged: (pageSize, def) => `\`limit\` 按每页 ${pageSize} 行逐页获取，每页一次调用；留空 = 一页 ${def} 行。`,
  mayBeBlank: "（可留空）",
  rangeRow: (doc) => `${doc}（区间）`,
  optionsExample: "例如 ",
  valueOptions: (kind, options) => `${kind}：${options}`,
  dateItem: (name, doc) => `${code(name)}（${doc}）`,
  filtersHelp: (names, more, options) =>
    `其他参数：名称/值两列的区域，或文本 "name=value; name=value"。名称：${names}${more ? " 等" : ""}。显示选项：${options}。`,
  fieldsHelp: (names) => `要输出的列，例如 "${names}"（文本或单元格区域）；留空 = 全部列。`,
  limitHelpAll: (rowCap) => `显示的行数，1 到 ${rowCap}；留空 = 返回的全部行。`,
  limitHelpSingle: (pageSize, def) => `需要的行数，1 到 ${pageSize}；留空 = ${def}。`,
  limitHelpPaged: (rowCap, def) => `需要的行数，1 到 ${rowCap}，逐页获取；留空 = 一页（${def} 行）。`,
  invocationHelp: "由 Excel 提供：调用的单元格、取消和值预览。",
  returns: (title) => `${title}：首行为列名表头的表格。`,
  asOf: {
    title: "MAD 结果的数据获取时间",
    description: "MAD 公式结果所显示数据的获取时间，为 Excel 日期时间（请将单元格设为日期时间格式）。",
    cellHelp: "MAD 公式所在的单元格或其结果，例如 D5 或 D5#。",
    invocationHelp: "由 Excel 提供：cell 参数的地址。",
    returns: "所显示数据的获取日期和时间。",
    reference: `${code("=MAD.ASOF(cell)")}：MAD 公式结果所显示的数据是何时从服务获取的，返回 Excel 日期时间（一个数字：请将单元格
设为日期时间格式，例如 ${code("yyyy-mm-dd hh:mm")}，或使用 ${code('=TEXT(MAD.ASOF(D5),"m月d日 hh:mm")')}）。${code("cell")}
是公式所在的单元格或其结果中的任一单元格（${code("D5")}、${code("D5#")}、${code("F9")}）。服务未能响应、公式显示上次的有效结果时，
返回的是那次结果的时间。它不消耗调用次数，公式每次重新计算时（以及在“报表”页刷新后）它也会重新计算。公式在本次会话中尚未
运行或显示错误时返回 ${code("#N/A")}；参数不是单元格引用时返回 ${code("#VALUE!")}。
`,
  },
};
