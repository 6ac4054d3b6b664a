/**
 * The search-frequency (ABA) group: weekly and monthly research and a keyword's trend. Their records are in
 * ../records/aba.ts.
 */
import {
  bool,
  int,
  list,
  marketplace,
  num,
  opts,
  order,
  page,
  ranges,
  required,
  saturday,
  size,
  str,
  yearMonth,
} from "../params";
import { operationsOf } from "./operation";

const define = operationsOf("aba");

const ABA_SORT_FIELDS = ["searchfrequencyrank", "cprExact", "titleDensityExact", "searches"] as const;
const SEARCH_MODELS = opts(
  [1, "Popular"],
  [2, "Volatile"],
  [3, "Continuously growing"],
  [4, "Fast rising"],
  [5, "Potential"],
  [6, "Long-tail market"],
);

/** ABA weekly and monthly share everything but the date format, the growth filters and the page size. */
const abaCommon = () =>
  [
    list("departments", "Department codes to search in; MAD.DEPARTMENTS lists a marketplace's."),
    str("excludeKeywords", "Leave out keywords containing this text."),
    str("includeKeywords", "Only keywords containing this text."),
    bool("exactFlag", "Exact match of the include text."),
    int("searchModel", "Market model.", { options: SEARCH_MODELS }),
    page(),
  ] as const;
const abaRanges = () => [
  ...ranges(
    "number",
    ["RankGrowthRate", "rank growth rate"],
    ["MonopolyClickRate", "top-three click share"],
    ["ConversionRate", "conversion rate"],
  ),
  ...ranges(
    "integer",
    ["SearchRank", "search-frequency rank"],
    ["Searches", "searches"],
    ["WordCount", "number of words"],
    ["SPR", "SPR (sales needed to reach page one)"],
    ["TitleDensity", "title density"],
    ["Clicks", "clicks"],
    ["Impressions", "impressions"],
  ),
];

export const ABA_OPERATIONS = [
  define({
    code: "aba_research_weekly",
    path: "/v1/aba/research/weekly",
    dataPeriod: "week",
    fn: "ABAWEEKLY",
    title: "ABA research, weekly",
    description: "Search-frequency ranks of keywords for one week, with rank changes and top products.",
    params: [
      marketplace,
      saturday("date", "Week's date yyyyMMdd (a Saturday); omitted = the latest week."),
      ...abaCommon(),
      int("rankGrowthValue", "Rank growth value."),
      num("rankGrowthRate", "Rank growth rate."),
      ...abaRanges(),
      size(40, 40),
      order({ desc: true }, ABA_SORT_FIELDS),
    ],
    positional: [],
    shape: "paged",
    record: "abaResearch",
  }),
  define({
    code: "aba_research_monthly",
    path: "/v1/aba/research/monthly",
    dataPeriod: "week",
    fn: "ABAMONTHLY",
    title: "ABA research, monthly",
    description: "Search-frequency ranks of keywords for one month, with rank changes and top products.",
    params: [
      marketplace,
      yearMonth("date", "Month yyyyMM; omitted = the last 30 days."),
      ...abaCommon(),
      ...abaRanges(),
      size(15, 15),
      order({ desc: true }, ABA_SORT_FIELDS),
    ],
    positional: [],
    shape: "paged",
    record: "abaResearch",
  }),
  define({
    code: "aba_research_trend",
    path: "/v1/aba/research/trends",
    dataPeriod: "week",
    fn: "ABATREND",
    title: "ABA keyword trend",
    description: "Search-frequency rank and searches of one keyword over time, oldest first.",
    params: [
      marketplace,
      required(str("keyword", "Keyword.")),
      str("timeGranularity", "W = by week, M = by month.", { options: opts(["W", "Week"], ["M", "Month"]) }),
    ],
    positional: [{ arg: "keyword", param: "keyword" }],
    shape: "array",
    record: "abaTrend",
  }),
] as const;
