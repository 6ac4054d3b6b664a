/**
 * A member's `PUT /v1/alerts/{id}` read into an alert, every field checked in the alert's language: its name (no
 * control or direction-changing characters), its query (./query.ts), its condition, how often, digest, language,
 * muted, and its destinations (./destinations.ts, which resolves their hosts). Then what it costs a month and
 * whether that fits the member's and the plan's budgets.
 */
import { createHash } from "node:crypto";
import {
  isAlertEvery,
  MAX_ALERT_NAME,
  type AlertCost,
  type AlertEvery,
  type AlertRequest,
} from "../../../relay-api/alerts";
import { canonicalJson } from "../../../lib/canonical-json";
import { t } from "../../../i18n/alerts";
import { localeOf, type Locale } from "../../../i18n/locale";
import type { PacedKey, Member } from "../team-store";
import { readDestinations, type DestinationRules } from "./destinations";
import type { StoredAlert } from "./model";
import { compileCondition, compileQuery, costOf, type CompiledQuery, type Refusal } from "./query";

/** Control characters (C0, DEL, C1) and the ones that turn text around (bidi overrides and isolates). */
const UNSAFE_TEXT = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** The language of an alert: the body's, else the member's add-in's (its Accept-Language), else English. */
export function languageOf(body: unknown, acceptLanguage: string | undefined): Locale {
  const given = (body as { language?: unknown } | null)?.language;
  if (given === "en" || given === "zh-CN") return given;
  return localeOf(acceptLanguage?.split(",")[0]);
}

/** What a run compares depends on these: a change to them starts the comparison afresh. */
const versionOf = (query: CompiledQuery, when: string): string =>
  createHash("sha256")
    .update(`${query.op.code}\n${canonicalJson(query.params)}\n${query.limit ?? ""}\n${when.trim()}`)
    .digest("hex")
    .slice(0, 16);

const optionalBoolean = (value: unknown, fallback: boolean): boolean | undefined =>
  value === undefined ? fallback : typeof value === "boolean" ? value : undefined;

