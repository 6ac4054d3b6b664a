/**
 * The reports panel's rows: every MAD formula and every add-in table of the workbook. Formulas come from the
 * workbook scan (HostAdapter.listMadFormulas) joined with the functions' registry of this session, which knows
 * their query, rows, status and refresh time; a formula the registry has not seen is listed as "not run".
 */
import type { HistoryRequest } from "../../api/history-form";
import { t } from "../../i18n";
import { operation, operationByFunction, isOperationCode, type OperationCode } from "../../api/catalog";
import type { FormulaEntry, LastGood } from "../../engine";
import type { CellTarget, FormulaCell, TableInfo } from "../host/host-adapter";
import type { ReportGroupInfo, ReportSheetInfo } from "../report-model/report-sheet-spec";
import { cellAddress, parseCell } from "../../table/a1";
import { splitSheetAddress } from "../../table/sheet-names";
import type { RefreshQuery, RefreshTarget } from "./refresh-plan";
import { templateById } from "../report-model/templates";
import { asinsOf } from "../report-model/report-inputs";
import { operationTitle } from "../../api/words/localized";

type ReportStatus = "ok" | "error" | "running" | "cancelled" | "not run";

export interface ReportRow {
  /** `Sheet1!D2` for a formula, `table:<name>` for a table. */
  readonly id: string;
  readonly kind: "formula" | "table";
  readonly sheet: string;
  readonly address: string;
  /** Operation title, or the function name when the formula's operation is unknown. */
  readonly operation: string;
  readonly rows: number | null;
  readonly lastRefreshed: number | null;
  readonly status: ReportStatus;
  readonly message: string | null;
  readonly query: RefreshQuery | null;
  /** For formulas: the cell to recalculate. */
  readonly cell?: CellTarget;
  /** For tables: the table's name and the columns it shows (and a history's range and interval). */
  readonly tableName?: string;
  readonly fields?: readonly string[];
  readonly history?: HistoryRequest;
  /** A `product` column of cards beside the table's ASIN column, written again after its rows. */
  readonly cards?: boolean;
  /** A formula showing its last good answer (the service failed): why; `lastRefreshed` is that answer's time. */
  readonly lastGood?: LastGood;
}

/** `'My sheet'!$B$2` and `My sheet!B2` -> `My sheet!B2`. */
function cellId(sheet: string, address: string): string {
  return `${sheet}!${cellAddress(parseCell(address))}`;
}

function entryCellId(entry: FormulaEntry): string | null {
  if (!entry.address) return null;
  const { sheet, address } = splitSheetAddress(entry.address);
  return sheet === null ? null : cellId(sheet, address);
}

