/**
 * MAD.ASOF(cell): when the data a MAD formula's results show was fetched from the service, as an Excel date-time
 * (a serial number: format the cell as a date, or wrap it in TEXT). Its answer is the formula's last good answer's
 * time when the service failed, so a person can see how old what they read is.
 *
 * How it knows which cell it refers to: the function asks Excel for its arguments' addresses
 * (`@requiresParameterAddresses`, CustomFunctionsRuntime 1.3; `invocation.parameterAddresses`, whose metadata needs
 * a matrix result: https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-json), and looks that cell
 * up in the formula registry the MAD functions keep in the shared runtime (a formula's cell, or any cell of its
 * spill). How it follows a refresh: its argument is the formula's cell or spill, so Excel calculates it again after
 * the formula (a dependent is calculated once its precedent has its new value), and the task pane's Refresh
 * calculates MAD.ASOF cells again once the formulas they read have answered. A formula still running is waited for.
 */
import { localDateTimeSerial } from "../api/dates";
import { t } from "../i18n/cells";
import { parseRangeAddress, parseCellAddress, rangeContains, cellAddress } from "../table/a1";
import { splitSheetAddress } from "../table/sheet-names";
import type { FormulaEntry, FormulaRegistry } from "../engine";
import { makeCellError } from "../formula/cell-error";
import { languageSettled, runnerDeps } from "./runner";

/** The invocation MAD.ASOF reads: where its argument is (and its own cell, for a reference without a sheet). */
export type AsOfInvocation = Partial<Pick<CustomFunctions.Invocation, "parameterAddresses" | "address">>;

interface Located {
  readonly sheet: string | null;
  readonly row: number;
  readonly col: number;
}

/** The top-left cell of the argument's address (`Sheet1!D5:H20` -> Sheet1, D5). */
function argumentCell(invocation: AsOfInvocation | undefined): Located | null {
  const address = invocation?.parameterAddresses?.[0];
  if (!address) return null;
  const split = splitSheetAddress(address);
  const local = split.address.replace(/\$/g, "");
  const range = parseRangeAddress(local);
  const pos = range ? { row: range.top, col: range.left } : parseCellAddress(local);
  if (!pos) return null;
  const own = invocation?.address ? splitSheetAddress(invocation.address).sheet : null;
  return { sheet: split.sheet ?? own, ...pos };
}

const sameSheet = (a: string | null, b: string | null) =>
  a === null || b === null || a.toLowerCase() === b.toLowerCase();

/** The registry entry whose cell, or whose spill, holds the located cell. */
function entryAt(registry: FormulaRegistry, at: Located): FormulaEntry | undefined {
  return registry.list().find((entry) => {
    if (!entry.address) return false;
    const split = splitSheetAddress(entry.address);
    const anchor = parseCellAddress(split.address.replace(/\$/g, ""));
    if (!anchor || !sameSheet(split.sheet, at.sheet)) return false;
    const rows = Math.max(1, entry.spill?.rows ?? 1);
    const columns = Math.max(1, entry.spill?.columns ?? 1);
    const area = { top: anchor.row, left: anchor.col, bottom: anchor.row + rows - 1, right: anchor.col + columns - 1 };
    return rangeContains(area, at);
  });
}

/** Resolves once the entry is no longer running (or the runner's settle time passed). */
function settled(registry: FormulaRegistry, id: string, withinMs: number): Promise<FormulaEntry | undefined> {
  const now = registry.get(id);
  if (now?.status !== "running") return Promise.resolve(now);
  return new Promise((resolve) => {
    // A real timer, as the runner's own watchdogs: a stalled engine must not hold this cell at #BUSY! for ever.
    const timer = setTimeout(() => finish(), withinMs);
    const stop = registry.subscribe(() => {
      if (registry.get(id)?.status !== "running") finish();
    });
    const finish = () => {
      clearTimeout(timer);
      stop();
      resolve(registry.get(id));
    };
  });
}

export async function runAsOf(_cell: unknown, invocation?: AsOfInvocation): Promise<number[][]> {
  // As every MAD cell: its words wait for the runtime's language, and a formula entered with it is registered by then.
  await languageSettled();
  const at = argumentCell(invocation);
  if (!at) throw makeCellError("#VALUE!", t("asof.needsReference"));
  const registry = runnerDeps().registry();
  const named = `${at.sheet ? `${at.sheet}!` : ""}${cellAddress(at)}`;
  const found = entryAt(registry, at);
  const entry = found && (await settled(registry, found.id, runnerDeps().settleWithinMs));
  if (!entry || entry.lastRefreshed === null) throw makeCellError("#N/A", t("asof.noResult", { cell: named }));
  if (entry.status !== "ok")
    throw makeCellError("#N/A", t("asof.failed", { cell: named, message: entry.errorMessage ?? "" }));
  return [[localDateTimeSerial(entry.lastRefreshed)]];
}
