/**
 * The column model of a spilled table, derived from a record's field list (src/api/records). One rule flattens
 * nested values, so the same names serve as header cells, as `fields` names and as the task pane's column list:
 * - an object field becomes one dotted column per sub-field (`badge.bestSeller`, `rankPosition.page`), recursively;
 * - a {min, max, value} field becomes three columns (`phrasePpc.min`, `phrasePpc.max`, `phrasePpc.value`);
 * - every other field is one column (lists and maps become text, see cells.ts).
 * Column order is the record's field order, sub-fields in their declared order.
 */
import type { AnyOperation } from "../api/catalog";
import type { FieldSpec, NumberFormatHint } from "../api/catalog-types";
import { fieldDoc } from "../api/words/localized";
import { RECORD_FIELDS } from "../api/records";
import { t } from "../i18n/cells";
import { currentLocale } from "../i18n/locale";

const VALUE_ITEM_PARTS = ["min", "max", "value"] as const;
type ValueItemPart = (typeof VALUE_ITEM_PARTS)[number];

export interface Column {
  /** Header text and `fields` name: the dotted path. */
  readonly name: string;
  /** The fields from the record's top level down to the leaf. */
  readonly path: readonly FieldSpec[];
  /** The leaf field (for a valueItem part: the valueItem field). */
  readonly spec: FieldSpec;
  readonly part?: ValueItemPart;
  /** The top-level field the column comes from: what `returnFields` names. */
  readonly topField: string;
}

function collect(fields: readonly FieldSpec[], parents: readonly FieldSpec[], out: Column[]): void {
  for (const spec of fields) {
    const path = [...parents, spec];
    const name = path.map((f) => f.name).join(".");
    const topField = path[0].name;
    if (spec.type === "object" && spec.fields?.length) {
      collect(spec.fields, path, out);
    } else if (spec.type === "valueItem") {
      for (const part of VALUE_ITEM_PARTS) out.push({ name: `${name}.${part}`, path, spec, part, topField });
    } else {
      out.push({ name, path, spec, topField });
    }
  }
}

const CACHE = new WeakMap<readonly FieldSpec[], readonly Column[]>();

/** Every column of a record, in the documented order. */
export function columnsOf(fields: readonly FieldSpec[]): readonly Column[] {
  let columns = CACHE.get(fields);
  if (!columns) {
    const out: Column[] = [];
    collect(fields, [], out);
    CACHE.set(fields, (columns = out));
  }
  return columns;
}

/** Every column of an operation's record. */
export function recordColumns(op: AnyOperation): readonly Column[] {
  return columnsOf(RECORD_FIELDS[op.record]);
}

/**
 * The columns a list of names picks (the formula's `fields` argument, the task pane's picked fields), in pick
 * order, each once; all columns when there are no names. A name picks the column of that name, or every column
 * under it (`badge` picks `badge.bestSeller`, ...; a top-level field picks all its columns), ignoring case.
 * Names that pick nothing are returned in `unknown`, for the caller to report.
 */
export function pickColumns(
  all: readonly Column[],
  names: readonly string[],
): { columns: readonly Column[]; unknown: readonly string[] } {
  if (!names.length) return { columns: all, unknown: [] };
  const picked: Column[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const lower = name.toLowerCase();
    const matches = all.filter((c) => c.name.toLowerCase() === lower || c.name.toLowerCase().startsWith(`${lower}.`));
    if (!matches.length) unknown.push(name);
    for (const column of matches) if (!picked.includes(column)) picked.push(column);
  }
  return { columns: picked, unknown };
}

/** Reads a field of a record by its name, falling back to the live service's aliases (amazonChoice). */
export function readField(record: unknown, spec: FieldSpec): unknown {
  if (typeof record !== "object" || record === null) return undefined;
  const bag = record as Record<string, unknown>;
  const value = bag[spec.name];
  if (value !== undefined && value !== null) return value;
  const aliases = spec.aliases;
  // Indexed, not for-of over `aliases ?? []`: this runs per cell of every aliased column.
  if (aliases)
    for (let i = 0; i < aliases.length; i++) {
      const aliased = bag[aliases[i]];
      if (aliased !== undefined && aliased !== null) return aliased;
    }
  return value;
}

