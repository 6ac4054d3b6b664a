/**
 * Secret scrubbing for errors: the secret replaced wherever outside text (a service message echoing the header, a
 * fetch implementation's error text) could have carried it into an error, in any spelling (`secretCopies`: case,
 * base64, hex, percent-encoding).
 */
import type { MadError } from "./errors";

const MASK = "[secret]";
/** Copies shorter than this would mask ordinary words. */
const MIN_COPY_LENGTH = 6;

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const base64Of = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
const hexOf = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * The secret's base64 wherever it sits in a longer base64 text (`user:secret`, AUTH PLAIN's `\0user\0secret`): its
 * three alignments, each cut to the characters the secret alone decides.
 */
function base64Copies(bytes: Uint8Array): string[] {
  const copies: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const padded = new Uint8Array(shift + bytes.length);
    padded.set(bytes, shift);
    const encoded = base64Of(padded);
    const copy = encoded.slice(Math.ceil((shift * 8) / 6), Math.floor(((shift + bytes.length) * 8) / 6));
    copies.push(copy, copy.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return copies;
}

/**
 * Every spelling of a secret a service, a library or a log might carry, all matched without regard to case (upper
 * or lower case copies, hex in either case): as it is, base64 (standard and URL-safe, in any alignment), hex, and
 * percent-encoded byte by byte. The relay's scrubbing (src/server/scrub.ts) masks the same.
 */
export function secretCopies(secret: string): string[] {
  const bytes = utf8(secret);
  const copies = [
    secret,
    ...base64Copies(bytes),
    hexOf(bytes),
    Array.from(bytes, (b) => `%${hexOf(Uint8Array.of(b))}`).join(""),
  ];
  // The secret itself always; its encodings when long enough not to mask ordinary words.
  return [...new Set([secret, ...copies.filter((c) => c.length >= MIN_COPY_LENGTH)])].sort(
    (a, b) => b.length - a.length,
  );
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A pattern matching any copy of any of the secrets (case aside), longest first; undefined for none. */
export function copiesPattern(secrets: readonly string[]): RegExp | undefined {
  const copies = [...new Set(secrets.flatMap(secretCopies))].sort((a, b) => b.length - a.length);
  return copies.length ? new RegExp(copies.map(escaped).join("|"), "gi") : undefined;
}

/** Whether `text` holds a copy of the secret: lower case compared, so no regular expression runs on a clean text. */
export function holdsCopy(text: string, copies: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return copies.some((copy) => lower.includes(copy.toLowerCase()));
}

function scrub(text: string, secret: string): string {
  return text.replace(copiesPattern([secret])!, MASK);
}

/**
 * Replaces the secret wherever outside text could have carried it into an error (a service message echoing the
 * header, a fetch implementation's error text) and drops causes that still mention it. Mutates and returns `error`.
 */
export function redactSecret<E extends MadError>(error: E, secret: string): E {
  if (!secret) return error;
  const copies = secretCopies(secret);
  const fields = ["message", "stack", "serviceMessage", "advice"] as const;
  for (const key of fields) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === "string" && holdsCopy(value, copies)) {
      Object.defineProperty(error, key, {
        value: scrub(value, secret),
        writable: true,
        configurable: true,
        enumerable: key === "serviceMessage",
      });
    }
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined) {
    const asError = cause as { message?: unknown; stack?: unknown } | null;
    const message =
      typeof asError === "object" && asError !== null && typeof asError.message === "string"
        ? asError.message
        : undefined;
    const causeText =
      message !== undefined ? `${message}\n${String(asError?.stack ?? "")}\n${safeString(cause)}` : safeString(cause);
    if (holdsCopy(causeText, copies)) {
      const clean = new Error(scrub(message ?? causeText, secret));
      Object.defineProperty(error, "cause", { value: clean, writable: true, configurable: true, enumerable: false });
    }
  }
  return error;
}

function safeString(value: unknown): string {
  try {
    return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}
