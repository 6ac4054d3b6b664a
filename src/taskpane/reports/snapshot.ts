/**
 * Snapshots, without React: what a report's or table's snapshot reads (a report's inputs read once from its cells,
 * so its sections never mix old and new inputs), what it would spend (pages the cache cannot answer: none when its
 * data is current for its period, as right after a refresh), and taking it: every query from the engine's cache or
 * the service, its rows appended to the source's history sheet. A query the service cannot answer fails the
 * snapshot: an earlier answer is never recorded again as a new day's data.
 */
import { isOperationCode } from "../../api/catalog";
import type { Engine } from "../../engine";
import { t } from "../../i18n";
import { type HostAdapter, type TableInfo } from "../host/host-adapter";
import { CellsInUseError } from "../host/cells-in-use";
import type { SnapshotSourceRef, SnapshotWritten } from "../report-model/snapshot-spec";
import type { ReportGroupInfo } from "../report-model/report-sheet-spec";
import { inputBlocks, inputsFromBlocks } from "../report-model/report-layout";
import { readInputs, type ReportInputs } from "../report-model/report-inputs";
import { templateById } from "../report-model/templates";
import type { GrowthConflict, GrowthDecision } from "./growth";
import {
  snapshotLayout,
  reportSnapshotPlan,
  snapshotDay,
  snapshotRows,
  tableSnapshotPlan,
  type SnapshotPlan,
} from "./snapshot-sheet";
import { CONFIRM_ABOVE_CALLS } from "../report-model/spend";
import { CHANGES_KEY } from "./changes-table";
import { changesAgainstSheet } from "./snapshot-changes";

/** A report (a sheet made from a template) or an add-in table. */
export type SnapshotTarget =
  | { readonly kind: "report"; readonly sheet: string; readonly report: ReportGroupInfo }
  | { readonly kind: "table"; readonly table: TableInfo };

/**
 * A report's inputs as its cells hold them now (their block, and the ASIN column where the ASINs go down one), read
 * at once; the stored ones where the host cannot read them or they are elsewhere (an earlier layout).
 */
export async function readReportInputs(
  host: HostAdapter,
  sheet: string,
  report: ReportGroupInfo,
): Promise<ReportInputs> {
  const template = templateById(report.template);
  // A report stores every input its template had: one lacking an input made by an earlier layout of its template
  // (a Product watch of five ASINs across row 4), whose cells are not where the template now reads them.
  if (!template || template.inputs.some((input) => !(input.name in report.inputs))) return readInputs(report.inputs);
  const blocks = await Promise.all(inputBlocks(template).map((address) => host.readRange({ sheet, address })));
  return inputsFromBlocks(template, blocks);
}

/**
 * What a snapshot of the target reads; null for a table whose query the add-in cannot ask again. A report's inputs
 * are read now, unless a refresh read them already (`inputs`): its snapshot then answers what it refreshed.
 */
export async function snapshotPlanOf(
  host: HostAdapter,
  target: SnapshotTarget,
  inputs?: ReportInputs,
): Promise<SnapshotPlan | null> {
  if (target.kind === "table") {
    const operation = target.table.query?.operation;
    return tableSnapshotPlan(target.table, operation && isOperationCode(operation) ? operation : undefined);
  }
  const template = templateById(target.report.template);
  if (!template) return null;
  return reportSnapshotPlan(
    target.sheet,
    template,
    inputs ?? (await readReportInputs(host, target.sheet, target.report)),
  );
}

/** The key a source is known by in `listSnapshotSheets` (a report by its sheet's name now, a table by its name). */
export const sourceKey = (source: SnapshotSourceRef): string =>
  source.kind === "report" ? `report:${source.sheet}` : `table:${source.table}`;

const targetSource = (target: SnapshotTarget): SnapshotSourceRef =>
  target.kind === "report" ? { kind: "report", sheet: target.sheet } : { kind: "table", table: target.table.name };

/**
 * After a refresh: a snapshot of each refreshed source that keeps history, from the answers just fetched (no call
 * when they are current), reports with the inputs the refresh read. Says how many were taken and what failed.
 */
