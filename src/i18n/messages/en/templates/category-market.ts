/** The English of one report template (src/taskpane/report-model/templates/category-market.ts): its title, inputs, sections, charts and history. */
import { message } from "../../../message";

export const categoryMarketWords = {
  "template.categoryMarket.title": message("Category market"),
  "template.categoryMarket.description": message(
    "Is this category worth entering? Its statistics, brand, seller and product concentration, seller countries, rating counts, A+/video share and listing-date trend, with four charts.",
  ),
  "template.input.category": message("Category"),
  "template.input.category.hint": message(
    "Search by words (yoga) and pick a category, or type its node path (172282:281407).",
  ),
  "section.categoryStatistics": message("Category statistics"),
  "section.brandConcentration": message("Brand concentration"),
  "section.sellerConcentration": message("Seller concentration"),
  "section.productConcentration": message("Product concentration"),
  "section.sellerCountries": message("Seller countries"),
  "section.ratingCounts": message("Rating counts"),
  "section.aplusVideo": message("A+ and video"),
  "section.listingTrend": message("Listing-date trend"),
  "chart.brandShare": message("Brand share"),
  "chart.sellerCountries": message("Seller countries"),
  "chart.ratingCounts": message("Rating-count distribution"),
  "chart.listingTrend": message("Listing-date trend"),
  "chart.shareOfUnits": message("Share of units"),
  "chart.brand": message("Brand"),
  "chart.sellerCountry": message("Seller country"),
  "chart.numberOfRatings": message("Number of ratings"),
  "chart.listingYear": message("Listing year"),
  "report.sheet.categoryMarket": message("Market {node}", { node: "text" }),
  "snapshot.categorySales": message("Category sales"),
  "snapshot.averageMonthlyUnits": message("Average monthly units"),
  "snapshot.averageMonthlyRevenue": message("Average monthly revenue"),
  "snapshot.products": message("Products"),
  "snapshot.newProducts": message("New products"),
  "snapshot.topBrandsShareOfUnits": message("Top brand's share of units"),
  "snapshot.units": message("Units"),
  "snapshot.revenue": message("Revenue"),
};
