/** Field generators of keyword and search-frequency (ABA) records. */
import { round, Rng } from "./prng";
import type { Generator, ListDecision, Row } from "./row";
import { facts, fraction, keywordOf, money, productTitle, rankFromSearches, top } from "./gen-common";
import { DEPARTMENTS } from "./vocab";
import { brandName, daysAgo, translate, weekBounds } from "./values";

const growth = (current: number, previous: number | undefined) => (previous ? round(current / previous - 1, 4) : 0);
const valueItem = (value: number, low: number, high: number) => ({
  min: round(value * low, 2),
  max: round(value * high, 2),
  value: round(value, 2),
});
const position = (rng: Rng, now: number) => {
  const page = rng.int(1, 3);
  const pageSize = rng.pick([16, 20, 24, 48, 60]);
  const index = rng.int(1, pageSize);
  return {
    page,
    pageSize,
    index,
    position: (page - 1) * pageSize + index,
    updatedTime: daysAgo(now, rng.int(1, 20)) + rng.int(0, 86_399) * 1000,
  };
};
/** Word lists whose first item is one of the query's product ids (variants, top products of a word). */
const withQueryAsins = (row: Row, count: number): ListDecision => {
  const asins = row.scenario.asins;
  return Array.from({ length: count }, (_, i) =>
    i === 0 && asins.length > 0 ? { asin: asins[row.index % asins.length] } : {},
  );
};

const TRAFFIC: Record<string, Generator> = {
  trafficPercentage: (row, rng) =>
    row.parent ? fraction(rng, 0.01, 0.3) : round(Math.min(0.3, 0.2 * row.num("_pop") * rng.float(0.5, 1.5)), 4),
  calculatedWeeklySearches: (row) => round((row.num("searches") / 4.3) * row.num("trafficPercentage"), 2),
  searchesRankTimeFrom: (row) => weekBounds(row.scenario.week)[0],
  searchesRankTimeTo: (row) => weekBounds(row.scenario.week)[1],
  latest1daysAds: (_row, rng) => (rng.chance(0.7) ? 0 : rng.int(1, 20)),
  latest7daysAds: (_row, rng) => rng.int(0, 200),
  latest30daysAds: (row, rng) => row.num("latest7daysAds") * rng.int(2, 6),
  rankPosition: (row, rng) =>
    rng.chance(row.scenario.record === "extendedTrafficKeyword" ? 0.6 : 0.2) ? null : position(rng, row.scenario.now),
  adPosition: (row, rng) => (rng.chance(0.5) ? null : position(rng, row.scenario.now)),
  "extendedTrafficKeyword.badges": (_row, rng) => ["R", ...rng.sample(["HR", "AD", "AC"], rng.int(0, 2))],
  "productTrafficKeyword.badges": (_row, rng) => [
    "naturalSearching",
    ...rng.sample(["sponsorVideo", "amazonChoice", "editorialRecommendations", "sponsorBrand", "ads"], rng.int(0, 2)),
  ],
  "extendedTrafficKeyword.relationVariationsItems": (row, rng) => withQueryAsins(row, rng.int(1, 3)),
  naturalRatio: (_row, rng) => rng.float(0.3, 1, 5),
  adRatio: (row) => round(1 - row.num("naturalRatio"), 5),
  trafficKeywordType: (_row, rng) => rng.pick(["primary", "precise", "preciseLongTail", null]),
  conversionKeywordType: (_row, rng) => rng.pick(["excellent", "stable", "lost", "invalid", null]),
  topAsins: () => null,
  searchesTrend: (row, rng) =>
    row.scenario.record === "keywordConversion" ? trendText(row.num("searches"), rng) : null,
};

/** Keyword conversion's trend strings: recent weekly values, oldest first (the format is undocumented). */
const trendText = (latest: number, rng: Rng) =>
  Array.from({ length: 6 }, (_, i) => Math.round(latest * (1 + (5 - i) * rng.float(-0.05, 0.05)))).join(",");

