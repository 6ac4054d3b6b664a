/**
 * A report sheet made from a template: what the template lays out (values, formulas, formats, charts), what the host
 * answers when it made it, and what is stored with the sheet so the Reports tab can list and refresh it.
 */
import type { CellValue } from "./cells";
import type { ChartSpec } from "./chart-spec";

/** A cell a template writes as a plain value (inputs, their labels, section titles). */
export interface ReportValueCell {
  readonly address: string;
  readonly value: CellValue;
  /** How it looks: a section title, a label beside an input, or an input a person may edit. */
  readonly role: "title" | "label" | "input" | "note";
  /** Excel number format, e.g. `@` for an input that must stay text (`172282:281407`). */
  readonly format?: string;
}

/** What a template lays out on a new sheet. Formulas reference the input cells, so editing an input reworks it. */
export interface ReportSheetSpec {
  /** Proposed sheet name (`Market 172282`); the host makes it unique and valid and returns the final one. */
  readonly name: string;
  readonly values: readonly ReportValueCell[];
  readonly formulas: readonly FormulaTarget[];
  /**
   * Number formats over the cells a section's result spills into, by column (`D40:D2039` `yyyy-mm`): a custom
   * function cannot format its cells, and Excel keeps a cell's format when the formula recalculates.
   */
  readonly formats?: readonly { readonly address: string; readonly format: string }[];
  readonly charts: readonly ChartSpec[];
  /** Kept with the sheet so the Reports tab can list and refresh the report as one group. Never holds the secret. */
  readonly report: ReportGroupInfo;
}

export interface FormulaTarget {
  readonly address: string;
  /** The whole formula, `=MAD.CATEGORYSTATS($B$3,$B$4)`. */
  readonly formula: string;
}

/** A report made from a template, as stored with its sheet. */
export interface ReportGroupInfo {
  /** Template id, e.g. `categoryMarket`. */
  readonly template: string;
  /** Template title, e.g. "Category market". */
  readonly title: string;
  /** The inputs as given when it was created (the cells on the sheet are the live ones). */
  readonly inputs: Readonly<Record<string, CellValue>>;
  readonly createdAt: number;
}

export interface CreatedReportSheet {
  /** The sheet's final name. */
  readonly sheet: string;
  /**
   * Workbook names over each charted column (`=OFFSET(...$D$39#...)`), for people: Name Manager shows what each
   * chart reads, and a chart of their own bound to a name in Excel's Select Data follows the spill.
   */
  readonly names: readonly string[];
  readonly charts: number;
}

/** A sheet made from a template: the Reports tab shows it as one group that refreshes together. */
export interface ReportSheetInfo {
  readonly sheet: string;
  readonly report: ReportGroupInfo;
}
