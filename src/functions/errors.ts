/**
 * Any failure of a formula to the error its cell shows. Bad input is #VALUE! with the argument and the rule;
 * everything else (no secret, a refused secret, quota, network, service faults, timeouts) is #N/A saying what
 * happened and what to do, from the error's own `advice`. Excel shows short messages only: at most 250 chars.
 */
import { TASK_PANE_PLACE } from "../api/ribbon";
import type { AnyOperation } from "../api/catalog";
import { isMadError, ParamError, ValidationError, type MadError } from "../api/errors";
import { makeCellError, type CellError, type CellErrorCode } from "./cell-error";
import { ResultTooLargeError } from "../table/result-size";

export const MAX_MESSAGE = 250;

export const PREVIEW_MESSAGE = "Preview: press Enter to run the query (no call spent in preview).";
/**
 * How a person reruns a formula: F9 (Calculate Now) does not rerun non-volatile custom functions (office-js #1462);
 * Refresh in the task pane's Reports tab does, and so does a full calculation (Ctrl+Alt+F9).
 */
export const RERUN = "To rerun it: Refresh in the task pane's Reports tab, or Ctrl+Alt+F9.";

/** Advice to try again later, in a cell, says how: F9 alone would not run the formula again. */
function inCell(advice: string): string {
  return /(^|[.;] )(Try again|Retry|Recalculate)\b/.test(advice) ? `${sentence(advice)} ${RERUN}` : advice;
}
export const CANCELLED_MESSAGE = `Cancelled by Excel. ${RERUN}`;
const TOO_LARGE_ADVICE = "Ask for fewer fields or a lower limit, or use Insert as table in the task pane";

/** Where the secret is set; added to the secret errors, whose advice speaks of "the add-in's settings". */
const SETTINGS_WHERE = `They are in ${TASK_PANE_PLACE}.`;

export interface CellFailure {
  readonly code: CellErrorCode;
  readonly message: string;
}

function fit(text: string, limit = MAX_MESSAGE): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= limit ? clean : `${clean.slice(0, limit - 1)}…`;
}

const sentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** What happened, then what to do; the "what happened" part is shortened first so the advice always shows. */
function explain(what: string, advice: string): string {
  const todo = sentence(advice);
  const room = MAX_MESSAGE - todo.length - 1;
  return fit(`${fit(sentence(what), Math.max(40, room))} ${todo}`);
}

/** How the user names a wire parameter: its argument (`asins` for asinList), or `name (in filters)`. */
export function argumentLabel(op: AnyOperation | undefined, param: string): string {
  if (param === "marketplace") return "market";
  if (param === "returnFields") return "fields";
  const positional = op?.positional.find((p) => p.param === param);
  if (positional) return positional.arg;
  const isParam = op?.params.some((p) => p.name === param);
  return isParam ? `${param} (in filters)` : param;
}

/** The validator words messages as `wireName: rule`; cells name the argument the user typed instead. */
function validationMessage(op: AnyOperation | undefined, error: ValidationError): string {
  const prefix = `${error.param}:`;
  if (!error.message.startsWith(prefix)) return error.message;
  return `${argumentLabel(op, error.param)}:${error.message.slice(prefix.length)}`;
}

/** The cell's error code and message for any thrown value. */
export function describeFailure(error: unknown, op?: AnyOperation): CellFailure {
  if (error instanceof ValidationError) return { code: "#VALUE!", message: fit(validationMessage(op, error)) };
  if (error instanceof ResultTooLargeError) return { code: "#N/A", message: explain(error.message, TOO_LARGE_ADVICE) };
  if (!isMadError(error)) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      code: "#N/A",
      message: explain(`Unexpected error: ${detail}`, `${RERUN} If it persists, report it with the formula.`),
    };
  }
  if (error instanceof ParamError && error.param) {
    // The service names its wire parameter; say where the formula sets it (an argument, or in filters).
    const label = argumentLabel(op, error.param);
    const named = label.startsWith(error.param) ? label : `${error.param} (${label})`;
    const what = error.message.replace(`parameter ${error.param}`, `parameter ${named}`);
    return { code: "#N/A", message: explain(what, inCell(error.advice)) };
  }
  const mad = error as MadError & { kind: string };
  switch (mad.kind) {
    case "cacheMiss":
      return { code: "#N/A", message: PREVIEW_MESSAGE };
    case "abort":
      return { code: "#N/A", message: CANCELLED_MESSAGE };
    case "secretKey":
    case "secretKeyOverdue":
    case "secretKeyInvalid":
    case "unauthorized":
      return { code: "#N/A", message: explain(mad.message, `${sentence(mad.advice)} ${SETTINGS_WHERE}`) };
    default:
      return { code: "#N/A", message: explain(mad.message, inCell(mad.advice)) };
  }
}

/** Replaces every occurrence of the secret (defence in depth: the client already redacts its errors). */
export function withoutSecret(failure: CellFailure, secret: string | null | undefined): CellFailure {
  if (!secret || !failure.message.includes(secret)) return failure;
  return { ...failure, message: failure.message.split(secret).join("[secret]") };
}

export function toCellError(failure: CellFailure): CellError {
  return makeCellError(failure.code, failure.message);
}