const CONVERSION: Record<string, Generator> = {
  searchConvRate: (row) => round(row.num("purchases") / Math.max(1, row.num("searches")), 4),
  clickConvRate: (row) => round(row.num("purchases") / Math.max(1, row.num("clicks")), 4),
  clickingRate: (_row, rng) => fraction(rng, 0.1, 0.7),
  "keywordConversion.conversionRate": (_row, rng) => fraction(rng, 0.05, 0.5),
  phraseCount: (_row, rng) => rng.logUniform(1, 800),
  clickTrend: (row, rng) => trendText(row.num("clicks"), rng),
  purchaseTrend: (row, rng) => trendText(row.num("purchases"), rng),
  avgProductPrice: (row, rng) => valueItem(money(row, rng.float(8, 60)), rng.float(0.2, 0.5), rng.float(2, 4)),
  _ppc: (row, rng) => money(row, rng.float(0.4, 3)),
  exactPpc: (row) => valueItem(row.num("_ppc"), 0.7, 1.4),
  phrasePpc: (row) => valueItem(row.num("_ppc") * 0.9, 0.7, 1.4),
  broadPpc: (row) => valueItem(row.num("_ppc") * 0.8, 0.7, 1.4),
  exactCpa: (row) => valueItem(row.num("_ppc") / Math.max(0.02, row.num("clickConvRate")), 0.6, 1.6),
  phraseCpa: (row) => valueItem((row.num("_ppc") * 0.9) / Math.max(0.02, row.num("clickConvRate")), 0.6, 1.6),
  broadCpa: (row) => valueItem((row.num("_ppc") * 0.8) / Math.max(0.02, row.num("clickConvRate")), 0.6, 1.6),
  exactBudget: (row) => valueItem(row.num("_ppc") * Math.max(1, row.num("clicks") / 30), 0.5, 1.5),
  phraseBudget: (row) => valueItem(row.num("_ppc") * 0.9 * Math.max(1, row.num("clicks") / 30), 0.5, 1.5),
  broadBudget: (row) => valueItem(row.num("_ppc") * 0.8 * Math.max(1, row.num("clicks") / 30), 0.5, 1.5),
  // ACoS min can exceed max in live data.
  exactAcos: (_row, rng) => valueItem(rng.float(0.1, 0.6, 4), rng.float(0.5, 1.5), rng.float(0.5, 1.5)),
  phraseAcos: (_row, rng) => valueItem(rng.float(0.1, 0.6, 4), rng.float(0.5, 1.5), rng.float(0.5, 1.5)),
  broadAcos: (_row, rng) => valueItem(rng.float(0.1, 0.6, 4), rng.float(0.5, 1.5), rng.float(0.5, 1.5)),
  top3Asins: (): ListDecision => 3,
  top10Asins: (): ListDecision => 10,
  "top10Asins.rank": (row) => row.index + 1,
  "top10Asins.rankIndex": (row) => row.index + 1,
  "top10Asins.rankPage": () => 1,
  "top10Asins.rankPagesize": () => 48,
  "top10Asins.position": (row) => row.index + 1,
  "top10Asins.maxPage": () => 7,
  "top10Asins.maxRankPage": (_row, rng) => rng.int(1, 7),
  "top10Asins.products": (row) => top(row).num("products"),
  "top10Asins.ad": (_row, rng) => rng.chance(0.3),
  "top10Asins.platformChoice": (row, rng) => row.index < 3 && rng.chance(0.3),
  "top10Asins.badges": (_row, rng) => rng.pick(["R", "R", "AC", "BS", "HR"]),
  "top10Asins.categoryId": (_row, rng) => String(rng.int(1_000_000, 30_000_000_000)),
  "top10Asins.asinPrice": (row, rng) => money(row, rng.float(6, 60)),
  "top10Asins.asinReviews": (_row, rng) => rng.logUniform(5, 50_000),
  "top10Asins.asinRating": (_row, rng) => rng.float(3.6, 4.9, 1),
};

