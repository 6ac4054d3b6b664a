/**
 * Workbook, worksheets, tables and workbook names in the stand-in, with the rules Excel applies at sync:
 * - a name whose formula is dynamic (`=OFFSET(...)`) has no range Excel on Windows can read: getRange and
 *   getRangeOrNullObject fail with InvalidOperation there (office-js #4321, desktop only; the web resolves it);
 * - Table.resize (ExcelApi 1.13) "must overlap with the original table range and the headers must be in the same
 *   row" (https://learn.microsoft.com/javascript/api/excel/excel.table#excel-excel-table-resize-member(1)), and
 *   takes in whatever the new rows hold without a word;
 * - tables never overlap: TableCollection.add over a cell of another table fails with InvalidArgument, "A table
 *   can't overlap another table" (office-js #1199, which reports that code and message for tables.add); the
 *   stand-in holds Table.resize to the same rule (our reading: #1199 names add only, and resize's page says
 *   nothing of other tables);
 * - Worksheet.onCalculated (ExcelApi 1.8) handlers exist once their add() was synced, and only while the runtime
 *   that added them runs.
 */
import { cellAddress, type CellRange } from "../../../src/table/a1";
import { ClientObject, Collection, type RequestContext, type Scalars } from "./client";
import { invalidArgument, invalidOperation, invalidSelection, itemNotFound, RichApiError } from "./errors";
import type { CalculatedHandler, SheetModel, TableModel, WorkbookModel } from "./model";
import { parseAddress, Range, sheetRange } from "./range";
import { ChartCollection } from "./chart";

/** #1199's refusal, code and message. */
const tableOverlap = () => new RichApiError("InvalidArgument", "A table can't overlap another table.");

const overlaps = (a: CellRange, b: CellRange) =>
  a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;

export class Worksheet extends ClientObject<SheetModel> {
  readonly charts: ChartCollection;
  readonly tables: TableCollection;

  constructor(context: RequestContext, locate: () => SheetModel | null, path: string, nullable = false) {
    super(context, locate, path, nullable);
    this.charts = new ChartCollection(context, this);
    this.tables = new TableCollection(context, () => this.resolve(), `${path}.tables`);
  }
  private get book(): WorkbookModel {
    return this.context.runtime.book;
  }
  protected scalars(): Scalars<SheetModel> {
    return {
      name: (s) => s.name,
      id: (s) => s.id,
      position: (s) => this.book.sheets.indexOf(s),
    };
  }
  get name(): string {
    return this.read("name");
  }
  set name(name: string) {
    this.set("name", name, (s) => this.book.renameSheet(s, name));
  }
  get id(): string {
    return this.read("id");
  }
  getRange(address = ""): Range {
    if (address === "") return new Range(this.context, () => this.whole(), `${this.path}.getRange()`);
    return sheetRange(this.context, () => this.resolve(), address, this.path);
  }
  private whole() {
    const sheet = this.resolve();
    return sheet === null ? null : { sheet, range: parseAddress("1:1048576") };
  }
  getRangeByIndexes(row: number, col: number, rows: number, cols: number): Range {
    this.context.requires("ExcelApi", "1.7", "Worksheet.getRangeByIndexes");
    const address = `${cellAddress({ row, col })}:${cellAddress({ row: row + rows - 1, col: col + cols - 1 })}`;
    return sheetRange(this.context, () => this.resolve(), address, this.path);
  }
  getUsedRangeOrNullObject(valuesOnly = false): Range {
    return new Range(
      this.context,
      () => {
        const sheet = this.resolve();
        const used = sheet?.usedRange(valuesOnly);
        return sheet && used ? { sheet, range: used } : null;
      },
      `${this.path}.getUsedRangeOrNullObject(${valuesOnly})`,
      true,
    );
  }
  get onCalculated() {
    return {
      add: (handler: CalculatedHandler) => {
        this.context.requires("ExcelApi", "1.8", "Worksheet.onCalculated");
        this.call("onCalculated.add", [], (s) => s.calculatedHandlers.push(handler));
        return { remove: () => undefined };
      },
    };
  }
  activate(): void {
    this.call("activate", [], (s) => (this.book.active = { ...this.book.active, sheet: s.name }));
  }
  delete(): void {
    this.call("delete", [], (s) => this.book.deleteSheet(s));
  }
  calculate(_markAllDirty: boolean): void {
    this.call("calculate", [], (s) => this.book.calc?.calculate(s));
  }
}

