/** The English of one report template (src/taskpane/report-model/templates/competitor-watch.ts): its title, inputs, sections, charts and history. */
import { message } from "../../../message";

export const competitorWatchWords = {
  "template.competitorWatch.title": message("Competitor watch"),
  "template.competitorWatch.description": message(
    "What are these competitors doing? Up to {max} ASINs: their sales, the traffic keywords of the first one, the words that bring them orders and their extended traffic keywords, with units and revenue by ASIN.",
    { max: "number" },
  ),
  "template.input.asins.hint": message(
    "Up to {max} ASINs, separated by commas, spaces or new lines; the first one's traffic keywords are shown.",
    { max: "number" },
  ),
  "section.competitors": message("Competitors"),
  "section.trafficKeywords": message("Traffic keywords of the first ASIN (top {top})", { top: "number" }),
  "section.orderWords": message("Order words, by week (top {top})", { top: "number" }),
  "section.extendedTraffic": message("Extended traffic keywords (top {top})", { top: "number" }),
  "chart.unitsAndRevenue": message("Units and revenue by ASIN"),
  "chart.asin": message("ASIN"),
  "report.sheet.competitorWatch": message("Competitors {asin}", { asin: "text" }),
  "snapshot.competitorsPriceAndBsr": message("Competitors' price and BSR"),
  "snapshot.medianBsr": message("Median BSR"),
  "snapshot.unitsAllCompetitors": message("Units, all competitors"),
  "snapshot.revenueAllCompetitors": message("Revenue, all competitors"),
  "snapshot.averageRating": message("Average rating"),
};
