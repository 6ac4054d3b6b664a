/** Search-frequency (ABA) records. Rates and rank growth rates are fractions in live data (-0.1375). */
import { dt, i, ms, n, objList, s, sl } from "./fields";

const rankChange = <const P extends "w1" | "w4" | "w12">(prefix: P, period: string) =>
  [
    i(`${prefix}SearchRank`, `Search rank ${period} before`),
    i(`${prefix}RankGrowthValue`, `Rank change versus ${period} before`),
    n(`${prefix}RankGrowthRate`, `Rank change rate versus ${period} before`, { format: "fraction" }),
  ] as const;

/** ABA research, weekly and monthly (items). */
export const ABA_RESEARCH_FIELDS = [
  s("keyword", "Keyword"),
  s("keywordCn", "Keyword, Chinese"),
  s("keywordJp", "Keyword, Japanese"),
  dt(
    "date",
    "Period start date: the week's Saturday (sent as yyyyMMdd) weekly, the month's first day (sent as yyyyMM) monthly",
  ),
  s("marketplace", "Marketplace"),
  i("searchRank", "Search-frequency rank"),
  i("searchRankCv", "Rank growth value"),
  n("searchRankCr", "Rank growth rate", { format: "fraction" }),
  i("searches", "Searches"),
  i("purchases", "Purchases"),
  n("purchaseRate", "Purchase rate", { format: "fraction" }),
  i("clicks", "Clicks"),
  i("impressions", "Impressions"),
  n("clickShareRate", "Top-three click share", { format: "fraction" }),
  n("cvsShareRate", "Top-three conversion share", { format: "fraction" }),
  i("titleDensityExact", "First-page products with the keyword in the title (exact)"),
  i("cprExact", "Sales needed within 8 days to reach the first page"),
  n("bid", "Bid suggestion", { format: "currency" }),
  n("bidMin", "Bid range, low", { format: "currency" }),
  n("bidMax", "Bid range, high", { format: "currency" }),
  ...rankChange("w1", "1 week (month)"),
  ...rankChange("w4", "4 weeks (months)"),
  ...rankChange("w12", "12 weeks (months)"),
  i("searchRankGrowthValue", "Rank growth value (same as searchRankCv)"),
  n("searchRankGrowthRate", "Rank growth rate (same as searchRankCr)", { format: "fraction" }),
  sl("departments", "Departments"),
  sl("top3Brands", "Top three brands"),
  objList("top3AsinDtoList", "Top three products", [
    s("asin", "Product id"),
    n("clickRate", "Click share", { format: "fraction" }),
    n("conversionRate", "Conversion share", { format: "fraction" }),
    s("imageUrl", "Image link"),
  ]),
] as const;

/** ABA keyword trend (array, ascending by date). */
const ABA_TREND_FIELDS = [
  dt("label", "Period as a date: the month's first day (sent as yyyyMM)"),
  ms("date", "First day of the period, a date (sent as midnight China time)", { epochDay: true }),
  i("rank", "ABA rank"),
  i("searches", "Searches"),
] as const;

/** The ABA group's records by name (the catalog's `record`). */
export const ABA_RECORDS = { abaResearch: ABA_RESEARCH_FIELDS, abaTrend: ABA_TREND_FIELDS } as const;
