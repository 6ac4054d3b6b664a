/**
 * The Product watch template: up to 200 ASINs, pasted or taken from the sheet, in one table of every product (its
 * price, BSR, category, last 30 days' units and revenue, rating…: MAD.PRODUCTS over the ASIN column, 40 products a
 * call), and up to five of them picked for a closer look: each a product card (an Excel data type; its labelled row
 * where Excel has none), its weekly price and BSR and its monthly units and revenue charted, and its newest reviews
 * (the sections repeated per picked product, `eachAsin`; three calls a product, its card from the table's calls).
 * Kept with history, each snapshot records every watched product's row of the table (no call beyond the table's)
 * and charts their average price and median BSR.
 */
import { t } from "../../../i18n";
import { CARD_PROPERTIES } from "../../../table/product-card";
import type { ArgSource, NumberedWords, ReportTemplate } from "../template-types";
import { MARKET } from "./market";

/** Product watch takes at most this many ASINs: its table costs a call per 40 of them. */
export const MAX_WATCHED = 200;

/** At most this many watched products are picked for a card, two charts and reviews: three calls each. */
export const MAX_CHARTED = 5;

/** The table's columns: what a seller reads of each watched product (the ASIN first: a snapshot keeps it per row). */
const TABLE_FIELDS = [
  "asin",
  "title",
  "brand",
  "price",
  "bsr",
  "nodeLabelPath",
  "platformUnit",
  "platformSales",
  "rating",
  "ratings",
];

/** The card's labelled row, where Excel has no data types: its property names, the image's address last. */
const CARD_ROW_FIELDS = [...CARD_PROPERTIES.filter((name) => name !== "Image"), "Image"];

const THIS_ASIN: ArgSource = { kind: "eachAsin" };

/** A picked product's titles name its ASIN; only a layout planned without inputs numbers them. */
const titles = {
  product: ((n, asin) => (asin ? t("section.product.asin", { asin }) : t("section.product", { n }))) as NumberedWords,
  priceAndBsr: ((n, asin) =>
    asin ? t("section.priceAndBsr.asin", { asin }) : t("section.priceAndBsr", { n })) as NumberedWords,
  monthlySales: ((n, asin) =>
    asin ? t("section.monthlySales.asin", { asin }) : t("section.monthlySales", { n })) as NumberedWords,
  newestReviews: ((n, asin) =>
    asin ? t("section.newestReviews.asin", { asin }) : t("section.newestReviews", { n })) as NumberedWords,
};
/** The table: the one section a snapshot reads. */
const TABLE = 0;

export const productWatch: ReportTemplate<"productWatch"> = {
  id: "productWatch",
  title: () => t("template.productWatch.title"),
  description: () => t("template.productWatch.description", { max: MAX_WATCHED, charted: MAX_CHARTED }),
  sheetName: (inputs) => t("report.sheet.productWatch", { asin: inputs.asins[0] ?? "" }),
  inputs: [
    MARKET,
    {
      name: "asins",
      kind: "asins",
      label: () => t("template.input.asins"),
      hint: () => t("template.input.watchedAsins.hint", { max: MAX_WATCHED }),
      column: true,
    },
    {
      name: "picked",
      kind: "picked",
      label: () => t("template.input.charted"),
      hint: () => t("template.input.charted.hint", { max: MAX_CHARTED }),
      optional: true,
    },
  ],
  sections: [
    {
      title: () => t("section.watchedProducts"),
      operation: "competitor_lookup",
      fn: "PRODUCTS",
      positional: [{ kind: "asinRow" }],
      fields: TABLE_FIELDS,
      list: true,
    },
  ],
  maxAsins: MAX_WATCHED,
  maxPicked: MAX_CHARTED,
  eachAsin: [
    {
      title: titles.product,
      operation: "competitor_lookup",
      fn: "PRODUCT",
      positional: [THIS_ASIN],
      fields: CARD_ROW_FIELDS,
      card: true,
    },
    {
      title: titles.priceAndBsr,
      operation: "keepa_info",
      fn: "PRICEHISTORY",
      positional: [THIS_ASIN],
      interval: "weekly",
      fields: ["date", "price", "bsr"],
      chart: {
        kind: "line",
        title: titles.priceAndBsr,
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
      title: titles.monthlySales,
      operation: "asin_sales_trend",
      fn: "SALESTREND",
      positional: [THIS_ASIN],
      interval: "monthly",
      fields: ["date", "units", "revenue"],
      chart: {
        kind: "column",
        title: titles.monthlySales,
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
      title: titles.newestReviews,
      operation: "review",
      fn: "REVIEWS",
      positional: [THIS_ASIN],
      fields: ["date", "star", "title"],
      limit: 10,
    },
  ],
  // Per snapshot, every watched product's row of the table (kept in the history sheet, a row per ASIN), summed up
  // as their average price, median BSR and the last 30 days' units and revenue of them all; the chart price and BSR.
  snapshots: {
    chartTitle: () => t("snapshot.watchedPriceAndBsr"),
    metrics: [
      { label: () => t("snapshot.averagePriceWatched"), section: TABLE, field: "price", aggregate: "average" },
      { label: () => t("snapshot.medianBsrWatched"), section: TABLE, field: "bsr", aggregate: "median" },
      { label: () => t("snapshot.monthlyUnitsWatched"), section: TABLE, field: "platformUnit", aggregate: "sum" },
      { label: () => t("snapshot.monthlyRevenueWatched"), section: TABLE, field: "platformSales", aggregate: "sum" },
    ],
    charted: [0, 1],
    valueAxisTitle: () => t("snapshot.price"),
    secondaryValueAxisTitle: () => t("snapshot.bestsellerRank"),
    ownSectionsOnly: true,
  },
};
