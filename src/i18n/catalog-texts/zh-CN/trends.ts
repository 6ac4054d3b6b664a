/** The Simplified Chinese of the search-trends group (src/api/catalog/trends.ts, src/api/records/trends.ts), keyed by the English (see ./index.ts). */
export const trends = {
  // operation google_trend
  "Google Trends": "Google 趋势",
  "Google search interest in a keyword over time, in the marketplace's country (0 to 100, weekly or monthly).":
    "关键词在站点所在国家的 Google 搜索热度随时间的变化（0 到 100，按周或按月）。",
  "Keyword, e.g. iphone stand.": "关键词，例如 iphone stand。",
  "Which Google search: web (default) or shoppingCart (Google Shopping).":
    "哪种 Google 搜索：web（默认，网页搜索）或 shoppingCart（Google 购物）。",
  "Google search": "Google 搜索",
  "Web search": "网页搜索",
  "Google Shopping": "Google 购物",
  "TRUE = one point a month; FALSE (default) = one a week.": "TRUE = 每月一个数据点；FALSE（默认）= 每周一个。",
  "One point a month": "每月一个数据点",
  // record googleTrend
  "The week's (or with monthly, the month's) first day, a date (sent as midnight UTC)":
    "该周（按月时为该月）的第一天，日期（服务以 UTC 零点发送）",
  "Interest, 0 to 100 (100 = the keyword's peak in the period)": "热度，0 到 100（100 = 该关键词在此期间的峰值）",
  "The same trend on trends.google.com": "trends.google.com 上的同一趋势",
};
