/**
 * One value of a record to one cell: a number, a text or a boolean, never null (blank = ""). The rules:
 * - null, absent and the -1 "none" sentinel (primePrice, deliveryPrice) are blank, never 0;
 * - dates are Excel date serial numbers, or ISO text with `dates=text`, one rule for every function: months sent as
 *   text (`2026.10`, `202508`, `2024年11月`) are the month's first day, days (`20261121`, `2024-01-05`) that day,
 *   years (`2012`) stay numbers; epoch-millisecond calendar days (`epochDay`: midnight China time, how the service
 *   stamps periods and listing dates) are read in UTC+8 so no day shifts (`yyyy-mm-dd`); other epoch
 *   milliseconds are moments, shown in UTC (`yyyy-mm-dd hh:mm`);
 * - rates are fractions in every function (0.0831 = 8.31 %), so one `0.00%` format fits every rate column: fields the
 *   service sends as percentages (`format: "percent"`, 8.31) are divided by 100 here, per mille (`perMille`) by 1000;
 * - lists of texts become comma-joined text (`Ailun, MAGIC JOHN, JETech`);
 * - label -> list maps become `KEY: a, b; KEY2: c`;
 * - lists of objects become compact text, one `identity[: label] (figure / figure)` per item, joined by `; `:
 *   the identity is the item's first text sub-field that is not a link, `label` is added when the item has one,
 *   and the figures are its first two numeric sub-fields (rates shown as percentages). Capped at 255 characters.
 * - labels the service sends in Chinese from known sets (`serviceLabel` fields: seller countries, buckets) read as
 *   sent by a Chinese reader and in English by others (src/i18n/labels.ts);
 * Text from the service stays text: Excel never evaluates a custom function's string result as a formula.
 */
import type { FieldSpec, NumberFormatHint } from "../api/catalog-types";
import { epochMsToSerial, serialToDate } from "../api/dates";
import { serviceLabel } from "../i18n/labels";
import { columnReader, readField, type Column } from "./columns";

export type Cell = string | number | boolean;
export type DateDisplay = "serial" | "text";

/** Excel keeps at most 32,767 characters in a cell. */
export const MAX_CELL_TEXT = 32767;
/** Compact text of a list of objects is cut here, with an ellipsis. */
export const COMPACT_TEXT_LIMIT = 255;

const pad = (n: number) => String(n).padStart(2, "0");

/** The service's calendar is China time: a calendar day it stamps in epoch milliseconds is midnight UTC+8. */
const SERVICE_CALENDAR_OFFSET_MS = 8 * 3_600_000;

/** The calendar day (as a whole serial) of an epoch-millisecond stamp of midnight in the service's calendar. */
function epochDayToSerial(ms: number): number {
  return Math.floor(epochMsToSerial(ms + SERVICE_CALENDAR_OFFSET_MS));
}

/** `yyyy-mm-dd` of a whole date serial. */
export function serialToIsoDate(serial: number): string {
  const d = serialToDate(serial);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function daySerial(year: number, month: number, day: number): number | undefined {
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return epochMsToSerial(ms);
}

const MONTH_TEXT = /^(\d{4})(?:[.\-/]?(\d{2})|[.\-/](\d)|年(\d{1,2})月)$/;
const DAY_TEXT = /^(\d{4})([.\-/]?)(\d{2})\2(\d{2})$/;
const YEAR_TEXT = /^\d{4}$/;

/**
 * A date the service sends as text, as a cell: a month is its first day, a day is that day (date serials, or
 * `yyyy-mm-dd` with `dates=text`), a year is a number; text of any other form passes through unchanged.
 */
export function dateTextCell(text: string, dates: DateDisplay): Cell {
  const trimmed = text.trim();
  if (YEAR_TEXT.test(trimmed)) return Number(trimmed);
  let serial: number | undefined;
  const day = DAY_TEXT.exec(trimmed);
  if (day) serial = daySerial(Number(day[1]), Number(day[3]), Number(day[4]));
  else {
    const month = MONTH_TEXT.exec(trimmed);
    if (month) serial = daySerial(Number(month[1]), Number(month[2] ?? month[3] ?? month[4]), 1);
  }
  if (serial === undefined) return text;
  return dates === "text" ? serialToIsoDate(serial) : serial;
}

function epochCell(ms: number, spec: FieldSpec, dates: DateDisplay): Cell {
  if (spec.epochDay) {
    const serial = epochDayToSerial(ms);
    return dates === "text" ? serialToIsoDate(serial) : serial;
  }
  return dates === "text" ? epochMsToText(ms) : epochMsToSerial(ms);
}

/** `yyyy-mm-dd hh:mm` in UTC. */
function epochMsToText(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Cuts to `limit` UTF-16 units with an ellipsis, never between the two halves of a surrogate pair (an emoji). */
function cap(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const end = limit - 1;
  const lastKept = text.charCodeAt(end - 1);
  const splitsPair = lastKept >= 0xd800 && lastKept <= 0xdbff;
  return `${text.slice(0, splitsPair ? end - 1 : end)}…`;
}

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === "number" && !Number.isFinite(value));
const isLink = (spec: FieldSpec) => /url|image/i.test(spec.name);
const round2 = (n: number) => String(Math.round(n * 100) / 100);

/** A figure inside compact text: rates as percentages, other numbers with at most two decimals. */
function figureText(value: number, format: NumberFormatHint | undefined): string {
  if (format === "fraction") return `${(value * 100).toFixed(2)}%`;
  if (format === "percent") return `${round2(value)}%`;
  if (format === "perMille") return `${round2(value / 10)}%`;
  return round2(value);
}

/** Any value as short plain text (used inside compact text and for fields of undocumented shape). */
function plainText(value: unknown): string {
  if (isBlank(value)) return "";
  if (Array.isArray(value))
    return value
      .map(plainText)
      .filter((t) => t !== "")
      .join(", ");
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => !isBlank(v))
      .map(([k, v]) => `${k}: ${plainText(v)}`)
      .join("; ");
  }
  return String(value);
}

