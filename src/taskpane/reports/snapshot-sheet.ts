/**
 * What a report or table that keeps history records, without Excel: the queries a snapshot reads (a template's
 * sections from the report's inputs, or a table's stored query), the history sheet's layout (a line chart at the
 * top, then the summary table and one table of rows per query, side by side, each growing down only), and the rows
 * one snapshot appends: every row of every query (a history function's newest period only) with when it was taken,
 * how old its data was and where it came from, and one summary row of figures (a template's own, read from one
 * section or from every ASIN's copy of a repeated one; else rows and averages) that the chart draws.
 */
import type { OperationCode } from "../../api/catalog";
import type { Interval } from "../../api/history-form";
import { localDateTimeSerial } from "../../api/dates";
import { t } from "../../i18n";
import { cellAddress } from "../../table/a1";
import type { Cell } from "../../table/cells";
import { DATE_TIME_FORMAT, numberFormatOf, type Column } from "../../table/columns";
import type { ShapeInput } from "../../table/shape";
import { validSheetName } from "../../table/sheet-names";
import { selectColumns, tableOf } from "../report-model/result-table";
import type { TableInfo } from "../host/host-adapter";
import type { CellValue } from "../report-model/cells";
import type { ChartSpec } from "../report-model/chart-spec";
import type { SnapshotSheetSpec, SnapshotSourceRef, SnapshotTableSpec } from "../report-model/snapshot-spec";
import { sectionQuery } from "../report-model/report-queries";
import { CHART_SIZE } from "../report-model/chart-spec";
import { reportSections } from "../report-model/templates";
import type { Aggregate, SnapshotMetric, ReportTemplate, TemplateSnapshots } from "../report-model/templates";
import type { ReportInputs } from "../report-model/report-inputs";

/**
 * A summary metric as written into cells: its label in the active language, and the queries it reads (indexes in
 * the plan's `queries`): one, or every ASIN's copy of a section repeated per ASIN.
 */
type SummaryMetric = Omit<SnapshotMetric, "label" | "section" | "eachAsin"> & {
  readonly label: string;
  readonly queries: readonly number[];
};

/** A history's summary and chart as written into cells (a template's words, worded when the snapshot is taken). */
interface SnapshotSummary {
  readonly chartTitle: string;
  readonly metrics: readonly SummaryMetric[];
  readonly charted: TemplateSnapshots["charted"];
  readonly valueAxisTitle: string;
  readonly secondaryValueAxisTitle?: string;
}

const worded = (history: TemplateSnapshots, queriesOf: (metric: SnapshotMetric) => number[]): SnapshotSummary => ({
  chartTitle: history.chartTitle(),
  metrics: history.metrics.map(({ label, section: _section, eachAsin: _eachAsin, ...m }, i) => ({
    ...m,
    label: label(),
    queries: queriesOf(history.metrics[i]),
  })),
  charted: history.charted,
  valueAxisTitle: history.valueAxisTitle(),
  ...(history.secondaryValueAxisTitle ? { secondaryValueAxisTitle: history.secondaryValueAxisTitle() } : {}),
});
import { describeInputs } from "./reports";
import { CHANGES_KEY, changesColumns } from "./changes-table";

/** One query a snapshot reads. */
export interface SnapshotQuery {
  /** `q1`, `q2`…: its rows table's key. */
  readonly key: string;
  /** The section's title, or the table's name. */
  readonly label: string;
  readonly operation: OperationCode;
  readonly params: Readonly<Record<string, unknown>>;
  readonly limit?: number;
  readonly fields: readonly string[];
  /** A history function's section (MAD.PRICEHISTORY): its interval; a snapshot keeps its newest row only. */
  readonly interval?: Interval;
}

/** What one source's snapshots read and how they are summed up. */
export interface SnapshotPlan {
  readonly source: SnapshotSourceRef;
  /** "Market 3422301 (Category market)": the history's title and the start of every Source cell. */
  readonly name: string;
  /** "Market 3422301", "MAD_ProductResearch": what the history sheet is named after. */
  readonly shortName: string;
  /** A report's inputs as read ("Market US · Category 3375251:3422301"), named in every Source cell; "" for a table. */
  readonly inputs: string;
  readonly queries: readonly SnapshotQuery[];
  readonly history: SnapshotSummary;
}

/** A query's answer as a snapshot keeps it: its rows, and when they were fetched. */
export type SnapshotResult = ShapeInput & { readonly fetchedAt: number };

const CHART_ANCHOR = "A4";
/** The first row of the tables (1-based 20): below the chart and one blank row. */
const TABLE_ROW = 3 + CHART_SIZE.rows + 1;
const NUMBER = "#,##0.00";
const COUNT = "#,##0";

const isNumeric = (column: Column) => column.spec.type === "integer" || column.spec.type === "number";