/** An IANA time zone this relay's Intl knows (`Asia/Shanghai`), undefined when absent; null when it is not one. */
function timeZoneOf(value: unknown, saved: string | undefined): string | undefined | null {
  if (value === undefined) return saved;
  if (typeof value !== "string" || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export interface ReadAlert {
  readonly alert: StoredAlert;
  readonly cost: AlertCost;
}

/** Checks everything a member sent; the first problem as a refusal. Resolves destination hosts; sends nothing. */
export async function readAlert(
  body: unknown,
  context: {
    id: string;
    member: Member;
    saved?: StoredAlert;
    now: number;
    rules: DestinationRules;
    /** The words of a refusal (the requester's). */
    locale: Locale;
    /** The alert's own language, of the messages it sends. */
    language: Locale;
  },
): Promise<{ read: ReadAlert } | { refused: Refusal }> {
  const { locale, saved, now } = context;
  const say = t.in(locale);
  // The fields of an AlertRequest, each unchecked until read below.
  const input = body as { [K in keyof AlertRequest]?: unknown } | null;
  if (!input || typeof input !== "object" || Array.isArray(input))
    return { refused: { problem: "body", message: say("error.body") } };
  if (input.language !== undefined && input.language !== "en" && input.language !== "zh-CN")
    return { refused: { problem: "language", message: say("error.language") } };
  const { name } = input;
  if (typeof name !== "string" || name.trim() === "" || name.length > MAX_ALERT_NAME || UNSAFE_TEXT.test(name))
    return { refused: { problem: "name", message: say("error.name", { max: MAX_ALERT_NAME }) } };
  const compiled = compileQuery(input.query, locale, new Date(now));
  if ("refused" in compiled) return compiled;
  const condition = compileCondition(input.when, compiled.query, locale);
  if ("refused" in condition) return condition;
  const every = input.every ?? "daily";
  if (!isAlertEvery(every)) return { refused: { problem: "every", message: say("error.every") } };
  const digest = optionalBoolean(input.digest, false);
  if (digest === undefined) return { refused: { problem: "digest", message: say("error.digest") } };
  const muted = optionalBoolean(input.muted, saved?.muted ?? false);
  if (muted === undefined) return { refused: { problem: "muted", message: say("error.muted") } };
  const timeZone = timeZoneOf(input.timeZone, saved?.timeZone);
  if (timeZone === null) return { refused: { problem: "time-zone", message: say("error.timeZone") } };
  const destinations = await readDestinations(
    input.deliver,
    saved?.destinations ?? [],
    context.rules,
    locale,
    context.member.name,
  );
  if ("refused" in destinations) return destinations;
  const alert: StoredAlert = {
    id: context.id,
    member: context.member.name,
    memberSince: context.member.createdAt,
    name: name.trim(),
    query: (input.query as string).trim(),
    when: (input.when as string).trim(),
    every: every as AlertEvery,
    digest,
    language: context.language,
    muted,
    ...(timeZone ? { timeZone } : {}),
    destinations: destinations.destinations,
    createdAt: saved?.createdAt ?? now,
    updatedAt: now,
    version: versionOf(compiled.query, input.when as string),
  };
  return { read: { alert, cost: costOf(compiled.query, alert.every) } };
}

/** What an alert costs a month as it stands (a query the catalog no longer takes: nothing, it does not run). */
export function costOfAlert(alert: StoredAlert, now: number): AlertCost {
  const compiled = compileQuery(alert.query, alert.language, new Date(now));
  if ("refused" in compiled) return { runsPerMonth: 0, callsPerRun: 0, paidRunsPerMonth: 0, callsPerMonth: 0 };
  return costOf(compiled.query, alert.every);
}

/**
 * Refuses an alert whose calls a month, with the member's other alerts (muted ones cost nothing), would pass the
 * member's monthly budget, or alone the plan's.
 */
export function budgetRefusal(
  read: ReadAlert,
  member: Member,
  others: readonly StoredAlert[],
  keys: readonly PacedKey[],
  now: number,
  locale: Locale,
): Refusal | undefined {
  const say = t.in(locale);
  const calls = read.alert.muted ? 0 : read.cost.callsPerMonth;
  const budgets = keys.map((k) => k.monthlyBudget);
  if (budgets.every((b) => b !== null)) {
    const plan = budgets.reduce((sum, b) => sum! + b!, 0)!;
    if (calls > plan)
      return {
        problem: "over-budget",
        message: say("error.overPlan", { calls, budget: plan }),
        detail: { cost: read.cost },
      };
  }
  if (member.monthlyBudget === null) return undefined;
  const total = calls + others.filter((a) => !a.muted).reduce((sum, a) => sum + costOfAlert(a, now).callsPerMonth, 0);
  if (total <= member.monthlyBudget) return undefined;
  return {
    problem: "over-budget",
    message: say("error.overBudget", { calls, total, budget: member.monthlyBudget }),
    detail: { cost: read.cost, total, budget: member.monthlyBudget },
  };
}

/** The distinct addresses a member's alerts mail (lower case). */
const mailedBy = (alerts: readonly StoredAlert[]): Set<string> =>
  new Set(alerts.flatMap((a) => a.destinations.filter((d) => d.format === "email").map((d) => d.url.toLowerCase())));

/**
 * Refuses an alert with which the member's alerts would mail more distinct addresses than a member may mail a day
 * (MAD_ALERTS_MAIL_RECIPIENTS_PER_DAY): at save, before the daily count at send would hold most of them back.
 */
export function mailRecipientsRefusal(
  alert: StoredAlert,
  others: readonly StoredAlert[],
  max: number,
  locale: Locale,
): Refusal | undefined {
  const count = mailedBy([alert, ...others]).size;
  if (count <= max || mailedBy([alert]).size === 0) return undefined;
  return { problem: "deliver", message: t.in(locale)("error.mailRecipients", { count, max }) };
}
