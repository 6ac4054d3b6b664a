/**
 * The Alerts tab's form, without React: the condition picker's rows and the `when` text they make, the checks the
 * pane can make before anything is sent (the condition by the relay's own parser, src/relay-api/alert-condition.ts, so a
 * mistake shows inline with its place; the destinations' schemes and count; the name), the request body, and
 * which field of the form a relay's refusal names (its stable `data.problem`, src/relay-api/alerts.ts).
 */
import { parseCondition, type Comparison, type Expected } from "../../relay-api/alert-condition";
import {
  MAX_ALERT_NAME,
  MAX_DESTINATIONS,
  receiverFormatOf,
  SIGNING_FORMATS,
  type AlertEvery,
  type AlertProblem,
  type AlertRequest,
  type DestinationInput,
  type ReceiverFormat,
} from "../../relay-api/alerts";
import { listItems } from "../../api/kinds/list-items";
import { t, type MessageId } from "../../i18n";

/** One line of the picker: a column compared with a number, its change in % since the last run, or rows. */
export type ConditionKind = "compare" | "change" | "new" | "gone";

export interface ConditionRow {
  readonly kind: ConditionKind;
  /** The column's wire name (compare and change). */
  readonly field: string;
  readonly op: Comparison;
  /** As typed: a number (compare) or a percentage without its `%` (change). */
  readonly number: string;
}

export type AlertLanguage = "en" | "zh-CN";

export interface AlertDraft {
  readonly name: string;
  readonly query: string;
  /** The condition's text: made by the picker, or typed. */
  readonly when: string;
  readonly every: AlertEvery;
  readonly digest: boolean;
  /** Destinations as typed, one a line. */
  readonly deliver: string;
  /** Signing secrets as typed, by the destination they sign (a DingTalk robot's or a Feishu bot's). */
  readonly secrets: Readonly<Record<string, string>>;
  readonly language: AlertLanguage;
}

/** The parts of the form a message can be about. */
export type FormField = "name" | "query" | "when" | "every" | "digest" | "deliver" | "language" | "form";

export type FieldProblems = Partial<Record<FormField, string>>;

export const COMPARISONS: readonly Comparison[] = ["<", "<=", ">", ">=", "=", "!="];
export const CONDITION_KINDS: readonly ConditionKind[] = ["compare", "change", "new", "gone"];

/** A field name as the condition language reads it: bare when it is one word, else in double quotes. */
function fieldText(field: string): string {
  const bare = /^[\p{L}\p{N}_][\p{L}\p{N}\p{M}_.]*$/u.test(field) && !/^(and|or|change|new|gone|rows)$/i.test(field);
  return bare ? field : `"${field.replace(/"/g, '""')}"`;
}

/** One row as condition text; "" while it is incomplete (no field, no number). */
export function rowText(row: ConditionRow): string {
  const kind = row.kind;
  switch (kind) {
    case "new":
    case "gone":
      return `${kind} rows`;
    case "compare":
      return row.field && row.number.trim() ? `${fieldText(row.field)} ${row.op} ${row.number.trim()}` : "";
    case "change":
      return row.field && row.number.trim()
        ? `${fieldText(row.field)} change ${row.op} ${row.number.trim().replace(/%$/, "")}%`
        : "";
    default: {
      const unknown: never = kind;
      throw new Error(`unknown condition kind ${String(unknown)}`);
    }
  }
}

/** The picker's rows joined with `and` or `or` (its complete rows only). */
export function conditionText(rows: readonly ConditionRow[], join: "and" | "or"): string {
  return rows.map(rowText).filter(Boolean).join(` ${join} `);
}

const EXPECTED: Readonly<Record<Expected, MessageId>> = {
  condition: "alerts.expected.condition",
  field: "alerts.expected.field",
  comparison: "alerts.expected.comparison",
  changeOrComparison: "alerts.expected.changeOrComparison",
  number: "alerts.expected.number",
  percent: "alerts.expected.percent",
  rows: "alerts.expected.rows",
  andOr: "alerts.expected.andOr",
  closeParen: "alerts.expected.closeParen",
  end: "alerts.expected.end",
};

/** What is wrong with a condition's text, with its place, in the pane's words; undefined when it parses. */
export function whenProblem(text: string): string | undefined {
  if (!text.trim()) return t("alerts.when.empty");
  const parsed = parseCondition(text);
  if (!("error" in parsed)) return undefined;
  const { position, expected, found } = parsed.error;
  const list = expected.map((e) => t(EXPECTED[e]));
  const words =
    list.length > 1
      ? t("alerts.expected.either", { first: list.slice(0, -1).join(", "), last: list.at(-1)! })
      : list[0];
  return found === ""
    ? t("alerts.when.syntaxAtEnd", { position, expected: words })
    : t("alerts.when.syntax", { position, expected: words, found });
}

