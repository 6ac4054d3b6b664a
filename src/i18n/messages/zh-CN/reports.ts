/** 会保留历史的报表（issue 24）的简体中文：与 ../en/reports.ts 同一组 id。 */
import type { Translation } from "../../message";
import type { reports as english } from "../en/reports";
import { relayHistory } from "./relay-history";

export const reports: Translation<typeof english> = {
  "snapshot.reportName": "{sheet}（{template}）",
  "snapshot.tableName": "表格 {table}",
  "snapshot.title": "{name} 的历史记录",
  "snapshot.note":
    "每次快照一行汇总（同一天的第二次快照会替换第一次），右侧是每个查询的全部数据行（价格历史与销售趋势只保留最新一行）。由加载项维护：备注请写在其他工作表上。",
  "snapshot.sheetName": "历史 {name}",
  "snapshot.sheetFallback": "历史",
  "snapshot.column.taken": "快照时间",
  "snapshot.column.asOf": "数据时间",
  "snapshot.column.source": "来源",
  "snapshot.source": "{name} · {query}",
  "snapshot.sourceWithInputs": "{name} · {query} · {inputs}",
  "snapshot.metric.rows": "行数",
  "snapshot.metric.average": "{column} 平均值",
  "snapshot.chart.generic": "{name}（按快照）",

  "snapshot.tooMany": "这次快照需要 {calls, plural, other {# 次调用}}，但本月仅剩 {left, plural, other {# 次}}。",
  "snapshot.many": "这次快照将消耗 {calls, plural, other {# 次调用}}。",
  "snapshot.failed": "{source} 未能快照：{reason}",

  "onOpen.title": "打开时刷新",
  "onOpen.counting": "打开时刷新：正在统计所需调用次数…",
  "onOpen.ask": "{reason}{plan}。",
  "onOpen.confirm": "立即刷新",
  "onOpen.running": "工作簿打开时正在刷新：{plan}…",
  "onOpen.done":
    "工作簿打开时已刷新：{items, plural, other {# 项}}，{calls, plural, =0 {未消耗调用（所有结果均为最新）} other {消耗 # 次调用}}{snapshots, plural, =0 {} other {，保存了 # 次快照}}。",
  "onOpen.failed":
    "工作簿打开时已刷新，消耗 {calls, plural, other {# 次调用}}，但 {items, number} 项中有 {failed, plural, other {# 项}}失败：请查看“报表”页。",
  "onOpen.declined":
    "工作簿打开时未刷新：未消耗任何调用（需要 {calls, plural, other {# 次调用}}）。需要时请在“报表”页刷新。",
  "onOpen.nothing": "打开时刷新：此工作簿没有 MAD 公式或表格。",
  "onOpen.error": "打开时刷新已停止：{reason}",

  "lastGood.status":
    "截至 {at, date, ::MMMd} {at, time, ::HH:mm}：{reason, select, unreachable {服务未响应} serviceFault {服务出错} minuteLimit {已达到每分钟上限} monthlyQuota {本月调用次数已用完} other {服务出错}}",
  "lastGood.title": "正在显示之前的结果",
  "lastGood.bar":
    "{count, plural, other {# 个公式显示的是之前的结果}}：{status}。服务恢复响应后会自动更新；MAD.ASOF(cell) 可给出公式数据的获取时间。",
  "status.never": "尚未刷新",
  "status.asOf": "截至 {at, date, ::MMMd} {at, time, ::HH:mm}",
  "status.counting": "正在统计下次刷新…",
  "status.nextRefresh":
    "下次刷新：{bound, select, atLeast {至少 } upTo {最多 } other {}}{calls, plural, =0 {无需调用} other {# 次调用}}",
  "status.showsLastGood": "{count, plural, other {# 个公式显示的是之前的结果}}，{status}",
  "status.failed": "{at} 失败：{message}",

  "schedule.unreachable": "无法连接团队中继：请检查连接及其地址。",
  "schedule.refused": "团队中继拒绝了请求：{message}",

  "reports.asinsAndMore": "{first} 等，另有 {more} 个",
  "snapshot.keep": "保留历史",
  "snapshot.keepLabel": "保留 {name} 的历史",
  "snapshot.take": "立即快照",
  "snapshot.takeLabel": "立即为 {name} 快照",
  "snapshot.where": "{sheet} 上有 {snapshots, plural, other {# 次快照}}",
  "schedule.timeLabel": "团队中继每天刷新 {name} 的时间",
  "schedule.set": "由团队中继每天刷新",
  "schedule.change": "更改时间",
  "schedule.remove": "停止",
  "schedule.none": "未设定计划：团队中继可以每天刷新它，打开时即为最新。",
  "schedule.state": "团队中继每天 {at}（{zone}）刷新它；下次为 {next, date, ::MMMd} {next, time, ::HH:mm}。",
  "schedule.lastRun":
    "上次运行 {at, date, ::MMMd} {at, time, ::HH:mm}：{calls, plural, other {# 次调用}}，{cacheHits, number} 次来自团队缓存{failed, plural, =0 {} other {，# 次失败}}。",

  "settings.label": "报表设置",
  "settings.refreshOnOpen": "打开时刷新",
  "settings.refreshOnOpen.hint":
    "此工作簿打开时会刷新其中的公式和表格，只获取已超过数据周期的部分；超过 20 次调用或超过剩余次数时，会先询问。此设置随工作簿保存。",
  "settings.sharedWorkbook":
    "含有报表或开启了“打开时刷新”的工作簿，会在打开时请 Excel 启动本加载项（保存后从下一次打开起生效）。没有安装本加载项的同事打开它时会看到可以关闭的“加载项错误”提示，单元格保留上次的值。最后一个报表删除且“打开时刷新”关闭后，工作簿便不再请求启动。",
  "settings.lastGood": "服务出错时显示上次的有效结果",
  "settings.lastGood.hint":
    "服务无法响应时，之前成功返回过的公式会保留上次的结果而不是显示 #N/A，并在此处、标签页上方和 MAD.ASOF 中说明。密钥被拒时不会这样做。此设置保存在本机。",

  "reports.busy.snapshot": "正在快照…",
  "reports.busy.snapshotCount": "正在统计这次快照所需的调用次数…",
  "reports.busy.keep": "正在保存历史设置…",
  "reports.busy.schedule": "正在询问团队中继…",
  "reports.busy.settings": "正在保存设置…",
  "reports.snapshotAskTitle": "现在快照吗？",
  "reports.snapshotsKept": "已向历史添加 {snapshots, plural, other {# 次快照}}。",
  "reports.snapshotTaken":
    "已在 {sheet} 上{replaced, select, yes {替换今天的快照} other {添加快照}}（共 {snapshots, plural, other {# 次}}），{calls, plural, =0 {未消耗调用：数据仍为最新} other {消耗 # 次调用}}。",
  "reports.snapshotKeptCells": "未快照：已保留历史表下方的单元格。",
  "reports.snapshotNoQuery": "此表格没有加载项可以再次执行的查询：无法保留历史。",
  "reports.keepOn": "{name} 将保留历史：每次刷新都会添加一次快照。",
  "reports.keepOff": "{name} 不再添加快照；其历史工作表保留。",
  "reports.scheduled": "团队中继将每天 {at}（{zone}）刷新 {name}。",
  "reports.unscheduled": "团队中继不再刷新 {name}。",
  "reports.refreshOnOpenOn":
    "此工作簿将在打开时刷新（仅刷新超过数据周期的部分；超过 20 次调用时会先询问）。请保存工作簿以保留此设置。",
  "reports.refreshOnOpenOff": "此工作簿不再在打开时刷新。",
  "reports.lastGoodOn": "服务出错时，公式将显示上次的有效结果。",
  "reports.lastGoodOff": "服务出错时，即使有之前的结果，公式也将显示 #N/A。",
  "snapshot.growth.title": "{sheet} 上历史表下方的单元格不是空的。",
  "snapshot.growth.question":
    "这次快照的新行需要用到有内容的单元格（{cells}）。可以在那里插入单元格，让表格下方的内容下移；也可以覆盖它；或者保留它，不做快照。",
  "snapshot.growth.insert": "插入单元格",

  ...relayHistory,

  "reports.fromService": "从服务重新获取…",
  "reports.fromService.label":
    "从服务重新获取：{selected, plural, =0 {所有项} other {所选的 # 项}}全部重新查询，即使数据仍在有效期内（会先询问）",
  "reports.fromService.askTitle": "从服务重新获取？",
  "reports.fromService.ask": "从服务重新查询每一项，即使缓存中的数据仍在有效期内：{plan}。{reason}",
  "reports.fromService.confirm": "从服务重新获取（{calls, plural, other {# 次调用}}）",
};