export class WorksheetCollection extends Collection<SheetModel, Worksheet> {
  constructor(context: RequestContext) {
    super(context, () => context.runtime.book.sheets, "workbook.worksheets");
  }
  protected item(target: SheetModel, path: string): Worksheet {
    return new Worksheet(this.context, () => target, path);
  }
  getItem(key: string): Worksheet {
    return new Worksheet(
      this.context,
      () =>
        this.context.runtime.book.sheet(key) ??
        (() => {
          throw itemNotFound(`worksheet ${key}`);
        })(),
      `${this.path}.getItem(${JSON.stringify(key)})`,
    );
  }
  getItemOrNullObject(key: string): Worksheet {
    return new Worksheet(
      this.context,
      () => this.context.runtime.book.sheet(key) ?? null,
      `${this.path}.getItemOrNullObject(${JSON.stringify(key)})`,
      true,
    );
  }
  getActiveWorksheet(): Worksheet {
    const book = this.context.runtime.book;
    return new Worksheet(this.context, () => book.sheet(book.active.sheet) ?? null, `${this.path}.active`);
  }
  add(name: string): Worksheet {
    let added: SheetModel | undefined;
    this.context.enqueue({ path: this.path, op: "add", name }, () => {
      try {
        added = this.context.runtime.book.addSheet(name);
      } catch (error) {
        throw invalidArgument((error as Error).message);
      }
      return undefined;
    });
    return new Worksheet(this.context, () => added ?? null, `${this.path}.add(${JSON.stringify(name)})`);
  }
}

export class Table extends ClientObject<TableModel> {
  constructor(context: RequestContext, locate: () => TableModel | null, path: string, nullable = false) {
    super(context, locate, path, nullable);
  }
  private get book(): WorkbookModel {
    return this.context.runtime.book;
  }
  protected scalars(): Scalars<TableModel> {
    return { name: (t) => t.name };
  }
  protected override child(name: string) {
    return name === "worksheet" ? this.worksheet : undefined;
  }
  get name(): string {
    return this.read("name");
  }
  set name(name: string) {
    this.set("name", name, (t) => {
      if (!/^[A-Za-z_\\][A-Za-z0-9_.]*$/.test(name)) throw invalidArgument(`table name ${name}`);
      if (this.book.tables.some((o) => o !== t && o.name.toLowerCase() === name.toLowerCase()))
        throw new RichApiError("ItemAlreadyExists", `A table named ${name} already exists.`);
      t.name = name;
    });
  }
  private sheetProxy?: Worksheet;
  /** A navigation property: the same object on every read, as office.js keeps it. */
  get worksheet(): Worksheet {
    this.sheetProxy ??= new Worksheet(this.context, () => this.resolve()?.sheet ?? null, `${this.path}.worksheet`);
    return this.sheetProxy;
  }
  private part(what: string, pick: (t: TableModel) => CellRange): Range {
    return new Range(
      this.context,
      () => {
        const t = this.resolve();
        return t === null ? null : { sheet: t.sheet, range: pick(t) };
      },
      `${this.path}.${what}`,
    );
  }
  getRange(): Range {
    return this.part("getRange()", (t) => t.range);
  }
  getHeaderRowRange(): Range {
    return this.part("getHeaderRowRange()", (t) => ({ ...t.range, bottom: t.range.top }));
  }
  getDataBodyRange(): Range {
    return this.part("getDataBodyRange()", (t) => ({ ...t.range, top: t.range.top + 1 }));
  }
  resize(address: string): void {
    this.context.requires("ExcelApi", "1.13", "Table.resize");
    this.call("resize", [address], (t) => {
      const range = parseAddress(address);
      if (range.top !== t.range.top || !overlaps(range, t.range))
        throw invalidArgument("the new range must overlap the table and keep its header row");
      if (range.bottom === range.top) throw invalidArgument("a table keeps at least one body row");
      if (this.book.tables.some((o) => o !== t && o.sheet === t.sheet && overlaps(o.range, range)))
        throw tableOverlap();
      t.range = range;
    });
  }
  delete(): void {
    this.call("delete", [], (t) => this.book.tables.splice(this.book.tables.indexOf(t), 1));
  }
}

