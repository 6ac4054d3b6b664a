/**
 * The Product watch template: up to five ASINs, each a product card (an Excel data type; its labelled row where
 * Excel has none), its weekly price and BSR and its monthly units and revenue charted, and its newest reviews. The
 * sections repeat per ASIN (`eachAsin`), three calls a product. Kept with history, each snapshot
 * records the products' newest price, BSR and month's sales, and charts their price and BSR.
 */
import { t } from "../../../i18n";
import { CARD_PROPERTIES } from "../../../table/product-card";
import type { ArgSource, ReportTemplate } from "../template-types";
import { MARKET } from "./market";

/** Product watch takes at most this many ASINs: each one is a card, two charts and four calls' worth of sections. */
export const MAX_WATCHED = 5;

/** The card's labelled row, where Excel has no data types: its property names, the image's address last. */
const CARD_ROW_FIELDS = [...CARD_PROPERTIES.filter((name) => name !== "Image"), "Image"];

const THIS_ASIN: ArgSource = { kind: "eachAsin" };
/** The per-ASIN sections a history reads (indexes in `eachAsin`): the price history and the sales trend. */
const PRICE_AND_BSR = 1;
const MONTHLY_SALES = 2;

export const productWatch: ReportTemplate<"productWatch"> = {
  id: "productWatch",
  title: () => t("template.productWatch.title"),
  description: () => t("template.productWatch.description", { max: MAX_WATCHED }),
  sheetName: (inputs) => t("report.sheet.productWatch", { asin: inputs.asins[0] ?? "" }),
  inputs: [
    MARKET,
    {
      name: "asins",
      kind: "asins",
      label: () => t("template.input.asins"),
      hint: () => t("template.input.watchedAsins.hint", { max: MAX_WATCHED }),
    },
  ],
  sections: [],
  maxAsins: MAX_WATCHED,
  eachAsin: [
    {
      title: (n) => t("section.product", { n }),
      operation: "competitor_lookup",
      fn: "PRODUCT",
      positional: [THIS_ASIN],
      fields: CARD_ROW_FIELDS,
      card: true,
    },
    {
      title: (n) => t("section.priceAndBsr", { n }),
      operation: "keepa_info",
      fn: "PRICEHISTORY",
      positional: [THIS_ASIN],
      interval: "weekly",
      fields: ["date", "price", "bsr"],
      chart: {
        kind: "line",
        title: (n) => t("section.priceAndBsr", { n }),
        categories: 0,
        series: [
          { name: () => t("chart.price"), column: 1 },
          // A rank in the thousands beside a price in tens: on its own axis, so both show.
          { name: () => t("chart.bsr"), column: 2, axis: "secondary" },
        ],
        categoryAxisTitle: () => t("chart.week"),
        valueAxisTitle: () => t("chart.price"),
        secondaryValueAxisTitle: () => t("chart.bsr"),
      },
    },
    {
      title: (n) => t("section.monthlySales", { n }),
      operation: "asin_sales_trend",
      fn: "SALESTREND",
      positional: [THIS_ASIN],
      interval: "monthly",
      fields: ["date", "units", "revenue"],
      chart: {
        kind: "column",
        title: (n) => t("section.monthlySales", { n }),
        categories: 0,
        series: [
          { name: () => t("chart.units"), column: 1 },
          { name: () => t("chart.revenue"), column: 2, axis: "secondary" },
        ],
        categoryAxisTitle: () => t("chart.month"),
        valueAxisTitle: () => t("chart.units"),
        secondaryValueAxisTitle: () => t("chart.revenue"),
      },
    },
    {
      title: (n) => t("section.newestReviews", { n }),
      operation: "review",
      fn: "REVIEWS",
      positional: [THIS_ASIN],
      fields: ["date", "star", "title"],
      limit: 10,
    },
  ],
  // Per snapshot, the watched products' price and rank as of their newest week, and their newest month's sales:
  // read from every product's price history and sales trend (their newest rows), the chart price and BSR.
  snapshots: {
    chartTitle: () => t("snapshot.watchedPriceAndBsr"),
    metrics: [
      { label: () => t("snapshot.averagePriceWatched"), eachAsin: PRICE_AND_BSR, field: "price", aggregate: "average" },
      { label: () => t("snapshot.medianBsrWatched"), eachAsin: PRICE_AND_BSR, field: "bsr", aggregate: "median" },
      { label: () => t("snapshot.monthlyUnitsWatched"), eachAsin: MONTHLY_SALES, field: "units", aggregate: "sum" },
      { label: () => t("snapshot.monthlyRevenueWatched"), eachAsin: MONTHLY_SALES, field: "revenue", aggregate: "sum" },
    ],
    charted: [0, 1],
    valueAxisTitle: () => t("snapshot.price"),
    secondaryValueAxisTitle: () => t("snapshot.bestsellerRank"),
  },
};
