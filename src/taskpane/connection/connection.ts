/**
 * "Test connection" outcomes in plain words, and the base URLs the connection panel offers. The words name what
 * happened and what to do; the secret itself never appears in them.
 */
import { t, type MessageId } from "../../i18n";

export const PRODUCTION_URL = "https://api.sellersprite.com";
/** Where `npm start` runs the simulator when the pane is not served by it. */
export const SIMULATOR_URL = "http://127.0.0.1:8787";

export type ConnectionStatus =
  "ok" | "wrongSecret" | "expiredSecret" | "quotaReached" | "unreachable" | "noSecret" | "failed";

export interface ConnectionReport {
  readonly status: ConnectionStatus;
  readonly title: string;
  readonly detail: string;
}

interface ErrorLike {
  readonly kind?: string;
  readonly message?: string;
  readonly advice?: string;
}

const STATUS_OF_KIND: Readonly<Record<string, ConnectionStatus>> = {
  secretKey: "wrongSecret",
  secretKeyInvalid: "wrongSecret",
  secretKeyOverdue: "expiredSecret",
  visitMax: "quotaReached",
  network: "unreachable",
  timeout: "unreachable",
  http: "unreachable",
  urlNotFound: "unreachable",
  malformed: "unreachable",
  missingSecret: "noSecret",
};

const TITLES: Readonly<Record<ConnectionStatus, MessageId>> = {
  ok: "connection.status.ok",
  wrongSecret: "connection.status.wrongSecret",
  expiredSecret: "connection.status.expiredSecret",
  quotaReached: "connection.status.quotaReached",
  unreachable: "connection.status.unreachable",
  noSecret: "connection.status.noSecret",
  failed: "connection.status.failed",
};

export function connectionReport(
  result: { ok: true; remaining: number | null } | { ok: false; error: ErrorLike },
): ConnectionReport {
  if (result.ok) {
    const left =
      result.remaining === null
        ? t("connection.remainingUnknown")
        : t("connection.remaining", { left: result.remaining });
    return { status: "ok", title: t(TITLES.ok), detail: left };
  }
  const status = STATUS_OF_KIND[result.error.kind ?? ""] ?? "failed";
  const detail =
    status === "noSecret" ? t("connection.enterSecret") : (result.error.advice ?? result.error.message ?? "");
  return { status, title: t(TITLES[status]), detail };
}

/** The local simulator's URL: the page's own origin when the page is served by it (the preview), else 8787. */
export function simulatorUrl(pageOrigin: string | undefined, servedBySimulator: boolean): string {
  return servedBySimulator && pageOrigin && /^https?:\/\//.test(pageOrigin) ? pageOrigin : SIMULATOR_URL;
}

export type BaseUrlChoice = "hosted" | "production" | "simulator" | "custom";

/** Which choice a stored base URL corresponds to; `hosted` is the relay of the host serving a hosting build. */
export function baseUrlChoice(baseUrl: string, simulator: string, hosted?: string): BaseUrlChoice {
  const clean = baseUrl.replace(/\/+$/, "");
  if (hosted !== undefined && clean === hosted.replace(/\/+$/, "")) return "hosted";
  if (clean === PRODUCTION_URL) return "production";
  if (clean === simulator.replace(/\/+$/, "")) return "simulator";
  return "custom";
}

/**
 * What the pane shows of a stored secret: only that one is set and its last 4 characters (enough to tell two
 * keys apart). The secret itself is never loaded into an input, so *Show* cannot display it.
 */
export function storedSecretHint(secret: string | null | undefined): string | null {
  const clean = (secret ?? "").trim();
  if (!clean) return null;
  // A short secret keeps even its last characters to itself.
  return clean.length >= 12 ? t("connection.secretSetEnding", { last4: clean.slice(-4) }) : t("connection.secretSet");
}

/**
 * The secret to store from what was typed: a new one replaces the stored one; nothing typed keeps the stored
 * secret (undefined: leave the setting alone), or stays without one (null).
 */
export function secretToSave(typed: string, hasStored: boolean): string | null | undefined {
  const clean = typed.trim();
  if (clean) return clean;
  return hasStored ? undefined : null;
}