/** Which sub-fields make an item's compact text; worked out once per field list, not per item. */
interface CompactPlan {
  readonly head: readonly FieldSpec[];
  readonly figures: readonly FieldSpec[];
}

const COMPACT_PLANS = new WeakMap<readonly FieldSpec[], CompactPlan>();

function compactPlan(fields: readonly FieldSpec[]): CompactPlan {
  let plan = COMPACT_PLANS.get(fields);
  if (!plan) {
    const texts = fields.filter((f) => (f.type === "string" || f.type === "dateText") && !isLink(f));
    const identity = texts[0];
    const label = texts.find((f) => f.name === "label" && f !== identity);
    plan = {
      head: [identity, label].filter((f): f is FieldSpec => f !== undefined),
      figures: fields.filter((f) => f.type === "integer" || f.type === "number").slice(0, 2),
    };
    COMPACT_PLANS.set(fields, plan);
  }
  return plan;
}

/**
 * What one item of a list-of-objects cell reads as, by sub-field names: `asin (clickRate / conversionRate)`.
 * The generated reference prints it per list column, so a reader knows what the figures in such a cell are.
 */
export function compactItemPattern(fields: readonly FieldSpec[]): string {
  const { head, figures } = compactPlan(fields);
  const headText = head.map((f) => f.name).join(": ");
  const figureText = figures.map((f) => f.name).join(" / ");
  if (figureText === "") return headText;
  return headText ? `${headText} (${figureText})` : figureText;
}

function compactItem(item: unknown, fields: readonly FieldSpec[]): string {
  if (typeof item !== "object" || item === null) return plainText(item);
  const plan = compactPlan(fields);
  // Plain loops: this runs for every item of every list cell, and each array step would be garbage.
  let head = "";
  for (const f of plan.head) {
    const text = plainText(readField(item, f));
    if (text !== "") head = head === "" ? text : `${head}: ${text}`;
  }
  let figures = "";
  for (const f of plan.figures) {
    const v = readField(item, f);
    if (typeof v !== "number" || !Number.isFinite(v) || v === f.noneSentinel) continue;
    const text = figureText(v, f.format);
    if (text !== "") figures = figures === "" ? text : `${figures} / ${text}`;
  }
  if (figures === "") return head;
  return head ? `${head} (${figures})` : figures;
}

const NO_FIELDS: readonly FieldSpec[] = [];

function objectListText(value: unknown, spec: FieldSpec): string {
  const fields = spec.fields ?? NO_FIELDS;
  if (!Array.isArray(value)) return cap(compactItem(value, fields), COMPACT_TEXT_LIMIT);
  let text = "";
  for (const item of value) {
    const part = compactItem(item, fields);
    if (part !== "") text = text === "" ? part : `${text}; ${part}`;
    if (text.length > COMPACT_TEXT_LIMIT) break; // cut below anyway
  }
  return cap(text, COMPACT_TEXT_LIMIT);
}

function stringListMapText(value: unknown): string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return plainText(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, list]) => `${key}: ${plainText(list)}`)
    .join("; ");
}

/** A rate the service sends as a percentage (8.31) as the fraction every rate column spills (0.0831). */
function percentToFraction(percent: number): number {
  // Rounded to 12 decimals so 8.31 becomes 0.0831, not 0.08310000000000001 (arithmetic: this runs per cell).
  return Math.round(percent * 1e10) / 1e12;
}