const TRENDS: Record<string, Generator> = {
  keywrod: (row) => row.scenario.topic ?? keywordOf(row),
  keywrodCn: (row) => translate(String(row.get("keywrod")), 0),
  keywrodJp: (row) => translate(String(row.get("keywrod")), 1),
  search: (row, rng) => Math.round(row.num("_base") * row.num("_season") * rng.float(0.88, 1.12)),
  // Shared by the rows of one series: the seed does not depend on the row.
  _base: (row) => Math.round(new Rng(row.scenario.seed).logUniform(2_000, 400_000) * facts(row).volume),
  _season: (row) => 1 + 0.3 * Math.sin(((row.index + (row.scenario.seed % 12)) / 12) * 2 * Math.PI),
  purchase: (row, rng) => Math.round(row.num("search") * rng.float(0.01, 0.12)),
  "keywordTrend.purchaseRate": (row) => round((row.num("purchase") / Math.max(1, row.num("search"))) * 100, 2),
  chainGrowth: (row) => round(growth(row.num("search"), row.sibling(-1)?.num("search")), 2),
  yearlyGrowth: (row) => round(growth(row.num("search"), row.sibling(-12)?.num("search")), 2),
  threeMonthGrowth: (row) => growth(row.num("search"), row.sibling(-3)?.num("search")),
  // ABA trend: rank first, searches follow from it.
  rank: (row, rng) => rankFromSearches(Math.round(row.num("_base") * row.num("_season") * rng.float(0.8, 1.2)), rng),
  "abaTrend.searches": (row, rng) => Math.round(row.num("_base") * row.num("_season") * rng.float(0.95, 1.05)),
};

const RESEARCH: Record<string, Generator> = {
  "keywordResearch.keywords": (row) => keywordOf(row),
  "keywordResearch.currency": (row) => facts(row).currencySymbol,
  growth: (_row, rng) => rng.float(-40, 60, 5),
  searchMonthlyCr: (_row, rng) => rng.float(-60, 120, 2),
  searchMonthlyCv: (row) =>
    Math.round((row.num("searches") * row.num("searchMonthlyCr")) / (100 + row.num("searchMonthlyCr"))),
  searchNearlyCr: (row) => round(row.num("growth"), 2),
  searchNearlyCv: (row) =>
    Math.round((row.num("searches") * row.num("searchNearlyCr")) / (100 + row.num("searchNearlyCr"))),
  araClickRate: (_row, rng) => fraction(rng, 0.1, 0.8),
  araShareRate: (_row, rng) => fraction(rng, 0, 0.5),
  goodsValue: (_row, rng) => fraction(rng, 0, 0.4),
  marketPeriod: (_row, rng) => rng.pick(["N", "N", "I", "D", "S9,S10", "S11,S12", "S5,S6"]),
  hasBrandWord: (_row, rng) => rng.chance(0.1),
  "keywordResearch.brand": (row, rng) => (row.get("hasBrandWord") ? brandName(rng) : null),
  brands: (_row, rng) => Array.from({ length: 3 }, () => brandName(rng)),
  categories: (_row, rng) =>
    rng.sample(
      DEPARTMENTS.map(([, label]) => label),
      3,
    ),
  searchDepartments: (_row, rng): ListDecision =>
    rng.sample(DEPARTMENTS, rng.int(1, 3)).map(([code, label]) => ({ code, label })),
  "searchDepartments.total": (row, rng) => Math.round(top(row).num("searches") * rng.float(0.02, 0.3)),
  "searchDepartments.ratio": (row) => round(row.num("total") / Math.max(1, top(row).num("searches")), 8),
  relationAsinList: (_row, rng): ListDecision => rng.int(3, 5),
  araAsinList: (row): ListDecision => withQueryAsins(row, 3),
  "araAsinList.title": (row, rng) => (rng.chance(0.5) ? null : productTitle(row, rng)),
};

