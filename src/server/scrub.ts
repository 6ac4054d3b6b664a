/**
 * Secrets scrubbed from whatever the relay passes on or keeps: the plan's keys (team mode) and the caller's own
 * secret (own-secret mode). The service may echo a key ("bad request for key …", or inside an OK body); a member must
 * never read the plan's key, and a cached answer must not carry it to the next member. Texts are JSON: strings
 * (values and names) are scrubbed after parsing, so an echo written with `\u` escapes is found too, and the result
 * stays valid JSON. A text without a secret or an escape in it is returned as it came, byte for byte.
 */

import { copiesPattern, holdsCopy, secretCopies } from "../api/redact";

const MASK = "[redacted]";
/** Shorter "secrets" (a caller can send anything as its header) would mangle ordinary words. */
const MIN_SECRET_LENGTH = 8;

/** Masks every secret in a parsed value's strings and names; `found` hears of each change. Nesting is bounded before. */
function scrubValue(value: unknown, pattern: RegExp, found: () => void): unknown {
  const string = (text: string) => {
    const scrubbed = text.replace(pattern, MASK);
    if (scrubbed !== text) found();
    return scrubbed;
  };
  if (typeof value === "string") return string(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, pattern, found));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [string(name), scrubValue(item, pattern, found)]),
    );
  return value;
}

/**
 * `text` (JSON, or any text) with every secret masked, in every spelling (src/api/redact.ts's `secretCopies`:
 * upper or lower case, base64, hex, percent-encoded).
 */
export function scrubSecrets(text: string, candidates: readonly (string | undefined)[]): string {
  const secrets = candidates.filter((s): s is string => s !== undefined && s.length >= MIN_SECRET_LENGTH);
  if (secrets.length === 0) return text;
  const copies = secrets.flatMap(secretCopies);
  if (!text.includes("\\") && !holdsCopy(text, copies)) return text;
  const pattern = copiesPattern(secrets)!;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text.replace(pattern, MASK);
  }
  let changed = false;
  const scrubbed = scrubValue(parsed, pattern, () => (changed = true));
  // Unchanged values keep the service's own text (its number formats, its escapes).
  return changed ? JSON.stringify(scrubbed) : text;
}

/** A URL's user and password (`redis://:pw@host`, `postgres://user:pw@host`). */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s@]*@/gi;
/** A token or key given by name (`key=…`, `token: …`, a feed's `?key=`), or after `Bearer`. */
const NAMED_SECRET = /\b(key|token|secret|password)(\s*[=:]\s*)[^\s&,;"')\]]+/gi;
const BEARER = /\b(bearer\s+)[^\s,;"')\]]+/gi;

/**
 * An error's words for one log line: its first line, at most 200 characters, with a URL's credentials and any named
 * token, key or password masked (a store's or database's message may quote its connection string); `secrets`, the
 * plan's keys, masked wherever they appear.
 */
export function failureReason(error: unknown, secrets: readonly (string | undefined)[] = []): string {
  const text = error instanceof Error ? error.message : String(error);
  const masked = text
    .replace(URL_CREDENTIALS, `$1${MASK}@`)
    .replace(NAMED_SECRET, `$1$2${MASK}`)
    .replace(BEARER, `$1${MASK}`)
    .split(/\r?\n/)[0];
  return scrubSecrets(masked, secrets).slice(0, 200);
}
