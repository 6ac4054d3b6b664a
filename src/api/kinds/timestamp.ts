/**
 * The timestamp kind: a moment the service takes in epoch milliseconds (keepa_info's startTimestamp and
 * endTimestamp). People give it as a date: an Excel date (a serial number, the day at 00:00 UTC), `2025-08-02`
 * text (optionally with a time, `2025-08-02 14:30`, read in UTC), or epoch milliseconds as the service spells them.
 */
import * as z from "zod/mini";
import { t } from "../../i18n/cells";
import { serialToDate } from "../dates";
import { show, type KindDefinition } from "./kind";

/** Excel date serials lie far below epoch milliseconds of any date the service keeps (2000 and later). */
const MAX_DATE_SERIAL = 99999;
const MIN_EPOCH_MS = Date.UTC(2000, 0, 1);
const DATE_TEXT = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?Z?$/;

/** Epoch milliseconds of a typed moment; NaN when it is not one. */
function epochMsOf(value: number | string): number {
  if (typeof value === "number") {
    if (value >= 1 && value <= MAX_DATE_SERIAL) return serialToDate(value).getTime();
    return Number.isInteger(value) && value >= MIN_EPOCH_MS ? value : NaN;
  }
  const text = value.trim();
  if (/^\d+$/.test(text)) return epochMsOf(Number(text));
  const parts = DATE_TEXT.exec(text);
  if (!parts) return NaN;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((p) => Number(p ?? 0));
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(ms);
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day && ms >= MIN_EPOCH_MS ? ms : NaN;
}

export const TIMESTAMP_KIND: KindDefinition<number> = {
  traits: { list: "single", zero: "blank", excelArgument: "unknown" },
  caps: {},
  sample: () => "2025-08-02",
  schema: () =>
    z.pipe(
      z.union([z.number(), z.string()]),
      z.transform((value: number | string, ctx) => {
        const ms = epochMsOf(value);
        if (Number.isFinite(ms)) return ms;
        ctx.issues.push({
          code: "custom",
          input: value,
          message: t("v.expected", { expected: t("kind.timestamp.expected"), got: show(value) }),
          params: { rule: "date" },
        });
        return z.NEVER;
      }),
    ),
  fromCells: ([cell]) => cell,
  control: () => ({ type: "date" }),
  fromForm: (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
  words: {
    expected: () => t("kind.timestamp.expected"),
    docs: "kind.timestamp.docs",
    argumentHelp: "kind.timestamp.help",
  },
};