/** The generic summary: the rows of the first query, and the averages of its first two numeric columns. */
function genericSnapshots(query: SnapshotQuery): SnapshotSummary {
  const numeric = selectColumns(query.operation, query.fields).filter(isNumeric).slice(0, 2);
  const metrics: SummaryMetric[] = [
    { label: t("snapshot.metric.rows"), queries: [0], aggregate: "count" },
    ...numeric.map((c): SummaryMetric => ({
      label: t("snapshot.metric.average", { column: c.name }),
      queries: [0],
      field: c.name,
      aggregate: "average",
    })),
  ];
  return {
    chartTitle: t("snapshot.chart.generic", { name: query.label }),
    metrics,
    charted: numeric.length ? [1, 0] : [0],
    valueAxisTitle: numeric.length ? metrics[1].label : metrics[0].label,
    ...(numeric.length ? { secondaryValueAxisTitle: metrics[0].label } : {}),
  };
}

/**
 * A report's snapshot: its template's sections (those repeated per ASIN too), asked with the inputs as they are (read
 * once, so never mixed). A history function's section (MAD.PRICEHISTORY) gives its newest row (the report holds the
 * rest); a product card is left out: a data type, not rows (its figures are in the product's other sections). A
 * template whose snapshots read its own sections only (`ownSectionsOnly`: Product watch's table of every product)
 * leaves the ones repeated per product out: a snapshot then costs what its own sections cost.
 */
export function reportSnapshotPlan(sheet: string, template: ReportTemplate, inputs: ReportInputs): SnapshotPlan {
  const own = template.sections.length;
  const sections = reportSections(template, inputs);
  const all = template.snapshots?.ownSectionsOnly ? sections.slice(0, own) : sections;
  const each = template.eachAsin?.length ?? 0;
  /** Index in `all` -> index in `queries`, for the sections a snapshot reads. */
  const queryIndex = new Map<number, number>();
  const queries: SnapshotQuery[] = [];
  all.forEach((section, i) => {
    if (section.card) return;
    queryIndex.set(i, queries.length);
    const query = sectionQuery(section, inputs);
    queries.push({
      key: `q${queries.length + 1}`,
      label: section.title(),
      operation: query.operation,
      params: query.params,
      ...(query.limit === undefined ? {} : { limit: query.limit }),
      fields: section.fields,
      ...(section.interval ? { interval: section.interval } : {}),
    });
  });
  const queriesOf = (metric: SnapshotMetric): number[] => {
    const at =
      metric.eachAsin === undefined
        ? [metric.section]
        : Array.from({ length: (all.length - own) / Math.max(each, 1) }, (_, n) => own + n * each + metric.eachAsin);
    return at.flatMap((i) => (queryIndex.has(i) ? [queryIndex.get(i)!] : []));
  };
  return {
    source: { kind: "report", sheet },
    name: t("snapshot.reportName", { sheet, template: template.title() }),
    shortName: sheet,
    inputs: describeInputs(template.id, inputs.values),
    queries,
    history: template.snapshots ? worded(template.snapshots, queriesOf) : genericSnapshots(queries[0]),
  };
}

/** A table's snapshot: its stored query; null when the table has none the add-in can ask again. */
export function tableSnapshotPlan(table: TableInfo, operation: OperationCode | undefined): SnapshotPlan | null {
  if (!table.query || !operation) return null;
  const query: SnapshotQuery = {
    key: "q1",
    label: table.name,
    operation,
    params: table.query.params,
    ...(table.query.limit === undefined ? {} : { limit: table.query.limit }),
    fields: table.query.fields ?? [],
  };
  return {
    source: { kind: "table", table: table.name },
    name: t("snapshot.tableName", { table: table.name }),
    shortName: table.name,
    inputs: "",
    queries: [query],
    history: genericSnapshots(query),
  };
}

const slug = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")
    .slice(0, 40) || "Report";

/** The column a metric reads, for its number format. */
function metricFormat(plan: SnapshotPlan, metric: SummaryMetric): string {
  if (metric.aggregate === "count") return COUNT;
  const query = plan.queries[metric.queries[0]];
  const column = query && selectColumns(query.operation, query.fields).find((c) => c.name === metric.field);
  const format = column ? numberFormatOf(column) : "General";
  return format === "@" || format === "General" ? NUMBER : format;
}

