/**
 * What a report template is made of (templates.ts defines the templates, each in its own module where it is long):
 * its inputs, where each formula argument comes from, its sections and their charts, the sections it repeats per
 * ASIN, and what its history sums up. A module of its own, so each template's module and the list of them share
 * these without importing one another.
 */
import type { AxisFormat, ChartKind } from "../host/host-adapter";
import type { OperationCode } from "../../api/catalog";
import type { Interval } from "../../api/history-form";

/** A text of a template, worded in the active language when it is shown or written (the language of the maker). */
export type Words = () => string;

export type TemplateId = "categoryMarket" | "keywordOpportunity" | "competitorWatch" | "productWatch" | "nicheScreener";

/** What a person types or picks for an input; the pane renders a control per kind. */
export type InputKind = "market" | "category" | "keyword" | "asins" | "screen" | "niche";

/** The limits of the niche screener's screen (market_research's filters): demand, competition, brands, price. */
export type ScreenFilter = "minAvgUnits" | "maxAvgRatings" | "maxBrandCrn" | "minAvgPrice" | "maxAvgPrice";

export interface TemplateInput {
  /** Key in TemplateInputs (and in the stored ReportGroupInfo). */
  readonly name: "market" | "nodeIdPath" | "keyword" | "asins" | ScreenFilter | "niche";
  readonly kind: InputKind;
  /** The label in the pane and beside the input cell. */
  readonly label: Words;
  readonly hint: Words;
  /**
   * What the sheet's label cell holds instead of the label: the ASINs' row is also a one-row filter block, so its
   * label cell is the filter's name (`ASINs`, read as `asins`), the same in every language.
   */
  readonly cellLabel?: string;
  /** What the pane proposes (a screen's usual limits). */
  readonly initial?: string;
  /** May be left blank: a screen's limit, or a value the add-in fills in (`from`). */
  readonly optional?: true;
  /** Left blank, filled in when the report is made: `field` of the first row of section `section`'s result. */
  readonly from?: { readonly section: number; readonly field: string };
}

/** What the pane collects: text per input name (ASINs as typed: separated by commas, spaces or new lines). */
export type TemplateInputs = Readonly<Record<string, string>>;

/**
 * Where a formula argument comes from:
 * - `input`: the input's cell (`$B$3`);
 * - `asinRow`: every ASIN, the row of ASIN cells (`$B$4:$U$4`), read as a list;
 * - `asinFilter`: the ASIN row with its label, a one-row filter block (`$A$4:$U$4`: `ASINs | B0... | B0...`);
 * - `firstAsin`: the first ASIN's cell (`$B$4`);
 * - `eachAsin`: in a section repeated per ASIN (`eachAsin`), that ASIN's cell; `asinAt` once repeated (`$C$4`);
 * - `screen`: the screen's rows (`$A$4:$B$8`: `minAvgUnits | 300`...), a filter block;
 * - `text`: a literal (`"W"`), never made from input text.
 */
export type ArgSource =
  | { readonly kind: "input"; readonly input: TemplateInput["name"] }
  | { readonly kind: "asinRow" }
  | { readonly kind: "asinFilter" }
  | { readonly kind: "firstAsin" }
  | { readonly kind: "eachAsin" }
  | { readonly kind: "asinAt"; readonly index: number }
  | { readonly kind: "screen" }
  | { readonly kind: "text"; readonly text: string };

export interface SectionChart {
  readonly kind: ChartKind;
  readonly title: Words;
  /** Column index (within `fields`) of the category labels. */
  readonly categories: number;
  readonly series: readonly { readonly name: Words; readonly column: number; readonly axis?: "secondary" }[];
  readonly categoryAxisTitle: Words;
  readonly valueAxisTitle: Words;
  readonly valueAxisFormat?: AxisFormat;
  readonly secondaryValueAxisTitle?: Words;
  readonly maxPoints?: number;
}

export interface TemplateSection {
  readonly title: Words;
  readonly operation: OperationCode;
  /** MAD function name (`BRANDCONCENTRATION`). */
  readonly fn: string;
  /** The operation's required arguments after `market`, in the function's order. */
  readonly positional: readonly ArgSource[];
  /** The `filters` argument: the ASIN filter block (or a display option such as `layout=horizontal`). */
  readonly filters?: ArgSource;
  readonly fields: readonly string[];
  readonly limit?: number;
  /** Single-record results (CATEGORYSTATS) spill `field | value` rows: one row per field. */
  readonly vertical?: boolean;
  /**
   * A history function (MAD.PRICEHISTORY): STOCKHISTORY's arguments, start and end left to the function's
   * defaults, this interval; its `fields` name `date` first.
   */
  readonly interval?: Interval;
  /**
   * A card function (MAD.PRODUCT): market and ASIN only. Its cell holds a card, or, where Excel has no data types,
   * a labelled row below its header (`fields`: two rows); cards stack one under another at the report's left.
   */
  readonly card?: true;
  readonly chart?: SectionChart;
}

/** A text worded with the place of the ASIN it is about (`Product 2`). */
export type NumberedWords = (n: number) => string;

/** A section repeated per ASIN: a section whose titles are numbered. */
export interface PerAsinSection extends Omit<TemplateSection, "title" | "chart"> {
  readonly title: NumberedWords;
  readonly chart?: Omit<SectionChart, "title"> & { readonly title: NumberedWords };
}

/** How one figure of a snapshot is read from a section's rows. */
export type Aggregate = "value" | "average" | "median" | "sum" | "count";

/**
 * Where a snapshot's figure is read: one section (`section`: index in `sections`), or a section repeated per ASIN
 * (`eachAsin`: index in `eachAsin`), then over the rows of every ASIN's copy of it (a history's copy gives its newest
 * row only, so an average over them is the watched products' average as of the snapshot).
 */
export type MetricSource =
  { readonly section: number; readonly eachAsin?: never } | { readonly eachAsin: number; readonly section?: never };

export type HistoryMetric = MetricSource & {
  /** The summary table's header and the chart's legend: "Average price". */
  readonly label: Words;
  /** The column it reads (one of the section's `fields`); none for "count". */
  readonly field?: string;
  /** `value`: the first row's (single-record sections); the others over every row. */
  readonly aggregate: Aggregate;
};

/** What a report that keeps history sums up per snapshot, and charts: a line over the snapshots' dates. */
export interface TemplateHistory {
  readonly chartTitle: Words;
  readonly metrics: readonly HistoryMetric[];
  /** The metrics the chart draws (indexes into `metrics`); the second, if any, on a value axis of its own. */
  readonly charted: readonly [number] | readonly [number, number];
  readonly valueAxisTitle: Words;
  readonly secondaryValueAxisTitle?: Words;
}

export interface ReportTemplate {
  readonly id: TemplateId;
  readonly title: Words;
  readonly description: Words;
  readonly inputs: readonly TemplateInput[];
  readonly sections: readonly TemplateSection[];
  /**
   * Sections repeated for each ASIN after `sections`, in this order per ASIN; their `eachAsin` arguments read that
   * ASIN's cell, and their titles (a chart's too) are worded with its place, 1 first.
   */
  readonly eachAsin?: readonly PerAsinSection[];
  /** At most this many ASINs (MAX_ASINS unless set). */
  readonly maxAsins?: number;
  /** Its history's summary and chart; without one, a report keeps the generic one (rows and averages). */
  readonly history?: TemplateHistory;
}
