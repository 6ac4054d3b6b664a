/**
 * The row limit of a query (`limit`): the one rule and the one message for the formula's limit argument, the task
 * pane's limit box and the engine (which checks it again for programmatic callers). Here, below both faces and the
 * engine, because all three need it.
 */
import { ROW_CAP } from "./catalog";
import { ValidationError } from "./errors";
import { t } from "../i18n/cells";

/**
 * Rows wanted: a whole number from 1 to ROW_CAP (the service keeps only the top ROW_CAP rows of a query);
 * undefined when not given. `shown`: how the value appears in the message, when the caller read it from text or a
 * range (default: quoted text, a number as it is).
 */
export function checkLimit(value: unknown, shown?: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= ROW_CAP) return value;
  const got = shown ?? (typeof value === "string" ? `"${value}"` : String(value));
  throw new ValidationError("limit", "range", t("v.limit", { max: String(ROW_CAP), got }));
}

/** The limit as typed into a text box: undefined when blank, else the number checked by checkLimit. */
export function limitFromText(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const value = Number(trimmed);
  return checkLimit(Number.isFinite(value) ? value : trimmed, Number.isFinite(value) ? trimmed : `"${trimmed}"`);
}
