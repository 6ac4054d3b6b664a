/** The English of one report template (src/taskpane/report-model/templates/product-watch.ts): its title, inputs, sections, charts and history. */
import { message } from "../../../message";

export const productWatchWords = {
  "template.productWatch.title": message("Product watch"),
  "template.productWatch.description": message(
    "How are these products doing? Up to {max} ASINs, each as a product card (an Excel data type), with its weekly price and BSR, its monthly units and revenue, each charted, and its newest reviews.",
    { max: "number" },
  ),
  "template.input.watchedAsins.hint": message(
    "Up to {max} ASINs, separated by commas, spaces or new lines; each gets its card, charts and reviews.",
    { max: "number" },
  ),
  "section.product": message("Product {n}", { n: "number" }),
  "section.priceAndBsr": message("Price and BSR, product {n}", { n: "number" }),
  "section.monthlySales": message("Monthly sales, product {n}", { n: "number" }),
  "section.newestReviews": message("Newest reviews, product {n}", { n: "number" }),
  "chart.price": message("Price"),
  "chart.bsr": message("BSR"),
  "chart.week": message("Week"),
  "report.sheet.productWatch": message("Products {asin}", { asin: "text" }),
  "snapshot.watchedPriceAndBsr": message("Watched products' price and BSR"),
  "snapshot.averagePriceWatched": message("Average price, watched products"),
  "snapshot.medianBsrWatched": message("Median BSR, watched products"),
  "snapshot.monthlyUnitsWatched": message("Monthly units, all watched products"),
  "snapshot.monthlyRevenueWatched": message("Monthly revenue, all watched products"),
};
