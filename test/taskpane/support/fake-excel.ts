/**
 * A small Excel for the Office.js host's tests, built from office-addin-mock objects (so a property read before
 * load + sync fails as in Excel). It behaves like Excel where the host's promises depend on it:
 * - writing `values` parses text the way Excel does: "=..." becomes a formula and "-5" a number, unless the
 *   cell's number format is already `@` (text), in which case the text is kept as is;
 * - tables, document settings, used ranges and recalculation are recorded so tests can read them back.
 * Importing office-addin-mock needs `jest.mock("office-addin-manifest", ...)` in the test file (see there).
 */
import { OfficeMockObject } from "office-addin-mock";
import { cellAddress, offset, parseCell, blockAddress } from "../../../src/table/a1";

/** A chart the host added, with what it was told: its mock keeps the titles set on it. */
export interface FakeChart {
  readonly sheet: string;
  readonly type: string;
  /** The range the chart was added with. */
  readonly source: string;
  readonly mock: Any;
  readonly series: FakeSeries[];
  position?: [string, string];
}

export interface FakeSeries {
  readonly mock: Any;
  /** setValues / setXAxisValues calls, in order: `values Market!D40:D49`. */
  readonly calls: string[];
}

export interface FakeCell {
  value: string | number | boolean | "";
  formula?: string;
  format: string;
}

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const quoteSheet = (sheet: string) => (/^[A-Za-z0-9_]+$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`);

function cellsIn(address: string): { col: number; row: number }[][] {
  const [from, to] = address.split(":").map((a) => parseCell(a));
  const end = to ?? from;
  const rows: { col: number; row: number }[][] = [];
  for (let r = from.row; r <= end.row; r++) {
    const row: { col: number; row: number }[] = [];
    for (let c = from.col; c <= end.col; c++) row.push({ col: c, row: r });
    rows.push(row);
  }
  return rows;
}

/** Excel's reading of typed text in a cell that is not formatted as text. */
function parseTyped(text: string): { value: FakeCell["value"]; formula?: string } {
  if (text.startsWith("=")) return { value: 0, formula: text };
  if (/^[-+]?\d+(\.\d+)?$/.test(text.trim())) return { value: Number(text) };
  return { value: text };
}

/** A collection's load("items/name"), in the mock's terms: load the items, then those properties of each. */
function collectionLoad(items: OfficeMockObject[]) {
  return function (this: OfficeMockObject, properties: string) {
    OfficeMockObject.prototype.load.call(this, "items");
    const ofItems = properties
      .split(",")
      .map((p) => p.trim().replace(/^items\//, ""))
      .filter((p) => p !== "items");
    if (ofItems.length) items.forEach((item) => item.load(ofItems.join(",")));
    return this;
  };
}

export class FakeExcel {
  readonly sheets = new Map<string, Map<string, FakeCell>>();
  readonly tables = new Map<string, { sheet: string; address: string }>();
  readonly settings = new Map<string, unknown>();
  /** Every write, in order: which property of which range. */
  readonly writes: { sheet: string; address: string; prop: string }[] = [];
  readonly calculated: string[] = [];
  readonly active = { sheet: "Sheet1", address: "B3" };
  readonly sheetIds = new Map<string, string>();
  /** onCalculated handlers added per sheet (by name), run by `calculate`. */
  readonly calculatedHandlers = new Map<string, ((event: { worksheetId: string }) => Promise<unknown>)[]>();
  /** Workbook names: name -> the formula it refers to. */
  readonly names = new Map<string, string>();
  readonly charts: FakeChart[] = [];
  /** Spilled results: `Sheet!D5` -> the spill's address (`D5:G15`), as Excel reports after calculating. */
  readonly spills = new Map<string, string>();
  /** Every range the host asked for, with its mock (titles' bold font is set on these). */
  readonly ranges: { sheet: string; address: string; mock: Any }[] = [];
  /** The ExcelApi version this Excel supports (requirement set checks). */
  excelApi = "1.17";
  activated: string | null = null;
  private readonly mocks: OfficeMockObject[] = [];
  private tableCount = 0;
  private sheetCount = 0;

  constructor(sheetNames: string[] = ["Sheet1"]) {
    for (const name of sheetNames) this.addSheet(name);
  }

  private addSheet(name: string): void {
    if ([...this.sheets.keys()].some((n) => n.toLowerCase() === name.toLowerCase()))
      throw new Error(`A sheet named ${name} already exists`);
    if (name.length > 31 || /[:\\/?*[\]]/.test(name)) throw new Error(`InvalidArgument: sheet name ${name}`);
    this.sheets.set(name, new Map());
    this.sheetIds.set(name, `{sheet-${++this.sheetCount}}`);
  }

  /** Whether a text cell, font and all, was written bold. */
  isBold(sheet: string, address: string): boolean {
    return this.ranges.some((r) => r.sheet === sheet && r.address === address && r.mock.format.font.bold === true);
  }

  cell(sheet: string, address: string): FakeCell | undefined {
    return this.sheets.get(sheet)?.get(cellAddress(parseCell(address)));
  }

  /** Puts what a user typed into a cell (for scans). */
  type(sheet: string, address: string, text: string): void {
    this.sheets.get(sheet)!.set(cellAddress(parseCell(address)), { ...parseTyped(text), format: "General" });
  }

  /** Keeps the mock for context.sync; `isNullObject` is readable after a sync without its own load, as in Office.js. */
  private track<T extends OfficeMockObject>(mock: T, isNullObject = false): T {
    this.mocks.push(mock);
    (mock as Any).isNullObject = isNullObject;
    return mock;
  }

  private apply(sheet: string, address: string, prop: string, value: unknown): void {
    this.writes.push({ sheet, address, prop });
    const cells = this.sheets.get(sheet)!;
    cellsIn(address).forEach((row, r) =>
      row.forEach((pos, c) => {
        const key = cellAddress(pos);
        const current = cells.get(key) ?? { value: "", format: "General" };
        const given = Array.isArray(value) ? (value as unknown[][])[r][c] : value;
        if (prop === "numberFormat") cells.set(key, { ...current, format: String(given) });
        else if (typeof given === "string" && current.format !== "@")
          cells.set(key, { ...parseTyped(given), format: current.format });
        else cells.set(key, { value: given as FakeCell["value"], format: current.format });
      }),
    );
  }

  private matrix(sheet: string, address: string, read: (cell: FakeCell | undefined) => unknown): unknown[][] {
    const cells = this.sheets.get(sheet)!;
    return cellsIn(address).map((row) => row.map((pos) => read(cells.get(cellAddress(pos)))));
  }

  range(sheet: string, address: string): Any {
    if (!this.sheets.has(sheet)) throw new Error(`No sheet ${sheet}`);
    const grid = cellsIn(address);
    const mock = this.track(
      new OfficeMockObject({
        address: `${quoteSheet(sheet)}!${address}`,
        rowCount: grid.length,
        columnCount: grid[0].length,
        values: this.matrix(sheet, address, (c) => c?.value ?? ""),
        formulas: this.matrix(sheet, address, (c) => c?.formula ?? c?.value ?? ""),
        format: { font: { bold: false, italic: false } },
        calculate: () => {
          this.calculated.push(`${sheet}!${address}`);
        },
        getSpillingToRangeOrNullObject: () => {
          const spill = this.spills.get(`${sheet}!${address}`);
          return spill ? this.range(sheet, spill) : this.nullObject({ address: "" });
        },
        clear: () => {
          for (const row of grid) for (const pos of row) this.sheets.get(sheet)!.delete(cellAddress(pos));
        },
        getRow: (index: number) => {
          return this.range(sheet, blockAddress(offset(grid[0][0], index, 0), 1, grid[0].length));
        },
        getUsedRangeOrNullObject: () => {
          const used = grid.flat().filter((pos) => this.sheets.get(sheet)!.has(cellAddress(pos)));
          if (!used.length) return this.nullObject({ address: "", values: [] });
          const top = Math.min(...used.map((pos) => pos.row));
          const left = Math.min(...used.map((pos) => pos.col));
          const height = Math.max(...used.map((pos) => pos.row)) - top + 1;
          const width = Math.max(...used.map((pos) => pos.col)) - left + 1;
          return this.range(sheet, blockAddress({ row: top, col: left }, height, width));
        },
      }),
    );
    this.ranges.push({ sheet, address, mock });
    // What the fake's charts read of a range handed to them (a real chart needs no load either).
    (mock as Any).fakeAddress = address;
    return new Proxy(mock, {
      set: (target: Any, prop, value) => {
        if (prop === "values" || prop === "numberFormat" || prop === "formulas")
          this.apply(sheet, address, prop, value);
        target[prop] = value;
        return true;
      },
    });
  }

  private nullObject(props: Record<string, unknown>): Any {
    return this.track(new OfficeMockObject(props), true);
  }

  private table(name: string): Any {
    const entry = () => this.tables.get(name)!;
    const top = () => parseCell(entry().address.split(":")[0]);
    const size = () => cellsIn(entry().address);
    const mock = this.track(
      new OfficeMockObject({
        name,
        worksheet: { name: entry().sheet },
        getRange: () => this.range(entry().sheet, entry().address),
        getHeaderRowRange: () => this.range(entry().sheet, blockAddress(top(), 1, size()[0].length)),
        getDataBodyRange: () =>
          this.range(entry().sheet, blockAddress(offset(top(), 1, 0), size().length - 1, size()[0].length)),
        resize: (address: string) => this.tables.set(name, { ...entry(), address }),
      }),
    );
    (mock as Any).worksheet.getRange = (address: string) => this.range(entry().sheet, address);
    return new Proxy(mock, {
      set: (target: Any, prop, value) => {
        if (prop === "name" && value !== name) {
          this.tables.set(value, entry());
          this.tables.delete(name);
          name = value;
        }
        target[prop] = value;
        return true;
      },
    });
  }

  private worksheet(sheetName: string): Any {
    return this.track(
      new OfficeMockObject({
        name: sheetName,
        id: this.sheetIds.get(sheetName),
        onCalculated: {
          add: (handler: (event: { worksheetId: string }) => Promise<unknown>) => {
            const handlers = this.calculatedHandlers.get(sheetName) ?? [];
            this.calculatedHandlers.set(sheetName, [...handlers, handler]);
          },
        },
        activate: () => {
          this.activated = sheetName;
        },
        charts: {
          add: (type: string, source: Any, seriesBy: string) => {
            if (seriesBy !== "Columns") throw new Error("the host adds series by columns");
            const chart: FakeChart = {
              sheet: sheetName,
              type,
              source: source.fakeAddress,
              mock: null,
              series: [],
            };
            const mock = this.chartMock(chart);
            this.charts.push({ ...chart, mock });
            return mock;
          },
          getItemOrNullObject: (name: string) => {
            const chart = this.charts.find((c) => c.sheet === sheetName && c.mock.name === name);
            return chart ? chart.mock : this.nullObject({ name: "" });
          },
        },
        getRange: (address: string) => this.range(sheetName, address),
        getUsedRangeOrNullObject: () => {
          const keys = [...this.sheets.get(sheetName)!.keys()].map((k) => parseCell(k));
          if (!keys.length) return this.nullObject({ address: "", formulas: [] });
          const minCol = Math.min(...keys.map((k) => k.col));
          const minRow = Math.min(...keys.map((k) => k.row));
          const width = Math.max(...keys.map((k) => k.col)) - minCol + 1;
          const height = Math.max(...keys.map((k) => k.row)) - minRow + 1;
          return this.range(sheetName, blockAddress({ col: minCol, row: minRow }, height, width));
        },
        tables: {
          add: (address: string, hasHeaders: boolean) => {
            if (!hasHeaders) throw new Error("the host always writes its header row");
            const name = `Table${++this.tableCount}`;
            this.tables.set(name, { sheet: sheetName, address });
            return this.table(name);
          },
        },
      }),
    );
  }

  private seriesMock(chart: FakeChart): Any {
    const series: FakeSeries = { mock: null, calls: [] };
    const address = (range: Any) => range.fakeAddress;
    const mock = this.track(
      new OfficeMockObject({
        name: "",
        axisGroup: "Primary",
        setValues: (range: Any) => void series.calls.push(`values ${address(range)}`),
        setXAxisValues: (range: Any) => void series.calls.push(`categories ${address(range)}`),
      }),
    );
    chart.series.push({ ...series, mock });
    return mock;
  }

  private chartMock(chart: FakeChart): Any {
    const mock = this.track(
      new OfficeMockObject({
        name: "",
        title: { text: "" },
        axes: {
          categoryAxis: { title: { text: "" } },
          valueAxis: { title: { text: "" }, numberFormat: "General" },
          secondaryValueAxis: { title: { text: "" }, numberFormat: "General" },
          getItem: (type: string, group: string) => {
            if (type !== "Value" || group !== "Secondary") throw new Error(`the fake has no ${group} ${type} axis`);
            return mock.axes.secondaryValueAxis;
          },
        },
        legend: { visible: true },
        setPosition: (start: string, end: string) => {
          this.charts.find((c) => c.mock === mock)!.position = [start, end];
        },
      }),
    );
    // Added with one column of values: one series, as Excel does.
    const own = () => this.charts.find((c) => c.mock === mock) ?? chart;
    this.seriesMock(chart);
    mock.series = {
      getItemAt: (index: number) => {
        const found = own().series[index];
        if (!found) throw new Error(`ItemNotFound: series ${index}`);
        return found.mock;
      },
      add: (name: string) => {
        const added = this.seriesMock(own());
        added.name = name;
        return added;
      },
    };
    return mock;
  }

  /** Excel calculated the sheet: its onCalculated handlers run, as Excel raises the event. */
  async calculate(sheetName: string): Promise<void> {
    const worksheetId = this.sheetIds.get(sheetName)!;
    await Promise.all((this.calculatedHandlers.get(sheetName) ?? []).map((handler) => handler({ worksheetId })));
  }

  /** The request context an Excel.run batch receives. */
  context(): Any {
    const items = [...this.sheets.keys()].map((name) => this.worksheet(name));
    const worksheets = this.track(
      new OfficeMockObject({
        items,
        // Excel finds a sheet by its name or its id.
        getItem: (key: string) => this.worksheet([...this.sheetIds].find(([, id]) => id === key)?.[0] ?? key),
        add: (name: string) => {
          this.addSheet(name);
          return this.worksheet(name);
        },
        load: collectionLoad(items),
      }),
    );
    const nameItems = [...this.names.keys()].map((name) => this.track(new OfficeMockObject({ name })));
    const names = this.track(
      new OfficeMockObject({
        items: nameItems,
        add: (name: string, formula: string) => {
          if (this.names.has(name)) throw new Error(`A name ${name} already exists`);
          this.names.set(name, formula);
        },
        // Excel resolves a name over a formula to a range only once it calculated; the fake never does.
        getItemOrNullObject: (name: string) =>
          this.track(
            new OfficeMockObject({
              name,
              getRangeOrNullObject: () => this.nullObject({ address: "" }),
            }),
            !this.names.has(name),
          ),
        load: collectionLoad(nameItems),
      }),
    );
    // Not tracked: its own sync is the one that syncs everything else.
    const context: Any = new OfficeMockObject({
      workbook: {
        getActiveCell: () => this.range(this.active.sheet, this.active.address),
        tables: {
          getItem: (name: string) => {
            if (!this.tables.has(name)) throw new Error(`ItemNotFound: ${name}`);
            return this.table(name);
          },
          getItemOrNullObject: (name: string) =>
            this.tables.has(name) ? this.table(name) : this.nullObject({ name: "" }),
        },
      },
      sync: async () => {
        for (const mock of [...this.mocks]) await mock.sync();
        await new Promise((resolve) => setTimeout(resolve, 0));
      },
    });
    context.workbook.worksheets = worksheets;
    context.workbook.names = names;
    return context;
  }

  /** `Excel` and `Office` globals as the host uses them. */
  globals(): { Excel: Any; Office: Any } {
    const Excel = { run: async <T>(batch: (context: Any) => Promise<T>) => batch(this.context()) };
    const Office = new OfficeMockObject({
      context: {
        requirements: {
          isSetSupported: (name: string, version: string) =>
            name === "ExcelApi" && Number(version.split(".")[1]) <= Number(this.excelApi.split(".")[1]),
        },
        document: {
          settings: {
            get: (key: string) => (this.settings.has(key) ? this.settings.get(key) : null),
            set: (key: string, value: unknown) => void this.settings.set(key, value),
            remove: (key: string) => void this.settings.delete(key),
            saveAsync: (callback: (result: { status: string }) => void) => callback({ status: "succeeded" }),
          },
        },
      },
    });
    return { Excel, Office };
  }
}
