/**
 * Report sheets made from templates, in Excel over Office.js (the report half of office-host.ts):
 * - a new, uniquely named sheet gets the template's value cells (number format before value in the same batch,
 *   so inputs such as `172282:281407` stay text), its MAD formulas, and one workbook name per charted column:
 *   `=OFFSET('Sheet'!$D$5,1,<col>,MIN(ROWS('Sheet'!$D$5#)-1,<max>),1)`, a reference over the spill below its
 *   header, so the name follows the spill when the row count changes;
 * - native charts (ExcelApi 1.7–1.8: series values, category values, titles, axis titles, position) whose series
 *   read those columns. Office.js binds a series to a range, not to a name, so every series is re-pointed at the
 *   name's current range (or, where Excel cannot resolve the name to a range, at the spill's column) whenever the
 *   report sheet calculates (its onCalculated event, ExcelApi 1.8) and on `refreshReportCharts`;
 * - what the report was made from lives in the document settings under `mad.reports`, keyed by the sheet's id (a
 *   renamed sheet stays a report), next to `mad.tables` (the same mechanism as the tables' queries; never a secret).
 * Requirement sets: the manifest declares ExcelApi 1.13; `reportSupport` checks it at run time.
 */
import { t } from "../../i18n";
import type {
  AxisFormat,
  ChartKind,
  CreatedReportSheet,
  HostAdapter,
  ReportGroupInfo,
  ReportSheetInfo,
  ReportSheetSpec,
  SpillColumn,
} from "./host-adapter";
import { blockAddress, cellAddress, offset, parseCell } from "../../table/a1";
import { CHART_SIZE } from "../templates/report-layout";
import { quotedSheet, uniqueSheetName } from "../../table/sheet-names";
import { REPORTS_SETTING } from "./office-host";

export const REPORT_REQUIREMENT = { set: "ExcelApi", version: "1.13" } as const;
/** Rows a chart's series covers before its formula has spilled (re-pointed by refreshReportCharts). */
const FIRST_POINTS = 10;
const TEXT = "@";
const GENERAL = "General";

interface StoredColumn {
  /** The workbook name over the column. */
  readonly name: string;
  readonly cell: string;
  readonly column: number;
}
interface StoredChart {
  readonly chart: string;
  readonly categories: StoredColumn;
  readonly series: readonly StoredColumn[];
  readonly maxPoints?: number;
}
interface StoredReport {
  /** The sheet's name when the report was made (the id finds it after a rename). */
  readonly sheet: string;
  readonly report: ReportGroupInfo;
  readonly charts: readonly StoredChart[];
}
type StoredReports = Record<string, StoredReport>;

const CHART_TYPES: Readonly<Record<ChartKind, "BarClustered" | "ColumnClustered" | "Line">> = {
  bar: "BarClustered",
  column: "ColumnClustered",
  line: "Line",
};

/** Value axis labels in Excel's number-format codes (ChartAxis.numberFormat, ExcelApi 1.8). */
const AXIS_NUMBER_FORMATS: Readonly<Record<AxisFormat, string>> = { number: "#,##0", percent: "0%" };

/** `=OFFSET('Market 281407'!$D$39,1,0,MIN(ROWS('Market 281407'!$D$39#)-1,10),1)` */
export function spillColumnFormula(sheet: string, column: SpillColumn, maxPoints?: number): string {
  const cell = `${quotedSheet(sheet)}!${cellAddress(parseCell(column.cell), true)}`;
  const rows = `ROWS(${cell}#)-1`;
  return `=OFFSET(${cell},1,${column.column},${maxPoints === undefined ? rows : `MIN(${rows},${maxPoints})`},1)`;
}

/** The column's cells below the header in a spill whose address is known (`D39:I49`), at most `maxPoints`. */
function columnOfSpill(spillAddress: string, column: SpillColumn, maxPoints?: number): string | null {
  const [from, to] = spillAddress.split(":").map((a) => parseCell(a));
  const rows = (to ?? from).row - from.row;
  if (rows < 1) return null;
  return blockAddress(offset(from, 1, column.column), Math.min(rows, maxPoints ?? rows), 1);
}

const localAddress = (address: string) => address.slice(address.lastIndexOf("!") + 1);

/** The block a chart covers from its anchor. */
const chartEnd = (anchor: string) =>
  cellAddress(offset(parseCell(anchor), CHART_SIZE.rows - 1, CHART_SIZE.columns - 1));

export interface ReportHostDeps {
  readonly run: <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;
  readonly settings: () => Office.Settings;
  readonly requirements: () => Pick<Office.RequirementSetSupport, "isSetSupported"> | undefined;
}

type ReportMethods = Required<
  Pick<HostAdapter, "reportSupport" | "createReportSheet" | "listReportSheets" | "refreshReportCharts">