export async function snapshotKept(
  engine: Engine,
  host: HostAdapter,
  targets: readonly SnapshotTarget[],
  inputs: ReadonlyMap<string, ReportInputs>,
  takenAt: number,
  decide?: (conflict: GrowthConflict) => Promise<GrowthDecision>,
): Promise<{ taken: number; callsSpent: number; failures: string[] }> {
  const kept = new Set((await host.listSnapshotSheets()).filter((s) => s.keep).map((s) => sourceKey(s.source)));
  let taken = 0;
  let callsSpent = 0;
  const failures: string[] = [];
  for (const target of targets) {
    if (!kept.has(sourceKey(targetSource(target)))) continue;
    try {
      const plan = await snapshotPlanOf(host, target, target.kind === "report" ? inputs.get(target.sheet) : undefined);
      if (!plan) continue;
      const outcome = await takeSnapshot(engine, host, plan, takenAt, decide);
      callsSpent += outcome.callsSpent;
      if (outcome.written) taken++;
    } catch (error) {
      failures.push(
        t("snapshot.failed", {
          source: sourceKey(targetSource(target)).replace(/^\w+:/, ""),
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  }
  return { taken, callsSpent, failures };
}

export interface SnapshotCost {
  readonly calls: number;
  /** Set when the person is asked first: many calls, or more than are left this month. */
  readonly question: string | null;
}

/** The calls a snapshot would spend: the pages the cache cannot answer (identical queries once). */
export async function snapshotCost(
  engine: Pick<Engine, "plan" | "cacheKey">,
  plan: SnapshotPlan,
  remainingThisMonth: number | null,
): Promise<SnapshotCost> {
  const seen = new Set<string>();
  let calls = 0;
  for (const q of plan.queries) {
    const options = q.limit === undefined ? {} : { limit: q.limit };
    const key = engine.cacheKey(q.operation, q.params, options);
    if (seen.has(key)) continue;
    seen.add(key);
    calls += (await engine.plan(q.operation, q.params, options)).uncachedPages;
  }
  const question =
    remainingThisMonth !== null && calls > remainingThisMonth
      ? t("snapshot.tooMany", { calls, left: remainingThisMonth })
      : calls > CONFIRM_ABOVE_CALLS
        ? t("snapshot.many", { calls })
        : null;
  return { calls, question };
}

export interface SnapshotOutcome {
  /** Where it went; null when the person kept their cells (nothing appended). */
  readonly written: SnapshotWritten | null;
  readonly callsSpent: number;
}

/**
 * Takes a snapshot: reads every query (cache first), then appends its rows. A history table whose new rows need a
 * person's cells asks `decide` first: insert cells, overwrite, or keep them (then nothing is appended).
 */
export async function takeSnapshot(
  engine: Engine,
  host: HostAdapter,
  plan: SnapshotPlan,
  takenAt: number,
  decide: (conflict: GrowthConflict) => Promise<GrowthDecision> = async () => "keep",
): Promise<SnapshotOutcome> {
  let callsSpent = 0;
  const results = [];
  for (const q of plan.queries) {
    const result = await engine.query(q.operation, q.params, {
      ...(q.limit === undefined ? {} : { limit: q.limit }),
      lastGood: false,
    });
    callsSpent += result.callsSpent;
    results.push({ rows: result.rows, stats: result.stats, fetchedAt: result.fetchedAt });
  }
  const day = snapshotDay(takenAt);
  const rows = snapshotRows(plan, results, takenAt);
  // The Changes table: this snapshot against the one before it on the sheet (read back, no call).
  const changes = await changesAgainstSheet(host, plan, { day, rows });
  const append = { source: plan.source, layout: snapshotLayout(plan), day, rows: { ...rows, [CHANGES_KEY]: changes } };
  try {
    return { written: await host.appendSnapshot(append), callsSpent };
  } catch (error) {
    if (!(error instanceof CellsInUseError)) throw error;
    const decision = await decide({
      history: true,
      tableName: append.layout.name,
      rows: 0,
      occupied: error.occupied,
      ...(error.tables.length ? { tables: error.tables } : {}),
    });
    if (decision === "keep") return { written: null, callsSpent };
    return { written: await host.appendSnapshot({ ...append, growth: decision }), callsSpent };
  }
}
