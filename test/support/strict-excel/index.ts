/**
 * A strict stand-in for Excel's JavaScript API, for the Office host's unit tests (Node) and for the built task pane
 * in Chromium (bundled by test/browser/support/strict-excel-page.ts in place of office.js). It behaves as real Excel
 * does wherever Microsoft's documentation or a confirmed office-js issue says so (each rule is cited where it is
 * modelled: client.ts, range.ts, sheet.ts, chart.ts, calc.ts, platform.ts), switchable between desktop and web:
 * - proxies: PropertyNotLoaded before load + sync, work queued until sync(), ApiNotFound past the chosen
 *   requirement sets;
 * - 5 MB per sync request and response on the web (recorded on desktop; `oversized` must stay empty);
 * - dynamic names whose range cannot be read on desktop; charts from blank ranges with no series;
 * - blank arguments as 0 or null by build; MAD spills that fill asynchronously, then onCalculated;
 * - silent overwrites of a person's cells recorded in `overwrites`;
 * - data types (entity values): from custom functions where CustomFunctionsRuntime 1.4 is, through
 *   Range.valuesAsJson (ExcelApi 1.16), read by `=A2.Price` (calc.ts, range.ts); refused by retail perpetual
 *   Office although it claims the sets, number formats by ExcelApi level, entity JSON validated on the web
 *   (data-types.ts); a data type passed to an `any` parameter arrives as its JSON (calc.ts);
 * - tables never overlap (sheet.ts); the add-in's startup behaviour is the document's, and opening it runs what
 *   the documentation and office-js #3558 say (`open`);
 * - cell-edit mode: a batch fails, or waits with `delayForCellEdit` (`editCell`, client.ts); inserted rows or cells
 *   and Ctrl+Alt+F9 (`calculateFull`) cancel every MAD call and call again (calc.ts); whole-column arguments (every
 *   row on desktop, #CALC! on the web) and TRIMRANGE / trim references (references.ts); every number format is held
 *   to Excel's format codes (number-format.ts).
 */
import { createCustomFunctionsStandIn, FunctionRegistry } from "../../../src/preview/stand-ins";
import type { FunctionInvoker } from "../../../src/preview/cell-types";
import { cellAddress, parseCell } from "../../../src/table/a1";
import { Calc } from "./calc";
import { RequestContext, type Runtime } from "./client";
import { requestTooLarge, responseTooLarge } from "./errors";
import { ManualFunctions } from "./manual-functions";
import type { DataTypeHost, License } from "./data-types";
import { cellKey, WorkbookModel, type Cell, type ChartModel, type EntityJson, type RangeRef } from "./model";
import {
  LATEST_SETS,
  PAYLOAD_LIMIT_BYTES,
  utf8Bytes,
  versionAtLeast,
  type Platform,
  type RequirementSetName,
  type StrictExcelOptions,
} from "./platform";
import { parseAddress } from "./range";
import { WorkbookProxy } from "./sheet";

export type { StrictExcelOptions, Platform } from "./platform";
export { ManualFunctions } from "./manual-functions";

/** A sync past 5 MB (desktop records it; the web refuses it). */
export interface OversizedSync {
  readonly kind: "request" | "response";
  readonly bytes: number;
}

/** A chart as a test reads it: each series' values and categories by address. */
export interface ChartView {
  readonly name: string;
  readonly type: string;
  readonly title: string;
  readonly series: { name: string; values?: string; categories?: string; axisGroup: string }[];
}

/**
 * What opening the saved workbook does (`StrictExcel.open`). The startup behaviour is saved with the document
 * ("The technique has document scope"; `setStartupBehavior` "won't run the first time a user opens the document.
 * The add-in must be opened manually for the first time on any document",
 * https://learn.microsoft.com/office/dev/add-ins/develop/run-code-on-document-open). A document saved with
 * `Load`, opened by someone without the add-in, shows "ADD-IN ERROR" (office-js #3558, #1542).
 */
