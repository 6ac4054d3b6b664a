/**
 * Waiting for a sheet's formulas to show their results (hosts that can tell), and then pointing a report's charts
 * at the spills: what the Templates tab's Create and the Reports tab's refresh both do after writing formulas.
 */
import type { CellTarget, HostAdapter } from "./host-adapter";

const isErrorShown = (value: unknown): value is string =>
  typeof value === "string" && /^#[A-Z0-9/!?]+[!?]?$/.test(value.trim()) && value.trim() !== "#BUSY!";

/** Waits until each formula shows its result; the cells that show an error. */
export async function settle(host: HostAdapter, cells: readonly CellTarget[]): Promise<string[]> {
  const shown = await Promise.all(cells.map((cell) => host.readValue(cell)));
  return cells.flatMap((cell, i) => {
    const value = shown[i];
    return isErrorShown(value) ? [`${cell.address} (${value.trim()})`] : [];
  });
}

/** After a refresh recalculated a report's formulas: wait for their results, then point its charts at the spills. */
export async function refreshReportSheets(
  host: HostAdapter,
  reports: readonly { sheet: string; cells: readonly CellTarget[] }[],
): Promise<void> {
  for (const report of reports) {
    await settle(host, report.cells);
    await host.refreshReportCharts(report.sheet);
  }
}
