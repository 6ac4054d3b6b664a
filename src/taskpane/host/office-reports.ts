/**
 * Report sheets made from templates, in Excel over Office.js:
 * - a new, uniquely named sheet gets the template's value cells (number format before value in the same batch,
 *   so inputs such as `172282:281407` stay text), its MAD formulas, the number formats of the cells their results
 *   spill into, and native charts with every series (report-charts.ts);
 * - a workbook name per charted column (`=OFFSET(...$D$39#...)`) is kept for people, never read by the add-in;
 * - charts follow their spills: after every calculation of the sheet (Worksheet.onCalculated, ExcelApi 1.8) and
 *   when the runtime starts, each series is pointed at its formula's spill. The runtime is asked to load with the
 *   document while it has a report (Office.addin.setStartupBehavior, SharedRuntime 1.1), since onCalculated
 *   handlers exist only while it runs (https://learn.microsoft.com/office/dev/add-ins/develop/run-code-on-document-open),
 *   and no longer once the last report is gone (office-host.ts, startupNeeded);
 * - what the report was made from lives in the document settings under `mad.reports`, keyed by the sheet's id: a
 *   renamed sheet stays a report, a deleted one is forgotten (with its names);
 * - a report that fails half way is removed again: the person gets a report or nothing, and is told which.
 * Requirement sets: the manifest declares ExcelApi 1.13; `reportSupport` checks it at run time.
 */
import { t } from "../../i18n";
import type { HostAdapter } from "./host-adapter";
import type {
  CreatedReportSheet,
  ReportGroupInfo,
  ReportSheetInfo,
  ReportSheetSpec,
} from "../report-model/report-sheet-spec";
import { uniqueSheetName } from "../../table/sheet-names";
import { readSetting, REPORTS_SETTING, saveSetting, type DocumentSettings } from "./document-settings";
import { rangeOfAddress } from "./bounded-reads";
import { addChart, addSeries, pointChartsAtSpills, storedChart, type StoredChart } from "./report-charts";
import { reportNamePrefix, spillColumnFormula } from "../../table/report-names";

const REPORT_REQUIREMENT = { set: "ExcelApi", version: "1.13" } as const;
const TEXT = "@";
const GENERAL = "General";

interface StoredReport {
  /** The sheet's name when the report was made (the id finds it after a rename). */
  readonly sheet: string;
  readonly report: ReportGroupInfo;
  readonly charts: readonly StoredChart[];
  /** The workbook names made with it (reports of earlier versions keep them on each chart column). */
  readonly names?: readonly string[];
}
type StoredReports = Record<string, StoredReport>;

const namesOf = (entry: StoredReport) =>
  entry.names ??
  entry.charts.flatMap((c) => [c.categories, ...c.series].flatMap((col) => (col.name ? [col.name] : [])));

export interface ReportHostDeps {
  readonly run: <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;
  readonly settings: DocumentSettings;
  readonly requirements: () => Pick<Office.RequirementSetSupport, "isSetSupported"> | undefined;
  /** Sets Excel's startup behaviour to what the workbook needs now (office-host.ts); never rejects. */
  readonly loadWithDocument: () => Promise<void>;
}

type ReportMethods = Required<
  Pick<HostAdapter, "reportSupport" | "createReportSheet" | "listReportSheets" | "refreshReportCharts">
>;

/** Deletes these workbook names where they exist (one load, one sync). */
async function deleteNames(context: Excel.RequestContext, names: readonly string[]): Promise<void> {
  if (!names.length) return;
  const all = context.workbook.names;
  all.load("items/name");
  await context.sync();
  const doomed = new Set(names.map((n) => n.toLowerCase()));
  for (const item of all.items) if (doomed.has(item.name.toLowerCase())) item.delete();
  await context.sync();
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Writes a report's cells, formats, formulas, the names over its spills and its charts, in two batches. */
async function writeReport(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  spec: ReportSheetSpec,
  sheetName: string,
  prefix: string,
): Promise<string[]> {
  for (const cell of spec.values) {
    const range = sheet.getRange(cell.address);
    // Format first, then the value, in one batch: text never becomes a formula or a number.
    range.numberFormat = [[cell.format ?? (typeof cell.value === "string" ? TEXT : GENERAL)]];
    range.values = [[cell.value ?? ""]];
    if (cell.role === "title") range.format.font.bold = true;
    if (cell.role === "note") range.format.font.italic = true;
  }
  for (const f of spec.formats ?? []) {
    const area = rangeOfAddress(f.address);
    sheet.getRange(f.address).numberFormat = Array.from({ length: area.bottom - area.top + 1 }, () =>
      Array.from({ length: area.right - area.left + 1 }, () => f.format),
    );
  }
  for (const f of spec.formulas) sheet.getRange(f.address).formulas = [[f.formula]];
  const names: string[] = [];
  spec.charts.forEach((chart, i) => {
    const columns = [chart.categories, ...chart.series.map((s) => s.values)];
    columns.forEach((column, j) => {
      const name = `${prefix}_${i + 1}_${j === 0 ? "x" : `s${j}`}`;
      context.workbook.names.add(name, spillColumnFormula(sheetName, column, chart.maxPoints));
      names.push(name);
    });
  });
  const charts = spec.charts.map((chart) => addChart(sheet, chart));
  await context.sync();
  spec.charts.forEach((chart, i) => addSeries(sheet, charts[i], chart));
  return names;
}

/** Removes what a failed report left: its sheet and names. Says whether that worked. */
async function removeHalfMade(run: ReportHostDeps["run"], sheetName: string, prefix: string): Promise<boolean> {
  try {
    await run(async (context) => {
      const sheet = context.workbook.worksheets.getItemOrNullObject(sheetName);
      const names = context.workbook.names;
      names.load("items/name");
      await context.sync();
      if (!sheet.isNullObject) sheet.delete();
      const ours = names.items.map((n) => n.name).filter((n) => n.toLowerCase().startsWith(`${prefix.toLowerCase()}_`));
      await context.sync();
      await deleteNames(context, ours);
    });
    return true;
  } catch {
    return false;
  }
}

/** The sheets' and the workbook names' names taken now (a new report's get the next free ones). */
async function takenNames(context: Excel.RequestContext) {
  const sheets = context.workbook.worksheets;
  sheets.load("items/name");
  const names = context.workbook.names;
  names.load("items/name");
  await context.sync();
  return { sheets: sheets.items.map((s) => s.name), names: names.items.map((n) => n.name) };
}

/**
 * After a report sheet calculates (an input edited, a refresh), its charts are pointed at the spills' new size.
 * Calculations during a re-pointing run it once more afterwards, not once each. Handlers last this session.
 */
function chartFollower(run: ReportHostDeps["run"], readStored: () => StoredReports) {
  /** Points the report sheet's charts at the spills' current size; `key` is the sheet's name or id. */
  const rePointCharts = async (key: string) => {
    const stored = readStored();
    await run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(key);
      sheet.load("id,name");
      await context.sync();
      const entry = stored[sheet.id];
      if (!entry) throw new Error(t("host.notAReport", { sheet: sheet.name }));
      await pointChartsAtSpills(context, sheet, entry.charts);
    });
  };
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
  return { rePointCharts, followSpills };
}

