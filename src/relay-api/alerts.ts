/**
 * Alerts on a team relay (issue 30): what a member sends (`PUT /v1/alerts/{id}`) and what the relay answers, one
 * shape for the relay and for the task pane that builds alerts from a formula. The relay checks everything (the
 * query by the function's own argument rules, `when` by ./alert-condition.ts, destinations against private
 * addresses); these are the limits and names both sides share.
 */
import { MEMBER_ROUTE_PROBLEMS } from "./refusals";

/** Alerts one member may keep. */
export const MAX_ALERTS_PER_MEMBER = 50;
/** Destinations one alert may deliver to. */
export const MAX_DESTINATIONS = 20;
export const MAX_ALERT_NAME = 100;
export const ALERT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** How often an alert runs, and each period in ms. */
export const ALERT_PERIODS = { hourly: 3_600_000, daily: 86_400_000, weekly: 7 * 86_400_000 } as const;
export type AlertEvery = keyof typeof ALERT_PERIODS;
export const isAlertEvery = (value: unknown): value is AlertEvery =>
  typeof value === "string" && Object.hasOwn(ALERT_PERIODS, value);

/** The message formats of the receivers the relay knows, chosen by the webhook's host (or `format`). */
export const RECEIVER_FORMATS = ["wecom", "dingtalk", "feishu", "slack", "teams", "json", "email"] as const;
export type ReceiverFormat = (typeof RECEIVER_FORMATS)[number];

/** Receivers that sign with a secret (DingTalk's and Feishu's "加签" / signature check). */
export const SIGNING_FORMATS: ReadonlySet<ReceiverFormat> = new Set(["dingtalk", "feishu"]);

/** The receiver a webhook's host names (the hosts each vendor's docs give for its incoming webhooks). */
export function receiverFormatOf(url: URL): ReceiverFormat {
  const host = url.hostname.toLowerCase();
  if (host === "qyapi.weixin.qq.com" && url.pathname.startsWith("/cgi-bin/webhook/")) return "wecom";
  if (host === "oapi.dingtalk.com" && url.pathname.startsWith("/robot/")) return "dingtalk";
  if ((host === "open.feishu.cn" || host === "open.larksuite.com") && url.pathname.startsWith("/open-apis/bot/"))
    return "feishu";
  if (host === "hooks.slack.com") return "slack";
  // Power Automate's "When a Teams webhook request is received" gives URLs on these hosts.
  if (host.endsWith(".logic.azure.com") || host.endsWith(".powerplatform.com") || host.endsWith(".powerautomate.com"))
    return "teams";
  return "json";
}

/** A destination as a member writes it: a URL (`https://…`, `mailto:…`) or an object with its options. */
export type DestinationInput =
  | string
  | {
      readonly url?: string;
      /** The receiver's format when its host does not say (a proxy in front of a robot); default: by host. */
      readonly format?: ReceiverFormat;
      /** A DingTalk robot's or a Feishu bot's signing secret (`SEC…`): kept, never shown back. */
      readonly secret?: string;
      /** Keeps a saved destination (its id from a listing) without sending its URL and secret again. */
      readonly keep?: string;
    };

/** What a member sends. */
export interface AlertRequest {
  readonly name: string;
  /** A MAD formula with values for arguments: `=MAD.PRODUCTDETAILS("US","B07Z82895W")`. */
  readonly query: string;
  /** ./alert-condition.ts */
  readonly when: string;
  readonly every?: AlertEvery;
  readonly digest?: boolean;
  readonly deliver: readonly DestinationInput[];
  readonly language?: "en" | "zh-CN";
  readonly muted?: boolean;
  /**
   * The member's time zone (IANA, `Asia/Shanghai`), which the messages' times are worded in; times are kept as UTC
   * instants. Absent: UTC. The pane sends its own.
   */
  readonly timeZone?: string;
}

/** A destination as the relay shows it back: never its secret, its URL only in part. */
export interface DestinationShown {
  readonly id: string;
  readonly format: ReceiverFormat;
  /** `https://qyapi.weixin.qq.com/…4f2a`, `a…@example.com`. */
  readonly shown: string;
  readonly signed: boolean;
}

/** What an alert costs a month: runs × calls a run, and how many of those the shared cache leaves to pay. */
export interface AlertCost {
  readonly runsPerMonth: number;
  /** Pages the query reads: the calls of a run whose data is not in the team's cache. */
  readonly callsPerRun: number;
  /** At most this many runs a month find new data (once per data period of the operation): the others cost nothing. */
  readonly paidRunsPerMonth: number;
  readonly callsPerMonth: number;
}

export interface AlertRun {
  readonly at: number;
  readonly calls: number;
  readonly cacheHits: number;
  readonly rows: number;
  /** Rows for which the alert fired (or, for a digest, rows listed). */
  readonly fired: number;
  /** Why it stopped or what failed, in the alert's language. */
  readonly note?: string;
}

/** An alert as the relay shows it to its member (and to admins). */
export interface AlertView {
  readonly id: string;
  readonly member: string;
  readonly name: string;
  readonly query: string;
  readonly when: string;
  readonly every: AlertEvery;
  readonly digest: boolean;
  readonly language: "en" | "zh-CN";
  readonly muted: boolean;
  /** The time zone its messages' times are worded in (absent: UTC). */
  readonly timeZone?: string;
  readonly deliver: readonly DestinationShown[];
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly nextRunAt: number;
  readonly lastRun?: AlertRun;
  readonly lastFiredAt?: number;
  /** Deliveries waiting in the outbox (being retried). */
  readonly pending: number;
  /**
   * Deliveries of this alert dropped unsent because its member's outbox was full (MAD_ALERTS_MAX_PENDING waiting
   * at most: the oldest go first). Absent from relays older than it.
   */
  readonly dropped?: number;
  readonly cost: AlertCost;
}

/**
 * The stable names of what the relay refuses (`data.problem` of a 4xx answer, beside `message` in the requester's
 * language, ./refusals.ts): a face may word them itself.
 */
export const ALERT_PROBLEMS = [
  ...MEMBER_ROUTE_PROBLEMS,
  "name",
  "query",
  "query-arguments",
  "when-syntax",
  "when-field",
  "when-not-number",
  "every",
  "digest",
  "language",
  "muted",
  "time-zone",
  "deliver",
  "destination",
  "destination-refused",
  "keep",
  "too-many-alerts",
  "over-budget",
] as const;
export type AlertProblem = (typeof ALERT_PROBLEMS)[number];
