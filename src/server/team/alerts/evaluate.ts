/**
 * One run of an alert's condition over the rows of its query, against what the last run kept: edge-triggered. A
 * row fires when its condition becomes true (it did not hold at the last run, or the row is new to the alert), not
 * again while it stays true, and again after it was false. `change` compares a row's value with the same row's at
 * the last run; `new rows` are keys the last run did not have, `gone rows` keys it had that this one has not (read
 * with their last values). The first run has nothing to compare: `change`, `new rows` and `gone rows` are false
 * then, and a row whose plain comparison holds fires (the member hears of what is already true). Pure: the runner
 * reads the rows and commits what this returns.
 */
import { compare } from "../../../lib/compare";
import type { AlertState, FiredEntry, FiredRow, RowMemory } from "./model";
import { keyOf, numberOf, type CompiledQuery, type ResolvedCondition } from "./query";

interface RowView {
  readonly values: Readonly<Record<string, number | null>>;
  readonly before: Readonly<Record<string, number | null>> | undefined;
  readonly isNew: boolean;
  readonly isGone: boolean;
}

export interface Evaluation {
  readonly state: AlertState;
  /** Rows whose condition became true this run. */
  readonly fired: readonly FiredRow[];
  /** Every row whose condition holds (a digest lists these). */
  readonly holding: readonly FiredRow[];
}

/** Percent change, rounded so that 85 after 100 is exactly -15, not -15.000000000000002. */
const percentChange = (before: number, after: number) => Math.round(((after - before) / Math.abs(before)) * 1e9) / 1e7;

function holds(condition: ResolvedCondition, row: RowView): boolean {
  switch (condition.kind) {
    case "and":
      return holds(condition.left, row) && holds(condition.right, row);
    case "or":
      return holds(condition.left, row) || holds(condition.right, row);
    case "rows":
      return condition.which === "new" ? row.isNew : row.isGone;
    case "compare": {
      const value = row.values[condition.column.name];
      return value !== null && value !== undefined && compare(value, condition.op, condition.value);
    }
    case "change": {
      const before = row.before?.[condition.column.name];
      const after = row.values[condition.column.name];
      if (
        row.isGone ||
        before === null ||
        before === undefined ||
        before === 0 ||
        after === null ||
        after === undefined
      )
        return false;
      return compare(percentChange(before, after), condition.op, condition.percent);
    }
    default: {
      const unhandled: never = condition;
      return unhandled;
    }
  }
}

/** The columns a condition reads, each once, in order. */
function fieldsOf(condition: ResolvedCondition): string[] {
  switch (condition.kind) {
    case "and":
    case "or":
      return [...new Set([...fieldsOf(condition.left), ...fieldsOf(condition.right)])];
    case "compare":
    case "change":
      return [condition.column.name];
    case "rows":
      return [];
    default: {
      const unhandled: never = condition;
      return unhandled;
    }
  }
}

/** A row to tell; on the first run (`first`) there is no before: the row is told as it is, not as a change. */
function firedRow(key: string, row: RowView, fields: readonly string[], first: boolean): FiredRow {
  const entries: FiredEntry[] = fields.map((field) => ({
    field,
    before: row.before?.[field] ?? null,
    after: row.isGone ? null : (row.values[field] ?? null),
  }));
  return { key, change: first ? "first" : row.isNew ? "new" : row.isGone ? "gone" : "row", entries };
}

export function evaluate(
  condition: ResolvedCondition,
  query: CompiledQuery,
  previous: AlertState | undefined,
  records: readonly unknown[],
  version: string,
  at: number,
): Evaluation {
  const fields = fieldsOf(condition);
  const columns = fields.map((name) => query.columns.find((c) => c.name === name)!);
  const last = previous?.version === version ? previous.rows : undefined;
  const rows: Record<string, RowMemory> = {};
  const fired: FiredRow[] = [];
  const holding: FiredRow[] = [];
  const visit = (key: string, view: RowView) => {
    const now = holds(condition, view);
    if (!view.isGone) rows[key] = { values: view.values, holds: now };
    if (!now) return;
    const row = firedRow(key, view, fields, last === undefined);
    holding.push(row);
    if (!last?.[key]?.holds || view.isGone) fired.push(row);
  };
  for (const record of records) {
    const key = keyOf(record, query);
    if (Object.hasOwn(rows, key)) continue; // a key twice in one answer: its first row counts
    const values = Object.fromEntries(columns.map((c) => [c.name, numberOf(record, c)]));
    visit(key, {
      values,
      before: last?.[key]?.values,
      isNew: last !== undefined && !Object.hasOwn(last, key),
      isGone: false,
    });
  }
  for (const [key, memory] of Object.entries(last ?? {}))
    if (!Object.hasOwn(rows, key))
      visit(key, { values: memory.values, before: memory.values, isNew: false, isGone: true });
  return { state: { version, at, rows }, fired, holding };
}
