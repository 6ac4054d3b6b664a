/**
 * What changed between two snapshots of one query: rows new in the later one, rows gone from it, and the numbers
 * that changed in rows both hold. A row is known by its record's key (RECORD_KEYS in src/api/records.ts: the ASIN,
 * the keyword, the brand…; the columns the team relay's alerts and history key rows by), its key columns' values
 * joined by U+001F; a row whose key is blank (a record without one, or a table that left its key columns out) is
 * known by its place. A key that shows twice is told apart by its occurrence (the second `B0…` meets the second).
 * Pure: the add-in's Changes table (history sheets) and the relay read the same rule.
 */
import type { AnyOperation } from "../api/catalog";
import { RECORD_KEYS } from "../api/records";

export type ChangeKind = "new" | "gone" | "changed";

export interface RowChange {
  readonly key: string;
  readonly change: ChangeKind;
  /** The field whose number changed; null for a new or gone row. */
  readonly field: string | null;
  readonly before: number | null;
  readonly after: number | null;
  /** (after − before) / before, a fraction (0.125 = 12.5 %); null when before is 0 or either side is blank. */
  readonly changePct: number | null;
}

/** The separator of a key's values (a unit separator: never in a value a person reads). */
export const KEY_SEPARATOR = "\u001f";

/** The columns that tell the operation's rows apart (dotted, as headers show them). */
export const keyColumnsOf = (op: Pick<AnyOperation, "record">): readonly string[] => RECORD_KEYS[op.record];

/** A row's key: its key columns' values joined; "" when it has none or all are blank. */
export function rowKey(keyColumns: readonly string[], valueOf: (column: string) => unknown): string {
  if (!keyColumns.length) return "";
  const values = keyColumns.map((column) => {
    const value = valueOf(column);
    return value === null || value === undefined ? "" : String(value);
  });
  return values.every((v) => v === "") ? "" : values.join(KEY_SEPARATOR);
}

/** What one side of a comparison reads from its rows. */
export interface ComparedRows<R> {
  readonly rows: readonly R[];
  readonly key: (row: R) => string;
  readonly value: (row: R, field: string) => unknown;
}

/** Each row by its key, a repeated key (or a blank one: the row's place) told apart by its occurrence. */
function byKey<R>(side: ComparedRows<R>): Map<string, R> {
  const seen = new Map<string, number>();
  const out = new Map<string, R>();
  side.rows.forEach((row, i) => {
    const key = side.key(row) || `#${i + 1}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    out.set(n === 1 ? key : `${key}${KEY_SEPARATOR}#${n}`, row);
  });
  return out;
}

const numberOf = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

const isBlank = (value: unknown) => value === null || value === undefined || value === "";

/** A numeric field's change, or null when it did not change (or is no number on either side). */
function fieldChange(key: string, field: string, before: unknown, after: unknown): RowChange | null {
  const b = numberOf(before);
  const a = numberOf(after);
  if (a === null && b === null) return null;
  if (a !== null && b !== null && a === b) return null;
  // A number on one side and text on the other is not a change of numbers.
  if ((a === null && !isBlank(after)) || (b === null && !isBlank(before))) return null;
  const changePct = a !== null && b !== null && b !== 0 ? (a - b) / b : null;
  return { key, change: "changed", field, before: b, after: a, changePct };
}

/**
 * The changes from `before` to `after`: rows of `after` in their order (new, or the numeric fields that changed, in
 * `numericFields` order), then the rows gone, in `before`'s order.
 */
export function compareRows<B, A>(
  before: ComparedRows<B>,
  after: ComparedRows<A>,
  numericFields: readonly string[],
): RowChange[] {
  const earlier = byKey(before);
  const later = byKey(after);
  const changes: RowChange[] = [];
  const blank = { field: null, before: null, after: null, changePct: null } as const;
  for (const [key, row] of later) {
    const was = earlier.get(key);
    const shown = after.key(row) || key;
    if (was === undefined) {
      changes.push({ key: shown, change: "new", ...blank });
      continue;
    }
    for (const field of numericFields) {
      const change = fieldChange(shown, field, before.value(was, field), after.value(row, field));
      if (change) changes.push(change);
    }
  }
  for (const [key, row] of earlier)
    if (!later.has(key)) changes.push({ key: before.key(row) || key, change: "gone", ...blank });
  return changes;
}