/** The history sheet as first made: title, note, the chart, the summary and one rows table per query. */
export function snapshotLayout(plan: SnapshotPlan): SnapshotSheetSpec {
  const base = `MAD_History_${slug(plan.name)}`;
  const tables: SnapshotTableSpec[] = [];
  let left = 0;
  const place = (key: string, header: readonly string[], formats: readonly string[], latestOnly?: true) => {
    tables.push({
      key,
      name: `${base}_${key}`,
      anchor: cellAddress({ row: TABLE_ROW, col: left }),
      header,
      columnFormats: formats,
      ...(latestOnly ? { latestOnly } : {}),
    });
    left += header.length + 1;
  };
  const { metrics } = plan.history;
  place(
    "summary",
    [t("snapshot.column.taken"), ...metrics.map((m) => m.label)],
    [DATE_TIME_FORMAT, ...metrics.map((m) => metricFormat(plan, m))],
  );
  for (const query of plan.queries) {
    const columns = selectColumns(query.operation, query.fields);
    place(
      query.key,
      [
        t("snapshot.column.taken"),
        t("snapshot.column.asOf"),
        t("snapshot.column.source"),
        ...columns.map((c) => c.name),
      ],
      [DATE_TIME_FORMAT, DATE_TIME_FORMAT, "@", ...columns.map((c) => numberFormatOf(c))],
    );
  }
  // The latest snapshot against the one before, right of the rows (snapshot-changes.ts).
  const changes = changesColumns();
  place(CHANGES_KEY, changes.header, changes.formats, true);
  const summary = tables[0].anchor;
  const [first, second] = plan.history.charted;
  const chart: ChartSpec = {
    kind: "line",
    title: plan.history.chartTitle,
    categories: { cell: summary, column: 0 },
    series: [first, ...(second === undefined ? [] : [second])].map((index, i) => ({
      name: metrics[index].label,
      values: { cell: summary, column: index + 1 },
      ...(i === 1 ? { axis: "secondary" as const } : {}),
    })),
    categoryAxisTitle: t("snapshot.column.taken"),
    valueAxisTitle: plan.history.valueAxisTitle,
    ...(plan.history.secondaryValueAxisTitle ? { secondaryValueAxisTitle: plan.history.secondaryValueAxisTitle } : {}),
    anchor: CHART_ANCHOR,
  };
  return {
    name: validSheetName(t("snapshot.sheetName", { name: plan.shortName }), t("snapshot.sheetFallback")),
    title: t("snapshot.title", { name: plan.name }),
    note: t("snapshot.note"),
    tables,
    chart,
  };
}

/** A snapshot's day on this computer's calendar (`2025-11-24`): a second snapshot that day replaces the first. */
export function snapshotDay(takenAt: number): string {
  const d = new Date(takenAt);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const numbers = (cells: readonly Cell[]) => cells.filter((c): c is number => typeof c === "number");

function aggregate(how: Aggregate, cells: readonly Cell[], rows: number): number | null {
  const values = numbers(cells);
  switch (how) {
    case "count":
      return rows;
    case "value":
      return typeof cells[0] === "number" ? cells[0] : null;
    case "sum":
      return values.length ? values.reduce((a, b) => a + b, 0) : null;
    case "average":
      return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
    case "median": {
      if (!values.length) return null;
      const sorted = [...values].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
    default: {
      const unknown: never = how;
      throw new Error(`unknown aggregate ${String(unknown)}`);
    }
  }
}

/** The rows one snapshot appends, by table key: every query's rows, and one summary row. */
export function snapshotRows(
  plan: SnapshotPlan,
  results: readonly SnapshotResult[],
  takenAt: number,
): Record<string, CellValue[][]> {
  const tables = plan.queries.map((query, i) => {
    if (!query.interval) return tableOf(query.operation, results[i], query.fields, query.limit);
    // A history's newest period: its price and rank as of the snapshot (the report's section holds the rest).
    const history = tableOf(query.operation, results[i], query.fields, undefined, { interval: query.interval });
    return { ...history, rows: history.rows.slice(-1) };
  });
  const sources = plan.queries.map((query) => snapshotSource(plan, query));
  const asOf = results.map((result) => localDateTimeSerial(result.fetchedAt));
  return rowsOfTables(plan, tables, localDateTimeSerial(takenAt), asOf, sources);
}

/** A Source cell: the history's name, the query, and the report's inputs when it has any. */
export const snapshotSource = (plan: SnapshotPlan, query: SnapshotQuery): string =>
  plan.inputs
    ? t("snapshot.sourceWithInputs", { name: plan.name, query: query.label, inputs: plan.inputs })
    : t("snapshot.source", { name: plan.name, query: query.label });

/**
 * The rows one snapshot appends from each query's table (its cells as the spill shows them, header first), with
 * when it was taken, each query's data as of and Source cell: every query's rows, and one summary row.
 */
export function rowsOfTables(
  plan: SnapshotPlan,
  tables: readonly { readonly header: readonly string[]; readonly rows: readonly (readonly Cell[])[] }[],
  taken: number,
  asOf: readonly number[],
  sources: readonly string[],
): Record<string, CellValue[][]> {
  const rows: Record<string, CellValue[][]> = {};
  plan.queries.forEach((query, i) => {
    rows[query.key] = tables[i].rows.map((row) => [taken, asOf[i], sources[i], ...row]);
  });
  const summary = plan.history.metrics.map((metric) => {
    const read = metric.queries.flatMap((q) => (tables[q] ? [tables[q]] : []));
    if (!read.length) return null;
    const cells = read.flatMap((table) => {
      const column = metric.field === undefined ? -1 : table.header.indexOf(metric.field);
      return column < 0 ? [] : table.rows.map((row) => row[column]);
    });
    return aggregate(
      metric.aggregate,
      cells,
      read.reduce((n, table) => n + table.rows.length, 0),
    );
  });
  rows.summary = [[taken, ...summary]];
  return rows;
}