>;

export function officeReportMethods(deps: ReportHostDeps): ReportMethods {
  const { run, settings } = deps;

  const readStored = (): StoredReports => {
    const raw = settings().get(REPORTS_SETTING) as unknown;
    if (typeof raw !== "string") return raw && typeof raw === "object" ? (raw as StoredReports) : {};
    try {
      return JSON.parse(raw) as StoredReports;
    } catch {
      return {};
    }
  };
  const writeStored = (reports: StoredReports) =>
    new Promise<void>((resolve, reject) => {
      const s = settings();
      s.set(REPORTS_SETTING, JSON.stringify(reports));
      s.saveAsync((result) =>
        String(result.status) === "failed"
          ? reject(new Error(t("host.saveReport", { reason: result.error?.message ?? t("host.unknownError") })))
          : resolve(),
      );
    });

  /** A prefix no workbook name uses yet: `MAD_Market_281407`, else `MAD_Market_281407_2`… */
  const namePrefix = (sheet: string, taken: readonly string[]) => {
    const base = `MAD_${sheet.replace(/[^A-Za-z0-9_]/g, "_")}`;
    const used = (prefix: string) => taken.some((n) => n.toLowerCase().startsWith(`${prefix.toLowerCase()}_`));
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}_${n}`;
      if (!used(candidate)) return candidate;
    }
  };

  /** Points the report sheet's charts at the spills' current size; `key` is the sheet's name or id. */
  const rePointCharts = async (key: string) => {
    const stored = readStored();
    await run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(key);
      sheet.load("id,name");
      await context.sync();
      const entry = stored[sheet.id];
      if (!entry) throw new Error(`The sheet ${sheet.name} was not made from a template: it has no report charts.`);
      const look = (column: StoredColumn) => {
        const named = context.workbook.names.getItemOrNullObject(column.name).getRangeOrNullObject();
        named.load("address");
        const spill = sheet.getRange(column.cell).getSpillingToRangeOrNullObject();
        spill.load("address");
        return { column, named, spill };
      };
      const charts = entry.charts.map((c) => ({
        stored: c,
        chart: sheet.charts.getItemOrNullObject(c.chart),
        categories: look(c.categories),
        series: c.series.map(look),
      }));
      await context.sync();
      /** The column's current cells: the name's range, else the spill's column; null before any spill. */
      const current = (found: ReturnType<typeof look>, maxPoints?: number): Excel.Range | null => {
        if (!found.named.isNullObject) return sheet.getRange(localAddress(found.named.address));
        if (found.spill.isNullObject) return null;
        const address = columnOfSpill(localAddress(found.spill.address), found.column, maxPoints);
        return address ? sheet.getRange(address) : null;
      };
      for (const { stored: c, chart, categories, series } of charts) {
        if (chart.isNullObject) continue; // deleted by hand: nothing to re-point
        const x = current(categories, c.maxPoints);
        series.forEach((s, j) => {
          const values = current(s, c.maxPoints);
          if (!values || !x) return;
          const target = chart.series.getItemAt(j);
          target.setValues(values);
          target.setXAxisValues(x);
        });
      }
      await context.sync();
    });
  };

  /**
   * Charts follow their spills in Excel too: Office.js binds a series to a range, so after a report sheet calculates
   * (an input edited, a refresh) its charts are pointed at the spills' new size. Calculations during a re-pointing
   * run it once more afterwards, not once each. For this session: handlers are added again when the pane next opens.
   */
  const following = new Set<string>();
  const rePointing = new Map<string, { again: boolean; done: Promise<void> }>();
  /** Settles when the sheet's charts are re-pointed (never rejects: it runs from an event). */
  const rePointSoon = (id: string): Promise<void> => {
    const running = rePointing.get(id);
    if (running) {
      running.again = true;
      return running.done;
    }
    const state = { again: false, done: Promise.resolve() };
    state.done = (async () => {
      do {
        state.again = false;
        // A sheet or chart deleted meanwhile leaves nothing to re-point; the next calculation tries again.
        await rePointCharts(id).catch(() => undefined);
      } while (state.again);
      rePointing.delete(id);
    })();
    rePointing.set(id, state);
    return state.done;
  };
  const followSpills = (sheet: Excel.Worksheet, id: string) => {
    if (following.has(id)) return;
    following.add(id);
    sheet.onCalculated.add(() => rePointSoon(id));
  };

  return {
    reportSupport: async () => {
      const requirements = deps.requirements();
      if (requirements?.isSetSupported(REPORT_REQUIREMENT.set, REPORT_REQUIREMENT.version)) return null;
      return t("host.reportsUnsupported", { set: REPORT_REQUIREMENT.set, version: REPORT_REQUIREMENT.version });
    },

    createReportSheet: async (spec: ReportSheetSpec): Promise<CreatedReportSheet> => {
      const made = await run(async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.load("items/name");
        const names = context.workbook.names;
        names.load("items/name");
        await context.sync();
        const sheetName = uniqueSheetName(
          spec.name,
          sheets.items.map((s) => s.name),
        );
        const sheet = sheets.add(sheetName);
        sheet.load("id");
        for (const cell of spec.values) {
          const range = sheet.getRange(cell.address);
          // Format first, then the value, in one batch: text never becomes a formula or a number.
          range.numberFormat = [[cell.format ?? (typeof cell.value === "string" ? TEXT : GENERAL)]];
          range.values = [[cell.value ?? ""]];
          if (cell.role === "title") range.format.font.bold = true;
          if (cell.role === "note") range.format.font.italic = true;
        }
        for (const f of spec.formulas) sheet.getRange(f.address).formulas = [[f.formula]];

        const prefix = namePrefix(
          sheetName,
          names.items.map((n) => n.name),
        );
        const created: string[] = [];
        const nameColumn = (suffix: string, column: SpillColumn, maxPoints?: number): StoredColumn => {
          const name = `${prefix}_${suffix}`;
          names.add(name, spillColumnFormula(sheetName, column, maxPoints));
          created.push(name);
          return { name, cell: column.cell, column: column.column };
        };
        // Until the formula has spilled, a series covers the first rows below its header.
        const firstRows = (column: SpillColumn, maxPoints?: number) =>
          sheet.getRange(
            blockAddress(
              offset(parseCell(column.cell), 1, column.column),
              Math.min(maxPoints ?? FIRST_POINTS, FIRST_POINTS),
              1,
            ),
          );
        const charts: StoredChart[] = spec.charts.map((chart, i) => {
          const categories = nameColumn(`${i + 1}_x`, chart.categories, chart.maxPoints);
          const series = chart.series.map((s, j) => nameColumn(`${i + 1}_s${j + 1}`, s.values, chart.maxPoints));
          const added = sheet.charts.add(
            CHART_TYPES[chart.kind],
            firstRows(chart.series[0].values, chart.maxPoints),
            "Columns",
          );
          const chartName = `${chart.title} chart`;
          added.name = chartName;
          added.title.text = chart.title;
          added.axes.categoryAxis.title.text = chart.categoryAxisTitle;
          added.axes.valueAxis.title.text = chart.valueAxisTitle;
          if (chart.valueAxisFormat) added.axes.valueAxis.numberFormat = AXIS_NUMBER_FORMATS[chart.valueAxisFormat];
          added.legend.visible = chart.series.length > 1;
          chart.series.forEach((s, j) => {
            const target = j === 0 ? added.series.getItemAt(0) : added.series.add(s.name);
            target.name = s.name;
            // ExcelApi 1.8: a series on the secondary group gets its own value axis on the right.
            if (s.axis === "secondary") target.axisGroup = "Secondary";
            if (j > 0) target.setValues(firstRows(s.values, chart.maxPoints));
            target.setXAxisValues(firstRows(chart.categories, chart.maxPoints));
          });
          if (chart.series.some((s) => s.axis === "secondary")) {
            const second = added.axes.getItem("Value", "Secondary");
            second.title.text = chart.secondaryValueAxisTitle ?? chart.valueAxisTitle;
            if (chart.valueAxisFormat) second.numberFormat = AXIS_NUMBER_FORMATS[chart.valueAxisFormat];
          }
          added.setPosition(chart.anchor, chartEnd(chart.anchor));
          return {
            chart: chartName,
            categories,
            series,
            ...(chart.maxPoints === undefined ? {} : { maxPoints: chart.maxPoints }),
          };
        });
        sheet.activate();
        await context.sync();
        followSpills(sheet, sheet.id);
        await context.sync();
        return { sheetName, sheetId: sheet.id, names: created, charts };
      });
      await writeStored({
        ...readStored(),
        [made.sheetId]: { sheet: made.sheetName, report: spec.report, charts: made.charts },
      });
      return { sheet: made.sheetName, names: made.names, charts: made.charts.length };
    },

    listReportSheets: async (): Promise<ReportSheetInfo[]> => {
      const stored = readStored();
      if (!Object.keys(stored).length) return [];
      return run(async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.load("items/id,items/name");
        await context.sync();
        const reportSheets = sheets.items.filter((s) => stored[s.id]);
        for (const sheet of reportSheets) followSpills(sheet, sheet.id);
        await context.sync();
        return reportSheets.map((s) => ({ sheet: s.name, report: stored[s.id].report }));
      });
    },

    refreshReportCharts: (sheetName: string) => rePointCharts(sheetName),
  };
}
