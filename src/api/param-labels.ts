/**
 * Plain English labels of request parameters, for people: the query builder shows "BSR growth rate, min" where
 * the service says `minBsrCr`. A name means the same thing in every operation, so labels are kept by name, once;
 * min/max pairs take theirs from the range's words in the catalog. The API name stays what formulas, filter
 * blocks and the wire use.
 */
import type { ParamSpec } from "./catalog-types";

const LABELS: Readonly<Record<string, string>> = {
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
  order: "Sort by",
  page: "Page",
  size: "Rows per page",
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The range's words from the catalog doc: "Minimum BSR growth rate." -> "BSR growth rate". */
const rangeWords = (spec: ParamSpec) =>
  spec.doc
    .replace(/^(Minimum|Maximum)\s+/, "")
    .replace(/\s*\(.*\)\s*/, " ")
    .replace(/\.\s*$/, "")
    .trim();

/** `minSearchMonthCv` -> "Search month cv": the last resort for a parameter without a label. */
const words = (name: string) =>
  capitalized(
    name
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
      .toLowerCase(),
  );

/** Whether a parameter has a label of its own (a min/max pair always does, from its words). */
export const hasOwnLabel = (spec: ParamSpec): boolean =>
  spec.role === "rangeMin" || spec.role === "rangeMax" || spec.name in LABELS;

/** The plain English label of a parameter. */
export function paramLabel(spec: ParamSpec): string {
  if (spec.role === "rangeMin" || spec.role === "rangeMax") {
    return `${capitalized(rangeWords(spec))}, ${spec.role === "rangeMin" ? "min" : "max"}`;
  }
  return LABELS[spec.name] ?? words(spec.name);
}
