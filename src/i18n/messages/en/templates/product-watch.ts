/** The English of one report template (src/taskpane/report-model/templates/product-watch.ts): its title, inputs, sections, charts and history. */
import { message } from "../../../message";

export const productWatchWords = {
  "template.productWatch.title": message("Product watch"),
  "template.productWatch.description": message(
    "How are these products doing? Up to {max} ASINs in one table (price, BSR, category, the last 30 days' units and revenue, rating), 40 products a call; up to {charted} of them picked for a closer look: a product card (an Excel data type), weekly price and BSR and monthly sales charts, and the newest reviews.",
    { max: "number", charted: "number" },
  ),
  "template.input.watchedAsins.hint": message(
    "Up to {max} ASINs: paste them (separated by commas, spaces or new lines) or take them from cells you select on the sheet. Each gets a row of the table; every 40 cost one call.",
    { max: "number" },
  ),
  "template.input.charted": message("Charted products"),
  "template.input.charted.hint": message(
    "Up to {max} of the watched products, each with its card, price and BSR and monthly sales charts and newest reviews: three calls each.",
    { max: "number" },
  ),
  "section.watchedProducts": message("Watched products"),
  "section.product": message("Product {n}", { n: "number" }),
  "section.priceAndBsr": message("Price and BSR, product {n}", { n: "number" }),
  "section.monthlySales": message("Monthly sales, product {n}", { n: "number" }),
  "section.newestReviews": message("Newest reviews, product {n}", { n: "number" }),
  "section.product.asin": message("Product {asin}", { asin: "text" }),
  "section.priceAndBsr.asin": message("Price and BSR, {asin}", { asin: "text" }),
  "section.monthlySales.asin": message("Monthly sales, {asin}", { asin: "text" }),
  "section.newestReviews.asin": message("Newest reviews, {asin}", { asin: "text" }),
  "chart.price": message("Price"),
  "chart.bsr": message("BSR"),
  "chart.week": message("Week"),
  "report.sheet.productWatch": message("Products {asin}", { asin: "text" }),
  "snapshot.watchedPriceAndBsr": message("Watched products' price and BSR"),
  "snapshot.averagePriceWatched": message("Average price, watched products"),
  "snapshot.medianBsrWatched": message("Median BSR, watched products"),
  "snapshot.monthlyUnitsWatched": message("Units in the last 30 days, all watched products"),
  "snapshot.monthlyRevenueWatched": message("Revenue in the last 30 days, all watched products"),
};
