/**
 * Labels of request parameters, for people: the query builder shows "BSR growth rate, min" where the service says
 * `minBsrCr`. A name means the same thing in every operation, so labels are kept by name, once; min/max pairs take
 * theirs from the range's words in the catalog. The API name stays what formulas, filter blocks and the wire use.
 * Labels are English here; src/i18n/catalog-texts/<locale>.ts translates them (by their English).
 */
import { catalogText } from "../../i18n/catalog-translations";
import { t } from "../../i18n/cells";
import type { ParamSpec } from "../catalog-types";
import { rangeWords } from "./localized";

export const PARAM_LABELS: Readonly<Record<string, string>> = {
  marketplace: "Marketplace",
  keyword: "Keyword",
  keywords: "Keywords containing",
  keywordList: "More seed keywords",
  q: "ASIN or keyword",
  asin: "ASIN",
  asins: "ASINs",
  asinList: "ASINs",
  brand: "Brand",
  sellerName: "Seller",
  month: "Month",
  historyDate: "Month",
  date: "Date",
  nodeIdPath: "Category",
  nodeIdPaths: "Categories",
  nodeIdPathEqual: "This category only (no subcategories)",
  matchType: "Match type",
  variation: "Variants",
  variations: "Include variants",
  includeSellers: "Only these sellers",
  excludeSellers: "Leave out sellers",
  includeBrands: "Only these brands",
  excludeBrands: "Leave out brands",
  includeKeywords: "Only words containing",
  excludeKeywords: "Leave out words containing",
  weightUnit: "Weight unit",
  filterSub: "Filter on subcategory rank",
  availableMonth: "Listed within",
  dimensionType: "Size tier",
  sellerNation: "Seller country",
  badgeBS: "Best-seller badge",
  badgeAC: "Choice badge",
  badgeNR: "New-release badge",
  fulfillment: "Fulfillment",
  timeType: "Period",
  customAvgProductPrice: "Your average product price",
  queryType: "Variants searched",
  amazonChoice: "Choice words only",
  departments: "Departments",
  withYearlyGrowth: "Growing year over year only",
  marketPeriod: "Market period",
  reverseType: "By week or month",
  conversionType: "Conversion type",
  exactFlag: "Exact match",
  searchModel: "Market model",
  rankGrowthValue: "Rank growth, min",
  rankGrowthRate: "Rank growth rate, min",
  badges: "Exposure positions",
  trafficKeywordTypes: "Traffic word types",
  conversionKeywordTypes: "Conversion word types",
  relations: "Relations",
  filterRootWord: "Root words only",
  timeGranularity: "By week or month",
  topN: "Top listings counted",
  topNum: "Top listings counted",
  departmentKeyword: "Category words",
  sellerLocation: "Most sellers from",
  googleProp: "Google search",
  monthly: "One point a month",
  office: "Trademark office",
  text: "Words in the trademark",
  brandName: "Brand names",
  status: "Statuses",
  applicant: "Applicants",
  niceClass: "Nice classes",
  applicationYear: "Applied for in",
  expiryYear: "Expiring in",
  brandId: "Trademark id",
  newProduct: "New product age",
  bsr: "Best-seller rank",
  categoryId: "Main category",
  startTimestamp: "From",
  endTimestamp: "To",
  dailyLatest: "Last point of each day only",
  starList: "Stars",
  start: "From",
  end: "To",
  interval: "Interval",
  typeList: "Review kinds",
  order: "Sort by",
  page: "Page",
  size: "Rows per page",
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Words without their explanation in brackets (either language's): "price (in USD)" -> "price". */
const withoutBrackets = (text: string) =>
  text
    .replace(/\s*[(（][^)）]*[)）]\s*/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** `minSearchMonthCv` -> "Search month cv": the last resort for a parameter without a label. */
const words = (name: string) =>
  capitalized(
    name
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
      .toLowerCase(),
  );

const isRangeSide = (spec: ParamSpec) => spec.role === "rangeMin" || spec.role === "rangeMax";

/** The English label a parameter without a range takes: its own, or its name in words. */
export const labelWords = (spec: ParamSpec): string => PARAM_LABELS[spec.name] ?? words(spec.name);

/** A min/max pair's words as a label ("BSR growth rate"), in the active language. */
export const rangeLabel = (spec: ParamSpec): string => capitalized(withoutBrackets(catalogText(rangeWords(spec))));

/** The label of a parameter, in the active language. */
export function paramLabel(spec: ParamSpec): string {
  if (!isRangeSide(spec)) return catalogText(labelWords(spec));
  return t(spec.role === "rangeMin" ? "range.minLabel" : "range.maxLabel", { words: rangeLabel(spec) });
}