export type OpenOutcome = "runtimeLoads" | "nothingRuns" | "addInError";

export class StrictExcel implements Runtime, DataTypeHost {
  readonly platform: Platform;
  readonly license: License;
  readonly book: WorkbookModel;
  readonly calc: Calc;
  readonly oversized: OversizedSync[] = [];
  /** The largest request and response of any sync so far, in bytes. */
  readonly largest = { request: 0, response: 0, syncs: 0 };
  /** OfficeRuntime.storage: about 10 MB per domain, shared with other add-ins (officeruntime.storage remarks). */
  readonly storage = new Map<string, string>();
  storageLimitBytes = 10_000_000;
  /** Set to make the next Office.context.document.settings.saveAsync fail. */
  failSettingsSave = false;
  startupBehavior: "None" | "Load" = "None";
  /** Times the add-in asked Office to show its task pane (Office.addin.showAsTaskpane). */
  paneShown = 0;
  /** A fault to inject: the first action whose request JSON this matches fails its sync (its error, if it gives one). */
  failWhen?: (wire: unknown) => boolean | Error;
  /** The person is editing a cell (cell-edit mode, client.ts): settles when they leave it. */
  private editing: { ends: Promise<void>; leave: () => void } | null = null;
  readonly functions = new FunctionRegistry();
  private readonly sets: Record<RequirementSetName, string>;
  private session = 0;

  constructor(options: StrictExcelOptions = {}) {
    this.platform = options.platform ?? "desktop";
    this.license = options.license ?? "subscription";
    this.sets = { ...LATEST_SETS, ...options.requirementSets };
    this.book = new WorkbookModel(options.sheets ?? ["Sheet1"]);
    const blank = options.blankArgument ?? (this.platform === "desktop" ? "zero" : "null");
    this.calc = new Calc(this.book, this, blank, new ManualFunctions());
    this.book.calc = this.calc;
    this.book.dataTypes = this;
  }

  supports(set: RequirementSetName, version: string): boolean {
    return versionAtLeast(this.sets[set], version);
  }

  excelApi(version: string): boolean {
    return this.supports("ExcelApi", version);
  }

  /** Whether custom functions may return data types here as the set says (CustomFunctionsRuntime 1.4). */
  get customFunctionDataTypes(): boolean {
    return this.supports("CustomFunctionsRuntime", "1.4");
  }

  checkPayload(kind: "request" | "response", bytes: number): void {
    if (kind === "request") this.largest.syncs++;
    this.largest[kind] = Math.max(this.largest[kind], bytes);
    if (bytes <= PAYLOAD_LIMIT_BYTES) return;
    if (this.platform === "web") throw kind === "request" ? requestTooLarge(bytes) : responseTooLarge(bytes);
    this.oversized.push({ kind, bytes });
  }

  batchDone(): void {
    this.calc.batchDone();
  }

  /**
   * Excel.run: a fresh request context per batch; `Excel.run(options, batch)` takes Excel.RunOptions, of which the
   * stand-in models `delayForCellEdit` (cell-edit mode, client.ts).
   */
  readonly run = async <T>(
    optionsOrBatch: { delayForCellEdit?: boolean } | ((context: never) => Promise<T>),
    given?: (context: never) => Promise<T>,
  ): Promise<T> => {
    const batch = typeof optionsOrBatch === "function" ? optionsOrBatch : given!;
    const delay = typeof optionsOrBatch === "function" ? false : optionsOrBatch.delayForCellEdit === true;
    const context = new RequestContext(this, delay) as RequestContext & { workbook: WorkbookProxy };
    context.workbook = new WorkbookProxy(context);
    return batch(context as never);
  };

  /** The person starts editing a cell (double-click, F2): batches fail or wait until `leaveCellEdit`. */
  editCell(): void {
    if (this.editing) return;
    let leave = () => undefined as void;
    const ends = new Promise<void>((resolve) => (leave = resolve));
    this.editing = { ends, leave };
  }

