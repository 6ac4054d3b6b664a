/**
 * What a client is made with: its options and their defaults, and the checks of the two that come from a person
 * (the service's address and the secret) before anything is sent.
 */
import { t } from "../i18n/cells";
import type { Clock } from "../lib/clock";
import { ValidationError } from "./errors";
import { DEFAULT_BACKOFF, type BackoffOptions, type ClientHooks } from "./retry";

export interface AttemptInfo {
  operation: string;
  path: string;
  requestId: string;
  /** 1 for the first request of a call, 2 for its first retry, ... */
  attempt: number;
}

export interface ClientOptions {
  /** e.g. "https://api.sellersprite.com" or "http://127.0.0.1:8787"; a trailing slash or /v1 is tolerated. */
  baseUrl: string;
  secret: string;
  fetch?: typeof fetch;
  /** Retries after the first attempt (default 2, so at most 3 requests). */
  retries?: number;
  attemptTimeoutMs?: number;
  /** Covers every attempt and the waits between them. */
  totalTimeoutMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
  /** Every time budget, backoff wait and timer, and the date rules (months not in the future, 24 months back). */
  clock?: Clock;
  /** `beforeRetry`: called before each retry, after its wait; returning STOP_RETRY ends the call with the failure. */
  hooks?: ClientHooks;
  newRequestId?: () => string;
  /** Metering hooks: once per HTTP request actually sent; once per request the service answered (any status). */
  onAttempt?: (info: AttemptInfo) => void;
  onAnswer?: (info: AttemptInfo & { status: number }) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export const CLIENT_DEFAULTS = {
  retries: 2,
  attemptTimeoutMs: 20_000,
  totalTimeoutMs: 45_000,
  backoff: DEFAULT_BACKOFF,
} as const;

export function defaultRequestId(): string {
  const crypto = globalThis.crypto;
  if (crypto && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Pages served over plain http have no randomUUID; the id only needs to be unique, not secret.
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}-${Math.random().toString(16).slice(2)}`;
}

export function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = String(baseUrl ?? "")
    .trim()
    .replace(/\/+$/, "")
    .replace(/\/v1$/, "");
  if (!/^https?:\/\/[^/\s]+/i.test(trimmed)) {
    throw new ValidationError(
      "baseUrl",
      "type",
      t("v.baseUrlGot", { example: "https://api.sellersprite.com", got: `"${trimmed}"` }),
    );
  }
  return trimmed;
}

/** Throws when the secret cannot be sent: none set, or characters a header cannot carry. */
export function checkSecret(secret: string): void {
  if (!secret) throw new ValidationError("secret", "required", t("v.noSecret"));
  // A header cannot carry control or non-Latin-1 characters; fetch would fail with a message quoting the value.
  if (!/^[\x21-\x7e]+$/.test(secret)) {
    throw new ValidationError("secret", "type", t("v.secretCharacters"));
  }
}
