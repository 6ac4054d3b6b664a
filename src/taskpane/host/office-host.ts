/**
 * The HostAdapter in Excel, over Office.js. Small on purpose: every decision (what to write, where, with which
 * formats) is made by the task pane's models; this module turns it into Excel.run batches, and its neighbours each
 * keep one concern:
 * - block-writer.ts: many rows in blocks under Excel on the web's 5 MB per request, text kept as text;
 * - bounded-reads.ts: what is in use in an area, read in bounded blocks whatever the sheet's size;
 * - office-tables.ts: the add-in's tables, never grown or written over a person's cells unasked;
 * - formula-scan.ts: the workbook's MAD formulas, one sheet and one bounded block at a time;
 * - read-retries.ts: what a formula shows once its call has answered;
 * - office-reports.ts: report sheets with charts, loaded on first use so the pane's first paint does not wait;
 * - office-data-types.ts: data types (product cards) through Range.valuesAsJson where Excel has ExcelApi 1.16.
 * - office-snapshot-sheets.ts: history sheets of reports and tables that keep history, loaded on first use too.
 * Time (the pauses between reads) comes from the injected clock, never Date.now/setTimeout (ARCHITECTURE.md).
 */
import type { AreaCheck, CellTarget, HostAdapter } from "./host-adapter";
import type { CellValue } from "../report-model/cells";
import type { WorkbookOptions } from "./workbook-options";
import { systemClock, type Clock } from "../../lib/clock";
import { blockAddress, cellAddress, parseCell } from "../../table/a1";
import { occupiedCells, splitAddress } from "./bounded-reads";
import { width, writeRowsInBlocks } from "./block-writer";
import { OPTIONS_SETTING, readSetting, REPORTS_SETTING, saveSetting, type DocumentSettings } from "./document-settings";
import { readFormulaAt } from "./formula-at";
import { scanMadFormulas } from "./formula-scan";
import { MAX_OCCUPIED, officeTableMethods } from "./office-tables";
import { officeDataTypeMethods } from "./office-data-types";
import { readSettledValue } from "./read-retries";
import type { officeReportMethods } from "./office-reports";
import type { officeSnapshotMethods } from "./office-snapshot-sheets";
import type { ExcelRun, Run } from "./excel-run";

/** The size of an Excel worksheet. */
const EXCEL_ROWS = 1_048_576;
const EXCEL_COLUMNS = 16_384;

export interface OfficeHostDeps {
  /** Excel.run (injectable for tests). */
  readonly run?: ExcelRun;
  /** The document settings (injectable for tests). */
  readonly settings?: DocumentSettings;
  /** The requirement sets this Excel supports (injectable for tests). */
  readonly requirements?: () => Pick<Office.RequirementSetSupport, "isSetSupported"> | undefined;
  /** The clock the host's pauses run on. */
  readonly clock?: Clock;
  /**
   * Sets whether Excel loads the add-in's runtime with this document (Office.addin.setStartupBehavior, load or none;
   * https://learn.microsoft.com/office/dev/add-ins/develop/run-code-on-document-open): only while the workbook has a
   * report (its charts follow their spills without the pane) or Refresh when opened is on. A document saved with
   * `load` shows "ADD-IN ERROR" to whoever opens it without the add-in (office-js #3558), so it is set back to
   * none when the last report goes and the option is off (`startupNeeded`).
   */
  readonly loadWithDocument?: (load: boolean) => Promise<void>;
  /** Shows the task pane when the add-in runs with the workbook but its pane is closed (injectable for tests). */
  readonly showPane?: () => Promise<void>;
}

const officeDocumentSettings: DocumentSettings = () => Office.context.document.settings;

const officeLoadWithDocument = async (load: boolean) => {
  if (typeof Office === "undefined" || !Office.addin?.setStartupBehavior) return;
  await Office.addin.setStartupBehavior(load ? Office.StartupBehavior.load : Office.StartupBehavior.none);
};

/**
 * At the add-in's start: Excel loads it with this workbook exactly while the workbook needs it (a workbook an
 * earlier version left set to load, with no report and the option off, is set back to none). Never rejects.
 */
export async function settleStartupBehavior(
  settings: DocumentSettings = officeDocumentSettings,
  setLoad: (load: boolean) => Promise<void> = officeLoadWithDocument,
): Promise<void> {
  try {
    await setLoad(startupNeeded(settings));
  } catch {
    // No document settings (not in Excel yet) or no SharedRuntime 1.1: nothing to settle.
  }
}