  /** The person presses Enter: delayed batches run. */
  leaveCellEdit(): void {
    const editing = this.editing;
    this.editing = null;
    editing?.leave();
  }

  cellEditEnds(): Promise<void> | null {
    return this.editing?.ends ?? null;
  }

  /** The functions MAD formulas call: answered by the test (ManualFunctions) or the real bundle's. */
  useFunctions(functions: FunctionInvoker): void {
    this.calc.functions = functions;
  }

  get manual(): ManualFunctions {
    if (!(this.calc.functions instanceof ManualFunctions)) throw new Error("the real functions answer here");
    return this.calc.functions;
  }

  /** Excel restarted (or the add-in's runtime reloaded): event handlers of the last session are gone. */
  restartRuntime(): void {
    this.session++;
    for (const sheet of this.book.sheets) sheet.calculatedHandlers.length = 0;
  }

  /**
   * The saved workbook opened again, by someone with the add-in or without it (see OpenOutcome): the runtime of
   * the last session is gone; it loads with the document only where the document says `Load` and the add-in is
   * there.
   */
  open(by: { readonly hasAddIn: boolean }): OpenOutcome {
    this.restartRuntime();
    if (this.startupBehavior !== "Load") return "nothingRuns";
    return by.hasAddIn ? "runtimeLoads" : "addInError";
  }

  /** `Excel`, `Office`, `OfficeRuntime` and `CustomFunctions` as the add-in's code sees them. */
  globals() {
    const settings = new Map(this.book.settings);
    const sets = this.sets;
    const info = { host: "Excel", platform: this.platform === "web" ? "OfficeOnline" : "PC" };
    return {
      Excel: { run: this.run },
      Office: {
        HostType: { Excel: "Excel" },
        PlatformType: { PC: "PC", OfficeOnline: "OfficeOnline", Mac: "Mac" },
        AsyncResultStatus: { Succeeded: "succeeded", Failed: "failed" },
        StartupBehavior: { load: "Load", none: "None" },
        onReady: (callback?: (value: typeof info) => void) =>
          Promise.resolve().then(() => {
            callback?.(info);
            return info;
          }),
        context: {
          ...info,
          requirements: {
            isSetSupported: (name: string, version = "1.1") =>
              name in sets && versionAtLeast(sets[name as RequirementSetName], version),
          },
          document: {
            settings: {
              get: (key: string) => (settings.has(key) ? settings.get(key) : null),
              set: (key: string, value: unknown) => void settings.set(key, value),
              remove: (key: string) => void settings.delete(key),
              saveAsync: (callback?: (result: { status: string; error?: { message: string } }) => void) => {
                setTimeout(() => {
                  if (this.failSettingsSave) {
                    this.failSettingsSave = false;
                    callback?.({ status: "failed", error: { message: "The settings could not be saved." } });
                    return;
                  }
                  this.book.settings.clear();
                  for (const [key, value] of settings) this.book.settings.set(key, value);
                  callback?.({ status: "succeeded" });
                }, 0);
              },
            },
          },
        },
        addin: {
          // SharedRuntime 1.1: https://learn.microsoft.com/office/dev/add-ins/develop/run-code-on-document-open
          setStartupBehavior: async (behavior: "Load" | "None") => {
            if (!this.supports("SharedRuntime", "1.1")) throw new Error("Office.addin needs SharedRuntime 1.1");
            this.startupBehavior = behavior;
          },
          getStartupBehavior: async () => this.startupBehavior,
          // SharedRuntime 1.1: https://learn.microsoft.com/office/dev/add-ins/develop/show-hide-add-in
          showAsTaskpane: async () => {
            if (!this.supports("SharedRuntime", "1.1")) throw new Error("Office.addin needs SharedRuntime 1.1");
            this.paneShown++;
          },
        },
      },
      OfficeRuntime: { storage: this.storageApi() },
      CustomFunctions: this.customFunctions(),
    };
  }