const MINING: Record<string, Generator> = {
  relevancy: (row, rng) =>
    row.index === 0 ? 100 : round(Math.max(1, 100 - row.index * rng.float(0.02, 0.2) - rng.float(0, 15)), 1),
  platformChoice: (_row, rng) => rng.chance(0.12),
  "keywordMining.departments": (_row, rng): ListDecision =>
    rng.sample(DEPARTMENTS, rng.int(1, 2)).map(([code, label]) => ({ code, label })),
  trends: () => null,
};

const ORDER_WORDS: Record<string, Generator> = {
  // Live order-word records carry asin null.
  "orderWord.asin": () => null,
  conversionType: (_row, rng) => rng.pick(["E", "S", "L", "I", "U", "U"]),
  searchRankGv: (row, rng) => Math.round(row.num("searchRank") * rng.float(-0.4, 0.4)),
  searchRankGr: (row) =>
    round(row.num("searchRankGv") / Math.max(1, row.num("searchRank") - row.num("searchRankGv")), 4),
  monopolyAsinDtos: (row): ListDecision => withQueryAsins(row, 3),
};

/** ABA rank changes: wN rank is the rank N periods before; value = wN - current; rate = value / wN. */
const rankChange = (prefix: "w1" | "w4" | "w12", spread: number): Record<string, Generator> => ({
  [`${prefix}SearchRank`]: (row, rng) =>
    Math.max(1, Math.round(row.num("searchRank") * rng.float(1 - spread, 1 + spread))),
  [`${prefix}RankGrowthValue`]: (row) => row.num(`${prefix}SearchRank`) - row.num("searchRank"),
  [`${prefix}RankGrowthRate`]: (row) =>
    round(row.num(`${prefix}RankGrowthValue`) / Math.max(1, row.num(`${prefix}SearchRank`)), 4),
});

const ABA: Record<string, Generator> = {
  ...rankChange("w1", 0.2),
  ...rankChange("w4", 0.5),
  ...rankChange("w12", 0.9),
  "abaResearch.date": (row) =>
    row.scenario.code === "aba_research_weekly" ? row.scenario.week : row.scenario.dataMonth,
  // The natural order is by rank: rank grows with the index, searches follow from the rank.
  "abaResearch.searchRank": (row, rng) =>
    Math.round(((row.index + 1) * rng.float(1.6, 2.4) + rng.int(0, 3)) * (row.scenario.topic ? 40 : 1)),
  // About 3 million weekly searches at rank 1 and 22,000 at rank 9,000 (fixture); a month has 4.4 weeks.
  "abaResearch.searches": (row, rng) => {
    const weeks = row.scenario.code === "aba_research_monthly" ? 4.4 : 1;
    return Math.max(
      50,
      Math.round(3e6 * Math.pow(row.num("searchRank"), -0.54) * weeks * facts(row).volume * rng.float(0.9, 1.1)),
    );
  },
  searchRankCv: (row) => row.get("w1RankGrowthValue"),
  searchRankCr: (row) => row.get("w1RankGrowthRate"),
  searchRankGrowthValue: (row) => row.get("w1RankGrowthValue"),
  searchRankGrowthRate: (row) => row.get("w1RankGrowthRate"),
  clickShareRate: (_row, rng) => fraction(rng, 0.05, 0.7),
  cprExact: (_row, rng) => rng.int(1, 400),
  "abaResearch.departments": (_row, rng) =>
    rng.sample(
      DEPARTMENTS.map(([, label]) => label),
      rng.int(1, 2),
    ),
  top3Brands: (_row, rng) => Array.from({ length: 3 }, () => brandName(rng)),
  top3AsinDtoList: (): ListDecision => 3,
};

export const KEYWORD: Record<string, Generator> = {
  ...TRAFFIC,
  ...CONVERSION,
  ...TRENDS,
  ...RESEARCH,
  ...MINING,
  ...ORDER_WORDS,
  ...ABA,
};
