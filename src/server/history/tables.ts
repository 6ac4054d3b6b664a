/**
 * The columns of a schedule's history and changes answers, and each stored row as a row of them. History:
 * `taken_on`, `taken_at`, `query` (and `query_index` in JSON), then the union of the schedule's queries' record
 * columns by wire name (query order, then field order: src/table/columns.ts). Changes: `taken_on, query, key,
 * change, field, before, after, change_pct`. With `labels`, the header words are the spill's column labels in that
 * language (`columnLabels`) and the relay's words for its own columns (the alerts book, server-only), and a change's
 * `field` is its column's label.
 */
import { isOperationCode, operation } from "../../api/catalog";
import type { Schedule } from "../../relay-api/schedules";
import { t, type AlertMessageId } from "../../i18n/alerts";
import { inLocale, type Locale } from "../../i18n/locale";
import { columnLabels, recordColumns, type Column } from "../../table/columns";
import type { HistoryChange } from "./changes";
import type { CellValue, TableRow } from "./csv";

/** A stored row as the history answers read it (snapshots.ts's reader gives these). */
export interface HistorySourceRow {
  readonly taken_on: string;
  readonly taken_at: string;
  readonly query_index: number;
  readonly query: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

export interface AnswerTable<R> {
  /** Header words of the CSV. */
  readonly header: readonly string[];
  readonly toRow: (row: R) => TableRow;
  readonly toObject: (row: R) => Record<string, CellValue>;
}

const HISTORY_LEADING = ["taken_on", "taken_at", "query"] as const;
const CHANGE_COLUMNS = ["taken_on", "query", "key", "change", "field", "before", "after", "change_pct"] as const;
type OwnColumn = (typeof HISTORY_LEADING)[number] | (typeof CHANGE_COLUMNS)[number] | "query_index";

const OWN_WORDS: Readonly<Record<OwnColumn, AlertMessageId>> = {
  taken_on: "history.column.taken_on",
  taken_at: "history.column.taken_at",
  query: "history.column.query",
  query_index: "history.column.query_index",
  key: "history.column.key",
  change: "history.column.change",
  field: "history.column.field",
  before: "history.column.before",
  after: "history.column.after",
  change_pct: "history.column.change_pct",
};

const ownWord = (column: OwnColumn, labels: Locale | undefined) => (labels ? t.in(labels)(OWN_WORDS[column]) : column);

/** The union of the schedule's queries' record columns, by wire name: query order, then field order. */
function scheduleColumns(schedule: Pick<Schedule, "queries">): readonly Column[] {
  const byName = new Map<string, Column>();
  for (const query of schedule.queries)
    if (isOperationCode(query.operation))
      for (const column of recordColumns(operation(query.operation)))
        if (!byName.has(column.name)) byName.set(column.name, column);
  return [...byName.values()];
}

/** A stored cell as it is written: numbers, text and booleans as they are, anything else none. */
const cellOf = (value: unknown): CellValue =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : null;

export function historyTable(schedule: Pick<Schedule, "queries">, labels?: Locale): AnswerTable<HistorySourceRow> {
  const columns = scheduleColumns(schedule);
  const names = columns.map((c) => c.name);
  const own = [...HISTORY_LEADING.map((c) => ownWord(c, labels)), ownWord("query_index", labels)];
  const labelled = labels ? inLocale(labels, () => columnLabels(columns)) : names;
  // A field's label that is one of the relay's own words is told apart by its name (a JSON key is never shared).
  const fieldWords = labelled.map((word, i) => (labels && own.includes(word) ? `${word} (${names[i]})` : word));
  const header = [...own.slice(0, 3), ...fieldWords];
  const keys = [...own, ...fieldWords];
  return {
    header,
    toRow: (row) => {
      const out: CellValue[] = [row.taken_on, row.taken_at, row.query];
      for (const name of names) out.push(cellOf(row.fields[name]));
      return out;
    },
    toObject: (row) => {
      const out: Record<string, CellValue> = {
        [keys[0]]: row.taken_on,
        [keys[1]]: row.taken_at,
        [keys[2]]: row.query,
        [keys[3]]: row.query_index,
      };
      for (let i = 0; i < names.length; i++) out[keys[i + 4]] = cellOf(row.fields[names[i]]);
      return out;
    },
  };
}

/** A field's label in the operation's columns, in the language of `labels`. */
function fieldLabeler(labels: Locale | undefined): (code: string, field: string | null) => string | null {
  if (!labels) return (_code, field) => field;
  const cache = new Map<string, ReadonlyMap<string, string>>();
  return (code, field) => {
    if (field === null || !isOperationCode(code)) return field;
    let byName = cache.get(code);
    if (!byName) {
      const columns = recordColumns(operation(code));
      const words = inLocale(labels, () => columnLabels(columns));
      cache.set(code, (byName = new Map(columns.map((c, i) => [c.name, words[i]]))));
    }
    return byName.get(field) ?? field;
  };
}

export function changesTable(labels?: Locale): AnswerTable<HistoryChange> {
  const header = CHANGE_COLUMNS.map((c) => ownWord(c, labels));
  const fieldWord = fieldLabeler(labels);
  const values = (c: HistoryChange): TableRow => [
    c.taken_on,
    c.query,
    c.key,
    c.change,
    fieldWord(c.operation, c.field),
    c.before,
    c.after,
    c.change_pct,
  ];
  return {
    header,
    toRow: values,
    toObject: (c) => Object.fromEntries(values(c).map((value, i) => [header[i], value])),
  };
}
