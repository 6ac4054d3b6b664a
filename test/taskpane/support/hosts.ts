/**
 * The two hosts the task pane writes through, for behaviour tests that hold for both: the Office.js host over the
 * strict Excel stand-in (desktop and web) and the preview page's host over its grid. A test runs once per host.
 */
import { PreviewHost } from "../../../src/preview/preview-host";
import { Workbook } from "../../../src/preview/workbook";
import { parseCellAddress } from "../../../src/table/a1";
import type { HostAdapter } from "../../../src/taskpane/host/host-adapter";
import { createOfficeHost } from "../../../src/taskpane/host/office-host";
import { StrictExcel } from "../../support/strict-excel";
import { chartData } from "../../../src/preview/chart-data";

export interface HostUnderTest {
  readonly host: HostAdapter;
  /** A person types into a cell of the first sheet. */
  type(address: string, text: string): void;
  /** What a cell of the first sheet holds ("" when blank). */
  shows(address: string): unknown;
  /** The first sheet's name. */
  readonly sheet: string;
  /** Cells of a person's written over without being asked (the Office stand-in records them; the preview cannot). */
  silentOverwrites(): readonly unknown[];
  /** A person types into a cell of any sheet. */
  typeOn(sheet: string, address: string, text: string): void;
  /** What a cell of any sheet holds ("" when blank). */
  showsOn(sheet: string, address: string): unknown;
  /** The sheets' names, in order. */
  sheets(): string[];
  /** The points each series of the sheet's charts draws now: [chart][series] -> rows it reads. */
  chartRows(sheet: string): number[][];
  /** A person adds a sheet. */
  addSheet(name: string): void;
  /** Times the add-in showed its pane (Office.addin.showAsTaskpane; the preview's pane always shows). */
  panesShown(): number;
  /** Whether Excel was asked to load the add-in with this workbook (setStartupBehavior(load)). */
  loadsWithWorkbook(): boolean;
}

export const HOSTS = ["Excel desktop", "Excel on the web", "preview"] as const;

const made: StrictExcel[] = [];

/** Registers the check every test owes Excel: no sync of any host made in the test passed 5 MB. */
export function everySyncUnder5MB(): void {
  afterEach(() => {
    const oversized = made.splice(0).flatMap((excel) => excel.oversized);
    expect(oversized).toEqual([]);
  });
}
export type HostName = (typeof HOSTS)[number];

export function hostUnderTest(name: HostName): HostUnderTest {
  if (name === "preview") {
    const book = new Workbook({
      isRegistered: () => false,
      invoke: () => {
        throw new Error("no function calls expected");
      },
    });
    const at = (address: string) => parseCellAddress(address)!;
    return {
      host: new PreviewHost(book, () => at("A1")),
      sheet: "Sheet1",
      type: (address, text) => book.setInput(at(address), text),
      shows: (address) => book.display(at(address)).value ?? "",
      silentOverwrites: () => [],
      typeOn: (sheet, address, text) => book.setInput(at(address), text, sheet),
      showsOn: (sheet, address) => book.display(at(address), sheet).value ?? "",
      sheets: () => book.sheets().map((s) => s.name),
      chartRows: (sheet) => {
        const target = book.sheet(sheet);
        return [...(target.report?.charts ?? []), ...(target.history?.charts ?? [])].map((spec) => {
          const data = chartData(target, spec);
          return data.status === "ready" ? data.series.map((s) => s.values.length) : [];
        });
      },
      addSheet: (name) => void book.addSheet(name),
      panesShown: () => 0,
      loadsWithWorkbook: () => true,
    };
  }
  const excel = new StrictExcel({ platform: name === "Excel desktop" ? "desktop" : "web" });
  made.push(excel);
  const g = excel.globals();
  const host = createOfficeHost({
    run: excel.run as never,
    settings: () => g.Office.context.document.settings as never,
    requirements: () => g.Office.context.requirements as never,
    loadWithDocument: (load) => g.Office.addin.setStartupBehavior(load ? "Load" : "None"),
    showPane: () => g.Office.addin.showAsTaskpane(),
  });
  const rowsOf = (address?: string) => {
    if (!address) return 0;
    const [from, to] = address.replace(/^.*!/, "").split(":");
    return parseCellAddress(to ?? from)!.row - parseCellAddress(from)!.row + 1;
  };
  return {
    host,
    sheet: "Sheet1",
    type: (address, text) => excel.type("Sheet1", address, text),
    shows: (address) => excel.shows("Sheet1", address),
    silentOverwrites: () => excel.overwrites,
    typeOn: (sheet, address, text) => excel.type(sheet, address, text),
    showsOn: (sheet, address) => excel.shows(sheet, address),
    sheets: () => excel.book.sheets.map((s) => s.name),
    chartRows: (sheet) => excel.charts(sheet).map((chart) => chart.series.map((s) => rowsOf(s.values))),
    addSheet: (name) => void excel.book.addSheet(name),
    panesShown: () => excel.paneShown,
    loadsWithWorkbook: () => excel.startupBehavior === "Load",
  };
}