/**
 * A column's raw-value reader (what readColumn reads), resolved once per column rather than per cell: a plain
 * property read for a top-level field, readField for one with live aliases, the whole path for nested fields.
 */
export function columnReader(column: Column): (record: unknown) => unknown {
  const { path, part } = column;
  if (path.length === 1 && !path[0].aliases?.length && !part) {
    const name = path[0].name;
    return (record) =>
      typeof record === "object" && record !== null ? (record as Record<string, unknown>)[name] : undefined;
  }
  if (path.length === 1 && !part) {
    const [spec] = path;
    return (record) => readField(record, spec);
  }
  return (record) => readColumn(record, column);
}

/** The raw value of one column in one record (before conversion to a cell). */
export function readColumn(record: unknown, column: Column): unknown {
  let value: unknown = record;
  const { path } = column;
  for (let i = 0; i < path.length; i++) {
    value = readField(value, path[i]);
    if (value === undefined || value === null) return value;
  }
  if (column.part)
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[column.part] : undefined;
  return value;
}

/** The short label of a field: its doc in the active language, up to the first explanation (` (...)`, `: ...`). */
function shortLabel(spec: FieldSpec): string {
  const doc = fieldDoc(spec)
    .split(/ \(|: |（|：/)[0]
    .trim();
  return doc === "" ? spec.name : doc;
}

const LABELS = new Map<string, WeakMap<readonly Column[], readonly string[]>>();

/**
 * Headers in words (`headers=labels`), in the active language, from each field's doc: `Share of units`, nested
 * columns `Badges: Best-seller badge`, min/max/value parts `Exact-match bid, min`. A label two columns share is
 * followed by the API name, so every header stays unique.
 */
export function columnLabels(columns: readonly Column[]): readonly string[] {
  const locale = currentLocale();
  let byColumns = LABELS.get(locale);
  if (!byColumns) LABELS.set(locale, (byColumns = new WeakMap()));
  let labels = byColumns.get(columns);
  if (!labels) {
    const raw = columns.map((c) => {
      const base = c.path.map(shortLabel).reduce((parent, child) => t("header.nested", { parent, child }));
      return c.part ? t("header.part", { label: base, part: c.part }) : base;
    });
    const counts = new Map<string, number>();
    for (const label of raw) counts.set(label, (counts.get(label) ?? 0) + 1);
    labels = raw.map((label, i) =>
      (counts.get(label) ?? 0) > 1 ? t("header.shared", { label, name: columns[i].name }) : label,
    );
    byColumns.set(columns, labels);
  }
  return labels;
}

const NUMBER_FORMATS: Readonly<Record<NumberFormatHint, string>> = {
  integer: "#,##0",
  decimal: "#,##0.00",
  currency: "#,##0.00",
  // "percent" values are sent as percentages (8.31) and spilled as fractions (0.0831), like "fraction" ones.
  percent: "0.00%",
  perMille: "0.00%",
  fraction: "0.00%",
};

/** Excel date-time format for epoch-millisecond columns converted to date serial numbers. */
export const DATE_TIME_FORMAT = "yyyy-mm-dd hh:mm";
/** Excel date format for calendar days (months as their first day). */
export const DATE_FORMAT = "yyyy-mm-dd";
/** Date columns sent as text also hold years (2012), shown as plain numbers: serials of dates are far above. */
export const DATE_OR_YEAR_FORMAT = "[<10000]0;yyyy-mm-dd";

/**
 * The Excel number format of a column, for hosts that can format cells (the task pane formats spilled ranges
 * and tables with it); `@` = text, `General` = leave as is.
 */
export function numberFormatOf(column: Column, dates: "serial" | "text" = "serial"): string {
  const { spec } = column;
  if (spec.type === "epochMs") return dates === "text" ? "@" : spec.epochDay ? DATE_FORMAT : DATE_TIME_FORMAT;
  if (spec.type === "dateText") return dates === "text" ? "@" : DATE_OR_YEAR_FORMAT;
  if (spec.format) return NUMBER_FORMATS[spec.format];
  if (spec.type === "integer") return NUMBER_FORMATS.integer;
  if (spec.type === "string") return "@";
  return "General";
}
