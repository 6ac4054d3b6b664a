/**
 * Secret scrubbing for errors: the secret replaced wherever outside text (a service message echoing the header, a
 * fetch implementation's error text) could have carried it into an error.
 */
import type { MadError } from "./errors";

const MASK = "[secret]";

function scrub(text: string, secret: string): string {
  return text.split(secret).join(MASK);
}

/**
 * Replaces the secret wherever outside text could have carried it into an error (a service message echoing the
 * header, a fetch implementation's error text) and drops causes that still mention it. Mutates and returns `error`.
 */
export function redactSecret<E extends MadError>(error: E, secret: string): E {
  if (!secret) return error;
  const fields = ["message", "stack", "serviceMessage", "advice"] as const;
  for (const key of fields) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === "string" && value.includes(secret)) {
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
    if (causeText.includes(secret)) {
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
