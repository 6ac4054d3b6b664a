/**
 * Alerts' settings and their start on a team relay: the SMTP server for e-mail, the relay's public address (for the
 * link back in every message), and the local-testing switch that lets webhooks reach private addresses.
 *
 * Environment: MAD_SMTP_URL (`smtp://host:port`, STARTTLS when offered; `smtps://user:password@host`),
 * MAD_SMTP_FROM (the sender, default `MAD alerts <alerts@HOST>` with the public address's host, else localhost),
 * MAD_PUBLIC_URL (`https://relay.example.com`: links back to the alert), MAD_ALERTS_ALLOW_PRIVATE=1 (webhooks to
 * loopback and private addresses and over http:, for local testing only; the server says so at start).
 */
import type { Clock } from "../../../api/clock";
import type { SharedCaller } from "../shared-call";
import type { PacedKey, TeamStore } from "../team-store";
import { systemResolver, type Resolver } from "./address-guard";
import { createMailer, describeSmtp } from "./mail";
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
}

export const WEBHOOK_TIMEOUT_MS = 15_000;

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
  };
}

/** What `npm run serve -- --team` logs of the alerts' settings (never the SMTP URL's credentials). */
export function describeAlerts(settings: AlertSettings): Record<string, unknown> {
  return {
    email: settings.smtpUrl ? describeSmtp(settings.smtpUrl) : false,
    publicUrl: settings.publicUrl ?? false,
    allowPrivate: settings.allowPrivate === true,
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

/** The alerts of a team relay: their routes and the runner that runs and delivers them. */
export function createAlerts(options: AlertsOptions) {
  const { settings } = options;
  const resolve = settings.resolve ?? systemResolver;
  const allowPrivate = settings.allowPrivate === true;
  const mailer = settings.smtpUrl ? createMailer(withTimeouts(settings.smtpUrl), senderOf(settings)) : undefined;
  const runner = new AlertRunner({
    store: options.store,
    clock: options.clock,
    shared: options.shared,
    log: options.log,
    tickMs: options.tickMs,
    deliver: {
      resolve,
      allowPrivate,
      ...(mailer ? { mailer } : {}),
      ...(settings.publicUrl ? { publicUrl: settings.publicUrl } : {}),
      timeoutMs: settings.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    },
  });
  const routes = alertRoutes({
    store: options.store,
    clock: options.clock,
    keys: options.keys,
    rules: { allowPrivate, resolve, smtp: mailer !== undefined },
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