/** Whether this workbook needs the add-in loaded with it: a report sheet, or Refresh when opened. */
function startupNeeded(settings: DocumentSettings): boolean {
  const reports = readSetting<Record<string, unknown>>(settings, REPORTS_SETTING);
  return (
    Object.keys(reports).length > 0 ||
    readSetting<Partial<WorkbookOptions>>(settings, OPTIONS_SETTING).refreshOnOpen === true
  );
}

// SharedRuntime 1.1: https://learn.microsoft.com/office/dev/add-ins/develop/show-hide-add-in
const officeShowPane = async () => {
  if (typeof Office !== "undefined" && Office.addin?.showAsTaskpane) await Office.addin.showAsTaskpane();
};

/** The workbook's own options for the add-in (refresh when opened, schedules), in its document settings. */
function workbookOptionMethods(settings: DocumentSettings, loadWithDocument: () => Promise<void>) {
  return {
    workbookOptions: async (): Promise<WorkbookOptions> => {
      const stored = readSetting<Partial<WorkbookOptions>>(settings, OPTIONS_SETTING);
      return {
        refreshOnOpen: stored.refreshOnOpen === true,
        ...(stored.schedules && typeof stored.schedules === "object" ? { schedules: stored.schedules } : {}),
      };
    },
    setWorkbookOptions: async (patch: Partial<WorkbookOptions>) => {
      const options = { ...readSetting<Partial<WorkbookOptions>>(settings, OPTIONS_SETTING), ...patch };
      await saveSetting(settings, OPTIONS_SETTING, options, "the workbook's options");
      // Refresh when opened runs from the add-in's start: Excel loads it with this workbook while it is needed.
      await loadWithDocument();
    },
  };
}

/** Checks a block before writing: where it would go, what runs past the sheet's edge, which cells hold something. */
const checkArea = (run: Run, target: CellTarget, rows: number, columns: number) =>
  run(async (context): Promise<AreaCheck> => {
    const top = parseCell(target.address);
    const fitRows = Math.max(1, Math.min(rows, EXCEL_ROWS - top.row));
    const fitColumns = Math.max(1, Math.min(columns, EXCEL_COLUMNS - top.col));
    const address = blockAddress(top, fitRows, fitColumns);
    const outside =
      fitRows < rows || fitColumns < columns
        ? `${rows} rows × ${columns} columns from ${cellAddress(top)} run past the sheet's edge; pick a cell higher up or further left.`
        : undefined;
    const block = { top: top.row, left: top.col, bottom: top.row + fitRows - 1, right: top.col + fitColumns - 1 };
    const sheet = context.workbook.worksheets.getItem(target.sheet);
    const occupied = await occupiedCells(context, sheet, block, MAX_OCCUPIED);
    return { address, ...(outside ? { outside } : {}), occupied };
  });

/** Reading and writing cells: the active cell, a block of values, a formula, a settled value, a recalculation. */
function cellMethods(run: Run, clock: Clock) {
  return {
    readRange: (target: CellTarget) =>
      run(async (context) => {
        const range = context.workbook.worksheets.getItem(target.sheet).getRange(target.address);
        range.load("values");
        await context.sync();
        return range.values as CellValue[][];
      }),
    // Workbook.getSelectedRange (ExcelApi 1.1) throws where several ranges are selected ("Set and get the selected
    // range", learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-ranges-set-get); only its used cells are
    // read (Range.getUsedRangeOrNullObject, values only), so a whole column selected does not load a million rows.
    readSelection: () =>
      run(async (context) => {
        const selected = context.workbook.getSelectedRange();
        const used = selected.getUsedRangeOrNullObject(true);
        selected.load("address");
        used.load("values");
        await context.sync();
        const { sheet, address } = splitAddress(selected.address);
        return { sheet, address, values: used.isNullObject ? [] : (used.values as CellValue[][]) };
      }),
    getActiveCell: () =>
      run(async (context) => {
        const cell = context.workbook.getActiveCell();
        cell.load("address");
        await context.sync();
        const { sheet, address } = splitAddress(cell.address);
        return { sheet, address: cellAddress(parseCell(address)) };
      }),
    writeValues: ((target, values, columnFormats, onProgress) =>
      run(async (context) => {
        const cols = width(values);
        const top = parseCell(target.address);
        const address = blockAddress(top, values.length, cols);
        const sheet = context.workbook.worksheets.getItem(target.sheet);
        await writeRowsInBlocks(context, sheet, top, values, cols, columnFormats, onProgress);
        return { sheet: target.sheet, address };
      })) satisfies HostAdapter["writeValues"],
    checkArea: (target: CellTarget, rows: number, columns: number) => checkArea(run, target, rows, columns),
    readValue: (target: CellTarget) => readSettledValue(run, clock, target),
    writeFormula: (target: CellTarget, formula: string) =>
      run(async (context) => {
        const cell = cellAddress(parseCell(target.address));
        context.workbook.worksheets.getItem(target.sheet).getRange(cell).formulas = [[formula]];
        await context.sync();
      }),
    listMadFormulas: () => run((context) => scanMadFormulas(context)),
    readFormulaAt: (target: CellTarget) => readFormulaAt(run, target),
    recalculate: (cells: readonly CellTarget[]) =>
      run(async (context) => {
        for (const cell of cells) context.workbook.worksheets.getItem(cell.sheet).getRange(cell.address).calculate();
        await context.sync();
      }),
  };
}

