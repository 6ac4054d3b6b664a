/**
 * Numbers outside messages (a value in the pane's preview table), formatted by the active language's rules through
 * Intl, as messages format theirs (`{n, number}`).
 */
import { currentLocale } from "./locale";

const numberFormats = new Map<string, Intl.NumberFormat>();

/** `8,623` and `0.0831` in English and in Chinese: grouped, at most four decimals, by the active language. */
export function formatNumber(value: number): string {
  const locale = currentLocale();
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 })));
  return format.format(value);
}