export class TableCollection extends Collection<TableModel, Table> {
  constructor(
    context: RequestContext,
    private readonly sheet: (() => SheetModel | null) | null,
    path: string,
  ) {
    super(context, () => context.runtime.book.tables.filter((t) => !sheet || t.sheet === sheet()), path);
  }
  protected item(target: TableModel, path: string): Table {
    return new Table(this.context, () => target, path);
  }
  private find(name: string) {
    return this.context.runtime.book.tables.find((t) => t.name.toLowerCase() === name.toLowerCase());
  }
  getItem(name: string): Table {
    return new Table(
      this.context,
      () =>
        this.find(name) ??
        (() => {
          throw itemNotFound(`table ${name}`);
        })(),
      `${this.path}.getItem(${JSON.stringify(name)})`,
    );
  }
  getItemOrNullObject(name: string): Table {
    return new Table(
      this.context,
      () => this.find(name) ?? null,
      `${this.path}.getItemOrNullObject(${JSON.stringify(name)})`,
      true,
    );
  }
  add(address: string, hasHeaders: boolean): Table {
    let added: TableModel | undefined;
    this.context.enqueue({ path: this.path, op: "add", address, hasHeaders }, () => {
      const book = this.context.runtime.book;
      const sheet = this.sheet?.() ?? book.sheet(address.split("!")[0].replace(/^'|'$/g, ""));
      if (!sheet) throw itemNotFound(`sheet of ${address}`);
      const range = parseAddress(address);
      if (book.tables.some((t) => t.sheet === sheet && overlaps(t.range, range))) throw tableOverlap();
      let n = book.tables.length + 1;
      while (book.tables.some((t) => t.name === `Table${n}`)) n++;
      added = { name: `Table${n}`, sheet, range };
      book.tables.push(added);
      return undefined;
    });
    return new Table(this.context, () => added ?? null, `${this.path}.add(${JSON.stringify(address)})`);
  }
}

interface NameRef {
  readonly name: string;
  readonly formula: string;
}

/** `=OFFSET('S'!$D$5,1,2,MIN(ROWS('S'!$D$5#)-1,10),1)` and plain references, resolved as Excel on the web does. */
function nameRange(book: WorkbookModel, formula: string): { sheet: SheetModel; range: CellRange } | null {
  const ref = `('(?:[^']|'')+'|[A-Za-z0-9_.]+)!\\$?([A-Z]+)\\$?(\\d+)`;
  const plain = new RegExp(`^=${ref}(?::\\$?([A-Z]+)\\$?(\\d+))?$`).exec(formula);
  const sheetOf = (text: string) => book.sheet(text.replace(/^'|'$/g, "").replace(/''/g, "'"));
  if (plain) {
    const sheet = sheetOf(plain[1]);
    if (!sheet) return null;
    return { sheet, range: parseAddress(`${plain[2]}${plain[3]}${plain[4] ? `:${plain[4]}${plain[5]}` : ""}`) };
  }
  const dynamic = new RegExp(
    `^=OFFSET\\(${ref},(\\d+),(\\d+),(?:MIN\\()?ROWS\\(${ref}#\\)-1(?:,(\\d+)\\))?,1\\)$`,
  ).exec(formula);
  if (!dynamic) throw invalidArgument(`the stand-in cannot evaluate the name formula ${formula}`);
  const sheet = sheetOf(dynamic[1]);
  const anchor = sheet ? parseAddress(`${dynamic[2]}${dynamic[3]}`) : null;
  const spill = sheet && anchor ? sheet.get(anchor.top, anchor.left)?.spill : undefined;
  if (!sheet || !anchor || !spill) return null;
  const rows = Math.min(spill.rows - 1, dynamic[9] === undefined ? Infinity : Number(dynamic[9]));
  if (rows < 1) return null;
  const top = anchor.top + Number(dynamic[4]);
  const left = anchor.left + Number(dynamic[5]);
  return { sheet, range: { top, left, bottom: top + rows - 1, right: left } };
}

const isDynamic = (formula: string) => !/^='?[^!]+'?!\$?[A-Z]+\$?\d+(:\$?[A-Z]+\$?\d+)?$/.test(formula);

