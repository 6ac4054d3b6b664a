/**
 * The English of the report templates (src/taskpane/templates): titles, descriptions, inputs, sections and charts,
 * and what a report sheet says about itself; part of the task pane's catalog (./pane.ts).
 */
import { categoryMarketWords } from "./templates/category-market";
import { competitorWatchWords } from "./templates/competitor-watch";
import { keywordOpportunityWords } from "./templates/keyword-opportunity";
import { nicheScreenerWords } from "./templates/niche-screener";
import { productWatchWords } from "./templates/product-watch";
import { message } from "../../message";

export const templates = {
  ...categoryMarketWords,
  ...competitorWatchWords,
  ...keywordOpportunityWords,
  ...nicheScreenerWords,
  ...productWatchWords,
  // The words several templates share
  // The report templates (report-model/templates/<id>.ts): titles, descriptions, inputs, sections and charts
  "template.input.market": message("Market"),
  "template.input.market.hint": message("The marketplace, e.g. US."),
  "template.input.asins": message("ASINs"),
  // A filter block's `headers | labels` row (templates/market.ts HEADERS): the pane's choice and the sheet's note
  "template.input.headers": message("Table headers"),
  "template.input.headers.hint": message(
    "Words in the language Excel calculates in, or the API's field names (what fields and your own formulas use).",
  ),
  "template.headers.labels": message("Words (labels)"),
  "template.headers.names": message("API field names (names)"),
  "template.headers.note": message("Table headers: labels (words) or names (the API's field names)"),
  "chart.units": message("Units"),
  "chart.products": message("Products"),
  "chart.revenue": message("Revenue"),
  "chart.month": message("Month"),
  // What a report sheet says about itself (report-model/report-layout.ts)
  // The Templates tab's ASIN lists (taskpane/templates/AsinInputs.tsx)
  "templates.asinCount": message(
    "{count, plural, one {# ASIN} other {# ASINs}}{repeats, plural, =0 {} one { (# repeat left out)} other { (# repeats left out)}}.",
    { count: "number", repeats: "number" },
  ),
  "templates.asinCountOver": message("{label}: {count} ASINs, more than the {max} this report takes.", {
    label: "text",
    count: "number",
    max: "number",
  }),
  "templates.fromSelection": message("Take from selected cells"),
  "templates.selectionTaken": message(
    "Took {count, plural, one {# ASIN} other {# ASINs}} from {address}{skipped, plural, =0 {} one {, passing over # value that is not one} other {, passing over # values that are not}}.",
    { count: "number", address: "text", skipped: "number" },
  ),
  "templates.selectionEmpty": message(
    "{address} holds no ASINs: select the cells that hold them on the sheet, then take them again.",
    { address: "text" },
  ),
  "templates.pickedNone": message("None: the table only"),
  "templates.pickedFirst": message("Paste or take the watched ASINs first"),
  "report.title": message("{title} report", { title: "text" }),
  "report.asinsDown": message(
    "One per cell in {cells} (up to {max}), each beside its row of the table: edit them there.",
    {
      cells: "text",
      max: "number",
    },
  ),
  "report.note": message(
    "Made on {day} from the {title} template. Edit an input below and every section reworks; refresh it from the Reports tab.",
    { day: "text", title: "text" },
  ),

  // What a report that keeps history sums up and charts (templates.ts `history`)
  "snapshot.averagePrice": message("Average price"),
  "snapshot.price": message("Price"),
  "snapshot.bestsellerRank": message("Best-seller rank"),
};
