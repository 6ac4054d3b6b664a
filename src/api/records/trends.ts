/**
 * Search-trends records: Google Trends interest of a keyword in a marketplace's country. The service answers one
 * object {marketplace, keyword, link, items}; each point of `items` is a row (the "series" shape), the keyword and
 * link beside it. Points are midnight UTC in epoch milliseconds (1599350400000 = 2020-09-06), spilled as that day.
 */
import { i, ms, s } from "./fields";

const GOOGLE_TREND_FIELDS = [
  ms("time", "The week's (or with monthly, the month's) first day, a date (sent as midnight UTC)", { epochDay: "utc" }),
  i("value", "Interest, 0 to 100 (100 = the keyword's peak in the period)"),
  s("keyword", "Keyword"),
  s("marketplace", "Marketplace"),
  s("link", "The same trend on trends.google.com"),
] as const;

/** The search-trends group's records by name (the catalog's `record`). */
export const TRENDS_RECORDS = {
  googleTrend: GOOGLE_TREND_FIELDS,
} as const;
