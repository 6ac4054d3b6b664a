/**
 * Any failure of a formula to the error its cell shows. Bad input is #VALUE! with the argument and the rule;
 * everything else (no secret, a refused secret, quota, network, service faults, timeouts) is #N/A saying what
 * happened and what to do, from the error's own `advice`. Excel shows short messages only: at most 250 chars.
 */
import { taskPanePlace } from "../i18n/ribbon";
import { t } from "../i18n/cells";
import type { AnyOperation } from "../api/catalog";
import { isMadError, ParamError, ValidationError, type MadError } from "../api/errors";
import { makeCellError, type CellError, type CellErrorCode } from "./cell-error";
import { ResultTooLargeError } from "../table/result-size";

export const MAX_MESSAGE = 250;

/**
 * How a person reruns a formula: F9 (Calculate Now) does not rerun non-volatile custom functions (office-js #1462);
 * Refresh in the task pane's Reports tab does, and so does a full calculation (Ctrl+Alt+F9).
 */
const rerun = () => t("cell.rerun");

/** Advice to try again, in either language's words (English: Try again, Retry, Recalculate; Chinese: 重试, 重新计算). */
const TRY_AGAIN = /(^|[.;] )(Try again|Retry|Recalculate)\b|(^|[。；])[^。；]{0,8}(重试|重新计算)/;

/** Advice to try again later, in a cell, says how: F9 alone would not run the formula again. */
function inCell(advice: string): string {
  return TRY_AGAIN.test(advice) ? sentences(sentence(advice), rerun()) : advice;
}

/** Where the secret is set; added to the secret errors, whose advice speaks of "the add-in's settings". */
const settingsWhere = () => t("cell.settingsWhere", { place: taskPanePlace() });

export interface CellFailure {
  readonly code: CellErrorCode;
  readonly message: string;
}

function fit(text: string, limit = MAX_MESSAGE): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= limit ? clean : `${clean.slice(0, limit - 1)}…`;
}

/** A sentence with its full stop: English ends in `.`, Chinese in `。` (either stays when the text has one). */
const sentence = (text: string) => {
  const trimmed = text.trim();
  if (/[.!?…。！？]$/.test(trimmed)) return trimmed;
  return `${trimmed}${/[\u3400-\u9fff]/.test(trimmed) ? "。" : "."}`;
};

/** Two sentences as the language joins them (a space in English, none in Chinese). */
const sentences = (first: string, second: string) => t("cell.sentences", { first, second });

/** What happened, then what to do; the "what happened" part is shortened first so the advice always shows. */
function explain(what: string, advice: string): string {
  const todo = sentence(advice);
  const room = MAX_MESSAGE - todo.length - 1;
  return fit(sentences(fit(sentence(what), Math.max(40, room)), todo));
}

/** How the user names a wire parameter: its argument (`asins` for asinList), or `name (in filters)`. */
function argumentLabel(op: AnyOperation | undefined, param: string): string {
  if (param === "marketplace") return "market";
  if (param === "returnFields") return "fields";
  const positional = op?.positional.find((p) => p.param === param);
  if (positional) return positional.arg;
  const isParam = op?.params.some((p) => p.name === param);
  return isParam ? t("inFilters", { name: param }) : param;
}

/**
 * The validator names a parameter by its wire name; a cell names the argument the person typed instead. An error
 * the arguments' reader raised already names it so (`minPrice (in filters)`), and keeps its message.
 */
function validationMessage(op: AnyOperation | undefined, error: ValidationError): string {
  if (!error.message.startsWith(t("named", { name: error.param, problem: "" }))) return error.message;
  return t("named", { name: argumentLabel(op, error.param), problem: error.problem });
}

/** The cell's error code and message for any thrown value. */
export function describeFailure(error: unknown, op?: AnyOperation): CellFailure {
  if (error instanceof ValidationError) return { code: "#VALUE!", message: fit(validationMessage(op, error)) };
  if (error instanceof ResultTooLargeError)
    return { code: "#N/A", message: explain(error.message, t("cell.tooLargeAdvice")) };
  if (!isMadError(error)) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      code: "#N/A",
      message: explain(t("cell.unexpected", { detail }), sentences(rerun(), t("cell.unexpectedAdvice"))),
    };
  }
  if (error instanceof ParamError && error.param) {
    // The service names its wire parameter; say where the formula sets it (an argument, or in filters).
    const label = argumentLabel(op, error.param);
    const named = label.startsWith(error.param) ? label : `${error.param} (${label})`;
    const what = error.message.replace(error.param, named);
    return { code: "#N/A", message: explain(what, inCell(error.advice)) };
  }
  const mad = error as MadError & { kind: string };
  switch (mad.kind) {
    case "cacheMiss":
      return { code: "#N/A", message: t("cell.preview") };
    case "abort":
      return { code: "#N/A", message: sentences(t("cell.cancelled"), rerun()) };
    case "secretKey":
    case "secretKeyOverdue":
    case "secretKeyInvalid":
    case "unauthorized":
      return { code: "#N/A", message: explain(mad.message, sentences(sentence(mad.advice), settingsWhere())) };
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
