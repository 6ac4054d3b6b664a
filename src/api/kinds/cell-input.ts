/**
 * Cell primitives: what Excel hands a custom function (a scalar: text, number, boolean; a 2D array for a range;
 * null or undefined for an omitted optional argument; "" or null for a blank cell, or 0 on some builds, see
 * kinds/read.ts) turned into plain values. Which value a parameter takes is its kind's business (kinds/*.ts).
 */
import { serialToDate } from "../dates";

export const showValue = (value: unknown): string => (typeof value === "string" ? `"${value}"` : String(value));

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
export function dateText(value: unknown, format: "month" | "saturday"): string {
  if (typeof value === "number" && value >= 1 && value <= MAX_DATE_SERIAL) return dateFromSerial(value, format);
  const text = String(value).trim();
  const parts = /^(\d{4})[-/.](\d{1,2})(?:[-/.](\d{1,2}))?$/.exec(text);
  if (!parts) return text;
  const [, year, month, day] = parts;
  return `${year}${pad(Number(month))}${day === undefined ? "" : pad(Number(day))}`;
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

/** Text of a single-valued cell (a number typed as a keyword stays its digits). */
export function textValue(value: unknown): string {
  return typeof value === "string" ? value.trim() : String(value);
}
