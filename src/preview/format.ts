/**
 * How the preview shows a cell value: Excel's "General" look by default, and the few number-format codes the
 * add-in writes (dates, thousands separators, fixed decimals, percent, currency prefix, `@` text).
 */
import type { Scalar } from "./formula";

/** Excel's serial day of 1970-01-01 (serials count days from 1899-12-30). */
const EXCEL_EPOCH_SERIAL = 25569;
const MS_PER_DAY = 86_400_000;

export function formatValue(value: Scalar | null, format?: string): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "string") return value;
  if (!format || format === "General" || format === "@") return formatGeneral(value);
  const code = format.split(";")[0];
  if (isDateFormat(code)) return formatDate(value, code);
  return formatNumber(value, code);
}

/** Whole numbers as is; others to 10 significant digits without trailing zeros, like a default-width cell. */
export function formatGeneral(value: number): string {
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
  const body = /[#0][#0,]*(\.0+)?%?/.exec(code);
  if (!body) return formatGeneral(value);
  const [prefix, suffix] = [code.slice(0, body.index), code.slice(body.index + body[0].length)].map((s) =>
    s.replace(/"([^"]*)"/g, "$1").replace(/\\(.)/g, "$1"),
  );
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