export function officeReportMethods(deps: ReportHostDeps): ReportMethods {
  const { run, settings } = deps;
  const readStored = () => readSetting<StoredReports>(settings, REPORTS_SETTING);
  const save = (reports: StoredReports) => saveSetting(settings, REPORTS_SETTING, reports, t("host.what.report"));
  const { rePointCharts, followSpills } = chartFollower(run, readStored);

  /** Everything a report is made of; throws with the sheet possibly half made. */
  const build = async (context: Excel.RequestContext, spec: ReportSheetSpec, sheetName: string, prefix: string) => {
    const sheet = context.workbook.worksheets.add(sheetName);
    sheet.load("id");
    const names = await writeReport(context, sheet, spec, sheetName, prefix);
    sheet.activate();
    followSpills(sheet, sheet.id);
    await context.sync();
    return { sheetId: sheet.id, names };
  };

  return {
    reportSupport: async () => {
      const requirements = deps.requirements();
      if (requirements?.isSetSupported(REPORT_REQUIREMENT.set, REPORT_REQUIREMENT.version)) return null;
      return t("host.reportsUnsupported", { set: REPORT_REQUIREMENT.set, version: REPORT_REQUIREMENT.version });
    },

    createReportSheet: async (spec: ReportSheetSpec): Promise<CreatedReportSheet> => {
      const taken = await run(takenNames);
      const sheetName = uniqueSheetName(spec.name, taken.sheets);
      const prefix = reportNamePrefix(sheetName, taken.names);
      let made: { sheetId: string; names: string[] };
      try {
        made = await run((context) => build(context, spec, sheetName, prefix));
      } catch (error) {
        const removed = await removeHalfMade(run, sheetName, prefix);
        throw new Error(
          removed
            ? `The report could not be made (${messageOf(error)}). Nothing was left in the workbook.`
            : `The report stopped half way (${messageOf(error)}) and could not be removed: delete the sheet ${sheetName} and the names starting ${prefix}_ by hand.`,
        );
      }
      const entry = { sheet: sheetName, report: spec.report, charts: spec.charts.map(storedChart), names: made.names };
      await save({ ...readStored(), [made.sheetId]: entry });
      // Only a document that has reports asks Excel to load the add-in with it (office-host.ts, startupNeeded).
      await deps.loadWithDocument();
      return { sheet: sheetName, names: made.names, charts: spec.charts.length };
    },

    listReportSheets: async (): Promise<ReportSheetInfo[]> => {
      const stored = readStored();
      if (!Object.keys(stored).length) return [];
      const { live, gone } = await run(async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.load("items/id,items/name");
        await context.sync();
        const reportSheets = sheets.items.filter((s) => stored[s.id]);
        for (const sheet of reportSheets) followSpills(sheet, sheet.id);
        const ids = new Set(reportSheets.map((s) => s.id));
        const deleted = Object.keys(stored).filter((id) => !ids.has(id));
        await context.sync();
        await deleteNames(
          context,
          deleted.flatMap((id) => namesOf(stored[id])),
        );
        return { live: reportSheets.map((s) => ({ sheet: s.name, report: stored[s.id].report })), gone: deleted };
      });
      if (gone.length) {
        const kept = readStored();
        for (const id of gone) delete kept[id];
        await save(kept);
        // The last report gone (and Refresh when opened off): Excel stops loading the add-in with the workbook.
        await deps.loadWithDocument();
      }
      return live;
    },

    refreshReportCharts: (sheetName: string) => rePointCharts(sheetName),
  };
}
