/** 团队中继保存的历史（issue 44）的简体中文：与 ../en/relay-history.ts 同一组 id。 */
import type { Translation } from "../../message";
import type { relayHistory as english } from "../en/relay-history";

const DAYS = "{days, plural, other {# 天}}";

export const relayHistory: Translation<typeof english> = {
  "changes.column.comparedWith": "对比日期",
  "changes.column.query": "查询",
  "changes.column.key": "行",
  "changes.column.change": "变化",
  "changes.column.field": "字段",
  "changes.column.before": "之前",
  "changes.column.after": "之后",
  "changes.column.percent": "变化 %",
  "changes.kind": "{change, select, new {新增} gone {消失} other {变化}}",
  "relayHistory.source": "{source} · 团队中继 (relay)",

  "relayHistory.keep": "在中继上保存历史",
  "relayHistory.keepLabel": "在中继上保存 {name} 的历史",
  "relayHistory.noHistory": "此中继不保存历史：{reason}",
  "relayHistory.keptNone": "中继上：尚未保存；计划的下一次运行会保存第一天。",
  "relayHistory.kept": `中继上：${DAYS}，{first} 至 {last}（{rows, plural, other {# 行}}）。`,
  "relayHistory.keepOn":
    "中继会保存 {name} 每次按计划运行的结果（Excel 关闭时也会）；工作簿打开时，历史工作表会补上这些天。",
  "relayHistory.keepOff": "中继不再保存 {name} 的运行结果；已保存的天数会一直保留，直到停止该计划。",
  "relayHistory.busy.keep": "正在保存计划…",

  "relayHistory.removeAsk.label": "停止 {name} 的计划",
  "relayHistory.removeAsk.title": "停止计划并删除其历史？",
  "relayHistory.removeAsk.question": `停止计划会删除中继为 {name} 保存的 ${DAYS}历史（{first} 至 {last}），其数据源链接也会失效。工作簿自己的历史工作表不受影响。`,
  "relayHistory.removeAsk.remove": "停止并删除其历史",
  "relayHistory.removeAsk.keep": "保留计划",

  "backfill.busy": "正在把中继保存的天数补入历史工作表…",
  "backfill.done": `已把工作簿关闭期间中继保存的 ${DAYS}补入 {sheet}，未使用调用。`,
  "backfill.failed": "未能把中继的天数补入 {source}：{reason}",
  "backfill.stopped": "未能补入中继保存的天数：{reason}",
  "backfill.cellsInUse": "未能把中继的天数补入 {sheet}：其表格下方的单元格中有内容。请点击“立即快照”来决定如何处理。",

  "feeds.share": "作为数据源共享…",
  "feeds.shareLabel": "将 {name} 作为数据源共享",
  "feeds.title": "作为数据源共享",
  "feeds.intro":
    "数据源是 {name} 在中继上的历史的只读地址，供无法登录的工具使用：Power Query、Power BI、Google 表格以及 Excel 的“自网站”。它只能读取此计划的历史。",
  "feeds.caution":
    "任何拿到该地址的人都能读取这份历史：它的密钥会随包含该地址的工作簿、工作表或文件一起传播。只把它放在这些数据可以去的地方，不再需要时请撤销。",
  "feeds.create": "创建数据源地址",
  "feeds.creating": "正在创建数据源…",
  "feeds.created": "数据源已创建。请立即复制地址：中继只显示这一次。",
  "feeds.url": "数据源地址（CSV）",
  "feeds.copy": "复制",
  "feeds.copyLabel": "复制：{what}",
  "feeds.copied": "已复制：{what}。",
  "feeds.copyFailed": "无法复制：文本已选中，请按 Ctrl+C（Mac 上按 ⌘C）。",
  "feeds.powerQuery": "Power Query（Excel、Power BI）",
  "feeds.powerQueryHint":
    "Excel：数据 > 获取数据 > 自其他源 > 空白查询，然后打开“高级编辑器”。Power BI Desktop：获取数据 > 空查询 > 高级编辑器。用下面的文本替换原有内容，然后选择“完成”。",
  "feeds.sheets": "Google 表格公式",
  "feeds.sheetsHint": "在空白工作表的 A1 单元格中输入；Google 表格大约每小时重新读取一次。",
  "feeds.fromWeb": "Excel：数据 > 自网站",
  "feeds.fromWeb.step1": "在“数据”选项卡上选择“自网站”（Mac 版 Excel：获取数据 > 自网站）。",
  "feeds.fromWeb.step2": "粘贴数据源地址，然后选择“确定”。",
  "feeds.fromWeb.step3": "如果 Excel 询问连接方式，选择“匿名”，然后选择“连接”。",
  "feeds.fromWeb.step4": "选择“加载”，或选择“转换数据”先挑选列。",
  "feeds.fromWeb.step5": "数据 > 全部刷新会读取最新的天数；在查询属性中可以设置每次打开文件时刷新。",
  "feeds.list": "此计划的数据源",
  "feeds.loading": "正在读取数据源…",
  "feeds.none": "还没有数据源。",
  "feeds.item": "创建于 {created, date, ::MMMd} {created, time, ::HH:mm}；最近读取于 {used, date, ::MMMd}",
  "feeds.itemUnused": "创建于 {created, date, ::MMMd} {created, time, ::HH:mm}；从未读取",
  "feeds.revoke": "撤销…",
  "feeds.revokeLabel": "撤销创建于 {created, date, ::MMMd} {created, time, ::HH:mm} 的数据源",
  "feeds.revokeAsk.title": "撤销此数据源？",
  "feeds.revokeAsk.question": "读取它的一切（Power Query、Google 表格）会立即停止获得数据。新建的数据源会有新的地址。",
  "feeds.revokeAsk.revoke": "撤销",
  "feeds.revokeAsk.keep": "保留",
  "feeds.revoked": "数据源已撤销：其地址不再返回任何数据。",
  "feeds.close": "关闭",
};