/** A rate in per mille (3.17875) as a fraction (0.00317875). */
const perMilleToFraction = (perMille: number) => Math.round(perMille * 1e9) / 1e12;

/** A number of a rate column in the fraction every rate column spills, whatever scale the service sends. */
function asFraction(n: number, format: NumberFormatHint | undefined): number {
  if (format === "percent") return percentToFraction(n);
  return format === "perMille" ? perMilleToFraction(n) : n;
}

function numberCell(value: unknown, spec: FieldSpec): Cell {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isFinite(n)) return typeof value === "string" ? value : plainText(value);
  if (spec.noneSentinel !== undefined && n === spec.noneSentinel) return "";
  return asFraction(n, spec.format);
}

function scalarCell(value: unknown): Cell {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return cap(plainText(value), COMPACT_TEXT_LIMIT);
}

/** The cell for one raw value of a column. */
export function toCell(value: unknown, column: Column, dates: DateDisplay): Cell {
  if (isBlank(value)) return "";
  const { spec } = column;
  let cell: Cell;
  if (column.part) {
    cell = numberCell(value, spec);
  } else {
    switch (spec.type) {
      case "integer":
      case "number":
        cell = numberCell(value, spec);
        break;
      case "epochMs": {
        const ms = typeof value === "number" ? value : Number(value);
        if (!Number.isFinite(ms)) return scalarCell(value);
        cell = epochCell(ms, spec, dates);
        break;
      }
      case "dateText":
        cell = typeof value === "string" ? dateTextCell(value, dates) : scalarCell(value);
        break;
      case "boolean":
        cell = typeof value === "boolean" ? value : scalarCell(value);
        break;
      case "stringList":
      case "numberList":
        cell = Array.isArray(value) ? plainText(value) : scalarCell(value);
        break;
      case "stringListMap":
        cell = stringListMapText(value);
        break;
      case "objectList":
      case "object":
        cell = objectListText(value, spec);
        break;
      case "string":
        cell = spec.serviceLabel && typeof value === "string" ? serviceLabel(value) : scalarCell(value);
        break;
      case "valueItem":
      case "unknown":
        cell = scalarCell(value);
        break;
      default: {
        const unhandled: never = spec.type;
        cell = unhandled;
      }
    }
  }
  return typeof cell === "string" ? cap(cell, MAX_CELL_TEXT) : cell;
}

/** Reads one column of a record straight to its cell. */
export type CellReader = (record: unknown) => Cell;

/**
 * The reader of one column, compiled once per column and date display (shape.ts caches it per column list):
 * the field path and the value conversion are resolved here, not per cell. Values of unexpected shape take the
 * general path (toCell), so a compiled reader always gives the cell toCell gives.
 */
export function compileColumn(column: Column, dates: DateDisplay): CellReader {
  const read = columnReader(column);
  const general = (value: unknown) => toCell(value, column, dates);
  const { spec } = column;
  if (column.part || spec.type === "integer" || spec.type === "number") {
    const sentinel = spec.noneSentinel;
    if (spec.format === "percent" || spec.format === "perMille") {
      const { format } = spec;
      return (record) => {
        const value = read(record);
        if (typeof value !== "number") return general(value);
        if (!Number.isFinite(value)) return "";
        return value === sentinel ? "" : asFraction(value, format);
      };
    }
    return (record) => {
      const value = read(record);
      if (typeof value !== "number") return general(value);
      if (!Number.isFinite(value)) return "";
      return value === sentinel ? "" : value;
    };
  }
  if (spec.type === "dateText") {
    return (record) => {
      const value = read(record);
      return typeof value === "string" ? dateTextCell(value, dates) : general(value);
    };
  }
  if (spec.type === "string" && spec.serviceLabel) {
    return (record) => {
      const value = read(record);
      return typeof value === "string" && value.length <= MAX_CELL_TEXT ? serviceLabel(value) : general(value);
    };
  }
  if (spec.type === "string") {
    return (record) => {
      const value = read(record);
      return typeof value === "string" && value.length <= MAX_CELL_TEXT ? value : general(value);
    };
  }
  if (spec.type === "epochMs") {
    return (record) => {
      const value = read(record);
      if (typeof value !== "number" || !Number.isFinite(value)) return general(value);
      return epochCell(value, spec, dates);
    };
  }
  if (spec.type === "boolean") {
    return (record) => {
      const value = read(record);
      return typeof value === "boolean" ? value : general(value);
    };
  }
  return (record) => general(read(record));
}
