/**
 * Numbers and dates outside messages (a count in a list, a refresh time), formatted by the active language's
 * rules through Intl, as the messages format theirs.
 */
import { currentLocale } from "./locale";

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `12,873` in English and in Chinese (grouped), by the active language. */
export function formatCount(value: number): string {
  const locale = currentLocale();
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}

/** A date and time: `Mar 4, 2025, 10:20 AM`, `2025年3月4日 10:20`. */
export function formatDateTime(at: Date | number): string {
  const locale = currentLocale();
  let format = dateFormats.get(locale);
  if (!format)
    dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" })));
  return format.format(at);
}
