/**
 * The Niche screener template: market research (MAD.NICHES) screened by the filters a seller starts with (demand,
 * competition, brand concentration, price), ranked, then the price, rating and listing-age distributions of one
 * niche: the top one the screen finds when the report is made (resolveInputs, report-cost.ts), or the node path a person
 * types. The screen's rows are a filter block on the sheet (`minAvgUnits | 300`, closed by `headers | labels`), so
 * editing a limit reworks the ranking in place; the niche's cell is an input like any other, so pasting another
 * niche's path redraws the distributions and their charts.
 */
import { t } from "../../../i18n";
import { valueOf } from "../report-inputs";
import type { ReportTemplate, TemplateInput, TemplateSection, Words } from "../template-types";
import { HEADERS, MARKET } from "./market";

/** The limits of the screen (market_research's filters): demand, competition, brands, price. */
const SCREEN_FILTERS = ["minAvgUnits", "maxAvgRatings", "maxBrandCrn", "minAvgPrice", "maxAvgPrice"] as const;
type ScreenFilter = (typeof SCREEN_FILTERS)[number];

/** A limit of the screen: its row's label cell is the filter's name, so the rows read as a filter block. */
const screen = (name: ScreenFilter, label: Words, hint: Words, initial: string): TemplateInput => ({
  name,
  kind: "screen",
  label,
  hint,
  cellLabel: name,
  initial,
  optional: true,
});

/** The section whose first row names the niche the distributions show (the ranked niches). */
const NICHES_SECTION = 0;

/** One of the niche's distributions (price, rating, listing age): its bands, with a chart of products by band. */
function distribution(
  operation: "market_price_distribution" | "market_rating_distribution" | "market_listing_date_distribution",
  fn: string,
  title: "section.priceBands" | "section.ratingBands" | "section.listingAges",
  chartTitle: "chart.priceBands" | "chart.ratingBands" | "chart.listingAges",
  axisTitle: "chart.priceBand" | "chart.ratingBand" | "chart.listingAge",
): TemplateSection {
  return {
    title: () => t(title),
    operation,
    fn,
    positional: [{ kind: "input", input: "niche" }],
    fields: ["label", "products", "units", "revenue", "unitsRatio"],
    chart: {
      kind: "column",
      title: () => t(chartTitle),
      categories: 0,
      series: [{ name: () => t("chart.products"), column: 1 }],
      categoryAxisTitle: () => t(axisTitle),
      valueAxisTitle: () => t("chart.products"),
    },
  };
}

export const nicheScreener: ReportTemplate<"nicheScreener"> = {
  id: "nicheScreener",
  title: () => t("template.nicheScreener.title"),
  description: () => t("template.nicheScreener.description"),
  sheetName: (inputs) => t("report.sheet.nicheScreener", { market: valueOf(inputs, "market") }),
  inputs: [
    MARKET,
    screen(
      "minAvgUnits",
      () => t("template.input.minAvgUnits"),
      () => t("template.input.minAvgUnits.hint"),
      "300",
    ),
    screen(
      "maxAvgRatings",
      () => t("template.input.maxAvgRatings"),
      () => t("template.input.maxAvgRatings.hint"),
      "500",
    ),
    screen(
      "maxBrandCrn",
      () => t("template.input.maxBrandCrn"),
      () => t("template.input.maxBrandCrn.hint"),
      "60",
    ),
    screen(
      "minAvgPrice",
      () => t("template.input.minAvgPrice"),
      () => t("template.input.minAvgPrice.hint"),
      "15",
    ),
    screen(
      "maxAvgPrice",
      () => t("template.input.maxAvgPrice"),
      () => t("template.input.maxAvgPrice.hint"),
      "50",
    ),
    // Closing the screen's filter block: the ranked niches headed in words.
    HEADERS,
    {
      name: "niche",
      kind: "niche",
      label: () => t("template.input.niche"),
      hint: () => t("template.input.niche.hint"),
      optional: true,
      from: { section: NICHES_SECTION, field: "nodeIdPath" },
    },
  ],
  sections: [
    {
      title: () => t("section.niches", { top: 20 }),
      operation: "market_research",
      fn: "NICHES",
      positional: [],
      filters: { kind: "screen", filters: SCREEN_FILTERS },
      // nodeIdPath beside the name: the niche the distributions show is the first row's (the input's `from`).
      fields: ["nodeLabelName", "nodeIdPath", "avgUnits", "avgPrice", "avgRatings", "brandConcentration", "avgRevenue"],
      limit: 20,
      chart: {
        kind: "bar",
        title: () => t("chart.nicheDemand"),
        categories: 0,
        series: [{ name: () => t("chart.avgUnits"), column: 2 }],
        categoryAxisTitle: () => t("chart.niche"),
        valueAxisTitle: () => t("chart.avgUnits"),
        maxPoints: 10,
      },
    },
    distribution(
      "market_price_distribution",
      "PRICEBANDS",
      "section.priceBands",
      "chart.priceBands",
      "chart.priceBand",
    ),
    distribution(
      "market_rating_distribution",
      "RATINGBANDS",
      "section.ratingBands",
      "chart.ratingBands",
      "chart.ratingBand",
    ),
    distribution(
      "market_listing_date_distribution",
      "LISTINGAGES",
      "section.listingAges",
      "chart.listingAges",
      "chart.listingAge",
    ),
  ],
};
