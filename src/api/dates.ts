/**
 * Date rules of the service's parameters: `yyyyMM` months and `yyyyMMdd` Saturdays (ABA weeks end on Saturday).
 * Calendar arithmetic uses UTC so a check gives the same answer on every machine; "now" is injected for tests.
 */
import { t } from "../i18n/cells";

type DateRule = "month" | "saturday" | "future" | "monthsBack";

export interface DateIssue {
  readonly rule: DateRule;
  /** The rule broken, in the active language, without the parameter's name. */
  readonly problem: string;
}

const monthIndex = (year: number, month: number) => year * 12 + (month - 1);
const nowMonthIndex = (now: Date) => monthIndex(now.getUTCFullYear(), now.getUTCMonth() + 1);

function monthsBackIssue(
  text: string,
  index: number,
  now: Date,
  maxMonthsBack: number | undefined,
): DateIssue | undefined {
  if (maxMonthsBack === undefined) return undefined;
  const back = nowMonthIndex(now) - index;
  if (back <= maxMonthsBack) return undefined;
  return {
    rule: "monthsBack",
    problem: t("v.monthsBack", { text, back, max: maxMonthsBack }),
  };
}

/** `yyyyMM`: a real month, not in the future, at most `maxMonthsBack` months back. */
export function checkMonth(text: string, now: Date, maxMonthsBack?: number): DateIssue | undefined {
  if (!/^\d{6}$/.test(text)) return { rule: "month", problem: t("v.monthFormat", { text }) };
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(4, 6));
  if (month < 1 || month > 12) return { rule: "month", problem: t("v.notAMonth", { text }) };
  const index = monthIndex(year, month);
  if (index > nowMonthIndex(now)) return { rule: "future", problem: t("v.future", { text }) };
  return monthsBackIssue(text, index, now, maxMonthsBack);
}

/** `yyyyMMdd`: a real date that falls on a Saturday, not in the future (and within `maxMonthsBack` months). */
export function checkSaturday(text: string, now: Date, maxMonthsBack?: number): DateIssue | undefined {
  if (!/^\d{8}$/.test(text)) return { rule: "saturday", problem: t("v.saturdayFormat", { text }) };
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(4, 6));
  const day = Number(text.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return { rule: "saturday", problem: t("v.notADate", { text }) };
  }
  if (date.getUTCDay() !== 6) return { rule: "saturday", problem: t("v.notASaturday", { text }) };
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (date.getTime() > today) return { rule: "future", problem: t("v.future", { text }) };
  return monthsBackIssue(text, monthIndex(year, month), now, maxMonthsBack);
}

/** The most recent Saturday on or before `now` as yyyyMMdd (for examples, builders and tests). */
export function latestSaturday(now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 1) % 7));
  return formatDate(date);
}

/** The month `monthsBack` months before `now` as yyyyMM. */
export function monthBefore(now: Date, monthsBack: number): string {
  const index = nowMonthIndex(now) - monthsBack;
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, "0")}`;
}

function formatDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
}

const MS_PER_DAY = 86_400_000;
/** Days from Excel's 1900 epoch (serial 0 = 1899-12-30) to 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25569;

/** An Excel date serial number (days since 1899-12-30, a fraction for the time of day) of a moment. */
export function epochMsToSerial(ms: number): number {
  return ms / MS_PER_DAY + UNIX_EPOCH_SERIAL;
}

/** The Excel date-time serial of a moment as this computer's clock shows it (Excel date-times have no time zone). */
export function localDateTimeSerial(ms: number): number {
  return epochMsToSerial(ms - new Date(ms).getTimezoneOffset() * 60_000);
}

/** The moment (UTC) an Excel date serial number stands for: a date typed into a cell arrives as one. */
export function serialToDate(serial: number): Date {
  return new Date(Math.round((serial - UNIX_EPOCH_SERIAL) * MS_PER_DAY));
}
