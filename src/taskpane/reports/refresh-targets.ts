/**
 * What a refresh asks, read from the workbook as it is when the refresh starts: a report's formulas ask their
 * template's section queries with the report's inputs read once from its cells (so every section of one refresh,
 * and its history snapshot, answers the same inputs even if a person edits them meanwhile; a formula not run yet in
 * this session, as right after the workbook opened, is counted exactly), and every other row asks what it last asked.
 */
import type { HostAdapter } from "../host/host-adapter";
import { layoutReport } from "../report-model/report-layout";
import { sectionQuery } from "../report-model/report-queries";
import type { ReportInputs } from "../report-model/report-inputs";
import { templateById } from "../report-model/templates";
import { cellAddress, parseCell } from "../../table/a1";
import type { RefreshTarget } from "./refresh-plan";
import { refreshTargets, type ReportGroup, type ReportRow } from "./reports";
import { readReportInputs } from "./snapshot";

export interface TargetsNow {
  readonly targets: RefreshTarget[];
  /** Each report's inputs as read for this refresh, by sheet. */
  readonly inputs: ReadonlyMap<string, ReportInputs>;
}

export async function refreshTargetsNow(
  host: HostAdapter,
  rows: readonly ReportRow[],
  groups: readonly ReportGroup[],
): Promise<TargetsNow> {
  const ids = new Set(rows.map((r) => r.id));
  const inputs = new Map<string, ReportInputs>();
  const sectionQueries = new Map<string, RefreshTarget["query"]>();
  for (const group of groups) {
    if (!group.rows.some((r) => ids.has(r.id))) continue;
    const template = templateById(group.report.template);
    if (!template) continue;
    const read = await readReportInputs(host, group.sheet, group.report);
    inputs.set(group.sheet, read);
    // Laid out for the inputs read: where the sections repeated per picked product sit follows how many there are.
    for (const placed of layoutReport(template, read).sections) {
      const query = sectionQuery(placed.section, read);
      sectionQueries.set(`${group.sheet}!${cellAddress(placed.formula)}`, {
        operation: query.operation,
        params: query.params,
        ...(query.limit === undefined ? {} : { limit: query.limit }),
      });
    }
  }
  const targets = refreshTargets(rows).map((target, i): RefreshTarget => {
    const row = rows[i];
    const query =
      row.kind === "formula" ? sectionQueries.get(`${row.sheet}!${cellAddress(parseCell(row.address))}`) : undefined;
    return query ? { id: target.id, kind: target.kind, query } : target;
  });
  return { targets, inputs };
}