/** The operation a formula text calls: `=MAD.PRODUCTRESEARCH(...)` -> product_research. */
export function operationOfFormula(formula: string): OperationCode | undefined {
  const match = /MAD\.([A-Z]+)\s*\(/i.exec(formula);
  return match ? operationByFunction(match[1])?.code : undefined;
}

function formulaRow(cell: FormulaCell, entry: FormulaEntry | undefined): ReportRow {
  const id = cellId(cell.sheet, cell.address);
  const base = {
    id,
    kind: "formula" as const,
    sheet: cell.sheet,
    address: cellAddress(parseCell(cell.address)),
    cell: { sheet: cell.sheet, address: cell.address },
  };
  if (!entry) {
    const code = operationOfFormula(cell.formula);
    const fn = /MAD\.[A-Z]+/i.exec(cell.formula)?.[0] ?? "MAD";
    return {
      ...base,
      operation: code ? operationTitle(operation(code)) : fn,
      rows: null,
      lastRefreshed: null,
      status: "not run",
      message: null,
      query: null,
    };
  }
  const known = isOperationCode(entry.operation) && entry.cacheKey !== null;
  return {
    ...base,
    operation: isOperationCode(entry.operation) ? operationTitle(operation(entry.operation)) : entry.functionName,
    rows: entry.status === "ok" ? entry.rows : null,
    lastRefreshed: entry.lastRefreshed,
    status: entry.status,
    message: entry.errorMessage,
    ...(entry.status === "ok" && entry.lastGood ? { lastGood: entry.lastGood } : {}),
    // A formula with bad arguments has no query to refresh; recalculating it is all a refresh can do.
    query: known
      ? {
          operation: entry.operation,
          params: entry.params,
          ...(entry.limit === undefined ? {} : { limit: entry.limit }),
        }
      : null,
  };
}

function tableRow(table: TableInfo, failure: string | undefined): ReportRow {
  const query = table.query;
  const code = query && isOperationCode(query.operation) ? query.operation : undefined;
  return {
    id: `table:${table.name}`,
    kind: "table",
    sheet: table.sheet,
    address: table.address,
    operation: code ? operationTitle(operation(code)) : (query?.operation ?? t("reports.tableOperation")),
    rows: table.rowCount,
    lastRefreshed: query?.refreshedAt ?? null,
    status: failure ? "error" : "ok",
    message: failure ?? null,
    query:
      code && query
        ? { operation: code, params: query.params, ...(query.limit === undefined ? {} : { limit: query.limit }) }
        : null,
    tableName: table.name,
    fields: query?.fields ?? [],
    ...(query?.history ? { history: query.history } : {}),
    ...(query?.cards === "beside" ? { cards: true } : {}),
  };
}

/** Rows for the panel: formulas in sheet order, then tables. `tableFailures`: last refresh errors by table name. */
export function reportRows(
  cells: readonly FormulaCell[],
  entries: readonly FormulaEntry[],
  tables: readonly TableInfo[],
  tableFailures: Readonly<Record<string, string>> = {},
): ReportRow[] {
  const byCell = new Map<string, FormulaEntry>();
  for (const entry of entries) {
    const id = entryCellId(entry);
    if (id) byCell.set(id, entry);
  }
  return [
    ...cells.map((cell) => formulaRow(cell, byCell.get(cellId(cell.sheet, cell.address)))),
    ...tables.map((t) => tableRow(t, tableFailures[t.name])),
  ];
}

/** Registry entries whose cell no longer holds a MAD formula (to forget). */
export function staleEntries(cells: readonly FormulaCell[], entries: readonly FormulaEntry[]): string[] {
  const live = new Set(cells.map((c) => cellId(c.sheet, c.address)));
  return entries
    .filter((e) => {
      const id = entryCellId(e);
      return id !== null && !live.has(id);
    })
    .map((e) => e.id);
}

export function refreshTargets(rows: readonly ReportRow[]): RefreshTarget[] {
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    query: row.query,
    ...(row.status === "not run" ? { notRun: true } : {}),
    ...(row.status === "error" && !row.query ? { problem: row.message ?? t("reports.formulaShowsError") } : {}),
  }));
}

/** A sheet made from a template and its formulas: the Reports tab shows and refreshes it as one group. */
export interface ReportGroup {
  readonly sheet: string;
  readonly report: ReportGroupInfo;
  readonly rows: readonly ReportRow[];
}

/** Report sheets' rows as groups (in the order the host lists the sheets); every other row stays on its own. */
export function groupReports(
  rows: readonly ReportRow[],
  sheets: readonly ReportSheetInfo[],
): { groups: ReportGroup[]; others: ReportRow[] } {
  const bySheet = new Map(sheets.map((s) => [s.sheet, s]));
  return {
    groups: sheets.map((s) => ({ sheet: s.sheet, report: s.report, rows: rows.filter((r) => r.sheet === s.sheet) })),
    others: rows.filter((r) => !bySheet.has(r.sheet)),
  };
}

/** A list of ASINs named in full up to this many; longer, its first ones and how many more. */
const ASINS_NAMED = 3;

/** An input's value as named: a long list of ASINs (a watch of 200) by its first ones and how many more. */
function namedValue(kind: string | undefined, value: unknown): string {
  if (kind !== "asins" && kind !== "picked") return String(value);
  const asins = asinsOf(String(value));
  if (asins.length <= ASINS_NAMED) return asins.join(", ");
  return t("reports.asinsAndMore", { first: asins.slice(0, ASINS_NAMED).join(", "), more: asins.length - ASINS_NAMED });
}

/**
 * "Market US · Category 172282:281407": inputs labelled as the template labels them, in the active language; a long
 * list of ASINs by its first three ("… and 197 more": a snapshot's every row names its source).
 */
export function describeInputs(templateId: string, inputs: Readonly<Record<string, unknown>>): string {
  const template = templateById(templateId);
  return Object.entries(inputs)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([name, value]) => {
      const input = template?.inputs.find((i) => i.name === name);
      return `${input?.label() ?? name} ${namedValue(input?.kind, value)}`;
    })
    .join(" · ");
}

/** A report's inputs as given when it was made (the cells on its sheet are the live ones). */
export const describeReportInputs = (report: ReportGroupInfo): string => describeInputs(report.template, report.inputs);

/**
 * A report's title in the active language: its template's, whatever language it was made in (the stored title is
 * the maker's words); the stored one for a template this version does not know.
 */
export function reportTitle(report: ReportGroupInfo): string {
  return templateById(report.template)?.title() ?? report.title;
}
