/**
 * What a report template is made of (each template is a module of its own under templates/, listed in
 * templates.ts): its inputs, its sheet's name, where each formula argument comes from (arg-sources.ts), its
 * sections and their charts, the sections it repeats per ASIN, and what its snapshots sum up.
 */
import type { AxisFormat, ChartKind } from "./chart-spec";
import type { OperationCode } from "../../api/catalog";
import type { Interval } from "../../api/history-form";
import type { ArgSource } from "./arg-sources";
import type { ReportInputs } from "./report-inputs";

export type { ArgSource } from "./arg-sources";
export type { TemplateInputs } from "./report-inputs";

/** A text of a template, worded in the active language when it is shown or written (the language of the maker). */
export type Words = () => string;

/** What a person types or picks for an input; the pane renders a control per kind. */
type InputKind = "market" | "category" | "keyword" | "asins" | "picked" | "screen" | "niche" | "headers";

export interface TemplateInput {
  /**
   * Key in the inputs (and in the stored ReportGroupInfo): `market` and `asins` are the market and the ASINs in
   * every template (the sections read them by those names), `picked` the ASINs picked among them for the sections
   * repeated per product (kind `picked`); a screen's limit is its filter's name; `headers` is the last row of a
   * filter block (`headers | labels`: how its tables are headed, a display option the block's reader takes).
   */
  readonly name: string;
  readonly kind: InputKind;
  /** The label in the pane and beside the input cell. */
  readonly label: Words;
  readonly hint: Words;
  /**
   * What the sheet's label cell holds instead of the label: the ASINs' row is also a one-row filter block, so its
   * label cell is the filter's name (`ASINs`, read as `asins`), the same in every language.
   */
  readonly cellLabel?: string;
  /**
   * The ASINs go one per cell down a column (column A, each beside its row of the section that lists them: room for
   * hundreds) rather than across the input's row, which then says where they are.
   */
  readonly column?: true;
  /** What the pane proposes (a screen's usual limits). */
  readonly initial?: string;
  /** May be left blank: a screen's limit, or a value the add-in fills in (`from`). */
  readonly optional?: true;
  /** Left blank, filled in when the report is made: `field` of the first row of section `section`'s result. */
  readonly from?: { readonly section: number; readonly field: string };
}

interface SectionChart {
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
   * defaults, this interval; its `fields` name `date` first; `headers` `labels` (words).
   */
  readonly interval?: Interval;
  /**
   * A card function (MAD.PRODUCT): market and ASIN only. Its cell holds a card, or, where Excel has no data types,
   * a labelled row below its header (`fields`: two rows); cards stack one under another at the report's left.
   */
  readonly card?: true;
  /**
   * A list function (MAD.PRODUCTS): market, the ASINs (`asinRow`), `fields` and `headers` (`labels`: words); one
   * row per ASIN cell under its header, so as many rows as the template takes ASINs. Placed beside the ASIN column
   * when the ASINs go down one.
   */
  readonly list?: true;
  readonly chart?: SectionChart;
}

/**
 * A text worded with the ASIN it is about (`Price and BSR, B07Z82895W`) when the report's inputs are known, else with
 * its place in the list (`Product 2`: a layout planned for the most ASINs a report can have).
 */
export type NumberedWords = (n: number, asin?: string) => string;

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
type MetricSource =
  { readonly section: number; readonly eachAsin?: never } | { readonly eachAsin: number; readonly section?: never };

export type SnapshotMetric = MetricSource & {
  /** The summary table's header and the chart's legend: "Average price". */
  readonly label: Words;
  /** The column it reads (one of the section's `fields`); none for "count". */
  readonly field?: string;
  /** `value`: the first row's (single-record sections); the others over every row. */
  readonly aggregate: Aggregate;
};

/** What a report that keeps snapshots sums up per snapshot, and charts: a line over the snapshots' dates. */
export interface TemplateSnapshots {
  readonly chartTitle: Words;
  readonly metrics: readonly SnapshotMetric[];
  /** The metrics the chart draws (indexes into `metrics`); the second, if any, on a value axis of its own. */
  readonly charted: readonly [number] | readonly [number, number];
  /**
   * A snapshot reads the template's own sections only, not the ones repeated per product: what they would add is
   * in the own ones already (Product watch's table of every watched product), and they would cost calls more.
   */
  readonly ownSectionsOnly?: true;
  readonly valueAxisTitle: Words;
  readonly secondaryValueAxisTitle?: Words;
}

export interface ReportTemplate<Id extends string = string> {
  readonly id: Id;
  readonly title: Words;
  readonly description: Words;
  readonly inputs: readonly TemplateInput[];
  /** What its sheet is named after (`Market 281407`), within Excel's rules once laid out (a blank falls back to the title). */
  readonly sheetName: (inputs: ReportInputs) => string;
  readonly sections: readonly TemplateSection[];
  /**
   * Sections repeated for each ASIN after `sections`, in this order per ASIN: each picked ASIN where the template
   * has a `picked` input, else each ASIN given; their `eachAsin` arguments read that ASIN's cell, and their titles
   * (a chart's too) are worded with its place, 1 first.
   */
  readonly eachAsin?: readonly PerAsinSection[];
  /** At most this many ASINs (MAX_ASINS unless set). */
  readonly maxAsins?: number;
  /** At most this many picked ASINs (the `picked` input's cells across its row). */
  readonly maxPicked?: number;
  /** What its snapshots sum up and chart; without it, a report's snapshots keep the generic summary (rows, averages). */
  readonly snapshots?: TemplateSnapshots;
}