  private customFunctions() {
    const cf = createCustomFunctionsStandIn(this.functions);
    // The ErrorCode members carry [Api set: CustomFunctionsRuntime 1.3] (custom-functions-runtime typings).
    return this.supports("CustomFunctionsRuntime", "1.3") ? cf : { ...cf, ErrorCode: undefined };
  }

  private storageApi() {
    const items = this.storage;
    const used = (except?: string) =>
      [...items].reduce((n, [k, v]) => (k === except ? n : n + utf8Bytes(k) + utf8Bytes(v)), 0);
    return {
      getItem: async (key: string) => items.get(key) ?? null,
      setItem: async (key: string, value: string) => {
        if (used(key) + utf8Bytes(key) + utf8Bytes(String(value)) > this.storageLimitBytes)
          throw new Error("OfficeRuntime.storage is full (10 MB per domain).");
        items.set(key, String(value));
      },
      removeItem: async (key: string) => void items.delete(key),
      getKeys: async () => [...items.keys()],
    };
  }

  // ---- what tests read and do, outside any batch ----

  /** A person types into a cell: a value, or a formula (`=...`) that Excel calculates. */
  type(sheetName: string, address: string, text: string): void {
    const sheet = this.book.sheet(sheetName)!;
    const range = parseAddress(address);
    this.book.write(sheet, range, "values", text);
    sheet.at(range.top, range.left).person = true;
    this.calc.batchDone();
  }

  /** Puts values straight into cells (a workbook opened from a file; formulas shown as last saved, not run). */
  seed(sheetName: string, cells: Iterable<[row: number, col: number, value: string | number, formula?: string]>): void {
    const sheet = this.book.sheet(sheetName) ?? this.book.addSheet(sheetName);
    for (const [row, col, value, formula] of cells) {
      const cell: Cell = sheet.at(row, col);
      cell.value = value;
      cell.formula = formula;
      cell.person = true;
    }
  }

  cell(
    sheetName: string,
    address: string,
  ): { value: unknown; formula?: string; format: string; error?: string; entity?: EntityJson } | undefined {
    const sheet = this.book.sheet(sheetName);
    const pos = parseCell(address);
    const cell = sheet?.cells.get(cellKey(pos.row, pos.col));
    if (!cell) return undefined;
    return {
      value: cell.value,
      ...(cell.formula === undefined ? {} : { formula: cell.formula }),
      format: cell.format,
      ...(cell.error ? { error: cell.error.code } : {}),
      ...(cell.entity ? { entity: cell.entity } : {}),
    };
  }

  /** What a cell shows, "" when blank. */
  shows(sheetName: string, address: string): unknown {
    return this.cell(sheetName, address)?.value ?? "";
  }

  charts(sheetName: string): ChartView[] {
    const local = (ref?: RangeRef) =>
      ref
        ? `${ref.sheet.name === sheetName ? "" : `${ref.sheet.name}!`}${cellAddress({ row: ref.range.top, col: ref.range.left })}:${cellAddress({ row: ref.range.bottom, col: ref.range.right })}`
        : undefined;
    return (this.book.sheet(sheetName)?.charts ?? []).map((chart: ChartModel) => ({
      name: chart.name,
      type: chart.type,
      title: chart.title,
      series: chart.series.map((s) => ({
        name: s.name,
        values: local(s.values),
        categories: local(s.xValues),
        axisGroup: s.axisGroup,
      })),
    }));
  }

  get overwrites() {
    return this.book.overwrites;
  }

  /** Ctrl+Alt+F9: every MAD formula is cancelled and called again (calc.ts; F9 alone reruns none, office-js #1462). */
  calculateFull(): void {
    this.calc.rerunAll();
    this.calc.batchDone();
  }

  /** Waits until started calculations have called their functions and onCalculated handlers have run. */
  idle(): Promise<void> {
    return this.calc.idle();
  }
}