export function createOfficeHost(deps: OfficeHostDeps = {}): HostAdapter {
  const run = deps.run ?? (<T>(batch: (context: Excel.RequestContext) => Promise<T>) => Excel.run(batch));
  // A batch that may run while the person edits a cell waits for them rather than failing (office-data-types.ts).
  const runAfterCellEdit: Run = (batch) => (deps.run ?? Excel.run)({ delayForCellEdit: true }, batch);
  const settings = deps.settings ?? officeDocumentSettings;
  const requirements = deps.requirements ?? (() => Office.context.requirements);
  const clock = deps.clock ?? systemClock;
  const setLoad = deps.loadWithDocument ?? officeLoadWithDocument;
  // Follows what the workbook needs after each change of it; a refusal leaves the pane's own start.
  const loadWithDocument = () => setLoad(startupNeeded(settings)).catch(() => undefined);
  const showPane = deps.showPane ?? officeShowPane;

  let reportMethods: Promise<ReturnType<typeof officeReportMethods>> | undefined;
  let snapshotMethods: Promise<ReturnType<typeof officeSnapshotMethods>> | undefined;
  const history = () =>
    (snapshotMethods ??= import(/* webpackChunkName: "office-history" */ "./office-snapshot-sheets").then((m) =>
      m.officeSnapshotMethods(run, settings),
    ));
  const reports = () =>
    (reportMethods ??= import(/* webpackChunkName: "office-reports" */ "./office-reports").then((m) =>
      m.officeReportMethods({ run, settings, requirements, loadWithDocument }),
    ));

  return {
    reportSupport: async () => (await reports()).reportSupport(),
    createReportSheet: async (spec) => (await reports()).createReportSheet(spec),
    listReportSheets: async () => (await reports()).listReportSheets(),
    refreshReportCharts: async (sheet) => (await reports()).refreshReportCharts(sheet),

    listSnapshotSheets: async () => (await history()).listSnapshotSheets(),
    setKeepSnapshots: async (source, keep) => (await history()).setKeepSnapshots(source, keep),
    appendSnapshot: async (append) => (await history()).appendSnapshot(append),
    readRecentSnapshots: async (source, days) => (await history()).readRecentSnapshots(source, days),

    ...workbookOptionMethods(settings, loadWithDocument),
    showPane: () => showPane(),
    ...officeTableMethods(run, settings),
    ...officeDataTypeMethods(run, requirements, { runAfterCellEdit, clock }),
    ...cellMethods(run, clock),
  };
}

/**
 * Report sheets' charts follow their spills from the runtime's start, not only once the Reports tab has listed
 * them: with the runtime loading with the document (see loadWithDocument), that is as soon as the workbook opens.
 * Each report's charts are pointed at its spills once (they may have changed while no runtime ran), then after
 * every calculation of its sheet. Nothing is loaded for a workbook without reports;
 * the promise never rejects.
 */
export async function followReportSheets(
  host: HostAdapter,
  settings: DocumentSettings = officeDocumentSettings,
): Promise<void> {
  let stored: object;
  try {
    stored = readSetting(settings, REPORTS_SETTING);
  } catch {
    return; // no document settings (Office not ready, or not in Excel): nothing to follow
  }
  if (!Object.keys(stored).length) return;
  try {
    const sheets = await host.listReportSheets();
    await Promise.all(sheets.map((s) => host.refreshReportCharts(s.sheet).catch(() => undefined)));
  } catch {
    // The next calculation or the Reports tab tries again; a start-up task never fails the pane.
  }
}
