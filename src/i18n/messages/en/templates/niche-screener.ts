/** The English of one report template (src/taskpane/report-model/templates/niche-screener.ts): its title, inputs, sections, charts and history. */
import { message } from "../../../message";

export const nicheScreenerWords = {
  "template.input.minAvgUnits": message("Demand: average units a month, at least"),
  "template.input.minAvgUnits.hint": message("Niches whose products sell at least this many units a month on average."),
  "template.input.maxAvgRatings": message("Competition: average number of ratings, at most"),
  "template.input.maxAvgRatings.hint": message(
    "Few ratings mean a newcomer can catch up: niches whose products have at most this many on average.",
  ),
  "template.input.maxBrandCrn": message("Brand concentration, at most (0 to 100)"),
  "template.input.maxBrandCrn.hint": message(
    "The top brands' share of units, in percent: a lower limit keeps out niches a few brands own.",
  ),
  "template.input.minAvgPrice": message("Average price, at least"),
  "template.input.minAvgPrice.hint": message("In the marketplace's currency; blank for no limit."),
  "template.input.maxAvgPrice": message("Average price, at most"),
  "template.input.maxAvgPrice.hint": message("In the marketplace's currency; blank for no limit."),
  "template.input.niche": message("Niche to break down"),
  "template.input.niche.hint": message(
    "Blank: the top niche the screen finds when the report is made. Or a niche's node path (172282:281407).",
  ),
  "template.nicheScreener.title": message("Niche screener"),
  "template.nicheScreener.description": message(
    "Which niches are worth a look? Market research screened by demand, competition, brand concentration and price, ranked, with the price, rating and listing-age distributions of the top niche, with four charts.",
  ),
  "section.niches": message("Niches (top {top})", { top: "number" }),
  "section.priceBands": message("Price distribution of the niche"),
  "section.ratingBands": message("Rating distribution of the niche"),
  "section.listingAges": message("Listing-age distribution of the niche"),
  "chart.nicheDemand": message("Demand by niche"),
  "chart.avgUnits": message("Average units a month"),
  "chart.niche": message("Niche"),
  "chart.priceBands": message("Products by price band"),
  "chart.priceBand": message("Price band"),
  "chart.ratingBands": message("Products by rating"),
  "chart.ratingBand": message("Rating"),
  "chart.listingAges": message("Products by listing age"),
  "chart.listingAge": message("Listing age"),
  "report.sheet.nicheScreener": message("Niches {market}", { market: "text" }),
};
