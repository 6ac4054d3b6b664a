/**
 * What Excel hands a custom function: a scalar (text, number, boolean), a 2D array for a range argument
 * (`any[][]`), and null or undefined for an omitted optional argument. Blank cells arrive as "" or null.
 * These helpers turn that into plain values, and typed values into what the service expects.
 */
import type { ParamSpec } from "../api/catalog-types";
import { traitsOf } from "../api/param-kinds";
import { ValidationError } from "../api/errors";
import { serialToDate } from "../table/cells";

export const isBlankCell = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/** Rows of a range argument; a single value is one row of one cell. */
export function rowsOf(arg: unknown): unknown[][] {
  if (isBlankCell(arg)) return [];
  if (!Array.isArray(arg)) return [[arg]];
  return arg.map((row) => (Array.isArray(row) ? row : [row]));
}

/** The non-blank cells of an argument, row by row. */
export function cellsOf(arg: unknown): unknown[] {
  return rowsOf(arg)
    .flat()
    .filter((cell) => !isBlankCell(cell));
}

/** Items of a list: each non-blank cell, and within text cells the parts separated by commas, semicolons or new lines. */
export function listItems(values: readonly unknown[]): string[] {
  return values
    .flatMap((v) => (typeof v === "string" ? v.split(/[,;\r\n]+/) : [String(v)]))
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

export const showValue = (value: unknown): string => (typeof value === "string" ? `"${value}"` : String(value));

/** An error about an argument; `label` names what the user typed (an argument, or a filter in `filters`). */
export function argumentError(param: string, label: string, rule: string, detail: string): ValidationError {
  return new ValidationError(param, rule, `${label}: ${detail}`);
}

/** Excel date serial numbers (a date typed into a cell) lie well below the 6- and 8-digit yyyyMM/yyyyMMdd forms. */
const MAX_DATE_SERIAL = 99999;
const pad = (n: number) => String(n).padStart(2, "0");

function dateFromSerial(serial: number, format: "month" | "saturday"): string {
  const d = serialToDate(Math.floor(serial));
  const month = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}`;
  return format === "month" ? month : `${month}${pad(d.getUTCDate())}`;
}

/**
 * A month (yyyyMM) or a week's Saturday (yyyyMMdd) from a cell: 202508 as number or text, `2025-08` or
 * `2025-08-02` text, or a real Excel date (a serial number). The date rules themselves run in the validator.
 */
export function dateParamValue(value: unknown, format: "month" | "saturday"): string {
  if (typeof value === "number" && value >= 1 && value <= MAX_DATE_SERIAL) return dateFromSerial(value, format);
  const text = String(value).trim();
  const parts = /^(\d{4})[-/.](\d{1,2})(?:[-/.](\d{1,2}))?$/.exec(text);
  if (!parts) return text;
  const [, year, month, day] = parts;
  return `${year}${pad(Number(month))}${day === undefined ? "" : pad(Number(day))}`;
}

/** The format a date parameter takes: fixed by its kind, or chosen by its switch parameter (reverseType W/M). */
export function dateFormatOf(spec: ParamSpec, params: Readonly<Record<string, unknown>>): "month" | "saturday" {
  const fixed = traitsOf(spec.kind).dateFormat;
  if (fixed === "month" || fixed === "saturday") return fixed;
  const switchValue = spec.switchParam
    ? String(params[spec.switchParam] ?? "")
        .trim()
        .toUpperCase()
    : "";
  return spec.formats?.[switchValue] ?? "saturday";
}

const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0"]);

/** TRUE/FALSE cells, 1/0, or the words true/false, yes/no, y/n (only for parameters that are booleans). */
export function booleanValue(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value === 1 ? true : value === 0 ? false : undefined;
  const word = String(value).trim().toLowerCase();
  return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : undefined;
}

/** A number from a numeric cell or from text such as "10" or "4.5"; undefined when it is not a number. */
export function numberValue(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || !/^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(value)) return undefined;
  return Number(value);
}

/** Text of a single-valued argument (a number typed as a keyword stays its digits). */
export function textValue(value: unknown): string {
  return typeof value === "string" ? value.trim() : String(value);
}