/**
 * The destinations typed, one a line or separated as any list is (api/kinds/list-items.ts; an address holds no
 * space, so spaces separate too): each as written.
 */
export const destinationsOf = (text: string): string[] => listItems(text, "separate");

/**
 * Why the destinations cannot be sent (count, scheme), naming the first wrong one; undefined when they can. An
 * `http://` webhook is the relay's to judge: one started for local testing (MAD_ALERTS_ALLOW_PRIVATE=1) takes it,
 * any other refuses it in its check, on this field (issue 46).
 */
export function deliverProblem(text: string): string | undefined {
  const list = destinationsOf(text);
  if (!list.length) return t("alerts.deliver.none");
  if (list.length > MAX_DESTINATIONS) return t("alerts.deliver.tooMany", { max: MAX_DESTINATIONS, count: list.length });
  const wrong = list.find((d) => !/^https?:\/\/[^\s/]+/i.test(d) && !/^mailto:[^@\s]+@[^@\s]+$/i.test(d));
  return wrong ? t("alerts.deliver.scheme", { destination: wrong }) : undefined;
}

/** A destination that can sign its messages with a secret, and its receiver. */
export interface SigningDestination {
  readonly destination: string;
  readonly format: ReceiverFormat;
}

/** The destinations typed whose receiver signs (DingTalk, Feishu/Lark): each may be given its signing secret. */
export function signingDestinations(text: string): SigningDestination[] {
  return [...new Set(destinationsOf(text))].flatMap((destination) => {
    if (!/^https:\/\//i.test(destination)) return [];
    try {
      const format = receiverFormatOf(new URL(destination));
      return SIGNING_FORMATS.has(format) ? [{ destination, format }] : [];
    } catch {
      return [];
    }
  });
}

/** The destinations as sent: a signing receiver's with its secret when one was given for it. */
function destinationInputs(draft: AlertDraft): DestinationInput[] {
  const signing = new Set(signingDestinations(draft.deliver).map((d) => d.destination));
  return destinationsOf(draft.deliver).map((destination) => {
    const secret = signing.has(destination) ? draft.secrets[destination]?.trim() : undefined;
    return secret ? { url: destination, secret } : destination;
  });
}

/** What the pane can tell is wrong before sending, by field (the relay checks the rest and says so). */
export function draftProblems(draft: AlertDraft): FieldProblems {
  const name = draft.name.trim();
  const problems: FieldProblems = {
    name: !name
      ? t("alerts.name.empty")
      : name.length > MAX_ALERT_NAME
        ? t("alerts.name.tooLong", { max: MAX_ALERT_NAME })
        : undefined,
    query: /^\s*=?\s*MAD\./i.test(draft.query) ? undefined : t("alerts.query.notMad"),
    when: whenProblem(draft.when),
    deliver: deliverProblem(draft.deliver),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, v]) => v)) as FieldProblems;
}

/** The body of `PUT /v1/alerts/{id}`. */
export function alertRequest(draft: AlertDraft, muted = false): AlertRequest {
  const query = draft.query.trim();
  return {
    name: draft.name.trim(),
    query: query.startsWith("=") ? query : `=${query}`,
    when: draft.when.trim(),
    every: draft.every,
    digest: draft.digest,
    deliver: destinationInputs(draft),
    language: draft.language,
    muted,
    // The messages' times in the member's own time zone, as a schedule's (issue 46).
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
  };
}

/** The field of the form a refusal is about: shown there, inline (a refusal about the whole alert above the buttons). */
export function fieldOfProblem(problem: AlertProblem): FormField {
  switch (problem) {
    case "name":
      return "name";
    case "query":
    case "query-arguments":
      return "query";
    case "when-syntax":
    case "when-field":
    case "when-not-number":
      return "when";
    case "every":
      return "every";
    case "digest":
      return "digest";
    case "language":
      return "language";
    case "deliver":
    case "destination":
    case "destination-refused":
    case "keep":
      return "deliver";
    case "body":
    case "id":
    case "muted":
    case "time-zone":
    case "too-many-alerts":
    case "over-budget":
    case "not-yours":
    case "not-found":
    case "method":
      return "form";
    default: {
      const unknown: never = problem;
      throw new Error(`unknown alert problem ${String(unknown)}`);
    }
  }
}

/** A new alert's id on the relay (8 to 64 letters, digits, `-`, `_`: ALERT_ID). */
export const newAlertId = (): string => `pane-${globalThis.crypto.randomUUID()}`;

/** A form for the formula: its query and a name; a daily alert on new rows, to the person's language. */
export function draftFor(query: string, name: string, language: AlertLanguage): AlertDraft {
  return { name, query, when: "new rows", every: "daily", digest: false, deliver: "", secrets: {}, language };
}
