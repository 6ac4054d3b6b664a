/**
 * How the preview shows a cell value: Excel's "General" look by default, and the few number-format codes the
 * add-in writes (dates, thousands separators, fixed decimals, percent, currency prefix quoted or as `[$AED]`, `@`
 * text).
 */
import type { Scalar } from "./formula";
import { compare, type Comparison } from "../lib/compare";

/** Excel's serial day of 1970-01-01 (serials count days from 1899-12-30). */
const EXCEL_EPOCH_SERIAL = 25569;
const MS_PER_DAY = 86_400_000;

export function formatValue(value: Scalar | null, format?: string): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "string") return value;
  if (!format || format === "General" || format === "@") return formatGeneral(value);
  const section = sectionFor(value, withCurrencyText(format));
  if (isDateFormat(section.code)) return formatDate(section.value, section.code);
  return formatNumber(section.value, section.code);
}

const CONDITION = /^\[(<=|>=|<>|<|>|=)(-?\d+(?:\.\d+)?)\]/;

/** A currency item, `[$AED]` or `[$€-x-euro2]`, shown as its symbol: the same code with the symbol quoted. */
const withCurrencyText = (format: string) =>
  format.replace(/\[\$([^\]-]*)(?:-[^\]]*)?\]/g, (_, symbol: string) => `"${symbol}"`);

/**
 * The section of a code with several (`positive;negative;zero`, or conditional as `[<10000]0;yyyy-mm-dd`, which the
 * add-in writes for a column of years or dates) that shows `value`, as Excel picks it; a negative section shows the
 * value without its sign. Colours (`[Red]`) are dropped: the preview shows text only.
 */
function sectionFor(value: number, format: string): { code: string; value: number } {
  const sections = format.match(/(?:"[^"]*"|\\.|[^;])+/g) ?? [format];
  const conditions = sections.map((s) => CONDITION.exec(s));
  const bare = (code: string) => code.replace(CONDITION, "").replace(/\[[A-Za-z]+\]/g, "");
  if (conditions.some(Boolean)) {
    const met = sections.findIndex(
      (_, i) => conditions[i] && holds(value, conditions[i]![1], Number(conditions[i]![2])),
    );
    const otherwise = sections.findIndex((_, i) => !conditions[i]);
    const index = met >= 0 ? met : otherwise >= 0 ? otherwise : sections.length - 1;
    return { code: bare(sections[index]), value };
  }
  if (value < 0 && sections.length > 1) return { code: bare(sections[1]), value: -value };
  if (value === 0 && sections.length > 2) return { code: bare(sections[2]), value };
  return { code: bare(sections[0]), value };
}

/** Whether `value` meets a format's condition (`<>` is Excel's "not equal"). */
function holds(value: number, operator: string, limit: number): boolean {
  return compare(value, operator === "<>" ? "!=" : (operator as Comparison), limit);
}

/** Whole numbers as is; others to 10 significant digits without trailing zeros, like a default-width cell. */
function formatGeneral(value: number): string {
  if (!Number.isFinite(value)) return "#NUM!";
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  return String(Number(value.toPrecision(10)));
}

function isDateFormat(code: string): boolean {
  return /[ymdhs]/i.test(code.replace(/"[^"]*"|\\./g, ""));
}

/** yyyy, yy, mm (month; minutes after h), dd, hh, ss; other characters are copied. */
function formatDate(serial: number, code: string): string {
  const date = new Date(Math.round((serial - EXCEL_EPOCH_SERIAL) * MS_PER_DAY));
  if (Number.isNaN(date.getTime())) return formatGeneral(serial);
  const pad = (n: number) => String(n).padStart(2, "0");
  let afterHour = false;
  return code.replace(/"([^"]*)"|yyyy|yy|mm|m|dd|d|hh|h|ss|s/gi, (token, quoted: string | undefined) => {
    if (quoted !== undefined) return quoted;
    const lower = token.toLowerCase();
    if (lower.startsWith("y"))
      return lower === "yyyy" ? String(date.getUTCFullYear()) : pad(date.getUTCFullYear() % 100);
    if (lower.startsWith("d")) return lower === "dd" ? pad(date.getUTCDate()) : String(date.getUTCDate());
    if (lower.startsWith("h")) {
      afterHour = true;
      return lower === "hh" ? pad(date.getUTCHours()) : String(date.getUTCHours());
    }
    if (lower.startsWith("s")) return pad(date.getUTCSeconds());
    const minutes = afterHour;
    afterHour = false;
    const n = minutes ? date.getUTCMinutes() : date.getUTCMonth() + 1;
    return lower === "mm" ? pad(n) : String(n);
  });
}

/** Codes such as `#,##0`, `0.00`, `0.0%`, `$#,##0.00`, `"€"#,##0`. */
function formatNumber(value: number, code: string): string {
  const body = /[#0][#0,]*(\.0+)?%?/.exec(code.replace(/"[^"]*"/g, (quoted) => " ".repeat(quoted.length)));
  // A section of words only ("none") shows them; an empty one or General shows the number.
  if (!body) return /^\s*(general)?\s*$/i.test(code) ? formatGeneral(value) : literal(code);
  const [prefix, suffix] = [code.slice(0, body.index), code.slice(body.index + body[0].length)].map(literal);
  const percent = body[0].endsWith("%");
  const decimals = body[1] ? body[1].length - 1 : 0;
  const scaled = percent ? value * 100 : value;
  const text = Math.abs(scaled).toLocaleString("en-US", {
    useGrouping: body[0].includes(","),
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return `${scaled < 0 ? "-" : ""}${prefix}${text}${percent ? "%" : ""}${suffix}`;
}

/** A code's words as shown: quotes and backslash escapes removed. */
function literal(code: string): string {
  return code.replace(/"([^"]*)"/g, "$1").replace(/\\(.)/g, "$1");
}
