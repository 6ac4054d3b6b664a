/**
 * Alerts' settings and their start on a team relay: the SMTP server for e-mail, the relay's public address (for the
 * link back in every message), and the local-testing switch that lets webhooks reach private addresses.
 *
 * Environment: MAD_SMTP_URL (`smtp://host:port`, STARTTLS when offered; `smtps://user:password@host`),
 * MAD_SMTP_FROM (the sender, default `MAD alerts <alerts@HOST>` with the public address's host, else localhost),
 * MAD_PUBLIC_URL (`https://relay.example.com`: links back to the alert), MAD_ALERTS_ALLOW_PRIVATE=1 (webhooks to
 * loopback and private addresses and over http:, for local testing only; the server says so at start),
 * MAD_ALERTS_MAX_PENDING (a member's deliveries waiting at most, default 200: past it their oldest are dropped),
 * MAD_ALERTS_MAIL_RECIPIENTS_PER_DAY (distinct addresses a member's alerts mail a day, default 100),
 * MAD_ALERTS_MAIL_DOMAINS (`example.com,corp.example`: when set, e-mail only to addresses at these domains).
 */
import { createHash } from "node:crypto";
import type { Clock } from "../../../lib/clock";
import { fromEnv, whole } from "../../whole";
import type { SharedCaller } from "../shared-call";
import type { PacedKey, TeamStore } from "../team-store";
import { systemResolver, type Resolver } from "./address-guard";
import type { MailGate } from "./deliver";
import { HostChecks } from "./host-checks";
import { createMailer, describeSmtp } from "./mail";
import { DEFAULT_MAX_PENDING, DEFAULT_MAX_PENDING_BYTES } from "./model";
import { alertRoutes } from "./routes";
import { AlertRunner } from "./runner";

export interface AlertSettings {
  readonly smtpUrl?: string;
  readonly smtpFrom?: string;
  readonly publicUrl?: string;
  readonly allowPrivate?: boolean;
  /** Name resolution for webhooks' hosts (tests play DNS answers with it). */
  readonly resolve?: Resolver;
  /** The longest one webhook POST may take (default 15 s). */
  readonly webhookTimeoutMs?: number;
  /** A member's deliveries waiting at most (MAD_ALERTS_MAX_PENDING, default 200). */
  readonly maxPending?: number;
  /** Bytes of the firings a member's waiting deliveries refer to, at most (default 4 MB). */
  readonly maxPendingBytes?: number;
  /** Distinct addresses a member's alerts mail a day (MAD_ALERTS_MAIL_RECIPIENTS_PER_DAY, default 100). */
  readonly mailRecipientsPerDay?: number;
  /** MAD_ALERTS_MAIL_DOMAINS, lower case: when set, e-mail goes only to addresses at these domains. */
  readonly mailDomains?: readonly string[];
}

const WEBHOOK_TIMEOUT_MS = 15_000;
const DEFAULT_MAIL_RECIPIENTS_PER_DAY = 100;
const DAY_MS = 86_400_000;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** MAD_ALERTS_MAIL_DOMAINS: domains separated by commas, each a plain domain name (no @, no wildcard). */
function mailDomainsFrom(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const domains = text
    .split(",")
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d !== "");
  const bad = domains.find((d) => !DOMAIN.test(d));
  if (bad !== undefined || domains.length === 0)
    throw new Error(
      `MAD_ALERTS_MAIL_DOMAINS: expected domain names separated by commas, e.g. example.com,corp.example (got "${bad ?? text}")`,
    );
  return domains;
}

export function alertSettingsFromEnv(env: NodeJS.ProcessEnv): AlertSettings {
  const publicUrl = env.MAD_PUBLIC_URL || undefined;
  if (publicUrl && !/^https?:\/\/[^/\s]+/i.test(publicUrl))
    throw new Error("MAD_PUBLIC_URL: expected the relay's public address, e.g. https://relay.example.com");
  const smtpUrl = env.MAD_SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//i.test(smtpUrl))
    throw new Error("MAD_SMTP_URL: expected smtp://host:port or smtps://user:password@host");
  return {
    smtpUrl,
    smtpFrom: env.MAD_SMTP_FROM || undefined,
    publicUrl,
    allowPrivate: env.MAD_ALERTS_ALLOW_PRIVATE === "1",
    maxPending: whole("MAD_ALERTS_MAX_PENDING", fromEnv(env.MAD_ALERTS_MAX_PENDING), 1) ?? DEFAULT_MAX_PENDING,
    mailRecipientsPerDay:
      whole("MAD_ALERTS_MAIL_RECIPIENTS_PER_DAY", fromEnv(env.MAD_ALERTS_MAIL_RECIPIENTS_PER_DAY), 1) ??
      DEFAULT_MAIL_RECIPIENTS_PER_DAY,
    mailDomains: mailDomainsFrom(fromEnv(env.MAD_ALERTS_MAIL_DOMAINS)),
  };
}