export class NamedItem extends ClientObject<NameRef> {
  protected scalars(): Scalars<NameRef> {
    return { name: (n) => n.name, formula: (n) => n.formula, type: () => "Range", visible: () => true };
  }
  constructor(context: RequestContext, locate: () => NameRef | null, path: string, nullable = false) {
    super(context, locate, path, nullable);
  }
  get name(): string {
    return this.read("name");
  }
  get formula(): string {
    return this.read("formula");
  }
  private range(nullable: boolean): Range {
    return new Range(
      this.context,
      () => {
        const named = this.resolve();
        if (named === null) return null;
        if (this.context.runtime.platform === "desktop" && isDynamic(named.formula))
          throw invalidOperation(`the name ${named.name} refers to a dynamic formula (office-js #4321)`);
        const found = nameRange(this.context.runtime.book, named.formula);
        if (!found && !nullable) throw itemNotFound(`range of the name ${named.name}`);
        return found;
      },
      `${this.path}.getRange${nullable ? "OrNullObject" : ""}()`,
      nullable,
    );
  }
  getRange(): Range {
    return this.range(false);
  }
  getRangeOrNullObject(): Range {
    this.context.requires("ExcelApi", "1.4", "NamedItem.getRangeOrNullObject");
    return this.range(true);
  }
  delete(): void {
    this.call("delete", [], (n) => this.context.runtime.book.names.delete(n.name.toLowerCase()));
  }
}

export class NamedItemCollection extends Collection<NameRef, NamedItem> {
  constructor(context: RequestContext) {
    super(context, () => [...context.runtime.book.names.values()], "workbook.names");
  }
  protected item(target: NameRef, path: string): NamedItem {
    return new NamedItem(this.context, () => target, path);
  }
  getItemOrNullObject(name: string): NamedItem {
    return new NamedItem(
      this.context,
      () => this.context.runtime.book.names.get(name.toLowerCase()) ?? null,
      `${this.path}.getItemOrNullObject(${JSON.stringify(name)})`,
      true,
    );
  }
  add(name: string, reference: string, comment?: string): NamedItem {
    this.context.requires("ExcelApi", "1.4", "NamedItemCollection.add");
    const names = this.context.runtime.book.names;
    this.context.enqueue({ path: this.path, op: "add", name, reference, comment }, () => {
      if (!/^[A-Za-z_\\][A-Za-z0-9_.]*$/.test(name) || /^[A-Za-z]{1,3}\d+$/.test(name))
        throw invalidArgument(`name ${name}`);
      if (names.has(name.toLowerCase()))
        throw new RichApiError("ItemAlreadyExists", `The name ${name} already exists.`);
      names.set(name.toLowerCase(), { name, formula: reference });
      return undefined;
    });
    return new NamedItem(
      this.context,
      () => names.get(name.toLowerCase()) ?? null,
      `${this.path}.add(${JSON.stringify(name)})`,
    );
  }
}

export class WorkbookProxy {
  readonly worksheets: WorksheetCollection;
  readonly tables: TableCollection;
  readonly names: NamedItemCollection;
  readonly application: { calculate: (type: string) => void; suspendApiCalculationUntilNextSync: () => void };

  constructor(private readonly context: RequestContext) {
    this.worksheets = new WorksheetCollection(context);
    this.tables = new TableCollection(context, null, "workbook.tables");
    this.names = new NamedItemCollection(context);
    const book = context.runtime.book;
    this.application = {
      calculate: (type: string) =>
        context.enqueue({ op: "application.calculate", type }, () => {
          for (const sheet of book.sheets) book.calc?.calculate(sheet);
          return undefined;
        }),
      suspendApiCalculationUntilNextSync: () =>
        context.requires("ExcelApi", "1.6", "suspendApiCalculationUntilNextSync"),
    };
  }

  /**
   * The selected range (ExcelApi 1.1): one area; where several are selected it throws, as the reference says
   * ("If there are multiple ranges selected, this method will throw an error", Workbook.getSelectedRange;
   * InvalidSelection, excel-add-ins-error-handling's codes).
   */
  getSelectedRange(): Range {
    const book = this.context.runtime.book;
    const { sheet, address } = book.selection ?? book.active;
    return new Range(
      this.context,
      () => {
        if (address.includes(",")) throw invalidSelection();
        const found = book.sheet(sheet);
        return found ? { sheet: found, range: parseAddress(address) } : null;
      },
      "workbook.getSelectedRange()",
    );
  }

  getActiveCell(): Range {
    this.context.requires("ExcelApi", "1.7", "Workbook.getActiveCell");
    const book = this.context.runtime.book;
    const sheet = () => book.sheet(book.active.sheet) ?? null;
    return sheetRange(this.context, sheet, book.active.address, "workbook.activeCell");
  }
}
