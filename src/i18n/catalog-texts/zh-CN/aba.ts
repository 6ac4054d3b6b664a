/** The Simplified Chinese of the ABA group (src/api/catalog/aba.ts, src/api/records/aba.ts), keyed by the English (see ./index.ts). */
export const aba = {
  // operation aba_research_weekly
  "ABA research, weekly": "ABA 周数据",
  "Search-frequency ranks of keywords for one week, with rank changes and top products.":
    "一周内关键词的搜索频率排名，附排名变化和头部商品。",
  "Week's date yyyyMMdd (a Saturday); omitted = the latest week.": "周日期 yyyyMMdd（周六）；不填 = 最近一周。",
  "Department codes to search in; MAD.DEPARTMENTS lists a marketplace's.":
    "要搜索的部门代码；MAD.DEPARTMENTS 列出站点的部门。",
  "Only keywords containing this text.": "只看包含此文本的关键词。",
  "Exact match of the include text.": "包含文本精准匹配。",
  "Exact match": "精准匹配",
  "Market model.": "市场模型。",
  "Market model": "市场模型",
  Popular: "热门",
  Volatile: "波动",
  "Continuously growing": "持续增长",
  "Fast rising": "快速上升",
  Potential: "潜力",
  "Long-tail market": "长尾市场",
  "Rank growth value.": "排名增长数。",
  "Rank growth, min": "排名增长数下限",
  "Rank growth rate.": "排名增长率。",
  "Rank growth rate, min": "排名增长率下限",
  "rank growth rate": "排名增长率",
  "SPR (sales needed to reach page one)": "SPR（上首页所需销量）",
  impressions: "曝光量",
  "Rows per page (default 40, at most 40).": "每页行数（默认 40，最多 40）。",
  // operation aba_research_monthly
  "ABA research, monthly": "ABA 月数据",
  "Search-frequency ranks of keywords for one month, with rank changes and top products.":
    "一个月内关键词的搜索频率排名，附排名变化和头部商品。",
  // operation aba_research_trend
  "ABA keyword trend": "ABA 关键词趋势",
  "Search-frequency rank and searches of one keyword over time, oldest first.":
    "单个关键词随时间变化的搜索频率排名和搜索量，按时间从早到晚。",
  // record abaResearch
  "Period start date: the week's Saturday (sent as yyyyMMdd) weekly, the month's first day (sent as yyyyMM) monthly":
    "周期开始日期：按周为当周周六（以 yyyyMMdd 发送），按月为当月第一天（以 yyyyMM 发送）",
  "Search-frequency rank": "搜索频率排名",
  "Rank growth value": "排名增长数",
  Impressions: "曝光量",
  "First-page products with the keyword in the title (exact)": "首页标题含该关键词的商品（精准）",
  "Sales needed within 8 days to reach the first page": "8 天内上首页所需销量",
  "Search rank 1 week (month) before": "1 周（月）前的搜索排名",
  "Rank change versus 1 week (month) before": "较 1 周（月）前的排名变化",
  "Rank change rate versus 1 week (month) before": "较 1 周（月）前的排名变化率",
  "Search rank 4 weeks (months) before": "4 周（月）前的搜索排名",
  "Rank change versus 4 weeks (months) before": "较 4 周（月）前的排名变化",
  "Rank change rate versus 4 weeks (months) before": "较 4 周（月）前的排名变化率",
  "Search rank 12 weeks (months) before": "12 周（月）前的搜索排名",
  "Rank change versus 12 weeks (months) before": "较 12 周（月）前的排名变化",
  "Rank change rate versus 12 weeks (months) before": "较 12 周（月）前的排名变化率",
  "Rank growth value (same as searchRankCv)": "排名增长数（同 searchRankCv）",
  "Rank growth rate (same as searchRankCr)": "排名增长率（同 searchRankCr）",
  "Top three products": "前三商品",
  // record abaTrend
  "Period as a date: the month's first day (sent as yyyyMM)": "周期作为日期：当月第一天（以 yyyyMM 发送）",
  "First day of the period, a date (sent as midnight China time)": "周期第一天，日期（以中国时间零点发送）",
  "ABA rank": "ABA 排名",
};