/** What `npm run serve -- --team` logs of the alerts' settings (never the SMTP URL's credentials). */
export function describeAlerts(settings: AlertSettings): Record<string, unknown> {
  return {
    email: settings.smtpUrl ? describeSmtp(settings.smtpUrl) : false,
    publicUrl: settings.publicUrl ?? false,
    allowPrivate: settings.allowPrivate === true,
    maxPending: settings.maxPending ?? DEFAULT_MAX_PENDING,
    mailRecipientsPerDay: settings.mailRecipientsPerDay ?? DEFAULT_MAIL_RECIPIENTS_PER_DAY,
    mailDomains: settings.mailDomains ?? false,
  };
}

export const ALLOW_PRIVATE_WARNING =
  "MAD_ALERTS_ALLOW_PRIVATE=1: alerts may post to loopback and private addresses and over http: (no address check): for local testing only, never on a relay others use";

/** The default sender: alerts@ the public address's host. */
function senderOf(settings: AlertSettings): string {
  if (settings.smtpFrom) return settings.smtpFrom;
  const host = settings.publicUrl ? new URL(settings.publicUrl).hostname : "localhost";
  return `MAD alerts <alerts@${host}>`;
}

/** The SMTP URL with bounded waits (nodemailer reads them from the URL's query), unless the URL sets its own. */
function withTimeouts(url: string): string {
  const parsed = new URL(url);
  for (const [name, ms] of [
    ["connectionTimeout", 15_000],
    ["greetingTimeout", 15_000],
    ["socketTimeout", 60_000],
  ] as const)
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, String(ms));
  return parsed.href;
}

export interface AlertsOptions {
  store: TeamStore;
  keys: readonly PacedKey[];
  clock: Clock;
  shared: SharedCaller;
  log: (event: Record<string, unknown>) => void;
  settings: AlertSettings;
  tickMs?: number;
}

/**
 * The daily bound on a member's distinct recipients, counted in the store (every replica's sends together): an
 * address past it waits for the next day (UTC). Addresses are counted by a hash, not kept again.
 */
function mailGateOf(store: TeamStore, clock: Clock, perDay: number): MailGate {
  return async (member, address) => {
    const now = clock.now();
    const day = new Date(now).toISOString().slice(0, 10);
    const recipient = createHash("sha256").update(address.toLowerCase()).digest("hex").slice(0, 32);
    if (await store.mailRecipient(member, day, recipient, perDay)) return { ok: true };
    return {
      ok: false,
      error: `the member's ${perDay} distinct recipients a day are reached (MAD_ALERTS_MAIL_RECIPIENTS_PER_DAY): tried again tomorrow`,
      retryAfterMs: Math.ceil((now + 1) / DAY_MS) * DAY_MS - now,
    };
  };
}

/** The alerts of a team relay: their routes and the runner that runs and delivers them. */
export function createAlerts(options: AlertsOptions) {
  const { settings, store, clock } = options;
  const hosts = new HostChecks({
    resolve: settings.resolve ?? systemResolver,
    allowPrivate: settings.allowPrivate === true,
    clock,
  });
  const mailer = settings.smtpUrl ? createMailer(withTimeouts(settings.smtpUrl), senderOf(settings)) : undefined;
  const mailRecipientsPerDay = settings.mailRecipientsPerDay ?? DEFAULT_MAIL_RECIPIENTS_PER_DAY;
  const runner = new AlertRunner({
    store,
    clock,
    shared: options.shared,
    log: options.log,
    tickMs: options.tickMs,
    limits: {
      maxPending: settings.maxPending ?? DEFAULT_MAX_PENDING,
      maxBytes: settings.maxPendingBytes ?? DEFAULT_MAX_PENDING_BYTES,
    },
    deliver: {
      hosts,
      ...(mailer ? { mailer, mailGate: mailGateOf(store, clock, mailRecipientsPerDay) } : {}),
      ...(settings.publicUrl ? { publicUrl: settings.publicUrl } : {}),
      timeoutMs: settings.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    },
  });
  const routes = alertRoutes({
    store,
    clock,
    keys: options.keys,
    rules: {
      hosts,
      smtp: mailer !== undefined,
      ...(settings.mailDomains?.length ? { mailDomains: settings.mailDomains.map((d) => d.toLowerCase()) } : {}),
    },
    mailRecipientsPerDay,
  });
  return {
    routes,
    runner,
    async close() {
      await runner.stop();
      mailer?.close();
    },
  };
}
