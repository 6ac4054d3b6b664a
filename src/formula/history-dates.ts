/**
 * A history's own arguments checked: `start` and `end` are dates (the timestamp kind's rules), the start is not
 * after the end, and `interval` is one the history has figures for. One check for both faces: the MAD function
 * reads the values from its cells, the task pane from its form, and both pass them here (a ValidationError per
 * problem, named by the argument).
 */
import type { AnyOperation } from "../api/catalog";
import { t } from "../i18n/cells";
import { ValidationError } from "../api/errors";
import {
  HISTORY_ARGS,
  intervalsOf,
  type HistoryArgName,
  type HistoryForm,
  type HistoryRequest,
  type Interval,
} from "../api/history-form";
import { PARAM_KINDS, schemaOf } from "../api/kinds";
import { show } from "../api/kinds/kind";

/** One value against its kind's schema: the checked value, or the problem in the argument's words. */
function checked(name: HistoryArgName, value: unknown): { value?: unknown; error?: ValidationError } {
  const spec = HISTORY_ARGS[name];
  const parsed = schemaOf(spec).safeParse(value);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0];
  const custom = issue.code === "custom";
  const problem = custom
    ? issue.message
    : t("v.expected", { expected: PARAM_KINDS[spec.kind].words.expected(), got: show(value) });
  const rule = custom ? String(issue.params?.rule ?? "type") : "type";
  return { error: new ValidationError(name, rule, problem) };
}

/** The request a history's arguments describe (blank ones left out), or every problem with them. */
export function checkHistoryArgs(
  op: AnyOperation,
  form: HistoryForm,
  raw: Partial<Readonly<Record<HistoryArgName, unknown>>>,
): { request?: HistoryRequest; errors: ValidationError[] } {
  const errors: ValidationError[] = [];
  const read = (name: HistoryArgName) => {
    if (raw[name] === undefined) return undefined;
    const { value, error } = checked(name, raw[name]);
    if (error) errors.push(error);
    return value;
  };
  const start = read("start") as number | undefined;
  const end = read("end") as number | undefined;
  const interval = (read("interval") as Interval | undefined) ?? form.defaultInterval;
  if (start !== undefined && end !== undefined && start > end)
    errors.push(new ValidationError("start", "range", t("history.startAfterEnd"), ["start", "end"]));
  const allowed = intervalsOf(form);
  if (!allowed.includes(interval))
    errors.push(
      new ValidationError(
        "interval",
        "enum",
        t("history.intervalOnly", { fn: `MAD.${op.fn}`, intervals: allowed.join(", "), got: interval }),
      ),
    );
  if (errors.length) return { errors };
  return {
    request: { ...(start === undefined ? {} : { start }), ...(end === undefined ? {} : { end }), interval },
    errors,
  };
}
